extension StringsFile {
    /// The old-style property-list syntax of `.strings` files (and of `project.pbxproj`), enough of it for tables:
    /// quoted or bare strings, `key = value;` or `key;`, `/* */` and `//` comments. It reads validated UTF-8 bytes
    /// where they lie: every character of the syntax is ASCII, and a string's bytes are decoded once, when it ends
    /// (a table of 200 MB costs its own size, not four times it as an array of scalars did).
    struct Parser {
        let chars: [UInt8]
        let file: String
        var i = 0
        var line = 1

        init(bytes: [UInt8], file: String) {
            self.chars = bytes
            self.file = file
        }

        func fail(_ message: String, line l: Int? = nil) -> ArchiveError {
            ArchiveError(file: file, place: "line \(l ?? line)", message: message)
        }

        /// Whether the byte at `i` is the ASCII character `c`.
        func at(_ c: Unicode.Scalar) -> Bool { i < chars.count && chars[i] == UInt8(c.value) }

        /// The character starting at `at`, for a message.
        func character(_ at: Int) -> String {
            var end = at + 1
            while end < chars.count, end - at < 4, chars[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: chars[at..<end], as: UTF8.self)
        }

        mutating func skipSpaceAndComments() throws {
            while i < chars.count {
                let c = chars[i]
                if c == 0x0A {
                    line += 1; i += 1
                } else if c == 0x20 || c == 0x09 || c == 0x0D {
                    i += 1
                } else if c == 0xEF, i + 2 < chars.count, chars[i + 1] == 0xBB, chars[i + 2] == 0xBF {
                    i += 3  // a byte order mark inside the text
                } else if c == 0x2F, i + 1 < chars.count, chars[i + 1] == 0x2A {
                    let start = line
                    i += 2
                    while i < chars.count, !(chars[i] == 0x2A && i + 1 < chars.count && chars[i + 1] == 0x2F) {
                        if chars[i] == 0x0A { line += 1 }
                        i += 1
                    }
                    guard i < chars.count else { throw fail("a /* comment is never closed", line: start) }
                    i += 2
                } else if c == 0x2F, i + 1 < chars.count, chars[i + 1] == 0x2F {
                    while i < chars.count, chars[i] != 0x0A { i += 1 }
                } else {
                    return
                }
            }
        }

        /// A byte of a bare word: ASCII letters, digits and `_.$:/-`, or any byte of a character beyond ASCII.
        static func isBare(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c >= 0x80 || "_.$:/-".utf8.contains(c)
        }

        static func hex(_ c: UInt8) -> UInt32? {
            switch c {
            case 0x30...0x39: return UInt32(c - 0x30)
            case 0x41...0x46: return UInt32(c - 0x41 + 10)
            case 0x61...0x66: return UInt32(c - 0x61 + 10)
            default: return nil
            }
        }

        mutating func string(after key: String?) throws -> String {
            guard i < chars.count else {
                throw fail("the file ends where a string was due" + (key.map { " (the value of \"\($0.prefix(60))\")" } ?? ""))
            }
            if chars[i] != 0x22 {
                let start = i
                while i < chars.count, Parser.isBare(chars[i]) { i += 1 }
                guard i > start else {
                    throw fail("expected a string, found '\(character(i))'" + (key.map { " after \"\($0.prefix(60))\"" } ?? ""))
                }
                return String(decoding: chars[start..<i], as: UTF8.self)
            }
            let startLine = line
            let start = i
            i += 1
            var out: [UInt8] = []
            func append(_ v: UInt32) { out += Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8) }
            while i < chars.count, chars[i] != 0x22 {
                // A run up to the next quote or backslash is taken whole: most strings have no escape at all.
                let run = i
                while i < chars.count, chars[i] != 0x22, chars[i] != 0x5C {
                    if chars[i] == 0x0A { line += 1 }
                    i += 1
                }
                if run == start + 1, i < chars.count, chars[i] == 0x22 {
                    i += 1
                    return String(decoding: chars[run..<(i - 1)], as: UTF8.self)
                }
                out += chars[run..<i]
                guard i < chars.count, chars[i] == 0x5C else { continue }
                i += 1
                guard i < chars.count else { break }
                let e = chars[i]
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "a"): out.append(0x07)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "v"): out.append(0x0B)
                case 0x30...0x37:
                    var v: UInt32 = 0, n = 0
                    while n < 3, i < chars.count, (0x30...0x37).contains(chars[i]) { v = v * 8 + UInt32(chars[i] - 0x30); i += 1; n += 1 }
                    i -= 1
                    append(v)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var v: UInt32 = 0
                    for _ in 0..<4 {
                        i += 1
                        guard i < chars.count, let d = Parser.hex(chars[i]) else {
                            throw fail(
                                "bad escape \\\(Character(Unicode.Scalar(e))) in " + (key.map { "the value of \"\($0.prefix(60))\"" } ?? "a key")
                                    + ": four hex digits expected")
                        }
                        v = v * 16 + d
                    }
                    // A character outside the BMP is written as a surrogate pair: \UD83D\UDE00.
                    if (0xD800..<0xDC00).contains(v), i + 6 < chars.count, chars[i + 1] == 0x5C, chars[i + 2] | 0x20 == UInt8(ascii: "u") {
                        var low: UInt32 = 0, ok = true
                        for k in (i + 3)...(i + 6) { if let d = Parser.hex(chars[k]) { low = low * 16 + d } else { ok = false } }
                        if ok, (0xDC00..<0xE000).contains(low) {
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        }
                    }
                    append(v)
                default:
                    // Foundation's reader takes any other escaped character as itself (`\H` is `H`, a backslash
                    // before a line break keeps the break): Xcode builds such tables, so they are read alike. A
                    // character beyond ASCII goes on byte by byte.
                    if e == 0x0A { line += 1 }
                    out.append(e)
                }
                i += 1
            }
            guard i < chars.count else {
                throw fail("a string is never closed" + (key.map { " (the value of \"\($0.prefix(60))\")" } ?? ""), line: startLine)
            }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }

        /// The next `key = value;` (a lone `key;` is its own value), or nil at the end.
        mutating func nextEntry() throws -> (String, String, Int)? {
            try skipSpaceAndComments()
            guard i < chars.count else { return nil }
            let entryLine = line
            let key = try string(after: nil)
            try skipSpaceAndComments()
            var value = key
            if at("=") {
                i += 1
                try skipSpaceAndComments()
                value = try string(after: key)
                try skipSpaceAndComments()
            }
            guard at(";") else { throw fail("expected ; after the entry \"\(key.prefix(60))\"", line: entryLine) }
            i += 1
            return (key, value, entryLine)
        }
    }
}

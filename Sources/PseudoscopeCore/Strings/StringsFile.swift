import Foundation

/// One localized string as a table holds it: its key, table and language, its text (several for a plural rule or
/// a device variation), and, from a String Catalog, its state.
public struct LocalizedString: Equatable, Sendable {
    public var key: String
    /// `Localizable`, `Main`: the table's name.
    public var table: String
    public var language: String
    public var texts: [String]
    /// A catalog's `stringUnit.state` (`translated`, `needs_review`, `new`, `stale`); nil for `.strings` files.
    public var state: String?
    /// False for a catalog key marked `shouldTranslate: false` (a brand name): the same in every language.
    public var translatable: Bool
    /// Where it was read: `es.lproj/Localizable.strings:12`.
    public var place: String

    public init(key: String, table: String, language: String, texts: [String], state: String? = nil, translatable: Bool = true, place: String) {
        self.key = key
        self.table = table
        self.language = language
        self.texts = texts
        self.state = state
        self.translatable = translatable
        self.place = place
    }

    /// Translated: a `.strings` value always is; a catalog's only in the `translated` state.
    public var isTranslated: Bool { state == nil || state == "translated" }
}

/// Reads `.strings` tables: the old-style property-list text Xcode writes (`"key" = "value";`, comments,
/// escapes), in UTF-8 or UTF-16, or a property list: the binary one a built app carries, or XML.
public enum StringsFile {
    public struct Warning: Equatable, Sendable {
        public var file: String
        public var line: Int
        public var message: String
    }

    /// The entries in order, and warnings (a key defined twice: the later value wins, as in the app).
    public static func parse(_ bytes: [UInt8], file: String, table: String, language: String) throws -> (
        entries: [LocalizedString], warnings: [Warning]
    ) {
        // A built app's tables are binary property lists; a project's may be XML ones (tools such as GlotPress
        // export them so, and Xcode compiles them alike).
        if PropertyList.isXMLOrBinary(bytes) {
            let kind = bytes.starts(with: Array("bplist00".utf8)) ? "a binary" : "an XML"
            let node: PlistNode
            do { node = try PlistNode.read(bytes) } catch let f as PlistNode.Failure {
                throw ArchiveError(file: file, message: "is \(kind) property list but not a table of strings: \(f.message)")
            }
            guard case .dictionary = node else { throw ArchiveError(file: file, message: "is \(kind) property list but not a table of strings") }
            let dict = node.strings
            return (dict.keys.sorted().map { k in LocalizedString(key: k, table: table, language: language, texts: [dict[k]!], place: file) }, [])
        }
        let text = try decodeText(bytes, file: file)
        var p = Parser(chars: Array(text.unicodeScalars), file: file)
        var entries: [LocalizedString] = []
        var warnings: [Warning] = []
        var seen: [String: (line: Int, index: Int)] = [:]
        while let (key, value, line) = try p.nextEntry() {
            if let first = seen[key] {
                warnings.append(
                    Warning(
                        file: file, line: line,
                        message: "key \"\(key.prefix(60))\" is defined again (first at line \(first.line)): the value of line \(line) wins"))
                entries[first.index].texts = [value]
                entries[first.index].place = "\(file):\(line)"
                continue
            }
            seen[key] = (line, entries.count)
            entries.append(LocalizedString(key: key, table: table, language: language, texts: [value], place: "\(file):\(line)"))
        }
        return (entries, warnings)
    }

    /// UTF-16 with or without a byte order mark (Xcode wrote it for years), else UTF-8, validated.
    static func decodeText(_ bytes: [UInt8], file: String) throws -> String {
        var encoding: String.Encoding?
        var body = bytes[...]
        if bytes.starts(with: [0xFF, 0xFE]) {
            encoding = .utf16LittleEndian; body = bytes.dropFirst(2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16BigEndian; body = bytes.dropFirst(2)
        } else if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 {
            encoding = .utf16LittleEndian
        } else if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 {
            encoding = .utf16BigEndian
        }
        if let e = encoding {
            guard body.count % 2 == 0, let s = String(data: Data(body), encoding: e) else {
                throw ArchiveError(file: file, message: "is not valid UTF-16 (it starts like UTF-16, but its bytes do not decode)")
            }
            return s
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { body = bytes.dropFirst(3) }
        guard let s = String(validating: body, as: UTF8.self) else {
            // Where the first invalid byte is, as a line.
            var it = body.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var offset = 0
            scan: while true {
                switch parser.parseScalar(from: &it) {
                case .valid(let scalar): offset += scalar.count
                case .error, .emptyInput: break scan
                }
            }
            let line = body.prefix(offset).filter { $0 == 0x0A }.count + 1
            throw ArchiveError(file: file, place: "line \(line)", message: "is not valid UTF-8 (nor UTF-16)")
        }
        return s
    }

    /// The old-style property-list syntax of `.strings` files, enough of it for tables: quoted or bare strings,
    /// `key = value;` or `key;`, `/* */` and `//` comments.
    struct Parser {
        let chars: [Unicode.Scalar]
        let file: String
        var i = 0
        var line = 1

        init(chars: [Unicode.Scalar], file: String) {
            self.chars = chars
            self.file = file
        }

        func fail(_ message: String, line l: Int? = nil) -> ArchiveError {
            ArchiveError(file: file, place: "line \(l ?? line)", message: message)
        }

        mutating func skipSpaceAndComments() throws {
            while i < chars.count {
                let c = chars[i]
                if c == "\n" {
                    line += 1; i += 1
                } else if c == " " || c == "\t" || c == "\r" || c == "\u{FEFF}" {
                    i += 1
                } else if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                    let start = line
                    i += 2
                    while i < chars.count, !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                        if chars[i] == "\n" { line += 1 }
                        i += 1
                    }
                    guard i < chars.count else { throw fail("a /* comment is never closed", line: start) }
                    i += 2
                } else if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                } else {
                    return
                }
            }
        }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.$:/-".unicodeScalars.contains(c)
        }

        mutating func string(after key: String?) throws -> String {
            guard i < chars.count else {
                throw fail("the file ends where a string was due" + (key.map { " (the value of \"\($0.prefix(60))\")" } ?? ""))
            }
            if chars[i] != "\"" {
                let start = i
                while i < chars.count, Parser.isBare(chars[i]) { i += 1 }
                guard i > start else {
                    throw fail("expected a string, found '\(Character(chars[i]))'" + (key.map { " after \"\($0.prefix(60))\"" } ?? ""))
                }
                return String(String.UnicodeScalarView(chars[start..<i]))
            }
            let startLine = line
            i += 1
            var out = String.UnicodeScalarView()
            while i < chars.count, chars[i] != "\"" {
                let c = chars[i]
                if c == "\n" { line += 1 }
                if c == "\\" {
                    i += 1
                    guard i < chars.count else { break }
                    let e = chars[i]
                    switch e {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "\"", "\\", "'", "/": out.append(e)
                    case "0"..."7":
                        var v: UInt32 = 0, n = 0
                        while n < 3, i < chars.count, ("0"..."7").contains(chars[i]) { v = v * 8 + (chars[i].value - 48); i += 1; n += 1 }
                        i -= 1
                        out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                    case "U", "u":
                        var v: UInt32 = 0
                        for _ in 0..<4 {
                            i += 1
                            guard i < chars.count, let d = Character(chars[i]).hexDigitValue else {
                                throw fail(
                                    "bad escape \\\(e) in " + (key.map { "the value of \"\($0.prefix(60))\"" } ?? "a key")
                                        + ": four hex digits expected")
                            }
                            v = v * 16 + UInt32(d)
                        }
                        // A character outside the BMP is written as a surrogate pair: \UD83D\UDE00.
                        if (0xD800..<0xDC00).contains(v), i + 6 < chars.count, chars[i + 1] == "\\", chars[i + 2] == "U" || chars[i + 2] == "u" {
                            let hex = String(String.UnicodeScalarView(chars[(i + 3)...(i + 6)]))
                            if let low = UInt32(hex, radix: 16), (0xDC00..<0xE000).contains(low) {
                                v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                                i += 6
                            }
                        }
                        out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                    case "a": out.append("\u{07}")
                    case "b": out.append("\u{08}")
                    case "f": out.append("\u{0C}")
                    case "v": out.append("\u{0B}")
                    default:
                        // Foundation's reader takes any other escaped character as itself (`\H` is `H`, a backslash
                        // before a line break keeps the break): Xcode builds such tables, so they are read alike.
                        if e == "\n" { line += 1 }
                        out.append(e)
                    }
                    i += 1
                    continue
                }
                out.append(c)
                i += 1
            }
            guard i < chars.count else {
                throw fail("a string is never closed" + (key.map { " (the value of \"\($0.prefix(60))\")" } ?? ""), line: startLine)
            }
            i += 1
            return String(out)
        }

        /// The next `key = value;` (a lone `key;` is its own value), or nil at the end.
        mutating func nextEntry() throws -> (String, String, Int)? {
            try skipSpaceAndComments()
            guard i < chars.count else { return nil }
            let entryLine = line
            let key = try string(after: nil)
            try skipSpaceAndComments()
            var value = key
            if i < chars.count, chars[i] == "=" {
                i += 1
                try skipSpaceAndComments()
                value = try string(after: key)
                try skipSpaceAndComments()
            }
            guard i < chars.count, chars[i] == ";" else {
                throw fail("expected ; after the entry \"\(key.prefix(60))\"", line: entryLine)
            }
            i += 1
            return (key, value, entryLine)
        }
    }
}

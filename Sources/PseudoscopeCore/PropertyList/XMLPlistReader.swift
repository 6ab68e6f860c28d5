/// Reads the XML form: the prolog (`<?xml …?>`, `<!DOCTYPE …>`, comments), one `<plist>` element holding one
/// value, and nothing after it but white space and comments. Text is decoded of its five named entities, of
/// numeric character references and of CDATA sections; a later key of a dictionary replaces an earlier one, as
/// Foundation's reader does.
struct XMLPlistReader {
    let b: [UInt8]
    var i = 0

    /// Deeper than this is refused: a real `Info.plist` nests three levels.
    static let maxDepth = 256

    init(_ bytes: [UInt8]) { b = bytes }

    mutating func document() -> PlistNode? {
        skipMisc()
        let mark = i
        guard let open = tag(), !open.closing else { return nil }
        // A list without its `<plist>` element is its one value, as Foundation reads it; whatever follows the
        // value (or `</plist>`) is not read, as Foundation does not.
        guard open.name == "plist" else {
            i = mark
            return value(depth: 0)
        }
        guard !open.empty else { return nil }
        skipMisc()
        let value = self.value(depth: 0)
        skipMisc()
        guard let close = tag(), close.closing, close.name == "plist" else { return nil }
        return value
    }

    struct Tag {
        var name: String
        var closing: Bool
        var empty: Bool
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    func starts(_ s: String, at k: Int) -> Bool {
        var j = k
        for c in s.utf8 {
            guard j < b.count, b[j] == c else { return false }
            j += 1
        }
        return true
    }

    /// Moves past `end`, from `i`; false when the text ends first.
    mutating func skip(past end: String) -> Bool {
        while i < b.count {
            if starts(end, at: i) {
                i += end.utf8.count
                return true
            }
            i += 1
        }
        return false
    }

    /// White space, comments, processing instructions and the document type declaration.
    mutating func skipMisc() {
        while true {
            while i < b.count, XMLPlistReader.isSpace(b[i]) { i += 1 }
            if starts("<!--", at: i) {
                i += 4
                if !skip(past: "-->") { return }
            } else if starts("<?", at: i) {
                i += 2
                if !skip(past: "?>") { return }
            } else if starts("<!DOCTYPE", at: i) {
                // Up to its `>`, past an internal subset in brackets.
                var bracket = 0
                while i < b.count {
                    let c = b[i]
                    i += 1
                    if c == UInt8(ascii: "[") {
                        bracket += 1
                    } else if c == UInt8(ascii: "]") {
                        bracket -= 1
                    } else if c == UInt8(ascii: ">"), bracket <= 0 {
                        break
                    }
                }
            } else {
                return
            }
        }
    }

    /// The tag at `i` (`<name …>`, `</name>`, `<name/>`), moving past it; nil when there is none.
    mutating func tag() -> Tag? {
        guard i < b.count, b[i] == UInt8(ascii: "<") else { return nil }
        var k = i + 1
        let closing = k < b.count && b[k] == UInt8(ascii: "/")
        if closing { k += 1 }
        let start = k
        while k < b.count, !XMLPlistReader.isSpace(b[k]), b[k] != UInt8(ascii: ">"), b[k] != UInt8(ascii: "/") { k += 1 }
        guard k > start, let name = String(validUTF8: b[start..<k]) else { return nil }
        // Attributes (`version="1.0"`), quoted values may hold `>`.
        var quote: UInt8?
        while k < b.count {
            let c = b[k]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                break
            }
            k += 1
        }
        guard k < b.count else { return nil }
        let empty = b[k - 1] == UInt8(ascii: "/") && quote == nil
        i = k + 1
        return Tag(name: name, closing: closing, empty: empty && !closing)
    }

    /// The value at `i`: one element, moved past.
    mutating func value(depth: Int) -> PlistNode? {
        guard depth < XMLPlistReader.maxDepth, let open = tag(), !open.closing else { return nil }
        switch open.name {
        case "true", "false":
            if !open.empty {
                guard let close = tag(), close.closing, close.name == open.name else { return nil }
            }
            return .bool(open.name == "true")
        case "dict":
            var out: [String: PlistNode] = [:]
            if open.empty { return .dictionary(out) }
            while true {
                skipMisc()
                guard let t = tag() else { return nil }
                if t.closing { return t.name == "dict" ? .dictionary(out) : nil }
                guard t.name == "key" else { return nil }
                let key: String
                if t.empty {
                    key = ""
                } else {
                    guard let k = text(closing: "key") else { return nil }
                    key = k
                }
                skipMisc()
                guard let v = value(depth: depth + 1) else { return nil }
                out[key] = v
            }
        case "array":
            var out: [PlistNode] = []
            if open.empty { return .array(out) }
            while true {
                skipMisc()
                if starts("</", at: i) {
                    guard let t = tag(), t.name == "array" else { return nil }
                    return .array(out)
                }
                guard let v = value(depth: depth + 1) else { return nil }
                out.append(v)
            }
        case "string", "integer", "real", "date", "data":
            let content: String
            if open.empty {
                content = ""
            } else {
                guard let t = text(closing: open.name) else { return nil }
                content = t
            }
            switch open.name {
            case "string": return .string(content)
            case "data": return .data
            case "integer": return XMLPlistReader.integer(content).map(PlistNode.integer)
            case "date": return XMLPlistReader.isDate(content) ? .date(content) : nil
            default: return Double(content).map(PlistNode.real)  // no white space, as Foundation reads a real
            }
        default:
            return nil
        }
    }

    /// The text up to `</name>`, decoded, moved past the closing tag; nil when it holds an element or is not
    /// well formed.
    mutating func text(closing name: String) -> String? {
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "<") {
                if starts("<![CDATA[", at: i) {
                    let start = i + 9
                    i = start
                    guard skip(past: "]]>") else { return nil }
                    out += b[start..<(i - 3)]
                    continue
                }
                // (A comment inside a text makes it no property list for Foundation either.)
                guard let t = tag(), t.closing, t.name == name else { return nil }
                return String(validUTF8: out[...])
            }
            if c == UInt8(ascii: "&") {
                guard let semi = b[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
                let entity = b[(i + 1)..<semi]
                i = semi + 1
                switch String(decoding: entity, as: UTF8.self) {
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "amp": out.append(UInt8(ascii: "&"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                case let e where e.hasPrefix("#"):
                    let hex = e.hasPrefix("#x") || e.hasPrefix("#X")
                    guard let v = UInt32(e.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let scalar = Unicode.Scalar(v) else { return nil }
                    out += Array(String(Character(scalar)).utf8)
                default:
                    return nil
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return nil
    }

    /// An integer as Foundation reads one: an optional sign, then decimal digits or `0x` and hexadecimal ones,
    /// nothing around them; from -2^63 to 2^64-1 (one above 2^63-1 keeps its bits, as `NSNumber.intValue` does).
    static func integer(_ text: String) -> Int64? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }),
            let magnitude = UInt64(digits, radix: radix)
        else { return nil }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return Int64(bitPattern: magnitude)
    }

    /// `2025-10-05T20:54:59Z`, the one form of a date Foundation's XML reader takes.
    static func isDate(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 20 else { return false }
        for (k, c) in u.enumerated() {
            switch k {
            case 4, 7: if c != UInt8(ascii: "-") { return false }
            case 10: if c != UInt8(ascii: "T") { return false }
            case 13, 16: if c != UInt8(ascii: ":") { return false }
            case 19: if c != UInt8(ascii: "Z") { return false }
            default: if !(0x30...0x39).contains(c) { return false }
            }
        }
        return true
    }
}

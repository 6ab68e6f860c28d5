/// A property list's values: the one reader of every property list the tool reads (a bundle's `Info.plist`, string
/// tables, `.stringsdict`, the localization attachment). XML (UTF-8, or UTF-16 by its byte order mark) and binary
/// (`bplist00`) lists are read; anything else, or anything malformed, is refused. Foundation's reader is not used:
/// a binary list's objects may be shared, and Foundation builds every sharing out in full (a 742-byte list made it
/// allocate 5.7 GiB); here every value built is counted against a budget, however it is shared, and the list is
/// refused past it (`read(_:limits:)`).
enum PlistNode: Equatable {
    case dictionary([String: PlistNode])
    case array([PlistNode])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(String)
    case data

    /// Why bytes hold no property list this reader takes, in words for a one-line error.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// What reading may build: values, and bytes of text, counted as they are built (a shared object once for
    /// each place it is shared into). A list that needs more is refused, not built.
    struct Budget {
        var values: Int
        var textBytes: Int

        /// The element limit, or a hundred thousand when it is set lower (a real list holds tens of values: a low
        /// element limit for a test is no reason to refuse an `Info.plist`).
        init(_ limits: LoadLimits) {
            values = max(limits.maxElements, 100_000)
            textBytes = limits.maxFileBytes
            limit = values
        }
        let limit: Int

        mutating func take(_ node: PlistNode) throws {
            values -= 1
            if case .string(let s) = node { textBytes -= s.utf8.count }
            if values < 0 || textBytes < 0 {
                throw Failure(message: "it would build more than \(limit) values, or text past the file limit (its objects are shared over and over: a property-list bomb; raise \(LoadLimits.Variable.elements.rawValue) or \(LoadLimits.Variable.fileMiB.rawValue) if it is genuine)")
            }
        }
    }

    /// The member at `key` of a dictionary.
    subscript(key: String) -> PlistNode? {
        if case .dictionary(let d) = self { return d[key] } else { return nil }
    }

    /// A number as Foundation gives one (`NSNumber.intValue`): an integer, a real (cut toward zero) or a
    /// boolean (1 or 0); nil for anything else.
    var intValue: Int? {
        switch self {
        case .integer(let n): return Int(exactly: n)
        case .real(let d): return d.isFinite && abs(d) < 9e18 ? Int(d) : nil
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    var stringValue: String? {
        if case .string(let s) = self { return s } else { return nil }
    }

    /// The property list in `bytes`, or nil when they hold none or more than the limits allow.
    static func parse(_ bytes: [UInt8], limits: LoadLimits = .default) -> PlistNode? { try? read(bytes, limits: limits) }

    /// The property list in `bytes`; every value built is counted against `limits` (`Budget`).
    static func read(_ bytes: [UInt8], limits: LoadLimits = .default) throws -> PlistNode {
        // No old-style text list: that is a `.strings` file's syntax, read by its own reader.
        guard PropertyList.isXMLOrBinary(bytes) else { throw Failure(message: "not an XML or binary property list") }
        var budget = Budget(limits)
        if bytes.starts(with: Array("bplist00".utf8)) { return try binary(bytes, budget: &budget) }
        var body: [UInt8]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // UTF-16 by its byte order mark: read as the same text in UTF-8.
            guard bytes.count % 2 == 0 else { throw Failure(message: "UTF-16 text of an odd number of bytes") }
            let big = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for k in stride(from: 2, to: bytes.count, by: 2) {
                units.append(big ? UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1]) : UInt16(bytes[k + 1]) << 8 | UInt16(bytes[k]))
            }
            guard let text = String(validating: units, as: UTF16.self) else { throw Failure(message: "not valid UTF-16") }
            body = Array(text.utf8)
        } else {
            body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        }
        var reader = XMLPlistReader(body)
        guard let node = reader.document() else { throw Failure(message: "not a well-formed XML property list") }
        try count(node, into: &budget)
        return node
    }

    /// Counts an XML list's values (it shares nothing: its size is its file's), without recursion.
    static func count(_ root: PlistNode, into budget: inout Budget) throws {
        var stack = [root]
        while let n = stack.popLast() {
            try budget.take(n)
            switch n {
            case .dictionary(let d): stack += d.values
            case .array(let a): stack += a
            default: break
            }
        }
    }

    /// A binary list's values, walked with a bound on depth (its objects may refer to each other in a circle) and
    /// every value counted as it is built (they may be shared).
    static func binary(_ bytes: [UInt8], budget: inout Budget) throws -> PlistNode {
        let list: BinaryPropertyList
        do { list = try BinaryPropertyList(bytes) } catch let f as BinaryPropertyList.Failure { throw Failure(message: f.message) }
        func node(_ index: Int, depth: Int) throws -> PlistNode {
            guard depth < XMLPlistReader.maxDepth else { throw Failure(message: "nested deeper than \(XMLPlistReader.maxDepth) levels") }
            let value: BinaryPropertyList.Value
            do { value = try list.object(index) } catch let f as BinaryPropertyList.Failure { throw Failure(message: f.message) }
            let built: PlistNode
            switch value {
            case .bool(let b): built = .bool(b)
            case .int(let n): built = .integer(n)
            case .real(let d): built = .real(d)
            case .date(let d): built = .date(String(d))
            case .data: built = .data
            case .string(let s): built = .string(s)
            case .array(let members):
                try budget.take(.array([]))
                return .array(try members.map { try node($0, depth: depth + 1) })
            case .dictionary(let keys, let values):
                try budget.take(.dictionary([:]))
                var out: [String: PlistNode] = [:]
                for (k, v) in zip(keys, values) {
                    guard let name = list.string(k) else { throw Failure(message: "a dictionary key that is not a string (object \(k))") }
                    out[name] = try node(v, depth: depth + 1)
                }
                return .dictionary(out)
            case .null, .uid: throw Failure(message: "a value a property list cannot hold (object \(index))")
            }
            try budget.take(built)
            return built
        }
        return try node(list.top, depth: 0)
    }

    /// The strings of a dictionary, by key; members that are not strings are left out.
    var strings: [String: String] {
        guard case .dictionary(let d) = self else { return [:] }
        return d.compactMapValues(\.stringValue)
    }
}

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
                    if c == UInt8(ascii: "[") { bracket += 1 } else if c == UInt8(ascii: "]") { bracket -= 1 } else if c == UInt8(ascii: ">"), bracket <= 0 { break }
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
              let magnitude = UInt64(digits, radix: radix) else { return nil }
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

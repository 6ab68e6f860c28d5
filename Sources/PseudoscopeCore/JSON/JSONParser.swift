/// A strict JSON parser over UTF-8 bytes that reports line and column and bounds nesting.
///
/// Written instead of using JSONSerialization because loader errors must say where the input went wrong,
/// and because nesting must be bounded before it can overflow the stack.
public struct JSONParser {
    public struct SyntaxError: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    let bytes: [UInt8]
    var index: Int = 0
    private let maxDepth: Int

    /// Parses a whole document. `maxDepth` bounds the nesting of arrays and objects.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 1100) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        // A UTF-8 byte order mark is legal noise at the start of a file.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        if index >= bytes.count { throw error("the file is empty", at: index) }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describe(bytes[index])) after the end of the document", at: index) }
        return value
    }

    /// An array or object being filled. Nesting lives in this explicit stack, not in recursion, so no input can
    /// overflow the call stack; `maxDepth` bounds the stack's size.
    /// A class, so that appending to the innermost container never copies its elements.
    private final class Container {
        let isArray: Bool
        var items: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        var key = ""

        init(isArray: Bool) { self.isArray = isArray }
    }

    mutating func parseValue() throws -> JSONValue {
        var stack: [Container] = []
        do {
            return try parseValue(&stack)
        } catch {
            // Values already built inside the open containers may be deep: free them without recursion.
            var pending: [JSONValue] = []
            for c in stack {
                pending += c.items
                pending += c.members.map(\.value)
                c.items = []
                c.members = []
            }
            JSONValue.release(pending: &pending)
            throw error
        }
    }

    private mutating func parseValue(_ stack: inout [Container]) throws -> JSONValue {
        while true {
            // Read one value; containers are opened and the loop continues inside them.
            var value: JSONValue
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected a value", at: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                if stack.count >= maxDepth { throw error("nesting deeper than \(maxDepth) levels", at: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    let c = Container(isArray: !isObject)
                    if isObject { c.key = try parseKey() }
                    stack.append(c)
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumberValue()
            default: throw error("unexpected \(describe(bytes[index])), expected a value", at: index)
            }
            // Hand the value to its container; close containers as their closing brackets arrive.
            while true {
                guard let top = stack.last else { return value }
                if top.isArray { top.items.append(value) } else { top.members.append((top.key, value)) }
                skipWhitespace()
                guard index < bytes.count else {
                    throw error(top.isArray ? "unexpected end of input inside an array" : "unexpected end of input inside an object", at: index)
                }
                let b = bytes[index]
                if b == UInt8(ascii: ",") {
                    index += 1
                    if !top.isArray { top.key = try parseKey() }
                    break
                }
                if b == (top.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                    index += 1
                    stack.removeLast()
                    value = top.isArray ? .array(top.items) : .object(JSONObject(top.members))
                    continue
                }
                throw error("unexpected \(describe(b)), expected ',' or '\(top.isArray ? "]" : "}")'", at: index)
            }
        }
    }

    /// A member's key and its colon.
    mutating func parseKey() throws -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error(
                index < bytes.count ? "unexpected \(describe(bytes[index])), expected a key in quotes" : "unexpected end of input inside an object",
                at: index)
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error(
                index < bytes.count
                    ? "unexpected \(describe(bytes[index])), expected ':' after key \"\(key.prefix(40))\""
                    : "unexpected end of input inside an object", at: index)
        }
        index += 1
        return key
    }

    mutating func parseString() throws -> String {
        let start = index
        index += 1
        let contentStart = index
        // No escapes: the String is built straight from the bytes (decoding repairs invalid UTF-8 to U+FFFD,
        // as `decodeEscapes` does), without a byte-by-byte copy first: long CJK labels are megabytes of it.
        // The scan runs over every byte of every string (31 MB for long labels): on the buffer, unchecked.
        let (stop, simple): (Int, Bool) = bytes.withUnsafeBufferPointer { buf in
            var i = index, simple = true
            while i < buf.count {
                let b = buf[i]
                if b == UInt8(ascii: "\"") || b < 0x20 { return (i, simple) }
                if b == UInt8(ascii: "\\") { simple = false; i += 2 } else { i += 1 }
            }
            return (buf.count, simple)
        }
        index = stop
        guard index < bytes.count else { throw error("unterminated string", at: start) }
        if bytes[index] < 0x20 { throw error("control character \(describe(bytes[index])) inside a string (it must be escaped)", at: index) }
        let end = index
        index += 1
        if simple {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[contentStart..<end]), as: UTF8.self) }
        }
        return try decodeEscapes(contentStart, end)
    }

    private func decodeEscapes(_ start: Int, _ end: Int) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = bytes[i]
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < end else { throw error("unfinished escape", at: i) }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 6 <= end, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let low = try hex4(at: i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                // A lone surrogate cannot be represented in a String: it becomes U+FFFD, visibly.
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: i - 2)
            }
        }
        // Invalid UTF-8 inside a string is repaired to U+FFFD rather than refusing the whole archive.
        return String(decoding: out, as: UTF8.self)
    }

    private func hex4(at i: Int) throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("unfinished \\u escape", at: i) }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape", at: i - 2)
            }
            v = v << 4 | d
        }
        return v
    }

    mutating func parseNumber() throws -> Double {
        if let (value, end) = bytes.withUnsafeBufferPointer({ JSONParser.simpleNumber($0, at: index) }) {
            index = end
            return value
        }
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var integer: Int64 = 0
        var digits = 0
        var overflow = false
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            if digits < 18 { integer = integer * 10 + Int64(bytes[index] - 0x30) } else { overflow = true }
            digits += 1
            index += 1
        }
        if digits == 0 { throw error("invalid number", at: start) }
        if digits > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == 0x30 {
            throw error("invalid number: leading zero", at: start)
        }
        var isInteger = !overflow
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fracStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            if index == fracStart { throw error("invalid number: no digits after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let expStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            if index == expStart { throw error("invalid number: no digits in the exponent", at: start) }
        }
        if isInteger {
            return bytes[start] == UInt8(ascii: "-") ? -Double(integer) : Double(integer)
        }
        let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<index]), as: UTF8.self) }
        // Double("1e400") is +inf: kept, so the archive decoder can name the path of the absurd number.
        return Double(text) ?? .nan
    }

    static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { v, _ in v * 10 } }

    /// The common number — at most 15 digits, with or without a fraction, no exponent, no leading zero — read
    /// from `start`, with where it ends; nil for anything else (the caller's general reading, with its errors).
    /// Its value is the digits divided by a power of ten: both exact doubles, and IEEE division rounds
    /// correctly, so this is the value strtod gives, without making a string of the number (frames are most of
    /// an archive's numbers). The one definition for the fast reader and the general parser.
    static func simpleNumber(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: Double, end: Int)? {
        var i = start
        let n = b.count
        let negative = i < n && b[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let integerStart = i
        var mantissa: Int64 = 0
        var digits = 0
        while i < n, b[i] >= 0x30, b[i] <= 0x39, digits < 15 {
            mantissa = mantissa * 10 + Int64(b[i] - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0, !(digits > 1 && b[integerStart] == 0x30) else { return nil }
        var fractionDigits = 0
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, b[i] >= 0x30, b[i] <= 0x39, digits + fractionDigits < 15 {
                mantissa = mantissa * 10 + Int64(b[i] - 0x30)
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        // The number must end here: more digits, a second '.', or an exponent are the general reading's.
        if i < n, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            return nil
        }
        let v = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        return (negative ? -v : v, i)
    }

    /// A number as a value: long literals keep their text, since a Double holds about 15 digits.
    mutating func parseNumberValue() throws -> JSONValue {
        let start = index
        let d = try parseNumber()
        var digits = 0
        for b in bytes[start..<index] where b >= 0x30 && b <= 0x39 { digits += 1 }
        guard digits > 15 else { return .number(d) }
        return .number(d, literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    mutating func expectWord(_ word: StaticString) throws {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + w.count <= bytes.count, bytes[index..<(index + w.count)].elementsEqual(w) else {
            throw error("unexpected \(describe(bytes[index])), expected a value", at: index)
        }
        index += w.count
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func error(_ message: String, at offset: Int) -> SyntaxError {
        var line = 1
        var lineStart = 0
        let limit = min(offset, bytes.count)
        for i in 0..<limit where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        for i in lineStart..<limit where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return SyntaxError(line: line, column: column, message: message)
    }
}

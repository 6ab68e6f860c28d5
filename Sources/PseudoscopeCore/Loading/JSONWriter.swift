/// Writes JSON text for `--json` output. Strings are escaped so that control characters, bidi overrides and
/// other invisible characters arrive as `\uXXXX`, never raw.
///
/// Builds UTF-8 bytes rather than a String: `check --json` over a large run set writes megabytes, and byte
/// appends are several times faster than string appends.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = [false]

    public init() {
        bytes.reserveCapacity(4096)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ s: String) {
        bytes.append(0x22)
        var utf8 = s.utf8
        // Fast path: printable ASCII without quotes or backslashes is copied as it is.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return
        }
        utf8 = s.utf8
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            default:
                // The same characters a terminal never sees raw, as \uXXXX (a surrogate pair beyond the BMP).
                if TerminalText.needsEscape(u) || (0x200B...0x200F).contains(u.value) {
                    if u.value > 0xFFFF {
                        let v = u.value - 0x10000
                        appendUnicodeEscape(0xD800 + (v >> 10))
                        appendUnicodeEscape(0xDC00 + (v & 0x3FF))
                    } else {
                        appendUnicodeEscape(u.value)
                    }
                } else {
                    bytes.append(contentsOf: String(u).utf8)
                }
            }
        }
        bytes.append(0x22)
    }

    private mutating func appendUnicodeEscape(_ v: UInt32) {
        bytes += [0x5C, UInt8(ascii: "u"), JSONWriter.hexDigits[Int(v >> 12 & 0xF)], JSONWriter.hexDigits[Int(v >> 8 & 0xF)],
                  JSONWriter.hexDigits[Int(v >> 4 & 0xF)], JSONWriter.hexDigits[Int(v & 0xF)]]
    }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    public mutating func beginObject(_ key: String? = nil) { prefix(key); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray(_ key: String? = nil) { prefix(key); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    private mutating func prefix(_ key: String?) {
        separator()
        if let k = key {
            appendEscaped(k)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    public mutating func string(_ key: String?, _ v: String?) {
        prefix(key)
        if let v = v { appendEscaped(v) } else { raw("null") }
    }

    /// A number; `literal`, when given, is written as it was read (a long integer a Double cannot hold).
    public mutating func number(_ key: String?, _ v: Double?, literal: String? = nil) {
        prefix(key)
        if let l = literal { raw(l); return }
        guard let v = v, v.isFinite else { raw("null"); return }
        raw(NumberText.exact(v))
    }

    public mutating func null(_ key: String?) {
        prefix(key)
        raw("null")
    }

    public mutating func bool(_ key: String?, _ v: Bool) {
        prefix(key)
        raw(v ? "true" : "false")
    }

    public mutating func rect(_ key: String?, _ r: Rect?) {
        guard let r = r else { prefix(key); raw("null"); return }
        beginObject(key)
        number("x", r.x); number("y", r.y); number("width", r.width); number("height", r.height)
        endObject()
    }
}

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

    /// Hands the bytes written so far to `sink` and starts again in the same storage: a large report is
    /// written out as it is made instead of growing one buffer to its whole size (a hundred megabytes of
    /// findings meant copying it at every doubling and touching fresh pages each time).
    public mutating func flush(_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ s: String) {
        bytes.append(0x22)
        var text = s
        text.withUTF8 { appendEscaped(utf8: $0) }
        bytes.append(0x22)
    }

    /// Copies runs of bytes that need nothing as they are, and looks at a scalar only where a byte could start
    /// one that needs escaping (any byte below 0x20, a quote, a backslash, DEL, or a multi-byte sequence).
    /// Multi-byte scalars are decoded from the (valid) UTF-8 in place: no String per scalar.
    private mutating func appendEscaped(utf8 b: UnsafeBufferPointer<UInt8>) {
        var run = 0  // start of the bytes not yet copied
        var i = 0
        let n = b.count
        func flush(_ upTo: Int) {
            if upTo > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<upTo])) }
        }
        while i < n {
            let c = b[i]
            if c >= 0x20, c < 0x7F, c != 0x22, c != 0x5C { i += 1; continue }
            if c < 0x80 {
                flush(i)
                switch c {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                default: appendUnicodeEscape(UInt32(c))
                }
                i += 1
                run = i
                continue
            }
            let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
            guard i + length <= n else { break }
            var v = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { v = v << 6 | UInt32(b[i + k] & 0x3F) }
            if let u = Unicode.Scalar(v), TerminalText.needsEscape(u) || (0x200B...0x200F).contains(v) {
                flush(i)
                if v > 0xFFFF {
                    let w = v - 0x10000
                    appendUnicodeEscape(0xD800 + (w >> 10))
                    appendUnicodeEscape(0xDC00 + (w & 0x3FF))
                } else {
                    appendUnicodeEscape(v)
                }
                run = i + length
            }
            i += length
        }
        flush(n)
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

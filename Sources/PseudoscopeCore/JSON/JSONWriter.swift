/// Writes JSON text for `--json` output. Strings are escaped so that control characters, bidi overrides and
/// other invisible characters arrive as `\uXXXX`, never raw (`TerminalText.needsEscape`, the list the terminal
/// escapes too, and the zero-width characters).
///
/// The text is built as UTF-8 bytes in a `TextBytes`, the one byte writer of every report, and handed out in
/// pieces (`flush`) so a report of a hundred megabytes is written as it is made.
public struct JSONWriter {
    private var out: TextBytes
    /// Whether the container being written already holds a value (a comma comes before the next); the
    /// enclosing containers' flags wait on the stack.
    private var hasValue = false
    private var enclosing: [Bool] = []

    public init(capacity: Int = 4096) { out = TextBytes(capacity: capacity) }

    /// The bytes written so far (since the last `flush`).
    public var bytes: [UInt8] { out.bytes }
    /// How many bytes are waiting (since the last `flush`).
    public var count: Int { out.count }

    public var text: String { out.string }

    /// Hands the bytes written so far to `sink` and starts again.
    public mutating func flush(_ sink: ([UInt8]) throws -> Void) rethrows {
        try sink(out.bytes)
        out.removeAll()
    }

    mutating func separator() {
        if hasValue { out.put(byte: UInt8(ascii: ",")) }
        hasValue = true
    }

    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    public mutating func endArray() { close("]") }

    private mutating func open(_ key: String?, _ bracket: Unicode.Scalar) {
        prefix(key)
        out.put(byte: UInt8(ascii: bracket))
        enclosing.append(hasValue)
        hasValue = false
    }

    private mutating func close(_ bracket: Unicode.Scalar) {
        hasValue = enclosing.removeLast()
        out.put(byte: UInt8(ascii: bracket))
    }

    private mutating func prefix(_ key: String?) {
        separator()
        if let k = key {
            quoted(k)
            out.put(byte: UInt8(ascii: ":"))
        }
    }

    /// A value another writer made whole (a run's object, made on another core), as the next value: handed to
    /// `sink` after what waits here, not copied in (a run's object can be tens of megabytes).
    public mutating func value(_ json: [UInt8], flushingTo sink: ([UInt8]) throws -> Void) rethrows {
        prefix(nil)
        try flush(sink)
        try sink(json)
    }

    /// The line end after a whole document.
    public mutating func newline() { out.put(byte: 0x0A) }

    public mutating func string(_ key: String?, _ v: String?) {
        prefix(key)
        if let v { quoted(v) } else { out.put("null") }
    }

    /// A number; `literal`, when given, is written as it was read (a long integer a Double cannot hold).
    public mutating func number(_ key: String?, _ v: Double?, literal: String? = nil) {
        prefix(key)
        if let l = literal { out.put(l); return }
        guard let v, v.isFinite else { out.put("null"); return }
        out.put(NumberText.exact(v))
    }

    public mutating func null(_ key: String?) {
        prefix(key)
        out.put("null")
    }

    public mutating func bool(_ key: String?, _ v: Bool) {
        prefix(key)
        out.put(v ? "true" : "false")
    }

    public mutating func rect(_ key: String?, _ r: Rect?) {
        guard let r else { null(key); return }
        beginObject(key)
        number("x", r.x); number("y", r.y); number("width", r.width); number("height", r.height)
        endObject()
    }

    /// An array of strings under `key`.
    public mutating func stringList(_ key: String?, _ list: [String]) {
        beginArray(key)
        for s in list { string(nil, s) }
        endArray()
    }

    /// A string in quotes, escaped. Most strings have nothing to escape, and are copied as they are.
    private mutating func quoted(_ s: String) {
        out.put(byte: 0x22)
        out.put(TerminalText.isPlain(s) { $0 == 0x22 || $0 == 0x5C } ? s : s.replacingScalars(JSONWriter.escape))
        out.put(byte: 0x22)
    }

    /// What a scalar is written as when it is not written as it is.
    private static func escape(_ u: Unicode.Scalar) -> String? {
        switch u {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            guard TerminalText.needsEscape(u) || (0x200B...0x200F).contains(u.value) else { return nil }
            // A byte of a file name that is not UTF-8: written as the text `\xE9`, as the terminal shows it.
            if PathBytes.isEscapedByte(u.value) { return "\\\\x" + hex(u.value & 0xFF, digits: 2).uppercased() }
            guard u.value > 0xFFFF else { return "\\u" + hex(u.value, digits: 4) }
            let w = u.value - 0x10000
            return "\\u" + hex(0xD800 + (w >> 10), digits: 4) + "\\u" + hex(0xDC00 + (w & 0x3FF), digits: 4)
        }
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}

/// Writes JSON text for `--json` output. Strings are escaped so that control characters, bidi overrides and
/// other invisible characters arrive as `\uXXXX`, never raw.
public struct JSONWriter {
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]

    public init() {}

    public static func escape(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200B...0x200F, 0x061C, 0xFEFF:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    public mutating func beginObject(_ key: String? = nil) { prefix(key); text += "{"; needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); text += "}" }
    public mutating func beginArray(_ key: String? = nil) { prefix(key); text += "["; needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); text += "]" }

    private mutating func prefix(_ key: String?) {
        separator()
        if let k = key { text += JSONWriter.escape(k) + ":" }
    }

    public mutating func string(_ key: String?, _ v: String?) {
        prefix(key)
        text += v.map(JSONWriter.escape) ?? "null"
    }

    public mutating func number(_ key: String?, _ v: Double?) {
        prefix(key)
        guard let v = v, v.isFinite else { text += "null"; return }
        text += v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    public mutating func null(_ key: String?) {
        prefix(key)
        text += "null"
    }

    public mutating func bool(_ key: String?, _ v: Bool) {
        prefix(key)
        text += v ? "true" : "false"
    }

    public mutating func rect(_ key: String?, _ r: Rect?) {
        guard let r = r else { prefix(key); text += "null"; return }
        beginObject(key)
        number("x", r.x); number("y", r.y); number("width", r.width); number("height", r.height)
        endObject()
    }
}

/// Writes JSON text for `--json` output. Strings are escaped so that control characters, bidi overrides and
/// other invisible characters arrive as `\uXXXX`, never raw.
///
/// Builds UTF-8 bytes rather than a String, in storage written through a pointer (`ByteStore`): `check --json`
/// writes a hundred megabytes of findings for a large screen, a few bytes at a time, and an array's append
/// checks uniqueness and capacity for every byte.
public struct JSONWriter {
    private var store = ByteStore()
    /// Whether the container being written already holds a value (a comma comes before the next); the
    /// enclosing containers' flags wait on the stack.
    private var hasValue = false
    private var enclosing: [Bool] = []
    /// The last `hints` list written and its JSON: every finding of a screen carries the same list.
    private var lastHints: [String] = []
    private var lastHintsJSON: [UInt8] = []

    public init() {}

    /// A writer with room for `capacity` bytes before it grows (an archive's findings, whose size is about known).
    public init(capacity: Int) { store = ByteStore(capacity: max(64, capacity)) }

    /// The bytes written so far (since the last `flush`).
    public var bytes: [UInt8] { store.array }
    /// How many bytes are waiting (since the last `flush`).
    public var count: Int { store.count }

    public var text: String { store.withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Hands the bytes written so far to `sink` and starts again in the same storage: a large report is
    /// written out as it is made instead of growing one buffer to its whole size (a hundred megabytes of
    /// findings meant copying it at every doubling and touching fresh pages each time).
    public mutating func flush(_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        ownStorage()
        try store.withBytes(sink)
        store.removeAll()
    }

    /// Values that another writer wrote, from its start, written into the container open here as if written here
    /// (the comma before them when this one holds a value already): a night's findings are written by the worker
    /// that judged their archive (`FindingSpool.Reports`).
    public mutating func values(_ json: UnsafeBufferPointer<UInt8>) {
        guard !json.isEmpty else { return }
        separator()
        store.append(json)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func appendEscaped(_ s: borrowing String) {
        // In place when the string's bytes are contiguous (a native string); `withUTF8` on a copy otherwise.
        if s.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) == nil {
            var text = copy s
            text.withUTF8 { appendQuoted(utf8: $0) }
        }
    }

    /// A string in quotes. Most need nothing escaped (a finding's rule, type, identifier, path, fingerprint and
    /// evidence names): those are quoted and copied in one step, with one check for room; a finding writes a
    /// dozen strings, and the steps around each short one cost more than its bytes.
    private mutating func appendQuoted(utf8 b: UnsafeBufferPointer<UInt8>) {
        let plain = JSONWriter.plainRunEnd(b, from: 0)
        if plain == b.count {
            store.appendQuoted(b)
            return
        }
        store.append(0x22)
        appendEscaped(utf8: b, plainUntil: plain)
        store.append(0x22)
    }

    /// Copies runs of bytes that need nothing as they are (found eight bytes at a time), and looks at a scalar
    /// only where a byte could start one that needs escaping (any byte below 0x20, a quote, a backslash, DEL, or
    /// a multi-byte sequence). Multi-byte scalars are decoded from the (valid) UTF-8 in place: no String per scalar.
    /// Whether a multi-byte scalar starting with these two bytes may be one that `needsEscape` escapes: C1
    /// controls and the soft hyphen (C2 80–9F, C2 AD), the Arabic letter mark (D8 9C), the Hangul fillers and the
    /// Mongolian separator (E1 85, E1 A0), the general punctuation controls (E2 80, E2 81), the Hangul filler
    /// (E3 85), the BOM, the halfwidth filler and the annotation controls (EF BB, EF BE, EF BF), the tags (F3 A0),
    /// the escaped bytes of a file name (F4 8F).
    @inline(__always)
    public static func mayNeedEscape(lead c: UInt8, then d: UInt8) -> Bool {
        switch c {
        case 0xC2: return d < 0xA0 || d == 0xAD
        case 0xD8: return d == 0x9C
        case 0xE1: return d == 0x85 || d == 0xA0
        case 0xE2: return d == 0x80 || d == 0x81
        case 0xE3: return d == 0x85
        case 0xEF: return d == 0xBB || d == 0xBE || d == 0xBF
        case 0xF3: return d == 0xA0
        case 0xF4: return d == 0x8F
        default: return false
        }
    }

    /// `plainUntil`: where the plain run from the start ends (`plainRunEnd` from 0), found already.
    private mutating func appendEscaped(utf8 b: UnsafeBufferPointer<UInt8>, plainUntil: Int = 0) {
        var run = 0  // start of the bytes not yet copied
        var i = plainUntil
        let n = b.count
        while i < n {
            i = JSONWriter.plainRunEnd(b, from: i)
            guard i < n else { break }
            let c = b[i]
            if c >= 0x20, c < 0x7F, c != 0x22, c != 0x5C { i += 1; continue }
            if c < 0x80 {
                store.append(UnsafeBufferPointer(rebasing: b[run..<i]))
                switch c {
                case 0x22: store.append(0x5C, 0x22)
                case 0x5C: store.append(0x5C, 0x5C)
                case 0x0A: store.append(0x5C, UInt8(ascii: "n"))
                case 0x0D: store.append(0x5C, UInt8(ascii: "r"))
                case 0x09: store.append(0x5C, UInt8(ascii: "t"))
                default: appendUnicodeEscape(UInt32(c))
                }
                i += 1
                run = i
                continue
            }
            let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
            guard i + length <= n else { break }
            // Only these lead bytes begin a scalar that is escaped (C1 controls and the soft hyphen, the Arabic
            // letter mark, the Hangul and Mongolian fillers, the general punctuation controls, the Hangul filler,
            // the specials, the tags); every other letter (CJK, Hangul, Arabic, Cyrillic, emoji) is copied as it is.
            // And only after these second bytes (an Arabic or kana text, whose every letter has one of those lead
            // bytes, was decoded scalar by scalar): a superset of `TerminalText.needsEscape`'s, decided below.
            if !JSONWriter.mayNeedEscape(lead: c, then: b[i + 1]) {
                i += length
                // The letters after it while they are multi-byte and need nothing either (a Korean, Chinese or Arabic
                // word), without looking for a plain run before each: that look was half of writing such a text.
                // Where one may need escaping, or an ASCII byte comes, the loop above takes it, as it would have.
                while i < n, b[i] >= 0x80 {
                    let d = b[i], next = d >= 0xF0 ? 4 : d >= 0xE0 ? 3 : 2
                    guard i + next <= n, !JSONWriter.mayNeedEscape(lead: d, then: b[i + 1]) else { break }
                    i += next
                }
                continue
            }
            var v = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { v = v << 6 | UInt32(b[i + k] & 0x3F) }
            if let u = Unicode.Scalar(v), TerminalText.needsEscape(u) || (0x200B...0x200F).contains(v) {
                store.append(UnsafeBufferPointer(rebasing: b[run..<i]))
                if PathBytes.isEscapedByte(v) {
                    // A byte of a file name that is not UTF-8: written as the text `\xE9`, as the terminal shows it.
                    let d = Array("0123456789ABCDEF".utf8)
                    store.append(0x5C, 0x5C)
                    store.append(UInt8(ascii: "x"), d[Int((v >> 4) & 0xF)])
                    store.append(d[Int(v & 0xF)])
                } else if v > 0xFFFF {
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
        store.append(UnsafeBufferPointer(rebasing: b[run..<n]))
    }

    /// Where a run of bytes that are written as they are (printable ASCII but the quote and the backslash) ends,
    /// eight bytes a step (the reader's `plainRunEnd`, with bytes from DEL up stopping it too), then to the byte:
    /// the first flagged byte of a word is exact, and the last few bytes of a text are looked at here, not one by
    /// one by the caller (a text's tail was a third of writing a finding's strings).
    @inline(__always)
    static func plainRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = b.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var i = start
        while i + 8 <= b.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let flagged = FastHierarchyReader.specialBytes(w) | WordBytes.deleteOrHigh(w)
            if flagged != 0 { return i + flagged.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < b.count, b[i] >= 0x20, b[i] < 0x7F, b[i] != 0x22, b[i] != 0x5C { i += 1 }
        return i
    }

    private mutating func appendUnicodeEscape(_ v: UInt32) {
        let d = JSONWriter.hexDigits
        store.append(0x5C, UInt8(ascii: "u"))
        store.append(d[Int(v >> 12 & 0xF)], d[Int(v >> 8 & 0xF)])
        store.append(d[Int(v >> 4 & 0xF)], d[Int(v & 0xF)])
    }

    /// A copied writer gets storage of its own on its first write (copy on write, as an array would): the
    /// storage is a class. Checked once per value written, not per byte.
    @inline(__always)
    private mutating func ownStorage() {
        if !isKnownUniquelyReferenced(&store) { store = store.copy() }
    }

    @inline(__always)
    mutating func separator() {
        ownStorage()
        if hasValue { store.append(UInt8(ascii: ",")) }
        hasValue = true
    }

    public mutating func beginObject(_ key: String? = nil) { open(key, UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray(_ key: String? = nil) { open(key, UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ key: String?, _ bracket: UInt8) {
        prefix(key)
        store.append(bracket)
        enclosing.append(hasValue)
        hasValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        ownStorage()
        hasValue = enclosing.removeLast()
        store.append(bracket)
    }

    @inline(__always)
    private mutating func prefix(_ key: String?) {
        separator()
        if let k = key {
            appendEscaped(k)
            store.append(UInt8(ascii: ":"))
        }
    }

    /// A key the program spells (an ASCII name with nothing to escape), written as it is: escaping the same
    /// twenty keys for each of a hundred thousand findings was a tenth of writing them.
    @inline(__always)
    private mutating func fixedKey(_ k: StaticString) {
        separator()
        store.append(0x22)
        raw(k)
        store.append(0x22, UInt8(ascii: ":"))
    }

    /// The writers below, for keys the program spells (`fixedKey`); the same bytes as the `String` key ones.
    mutating func string(fixed key: StaticString, _ v: String?) {
        fixedKey(key)
        if let v = v { appendEscaped(v) } else { raw("null") }
    }

    mutating func number(fixed key: StaticString, _ v: Double) {
        fixedKey(key)
        numberValue(v)
    }

    mutating func bool(fixed key: StaticString, _ v: Bool) {
        fixedKey(key)
        if v { raw("true") } else { raw("false") }
    }

    mutating func beginObject(fixed key: StaticString) {
        fixedKey(key)
        store.append(UInt8(ascii: "{"))
        enclosing.append(hasValue)
        hasValue = false
    }

    mutating func rect(fixed key: StaticString, _ r: Rect?) {
        guard let r = r else { fixedKey(key); raw("null"); return }
        beginObject(fixed: key)
        number(fixed: "x", r.x); number(fixed: "y", r.y); number(fixed: "width", r.width); number(fixed: "height", r.height)
        endObject()
    }

    /// The line end after a whole document.
    public mutating func newline() { raw("\n") }

    @inline(__always)
    mutating func raw(_ s: StaticString) {
        store.append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private mutating func raw(_ s: String) {
        var text = s
        text.withUTF8 { store.append($0) }
    }

    public mutating func string(_ key: String?, _ v: String?) {
        prefix(key)
        if let v = v { appendEscaped(v) } else { raw("null") }
    }

    /// A number; `literal`, when given, is written as it was read (a long integer a Double cannot hold).
    public mutating func number(_ key: String?, _ v: Double?, literal: String? = nil) {
        prefix(key)
        if let l = literal { raw(l); return }
        guard let v = v else { raw("null"); return }
        numberValue(v)
    }

    mutating func numberValue(_ v: Double) {
        guard v.isFinite else { raw("null"); return }
        // Whole numbers and numbers of tenths (most frames and evidence) are written digit by digit; others take
        // Swift's shortest form that reads back the same (`NumberText.exact`, which these agree with).
        if abs(v) < 1e12 {
            if v == v.rounded() {
                appendDigits(Int64(v))
                return
            }
            let tenths = (v * 10).rounded()
            if tenths / 10 == v {
                let t = Int64(tenths)
                if t < 0 { store.append(UInt8(ascii: "-")) }
                appendDigits(Int64(t.magnitude / 10))
                store.append(UInt8(ascii: "."), UInt8(ascii: "0") + UInt8(t.magnitude % 10))
                return
            }
        }
        raw(NumberText.exact(v))
    }

    /// The decimal digits of a whole number, written in place.
    private mutating func appendDigits(_ v: Int64) {
        if v < 0 { store.append(UInt8(ascii: "-")) }
        store.appendDecimal(v.magnitude)
    }

    public mutating func null(_ key: String?) {
        prefix(key)
        raw("null")
    }

    public mutating func bool(_ key: String?, _ v: Bool) {
        prefix(key)
        if v { raw("true") } else { raw("false") }
    }

    public mutating func rect(_ key: String?, _ r: Rect?) {
        guard let r = r else { prefix(key); raw("null"); return }
        beginObject(key)
        number("x", r.x); number("y", r.y); number("width", r.width); number("height", r.height)
        endObject()
    }

    /// An array of strings under `key`. A list the same as the last one written (every finding of a screen carries
    /// its screen's hints) is copied from what was written then.
    mutating func stringList(_ key: StaticString, _ list: [String]) {
        fixedKey(key)
        stringListValue(list)
    }

    /// The array itself (`stringList`), after its key.
    mutating func stringListValue(_ list: [String]) {
        if list != lastHints || lastHintsJSON.isEmpty {
            let start = store.count
            store.append(UInt8(ascii: "["))
            for (k, s) in list.enumerated() {
                if k > 0 { store.append(UInt8(ascii: ",")) }
                appendEscaped(s)
            }
            store.append(UInt8(ascii: "]"))
            lastHints = list
            lastHintsJSON = store.suffix(from: start)
            return
        }
        lastHintsJSON.withUnsafeBufferPointer { store.append($0) }
    }
}

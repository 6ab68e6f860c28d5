/// A report's text written as UTF-8 bytes, piece after piece: a finding's line, an archive's section of the text,
/// Markdown and JUnit reports. Appending to a `String` checks its capacity, uniqueness and ASCII-ness at every
/// piece (about 400 instructions a piece, eleven pieces a finding's line, and the line then appended again to its
/// archive's section: a fifth of a findings-heavy night's `check`; docs/performance.md). Here a piece is a copy.
public struct TextBytes: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }

    /// The text written, as a string (its bytes are valid UTF-8: they are strings' bytes).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The string that `write` writes: the one way each writer's string form is made from its bytes form.
    public static func string(capacity: Int, _ write: (inout TextBytes) -> Void) -> String {
        var out = TextBytes(capacity: capacity)
        write(&out)
        return out.string
    }

    @inline(__always) public mutating func put(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var text = s
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    public mutating func put(byte: UInt8) { bytes.append(byte) }

    public mutating func put(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    /// Starts again, keeping the room (a report handed out in pieces).
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// A number of points as `NumberText.points` writes it.
    public mutating func put(points v: Double) { put(NumberText.points(v)) }

    /// The element as `ElementName.of` names it.
    public mutating func put(elementNamed type: String, identifier: String, text: String, frame: Rect?) {
        put(ElementName.of(type: type, identifier: identifier, text: text, frame: frame))
    }
}

extension TextBytes {
    /// What was written from `start` on, made safe for a terminal as `TerminalText.sanitize` makes it.
    public mutating func sanitize(from start: Int) {
        // Printable ASCII needs nothing (a Markdown table's code and commands): seen by the byte, no string made.
        if bytes[start...].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        guard TerminalText.needsSanitizing(text) else { return }
        bytes.removeSubrange(start...)
        put(TerminalText.sanitize(text))
    }
}

extension TextBytes {
    /// `s` put before what is written at `at` (a fence that depends on the text after it).
    public mutating func insert(_ s: String, at: Int) {
        if s.utf8.count == 1 { bytes.insert(s.utf8.first!, at: at) } else { bytes.insert(contentsOf: Array(s.utf8), at: at) }
    }

    /// `escape` written before each byte from `start` on that `special` picks (ASCII bytes only: an ASCII byte is
    /// never part of another character's UTF-8).
    mutating func escape(from start: Int, where special: (UInt8) -> Bool, with escape: UInt8) {
        var count = 0
        for k in start..<bytes.count where special(bytes[k]) { count += 1 }
        guard count > 0 else { return }
        var k = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        // From the end, each byte moved as far as the escapes before it push it.
        var to = bytes.count
        while k > start {
            k -= 1
            to -= 1
            bytes[to] = bytes[k]
            if special(bytes[k]) { to -= 1; bytes[to] = escape }
        }
    }
}

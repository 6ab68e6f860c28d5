/// A message of known pieces written into one string's bytes at once. A large screen makes a hundred thousand
/// overlap messages, and appending to a `String` piece by piece checked its capacity, uniqueness and ASCII-ness at
/// every piece (a twentieth of `check --json` on 100k elements in one parent; docs/performance.md).
struct MessageBytes {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The string `body` writes. `capacity` must hold all it writes: the pieces' byte counts, and
    /// `MessageBytes.numberCapacity` for each number.
    static func string(capacity: Int, _ body: (inout MessageBytes) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { out in
            var m = MessageBytes(out)
            body(&m)
            precondition(m.count <= capacity, "message longer than its capacity")
            return m.count
        }
    }

    /// The most bytes a number takes (`put(points:)`, `put(_: Int)`).
    static let numberCapacity = 24

    mutating func put(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        precondition(count + n <= buffer.count)
        UnsafeMutableRawPointer(buffer.baseAddress! + count).copyMemory(from: s.utf8Start, byteCount: n)
        count += n
    }

    mutating func put(_ s: String) {
        var text = s
        text.withUTF8 { b in
            guard let from = b.baseAddress, b.count > 0 else { return }
            precondition(count + b.count <= buffer.count)
            (buffer.baseAddress! + count).update(from: from, count: b.count)
            count += b.count
        }
    }

    /// A number of points as `NumberText.points` writes it.
    mutating func put(points v: Double) {
        precondition(count + MessageBytes.numberCapacity <= buffer.count)
        if let end = NumberText.writePoints(v, into: buffer, at: count) { count = end } else { put(NumberText.points(v)) }
    }

    mutating func put(_ n: Int) {
        precondition(count + MessageBytes.numberCapacity <= buffer.count)
        if n < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        count = NumberText.writeDigits(UInt64(n.magnitude), into: buffer, at: count)
    }

    /// `Element.reference`: `Button 'checkout.confirm'`, else `Button "Confirm"`, else the type.
    mutating func put(referenceTo e: Element) {
        put(e.type)
        if !e.identifier.isEmpty {
            put(" '")
            put(e.identifier)
            put("'")
            return
        }
        let shown = e.displayText
        guard !shown.isEmpty else { return }
        put(" \"")
        put(shown)
        put("\"")
    }

    /// The bytes `put(referenceTo:)` writes, at most.
    static func referenceCapacity(_ e: Element) -> Int {
        e.type.utf8.count + 3 + (e.identifier.isEmpty ? e.displayText.utf8.count : e.identifier.utf8.count)
    }
}

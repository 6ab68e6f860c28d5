/// A message of known pieces written into one string's bytes at once. A large screen makes a hundred thousand
/// overlap messages, and appending to a `String` piece by piece checked its capacity, uniqueness and ASCII-ness at
/// every piece (a twentieth of `check --json` on 100k elements in one parent; docs/performance.md).
struct MessageBytes {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    /// Writes into `buffer` from its start (`string(capacity:_:)`, `TextBytes`).
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

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
        put(elementNamed: e.type, identifier: e.identifier, text: e.displayText, frame: e.frame.isEmpty ? nil : e.frame)
    }

    /// `ElementName`'s rule, written in place.
    mutating func put(elementNamed type: String, identifier: String, text: String, frame: Rect?) {
        put(type)
        if !identifier.isEmpty {
            put(" '")
            put(identifier)
            put("'")
        } else if !text.isEmpty {
            put(" \"")
            put(text)
            put("\"")
        } else if let f = frame {
            // `Rect.shortDescription`, piece by piece.
            put(" at {")
            put(points: f.x)
            put(", ")
            put(points: f.y)
            put(", ")
            put(points: f.width)
            put("×")
            put(points: f.height)
            put("}")
        }
    }

    /// The bytes `put(elementNamed:…)` writes, at most.
    static func nameCapacity(type: String, identifier: String, text: String, hasFrame: Bool) -> Int {
        if !identifier.isEmpty { return type.utf8.count + 3 + identifier.utf8.count }
        if !text.isEmpty { return type.utf8.count + 3 + text.utf8.count }
        return type.utf8.count + (hasFrame ? 10 + 4 * numberCapacity : 0)
    }

    /// The bytes `put(referenceTo:)` writes, at most.
    static func referenceCapacity(_ e: Element) -> Int {
        nameCapacity(type: e.type, identifier: e.identifier, text: e.identifier.isEmpty ? e.displayText : "", hasFrame: !e.frame.isEmpty)
    }
}

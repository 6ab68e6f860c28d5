/// The fast reader's tokens: an element's keys (matched on their bytes), strings (plain runs
/// copied, escapes through the general parser), numbers, rectangles and sizes.
extension FastHierarchyReader {
    /// The known key spelled by `bytes[start..<end]`, if it is one: the keys of that length compared in turn.
    static func knownKey(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Key? {
        guard end - start < keysByLength.count else { return nil }
        return keysByLength[end - start].first { $0.spelled.elementsEqual(bytes[start..<end]) }?.key
    }

    /// The known keys by the length of their names (the index), up to the longest.
    static let keysByLength: [[(spelled: [UInt8], key: Key)]] = {
        let keys = elementKeys.indices.map { (spelled: Array(elementKeys[$0].description.utf8), key: Key(rawValue: $0)!) }
        return (0...keys.map(\.spelled.count).max()!).map { n in keys.filter { $0.spelled.count == n } }
    }()

    /// A key and its colon. Known keys are matched on bytes; a key with escapes goes through the general string
    /// reader and is matched by name.
    mutating func readKey() throws -> Key {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        let start = parser.index + 1
        var end = start
        while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\") { end += 1 }
        if end < b.count, b[end] == UInt8(ascii: "\"") {
            parser.index = end + 1
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw Declined() }
            parser.index += 1
            return FastHierarchyReader.knownKey(b, start, end) ?? .unknown
        }
        let spelled = try parser.parseKey()
        return FastHierarchyReader.elementKeys.firstIndex { $0.description == spelled }.flatMap { Key(rawValue: $0) } ?? .unknown
    }

    mutating func string() throws -> String {
        let start = parser.index
        guard start < b.count, b[start] == UInt8(ascii: "\"") else { throw Declined() }
        // Most strings hold no escape: made straight from the buffer. Escapes and errors go to the general
        // reader, from the opening quote.
        var i = start + 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        if i < b.count, b[i] == UInt8(ascii: "\"") {
            parser.index = i + 1
            return decoder.cut(String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<i]), as: UTF8.self))
        }
        return decoder.cut(try parser.parseString())
    }

    /// A number: the common case on the buffer (`JSONParser.simpleNumber`), anything else by the general parser.
    @inline(__always)
    mutating func number() throws -> Double {
        if let (value, end) = JSONParser.simpleNumber(b, at: parser.index) {
            parser.index = end
            return value
        }
        return try parser.parseNumber()
    }

    @inline(__always)
    mutating func bool() throws -> Bool {
        let i = parser.index
        if i + 4 <= b.count, b[i] == UInt8(ascii: "t"), b[i + 1] == UInt8(ascii: "r"), b[i + 2] == UInt8(ascii: "u"), b[i + 3] == UInt8(ascii: "e") {
            parser.index = i + 4
            return true
        }
        if i + 5 <= b.count, b[i] == UInt8(ascii: "f"), b[i + 1] == UInt8(ascii: "a"), b[i + 2] == UInt8(ascii: "l"), b[i + 3] == UInt8(ascii: "s"),
            b[i + 4] == UInt8(ascii: "e")
        {
            parser.index = i + 5
            return false
        }
        throw Declined()
    }

    mutating func rect() throws -> Rect {
        if let r = orderedRect() { return r }
        var x = Double.nan, y = Double.nan, w = Double.nan, h = Double.nan
        try numbers { key, value in
            switch key {
            case .x: x = value
            case .y: y = value
            case .width: w = value
            case .height: h = value
            default: return false
            }
            return true
        }
        guard !x.isNaN, !y.isNaN, !w.isNaN, !h.isNaN else { throw Declined() }
        return Rect(x: x, y: y, width: w, height: h)
    }

    mutating func size() throws -> Size {
        var w = Double.nan, h = Double.nan
        try numbers { key, value in
            switch key {
            case .width: w = value
            case .height: h = value
            default: return false
            }
            return true
        }
        guard !w.isNaN, !h.isNaN else { throw Declined() }
        return Size(width: w, height: h)
    }

    /// Reads an object of numbers, handing each to `take` (which answers false for a key it does not know),
    /// with the limits the general path enforces: finite, within ±10,000,000, sizes not negative.
    mutating func numbers(_ take: (Key, Double) -> Bool) throws {
        try expect(UInt8(ascii: "{"))
        var firstMember = true
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { parser.index += 1; return }
            if !firstMember { try expect(UInt8(ascii: ",")) }
            firstMember = false
            let key = try readKey()
            skipWhitespace()
            guard let b = peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) else { throw Declined() }
            let d = try number()
            guard d.isFinite, abs(d) <= ArchiveDecoder.maxCoordinate, key == .x || key == .y || d >= 0, take(key, d) else { throw Declined() }
        }
    }
}

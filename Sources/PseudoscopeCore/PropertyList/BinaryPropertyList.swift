/// A binary property list (`bplist00`) read lazily and without recursion: an object is decoded only when it is
/// asked for, and a collection gives the indices of its members, not the members, so that walking an object
/// graph is the caller's loop with the caller's bounds. The bytes come from strangers' result bundles: every
/// offset, length, count and reference is checked against what the file holds before it is used.
///
/// Foundation's reader is not used here: it builds the whole graph at once, recursively, and an archive whose
/// objects refer to each other in a circle or a hundred thousand levels deep is exactly what it must survive.
struct BinaryPropertyList {
    enum Value: Equatable {
        case null
        case bool(Bool)
        case int(Int64)
        case real(Double)
        case date(Double)
        case data(Range<Int>)
        case string(String)
        /// A keyed archiver's reference into its `$objects` array.
        case uid(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    let bytes: [UInt8]
    let offsets: [Int]
    let referenceSize: Int
    let top: Int

    var count: Int { offsets.count }

    /// At most this many objects: far more than any element snapshot holds, and each costs a few bytes at least.
    static let maxObjects = 4_000_000

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw Failure(message: "not a binary property list") }
        self.bytes = bytes
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6])
        referenceSize = Int(bytes[t + 7])
        let objectCount = BinaryPropertyList.bigEndian(bytes, t + 8, 8)
        let topObject = BinaryPropertyList.bigEndian(bytes, t + 16, 8)
        let tableOffset = BinaryPropertyList.bigEndian(bytes, t + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Failure(message: "the trailer gives integer sizes of \(offsetSize) and \(referenceSize) bytes")
        }
        guard objectCount > 0, objectCount <= UInt64(BinaryPropertyList.maxObjects) else {
            throw Failure(message: "the trailer gives \(objectCount) objects")
        }
        let n = Int(objectCount)
        guard tableOffset >= 8, tableOffset < UInt64(t), UInt64(n) * UInt64(offsetSize) <= UInt64(t) - tableOffset else {
            throw Failure(message: "the offset table lies outside the file")
        }
        guard topObject < objectCount else { throw Failure(message: "the top object \(topObject) is not one of its \(n) objects") }
        var table = [Int](repeating: 0, count: n)
        let start = Int(tableOffset)
        for k in 0..<n {
            let o = BinaryPropertyList.bigEndian(bytes, start + k * offsetSize, offsetSize)
            guard o >= 8, o < tableOffset else { throw Failure(message: "object \(k) starts at byte \(o), outside the objects") }
            table[k] = Int(o)
        }
        offsets = table
        top = Int(topObject)
    }

    static func bigEndian(_ b: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<size { v = v << 8 | UInt64(b[at + i]) }
        return v
    }

    /// The object at `index` of the offset table.
    func object(_ index: Int) throws -> Value {
        guard index >= 0, index < offsets.count else { throw Failure(message: "a reference to object \(index) of \(offsets.count)") }
        var p = offsets[index]
        let end = bytes.count - 32
        let marker = bytes[p]
        p += 1
        let high = marker >> 4, low = Int(marker & 0x0F)
        func need(_ n: Int) throws {
            guard n >= 0, p <= end, n <= end - p else { throw Failure(message: "object \(index) runs past the end of its data") }
        }
        /// A length in the marker, or (0xF) in the integer object that follows it.
        func length() throws -> Int {
            guard low == 0x0F else { return low }
            try need(1)
            let m = bytes[p]
            guard m >> 4 == 0x1, m & 0x0F <= 3 else { throw Failure(message: "object \(index) has a length that is not an integer") }
            let size = 1 << Int(m & 0x0F)
            p += 1
            try need(size)
            let v = BinaryPropertyList.bigEndian(bytes, p, size)
            p += size
            guard v <= UInt64(end) else { throw Failure(message: "object \(index) claims \(v) members or bytes") }
            return Int(v)
        }
        func references(_ n: Int) throws -> [Int] {
            let (total, overflow) = n.multipliedReportingOverflow(by: referenceSize)
            guard !overflow else { throw Failure(message: "object \(index) is too large") }
            try need(total)
            var out = [Int](repeating: 0, count: n)
            for k in 0..<n {
                let r = BinaryPropertyList.bigEndian(bytes, p + k * referenceSize, referenceSize)
                guard r < UInt64(offsets.count) else { throw Failure(message: "object \(index) refers to object \(r) of \(offsets.count)") }
                out[k] = Int(r)
            }
            p += total
            return out
        }
        switch high {
        case 0x0:
            switch marker {
            case 0x00, 0x0F: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw Failure(message: "object \(index) has the unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard low <= 4 else { throw Failure(message: "object \(index) is an integer of \(1 << low) bytes") }
            let size = 1 << low
            try need(size)
            // A 16-byte integer keeps its low 8 bytes (Foundation writes them for unsigned 64-bit values).
            let v = BinaryPropertyList.bigEndian(bytes, p + max(0, size - 8), min(size, 8))
            return .int(size >= 8 ? Int64(bitPattern: v) : Int64(v))
        case 0x2:
            guard low == 2 || low == 3 else { throw Failure(message: "object \(index) is a real of \(1 << low) bytes") }
            try need(1 << low)
            let v = BinaryPropertyList.bigEndian(bytes, p, 1 << low)
            return .real(low == 2 ? Double(Float(bitPattern: UInt32(v))) : Double(bitPattern: v))
        case 0x3:
            try need(8)
            return .date(Double(bitPattern: BinaryPropertyList.bigEndian(bytes, p, 8)))
        case 0x4:
            let n = try length()
            try need(n)
            return .data(p..<(p + n))
        case 0x5:
            let n = try length()
            try need(n)
            return .string(String(decoding: bytes[p..<(p + n)], as: UTF8.self))
        case 0x6:
            let n = try length()
            let (size, overflow) = n.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw Failure(message: "object \(index) is too large") }
            try need(size)
            var units = [UInt16](repeating: 0, count: n)
            for k in 0..<n { units[k] = UInt16(bytes[p + 2 * k]) << 8 | UInt16(bytes[p + 2 * k + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            try need(low + 1)
            let v = BinaryPropertyList.bigEndian(bytes, p, low + 1)
            guard v <= UInt64(Int32.max) else { throw Failure(message: "object \(index) is a reference to \(v)") }
            return .uid(Int(v))
        case 0xA, 0xC:
            return .array(try references(try length()))
        case 0xD:
            let n = try length()
            let keys = try references(n)
            return .dictionary(keys: keys, values: try references(n))
        default:
            throw Failure(message: "object \(index) has the unknown marker 0x\(String(marker, radix: 16))")
        }
    }

    /// The string of a string object, nil for any other.
    func string(_ index: Int) -> String? {
        if case .string(let s)? = try? object(index) { return s }
        return nil
    }

    /// A dictionary's members whose keys are strings, by key (the first of equal keys wins).
    func dictionary(_ index: Int) throws -> [String: Int]? {
        guard case .dictionary(let keys, let values) = try object(index) else { return nil }
        // Sized once: an element snapshot's node has some thirty keys, and growing to them rehashed four times.
        var out = [String: Int](minimumCapacity: min(keys.count, values.count))
        for (k, v) in zip(keys, values) {
            if let name = string(k), out[name] == nil { out[name] = v }
        }
        return out
    }
}

/// Growable bytes written through a pointer: appends check capacity once and copy with `memcpy`.
final class ByteStore {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    private func reserve(_ n: Int) {
        if count + n > capacity { grow(to: count + n) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inline(__always)
    func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    /// `bytes` between quotes.
    @inline(__always)
    func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count + 2)
        base[count] = 0x22
        if let from = bytes.baseAddress { (base + count + 1).update(from: from, count: bytes.count) }
        count += bytes.count + 2
        base[count - 1] = 0x22
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: from, count: bytes.count)
        count += bytes.count
    }

    /// The decimal digits of `m`, written straight into the storage (`NumberText.writeDigits`).
    @inline(__always)
    func appendDecimal(_ m: UInt64) {
        reserve(20)
        count = NumberText.writeDigits(m, into: UnsafeMutableBufferPointer(start: base, count: capacity), at: count)
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    var array: [UInt8] { withBytes { Array($0) } }

    func suffix(from start: Int) -> [UInt8] { Array(UnsafeBufferPointer(start: base + start, count: count - start)) }

    func removeAll() { count = 0 }

    /// Another store holding the same bytes.
    func copy() -> ByteStore {
        let other = ByteStore(capacity: max(capacity, 1))
        withBytes { other.append($0) }
        return other
    }
}

/// Numbers for strings, 0, 1, 2, … in the order they are first asked for, equal exactly when the strings are
/// (`==`): an element type's number, asked for every element of every archive (its kind, and the matching of two
/// runs' trees). A dictionary keyed by `String` hashes every string it is asked about with SipHash, about 500
/// instructions for a short type name; here an ASCII string is found by a cheap hash of its bytes and proven by
/// comparing them, and only other strings go to the dictionary (which knows every string numbered, so that two
/// strings `==` calls equal, `K` and the Kelvin sign `K`, still share a number).
///
/// Both tables here hash with a cheap, fixed function, and the strings and numbers they are asked come from the
/// archive: a crafted archive could make thousands of keys fall in one slot, and each lookup would walk past all of
/// them (quadratic). A key placed more than `Hardening.longestWalk` slots past its hash's slot (and found again by
/// that same walk) switches its table, for good, to the standard library's hasher (SipHash, seeded per process:
/// collisions cannot be made without the seed) and places every key again. Ordinary inputs never walk that far; a
/// crafted one pays SipHash from then on.
import Glibc

enum Hardening {
    /// A key placed more than this many slots past its own in a table at most half full is a crafted input, not
    /// chance (a million random keys at half load: the longest walk 36 to 49 in five trials).
    static let longestWalk = 96
}

struct StringNumbering {
    /// Every string numbered, by the number.
    private(set) var strings: [String] = []
    private var byString: [String: Int] = [:]
    /// Open addressing over the ASCII strings numbered: each slot a number plus one (0 when empty).
    private var slots = [Int32](repeating: 0, count: 64)
    private var asciiCount = 0
    /// Hashing with the seeded standard hasher since a walk grew too long (`Hardening`).
    private(set) var hardened = false
    /// The ASCII strings' bytes, one after another, and where each number's lie (compared by `memcmp`).
    private var pool: [UInt8] = []
    private var placeOf: [(start: Int, count: Int)] = []

    var count: Int { strings.count }

    mutating func number(_ s: String) -> Int {
        let found: Int?? = s.utf8.withContiguousStorageIfAvailable { b -> Int? in
            guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
            let mask = slots.count - 1
            let h = hash(b)
            var k = Int(truncatingIfNeeded: h) & mask
            while slots[k] != 0 {
                let n = Int(slots[k] - 1)
                let place = placeOf[n]
                if place.count == b.count, b.isEmpty || pool.withUnsafeBufferPointer({ memcmp($0.baseAddress! + place.start, b.baseAddress!, b.count) == 0 }) { return n }
                k = (k + 1) & mask
            }
            // Not among the ASCII strings: maybe a string `==` this one came first (not ASCII itself).
            let n = numberByString(s)
            placeOf[n] = (pool.count, b.count)
            pool.append(contentsOf: b)
            insertASCII(n, hash: h)
            return n
        }
        if let found, let n = found { return n }
        return numberByString(s)
    }

    private mutating func numberByString(_ s: String) -> Int {
        if let n = byString[s] { return n }
        byString[s] = strings.count
        strings.append(s)
        placeOf.append((0, -1))  // (no bytes in the pool: not found by them)
        return strings.count - 1
    }

    private mutating func insertASCII(_ n: Int, hash: UInt64) {
        asciiCount += 1
        var longest = 0
        if asciiCount * 2 > slots.count {
            // Grown before it is half full, every ASCII string placed again.
            slots = [Int32](repeating: 0, count: slots.count * 2)
            asciiCount = 0
            longest = placeAll(except: n)
            asciiCount += 1
        }
        longest = max(longest, insertSlot(n, hash: hash))
        // A string is found again by the walk that placed it: walks are measured here only, where strings are placed.
        if longest > Hardening.longestWalk, !hardened { harden() }
    }

    /// Every ASCII string but `n` placed again in empty slots (after growing, or hardening); the longest walk.
    private mutating func placeAll(except n: Int) -> Int {
        var longest = 0
        for m in strings.indices where m != n && placeOf[m].count >= 0 {
            longest = max(longest, insertSlot(m, hash: hash(pool[placeOf[m].start..<(placeOf[m].start + placeOf[m].count)])))
            asciiCount += 1
        }
        return longest
    }

    @inline(never)
    private mutating func harden() {
        hardened = true
        slots = [Int32](repeating: 0, count: slots.count)
        asciiCount = 0
        _ = placeAll(except: -1)
    }

    /// `n` in the first empty slot from its hash's; how many slots it walked past.
    private mutating func insertSlot(_ n: Int, hash: UInt64) -> Int {
        let mask = slots.count - 1
        let start = Int(truncatingIfNeeded: hash) & mask
        var k = start
        while slots[k] != 0 { k = (k + 1) & mask }
        slots[k] = Int32(n + 1)
        return (k &- start) & mask
    }

    // The fast hash stays inlined in the lookup (called out, it cost 2.6 M instructions in a night's 100 archives).
    @inline(__always)
    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hardened ? StringNumbering.seededHash(bytes) : StringNumbering.hash(bytes)
    }

    private func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0) }
    }

    @inline(never)
    private static func seededHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }

    /// FNV-1a over the bytes, folded so that the low bits (the slot) depend on all of them: the fast hash, until
    /// hardened.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }
}

/// Numbers for triples of integers, 0, 1, 2, … in the order first asked for (a step of a tree path: the parent's
/// number, a type, an index among siblings). A dictionary keyed by a struct of three integers hashes each with
/// SipHash, a few hundred instructions a lookup, twice for a new key; here a multiply-and-shift hash and open
/// addressing (the matching of two runs' trees looks up a step per element of both).
struct TripleNumbering {
    private var keys: [(Int, Int, Int)] = []
    private var slots: [Int32]  // a number plus one, 0 when empty
    private var shift: Int
    /// Hashing with the seeded standard hasher since a walk grew too long (`Hardening`).
    private(set) var hardened = false

    init(capacity: Int) {
        var size = 16, bits = 4
        while size < capacity * 2 { size *= 2; bits += 1 }
        slots = [Int32](repeating: 0, count: size)
        shift = 64 - bits
        keys.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    /// The fast hash, until hardened: multiply-and-xor, its top bits the slot.
    static func hash(_ a: Int, _ b: Int, _ c: Int) -> UInt64 {
        var h = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bitPattern: Int64(b))) &* 0xC2B2_AE3D_27D4_EB4F
        h = (h ^ UInt64(bitPattern: Int64(c))) &* 0x1656_67B1_9E37_79F9
        return h ^ (h >> 31)
    }

    @inline(__always)
    private func slot(_ a: Int, _ b: Int, _ c: Int) -> Int {
        hardened ? seededSlot(a, b, c) : Int(truncatingIfNeeded: TripleNumbering.hash(a, b, c) >> UInt64(shift))
    }

    @inline(never)
    private func seededSlot(_ a: Int, _ b: Int, _ c: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(a)
        hasher.combine(b)
        hasher.combine(c)
        return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: hasher.finalize()) >> UInt64(shift))
    }

    mutating func number(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let mask = slots.count - 1
        let start = slot(a, b, c)
        var k = start
        while slots[k] != 0 {
            let n = Int(slots[k] - 1)
            if keys[n] == (a, b, c) { return n }
            k = (k + 1) & mask
        }
        keys.append((a, b, c))
        slots[k] = Int32(truncatingIfNeeded: keys.count)
        // A key is found again by the walk that placed it: walks are measured here only, where keys are placed.
        let walkedTooFar = (k &- start) & mask > Hardening.longestWalk
        if keys.count * 2 > slots.count || walkedTooFar { grownOrHardened(walkedTooFar: walkedTooFar) }
        return keys.count - 1
    }

    /// Grown before it is half full, every key placed again; hardened when a key walked too far.
    @inline(never)
    private mutating func grownOrHardened(walkedTooFar: Bool) {
        var longest = 0
        if keys.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            shift -= 1
            longest = placeAll()
        }
        if !hardened, walkedTooFar || longest > Hardening.longestWalk { harden() }
    }

    @inline(never)
    private mutating func harden() {
        hardened = true
        slots = [Int32](repeating: 0, count: slots.count)
        _ = placeAll()
    }

    /// Every key placed again in empty slots (after growing, or hardening); the longest walk.
    private mutating func placeAll() -> Int {
        let mask = slots.count - 1
        var longest = 0
        for (n, key) in keys.enumerated() {
            let start = slot(key.0, key.1, key.2)
            var k = start
            while slots[k] != 0 { k = (k + 1) & mask }
            slots[k] = Int32(truncatingIfNeeded: n + 1)
            longest = max(longest, (k &- start) & mask)
        }
        return longest
    }
}

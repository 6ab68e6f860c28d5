/// Numbers for values, 0, 1, 2, … in the order they are first asked for, equal exactly when the values are (`==`):
/// an element type's number (its kind looked up once per type), and the keys two runs' trees are matched by.
/// A dictionary: the hand-made hash tables it replaced bought instructions no one could feel, and needed a
/// hardening against the collisions their own cheap hash invited.
struct FirstSeenNumbers<Key: Hashable> {
    /// Every value numbered, by its number.
    private(set) var keys: [Key] = []
    private var numbers: [Key: Int] = [:]

    init(capacity: Int = 0) {
        numbers.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    mutating func number(_ key: Key) -> Int {
        if let n = numbers[key] { return n }
        numbers[key] = keys.count
        keys.append(key)
        return keys.count - 1
    }
}

/// A step of a tree path, or any key of three numbers: the parent's number, a type, an index among siblings.
struct NumberTriple: Hashable {
    let a: Int, b: Int, c: Int
}

extension FirstSeenNumbers where Key == NumberTriple {
    mutating func number(_ a: Int, _ b: Int, _ c: Int) -> Int { number(NumberTriple(a: a, b: b, c: c)) }
}

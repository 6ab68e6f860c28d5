/// XCUITest's element type names (`ElementTypeNames`, as archives spell them), each kept as a literal: the fast
/// reader hands out the literal for an element's type instead of making a string from the file's bytes. Every
/// element has a type, and making one (validating its bytes, building the string) cost about 400 instructions, the
/// literal about 200 (the heavy 10k's `render` 1.9 M of 146 M). A name that is not here is read as any string is.
enum KnownElementTypes {
    static let names = ElementTypeNames.names

    /// The longest name's length in bytes (`RelevanceIndicator`; a loader test holds it to the list).
    static let longest = 18

    /// Each name's bytes as three little-endian words (zero past its end), the names ordered by length, and where
    /// each length's names begin in that order: a name is found by comparing at most three words with each of the
    /// few of its length, without hashing it or touching an array per name.
    static let byLength: (words: [(w0: UInt64, w1: UInt64, w2: UInt64, name: Int)], first: [Int]) = {
        let order = names.indices.sorted { (names[$0].utf8.count, $0) < (names[$1].utf8.count, $1) }
        var first = [Int](repeating: order.count, count: longest + 2)
        var words: [(w0: UInt64, w1: UInt64, w2: UInt64, name: Int)] = []
        for k in order {
            let bytes = Array(names[k].utf8)
            first[bytes.count] = min(first[bytes.count], words.count)
            let w = word(bytes, 0), v = word(bytes, 8), u = word(bytes, 16)
            words.append((w, v, u, k))
        }
        // A length no name has begins where the next length does.
        for n in stride(from: longest, through: 0, by: -1) { first[n] = min(first[n], first[n + 1]) }
        return (words, first)
    }()

    /// Up to eight bytes of `bytes` from `start` as a little-endian word, zero past the end.
    static func word(_ bytes: [UInt8], _ start: Int) -> UInt64 {
        var w: UInt64 = 0
        for j in stride(from: min(bytes.count, start + 8) - 1, through: start, by: -1) { w = w << 8 | UInt64(bytes[j]) }
        return w
    }

    /// The literal whose `n` bytes begin the words `w0`, `w1`, `w2` (bytes in file order, little-endian), if it is
    /// a known name.
    @inline(__always)
    static func literal(_ n: Int, _ w0: UInt64, _ w1: UInt64, _ w2: UInt64) -> String? {
        guard n > 0, n <= longest else { return nil }
        func low(_ w: UInt64, _ bytes: Int) -> UInt64 { bytes >= 8 ? w : bytes <= 0 ? 0 : w & ((1 << UInt64(8 * bytes)) &- 1) }
        let a = low(w0, n), b = low(w1, n - 8), c = low(w2, n - 16)
        let table = byLength
        return table.words.withUnsafeBufferPointer { words in
            for k in table.first[n]..<table.first[n + 1] where words[k].w0 == a && words[k].w1 == b && words[k].w2 == c {
                return names[words[k].name]
            }
            return nil
        }
    }
}

extension FastHierarchyReader {
    /// An element's type: one of XCUITest's names is its literal (`KnownElementTypes`), any other is read as
    /// `string()` reads it (so is a name longer than the string limit, which cuts it).
    mutating func typeString() throws -> String {
        // Read as three words at once where the file has room for them (a name is at most 18 bytes, then its
        // quote): where the closing quote is, and the bytes before it. A name spelled with an escape matches none.
        let q = parser.index
        if q + 25 <= b.count, b[q] == UInt8(ascii: "\""), let base = b.baseAddress {
            let raw = UnsafeRawPointer(base) + q + 1
            let w0 = raw.loadUnaligned(as: UInt64.self), w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            if let n = FastHierarchyReader.firstQuote(w0) ?? FastHierarchyReader.firstQuote(w1).map({ 8 + $0 })
                ?? FastHierarchyReader.firstQuote(w2).map({ 16 + $0 }),
                n <= limits.maxStringBytes, let name = KnownElementTypes.literal(n, w0, w1, w2)
            {
                parser.index = q + 1 + n + 1
                return name
            }
        }
        return try string()
    }
}

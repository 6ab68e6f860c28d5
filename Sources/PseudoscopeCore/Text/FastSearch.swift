import Glibc

extension StringProtocol {
    /// The first range of `needle`, found on UTF-8 bytes. Foundation's `range(of:)` goes through CFString and
    /// locale-aware comparison, which made importing a large dump several times slower than it needs to be.
    func utf8Range(of needle: String) -> Range<Index>? { utf8.bytesRange(of: needle) }

    func utf8Contains(_ needle: String) -> Bool { utf8Range(of: needle) != nil }

    /// Whether the text begins with `prefix`, compared by the byte: `hasPrefix` compares characters, which was a
    /// tenth of reading a large dump, where every token of every line is asked about a dozen keys.
    func utf8HasPrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
}

extension Collection where Element == UInt8 {
    /// Whether the bytes hold `needle`'s UTF-8 bytes.
    func bytesContain(_ needle: String) -> Bool {
        needle.isEmpty || bytesRange(of: needle) != nil
    }

    /// The first range of `needle`'s UTF-8 bytes (nil for an empty needle).
    func bytesRange(of needle: String) -> Range<Index>? {
        let n = Array(needle.utf8)
        guard let first = n.first, count >= n.count else { return nil }
        var i = startIndex
        while let start = self[i...].firstIndex(of: first) {
            var a = start, k = 0
            while k < n.count, a < endIndex, self[a] == n[k] { a = index(after: a); k += 1 }
            if k == n.count { return start..<a }
            i = index(after: start)
        }
        return nil
    }
}

extension String {
    /// The bytes as text when they are valid UTF-8, else nil: `String(validating:as:)` without its generic
    /// decoding (about 1,000 instructions a call in metadata look-ups alone, 17 M for one bundle's typed objects).
    /// Decoding repairs each ill-formed part as U+FFFD, so the text's bytes equal the input exactly when it had none
    /// (a repaired part of the same length still begins with another byte).
    init?(validUTF8 bytes: ArraySlice<UInt8>) {
        let text = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        var copy = text
        let same = copy.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { b in utf8.count == b.count && (b.isEmpty || memcmp(utf8.baseAddress!, b.baseAddress!, b.count) == 0) }
        }
        guard same else { return nil }
        self = text
    }
}

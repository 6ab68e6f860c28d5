extension StringProtocol {
    /// The first range of `needle`, found on UTF-8 bytes. Foundation's `range(of:)` goes through CFString and
    /// locale-aware comparison, which made importing a large dump several times slower than it needs to be.
    func utf8Range(of needle: String) -> Range<Index>? {
        let n = Array(needle.utf8)
        guard let first = n.first else { return nil }
        let hay = utf8
        var i = hay.startIndex
        while let start = hay[i...].firstIndex(of: first) {
            var a = start, k = 0
            while k < n.count, a < hay.endIndex, hay[a] == n[k] { a = hay.index(after: a); k += 1 }
            if k == n.count { return start..<a }
            i = hay.index(after: start)
        }
        return nil
    }

    func utf8Contains(_ needle: String) -> Bool { utf8Range(of: needle) != nil }

    /// Whether the text begins with `prefix`, compared by the byte: `hasPrefix` compares characters, which was a
    /// tenth of reading a large dump, where every token of every line is asked about a dozen keys.
    func utf8HasPrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
}

extension Collection where Element == UInt8 {
    /// Whether the bytes hold `needle`'s UTF-8 bytes.
    func bytesContain(_ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first, count >= n.count else { return n.isEmpty }
        var i = startIndex
        while let start = self[i...].firstIndex(of: first) {
            var a = start, k = 0
            while k < n.count, a < endIndex, self[a] == n[k] { a = index(after: a); k += 1 }
            if k == n.count { return true }
            i = index(after: start)
        }
        return false
    }
}

import Foundation

/// The test-data strings of three or more characters, indexed for the `hardcodedText` rule's question "does this
/// text contain one of them" (a name inside a greeting). Asking every string of the archive's test data about
/// every text was quadratic: an archive with 10,000 data strings and 10,000 unmarked labels took minutes.
///
/// The index answers with candidates, and the rule decides with the same `contains` as before: a candidate must
/// pass a test that every string found in the text passes. The text search matches canonically equivalent text
/// (`cafe` + U+0301 is found in `café`, and a match may start at a combining mark), so the test compares
/// starters: the scalars of the canonical decomposition (NFD) with combining class 0. A match is canonically
/// equivalent to the string, so its decomposition has the same starters, and those lie side by side among the
/// text's own (canonical reordering moves only combining marks, between starters). Strings are bucketed by
/// their first three starters; the few with fewer are always candidates.
struct TestDataIndex {
    private struct Entry {
        let text: String
        let starters: [UInt32]
    }
    private var buckets: [UInt64: [Entry]] = [:]
    private var short: [Entry] = []

    init(_ data: Set<String>) {
        for d in data where d.count >= 3 {
            let entry = Entry(text: d, starters: TestDataIndex.starters(d))
            if entry.starters.count >= 3 {
                buckets[TestDataIndex.key(entry.starters, at: 0), default: []].append(entry)
            } else {
                short.append(entry)
            }
        }
    }

    var isEmpty: Bool { buckets.isEmpty && short.isEmpty }

    /// The data strings that may occur in `text`: every one that does is among them.
    func candidates(in text: String) -> [String] {
        guard !isEmpty else { return [] }
        let t = TestDataIndex.starters(text)
        var out = short.filter { TestDataIndex.occurs($0.starters, in: t) }.map(\.text)
        guard t.count >= 3 else { return out }
        var seen = Set<UInt64>()
        for p in 0...(t.count - 3) {
            let k = TestDataIndex.key(t, at: p)
            guard seen.insert(k).inserted, let bucket = buckets[k] else { continue }
            for e in bucket where TestDataIndex.occurs(e.starters, in: t) { out.append(e.text) }
        }
        return out
    }

    static func starters(_ s: String) -> [UInt32] {
        // ASCII is its own decomposition, and every ASCII scalar a starter (most labels and data are).
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.utf8.map(UInt32.init) }
        return s.decomposedStringWithCanonicalMapping.unicodeScalars.compactMap {
            $0.properties.canonicalCombiningClass == .notReordered ? $0.value : nil
        }
    }

    /// Three scalars (21 bits each) as one key.
    static func key(_ s: [UInt32], at p: Int) -> UInt64 {
        UInt64(s[p]) << 42 | UInt64(s[p + 1]) << 21 | UInt64(s[p + 2])
    }

    /// Whether `needle` lies side by side somewhere in `haystack`.
    static func occurs(_ needle: [UInt32], in haystack: [UInt32]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}

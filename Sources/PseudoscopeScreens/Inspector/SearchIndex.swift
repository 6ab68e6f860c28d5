import PseudoscopeCore
import PseudoscopeDrawing

/// Case-insensitive substring search over each element's identifier, label, value and type, and the string
/// keys it shows (`--strings`).
///
/// The lowered texts of all elements sit in one byte buffer, so a query is one scan of contiguous memory
/// rather than four lowercasings per element per typed character; a longer query that extends the previous
/// one only re-checks the previous matches.
public struct SearchIndex: Sendable, Equatable {
    private let bytes: [UInt8]
    /// Where each element's text starts in `bytes`; one extra entry marks the end.
    private let starts: [Int]

    public init(_ h: Hierarchy, extra: [Int: [String]] = [:]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(h.count + 1)
        bytes.reserveCapacity(h.count * 48)
        func add(_ field: String) {
            guard !field.isEmpty else { return }
            SearchIndex.appendLowered(field, to: &bytes)
            bytes.append(0)  // a query never spans two fields
        }
        for i in h.indices {
            starts.append(bytes.count)
            let e = h[i]
            add(e.identifier)
            add(e.label)
            add(e.value)
            add(e.type)
            if !extra.isEmpty, let keys = extra[i] { keys.forEach(add) }
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    /// The text lowered scalar by scalar (the same for the index and the query, so matching is consistent),
    /// appended as UTF-8; NUL becomes a space (NUL separates fields).
    static func appendLowered(_ s: String, to bytes: inout [UInt8]) {
        var copy = s
        copy.withUTF8 { buf in
            if buf.allSatisfy({ $0 < 0x80 }) {
                for b in buf { bytes.append(b >= 0x41 && b <= 0x5A ? b + 32 : (b == 0 ? 0x20 : b)) }
                return
            }
            for u in s.unicodeScalars {
                if u.value < 0x80 {
                    let b = UInt8(u.value)
                    bytes.append(b >= 0x41 && b <= 0x5A ? b + 32 : (b == 0 ? 0x20 : b))
                } else if SearchIndex.isCaseless(u) || !u.properties.changesWhenLowercased {
                    UTF8.encode(u) { bytes.append($0) }
                } else {
                    for l in u.properties.lowercaseMapping.unicodeScalars { UTF8.encode(l) { bytes.append($0) } }
                }
            }
        }
    }

    /// Blocks without letter case (CJK, kana, Hangul, Arabic, Hebrew, Thai, punctuation): answered without a
    /// Unicode property lookup, which was most of building the index for a large screen.
    static func isCaseless(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x3000...0x9FFF, 0xAC00...0xD7A3, 0x0590...0x06FF, 0x0E00...0x0E7F, 0x2000...0x206F, 0xFF01...0xFF20, 0xFF3B...0xFFEF: return true
        default: return false
        }
    }

    /// The elements whose text contains `query`, in tree order. `within`, when given, restricts the search to
    /// those elements (the matches of a prefix of this query).
    public func matches(_ query: String, within: [Int]? = nil) -> [Int] {
        var needle: [UInt8] = []
        SearchIndex.appendLowered(query, to: &needle)
        guard !needle.isEmpty else { return [] }
        if let candidates = within {
            return candidates.filter { contains(needle, from: starts[$0], to: starts[$0 + 1]) }
        }
        var out: [Int] = []
        var at = 0
        let end = bytes.count
        while let hit = find(needle, from: at, to: end) {
            // The element holding this hit: the last start at or before it.
            let element = WrapAround.upperBound(starts, hit) - 1
            out.append(element)
            at = starts[element + 1]  // one match per element is enough
        }
        return out
    }

    private func contains(_ needle: [UInt8], from: Int, to: Int) -> Bool { find(needle, from: from, to: to) != nil }

    private func find(_ needle: [UInt8], from: Int, to: Int) -> Int? {
        let n = needle.count
        guard to - from >= n else { return nil }
        let first = needle[0]
        var i = from
        let last = to - n
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < n && bytes[i + k] == needle[k] { k += 1 }
                if k == n { return i }
            }
            i += 1
        }
        return nil
    }
}

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
    public func bytesContain(_ needle: String) -> Bool {
        needle.isEmpty || bytesRange(of: needle) != nil
    }

    /// The first range of `needle`'s UTF-8 bytes (nil for an empty needle). Where the bytes lie in one piece
    /// (a native string's, an array's) the C library finds them (`memchr` for the first byte, `memcmp` for the rest): the generic walk below, index by
    /// index, was an eighth of reading a 100,000-element dump.
    public func bytesRange(of needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var key = needle
        let found = withContiguousStorageIfAvailable { hay -> Int? in
            key.withUTF8 { k -> Int? in
                guard let base = hay.baseAddress, hay.count >= k.count else { return nil }
                // Each place the first byte is (memchr), then the rest compared (memcmp).
                let first = Int32(k[0]), last = hay.count - k.count
                var at = 0
                while at <= last, let hit = memchr(base + at, first, last - at + 1) {
                    let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, k.baseAddress!, k.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
        if let found {
            guard let offset = found else { return nil }
            let start = index(startIndex, offsetBy: offset)
            return start..<index(start, offsetBy: needle.utf8.count)
        }
        return walkedBytesRange(of: needle)
    }

    /// `bytesRange(of:)` by walking the collection, for bytes that do not lie in one piece.
    func walkedBytesRange(of needle: String) -> Range<Index>? {
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
    /// decoding, which was most of reading a result bundle's typed objects. Decoding repairs each ill-formed part
    /// as U+FFFD, so the text's bytes equal the input exactly when it had none (a repaired part of the same length
    /// still begins with another byte).
    init?(validUTF8 bytes: ArraySlice<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}

extension StringProtocol {
    /// Every occurrence of `needle` replaced by `replacement`, matched on UTF-8 bytes from the left, matches not
    /// overlapping. Foundation's `replacingOccurrences(of:with:)` bridges both strings to NSString and searches
    /// them through CFString (a result bundle's few dozen platform names and test names: 1.8 M instructions, most
    /// of it the bridging's first use); for the needles given here, all ASCII, it finds the same matches.
    func utf8Replacing(_ needle: String, with replacement: String) -> String {
        let n = needle.utf8.count
        guard n > 0, var found = utf8Range(of: needle) else { return String(self) }
        var out = ""
        var rest = self[...]
        while true {
            out += rest[..<found.lowerBound]
            out += replacement
            rest = rest[found.upperBound...]
            guard let next = rest.utf8Range(of: needle) else { break }
            found = next
        }
        out += rest
        return out
    }

    /// Without the white space at either end, by the scalar, as Foundation's `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` cuts it: its set is the scalars with Unicode's White_Space property (tab to
    /// carriage return, space, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000) and
    /// the zero width space U+200B (every scalar compared in FoundationAgreementTests). `trimmingWhitespace()` cuts
    /// whole characters, a space that a combining mark follows too.
    func trimmingWhiteSpaceScalars() -> String { trimmingScalars { $0.properties.isWhitespace || $0 == "\u{200B}" } }

    /// Without the scalars `cut` accepts at either end (Foundation's `trimmingCharacters(in:)` of that set).
    func trimmingScalars(_ cut: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, cut(scalars[start]) { start = scalars.index(after: start) }
        while end > start, cut(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(self[start..<end])
    }

    /// Whether the text is empty or only spaces and tabs: nothing is left after Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, whose set is Unicode's space separators (Zs), the tab and U+200B.
    var isBlankLine: Bool {
        unicodeScalars.allSatisfy { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }
}

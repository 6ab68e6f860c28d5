/// Jumps through a sorted list of targets (matches, findings, differences) with wrap-around.
public enum WrapAround {
    /// The next target after `current` (or before it, backwards), and whether the jump wrapped.
    public static func next(in sorted: [Int], from current: Int, forward: Bool) -> (target: Int, wrapped: Bool)? {
        guard let first = sorted.first, let last = sorted.last else { return nil }
        if forward {
            let k = upperBound(sorted, current)
            return k < sorted.count ? (sorted[k], false) : (first, true)
        }
        let k = lowerBound(sorted, current)
        return k > 0 ? (sorted[k - 1], false) : (last, true)
    }

    /// The first index whose value is >= v.
    public static func lowerBound(_ a: [Int], _ v: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if a[m] < v { lo = m + 1 } else { hi = m } }
        return lo
    }

    /// The first index whose value is > v.
    public static func upperBound(_ a: [Int], _ v: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if a[m] <= v { lo = m + 1 } else { hi = m } }
        return lo
    }

    /// Whether the sorted array holds `v` (binary search: per-row checks stay cheap on large lists).
    public static func contains(_ a: [Int], _ v: Int) -> Bool {
        let k = lowerBound(a, v)
        return k < a.count && a[k] == v
    }
}

import Foundation

/// Findings for a set of archives: each archive's own, plus the pair rule for every rtl archive that has an
/// LTR archive of the same screen (the `normal` run preferred, else `expanded`).
public enum RunSetAnalysis {
    /// The LTR partner of each rtl archive, by index.
    public static func mirrorPartners(_ archives: [Archive?]) -> [Int: Int] {
        var byScreen: [String: [Int]] = [:]
        for (k, a) in archives.enumerated() { if let a = a { byScreen[a.screen, default: []].append(k) } }
        var partners: [Int: Int] = [:]
        for (_, members) in byScreen {
            let ltr = members.first { archives[$0]!.mode == .normal } ?? members.first { archives[$0]!.mode == .expanded }
            guard let l = ltr else { continue }
            for k in members where archives[k]!.mode == .rtl { partners[k] = l }
        }
        return partners
    }

    /// Each archive's findings, sorted, with pair findings added to rtl archives. A pair finding on an element
    /// that the one-archive rule already reported is left out.
    public static func findings(_ archives: [Archive?]) -> [[Finding]] {
        var out = ConcurrentMap.map(archives) { $0.map { LayoutChecker($0).findings() } ?? [] }
        let partners = mirrorPartners(archives).sorted { $0.key < $1.key }
        let pairs = ConcurrentMap.map(partners) { RunComparison(archives[$0.value]!, archives[$0.key]!).mirrorFindings }
        for ((rtl, _), pair) in zip(partners, pairs) {
            let already = Set(out[rtl].filter { $0.rule == .rtlNotMirrored }.compactMap(\.element))
            out[rtl] = LayoutChecker.sorted(out[rtl] + pair.filter { !already.contains($0.element ?? -1) })
        }
        return out
    }
}

/// `map` on every core, keeping the order. Used where each item is independent (loading and checking archives).
public enum ConcurrentMap {
    public static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let out = buffer
            // Each index is written by exactly one iteration, so the writes never race.
            DispatchQueue.concurrentPerform(iterations: items.count) { k in
                out[k] = transform(items[k])
            }
        }
        return results.map { $0! }
    }
}

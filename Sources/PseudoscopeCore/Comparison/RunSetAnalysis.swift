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
        var out = archives.map { $0.map { LayoutChecker($0).findings() } ?? [] }
        for (rtl, ltr) in mirrorPartners(archives) {
            let pair = RunComparison(archives[ltr]!, archives[rtl]!).mirrorFindings
            let already = Set(out[rtl].filter { $0.rule == .rtlNotMirrored }.compactMap(\.element))
            out[rtl] = LayoutChecker.sorted(out[rtl] + pair.filter { !already.contains($0.element ?? -1) })
        }
        return out
    }
}

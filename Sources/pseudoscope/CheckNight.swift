import Foundation
import PseudoscopeCore

/// What every report of `check` reads: each input's outcome, in the order given, and its findings as the options
/// filter them (`--min-severity`, `--rule`). A night's findings wait in a spool (`FindingSpool`) while it is
/// judged; each report reads one archive's back when it writes that archive, so memory holds the summaries and
/// one archive's findings, however many findings the night has (docs/performance.md). The counts come from each
/// summary's tally, so a report's header and the exit status need no finding read.
struct CheckNight {
    var outcomes: [CheckCommand.Outcome]
    let spool: FindingSpool?
    let baseline: Baseline?
    var minSeverity: Severity = .review
    var rules: Set<Rule>?

    /// One outcome's findings, filtered, in the order every view sorts them.
    func findings(_ o: CheckCommand.Outcome) throws -> [Finding] {
        guard let s = o.summary else { return [] }
        let all = try s.loadFindings(from: spool, baseline: baseline)
        // Filtered only when asked: filtering copies every finding.
        guard minSeverity != .review || rules != nil else { return all }
        return all.filter { $0.severity <= minSeverity && (rules?.contains($0.rule) ?? true) }
    }

    /// One outcome's findings counted, filtered, without reading them.
    func counts(_ o: CheckCommand.Outcome) -> FindingCounts {
        o.summary?.tally.counts(minSeverity: minSeverity, rules: rules) ?? FindingCounts()
    }

    /// Known issues still within their entry among an outcome's filtered findings.
    func known(_ o: CheckCommand.Outcome) -> Int {
        o.summary?.tally.known(minSeverity: minSeverity, rules: rules) ?? 0
    }

    /// How many findings of a rule an outcome has, filtered, and how many of them are blocking.
    func count(_ o: CheckCommand.Outcome, of rule: Rule) -> (findings: Int, blocking: Int) {
        guard rules?.contains(rule) ?? true, let s = o.summary else { return (0, 0) }
        return s.tally.count(of: rule, minSeverity: minSeverity)
    }

    /// Whether a filtered finding of any outcome blocks the merge now.
    var blocks: Bool { outcomes.contains { counts($0).blockingNow > 0 } }
}

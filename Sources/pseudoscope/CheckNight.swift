import Foundation
import PseudoscopeCore

/// What every report of `check` reads: each input's outcome, in the order given, and its findings as the options
/// filter them (`--min-severity`, `--rule`). A night's archives have their reports' parts written by the workers
/// that judged them (`CheckPart`), and any other findings wait in a spool (`FindingSpool`); a report copies each
/// archive's part, or writes it from the findings read back, so memory holds the summaries and one archive's
/// findings, however many findings the night has (docs/performance.md). The counts come from each summary's
/// tally, so a report's header and the exit status need no finding read.
struct CheckNight {
    var outcomes: [CheckCommand.Outcome]
    let spool: FindingSpool?
    let baseline: Baseline?
    var minSeverity: Severity = .review
    var rules: Set<Rule>?
    /// The reports' parts, in the order the spool holds them (`reports`).
    var parts: [CheckPart] = []
    /// `--accept-no-hierarchy`: a run without a hierarchy is checked (and JUnit skips it with the reason).
    var acceptNoHierarchy = false

    /// What the workers write of each archive for the reports: the parts, of the findings the options keep.
    static func reports(_ parts: [CheckPart], minSeverity: Severity, rules: Set<Rule>?) -> FindingSpool.Reports {
        // Filtered only when asked: filtering copies every finding.
        var keeps: (@Sendable (Finding) -> Bool)?
        if minSeverity != .review || rules != nil {
            keeps = { (f: Finding) -> Bool in f.severity <= minSeverity && (rules?.contains(f.rule) ?? true) }
        }
        return FindingSpool.Reports(keeps: keeps, parts: parts.map(\.write))
    }

    var reports: FindingSpool.Reports { CheckNight.reports(parts, minSeverity: minSeverity, rules: rules) }

    /// One outcome's findings, filtered, in the order every view sorts them.
    func findings(_ o: CheckCommand.Outcome) throws -> [Finding] {
        guard let s = o.summary else { return [] }
        // Only the reports' parts kept (and asked for another report): an empty list would pass for an archive
        // without findings. (The reports and their parts are decided in one place, `CheckPart.standardOutput`.)
        if !s.parts.isEmpty && !s.isSpooled {
            throw ArchiveError(file: s.sourcePath, message: "its findings were kept only as other reports' parts")
        }
        return reports.shown(try s.loadFindings(from: spool, baseline: baseline))
    }

    /// The bytes of an outcome's part of a report that its worker wrote; nil when the report writes it (`putPart`).
    func writtenPart(_ kind: CheckPart.Kind, of o: CheckCommand.Outcome) throws -> [UInt8]? {
        guard let k = parts.firstIndex(where: { $0.kind == kind }), let s = o.summary, k < s.parts.count, let spool else { return nil }
        return try spool.readPart(s.parts[k])
    }

    /// An outcome's part of a report, after what `out` holds: as its worker wrote it, else written from its findings.
    func putPart(_ part: CheckPart, of o: CheckCommand.Outcome, into out: inout TextBytes) throws {
        if let bytes = try writtenPart(part.kind, of: o) {
            bytes.withUnsafeBufferPointer { out.put($0) }
            return
        }
        guard let s = o.summary else { return }
        let found = try findings(o)
        found.withUnsafeBufferPointer { part.write($0, s, &out) }
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

/// One input of a night as the engine judged it: the run's summary when it was read, and its verdict (checked, not
/// checked and why, or unreadable and where).
public struct RunOutcome: Sendable {
    /// The file read (`…/archive.json`, `B.xcresult#N`), or the input as given when it could not be read.
    public var path: String
    public var summary: ArchiveSummary?
    public var verdict: Verdict
    /// What kept it from being read, in full (its file and place), for the one line on standard error.
    public var error: ArchiveError?

    public init(path: String, summary: ArchiveSummary?, verdict: Verdict, error: ArchiveError? = nil) {
        self.path = path
        self.summary = summary
        self.verdict = verdict
        self.error = error
    }
}

/// A night's inputs judged once (`Engine.judgeNight`): every outcome in the order given, the bundles that passed,
/// and the night's totals, which every report of `check` prints and its exit status follows. The findings wait in
/// the spool, when there is one, and are read back one run at a time (`findings(of:)`).
public struct Night: Sendable {
    /// The night's counts, summed once from the verdicts.
    public struct Totals: Equatable, Sendable {
        /// Runs judged (accepted runs without a hierarchy among them) and runs with a finding that blocks now.
        public var checked = 0
        public var blocked = 0
        /// Accepted without a hierarchy (`--accept-no-hierarchy`).
        public var accepted = 0
        public var notChecked = 0
        public var unreadable = 0
        /// Judged, on a hierarchy that stops in the middle (`Verdict.incomplete`).
        public var incomplete = 0
        /// Bundles whose tests all passed: nothing to judge, and said so.
        public var passed = 0
        /// The shown findings of every judged run.
        public var counts = FindingCounts()
        /// The shown findings of every run by rule, and how many runs have any.
        public var byRule: [(count: Verdict.RuleCount, runs: Int)] = []

        public static func == (a: Totals, b: Totals) -> Bool {
            (a.checked, a.blocked, a.accepted, a.notChecked, a.unreadable, a.passed) == (
                b.checked, b.blocked, b.accepted, b.notChecked, b.unreadable, b.passed
            )
                && a.incomplete == b.incomplete
                && a.counts == b.counts && a.byRule.map(\.count) == b.byRule.map(\.count) && a.byRule.map(\.runs) == b.byRule.map(\.runs)
        }
    }

    public var outcomes: [RunOutcome]
    public var passed: [String]
    /// The result bundles' whole picture, summed over the bundles given: nil when none says.
    public var tests: TestTally?
    public let totals: Totals
    let spool: FindingSpool?
    let baseline: Baseline?
    let filter: FindingFilter

    public init(outcomes: [RunOutcome], passed: [String], spool: FindingSpool?, baseline: Baseline?, filter: FindingFilter) {
        self.outcomes = outcomes
        self.passed = passed
        self.spool = spool
        self.baseline = baseline
        self.filter = filter
        var t = Totals()
        t.passed = passed.count
        var rules: [Rule: (count: Verdict.RuleCount, runs: Int)] = [:]
        for o in outcomes {
            let v = o.verdict
            switch v.status {
            case .checked: t.checked += 1
            case .acceptedWithoutHierarchy: t.checked += 1; t.accepted += 1
            case .notChecked: t.notChecked += 1
            case .unreadable: t.unreadable += 1
            }
            guard v.isChecked else { continue }
            if v.blocks { t.blocked += 1 }
            if v.incomplete != nil { t.incomplete += 1 }
            t.counts = t.counts + v.counts
            for r in v.byRule {
                var sum = rules[r.rule] ?? (Verdict.RuleCount(rule: r.rule, findings: 0, blocking: 0, blockingNow: 0), 0)
                sum.count.findings += r.findings
                sum.count.blocking += r.blocking
                sum.count.blockingNow += r.blockingNow
                sum.count.new += r.new
                sum.runs += 1
                rules[r.rule] = sum
            }
        }
        t.byRule = Rule.allCases.compactMap { rules[$0] }
        totals = t
    }

    /// A run's findings as the filter shows them, in the order every view sorts them (read back from the spool).
    public func findings(of o: RunOutcome) throws -> [Finding] {
        guard let s = o.summary else { return [] }
        return filter.shown(try s.loadFindings(from: spool, baseline: baseline))
    }

    /// What the night's exit status says: blocking findings first, then an unreadable input, then one read and not
    /// checked; green only when everything given was read and judged and nothing blocks.
    public enum Outcome: Equatable, Sendable { case green, blocked, unreadable, notChecked }

    public var outcome: Outcome {
        if totals.unreadable > 0 { return .unreadable }
        if totals.blocked > 0 { return .blocked }
        // A hierarchy cut in the middle was judged on part of the screen: not green either.
        return totals.notChecked + totals.incomplete > 0 ? .notChecked : .green
    }
}

extension Engine {
    /// A night (`check`'s inputs, once discovered): every run judged and paired (`judgeAll`), every input that could
    /// not be read or judged kept with its reason, in the order given.
    public func judgeNight(_ discovery: ArchiveDiscovery.Result, spool: FindingSpool?) -> Night {
        var outcomes = zip(discovery.paths, judgeAll(discovery.paths, spool: spool)).map { path, result -> RunOutcome in
            switch result {
            case .success(let s): return RunOutcome(path: s.sourcePath, summary: s, verdict: s.verdict)
            case .failure(let e): return RunOutcome(path: path, summary: nil, verdict: Verdict(status: .unreadable(e.located)), error: e)
            }
        }
        outcomes += discovery.unchecked.map { RunOutcome(path: $0.file, summary: nil, verdict: Verdict(status: .notChecked($0.message))) }
        outcomes += discovery.problems.map { RunOutcome(path: $0.file, summary: nil, verdict: Verdict(status: .unreadable($0.located)), error: $0) }
        var night = Night(outcomes: outcomes, passed: discovery.passed, spool: spool, baseline: triage?.baseline, filter: filter)
        night.tests = discovery.totalTests
        return night
    }
}

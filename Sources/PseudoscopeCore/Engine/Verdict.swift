/// Which findings a report shows (`check --min-severity`, `--rule`): decided here once, for the counts, the exit
/// status and every report's lines alike.
public struct FindingFilter: Equatable, Sendable {
    public var minSeverity: Severity
    /// Nil for every rule.
    public var rules: Set<Rule>?

    public init(minSeverity: Severity = .review, rules: Set<Rule>? = nil) {
        self.minSeverity = minSeverity
        self.rules = rules
    }

    public func keeps(_ f: Finding) -> Bool { keeps(f.rule, f.severity) }
    public func keeps(_ rule: Rule, _ severity: Severity) -> Bool { severity <= minSeverity && (rules?.contains(rule) ?? true) }

    /// The findings this filter keeps, in the order given.
    public func shown(_ findings: [Finding]) -> [Finding] {
        minSeverity == .review && rules == nil ? findings : findings.filter(keeps)
    }
}

/// One run's verdict, decided once (`Verdict.init`), by the engine, from the run's final findings (the pair rule's
/// among them) or from why it could not be judged. Every report (`check`'s text, JSON, JUnit, Markdown, groups)
/// and every view (the list, the inspector's header, `compare`, `info`) renders it; none counts findings again.
public struct Verdict: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        /// Read and judged.
        case checked
        /// Read, with no hierarchy to judge, and accepted so (`--accept-no-hierarchy`): the reason.
        case acceptedWithoutHierarchy(String)
        /// Read and not judged (no hierarchy, the build failed, no test ran): the reason. Never green.
        case notChecked(String)
        /// Could not be read: the error, located.
        case unreadable(String)
    }

    /// How many findings of a rule the filter shows, and how many of them block now.
    public struct RuleCount: Equatable, Sendable {
        public var rule: Rule
        public var findings: Int
        public var blocking: Int
        public var blockingNow: Int
        /// Findings not in the previous run (`--since`).
        public var new = 0

        public init(rule: Rule, findings: Int = 0, blocking: Int = 0, blockingNow: Int = 0, new: Int = 0) {
            self.rule = rule
            self.findings = findings
            self.blocking = blocking
            self.blockingNow = blockingNow
            self.new = new
        }
    }

    public var status: Status
    /// The shown findings, counted.
    public var counts = FindingCounts()
    /// The shown findings by rule, in `Rule.allCases` order; rules without any left out.
    public var byRule: [RuleCount] = []
    /// How the rtl pair rule met the run.
    public var pairing: Pairing = .notApplicable
    /// Where and why the run's hierarchy stops in the middle (a text cut mid-element): its findings are those of
    /// what is there, and the run keeps a night from being green, as one not checked does.
    public var incomplete: String?
    /// The failure read as a query and answered against the tree: the element it looked for, its match or the
    /// nearest candidates (`QueryAnswer`); nil when the failure names no query.
    public var answer: QueryAnswer?

    /// A run judged: its findings, as the filter shows them, counted. A run without a hierarchy has none to count:
    /// it is not checked, unless the user accepted such runs.
    public init(
        findings: [Finding], hierarchyNote: String?, pairing: Pairing, filter: FindingFilter, acceptsNoHierarchy: Bool,
        incomplete: String? = nil, answer: QueryAnswer? = nil
    ) {
        self.incomplete = incomplete
        self.answer = answer
        if let note = hierarchyNote {
            status = acceptsNoHierarchy ? .acceptedWithoutHierarchy(note) : .notChecked(note)
        } else {
            status = .checked
        }
        self.pairing = pairing
        // By `Rule.index`, the order `byRule` lists them in (a rule hashes as its name: a dictionary by rule hashed
        // a string for every finding).
        var rules = [RuleCount?](repeating: nil, count: Rule.allCases.count)
        // The four fields read in place: handing a finding to a function copied it, retaining every string it holds.
        for k in findings.indices {
            let rule = findings[k].rule, severity = findings[k].severity, novelty = findings[k].novelty
            guard filter.keeps(rule, severity) else { continue }
            let known = findings[k].known
            counts.add(severity: severity, knownNow: Finding.isKnownNow(known), novelty: novelty)
            let slot = rule.index
            var r = rules[slot] ?? RuleCount(rule: rule, findings: 0, blocking: 0, blockingNow: 0)
            r.findings += 1
            if severity == .blocking { r.blocking += 1 }
            if Finding.blocks(severity, known) { r.blockingNow += 1 }
            if novelty == .new { r.new += 1 }
            rules[slot] = r
        }
        byRule = rules.compactMap { $0 }
    }

    /// An input that was not judged, and why.
    public init(status: Status) {
        self.status = status
    }

    /// Read and judged, or accepted without a hierarchy: what can be green.
    public var isChecked: Bool {
        switch status {
        case .checked, .acceptedWithoutHierarchy: return true
        case .notChecked, .unreadable: return false
        }
    }

    public var isUnreadable: Bool {
        if case .unreadable = status { return true }
        return false
    }

    /// Read but not judged (not an error): it keeps a night from being green (exit 3).
    public var isNotChecked: Bool {
        if case .notChecked = status { return true }
        return false
    }

    /// Why the run was not judged (the reason, or the error); nil when it was.
    public var reason: String? {
        switch status {
        case .checked: return nil
        case .acceptedWithoutHierarchy(let why), .notChecked(let why), .unreadable(let why): return why
        }
    }

    /// Why a run read from an archive had nothing to judge: the hierarchy it lacks.
    public var hierarchyNote: String? {
        switch status {
        case .notChecked(let why), .acceptedWithoutHierarchy(let why): return why
        case .checked, .unreadable: return nil
        }
    }

    /// Whether a shown finding blocks the merge now.
    public var blocks: Bool { counts.blockingNow > 0 }

    /// Whether the run passes, and if not why, in one word every report and view reads instead of deciding it
    /// again: Markdown's sections, the list's rows, the exit status's totals.
    public enum Passing: String, Sendable {
        case blocked, incomplete, notChecked = "not checked", unreadable
        /// Passes: accepted without a hierarchy, findings for review only, or nothing found.
        case accepted, reviewOnly = "review only", clean

        /// The words that pass.
        public static let allPassing: [Passing] = [.accepted, .reviewOnly, .clean]
    }

    public var passing: Passing {
        switch status {
        case .unreadable: return .unreadable
        case .notChecked: return .notChecked
        case .acceptedWithoutHierarchy: return .accepted
        case .checked:
            if blocks { return .blocked }
            if incomplete != nil { return .incomplete }
            return counts.total > 0 ? .reviewOnly : .clean
        }
    }

    public var passes: Bool { Passing.allPassing.contains(passing) }
}

/// What a report needs of an archive's findings before it reads them back from the spool (`FindingSpool`): how
/// many there are of each rule and severity, known, new or still there, and their fingerprints (for stale
/// baseline entries and what is gone since the previous run). Small: kept for every archive of a night.
public struct FindingTally: Equatable, Sendable {
    /// The findings of one rule and severity.
    public struct Counts: Equatable, Sendable {
        public var findings = 0
        /// Known issues still within their baseline entry: a blocking one does not block now.
        public var known = 0
        public var new = 0
        public var still = 0
    }

    public struct Key: Hashable, Sendable {
        public var rule: Rule
        public var severity: Severity
    }

    public private(set) var counts: [Key: Counts] = [:]
    /// As numbers: a fingerprint is 16 hex digits (`Fingerprint`), and a string of 16 bytes is one allocation more.
    private var fingerprintValues: [UInt64] = []
    /// Any that were not 16 hex digits, as they are.
    private var otherFingerprints: [String] = []
    /// The elements of the archive's own `rtl-not-mirrored` findings: a pair finding on one of them is left out.
    public private(set) var mirroredElements: Set<Int> = []

    public init() {}

    public init(_ findings: [Finding]) {
        add(findings, own: true)
    }

    public mutating func add(_ findings: [Finding], own: Bool = false) {
        // Counted in a table by rule and severity, folded into `counts` at the end: a `Key` hashes its rule's raw
        // string, and doing so for each of thousands of findings cost more than the rest of counting. Read
        // through the buffer: `for f in findings` copied each finding, retaining all its strings.
        let rules = Rule.allCases
        var table = [Counts](repeating: Counts(), count: rules.count * 2)
        fingerprintValues.reserveCapacity(fingerprintValues.count + findings.count)
        findings.withUnsafeBufferPointer { found in
            for k in found.indices {
                let slot = rules.firstIndex(of: found[k].rule)! * 2 + found[k].severity.rank
                table[slot].findings += 1
                if Finding.isKnownNow(found[k].known) { table[slot].known += 1 }
                if found[k].novelty == .new { table[slot].new += 1 } else if found[k].novelty == .still { table[slot].still += 1 }
                if let v = Fingerprint.value(found[k].fingerprint) { fingerprintValues.append(v) } else { otherFingerprints.append(found[k].fingerprint) }
                if own, found[k].rule == .rtlNotMirrored, let i = found[k].element { mirroredElements.insert(i) }
            }
        }
        for (slot, c) in table.enumerated() where c.findings > 0 {
            let key = Key(rule: rules[slot / 2], severity: slot % 2 == 0 ? .blocking : .review)
            counts[key] = Counts(findings: (counts[key]?.findings ?? 0) + c.findings, known: (counts[key]?.known ?? 0) + c.known,
                                 new: (counts[key]?.new ?? 0) + c.new, still: (counts[key]?.still ?? 0) + c.still)
        }
    }

    /// Adds another tally's counts and fingerprints (a pair's findings, counted when they were spilled).
    public mutating func add(_ other: FindingTally) {
        counts.merge(other.counts) { a, b in Counts(findings: a.findings + b.findings, known: a.known + b.known, new: a.new + b.new, still: a.still + b.still) }
        fingerprintValues += other.fingerprintValues
        otherFingerprints += other.otherFingerprints
    }

    /// The findings' fingerprints, as they are written.
    public var fingerprints: [String] { fingerprintValues.map(Fingerprint.hex) + otherFingerprints }

    /// Whether a filter (`check --min-severity`, `--rule`) keeps findings of this rule and severity.
    static func keeps(_ key: Key, minSeverity: Severity, rules: Set<Rule>?) -> Bool {
        key.severity <= minSeverity && (rules?.contains(key.rule) ?? true)
    }

    /// The counts of the findings a filter keeps, as every view counts them.
    public func counts(minSeverity: Severity = .review, rules: Set<Rule>? = nil) -> FindingCounts {
        var n = FindingCounts()
        for (key, c) in counts where FindingTally.keeps(key, minSeverity: minSeverity, rules: rules) {
            if key.severity == .blocking {
                n.blocking += c.findings
                n.blockingKnown += c.known
            } else {
                n.review += c.findings
            }
            n.new += c.new
        }
        return n
    }

    /// Known issues still within their entry among the findings a filter keeps.
    public func known(minSeverity: Severity = .review, rules: Set<Rule>? = nil) -> Int {
        counts.reduce(0) { $0 + (FindingTally.keeps($1.key, minSeverity: minSeverity, rules: rules) ? $1.value.known : 0) }
    }

    /// How many findings of a rule a filter keeps, and how many of them block.
    public func count(of rule: Rule, minSeverity: Severity = .review) -> (findings: Int, blocking: Int) {
        let blocking = counts[Key(rule: rule, severity: .blocking)]?.findings ?? 0
        let review = minSeverity == .review ? counts[Key(rule: rule, severity: .review)]?.findings ?? 0 : 0
        return (blocking + review, blocking)
    }

    /// Since the previous run: how many findings are new and how many still there (every finding, unfiltered).
    public var new: Int { counts.values.reduce(0) { $0 + $1.new } }
    public var still: Int { counts.values.reduce(0) { $0 + $1.still } }
    public var total: Int { counts.values.reduce(0) { $0 + $1.findings } }
}

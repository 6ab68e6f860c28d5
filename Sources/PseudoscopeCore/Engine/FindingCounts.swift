/// A run's findings counted the one way every view, report and JSON counts them: blocking findings (known ones
/// among them, which do not block until their baseline entry expires), review findings, and what is new or still
/// there since the previous run. `2 blocking (2 known), 0 review`.
public struct FindingCounts: Equatable, Sendable {
    /// Findings of blocking severity, known or not.
    public var blocking = 0
    /// Of those, the known issues still within their baseline entry: they do not block now.
    public var blockingKnown = 0
    /// Findings of review severity.
    public var review = 0
    /// Known issues of review severity still within their entry.
    public var reviewKnown = 0
    /// Findings that were not in the previous run (`--since`), and those that were.
    public var new = 0
    public var still = 0

    public init() {}

    public init(_ findings: [Finding]) {
        for f in findings { add(f) }
    }

    public mutating func add(_ f: Finding) {
        add(severity: f.severity, knownNow: Finding.isKnownNow(f.known), novelty: f.novelty)
    }

    /// A finding counted from the fields counting reads (`knownNow`: `Finding.isKnownNow`).
    public mutating func add(severity: Severity, knownNow known: Bool, novelty: Novelty?) {
        if severity == .blocking {
            blocking += 1
            if known { blockingKnown += 1 }
        } else {
            review += 1
            if known { reviewKnown += 1 }
        }
        if novelty == .new { new += 1 } else if novelty == .still { still += 1 }
    }

    public static func + (a: FindingCounts, b: FindingCounts) -> FindingCounts {
        var n = a
        n.blocking += b.blocking
        n.blockingKnown += b.blockingKnown
        n.review += b.review
        n.reviewKnown += b.reviewKnown
        n.new += b.new
        n.still += b.still
        return n
    }

    /// Findings that block the merge now.
    public var blockingNow: Int { blocking - blockingKnown }
    /// Known issues still within their entry, of either severity.
    public var known: Int { blockingKnown + reviewKnown }
    public var total: Int { blocking + review }

    /// `2 blocking (2 known), 0 review`.
    public var phrase: String {
        "\(blocking) blocking" + (blockingKnown > 0 ? " (\(blockingKnown) known)" : "") + ", \(review) review"
    }
}

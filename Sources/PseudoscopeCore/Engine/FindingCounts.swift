/// A run's findings counted the one way every view, report and JSON counts them: blocking findings (known ones
/// among them, which do not block until their baseline entry expires), review findings, and what is new since the
/// previous run. `2 blocking (2 known), 0 review`.
public struct FindingCounts: Equatable, Sendable {
    /// Findings of blocking severity, known or not.
    public var blocking = 0
    /// Of those, the known issues still within their baseline entry: they do not block now.
    public var blockingKnown = 0
    /// Findings of review severity.
    public var review = 0
    /// Findings that were not in the previous run (`--since`).
    public var new = 0

    public init() {}

    /// Counted in place (through the buffer: iterating the array copies each finding with all its strings).
    public init(_ findings: [Finding]) {
        findings.withUnsafeBufferPointer { found in
            for k in found.indices {
                if found[k].severity == .blocking {
                    blocking += 1
                    if !Finding.blocks(found[k].severity, found[k].known) { blockingKnown += 1 }
                } else {
                    review += 1
                }
                if found[k].novelty == .new { new += 1 }
            }
        }
    }

    /// Findings that block the merge now.
    public var blockingNow: Int { blocking - blockingKnown }

    /// `2 blocking (2 known), 0 review`.
    public var phrase: String {
        "\(blocking) blocking" + (blockingKnown > 0 ? " (\(blockingKnown) known)" : "") + ", \(review) review"
    }
}

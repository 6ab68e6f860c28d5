/// What the on-call engineer already knows about a night's findings (docs/triage.md): which are known issues
/// (a baseline entry, valid or expired) and which are new since a previous run. Applied to findings after the
/// checks; nothing here changes a severity.
public struct Triage: Sendable {
    public var baseline: Baseline?
    public var today: CalendarDay
    /// The previous run's findings by fingerprint.
    public var previous: [String: PreviousFinding]?

    public init(baseline: Baseline?, today: CalendarDay, previous: [String: PreviousFinding]?) {
        self.baseline = baseline
        self.today = today
        self.previous = previous
    }

    public var isEmpty: Bool { baseline == nil && previous == nil }

    /// Marks each finding known, expired or neither, and new or still there.
    public func apply(_ findings: inout [Finding]) {
        for k in findings.indices {
            let fp = findings[k].fingerprint
            if let e = baseline?.entry(for: fp) {
                findings[k].known = KnownIssue(entry: e, expired: !e.isValid(on: today), daysExpired: today.ordinal - e.expires.ordinal)
            }
            if let p = previous { findings[k].novelty = p[fp] == nil ? .new : .still }
        }
    }

    /// Baseline entries that matched none of `fingerprints`: fixed, or the element changed identity. An entry
    /// that names a screen none of this run's archives shows (`screens`) was not checked, so it is not stale.
    public func stale(_ fingerprints: Set<String>, screens: Set<String>) -> [Baseline.Entry] {
        (baseline?.entries ?? []).filter { !fingerprints.contains($0.fingerprint) && ($0.screen.map(screens.contains) ?? true) }
    }

    /// The previous run's findings on the screens and modes checked now (`runs`, `Settings|rtl`) that are not in
    /// this run.
    public func gone(_ fingerprints: Set<String>, runs: Set<String>) -> [(fingerprint: String, description: String)] {
        (previous ?? [:]).filter { !fingerprints.contains($0.key) && runs.contains($0.value.run) }
            .sorted { $0.value.description < $1.value.description }.map { ($0.key, $0.value.description) }
    }
}

/// A finding that matches a baseline entry.
public struct KnownIssue: Equatable, Sendable {
    public var entry: Baseline.Entry
    /// True from the day after `entry.expires`: the finding blocks again.
    public var expired: Bool
    public var daysExpired: Int

    public init(entry: Baseline.Entry, expired: Bool, daysExpired: Int) {
        self.entry = entry
        self.expired = expired
        self.daysExpired = daysExpired
    }

    /// `known: German copy too long (anna@example.com, until 2026-12-31)`, or the expiry that ended it.
    public var summary: String {
        expired
            ? "known until \(entry.expires), expired \(daysExpired) day\(daysExpired == 1 ? "" : "s") ago: \(entry.reason) (\(entry.owner))"
            : "known: \(entry.reason) (\(entry.owner), until \(entry.expires))"
    }
}

/// Whether a finding was in the previous run.
public enum Novelty: String, Sendable {
    case new, still
}

extension Finding {
    /// Blocks the merge: blocking, and not a known issue whose entry is still valid.
    public var blocks: Bool { Finding.blocks(severity, known) }

    /// `blocks` from the two fields it reads: asked of a finding in place (as `check --json` counts and writes
    /// them), the property copied the whole finding first.
    public static func blocks(_ severity: Severity, _ known: KnownIssue?) -> Bool {
        severity == .blocking && !isKnownNow(known)
    }

    /// A known issue whose baseline entry still holds (not expired): what every count of known findings counts.
    public static func isKnownNow(_ known: KnownIssue?) -> Bool {
        known.map { !$0.expired } ?? false
    }

    /// `text-truncated on Settings: StaticText 'settings.title'`, for lists of findings that are gone: built only from
    /// what `check --json` also records, so a previous run read from its JSON is described the same way.
    public func shortDescription(screen: String) -> String {
        Finding.describe(rule: rule.rawValue, screen: screen, type: elementType, identifier: identifier, path: elementPath)
    }

    /// Named by its identity, as its fingerprint is (`ElementName` for an identifier; an unnamed element by its place
    /// in the tree, since its text and frame are not part of what a gone finding is known by).
    public static func describe(rule: String, screen: String, type: String, identifier: String, path: String) -> String {
        "\(rule) on \(screen): "
            + (identifier.isEmpty ? "\(type) at \(path)" : ElementName.of(type: type, identifier: identifier, text: "", frame: nil))
    }
}

/// What a run set keeps of one archive: enough to list, sort, filter, pair and report it, but not its
/// hierarchy, so that memory stays flat however many archives a night holds. An archive is read again when
/// it is opened.
public struct ArchiveSummary: Sendable, Equatable {
    /// The path the archive was loaded from, as given (reloading uses it).
    public var path: String
    /// The file actually read (`…/archive.json`), for messages and reports.
    public var sourcePath: String
    public var test: String
    public var screen: String
    public var mode: Mode
    public var locale: String?
    public var languages: [String]
    public var device: String
    public var os: String
    public var xcode: String
    public var failingIdentifier: String
    public var failureMessage: String
    /// Nil for a v1 archive; the dump format for an imported dump.
    public var importedFormat: String?
    public var elementCount: Int
    /// The archive's findings, with the rtl pair rule's once the run set has been paired.
    public var findings: [Finding]
    /// Which failed run of a result bundle, when it comes from one.
    public var run: RunOrigin?
    /// Why nothing was checked: the source holds no hierarchy for this run.
    public var hierarchyNote: String?
    /// How the rtl pair rule met this run (`Engine`): set once the run set is paired.
    public var pairing: Pairing = .notApplicable
    /// Where the findings wait when they wait in a spool (`Engine.judgeAll(_:spool:)`, a night's `check`): the
    /// archive's own, then the pair rule's. `tally` then counts them all and `loadFindings` reads them back.
    public var spooled: [FindingSpool.Ref] = []
    public var tally = FindingTally()
    public var isSpooled: Bool { !spooled.isEmpty }
    /// Each report's part for this archive, written by the worker that judged it (`FindingSpool.Reports`), in the
    /// spool's order; empty when a report writes it from the findings. An rtl run's parts hold the pair rule's
    /// findings of the partner its batch met (`partsPair`), and are dropped should the run set pair it otherwise.
    public var parts: [FindingSpool.Ref] = []
    var partsPair: RunSetPair?
    /// Whether the findings are away (in the spool, or in the reports' parts): `tally` counts them then.
    public var findingsAway: Bool { isSpooled || !parts.isEmpty }

    public init(path: String, archive a: Archive, findings: [Finding]) {
        self.path = path
        sourcePath = a.source.path
        test = a.test
        screen = a.screen
        mode = a.mode
        locale = a.locale
        languages = a.languages
        device = a.environment.simulator
        os = a.environment.os
        xcode = a.environment.xcode
        failingIdentifier = a.failure.identifier
        failureMessage = a.failure.message
        importedFormat = a.imported?.format
        elementCount = a.hierarchy.count
        run = a.run
        hierarchyNote = a.hierarchyNote
        self.findings = findings
    }

    /// The runs this one is listed with: those of its screen. A run without a hierarchy (a unit test's failure)
    /// shows no screen to share, so its test class is part of its group: `XCTestTests/failure` and
    /// `ExampleSUITests/failure` are not one screen.
    public var group: String { hierarchyNote == nil ? screen : "\(test.prefix { $0 != "/" })/\(screen)" }

    /// The run as a person names it: its mode and, when the archive records them (`-AppleLanguages`), its first
    /// language: `normal (es)`. Two locale runs of a screen are told apart where the mode alone reads the same.
    public var runLabel: String { languages.first.map { "\(mode.rawValue) (\($0))" } ?? mode.rawValue }

    /// The findings counted as every view counts them (`2 blocking (2 known), 0 review`).
    /// (Counted through the buffer: the list asks this of every archive on every screen it draws.)
    public var counts: FindingCounts { findingsAway ? tally.counts() : FindingCounts(findings) }
    /// Findings that block now: blocking, and not a known issue still within its baseline entry.
    public var blocksNow: Int { counts.blockingNow }
    /// Findings that were not in the previous run (`--since`).
    public var newFindings: Int { counts.new }

    /// `[de] retry 1 of 2 · 2 known · 2 new`: the run, its known issues and what is new in it; empty when there is
    /// nothing to say.
    public var listNote: String {
        let c = counts
        return [runNote.isEmpty ? nil : runNote, c.blockingKnown > 0 ? "\(c.blockingKnown) known" : nil, c.new > 0 ? "\(c.new) new" : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    public var runNote: String {
        guard let r = run else { return "" }
        return [r.configuration.map { "[\($0)]" }, r.repetition].compactMap { $0 }.joined(separator: " ")
    }

    /// What failed, in a list's few columns: the failing element's identifier, else the start of the message.
    public var failingSummary: String {
        if !failingIdentifier.isEmpty { return failingIdentifier }
        let line = failureMessage.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    /// Moves the archive's own findings into the spool, keeping their tally: a night's memory then holds no finding.
    public mutating func spill(into spool: FindingSpool) throws {
        guard !isSpooled else { return }
        tally = FindingTally(findings)
        spooled = [try spool.write(findings)]
        findings = []
    }

    /// Writes each report's part of the findings (`FindingSpool.writeParts`) in place of them, keeping their tally:
    /// for a run that the pair rule does not touch, whose findings are final once it is checked.
    mutating func writeParts(into spool: FindingSpool) throws {
        guard !findingsAway else { return }
        let all = FindingTally(findings)
        parts = try spool.writeParts(findings, of: self)
        tally = all
        findings = []
    }

    /// The findings, in memory or read back from the spool (the pair rule's merged in, sorted as every view sorts
    /// them: as `Engine.withPairFindings` made them).
    public func loadFindings(from spool: FindingSpool?, baseline: Baseline?) throws -> [Finding] {
        guard isSpooled, let spool else { return findings }
        var all: [Finding] = []
        for ref in spooled { all += try spool.read(ref, baseline: baseline) }
        return spooled.count == 1 && findings.isEmpty ? all : LayoutChecker.sorted(all + findings)
    }
}

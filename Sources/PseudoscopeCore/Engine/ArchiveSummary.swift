/// What a run set keeps of one archive: enough to list, sort, filter, pair and report it, but not its
/// hierarchy, so that memory stays flat however many archives a night holds. An archive is read again when
/// it is opened.
public struct ArchiveSummary: Sendable, Equatable {
    /// The path the archive was loaded from, as given (reloading uses it); `place` is made from it.
    public let path: String
    /// The file actually read (`…/archive.json`), for messages and reports.
    public var sourcePath: String
    /// The folder it sits in, the gate's mode folders taken out (`Engine.place(of:)`): runs pair only within one.
    public let place: String
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
    /// The failing test's file and line, when the bundle or archive recorded them: where CI formats place a finding.
    public var failureFile: String?
    public var failureLine: Int?
    /// Nil for a v1 archive; the dump format for an imported dump.
    public var importedFormat: String?
    public var elementCount: Int
    /// The archive's final findings (the pair rule's among them), unless they wait in a spool (`spooled`).
    public var findings: [Finding]
    /// Which failed run of a result bundle, when it comes from one.
    public var run: RunOrigin?
    /// Why nothing was checked: the source holds no hierarchy for this run.
    public var hierarchyNote: String?
    /// Where the hierarchy stops in the middle, when it does.
    public var incomplete: String?
    /// The failure's query answered against the tree, made while the tree is at hand (`QueryAnswer.of`).
    public var answer: QueryAnswer?
    /// How the rtl pair rule met this run: `.pending` until the run set is paired.
    public var pairing: Pairing { verdict.pairing }
    /// The run's verdict (`Engine.settle`): what every report and view shows of it.
    public internal(set) var verdict: Verdict
    /// Where the findings wait when a night's `check` put them in its spool (`FindingSpool`).
    public internal(set) var spooled: FindingSpool.Ref?
    /// Every finding's fingerprint, shown or not, when a baseline or a previous run asks (stale entries, what is
    /// gone); empty otherwise.
    public internal(set) var fingerprints: [String] = []
    /// The partner whose pair findings `findings` hold (its path as given), for an rtl run paired in its batch.
    var pairedPath: String?

    /// `strings`: the app's tables, for the failure's query (a translation the screen does not show).
    public init(path: String, archive a: Archive, findings: [Finding], strings: StringCatalog? = nil) {
        self.path = path
        sourcePath = a.source.path
        place = Engine.place(of: path)
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
        failureFile = a.failure.file
        failureLine = a.failure.line
        importedFormat = a.imported?.format
        elementCount = a.hierarchy.count
        run = a.run
        hierarchyNote = a.hierarchyNote
        incomplete = a.imported?.incomplete
        answer = QueryAnswer.of(a, strings: strings)
        self.findings = findings
        // Provisional until the engine settles the run (`Engine.settle`): an rtl run's pair rule has not run yet.
        let pairing: Pairing = a.mode == .rtl && a.hierarchyNote == nil ? .pending : .notApplicable
        verdict = Verdict(
            findings: findings, hierarchyNote: a.hierarchyNote, pairing: pairing, filter: FindingFilter(), acceptsNoHierarchy: false,
            incomplete: incomplete, answer: answer)
    }

    /// The runs this one is listed with: those of its screen. A run without a hierarchy (a unit test's failure)
    /// shows no screen to share, so its test class is part of its group: `XCTestTests/failure` and
    /// `ExampleSUITests/failure` are not one screen.
    public var group: String { hierarchyNote == nil ? screen : "\(test.prefix { $0 != "/" })/\(screen)" }

    /// The run as a person names it: its mode and, when the archive records them (`-AppleLanguages`), its first
    /// language: `normal (es)`. Two locale runs of a screen are told apart where the mode alone reads the same.
    public var runLabel: String { languages.first.map { "\(mode.rawValue) (\($0))" } ?? mode.rawValue }

    /// The findings counted as the verdict counts them (`2 blocking (2 known), 0 review`).
    public var counts: FindingCounts { verdict.counts }
    /// Findings that block now: blocking, and not a known issue still within its baseline entry.
    public var blocksNow: Int { counts.blockingNow }
    /// Findings that were not in the previous run (`--since`).
    public var newFindings: Int { counts.new }

    /// `[de] retry 1 of 2 · 2 known · 2 new`: the run, its known issues and what is new in it; empty when there is
    /// nothing to say.
    public var listNote: String {
        let c = counts
        return [
            runNote.isEmpty ? nil : runNote, c.blockingKnown > 0 ? "\(c.blockingKnown) known" : nil, c.new > 0 ? "\(c.new) new" : nil,
            incomplete != nil ? "tree cut short" : nil,
        ]
        .compactMap { $0 }.joined(separator: " · ")
    }

    public var runNote: String {
        guard let r = run else { return "" }
        let run = [r.argument, r.configuration.map { "[\($0)]" }, r.repetition].compactMap { $0 }.joined(separator: " ")
        return [run.isEmpty ? nil : run, r.passedLater ? "flaky: passed on a later attempt" : nil].compactMap { $0 }.joined(separator: " · ")
    }

    /// What failed, in a list's few columns: the failing element's identifier, else the start of the message.
    public var failingSummary: String {
        if !failingIdentifier.isEmpty { return failingIdentifier }
        let line = failureMessage.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    /// How many final findings the run has, shown or not, in memory or in the spool.
    public var findingCount: Int { spooled?.count ?? findings.count }

    /// The final findings, in memory or read back from the spool.
    public func loadFindings(from spool: FindingSpool?, baseline: Baseline?) throws -> [Finding] {
        guard let ref = spooled, let spool else { return findings }
        return try spool.read(ref, baseline: baseline)
    }
}

/// The one place a run's findings are decided (docs/architecture.md): given the inputs and the options, it loads
/// each run, pairs an rtl run with the LTR run of its screen (the same partner search for every command: the other
/// inputs given, then the archive's own folder and the gate's `TestResults/<mode>/` siblings), checks it, applies
/// the string tables, the known issues and the previous run, and gives findings with their severity, known state
/// and novelty. `check`, `info`, `render`, `tree`, `compare`, the plain open, the archive list, the inspector and
/// the comparison screen only present what it gives.
public struct Engine: Sendable {
    public let loader: ArchiveLoader
    /// Known issues and the previous run (`--baseline`, `--since`), marked on every finding this engine makes.
    public var triage: Triage?
    /// What the checks read besides each archive: the app's string tables (`--strings`).
    public var context: CheckContext
    /// Whether a summary's findings carry their paths, fingerprints and hints. The archive list shows only counts
    /// and sets this false, unless a baseline or a previous run (which match fingerprints) is given; an archive
    /// opened from the list is judged again in full (`judge`).
    public var namesSummaryFindings = true
    /// Which findings the verdicts count and the reports show (`check --min-severity`, `--rule`).
    public var filter = FindingFilter()
    /// Whether a run without a hierarchy is accepted as checked (`check --accept-no-hierarchy`).
    public var acceptsNoHierarchy = false
    /// Whether the findings of a run whose test passed on a later attempt are review, not blocking (`--flaky review`).
    public var flakyAsReview = false

    public init(loader: ArchiveLoader, triage: Triage? = nil, context: CheckContext = CheckContext()) {
        self.loader = loader
        self.triage = triage
        self.context = context
    }

    // MARK: - One archive's own findings

    /// An archive's findings, triaged. `named: false` leaves out what only a reader of each finding needs (its
    /// path, fingerprint and hints) for a view that shows none (a plain `render` draws the elements' severities):
    /// the same findings, unnamed. Known issues and `--since` match by fingerprint, so with them every finding is
    /// named.
    public func findings(_ a: Archive, named: Bool = true) -> [Finding] {
        var out = LayoutChecker(a, context: context).findings(named: named || triage != nil)
        triage?.apply(&out)
        asFlaky(&out, a)
        return out
    }

    /// With `--flaky review`, a flaky run's blocking findings are review, each saying why: the test passed on a later
    /// attempt, so this failure is the flakiness, read after the runs that fail for good.
    func asFlaky(_ found: inout [Finding], _ a: Archive) {
        guard flakyAsReview, a.run?.passedLater == true else { return }
        let hint = "review, not blocking: the test passed on a later attempt (--flaky review)"
        for k in found.indices where found[k].severity == .blocking {
            found[k].severity = .review
            if !found[k].hints.contains(hint) { found[k].hints.append(hint) }
        }
    }

    /// A run's verdict from its final findings: the one place it is decided (`Verdict`).
    public func verdict(_ findings: [Finding], hierarchyNote: String?, pairing: Pairing, incomplete: String? = nil, answer: QueryAnswer? = nil)
        -> Verdict
    {
        Verdict(
            findings: findings, hierarchyNote: hierarchyNote, pairing: pairing, filter: filter, acceptsNoHierarchy: acceptsNoHierarchy,
            incomplete: incomplete, answer: answer)
    }

    /// Gives a summary its final findings and the verdict they make; with a spool, the findings wait there, so a
    /// night's memory holds its verdicts and not its findings.
    func settle(_ s: inout ArchiveSummary, findings: [Finding], pairing: Pairing, spool: FindingSpool?) {
        s.verdict = verdict(findings, hierarchyNote: s.hierarchyNote, pairing: pairing, incomplete: s.incomplete, answer: s.answer)
        s.fingerprints = triage == nil ? [] : findings.map(\.fingerprint)
        s.findings = findings
        s.spooled = nil
        if let spool, let ref = try? spool.write(findings) {
            s.spooled = ref
            s.findings = []
        }
    }

    /// Loads and checks one archive into a summary, its own findings settled (an rtl run's pair rule waits for the
    /// run set: `pairAll`); the hierarchy is dropped once the summary is made.
    public func summarize(_ path: String) -> Result<ArchiveSummary, ArchiveError> {
        loader.loadResult(path).map { a in
            var s = ArchiveSummary(path: path, archive: a, findings: [], strings: context.strings)
            settle(&s, findings: findings(a, named: namesSummaryFindings), pairing: s.pairing, spool: nil)
            return s
        }
    }

    /// A summary with its findings marked again by the triage (after `b` wrote the baseline), and its verdict
    /// decided again from them.
    public func retriage(_ summary: ArchiveSummary) -> ArchiveSummary {
        var s = summary
        var found = s.findings
        triage?.apply(&found)
        settle(&s, findings: found, pairing: s.pairing, spool: nil)
        return s
    }

    // MARK: - One run in full

    /// One run, judged in full: its archive, its findings (the pair rule's among them for an rtl run), how it was
    /// paired, its verdict, and the strings each element shows. `among` are the other inputs given with it (a run
    /// set's, for a run opened from the list); the partner is looked for there first, then beside the run.
    ///
    /// `named: false`: its findings without paths, fingerprints and hints (`findings(_:named:)`), for a view that
    /// lists none.
    public func judge(_ path: String, among inputs: [ArchiveSummary?] = [], named: Bool = true) -> Result<RunVerdict, ArchiveError> {
        loader.loadResult(path).map { archive in
            let (found, pairing, _) = finalFindings(archive, path: path, among: inputs, named: named)
            var run = RunVerdict(
                archive: archive, findings: found,
                verdict: verdict(
                    found, hierarchyNote: archive.hierarchyNote, pairing: pairing, incomplete: archive.imported?.incomplete,
                    answer: QueryAnswer.of(archive, strings: context.strings)))
            run.strings = ElementStrings(archive, catalog: context.strings)
            return run
        }
    }

    /// A run's final findings and how the pair rule met it: its own, and for an rtl run with a hierarchy the pair
    /// rule's against its partner (among `inputs`, else beside it), and the partner's path as it was named. What
    /// every command and view judges a run by.
    /// `own`: its own findings, when they were just made.
    func finalFindings(
        _ archive: Archive, path: String, among inputs: [ArchiveSummary?], own made: [Finding]? = nil,
        named: Bool
    ) -> ([Finding], Pairing, partner: String?) {
        let own = made ?? findings(archive, named: named)
        guard archive.mode == .rtl, archive.hierarchyNote == nil else { return (own, .notApplicable, nil) }
        var partner: (path: String, archive: Archive)?
        if let p = Engine.partner(rtl: ArchiveSummary(path: path, archive: archive, findings: []), among: inputs), let a = try? loader.load(p) {
            partner = (p, a)
        } else if let beside = partnerBeside(archive, path: path, excluding: Set(inputs.compactMap { $0?.path })) {
            partner = beside
        }
        guard let (ltrPath, ltr) = partner else { return (own, .noPartner, nil) }
        var paired = pairFindings(ltr: ltr, rtl: archive)
        asFlaky(&paired, archive)
        return (Engine.withPairFindings(own, paired), .pairedWith(ltr.source.path), ltrPath)
    }

    /// The LTR run of an rtl run's screen among a run set's inputs, by `partnerRank`: its path.
    static func partner(rtl: ArchiveSummary, among inputs: [ArchiveSummary?]) -> String? {
        var best: (rank: Int, path: String)?
        for case let s? in inputs
        where s.screen == rtl.screen && s.path != rtl.path && s.hierarchyNote == nil
            && Engine.mayPair((s.device, s.os, s.place), (rtl.device, rtl.os, rtl.place))
        {
            guard let rank = partnerRank(s.mode, test: s.test, rtlTest: rtl.test) else { continue }
            if best == nil || rank < best!.rank { best = (rank, s.path) }
        }
        return best?.path
    }

    /// The LTR run of an archive's screen beside it (`PartnerSearch`: its folder, the gate's sibling mode
    /// folders), normal before expanded. Candidates the run set already held are not read again.
    func partnerBeside(_ rtl: Archive, path: String, excluding: Set<String>) -> (path: String, archive: Archive)? {
        var best: (rank: Int, path: String, archive: Archive)?
        let rtlPlace = Engine.place(of: path)
        for c in PartnerSearch.candidates(for: path, limits: loader.limits) where !excluding.contains(c) {
            // The screen by the file's first bytes, when it says: only candidates that may be the partner are read.
            if let named = ScreenNameProbe.read(c), named != rtl.screen { continue }
            // A quiet load: a candidate that does not read is simply not the partner.
            guard let a = try? loader.load(c), a.screen == rtl.screen, a.mode != .rtl, a.hierarchyNote == nil,
                Engine.mayPair(
                    (a.environment.simulator, a.environment.os, Engine.place(of: c)), (rtl.environment.simulator, rtl.environment.os, rtlPlace))
            else { continue }
            guard let rank = Engine.partnerRank(a.mode, test: a.test, rtlTest: rtl.test) else { continue }
            if best == nil || rank < best!.rank { best = (rank, c, a) }
            if rank == 0 { break }
        }
        return best.map { ($0.path, $0.archive) }
    }

    // MARK: - A run set

    /// Every input, on every core, in the order given, each settled with its verdict: what `check`, the plain
    /// list and the interactive list show. With a spool, the findings wait there (`FindingSpool`).
    ///
    /// Archives that name the same screen are read together, in batches (the screen read from the file's first
    /// bytes, a hint only), so that the pair rule compares runs already loaded instead of reading both again;
    /// a batch's archives are dropped when the batch is done, so memory stays that of a few archives. Which LTR
    /// run an rtl run is paired with is decided over the whole run set (`pairAll`): a run its batch paired
    /// otherwise is judged again.
    public func judgeAll(_ paths: [String], spool: FindingSpool? = nil) -> [Result<ArchiveSummary, ArchiveError>] {
        let hints = ConcurrentMap.map(paths) { ScreenNameProbe.read($0) }
        let done = ConcurrentMap.map(Engine.batches(hints)) { judgeBatch($0, paths, spool: spool) }
        var slots = [Result<ArchiveSummary, ArchiveError>?](repeating: nil, count: paths.count)
        for batch in done { for (k, r) in batch { slots[k] = r } }
        var results = slots.map { $0! }
        for (k, r) in pairAll(results.map { try? $0.get() }, spool: spool) { results[k] = r }
        return results
    }

    /// The rtl runs of a run set paired as the run set decides (`pairs`: the best LTR run of the screen among the
    /// inputs, else one found beside the run, else none). A run its batch judged with that partner, or with none
    /// among the inputs, is kept; one not yet paired (the list's) or paired otherwise is judged again. The runs
    /// settled anew, by their index.
    public func pairAll(_ summaries: [ArchiveSummary?], spool: FindingSpool? = nil) -> [Int: Result<ArchiveSummary, ArchiveError>] {
        var chosen: [Int: String] = [:]
        for p in Engine.pairs(summaries) { chosen[p.rtl] = p.ltrPath }
        let waiting = summaries.indices.filter { k in
            guard let s = summaries[k], s.mode == .rtl, s.hierarchyNote == nil else { return false }
            return s.pairing == .pending || (chosen[k] != nil && chosen[k] != s.pairedPath)
        }
        let judged = ConcurrentMap.map(waiting) { k -> Result<ArchiveSummary, ArchiveError> in
            var s = summaries[k]!
            return loader.loadResult(s.path).map { archive in
                let (found, pairing, partner) = finalFindings(archive, path: s.path, among: summaries, named: namesSummaryFindings)
                s.pairedPath = partner
                settle(&s, findings: found, pairing: pairing, spool: spool)
                return s
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(waiting, judged))
    }

    /// At most this many archives, and this many elements in all, are held at once by one batch.
    static let batchArchives = 8
    static let batchElements = 50_000

    /// Inputs grouped by their screen hint, in the order given; inputs without a hint go alone.
    static func batches(_ hints: [String?]) -> [[Int]] {
        var open: [String: Int] = [:]
        var out: [[Int]] = []
        for (k, hint) in hints.enumerated() {
            if let s = hint, let b = open[s], out[b].count < batchArchives {
                out[b].append(k)
            } else {
                if let s = hint { open[s] = out.count }
                out.append([k])
            }
        }
        return out
    }

    /// Loads and checks a batch's archives, and settles each: an rtl run with the pair rule against the partner
    /// the batch holds (`pairs` among the batch), else one found beside it, which `pairAll` keeps unless the run
    /// set pairs it otherwise.
    func judgeBatch(_ batch: [Int], _ paths: [String], spool: FindingSpool?) -> [(Int, Result<ArchiveSummary, ArchiveError>)] {
        var summaries: [ArchiveSummary?] = []
        // Each run's own findings, beside its summary: the summary's verdict is decided once they are final.
        var own: [[Finding]] = []
        var loaded: [Int: Archive] = [:]
        var held = 0
        var errors: [Int: ArchiveError] = [:]
        for (j, k) in batch.enumerated() {
            switch loader.loadResult(paths[k]) {
            case .success(let a):
                summaries.append(ArchiveSummary(path: paths[k], archive: a, findings: [], strings: context.strings))
                own.append(findings(a, named: namesSummaryFindings))
                // An rtl run is kept for its pair rule; the others while the batch's budget lasts, for theirs.
                if a.mode == .rtl || (batch.count > 1 && held + a.hierarchy.count <= Engine.batchElements) {
                    loaded[j] = a
                    held += a.hierarchy.count
                }
            case .failure(let e):
                summaries.append(nil)
                own.append([])
                errors[j] = e
            }
        }
        var partnerOf: [Int: Int] = [:]
        for p in Engine.pairs(summaries) where loaded[p.rtl] != nil && loaded[p.ltr] != nil { partnerOf[p.rtl] = p.ltr }
        return batch.enumerated().map { j, k in
            guard var s = summaries[j] else { return (k, .failure(errors[j]!)) }
            var found = own[j]
            var pairing = s.pairing
            if let l = partnerOf[j], let rtl = loaded[j], let ltr = loaded[l] {
                found = Engine.withPairFindings(found, pairFindings(ltr: ltr, rtl: rtl))
                pairing = .pairedWith(ltr.source.path)
                s.pairedPath = paths[batch[l]]
            } else if s.pairing == .pending, let rtl = loaded[j] {
                // No partner in the batch: one beside the run, while it is loaded (a run read from standard input
                // cannot be read again).
                (found, pairing, s.pairedPath) = finalFindings(rtl, path: s.path, among: summaries, own: found, named: namesSummaryFindings)
            }
            settle(&s, findings: found, pairing: pairing, spool: spool)
            return (k, .success(s))
        }
    }

    /// The LTR partner of each rtl archive of a screen among the inputs: by `partnerRank`, the first of the best.
    public static func pairs(_ summaries: [ArchiveSummary?]) -> [RunSetPair] {
        var byScreen: [String: [Int]] = [:]
        for (k, s) in summaries.enumerated() { if let s = s { byScreen[s.screen, default: []].append(k) } }
        var out: [RunSetPair] = []
        for members in byScreen.values {
            for k in members where summaries[k]!.mode == .rtl && summaries[k]!.hierarchyNote == nil {
                let rtl = summaries[k]!
                let ranked = members.compactMap { m -> (Int, Int)? in
                    let s = summaries[m]!
                    guard s.hierarchyNote == nil, mayPair((s.device, s.os, s.place), (rtl.device, rtl.os, rtl.place)) else { return nil }
                    return partnerRank(s.mode, test: s.test, rtlTest: rtl.test).map { ($0, m) }
                }
                guard let l = ranked.min(by: { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })?.1 else { continue }
                out.append(RunSetPair(rtl: k, rtlPath: rtl.path, ltr: l, ltrPath: summaries[l]!.path))
            }
        }
        return out.sorted { $0.rtl < $1.rtl }
    }

    /// How good an LTR run of the same screen is as an rtl run's partner, lower is better; nil for none. The
    /// gate's control run (`normal`) before its `expanded` run; a run of the same test class (the gate's three
    /// modes of one test) before another's, such as a locale run of the screen in Spanish, whose texts differ.
    public static func partnerRank(_ mode: Mode, test: String, rtlTest: String) -> Int? {
        guard mode != .rtl else { return nil }
        func testClass(_ t: String) -> Substring { t.prefix { $0 != "/" } }
        return (testClass(test) == testClass(rtlTest) ? 0 : 2) + (mode == .normal ? 0 : 1)
    }

    /// Whether two runs were laid out on the same device and OS, as far as they say: a layout is the screen's it
    /// was laid out on, so an iPhone SE's rtl run is never compared with an iPad's normal run. An unknown device or
    /// OS (a dump records none) does not keep runs apart.
    public static func sameDevice(_ a: (device: String, os: String), _ b: (device: String, os: String)) -> Bool {
        func known(_ s: String) -> Bool { !s.isEmpty && !s.lowercased().hasPrefix("unknown") }
        return (!known(a.device) || !known(b.device) || a.device == b.device) && (!known(a.os) || !known(b.os) || a.os == b.os)
    }

    /// The pair rule on two loaded runs, triaged: what every path that pairs runs applies.
    public func pairFindings(ltr: Archive, rtl: Archive) -> [Finding] {
        var found = RunComparison.mirrorFindings(ltr: ltr, rtl: rtl)
        triage?.apply(&found)
        return found
    }

    /// An archive's own findings with the pair rule's added, sorted.
    public static func withPairFindings(_ own: [Finding], _ pair: [Finding]) -> [Finding] {
        let already = Set(own.filter { $0.rule == .rtlNotMirrored }.compactMap(\.element))
        return LayoutChecker.sorted(own + pair.filter { !already.contains($0.element ?? -1) })
    }

    // MARK: - Two runs side by side

    /// Two runs compared, with the string tables and the known issues every check applies (`compare A B`, `c` in
    /// the list): their findings are the ones every other command gives them.
    public func compare(_ a: String, _ b: String) throws -> RunComparison {
        RunComparison(try loader.load(a), try loader.load(b), engine: self)
    }
}

/// An rtl run and the LTR run of the same screen, by their positions in the run set (`ltr` -1 for a partner
/// found beside the run set rather than in it).
public struct RunSetPair: Equatable, Sendable {
    public var rtl: Int
    public var rtlPath: String
    public var ltr: Int
    public var ltrPath: String

    public init(rtl: Int, rtlPath: String, ltr: Int, ltrPath: String) {
        self.rtl = rtl
        self.rtlPath = rtlPath
        self.ltr = ltr
        self.ltrPath = ltrPath
    }
}

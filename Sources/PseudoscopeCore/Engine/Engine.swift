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
        return out
    }

    /// The findings a summary keeps: named unless the list does not need it (`namesSummaryFindings`).
    func summaryFindings(_ a: Archive) -> [Finding] {
        guard !namesSummaryFindings, triage == nil else { return findings(a) }
        return LayoutChecker(a, context: context).findings(named: false)
    }

    /// Loads and checks one archive into a summary; the hierarchy is dropped once the summary is made.
    public func summarize(_ path: String) -> Result<ArchiveSummary, ArchiveError> {
        loader.loadResult(path).map { ArchiveSummary(path: path, archive: $0, findings: summaryFindings($0)) }
    }

    // MARK: - One run in full

    /// One run, judged in full: its archive, its findings (the pair rule's among them for an rtl run), how it was
    /// paired, and the strings each element shows. `among` are the other inputs given with it (a run set's, for a
    /// run opened from the list); the partner is looked for there first, then beside the run.
    ///
    /// `named: false`: its findings without paths, fingerprints and hints (`findings(_:named:)`), for a view that
    /// lists none.
    public func judge(_ path: String, among inputs: [ArchiveSummary?] = [], named: Bool = true) -> Result<RunVerdict, ArchiveError> {
        loader.loadResult(path).map { archive in
            var verdict = RunVerdict(archive: archive, findings: findings(archive, named: named))
            verdict.strings = ElementStrings(archive, catalog: context.strings)
            guard archive.mode == .rtl, archive.hierarchyNote == nil else { return verdict }
            let partner = Engine.partner(rtl: ArchiveSummary(path: path, archive: archive, findings: []), among: inputs)
                .flatMap { try? loader.load($0) }
                ?? partnerBeside(archive, path: path, excluding: Set(inputs.compactMap { $0?.path }))
            if let ltr = partner {
                verdict.findings = Engine.withPairFindings(verdict.findings, pairFindings(ltr: ltr, rtl: archive))
                verdict.pairing = .pairedWith(ltr.source.path)
            } else {
                verdict.pairing = .noPartner
            }
            return verdict
        }
    }

    /// The LTR run of an rtl run's screen among a run set's inputs, by `partnerRank`: its path.
    static func partner(rtl: ArchiveSummary, among inputs: [ArchiveSummary?]) -> String? {
        var best: (rank: Int, path: String)?
        for case let s? in inputs where s.screen == rtl.screen && s.path != rtl.path && s.hierarchyNote == nil {
            guard let rank = partnerRank(s.mode, test: s.test, rtlTest: rtl.test) else { continue }
            if best == nil || rank < best!.rank { best = (rank, s.path) }
        }
        return best?.path
    }

    /// The LTR run of an archive's screen beside it (`PartnerSearch`: its folder, the gate's sibling mode
    /// folders), normal before expanded. Candidates the run set already held are not read again.
    func partnerBeside(_ rtl: Archive, path: String, excluding: Set<String>) -> Archive? {
        var best: (rank: Int, archive: Archive)?
        for c in PartnerSearch.candidates(for: path, limits: loader.limits) where !excluding.contains(c) {
            // The screen by the file's first bytes, when it says: only candidates that may be the partner are read.
            if let named = ScreenNameProbe.read(c), named != rtl.screen { continue }
            // A quiet load: a candidate that does not read is simply not the partner.
            guard let a = try? loader.load(c), a.screen == rtl.screen, a.mode != .rtl, a.hierarchyNote == nil else { continue }
            guard let rank = Engine.partnerRank(a.mode, test: a.test, rtlTest: rtl.test) else { continue }
            if best == nil || rank < best!.rank { best = (rank, a) }
            if rank == 0 { break }
        }
        return best?.archive
    }

    // MARK: - A run set

    /// Every input, on every core, in the order given, then paired: what `check`, the plain list and the
    /// interactive list show.
    ///
    /// Archives that name the same screen are read together, in batches (the screen read from the file's first
    /// bytes, a hint only), so that the pair rule compares runs already loaded instead of reading both again;
    /// a batch's archives are dropped when the batch is done, so memory stays that of a few archives. The
    /// pairs themselves are chosen from all summaries: a pair the batches did not bring together is read again,
    /// and an rtl run with no partner among the inputs is paired with one found beside it.
    public func judgeAll(_ paths: [String], spool: FindingSpool? = nil) -> [Result<ArchiveSummary, ArchiveError>] {
        let hints = ConcurrentMap.map(paths) { ScreenNameProbe.read($0) }
        let done = ConcurrentMap.map(Engine.batches(hints)) { checkBatch($0, paths, spool: spool) }
        var slots = [Result<ArchiveSummary, ArchiveError>?](repeating: nil, count: paths.count)
        var ready: [Int: [PairCheck]] = [:]  // by rtl index
        for batch in done {
            for (k, r) in batch.results { slots[k] = r }
            for c in batch.pairs { ready[c.pair.rtl, default: []].append(c) }
        }
        var results = slots.map { $0! }
        let summaries = results.map { try? $0.get() }
        let pairs = Engine.pairs(summaries)
        func prepared(_ p: RunSetPair) -> PairCheck? { ready[p.rtl]?.first { $0.pair == p } }
        let rest = ConcurrentMap.map(pairs.filter { prepared($0) == nil }) { Engine.spill(checkPair($0), rtl: summaries[$0.rtl], spool: spool) }
        var checks = pairs.compactMap(prepared) + rest
        checks += pairBeside(summaries, paired: Set(pairs.map(\.rtl)), spool: spool)
        checks.sort { $0.pair.rtl < $1.pair.rtl }
        for c in checks {
            if case .success(var s) = results[c.pair.rtl] {
                Engine.merge(c, into: &s)
                results[c.pair.rtl] = .success(s)
            }
        }
        // Parts whose pair the run set did not confirm (it paired the run with no one): written from the findings.
        for k in results.indices {
            if case .success(var s) = results[k], s.partsPair != nil {
                s.parts = []
                s.partsPair = nil
                results[k] = .success(s)
            }
        }
        return results
    }

    /// The pair rule for the rtl runs of a run set that have no partner among its inputs, with the partner found
    /// beside each (its folder, the gate's sibling mode folders), read once; each one with none is marked so.
    public func pairBeside(_ summaries: [ArchiveSummary?], paired: Set<Int>, spool: FindingSpool? = nil) -> [PairCheck] {
        let inputs = Set(summaries.compactMap { $0?.path })
        let lonely = summaries.indices.filter { k in
            guard !paired.contains(k), let s = summaries[k] else { return false }
            return s.mode == .rtl && s.hierarchyNote == nil
        }
        return ConcurrentMap.map(lonely) { k -> PairCheck in
            let s = summaries[k]!
            let none = PairCheck(pair: RunSetPair(rtl: k, rtlPath: s.path, ltr: -1, ltrPath: ""), ltrSourcePath: "", findings: .success([]), found: false)
            guard let rtl = try? loader.load(s.path), let ltr = partnerBeside(rtl, path: s.path, excluding: inputs) else { return none }
            return Engine.spill(PairCheck(pair: RunSetPair(rtl: k, rtlPath: s.path, ltr: -1, ltrPath: ltr.source.path), ltrSourcePath: ltr.source.path,
                                          findings: .success(pairFindings(ltr: ltr, rtl: rtl))), rtl: s, spool: spool)
        }
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

    /// Loads and checks a batch's archives, and applies the pair rule to the pairs they make among themselves
    /// while they are loaded.
    func checkBatch(_ batch: [Int], _ paths: [String], spool: FindingSpool? = nil) -> (results: [(Int, Result<ArchiveSummary, ArchiveError>)], pairs: [PairCheck]) {
        var results: [(Int, Result<ArchiveSummary, ArchiveError>)] = []
        var loaded: [Int: Archive] = [:]
        var held = 0
        for k in batch {
            switch loader.loadResult(paths[k]) {
            case .success(let a):
                var s = ArchiveSummary(path: paths[k], archive: a, findings: summaryFindings(a))
                // Put away at once: a night's findings never sit in memory together. (Should the spool fail, they
                // wait in memory instead.) An rtl run's wait for the pair rule of its batch when the reports write
                // parts (below): its parts then hold the pair rule's findings too.
                if let spool, !Engine.waitsForPair(s, spool) { Engine.putAway(&s, into: spool) }
                results.append((k, .success(s)))
                if batch.count > 1, held + a.hierarchy.count <= Engine.batchElements {
                    loaded[k] = a
                    held += a.hierarchy.count
                }
            case .failure(let e):
                results.append((k, .failure(e)))
            }
        }
        var pairs: [PairCheck] = []
        if loaded.count > 1 {
            pairs = Engine.pairs(results.map { try? $0.1.get() }).compactMap { p in
                let (r, l) = (batch[p.rtl], batch[p.ltr])
                guard let rtl = loaded[r], let ltr = loaded[l] else { return nil }
                return PairCheck(pair: RunSetPair(rtl: r, rtlPath: paths[r], ltr: l, ltrPath: paths[l]), ltrSourcePath: ltr.source.path,
                                 findings: .success(pairFindings(ltr: ltr, rtl: rtl)))
            }
        }
        guard let spool else { return (results, pairs) }
        var byIndex: [Int: ArchiveSummary] = [:]
        for j in results.indices {
            guard case .success(var s) = results[j].1 else { continue }
            if Engine.waitsForPair(s, spool) {
                // Its parts with the pair rule's findings of the partner met here, which the run set's pairing
                // confirms (`merge`); its findings go to the spool beside them, for the pairing that does not.
                if let c = pairs.first(where: { $0.pair.rtl == results[j].0 }), case .success(let found) = c.findings,
                   let parts = try? spool.writeParts(Engine.withPairFindings(s.findings, found), of: s) {
                    s.parts = parts
                    s.partsPair = c.pair
                }
                if (try? s.spill(into: spool)) == nil {
                    // The spool could not take them: they wait in memory, and the reports write from them.
                    s.parts = []
                    s.partsPair = nil
                }
                results[j].1 = .success(s)
            }
            byIndex[results[j].0] = s
        }
        return (results, pairs.map { Engine.spill($0, rtl: byIndex[$0.pair.rtl], spool: spool) })
    }

    /// Whether a run's findings wait for its batch's pair rule before they are put away: an rtl run's, when the
    /// reports write parts.
    static func waitsForPair(_ s: ArchiveSummary, _ spool: FindingSpool) -> Bool {
        spool.reports != nil && s.mode == .rtl && s.hierarchyNote == nil && !s.findingsAway
    }

    /// A run's findings put away: as the reports' parts when the spool writes them and no pair rule can add to
    /// them (a run that is not rtl), else into the spool as they are.
    static func putAway(_ s: inout ArchiveSummary, into spool: FindingSpool) {
        if spool.reports != nil, s.mode != .rtl || s.hierarchyNote != nil, (try? s.writeParts(into: spool)) != nil { return }
        try? s.spill(into: spool)
    }

    /// The LTR partner of each rtl archive of a screen among the inputs: by `partnerRank`, the first of the best.
    public static func pairs(_ summaries: [ArchiveSummary?]) -> [RunSetPair] {
        var byScreen: [String: [Int]] = [:]
        for (k, s) in summaries.enumerated() { if let s = s { byScreen[s.screen, default: []].append(k) } }
        var out: [RunSetPair] = []
        for members in byScreen.values {
            for k in members where summaries[k]!.mode == .rtl && summaries[k]!.hierarchyNote == nil {
                let rtl = summaries[k]!
                let ranked = members.compactMap { m in
                    summaries[m]!.hierarchyNote == nil ? partnerRank(summaries[m]!.mode, test: summaries[m]!.test, rtlTest: rtl.test).map { ($0, m) } : nil
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

    /// The pair rule on two loaded runs, triaged: what every path that pairs runs applies.
    public func pairFindings(ltr: Archive, rtl: Archive) -> [Finding] {
        var found = RunComparison.mirrorFindings(ltr: ltr, rtl: rtl)
        triage?.apply(&found)
        return found
    }

    /// Reads both runs of a pair again and applies the pair rule.
    public func checkPair(_ pair: RunSetPair) -> PairCheck {
        do {
            let rtl = try loader.load(pair.rtlPath), ltr = try loader.load(pair.ltrPath)
            return PairCheck(pair: pair, ltrSourcePath: ltr.source.path, findings: .success(pairFindings(ltr: ltr, rtl: rtl)))
        } catch let e as ArchiveError {
            return PairCheck(pair: pair, ltrSourcePath: pair.ltrPath, findings: .failure(e))
        } catch {
            return PairCheck(pair: pair, ltrSourcePath: pair.ltrPath, findings: .failure(ArchiveError(file: pair.rtlPath, message: "\(error)")))
        }
    }

    /// Adds a pair's findings to the rtl run's summary, and says how it was paired. A pair finding on an element
    /// that the one-archive rule already reported is left out.
    public static func merge(_ check: PairCheck, into summary: inout ArchiveSummary) {
        if summary.partsPair != nil {
            // Parts written with the findings of the partner its batch met: kept when the run set pairs it so, else
            // written again from the findings.
            var confirmed = check.found && check.pair == summary.partsPair
            if case .failure = check.findings { confirmed = false }
            if !confirmed { summary.parts = [] }
            summary.partsPair = nil
        }
        guard check.found else {
            summary.pairing = .noPartner
            return
        }
        guard case .success(let pairFindings) = check.findings else { return }
        if let ref = check.spooled {
            // Spilled already (`spill`), with the tally of those kept.
            summary.spooled.append(ref)
            summary.tally.add(check.tally)
        } else if summary.isSpooled {
            // Its own findings are in the spool: the pair rule's wait beside them in memory, counted in the tally.
            let kept = pairFindings.filter { !summary.tally.mirroredElements.contains($0.element ?? -1) }
            summary.findings = LayoutChecker.sorted(summary.findings + kept)
            summary.tally.add(kept)
        } else {
            summary.findings = withPairFindings(summary.findings, pairFindings)
        }
        summary.pairing = .pairedWith(check.ltrSourcePath)
    }

    /// A pair's findings moved into the spool beside the rtl run's own, as soon as they are made, leaving out those
    /// on an element the one-archive rule already reported (as `merge` does): a night holds none in memory.
    static func spill(_ check: PairCheck, rtl: ArchiveSummary?, spool: FindingSpool?) -> PairCheck {
        guard let spool, let rtl, rtl.isSpooled, check.found, case .success(let found) = check.findings else { return check }
        var out = check
        let kept = found.filter { !rtl.tally.mirroredElements.contains($0.element ?? -1) }
        do {
            out.spooled = try spool.write(kept)
            out.tally.add(kept)
            out.findings = .success([])
        } catch {
            // The spool could not take them: they wait in memory instead.
        }
        return out
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

/// The pair rule's outcome for one pair, or, when no partner was found at all (`found` false), that it did not run.
public struct PairCheck: Equatable, Sendable {
    public var pair: RunSetPair
    public var ltrSourcePath: String
    public var findings: Result<[Finding], ArchiveError>
    public var found = true
    /// Where the findings wait when they were moved into the night's spool (`Engine.spill`), and their tally.
    public var spooled: FindingSpool.Ref?
    public var tally = FindingTally()

    public init(pair: RunSetPair, ltrSourcePath: String, findings: Result<[Finding], ArchiveError>, found: Bool = true) {
        self.pair = pair
        self.ltrSourcePath = ltrSourcePath
        self.findings = findings
        self.found = found
    }
}

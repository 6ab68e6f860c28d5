/// The work behind a run set, done the same way for `check`, the plain list and the interactive list: load
/// and check each archive into a summary, pair each rtl run with an LTR run of its screen, and reload an archive
/// (with its partner) when it is opened.
public struct RunSetWork: Sendable {
    public let loader: ArchiveLoader
    /// Known issues and the previous run (`--baseline`, `--since`), marked on every finding this work makes.
    public var triage: Triage?
    /// What the checks read besides each archive: the app's string tables (`--strings`).
    public var context: CheckContext
    /// Whether a summary's findings carry their paths, fingerprints and hints. The archive list shows only counts
    /// and sets this false, unless a baseline or a previous run (which match fingerprints) is given; an archive
    /// opened from the list is checked again in full (`open`).
    public var namesSummaryFindings = true

    public init(loader: ArchiveLoader, triage: Triage? = nil, context: CheckContext = CheckContext()) {
        self.loader = loader
        self.triage = triage
        self.context = context
    }

    /// An archive's findings, triaged.
    public func findings(_ a: Archive) -> [Finding] {
        var out = LayoutChecker(a, context: context).findings()
        triage?.apply(&out)
        return out
    }

    /// The findings a summary keeps: named unless the list does not need it (`namesSummaryFindings`).
    func summaryFindings(_ a: Archive) -> [Finding] {
        guard !namesSummaryFindings, triage == nil else { return findings(a) }
        return LayoutChecker(a, context: context).findings(named: false)
    }

    /// Loads and checks one archive; the hierarchy is dropped once the summary is made.
    public func summarize(_ path: String) -> Result<ArchiveSummary, ArchiveError> {
        loader.loadResult(path).map { ArchiveSummary(path: path, archive: $0, findings: summaryFindings($0)) }
    }

    /// Every input, on every core, in the order given, then paired: what `check` and the plain list show.
    ///
    /// Archives that name the same screen are read together, in batches (the screen read from the file's first
    /// bytes, a hint only), so that the pair rule compares runs already loaded instead of reading both again;
    /// a batch's archives are dropped when the batch is done, so memory stays that of a few archives. The
    /// pairs themselves are chosen from all summaries, as before: a pair the batches did not bring together
    /// is read again.
    public func checkAll(_ paths: [String]) -> [Result<ArchiveSummary, ArchiveError>] {
        let hints = ConcurrentMap.map(paths) { ScreenHint.read($0) }
        let done = ConcurrentMap.map(RunSetWork.batches(hints)) { checkBatch($0, paths) }
        var slots = [Result<ArchiveSummary, ArchiveError>?](repeating: nil, count: paths.count)
        var ready: [Int: [PairCheck]] = [:]  // by rtl index
        for batch in done {
            for (k, r) in batch.results { slots[k] = r }
            for c in batch.pairs { ready[c.pair.rtl, default: []].append(c) }
        }
        var results = slots.map { $0! }
        let summaries = results.map { try? $0.get() }
        let pairs = RunSetWork.pairs(summaries)
        func prepared(_ p: RunSetPair) -> PairCheck? { ready[p.rtl]?.first { $0.pair == p } }
        let rest = ConcurrentMap.map(pairs.filter { prepared($0) == nil }) { checkPair($0) }
        var checks = pairs.compactMap(prepared) + rest
        checks.sort { $0.pair.rtl < $1.pair.rtl }
        for c in checks {
            if case .success(var s) = results[c.pair.rtl] {
                RunSetWork.merge(c, into: &s)
                results[c.pair.rtl] = .success(s)
            }
        }
        return results
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
    func checkBatch(_ batch: [Int], _ paths: [String]) -> (results: [(Int, Result<ArchiveSummary, ArchiveError>)], pairs: [PairCheck]) {
        var results: [(Int, Result<ArchiveSummary, ArchiveError>)] = []
        var loaded: [Int: Archive] = [:]
        var held = 0
        for k in batch {
            switch loader.loadResult(paths[k]) {
            case .success(let a):
                results.append((k, .success(ArchiveSummary(path: paths[k], archive: a, findings: summaryFindings(a)))))
                if batch.count > 1, held + a.hierarchy.count <= RunSetWork.batchElements {
                    loaded[k] = a
                    held += a.hierarchy.count
                }
            case .failure(let e):
                results.append((k, .failure(e)))
            }
        }
        guard loaded.count > 1 else { return (results, []) }
        let pairs: [PairCheck] = RunSetWork.pairs(results.map { try? $0.1.get() }).compactMap { p in
            let (r, l) = (batch[p.rtl], batch[p.ltr])
            guard let rtl = loaded[r], let ltr = loaded[l] else { return nil }
            return PairCheck(pair: RunSetPair(rtl: r, rtlPath: paths[r], ltr: l, ltrPath: paths[l]), ltrSourcePath: ltr.source.path,
                             findings: .success(pairFindings(ltr: ltr, rtl: rtl)))
        }
        return (results, pairs)
    }

    /// The LTR partner of each rtl archive of a screen: by `partnerRank`, the first of the best.
    public static func pairs(_ summaries: [ArchiveSummary?]) -> [RunSetPair] {
        var byScreen: [String: [Int]] = [:]
        for (k, s) in summaries.enumerated() { if let s = s { byScreen[s.screen, default: []].append(k) } }
        var out: [RunSetPair] = []
        for members in byScreen.values {
            for k in members where summaries[k]!.mode == .rtl {
                let rtl = summaries[k]!
                let ranked = members.compactMap { m in partnerRank(summaries[m]!.mode, test: summaries[m]!.test, rtlTest: rtl.test).map { ($0, m) } }
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

    /// Adds a pair's findings to the rtl run's summary. A pair finding on an element that the one-archive rule
    /// already reported is left out.
    public static func merge(_ check: PairCheck, into summary: inout ArchiveSummary) {
        guard case .success(let pairFindings) = check.findings else { return }
        summary.findings = withPairFindings(summary.findings, pairFindings)
        summary.pairedWith = check.ltrSourcePath
    }

    /// An archive's own findings with the pair rule's added, sorted.
    public static func withPairFindings(_ own: [Finding], _ pair: [Finding]) -> [Finding] {
        let already = Set(own.filter { $0.rule == .rtlNotMirrored }.compactMap(\.element))
        return LayoutChecker.sorted(own + pair.filter { !already.contains($0.element ?? -1) })
    }

    /// Reads an archive to open it, with its findings and, for an rtl run with a partner, the pair rule's.
    public func open(_ path: String, partner: String?) -> Result<OpenedArchive, ArchiveError> {
        loader.loadResult(path).map { archive in
            var findings = self.findings(archive)
            var pairedWith: String?
            if let p = partner, let ltr = try? loader.load(p) {
                findings = RunSetWork.withPairFindings(findings, pairFindings(ltr: ltr, rtl: archive))
                pairedWith = ltr.source.path
            }
            var opened = OpenedArchive(archive: archive, findings: findings, pairedWith: pairedWith)
            opened.strings = ElementStrings(archive, catalog: context.strings)
            return opened
        }
    }
}

/// An rtl run and the LTR run of the same screen, by their positions in the run set.
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

/// The pair rule's outcome for one pair.
public struct PairCheck: Equatable, Sendable {
    public var pair: RunSetPair
    public var ltrSourcePath: String
    public var findings: Result<[Finding], ArchiveError>
}

/// An archive read to be inspected, with its findings.
public struct OpenedArchive: Sendable {
    public var archive: Archive
    public var findings: [Finding]
    /// The LTR run the pair rule compared it with, if any.
    public var pairedWith: String?
    /// True when an rtl run opened on its own was looked for a partner (and none was found if `pairedWith` is nil).
    public var searchedForPartner = false
    /// Which localized string each element shows, for the details pane and search.
    public var strings = ElementStrings()

    public init(archive: Archive, findings: [Finding], pairedWith: String? = nil) {
        self.archive = archive
        self.findings = findings
        self.pairedWith = pairedWith
    }
}

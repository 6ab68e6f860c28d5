import PseudoscopeCore
import PseudoscopeDrawing

/// The archive list of a run set: grouped by screen so that the modes of a test sit together; sortable and
/// filterable. Changed only by `update(_:)`.
public struct RunSetState: InteractiveScreen {
    public enum SortKey: String, CaseIterable, Sendable { case blocking, test, mode }
    /// `blocking` shows the runs that block and those not judged (not checked, not read): what keeps the night
    /// from passing, said in its name.
    public enum SeverityFilter: String, CaseIterable, Sendable {
        case all, withFindings = "with findings", blocking = "blocked or not judged", new = "new findings"
    }

    public let paths: [String]
    public private(set) var entries: [RunSetEntry?]
    /// Entry indices in display order, after filters.
    public private(set) var rows: [Int] = []
    public internal(set) var chrome: ScreenChrome
    public private(set) var list = ListCursor()
    public private(set) var sort: SortKey = .blocking
    public private(set) var modeFilter: Mode?
    public private(set) var severityFilter: SeverityFilter = .all
    public private(set) var filterText = ""
    /// Non-nil while typing a filter.
    public private(set) var filterQuery: String?
    /// The filter before typing began, restored by Esc.
    private var filterBefore = ""
    public private(set) var loadedCount = 0
    /// The first `loadable` paths are loaded; the rest are inputs read as not checked.
    private let loadable: Int
    /// Whether the pair rule has been asked for (once everything is loaded).
    private var pairsRequested = false
    /// Until the user moves, the cursor is on the first row, which once every input is in is the worst run.
    private var userMoved = false

    /// Where each row comes from (`FROM`): each path as short as still tells it from the others.
    public let fromLabels: [String]

    /// The inputs that hold no run to judge (`notChecked`, from discovery) are rows too, after those to load.
    /// The result bundles' whole picture (`ArchiveDiscovery.Result.tests`, summed): the header's, as check's.
    public let tests: TestTally?

    public init(paths: [String], notChecked: [ArchiveError] = [], tests: TestTally? = nil, width: Int, height: Int, glyphs: Glyphs) {
        self.tests = tests
        self.paths = paths + notChecked.map(\.file)
        fromLabels = ArchiveText.distinguishingPaths(self.paths)
        loadable = paths.count
        entries = Array(repeating: nil, count: paths.count) + notChecked.map { Optional(RunSetEntry(path: $0.file, notChecked: $0.message)) }
        loadedCount = notChecked.count
        chrome = ScreenChrome(width: width, height: height, glyphs: glyphs)
        list = ListCursor(count: 0, pageSize: max(1, height - 4))
        rebuild()
    }

    /// The effects that start the list: load every input.
    public func start() -> [Effect] { loadable == 0 ? [] : [.load(paths: Array(paths.prefix(loadable)))] }

    /// Inputs still arriving, or the rtl runs' pair rule not back yet: the counts are not final, the rows stay in
    /// the order given (nothing re-sorts under the cursor), and the status line says which.
    public var isLoading: Bool { !allReceived || pairingPending }
    public var allReceived: Bool { loadedCount >= paths.count }
    /// The pair rule was asked for and has not answered: blocked counts may still grow.
    public private(set) var pairingPending = false

    /// The status line says nothing: what it said ("Opening …") is over once the screen it announced is shown.
    public mutating func clearMessage() { chrome.message = nil }

    /// The runs with findings, in the list's order: the night's queue the inspector's `f` walks past a run's end.
    var queueEntries: [Int] { rows.filter { (entries[$0]?.counts.total ?? 0) > 0 && entries[$0]?.summary != nil } }

    /// A run's place in the queue (`run 3 of 42`); nil when it has no findings or is not in the list.
    public func queuePosition(of path: String) -> (run: Int, of: Int)? {
        let q = queueEntries
        return q.firstIndex { RunSetState.samePath(entries[$0]?.summary?.path, path) }.map { ($0 + 1, q.count) }
    }

    /// A run named by its folder or by its `archive.json` is one run (`RunPath.sameAsWritten`).
    public static func samePath(_ a: String?, _ b: String) -> Bool { RunPath.sameAsWritten(a, b) }

    /// The run after (before) `path` in the queue, and its place; nil at the queue's end.
    public func queueNeighbour(of path: String, forward: Bool) -> (entry: Int, position: (run: Int, of: Int))? {
        let q = queueEntries
        let here = q.firstIndex { RunSetState.samePath(entries[$0]?.summary?.path, path) } ?? (forward ? -1 : q.count)
        let next = here + (forward ? 1 : -1)
        guard next >= 0, next < q.count else { return nil }
        return (q[next], (next + 1, q.count))
    }

    /// Puts the cursor on an entry's row (the queue moved to it).
    public mutating func moveCursor(toEntry k: Int) {
        if let r = rows.firstIndex(of: k) { list.moveTo(r); userMoved = true }
    }
    public var message: String? { chrome.message }
    public var cursor: Int { list.position }
    public var selectedEntry: Int? { list.position < rows.count ? rows[list.position] : nil }
    public var summaries: [ArchiveSummary?] { entries.map { $0?.summary } }

    public static let keys = KeyTable<RunSetMessage>(
        screen: "Archive list",
        bindings: KeyTables.movement(RunSetMessage.move, row: "archive") + [
            KeyBinding([.enter], .open, "inspect the archive"),
            KeyBinding([.char("c")], .compare, "compare the screen's runs (rtl against LTR)"),
            KeyBinding([.char("s")], .cycleSort, "sort by blocking count, test, mode"),
            KeyBinding([.char("/")], .startFilter, "filter by text"),
            KeyBinding([.char("m")], .cycleModeFilter, "filter by mode"),
            KeyBinding([.char("b")], .cycleSeverityFilter, "filter: all, with findings, blocked or not judged, new since --since"),
            KeyBinding([.escape], .clearFilters, "clear the filters"),
        ] + KeyTables.common(RunSetMessage.chrome) + [
            KeyBinding([.char("q")], .chrome(.close), "close the overlay; quit"),
            KeyBinding([.char("Q"), .ctrl("c")], .chrome(.quitNow), "quit now"),
        ],
        notes: [
            "While filtering, typing edits the filter: Enter keeps it, Esc restores the previous one.",
            "Mouse: the wheel scrolls.",
        ])

    /// Whether keys are being typed into the filter prompt: Ctrl-C then cancels it.
    public var isTyping: Bool { filterQuery != nil }

    func message(for key: Key) -> RunSetMessage? {
        switch key {
        case .resize(let w, let h): return .chrome(.resize(width: w, height: h))
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        default: break
        }
        if filterQuery != nil {
            switch KeyTables.typing.message(for: key) {
            case .commit: return .filterCommit
            case .cancel: return .filterCancel
            case .backspace: return .filterBackspace
            case .input(let c): return .filterInput(c)
            case nil: return nil
            }
        }
        return RunSetState.keys.message(for: key)
    }

    public mutating func update(_ m: RunSetMessage) -> [Effect] {
        switch m {
        case .received, .paired, .retriaged: break
        default: chrome.message = nil
        }
        switch m {
        case .move(let movement):
            userMoved = true
            list.apply(movement)
        case .scroll(let n):
            userMoved = true
            list.scrollView(by: n)
        case .open:
            guard let k = selectedEntry else { break }
            guard let s = entries[k]?.summary else {
                chrome.message = entries[k] == nil ? "Still loading" : "This archive could not be loaded"
                break
            }
            chrome.message = "Opening \(s.test)…"
            return [.inspect(path: s.path, among: summaries)]
        case .compare: return compareGroup()
        case .cycleSort:
            sort = SortKey.allCases[(SortKey.allCases.firstIndex(of: sort)! + 1) % SortKey.allCases.count]
            rebuild(keeping: selectedEntry)
            chrome.message = "Sorted by \(sort.rawValue)"
        case .cycleModeFilter:
            let options: [Mode?] = [nil] + Mode.allCases
            modeFilter = options[(options.firstIndex(of: modeFilter)! + 1) % options.count]
            rebuild(keeping: selectedEntry)
        case .cycleSeverityFilter:
            severityFilter = SeverityFilter.allCases[(SeverityFilter.allCases.firstIndex(of: severityFilter)! + 1) % SeverityFilter.allCases.count]
            rebuild(keeping: selectedEntry)
        case .clearFilters:
            filterText = ""
            modeFilter = nil
            severityFilter = .all
            rebuild(keeping: selectedEntry)
        case .startFilter:
            filterQuery = filterText
            filterBefore = filterText
        case .filterInput(let c):
            filterQuery = (filterQuery ?? "") + c
            filterText = filterQuery!
            rebuild(keeping: selectedEntry)
        case .filterBackspace:
            if var q = filterQuery, !q.isEmpty {
                q.removeLast()
                filterQuery = q
                filterText = q
                rebuild(keeping: selectedEntry)
            }
        case .filterCommit: filterQuery = nil
        case .filterCancel:
            filterQuery = nil
            filterText = filterBefore
            rebuild(keeping: selectedEntry)
        case .chrome(let c):
            let effects = chrome.update(c)
            list.resize(pageSize: max(1, chrome.height - 4))
            return effects
        case .received(let batch):
            for item in batch where item.index < entries.count {
                if entries[item.index] == nil { loadedCount += 1 }
                entries[item.index] = item.entry
            }
            // Once every input is in: the engine pairs the rtl runs (among the inputs, else beside them); the list
            // is sorted when that answer is in, with the counts final, not before.
            var effects: [Effect] = []
            if allReceived && !pairsRequested {
                pairsRequested = true
                if summaries.contains(where: { $0?.mode == .rtl }) {
                    pairingPending = true
                    effects = [.pairRunSet(summaries)]
                }
            }
            // One rebuild per batch, not per archive: a night of a thousand archives arrives in a few batches.
            rebuild()
            return effects
        case .paired(let runs):
            for (k, result) in runs where k < entries.count && entries[k] != nil {
                entries[k] = RunSetEntry(path: entries[k]!.path, result: result)
            }
            pairingPending = false
            rebuild()
        case .retriaged(let marked):
            for (k, s) in marked.enumerated() where k < entries.count {
                if let s = s { entries[k]?.summary = s }
            }
            rebuild(keeping: selectedEntry)
        case .openFailed(let message):
            chrome.message = message
        }
        return []
    }

    /// The LTR run the pair rule compared an rtl entry with (`Engine`), if it had one.
    func partnerPath(of k: Int) -> String? {
        entries[k]?.summary?.pairing.partner
    }

    /// The pair to compare for the selected row's screen: rtl against its LTR run, else any two runs.
    mutating func compareGroup() -> [Effect] {
        guard let k = selectedEntry, let screen = entries[k]?.summary?.screen, let key = entries[k]?.summary?.group else {
            chrome.message = "Select a loaded archive"
            return []
        }
        let group = entries.indices.filter { entries[$0]?.summary?.group == key }
        let current = entries
        func byMode(_ m: Mode) -> Int? { group.first { current[$0]?.summary?.mode == m } }
        func path(_ i: Int) -> String { current[i]!.summary!.path }
        // The selected rtl run, else the group's first, against its partner (the pair rule's choice).
        let rtl = current[k]?.summary?.mode == .rtl ? k : byMode(.rtl)
        if let r = rtl, let l = partnerPath(of: r) {
            return [.compare(a: l, b: path(r))]
        } else if let e = byMode(.expanded),
            let n = group.filter({ current[$0]?.summary?.mode == .normal })
                .min(by: {
                    Engine.partnerRank(.normal, test: current[$0]!.summary!.test, rtlTest: current[e]!.summary!.test)! < Engine.partnerRank(
                        .normal, test: current[$1]!.summary!.test, rtlTest: current[e]!.summary!.test)!
                })
        {
            return [.compare(a: path(n), b: path(e))]
        } else if group.count >= 2 {
            return [.compare(a: path(group[0]), b: path(group[1]))]
        }
        chrome.message = "Only one run of \(screen) is here: nothing to compare"
        return []
    }

    static func modeRank(_ m: Mode) -> Int { Mode.allCases.firstIndex(of: m)! }

    func passesFilters(_ k: Int) -> Bool {
        guard let e = entries[k] else { return modeFilter == nil && severityFilter == .all && filterText.isEmpty }
        if let m = modeFilter, e.summary?.mode != m { return false }
        switch severityFilter {
        case .all: break
        case .withFindings: if e.counts.total == 0 && e.problem == nil { return false }
        case .blocking: if !e.verdict.blocks && e.problem == nil { return false }
        case .new: if (e.summary?.newFindings ?? 0) == 0 { return false }
        }
        if !filterText.isEmpty {
            let q = filterText.lowercased()
            let s = e.summary
            let hay = [e.path, s?.test ?? "", s?.screen ?? "", s?.mode.rawValue ?? "", s?.locale ?? "", s?.failingIdentifier ?? "", e.problem ?? ""]
            if !hay.contains(where: { $0.lowercased().contains(q) }) { return false }
        }
        return true
    }

    /// Orders the rows: groups by screen (errors and unloaded entries are groups of their own), modes in order
    /// within a group, groups by the sort key. While inputs still arrive the rows stay in the order given, so a
    /// row never moves under the cursor between the moment it is drawn and the key that acts on it; the list is
    /// grouped and sorted once, when the last input is in (and then the cursor stays on its run if the user moved).
    mutating func rebuild(keeping entry: Int? = nil) {
        let keep = entry ?? (userMoved ? selectedEntry : nil)
        if isLoading {
            rows = entries.indices.filter(passesFilters)
            list.resize(count: rows.count)
            if let k = keep, let r = rows.firstIndex(of: k) { list.moveTo(r) } else if !userMoved { list.moveTo(0) }
            return
        }
        var groups: [String: [Int]] = [:]
        for k in entries.indices where passesFilters(k) {
            groups[entries[k]?.summary?.group ?? "\u{10FFFF}" + paths[k], default: []].append(k)
        }
        struct Group { var members: [Int]; var blocking: Int; var test: String; var errors: Int; var mode: Int; var unchecked: Int; var flaky: Int }
        let current = entries
        let modeRankOf: (Int) -> Int = { current[$0]?.summary.map { RunSetState.modeRank($0.mode) } ?? 9 }
        let blockingOf: (Int) -> Int = { current[$0]?.counts.blockingNow ?? 0 }
        let bySort = sort
        let ordered: [Group] = groups.values.map { members in
            // Sorted by blocking, the worst run of a group leads it, so the list's first row is the worst run; by
            // test or mode, a group's runs stand in mode order.
            let sorted = members.sorted {
                if bySort == .blocking, blockingOf($0) != blockingOf($1) { return blockingOf($0) > blockingOf($1) }
                return modeRankOf($0) != modeRankOf($1) ? modeRankOf($0) < modeRankOf($1) : NaturalOrder.less(paths[$0], paths[$1])
            }
            return Group(
                members: sorted, blocking: sorted.map { entries[$0]?.counts.blockingNow ?? 0 }.max() ?? 0,
                test: sorted.compactMap { entries[$0]?.summary?.test }.min() ?? paths[sorted[0]],
                errors: sorted.contains { entries[$0]?.problem != nil } ? 1 : 0, mode: modeRankOf(sorted[0]),
                unchecked: sorted.allSatisfy { entries[$0]?.isUnchecked ?? true || entries[$0]?.problem != nil } ? 1 : 0,
                flaky: sorted.allSatisfy { entries[$0]?.summary?.run?.passedLater == true } ? 1 : 0)
        }.sorted { x, y in
            switch sort {
            // Within a severity, runs that were judged before inputs that were not (unreadable, not checked).
            case .blocking:
                if x.blocking != y.blocking { return x.blocking > y.blocking }
                // Flaky runs (their test passed on a later attempt) are read after the runs that fail for good.
                if x.flaky != y.flaky { return x.flaky < y.flaky }
                if x.unchecked != y.unchecked { return x.unchecked < y.unchecked }
                return x.errors != y.errors ? x.errors < y.errors : NaturalOrder.less(x.test, y.test)
            case .test: return x.test != y.test ? NaturalOrder.less(x.test, y.test) : NaturalOrder.less(paths[x.members[0]], paths[y.members[0]])
            case .mode: return x.mode != y.mode ? x.mode < y.mode : x.test < y.test
            }
        }
        rows = ordered.flatMap(\.members)
        list.resize(count: rows.count)
        if let k = keep, let r = rows.firstIndex(of: k) { list.moveTo(r) } else if !userMoved { list.moveTo(0) }
    }
}

import PseudoscopeCore

/// One archive of a run set: loaded, failed to load, or still loading.
public struct RunSetEntry: Sendable {
    public var path: String
    public var archive: Archive?
    public var error: String?
    /// The archive's findings, with the rtl pair rule once the whole set is loaded.
    public var findings: [Finding]
    public var blocking = 0
    public var review = 0

    public init(path: String, archive: Archive?, error: String?, findings: [Finding]) {
        self.path = path
        self.archive = archive
        self.error = error
        self.findings = findings
        blocking = findings.filter { $0.severity == .blocking }.count
        review = findings.count - blocking
    }
}

/// The archive list of a folder: grouped by screen so that the modes of a test sit together; sortable and
/// filterable. Changed only by `apply(_:)` and `receive(_:at:)`.
public struct RunSetState {
    public enum SortKey: String, CaseIterable, Sendable { case blocking, test, mode }
    public enum SeverityFilter: String, CaseIterable, Sendable { case all, withFindings = "with findings", blocking }
    /// What the list asks its owner to open.
    public enum Request: Equatable, Sendable { case inspect(Int), compare(a: Int, b: Int) }

    public let paths: [String]
    public private(set) var entries: [RunSetEntry?]
    public private(set) var rows: [Int] = []
    public var width: Int
    public var height: Int
    public var glyphs: Glyphs
    public var cursor = 0
    public var scroll = 0
    public var sort: SortKey = .blocking
    public var modeFilter: Mode?
    public var severityFilter: SeverityFilter = .all
    public var filterText = ""
    /// Non-nil while typing a filter.
    public var filterQuery: String?
    public var showHelp = false
    public var message: String?
    public var quit = false
    public var request: Request?
    /// Until the user moves, the cursor stays on the first row while archives arrive and the order settles.
    var userMoved = false

    public init(paths: [String], width: Int, height: Int, glyphs: Glyphs) {
        self.paths = paths
        entries = Array(repeating: nil, count: paths.count)
        self.width = width
        self.height = height
        self.glyphs = glyphs
        rebuild()
    }

    public var loadedCount: Int { entries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    public var isLoading: Bool { loadedCount < paths.count }
    var pageRows: Int { max(1, height - 4) }

    /// Records a loaded (or failed) archive, keeping the cursor on the same entry.
    public mutating func receive(_ entry: RunSetEntry, at index: Int) {
        entries[index] = entry
        rebuild()
    }

    /// Replaces the finding counts once everything is loaded (the pair rule needs both runs of a screen).
    public mutating func updateCounts(_ findings: [[Finding]]) {
        for k in entries.indices {
            guard let e = entries[k], e.archive != nil, k < findings.count else { continue }
            entries[k] = RunSetEntry(path: e.path, archive: e.archive, error: e.error, findings: findings[k])
        }
        rebuild()
    }

    public mutating func apply(_ action: Action) {
        message = nil
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .top, .bottom, .scrollDown, .scrollUp: userMoved = true
        default: break
        }
        if showHelp {
            if action == .closeOrQuit || action == .escape || action == .help { showHelp = false }
            if action == .quitNow { quit = true }
            return
        }
        switch action {
        case .moveDown: move(1)
        case .moveUp: move(-1)
        case .pageDown: move(pageRows)
        case .pageUp: move(-pageRows)
        case .halfPageDown: move(pageRows / 2)
        case .halfPageUp: move(-pageRows / 2)
        case .top: cursor = 0
        case .bottom: cursor = max(0, rows.count - 1)
        case .scrollDown: move(3)
        case .scrollUp: move(-3)
        case .open, .toggleExpanded:
            guard let k = selectedEntry else { break }
            if entries[k]?.archive != nil { request = .inspect(k) } else { message = entries[k] == nil ? "Still loading" : "This archive could not be loaded" }
        case .compareGroup: compareGroup()
        case .cycleSort:
            sort = SortKey.allCases[(SortKey.allCases.firstIndex(of: sort)! + 1) % SortKey.allCases.count]
            rebuild(keeping: selectedEntry)
            message = "Sorted by \(sort.rawValue)"
        case .cycleModeFilter:
            let options: [Mode?] = [nil] + Mode.allCases
            modeFilter = options[(options.firstIndex(of: modeFilter)! + 1) % options.count]
            rebuild(keeping: selectedEntry)
        case .cycleSeverityFilter:
            severityFilter = SeverityFilter.allCases[(SeverityFilter.allCases.firstIndex(of: severityFilter)! + 1) % SeverityFilter.allCases.count]
            rebuild(keeping: selectedEntry)
        case .startSearch: filterQuery = filterText
        case .searchType(let ch):
            filterQuery = (filterQuery ?? "") + String(ch)
            filterText = filterQuery!
            rebuild(keeping: selectedEntry)
        case .searchBackspace:
            if var q = filterQuery, !q.isEmpty { q.removeLast(); filterQuery = q; filterText = q; rebuild(keeping: selectedEntry) }
        case .searchCommit: filterQuery = nil
        case .searchCancel: filterQuery = nil
        case .escape:
            filterText = ""
            filterQuery = nil
            modeFilter = nil
            severityFilter = .all
            rebuild(keeping: selectedEntry)
        case .toggleASCII: glyphs = glyphs.isASCII ? .unicode : .ascii
        case .help: showHelp = true
        case .closeOrQuit, .quitNow: quit = true
        case .resize(let w, let h): width = w; height = h
        default: break
        }
        keepCursorVisible()
    }

    public var selectedEntry: Int? { cursor < rows.count ? rows[cursor] : nil }

    mutating func move(_ d: Int) { cursor = min(max(0, cursor + d), max(0, rows.count - 1)) }

    mutating func keepCursorVisible() {
        if cursor < scroll { scroll = cursor }
        if cursor >= scroll + pageRows { scroll = cursor - pageRows + 1 }
        scroll = max(0, min(scroll, max(0, rows.count - pageRows)))
    }

    /// The pair to compare for the selected row's screen: rtl against its LTR run, else any two runs.
    mutating func compareGroup() {
        guard let k = selectedEntry, let screen = entries[k]?.archive?.screen else { message = "Select a loaded archive"; return }
        let group = entries.indices.filter { entries[$0]?.archive?.screen == screen }
        let current = entries
        func byMode(_ m: Mode) -> Int? { group.first { current[$0]?.archive?.mode == m } }
        if let r = byMode(.rtl), let l = byMode(.normal) ?? byMode(.expanded) {
            request = .compare(a: l, b: r)
        } else if let e = byMode(.expanded), let n = byMode(.normal) {
            request = .compare(a: n, b: e)
        } else if group.count >= 2 {
            request = .compare(a: group[0], b: group[1])
        } else {
            message = "Only one run of \(screen) is here: nothing to compare"
        }
    }

    static func modeRank(_ m: Mode) -> Int { Mode.allCases.firstIndex(of: m)! }

    func passesFilters(_ k: Int) -> Bool {
        guard let e = entries[k] else { return modeFilter == nil && severityFilter == .all && filterText.isEmpty }
        if let m = modeFilter, e.archive?.mode != m { return false }
        switch severityFilter {
        case .all: break
        case .withFindings: if e.blocking + e.review == 0 && e.error == nil { return false }
        case .blocking: if e.blocking == 0 && e.error == nil { return false }
        }
        if !filterText.isEmpty {
            let q = filterText.lowercased()
            let a = e.archive
            let hay = [e.path, a?.test ?? "", a?.screen ?? "", a?.mode.rawValue ?? "", a?.locale ?? "", a?.failure.identifier ?? "", e.error ?? ""]
            if !hay.contains(where: { $0.lowercased().contains(q) }) { return false }
        }
        return true
    }

    mutating func rebuild(keeping entry: Int? = nil) {
        let keep = entry ?? (userMoved ? selectedEntry : nil)
        let visible = entries.indices.filter(passesFilters)
        // Group by screen (errors and unloaded entries are groups of their own, by path).
        var groups: [String: [Int]] = [:]
        for k in visible { groups[entries[k]?.archive?.screen ?? "\u{10FFFF}" + paths[k], default: []].append(k) }
        func groupKey(_ members: [Int]) -> (Int, String, Int) {
            let blocking = members.map { entries[$0]?.blocking ?? 0 }.max() ?? 0
            let test = members.compactMap { entries[$0]?.archive?.test }.min() ?? paths[members[0]]
            let errors = members.contains { entries[$0]?.error != nil } ? 1 : 0
            return (blocking, test, errors)
        }
        let ordered = groups.values.map { members in
            members.sorted {
                let ma = entries[$0]?.archive.map { RunSetState.modeRank($0.mode) } ?? 9
                let mb = entries[$1]?.archive.map { RunSetState.modeRank($0.mode) } ?? 9
                return ma != mb ? ma < mb : paths[$0] < paths[$1]
            }
        }.sorted { x, y in
            let (bx, tx, ex) = groupKey(x), (by, ty, ey) = groupKey(y)
            switch sort {
            case .blocking: return bx != by ? bx > by : (ex != ey ? ex > ey : tx < ty)
            case .test: return tx != ty ? tx < ty : paths[x[0]] < paths[y[0]]
            case .mode:
                let mx = entries[x[0]]?.archive.map { RunSetState.modeRank($0.mode) } ?? 9
                let my = entries[y[0]]?.archive.map { RunSetState.modeRank($0.mode) } ?? 9
                return mx != my ? mx < my : tx < ty
            }
        }
        rows = ordered.flatMap { $0 }
        if let k = keep, let r = rows.firstIndex(of: k) { cursor = r } else { cursor = userMoved ? min(cursor, max(0, rows.count - 1)) : 0 }
        keepCursorVisible()
    }
}

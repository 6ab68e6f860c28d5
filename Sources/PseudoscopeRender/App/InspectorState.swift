import PseudoscopeCore

/// The panes of the inspector, in Tab order.
public enum Pane: Int, CaseIterable, Sendable {
    case tree, wireframe, details
    public var title: String {
        switch self {
        case .tree: return "Tree"
        case .wireframe: return "Wireframe"
        case .details: return "Details"
        }
    }
}

/// Everything the inspector shows, changed only by `apply(_:)`. Rendering reads it; nothing else writes it.
public struct InspectorState {
    public let archive: Archive
    public let findings: [Finding]
    public let wireframe: Wireframe
    /// The wireframe drawn without selection, reused while only the selection moves.
    let wireframeCache = WireframeCache()
    /// Findings by element, for the details pane and the tree's severity glyphs.
    public let findingsByElement: [Int: [Finding]]
    /// Elements with findings, in tree order, for `f` / `F`.
    let findingElements: [Int]

    public var width: Int
    public var height: Int
    public var glyphs: Glyphs
    public var focus: Pane = .tree
    public var selected: Int
    public var expanded: [Bool]
    /// The tree rows currently shown (indices of elements whose ancestors are all expanded).
    public private(set) var visibleRows: [Int] = []
    public var treeScroll = 0
    public var detailsScroll = 0
    public var showArchiveDetails = false
    public var mirror = false
    public var zoom = false
    public var showHelp = false
    /// Non-nil while the user types a search.
    public var searchQuery: String?
    public var lastQuery = ""
    public var matches: [Int] = []
    /// The selection when the search started, to return to on Esc.
    var searchOrigin: Int?
    /// A message for the status line, cleared by the next action.
    public var message: String?
    public var quit = false
    /// Set by Ctrl-L: the driver repaints the whole terminal.
    public var needsFullRepaint = false

    public init(archive: Archive, findings: [Finding], width: Int, height: Int, glyphs: Glyphs) {
        self.archive = archive
        self.findings = findings
        wireframe = Wireframe(archive: archive, findings: findings)
        var byElement: [Int: [Finding]] = [:]
        for f in findings { if let i = f.element { byElement[i, default: []].append(f) } }
        findingsByElement = byElement
        findingElements = byElement.keys.sorted()
        self.width = width
        self.height = height
        self.glyphs = glyphs
        let h = archive.hierarchy
        // Open with the top levels expanded and the failing element selected with its ancestors expanded.
        expanded = h.elements.map { $0.depth < 3 }
        selected = archive.failingIndex ?? 0
        reveal(selected)
        rebuildRows()
        scrollToSelection()
    }

    var hierarchy: Hierarchy { archive.hierarchy }

    // MARK: - Geometry the actions need

    public var layout: ScreenLayout { ScreenLayout(width: width, height: height) }

    /// Rows of tree visible in its pane.
    var treePageSize: Int { max(1, layout.tree.height - 1) }

    // MARK: - Actions

    public mutating func apply(_ action: Action) {
        message = nil
        needsFullRepaint = false
        if showHelp {
            switch action {
            case .closeOrQuit, .escape, .help: showHelp = false
            case .quitNow: quit = true
            case .resize(let w, let h): width = w; height = h
            default: break
            }
            return
        }
        switch action {
        case .moveDown: moveSelection(by: 1)
        case .moveUp: moveSelection(by: -1)
        case .pageDown: focus == .details ? scrollDetails(by: layout.details.height - 2) : moveSelection(by: treePageSize)
        case .pageUp: focus == .details ? scrollDetails(by: -(layout.details.height - 2)) : moveSelection(by: -treePageSize)
        case .halfPageDown: moveSelection(by: max(1, treePageSize / 2))
        case .halfPageUp: moveSelection(by: -max(1, treePageSize / 2))
        case .top: select(visibleRows.first ?? 0)
        case .bottom: select(visibleRows.last ?? 0)
        case .expandOrFirstChild:
            let e = hierarchy[selected]
            if e.children.isEmpty { break }
            if !expanded[selected] { expanded[selected] = true; rebuildRows() } else { select(e.children[0]) }
        case .collapseOrParent:
            if !hierarchy[selected].children.isEmpty && expanded[selected] {
                expanded[selected] = false
                rebuildRows()
            } else if let p = hierarchy[selected].parent {
                select(p)
            }
        case .toggleExpanded:
            if !hierarchy[selected].children.isEmpty { expanded[selected].toggle(); rebuildRows() }
        case .expandSubtree:
            for i in selected..<hierarchy.subtreeEnd(selected) { expanded[i] = true }
            rebuildRows()
        case .collapseSubtree:
            for i in selected..<hierarchy.subtreeEnd(selected) { expanded[i] = false }
            rebuildRows()
        case .expandAll:
            expanded = Array(repeating: true, count: hierarchy.count)
            rebuildRows()
        case .nextPane: focus = Pane(rawValue: (focus.rawValue + 1) % Pane.allCases.count)!
        case .previousPane: focus = Pane(rawValue: (focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count)!
        case .startSearch:
            searchQuery = ""
            searchOrigin = selected
            matches = []
        case .searchType(let c):
            searchQuery = (searchQuery ?? "") + String(c)
            updateIncrementalSearch()
        case .searchBackspace:
            if var q = searchQuery, !q.isEmpty { q.removeLast(); searchQuery = q; updateIncrementalSearch() }
        case .searchCommit:
            lastQuery = searchQuery ?? ""
            searchQuery = nil
            matches = SearchIndex.matches(lastQuery, in: hierarchy)
            if lastQuery.isEmpty { matches = [] } else if matches.isEmpty { message = "Nothing found for /\(lastQuery)" } else {
                message = "\(matches.count) match\(matches.count == 1 ? "" : "es") for /\(lastQuery)"
            }
        case .searchCancel, .escape:
            if searchQuery != nil {
                searchQuery = nil
                if let o = searchOrigin { select(o) }
                matches = SearchIndex.matches(lastQuery, in: hierarchy)
            } else if zoom {
                zoom = false
            }
        case .nextMatch: jumpMatch(forward: true)
        case .previousMatch: jumpMatch(forward: false)
        case .nextFinding: jumpFinding(forward: true)
        case .previousFinding: jumpFinding(forward: false)
        case .jumpToFailing:
            if let f = archive.failingIndex { select(f) } else { message = "The failing element '\(archive.failure.identifier)' is not in the hierarchy" }
        case .toggleZoom: zoom.toggle()
        case .toggleMirror:
            if archive.mode.isRightToLeft { message = "This run is already right-to-left" } else { mirror.toggle() }
        case .toggleASCII: glyphs = glyphs.isASCII ? .unicode : .ascii
        case .toggleDetailsTab: showArchiveDetails.toggle(); detailsScroll = 0
        case .help: showHelp = true
        case .closeOrQuit, .quitNow: quit = true
        case .repaint: needsFullRepaint = true
        case .resize(let w, let h):
            width = w
            height = h
            scrollToSelection()
        case .click(let x, let y): click(x: x, y: y)
        case .scrollUp: focus == .details ? scrollDetails(by: -3) : moveSelection(by: -3)
        case .scrollDown: focus == .details ? scrollDetails(by: 3) : moveSelection(by: 3)
        case .nextDifference, .previousDifference, .switchSide, .compareGroup, .cycleSort, .cycleModeFilter, .cycleSeverityFilter, .open:
            break  // actions of the other screens
        }
    }

    // MARK: - Helpers

    mutating func select(_ i: Int) {
        guard i >= 0, i < hierarchy.count else { return }
        if selected != i { detailsScroll = 0 }
        selected = i
        if reveal(i) { rebuildRows() }
        scrollToSelection()
    }

    /// Expands the ancestors of `i`; true when anything changed.
    @discardableResult
    mutating func reveal(_ i: Int) -> Bool {
        var changed = false
        var p = hierarchy[i].parent
        while let q = p {
            if !expanded[q] { expanded[q] = true; changed = true }
            p = hierarchy[q].parent
        }
        return changed
    }

    mutating func rebuildRows() {
        var rows: [Int] = []
        let h = hierarchy
        var i = 0
        while i < h.count {
            rows.append(i)
            i = expanded[i] ? i + 1 : h.subtreeEnd(i)
        }
        visibleRows = rows
        // A collapse can hide the selection: move it to its nearest visible ancestor.
        if rowIndex(of: selected) == nil {
            var p = h[selected].parent
            while let q = p, rowIndex(of: q) == nil { p = h[q].parent }
            selected = p ?? 0
        }
        scrollToSelection()
    }

    /// The position of element `i` among the visible rows (binary search: rows are in tree order).
    public func rowIndex(of i: Int) -> Int? {
        var lo = 0, hi = visibleRows.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if visibleRows[mid] == i { return mid }
            if visibleRows[mid] < i { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    mutating func moveSelection(by delta: Int) {
        guard let r = rowIndex(of: selected) else { return }
        let target = min(max(0, r + delta), visibleRows.count - 1)
        select(visibleRows[target])
    }

    mutating func scrollToSelection() {
        guard let r = rowIndex(of: selected) else { return }
        let page = treePageSize
        if r < treeScroll { treeScroll = r }
        if r >= treeScroll + page { treeScroll = r - page + 1 }
        treeScroll = max(0, min(treeScroll, max(0, visibleRows.count - page)))
    }

    mutating func scrollDetails(by delta: Int) {
        detailsScroll = max(0, detailsScroll + delta)
    }

    mutating func updateIncrementalSearch() {
        let q = searchQuery ?? ""
        matches = SearchIndex.matches(q, in: hierarchy)
        guard !q.isEmpty, let origin = searchOrigin else { return }
        if let next = matches.first(where: { $0 >= origin }) ?? matches.first { select(next) }
    }

    mutating func jumpMatch(forward: Bool) {
        if matches.isEmpty && !lastQuery.isEmpty { matches = SearchIndex.matches(lastQuery, in: hierarchy) }
        guard !matches.isEmpty else {
            message = lastQuery.isEmpty ? "No search yet: press / to search" : "Nothing found for /\(lastQuery)"
            return
        }
        if forward {
            if let n = matches.first(where: { $0 > selected }) { select(n) } else { select(matches[0]); message = "Search wrapped to the top" }
        } else {
            if let n = matches.last(where: { $0 < selected }) { select(n) } else { select(matches[matches.count - 1]); message = "Search wrapped to the bottom" }
        }
    }

    mutating func jumpFinding(forward: Bool) {
        guard !findingElements.isEmpty else { message = "No findings in this archive"; return }
        if forward {
            if let n = findingElements.first(where: { $0 > selected }) { select(n) } else { select(findingElements[0]); message = "Findings wrapped to the top" }
        } else {
            if let n = findingElements.last(where: { $0 < selected }) { select(n) } else { select(findingElements[findingElements.count - 1]); message = "Findings wrapped to the bottom" }
        }
    }

    mutating func click(x: Int, y: Int) {
        let l = layout
        if l.tree.contains(x: x, y: y) {
            focus = .tree
            let row = treeScroll + (y - l.tree.y - 1)
            if y > l.tree.y, row >= 0, row < visibleRows.count { select(visibleRows[row]) }
        } else if l.wireframe.contains(x: x, y: y) {
            focus = .wireframe
            let (drawingLayout, options) = wireframeLayout()
            let origin = l.wireframeDrawingOrigin(drawingLayout)
            if let i = wireframe.element(atColumn: x - origin.x, row: y - origin.y, layout: drawingLayout, options: options) { select(i) }
        } else if l.details.contains(x: x, y: y) {
            focus = .details
        }
    }

    /// The wireframe's layout for the pane: the whole screen, or the selection's surroundings when zoomed.
    public func wireframeLayout() -> (WireframeLayout, WireframeOptions) {
        var options = WireframeOptions(glyphs: glyphs)
        options.mirror = mirror
        options.selected = selected
        let pane = layout.wireframe
        let w = pane.width, h = pane.height - 1
        if zoom {
            let f = wireframe.drawnFrame(selected, options)
            if !f.isEmpty {
                // Show the element with as much again around it, in the pane's shape.
                let aspect = Double(max(1, w)) / Double(max(1, 2 * h))
                var vw = max(f.width * 2, 40), vh = max(f.height * 2, 40)
                if vw / vh < aspect { vw = vh * aspect } else { vh = vw / aspect }
                options.viewport = Rect(x: f.midX - vw / 2, y: f.midY - vh / 2, width: vw, height: vh)
            }
        }
        return (wireframe.layout(width: w, height: h, options: options), options)
    }
}

/// Case-insensitive search over identifier, label, value and type, in tree order.
public enum SearchIndex {
    public static func matches(_ query: String, in h: Hierarchy) -> [Int] {
        let q = query.lowercased()
        guard !q.isEmpty else { return [] }
        return h.indices.filter { i in
            let e = h[i]
            return e.identifier.lowercased().contains(q) || e.label.lowercased().contains(q)
                || e.value.lowercased().contains(q) || e.type.lowercased().contains(q)
        }
    }
}

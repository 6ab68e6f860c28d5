import PseudoscopeCore
import PseudoscopeDrawing

/// Two runs side by side with one shared cursor over their aligned elements. Changed only by `update(_:)`.
public struct ComparisonState: InteractiveScreen {
    public let comparison: RunComparison
    /// For each aligned row (`comparison.rows`), the indices of its differences.
    let differencesByRow: [[Int]]
    /// Rows with differences, in order, for `]` / `[`.
    let rowsWithDifferences: [Int]
    let wireA: Wireframe
    let wireB: Wireframe
    let cacheA = WireframeCache()
    let cacheB = WireframeCache()
    /// For an rtl run B: where each element that did not mirror belongs (drawn as a ghost outline in B).
    let ghostFrames: [Rect]
    public internal(set) var chrome: ScreenChrome
    public private(set) var list: ListCursor
    /// On narrow terminals one run is shown at a time: false shows A, true shows B.
    public private(set) var showingB = false
    /// The selected row's whole text (its elements and every difference), over the screen until a key closes it.
    public private(set) var showingWholeText = false

    /// Below this width the list and two drawings do not fit beside each other: one drawing at a time.
    public static let minimumSideBySideWidth = 72

    public init(comparison: RunComparison, width: Int, height: Int, glyphs: Glyphs) {
        self.comparison = comparison
        chrome = ScreenChrome(width: width, height: height, glyphs: glyphs)
        var rowOfB: [Int: Int] = [:], rowOfAOnly: [Int: Int] = [:]
        for (k, r) in comparison.rows.enumerated() {
            if let b = r.b { rowOfB[b] = k } else if let a = r.a { rowOfAOnly[a] = k }
        }
        var byRow = [[Int]](repeating: [], count: comparison.rows.count)
        for (n, d) in comparison.differences.enumerated() {
            if let k = d.b.flatMap({ rowOfB[$0] }) ?? d.a.flatMap({ rowOfAOnly[$0] }) { byRow[k].append(n) }
        }
        differencesByRow = byRow
        rowsWithDifferences = byRow.indices.filter { !byRow[$0].isEmpty }
        let (fa, fb) = (comparison.findingsA, comparison.findingsB)
        wireA = Wireframe(archive: comparison.a, findings: fa)
        wireB = Wireframe(archive: comparison.b, findings: fb)
        ghostFrames = comparison.mirroredPlaces
        list = ListCursor(count: comparison.rows.count, pageSize: ComparisonState.listRows(height: height))
        // Open on the first difference.
        list.moveTo(rowsWithDifferences.first ?? 0)
        // What one run's source does not record is said, not counted as a difference.
        if let first = comparison.notCompared.first {
            chrome.message =
                "Not compared: " + first + (comparison.notCompared.count > 1 ? " (and \(comparison.notCompared.count - 1) more: ! notes)" : "")
        }
    }

    public var width: Int { chrome.width }
    public var height: Int { chrome.height }
    public var glyphs: Glyphs { chrome.glyphs }
    public var message: String? { chrome.message }
    public var cursor: Int { list.position }
    public var isNarrow: Bool { width < ComparisonState.minimumSideBySideWidth }

    /// The aligned list takes the body's full height beside the drawings.
    static func listRows(height: Int) -> Int { max(1, height - 3) }
    var listRows: Int { ComparisonState.listRows(height: height) }

    /// The columns each drawing gets: the screen's shape at the body's height (a cell is twice as tall as wide),
    /// at most what leaves the aligned list 30 columns.
    public var drawingWidth: Int {
        let rows = max(1, height - 3)
        let screen = comparison.a.hierarchy.screenFrame
        let aspect = screen.height > 0 ? min(2, max(0.2, screen.width / screen.height)) : 0.5
        let natural = Int((Double(rows) * 2 * aspect).rounded(.up)) + 2
        let drawings = isNarrow ? 1 : 2
        return max(12, min(natural, (width - 30 - drawings) / drawings))
    }

    public static let keys = KeyTable<ComparisonMessage>(
        screen: "Comparison",
        bindings: KeyTables.movement(ComparisonMessage.move, row: "element") + [
            KeyBinding([.char("]"), .char("n"), .char("f")], .nextDifference, "next difference"),
            KeyBinding([.char("["), .char("N"), .char("F")], .previousDifference, "previous difference"),
            KeyBinding([.tab, .backTab], .switchSide, "draw the other run (below 72 columns, one drawing shows)"),
            KeyBinding([.enter], .open, "open the row's element in the inspector of its run (the run drawn; side by side, B where it is there)"),
            KeyBinding([.char("y")], .copy, "copy the row's element: the inspector's copy menu, on it"),
            KeyBinding([.char("i")], .toggleWholeText, "the row's whole text: both elements and every difference"),
        ] + KeyTables.common(ComparisonMessage.chrome) + [
            KeyBinding([.char("q"), .escape], .chrome(.close), "back to the list; quit"),
            KeyBinding([.char("Q"), .ctrl("c")], .chrome(.quitNow), "quit now"),
        ], notes: ["Mouse: the wheel scrolls."], legend: true)

    func message(for key: Key) -> ComparisonMessage? {
        // Any key closes the whole text (a resize is still a resize).
        if showingWholeText, !isResize(key) { return .toggleWholeText }
        switch key {
        case .resize(let w, let h): return .chrome(.resize(width: w, height: h))
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        default: return ComparisonState.keys.message(for: key)
        }
    }

    public mutating func update(_ m: ComparisonMessage) -> [Effect] {
        chrome.message = nil
        switch m {
        case .move(let movement): list.apply(movement)
        case .scroll(let n): list.scrollView(by: n)
        case .nextDifference, .previousDifference:
            if let (target, wrapped) = WrapAround.next(in: rowsWithDifferences, from: list.position, forward: m == .nextDifference) {
                list.moveTo(target)
                if wrapped { chrome.message = "Differences wrapped to the \(m == .nextDifference ? "top" : "bottom")" }
            } else {
                chrome.message = "The runs do not differ"
            }
        case .switchSide: showingB.toggle()
        case .toggleWholeText: showingWholeText.toggle()
        case .open, .copy:
            guard let (archive, element) = selectedElement else {
                chrome.message = "No element on this row"
                return []
            }
            let e = archive.hierarchy[element]
            chrome.message =
                "Opening \(ElementName.of(type: e.type, identifier: e.identifier, text: e.displayText, frame: e.frame)) in \(ArchiveText.shortPath(archive.source.path))…"
            return [.inspect(path: archive.source.path, among: [], at: InspectorOpening(element: element, copyMenu: m == .copy))]
        case .chrome(let c):
            let effects = chrome.update(c)
            list.resize(pageSize: listRows)
            return effects
        }
        return []
    }

    /// The element Enter and y act on, and its run: the run drawn when one is; side by side, B's where the row has
    /// one, else A's.
    public var selectedElement: (archive: Archive, element: Int)? {
        guard list.position < comparison.rows.count else { return nil }
        let row = comparison.rows[list.position]
        if isNarrow { return (showingB ? row.b : row.a).map { (showingB ? comparison.b : comparison.a, $0) } }
        if let b = row.b { return (comparison.b, b) }
        return row.a.map { (comparison.a, $0) }
    }

    /// The row's whole text: each run's element and every difference, for `i`.
    public var wholeText: [String] {
        guard list.position < comparison.rows.count else { return [] }
        let row = comparison.rows[list.position]
        var out: [String] = []
        out.append("A: " + (row.a.map { ArchiveText.summary(comparison.a.hierarchy[$0]) } ?? "— (not in A)"))
        out.append("B: " + (row.b.map { ArchiveText.summary(comparison.b.hierarchy[$0]) } ?? "— (not in B)"))
        for d in currentDifferences { out.append("\(d.kind.rawValue): \(d.message)") }
        if currentDifferences.isEmpty { out.append("no difference on this row") }
        return out
    }

    /// The differences at the cursor.
    public var currentDifferences: [RunComparison.Difference] {
        guard list.position < differencesByRow.count else { return [] }
        return differencesByRow[list.position].map { comparison.differences[$0] }
    }
}

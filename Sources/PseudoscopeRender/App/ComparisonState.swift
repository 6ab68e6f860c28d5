import PseudoscopeCore

/// Two runs side by side with one shared cursor over their aligned elements. Changed only by `apply(_:)`.
public struct ComparisonState {
    public let comparison: RunComparison
    /// Aligned rows: B's elements in tree order, with A-only elements after their nearest matched predecessor.
    public let pairs: [(a: Int?, b: Int?)]
    /// For each pair, the indices of its differences.
    let differencesByPair: [[Int]]
    let wireA: Wireframe
    let wireB: Wireframe
    let cacheA = WireframeCache()
    let cacheB = WireframeCache()
    public var width: Int
    public var height: Int
    public var glyphs: Glyphs
    public var cursor = 0
    public var scroll = 0
    /// On narrow terminals one run is shown at a time: false shows A, true shows B.
    public var showingB = false
    public var showHelp = false
    public var message: String?
    public var done = false
    /// True when opened by `pseudoscope compare`: `q` quits instead of returning to a list.
    public var standalone = false

    /// Below this width each run gets less than a usable pane: show one at a time.
    public static let minimumPaneWidth = 50

    public init(comparison: RunComparison, width: Int, height: Int, glyphs: Glyphs) {
        self.comparison = comparison
        self.width = width
        self.height = height
        self.glyphs = glyphs
        let ha = comparison.a.hierarchy, hb = comparison.b.hierarchy, m = comparison.matching
        var pendingA: [Int: [Int]] = [:]
        var last = -1
        for i in ha.indices {
            if let j = m.aToB[i] { last = j } else { pendingA[last, default: []].append(i) }
        }
        var pairs: [(a: Int?, b: Int?)] = (pendingA[-1] ?? []).map { ($0, nil) }
        for j in hb.indices {
            pairs.append((m.bToA[j], j))
            pairs += (pendingA[j] ?? []).map { ($0, nil) }
        }
        self.pairs = pairs
        var index: [String: Int] = [:]
        for (k, p) in pairs.enumerated() { index["\(p.a ?? -1)|\(p.b ?? -1)"] = k }
        var byPair = [[Int]](repeating: [], count: pairs.count)
        for (n, d) in comparison.differences.enumerated() {
            let key = d.b != nil ? "\(d.b.flatMap { m.bToA[$0] } ?? -1)|\(d.b!)" : "\(d.a ?? -1)|-1"
            if let k = index[key] { byPair[k].append(n) }
        }
        differencesByPair = byPair
        wireA = Wireframe(archive: comparison.a, findings: LayoutChecker(comparison.a).findings())
        wireB = Wireframe(archive: comparison.b, findings: LayoutChecker(comparison.b).findings() + comparison.mirrorFindings)
        // Open on the first difference.
        cursor = byPair.firstIndex { !$0.isEmpty } ?? 0
    }

    public var isNarrow: Bool { width < 2 * ComparisonState.minimumPaneWidth + 1 }

    var listRows: Int { max(1, (height - 3) * 35 / 100) }

    public mutating func apply(_ action: Action) {
        message = nil
        if showHelp {
            if action == .closeOrQuit || action == .escape || action == .help { showHelp = false }
            if action == .quitNow { done = true }
            return
        }
        switch action {
        case .moveDown: move(1)
        case .moveUp: move(-1)
        case .pageDown: move(listRows)
        case .pageUp: move(-listRows)
        case .halfPageDown: move(listRows / 2)
        case .halfPageUp: move(-listRows / 2)
        case .top: cursor = 0
        case .bottom: cursor = pairs.count - 1
        case .nextFinding, .nextDifference: jump(forward: true)
        case .previousFinding, .previousDifference: jump(forward: false)
        case .nextPane, .previousPane, .switchSide: showingB.toggle()
        case .toggleASCII: glyphs = glyphs.isASCII ? .unicode : .ascii
        case .help: showHelp = true
        case .closeOrQuit, .escape, .quitNow: done = true
        case .resize(let w, let h): width = w; height = h
        case .scrollDown: move(3)
        case .scrollUp: move(-3)
        default: break
        }
        keepCursorVisible()
    }

    mutating func move(_ d: Int) {
        cursor = min(max(0, cursor + d), max(0, pairs.count - 1))
    }

    mutating func jump(forward: Bool) {
        let withDiffs = differencesByPair.indices.filter { !differencesByPair[$0].isEmpty }
        guard !withDiffs.isEmpty else { message = "The runs do not differ"; return }
        if forward {
            if let n = withDiffs.first(where: { $0 > cursor }) { cursor = n } else { cursor = withDiffs[0]; message = "Differences wrapped to the top" }
        } else {
            if let n = withDiffs.last(where: { $0 < cursor }) { cursor = n } else { cursor = withDiffs.last!; message = "Differences wrapped to the bottom" }
        }
    }

    mutating func keepCursorVisible() {
        if cursor < scroll { scroll = cursor }
        if cursor >= scroll + listRows { scroll = cursor - listRows + 1 }
    }

    /// The differences at the cursor, as text.
    public var currentDifferences: [RunComparison.Difference] {
        guard cursor < differencesByPair.count else { return [] }
        return differencesByPair[cursor].map { comparison.differences[$0] }
    }
}

import PseudoscopeCore
import PseudoscopeImage

/// What the drawing pane shows (`s` cycles them).
public enum DrawingView: String, Sendable {
    case wireframe, screenshot, both
}

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

/// What the inspector's keys and the driver can tell it. Movement messages act on the focused pane.
public enum InspectorMessage: Equatable, Sendable {
    case move(Movement)
    /// Tree: expand or go to the first child / collapse or go to the parent. Wireframe: the element beside.
    case right, left
    case toggleExpanded, expandSubtree, collapseSubtree, expandAll
    case nextPane, previousPane
    case startSearch, searchInput(String), searchBackspace, searchCommit, searchCancel, nextMatch, previousMatch
    case nextFinding, previousFinding, jumpToFailing
    case toggleZoom, toggleMirror, toggleDetails, escape
    /// The copy menu (`y`): open it, copy one of its items by key, close it (or the copied text's box).
    case openCopyMenu, copyItem(Character), closeCopy
    /// `s`: the wireframe, the failure screenshot, or both side by side; the screenshot's bytes, decoded.
    case cycleDrawing
    case screenshotLoaded(Result<Picture, ArchiveError>)
    /// The search index, built in the background (`Effect.buildSearchIndex`).
    case searchIndexReady(SearchIndex)
    /// Recording the selection's findings as known issues (`b`): start, type the answers, and the write's result.
    case startBaseline, promptInput(String), promptBackspace, promptCommit, promptCancel
    case baselineWritten(entries: [Baseline.Entry], result: Result<Int, ArchiveError>, findings: [Finding])
    case chrome(ChromeMessage)
    case click(x: Int, y: Int)
    /// The mouse wheel: rows down (positive) or up.
    case scroll(Int)
}

/// Everything the inspector shows. Changed only by `update(_:)`; views read it, nothing else writes it.
/// What the executable knows for every inspector it opens: given once, at the start, never set from outside.
public struct InspectorSettings: Sendable {
    /// `--baseline FILE`: where `b` records known issues.
    public var baselinePath: String?
    /// The colours a screenshot's cells may use on this terminal.
    public var imageDepth: ColorDepth
    /// Today, for the expiry a new baseline entry gets by default (nil: a fixed day, for tests).
    public var today: CalendarDay?

    public init(baselinePath: String? = nil, imageDepth: ColorDepth = .indexed256, today: CalendarDay? = nil) {
        self.baselinePath = baselinePath
        self.imageDepth = imageDepth
        self.today = today
    }
}

public struct InspectorState: InteractiveScreen {
    // MARK: The archive and what is derived from it once

    public let archive: Archive
    /// The findings, indexed once (`FindingIndex`): built again, not patched, when known issues are recorded (`b`).
    public internal(set) var index: FindingIndex
    public let pairing: Pairing
    public let wireframe: Wireframe
    /// The wireframe drawn without selection, reused while only the selection moves.
    let wireframeCache = WireframeCache()
    /// Path step names, so that the status line names a path without scanning siblings on every key.
    public let namer: PathNamer

    // MARK: What the user changes

    public internal(set) var chrome: ScreenChrome
    public internal(set) var tree: TreeCursor
    public internal(set) var focus: Pane = .tree
    public internal(set) var detailsScroll = ScrollPosition()
    public internal(set) var showArchiveDetails = false
    public internal(set) var mirror = false
    public internal(set) var zoom = false
    /// Non-nil while the user types a search.
    public internal(set) var searchQuery: String?
    public internal(set) var lastQuery = ""
    /// The elements matching the search, in tree order.
    public internal(set) var matches: [Int] = []
    /// The selection when the search started, to return to on Esc or when nothing matches.
    var searchOrigin: Int?
    /// What the drawing pane shows, and what is known of the screenshot.
    public internal(set) var drawingView: DrawingView = .wireframe
    public internal(set) var screenshot: ScreenshotState = .notLoaded
    let imageCache = ImageCellsCache()
    /// `--baseline FILE`: where `b` records known issues; nil when none was given.
    public internal(set) var baselinePath: String?
    /// The questions `b` asks, while it asks them.
    public internal(set) var baselinePrompt: BaselinePrompt?
    /// The day a new entry expires by default (30 days from today), and today, for the prompt.
    public internal(set) var today: CalendarDay = CalendarDay("2026-01-01")!
    /// The copy menu is open.
    public internal(set) var copyMenuOpen = false
    /// What was just copied, shown in a box to select by hand where the terminal ignores OSC 52.
    public internal(set) var copied: Handover.Item?
    /// Built on the first search: most sessions never search, and a large archive should open fast. A large
    /// archive's is built in the background right after the first frame (`searchIndexEffect`), so the first
    /// typed character does not wait for it.
    var searchIndex: SearchIndex?

    /// The background build of the search index, for archives large enough to need one.
    public var searchIndexEffect: [Effect] {
        guard searchIndex == nil, archive.hierarchy.count >= SearchIndexSource.backgroundFrom else { return [] }
        return [.buildSearchIndex(SearchIndexSource(hierarchy: archive.hierarchy, extra: strings.searchTexts, archive: archive.source.path))]
    }
    /// Which localized string each element shows (`--strings`, or the run's localization record).
    public internal(set) var strings = ElementStrings()

    /// The inspector of a run as the engine judged it (`Engine.judge`).
    public init(verdict: RunVerdict, width: Int, height: Int, glyphs: Glyphs, select: Int? = nil, settings: InspectorSettings = InspectorSettings()) {
        self.init(archive: verdict.archive, findings: verdict.findings, width: width, height: height, glyphs: glyphs, pairing: verdict.pairing,
                  select: select, settings: settings, strings: verdict.strings)
    }

    public init(archive: Archive, findings: [Finding], width: Int, height: Int, glyphs: Glyphs, pairing: Pairing = .notApplicable, select: Int? = nil,
                settings: InspectorSettings = InspectorSettings(), strings: ElementStrings = ElementStrings()) {
        self.archive = archive
        baselinePath = settings.baselinePath
        today = settings.today ?? today
        self.strings = strings
        self.pairing = pairing
        wireframe = Wireframe(archive: archive, findings: findings)
        index = FindingIndex(findings, hierarchy: archive.hierarchy)
        namer = PathNamer(archive.hierarchy)
        chrome = ScreenChrome(width: width, height: height, glyphs: glyphs)
        let h = archive.hierarchy
        // Closures, not key paths: a key path copies each whole element (retaining every string) to read one field.
        let shape = TreeShape(parents: h.elements.map { $0.parent }, children: h.elements.map { $0.children })
        // Open with the top levels expanded and the failing element selected with its ancestors expanded.
        tree = TreeCursor(shape: shape, openDepth: 3, pageSize: ScreenLayout(width: width, height: height).tree.height - 1)
        tree.select(select ?? archive.failingIndex ?? 0)
        // Without a hierarchy the only element is a placeholder root: the archive (failure, attachments) is what
        // there is to read.
        showArchiveDetails = archive.hierarchyNote != nil
    }

    public var hierarchy: Hierarchy { archive.hierarchy }
    public var findings: [Finding] { index.findings }
    public var selected: Int { tree.selected }
    public var width: Int { chrome.width }
    public var height: Int { chrome.height }
    public var glyphs: Glyphs { chrome.glyphs }
    public var message: String? { chrome.message }
    public var layout: ScreenLayout { ScreenLayout(width: width, height: height) }
    /// Narrower than this, a drawing shows too little: `s` skips "both" when the pane cannot hold two.
    public static let minimumDrawingWidth = 24

    /// How a command line names this archive, for the repro command: the folder of a folder archive.
    public var archivePathForCommands: String {
        let p = archive.source.path
        if p == "<stdin>" { return "ARCHIVE" }
        return p.hasSuffix("/archive.json") ? String(p.dropLast("/archive.json".count)) : p
    }

    /// The copy menu's items for the selection.
    public var copyItems: [Handover.Item] {
        Handover.items(archive, element: selected, findings: findings, namer: namer, archivePath: archivePathForCommands)
    }

    // MARK: - Keys

    public static let keys = KeyTable<InspectorMessage>(screen: "Inspector", bindings: KeyTables.movement(InspectorMessage.move, row: "row",
        down: "next row; in Details scroll; in Wireframe the element below",
        up: "previous row; in Details scroll; in Wireframe the element above") + [
        KeyBinding([.char("l"), .right], .right, "expand, or first child; in Wireframe the element to the right"),
        KeyBinding([.char("h"), .left], .left, "collapse, or parent; in Wireframe the element to the left"),
        KeyBinding([.enter], .toggleExpanded, "toggle expanded"),
        KeyBinding([.char("+")], .expandSubtree, "expand the subtree"),
        KeyBinding([.char("-")], .collapseSubtree, "collapse the subtree"),
        KeyBinding([.char("*")], .expandAll, "expand everything"),
        KeyBinding([.tab], .nextPane, "next pane"),
        KeyBinding([.backTab], .previousPane, "previous pane"),
        KeyBinding([.char("/")], .startSearch, "search identifier, label, value, type"),
        KeyBinding([.char("n")], .nextMatch, "next match"),
        KeyBinding([.char("N")], .previousMatch, "previous match"),
        KeyBinding([.char("f"), .char("]")], .nextFinding, "next element with a finding"),
        KeyBinding([.char("F"), .char("[")], .previousFinding, "previous element with a finding"),
        KeyBinding([.char("x")], .jumpToFailing, "jump to the failing element"),
        KeyBinding([.char("z")], .toggleZoom, "zoom the wireframe to the selection"),
        KeyBinding([.char("m")], .toggleMirror, "RTL mirror view of an LTR run"),
        KeyBinding([.char("i")], .toggleDetails, "details: element / archive"),
        KeyBinding([.char("y")], .openCopyMenu, "copy: path, identifier, XCUITest query, Appium locator, Markdown, repro commands"),
        KeyBinding([.char("b")], .startBaseline, "record the element's findings as known issues (with --baseline FILE)"),
        KeyBinding([.char("s")], .cycleDrawing, "drawing: wireframe, failure screenshot, both side by side"),
    ] + KeyTables.common(InspectorMessage.chrome) + [
        KeyBinding([.escape], .escape, "cancel the search, leave the zoom"),
        KeyBinding([.char("q")], .chrome(.close), "close the overlay; quit (back to the list when opened from it)"),
        KeyBinding([.char("Q"), .ctrl("c")], .chrome(.quitNow), "quit now"),
    ], notes: [
        "While searching, typing edits the query: Enter keeps it, Esc returns to where the search started.",
        "Copy goes to your clipboard through the terminal (OSC 52, also over SSH and in tmux); the text is shown to select by hand too.",
        "Mouse: click a tree row or a box to select it; the wheel scrolls.",
    ])

    /// The message a key sends in the current mode: typing edits a search; otherwise the key table.
    func message(for key: Key) -> InspectorMessage? {
        switch key {
        case .resize(let w, let h): return .chrome(.resize(width: w, height: h))
        case .click(let x, let y): return .click(x: x, y: y)
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        default: break
        }
        if baselinePrompt != nil {
            switch KeyTables.typing(key) {
            case .commit: return .promptCommit
            case .cancel: return .promptCancel
            case .backspace: return .promptBackspace
            case .input(let c): return .promptInput(c)
            case .quit: return .chrome(.quitNow)
            case nil: return nil
            }
        }
        if copied != nil { return .closeCopy }
        if copyMenuOpen {
            switch key {
            case .escape, .char("q"), .char("y"): return .closeCopy
            case .char(let c): return .copyItem(c)
            case .ctrl("c"): return .chrome(.quitNow)
            default: return nil
            }
        }
        if searchQuery != nil {
            switch KeyTables.typing(key) {
            case .commit: return .searchCommit
            case .cancel: return .searchCancel
            case .backspace: return .searchBackspace
            case .input(let c): return .searchInput(c)
            case .quit: return .chrome(.quitNow)
            case nil: return nil
            }
        }
        return InspectorState.keys.message(for: key)
    }
}

/// The three questions `b` asks before it records known issues: why, who owns it, until when.
public struct BaselinePrompt: Equatable, Sendable {
    public enum Step: Int, Sendable { case reason, owner, expires }
    public var step: Step = .reason
    public var reason = ""
    public var owner = ""
    /// What is being typed for the current step.
    public var text = ""

    public var question: String {
        switch step {
        case .reason: return "Known issue, why? "
        case .owner: return "Owner? "
        case .expires: return "Known until (YYYY-MM-DD, Enter for 30 days)? "
        }
    }
}

import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// Everything the inspector shows. Changed only by `update(_:)`; views read it, nothing else writes it.
public struct InspectorState: InteractiveScreen {
    // MARK: The archive and what is derived from it once

    public let archive: Archive
    /// The findings, indexed once (`FindingIndex`): built again, not patched, when known issues are recorded (`b`).
    public internal(set) var index: FindingIndex
    /// The run's verdict as the engine decided it (`Engine.judge`), decided again by the engine when `b` marks
    /// findings known: what the header shows.
    public internal(set) var verdict: Verdict
    public var pairing: Pairing { verdict.pairing }
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
    /// How wide the wireframe pane is (`w`); the session keeps it for every inspector it opens (`AppState`).
    public internal(set) var drawingRoom: DrawingRoom = .normal
    /// Where a copy goes (`InspectorSettings.clipboard`).
    public internal(set) var clipboard: ClipboardRoute = .terminal
    /// Opened from the list: the run's place in the night's queue of runs with findings (`run 3 of 42`); `f` past
    /// the last finding goes on to the next run's first.
    public internal(set) var queue: (run: Int, of: Int)?
    /// Opened from the list filtered to new findings (`b` there, with `--since`): `f` and `F` stop on new findings
    /// only, in this run and on to the next run with one.
    public internal(set) var onlyNewFindings = false
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
    /// What was just copied: said in a small box, and shown plain on the terminal's own screen on Enter, to select
    /// by hand where the terminal ignores OSC 52.
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
        self.init(
            archive: verdict.archive, findings: verdict.findings, width: width, height: height, glyphs: glyphs, pairing: verdict.pairing,
            select: select, settings: settings, strings: verdict.strings)
        self.verdict = verdict.verdict
    }

    public init(
        archive: Archive, findings: [Finding], width: Int, height: Int, glyphs: Glyphs, pairing: Pairing = .notApplicable, select: Int? = nil,
        settings: InspectorSettings = InspectorSettings(), strings: ElementStrings = ElementStrings()
    ) {
        self.archive = archive
        baselinePath = settings.baselinePath
        today = settings.today ?? today
        self.strings = strings
        // Without the engine's word (a test's state): the verdict these findings make as they are.
        verdict = Verdict(
            findings: findings, hierarchyNote: archive.hierarchyNote, pairing: pairing, filter: FindingFilter(), acceptsNoHierarchy: false)
        wireframe = Wireframe(archive: archive, findings: findings)
        index = FindingIndex(findings, hierarchy: archive.hierarchy)
        namer = PathNamer(archive.hierarchy)
        chrome = ScreenChrome(width: width, height: height, glyphs: glyphs)
        let h = archive.hierarchy
        // Closures, not key paths: a key path copies each whole element (retaining every string) to read one field.
        let shape = TreeShape(parents: h.elements.map { $0.parent }, children: h.elements.map { $0.children })
        // Open with the top levels expanded and the failing element selected with its ancestors expanded.
        drawingRoom = settings.drawingRoom
        clipboard = settings.clipboard
        tree = TreeCursor(
            shape: shape, openDepth: 3, pageSize: ScreenLayout(width: width, height: height, room: settings.drawingRoom).tree.height - 1)
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
    public var layout: ScreenLayout { ScreenLayout(width: width, height: height, room: drawingRoom) }
    /// Narrower than this, a drawing shows too little: `s` skips "both" when the pane cannot hold two.
    public static let minimumDrawingWidth = 24

    /// How a command line names this archive, for the repro command: from the root, so a colleague on another
    /// box can run it (`ArchiveSource.pathForCommands`).
    public var archivePathForCommands: String { archive.source.pathForCommands }

    /// The copy menu's items for the selection.
    public var copyItems: [Handover.Item] {
        Handover.items(archive, element: selected, findings: findings, namer: namer, archivePath: archivePathForCommands, answer: verdict.answer)
    }

    // MARK: - Keys

    public static let keys = KeyTable<InspectorMessage>(
        screen: "Inspector",
        bindings: KeyTables.movement(
            InspectorMessage.move, row: "row",
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
                KeyBinding(
                    [.char("f"), .char("]")], .nextFinding,
                    "next finding or query candidate (?1); opened from the list, past the last one the next run's first"),
                KeyBinding(
                    [.char("F"), .char("[")], .previousFinding,
                    "previous element with a finding; from the list, before the first the previous run's last"),
                KeyBinding([.char("x")], .jumpToFailing, "jump to the failing element"),
                KeyBinding([.char("z")], .toggleZoom, "zoom the wireframe to the selection"),
                KeyBinding([.char("m")], .toggleMirror, "RTL mirror view of an LTR run"),
                KeyBinding([.char("i")], .toggleDetails, "details: element / archive"),
                KeyBinding([.char("y")], .openCopyMenu, "copy: path, identifier, XCUITest query, Appium locator, Markdown, repro commands"),
                KeyBinding([.char("b")], .startBaseline, "record the element's findings as known issues (with --baseline FILE)"),
                KeyBinding([.char("s")], .cycleDrawing, "drawing: wireframe, failure screenshot, both side by side"),
                KeyBinding([.char("w")], .cycleDrawingRoom, "wireframe pane: normal, wide, widest (the tree gives way; kept for the session)"),
            ] + KeyTables.common(InspectorMessage.chrome) + [
                KeyBinding([.escape], .escape, "cancel the search, leave the zoom"),
                KeyBinding([.char("q")], .chrome(.close), "close the overlay; quit (back to the list when opened from it)"),
                KeyBinding([.char("Q"), .ctrl("c")], .chrome(.quitNow), "quit now"),
            ],
        notes: [
            "While searching, typing edits the query: Enter keeps it, Esc returns to where the search started.",
            "Copy goes to your clipboard through the terminal (OSC 52, also over SSH and in tmux); Enter then shows it plain, to select by hand.",
            "Mouse: click a tree row or a box to select it; the wheel scrolls.",
            "?1 ?2… tag the failed query's nearest candidates on the drawings (=1 =2… its matches).",
        ], legend: true)

    /// The message a key sends in the current mode: typing edits a search; otherwise the key table.
    /// Keys while the copy menu (`y`) is open: an item's key copies it.
    public static let copyMenuKeys = KeyTable<InspectorMessage>(
        screen: "Copy menu",
        bindings: [
            KeyBinding([.escape, .char("q"), .char("y")], .closeCopy, "close the menu"),
            KeyBinding([.ctrl("c")], .chrome(.quitNow), "quit now"),
        ], notes: ["An item's key copies it."],
        otherKeys: { key in
            if case .char(let c) = key { return .copyItem(c) }
            return nil
        })

    /// Whether keys are being typed into a prompt (a search, the baseline dialog): Ctrl-C then cancels it.
    public var isTyping: Bool { baselinePrompt != nil || searchQuery != nil }

    func message(for key: Key) -> InspectorMessage? {
        switch key {
        case .resize(let w, let h): return .chrome(.resize(width: w, height: h))
        case .click(let x, let y): return .click(x: x, y: y)
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        default: break
        }
        if baselinePrompt != nil {
            switch KeyTables.typing.message(for: key) {
            case .commit: return .promptCommit
            case .cancel: return .promptCancel
            case .backspace: return .promptBackspace
            case .input(let c): return .promptInput(c)
            case nil: return nil
            }
        }
        if copied != nil { return key == .enter ? .showCopiedPlain : .closeCopy }
        if copyMenuOpen { return InspectorState.copyMenuKeys.message(for: key) }
        if searchQuery != nil {
            switch KeyTables.typing.message(for: key) {
            case .commit: return .searchCommit
            case .cancel: return .searchCancel
            case .backspace: return .searchBackspace
            case .input(let c): return .searchInput(c)
            case nil: return nil
            }
        }
        return InspectorState.keys.message(for: key)
    }
}

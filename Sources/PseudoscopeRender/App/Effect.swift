import PseudoscopeCore

/// What a screen asks the world to do, as data: the terminal driver performs it and answers with a message
/// (`AppMessage`), so no state ever waits, polls or touches files, and tests can drive every screen with a
/// list of messages.
public enum Effect: Equatable, Sendable {
    /// Leave this screen: back to the one below, or quit when it is the last.
    case close
    /// Quit the program now, from any screen.
    case quit
    /// Repaint the whole terminal (Ctrl-L).
    case repaint
    /// Open the notes overlay (what the session has to say: passing bundles, inputs not read, pairing, locale).
    case showNotes
    /// Load and check these run-set inputs; each answers `.runSet(.received(…))`.
    case load(paths: [String])
    /// Pair the run set's rtl runs with their LTR runs (among the inputs, else beside them) and apply the pair
    /// rule; answers `.runSet(.pairsChecked(…))`.
    case pairRunSet([ArchiveSummary?])
    /// Judge one run in full to inspect it, its partner looked for among the run set's inputs first (`Engine.judge`);
    /// answers `.opened` or `.runSet(.openFailed)`.
    case inspect(path: String, among: [ArchiveSummary?])
    /// Compare two runs (`Engine.compare`); answers `.compared` or `.runSet(.openFailed)`.
    case compare(a: String, b: String)
    /// Put text on the user's clipboard (OSC 52, which reaches the laptop over SSH); `what` names it.
    case copy(text: String, what: String)
    /// Find, read and decode the picture of the screen (a screenshot, or a frame of the recording); answers
    /// `.screenshotLoaded`.
    case loadPicture(PictureRequest)
    /// Add known issues to a baseline file, then mark `findings` again with the baseline as written (the triage
    /// `check --baseline` applies); answers `.baselineWritten`.
    case addToBaseline(path: String, entries: [Baseline.Entry], findings: [Finding])
    /// Mark a run set's summaries again with the known issues as they now are; answers `.runSet(.retriaged)`.
    case retriage([ArchiveSummary?])
    /// Build a large archive's search index while the user looks at the first frame; answers `.searchIndexBuilt`.
    case buildSearchIndex(SearchIndexSource)
}

/// What a search index is built from, and which inspector it is for.
public struct SearchIndexSource: Sendable, Equatable {
    public let hierarchy: Hierarchy
    public let extra: [Int: [String]]
    /// The archive's path: the answer goes to the inspectors of that archive that have no index yet.
    public let archive: String

    /// Archives from this size on get their index built in the background; smaller ones build it on `/` in
    /// a few milliseconds.
    public static let backgroundFrom = 5_000

    public static func == (a: SearchIndexSource, b: SearchIndexSource) -> Bool {
        a.archive == b.archive && a.hierarchy.count == b.hierarchy.count
    }
}

/// What a screen has in common with every other: its size, its glyphs, the help overlay and the status message.
public struct ScreenChrome: Sendable {
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var glyphs: Glyphs
    public internal(set) var showingHelp = false
    /// The help overlay's scroll position (a short terminal cannot show every key at once).
    public internal(set) var helpScroll = ScrollPosition()
    /// A message for the status line, cleared by the next key.
    public internal(set) var message: String?

    public init(width: Int, height: Int, glyphs: Glyphs) {
        self.width = width
        self.height = height
        self.glyphs = glyphs
    }

    mutating func toggleGlyphs() { glyphs = glyphs.isASCII ? .unicode : .ascii }

    /// Rows of help the overlay shows at this height (two for its frame, two for its title).
    var helpPageRows: Int { max(1, height - 6) }

    /// Keys while the help overlay is open: scroll it, close it, or quit. Returns the effects, or nil when the
    /// key is not the overlay's (it is then ignored: the overlay is modal).
    mutating func helpKey(_ key: Key, lines: Int) -> [Effect] {
        switch key {
        case .char("q"), .escape, .char("?"), .function(1): showingHelp = false
        case .char("Q"), .ctrl("c"): return [.quit]
        case .char("j"), .down: helpScroll.scroll(by: 1, contentRows: lines, pageRows: helpPageRows)
        case .char("k"), .up: helpScroll.scroll(by: -1, contentRows: lines, pageRows: helpPageRows)
        case .pageDown, .char(" "), .ctrl("d"): helpScroll.scroll(by: helpPageRows, contentRows: lines, pageRows: helpPageRows)
        case .pageUp, .ctrl("u"): helpScroll.scroll(by: -helpPageRows, contentRows: lines, pageRows: helpPageRows)
        case .char("g"), .home: helpScroll.reset()
        case .char("G"), .end: helpScroll.scroll(by: lines, contentRows: lines, pageRows: helpPageRows)
        case .wheelDown: helpScroll.scroll(by: 3, contentRows: lines, pageRows: helpPageRows)
        case .wheelUp: helpScroll.scroll(by: -3, contentRows: lines, pageRows: helpPageRows)
        default: break
        }
        return []
    }

    mutating func openHelp() {
        showingHelp = true
        helpScroll.reset()
    }
}

/// Messages every screen understands the same way.
public enum ChromeMessage: Equatable, Sendable {
    case toggleASCII, help, close, quitNow, repaint
    case resize(width: Int, height: Int)
}

extension ScreenChrome {
    /// Applies a message every screen shares; the screen then reacts to a new size itself.
    mutating func update(_ m: ChromeMessage) -> [Effect] {
        switch m {
        case .toggleASCII: toggleGlyphs()
        case .help: openHelp()
        case .close: return [.close]
        case .quitNow: return [.quit]
        case .repaint: return [.repaint]
        case .resize(let w, let h):
            width = w
            height = h
        }
        return []
    }
}

/// Moving through a list: the same keys and the same rules in every list-like pane.
public enum Movement: Equatable, Sendable {
    case down, up, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom
}

/// A screen of the interactive program: its key table, how a key becomes one of its messages, and `update`.
protocol InteractiveScreen {
    associatedtype Message: Sendable
    static var keys: KeyTable<Message> { get }
    var chrome: ScreenChrome { get set }
    /// The message a key sends in the screen's current mode (typing a search takes printable keys).
    func message(for key: Key) -> Message?
    mutating func update(_ m: Message) -> [Effect]
}

extension InteractiveScreen {
    /// A key from the terminal: the help overlay takes it when open, otherwise its message is applied.
    mutating func handle(_ key: Key) -> [Effect] {
        if chrome.showingHelp, !isResize(key) {
            chrome.message = nil
            return chrome.helpKey(key, lines: Self.keys.helpLines.count)
        }
        guard let m = message(for: key) else { return [] }
        return update(m)
    }
}

func isResize(_ key: Key) -> Bool {
    if case .resize = key { return true }
    return false
}

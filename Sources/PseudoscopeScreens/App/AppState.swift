import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// The interactive program: a stack of screens (list → inspector or comparison → back). Keys go to the top
/// screen; a screen that closes returns to the one below, and the last one to close ends the program.
public struct AppState {
    public private(set) var stack: [AppPage]
    public private(set) var isFinished = false
    /// What every inspector opened from the list is given (the baseline file, today).
    public private(set) var settings: InspectorSettings
    /// The terminal's facts and the notes' count, given to every view.
    public private(set) var facts: SessionFacts
    /// What the session has to say, in the order it was learnt (`!` shows them).
    public private(set) var notes: [String]
    /// The notes overlay is open.
    public private(set) var showingNotes = false
    var notesScroll = ScrollPosition()

    public init(_ root: AppPage, settings: InspectorSettings = InspectorSettings(), notes: [String] = []) {
        stack = [root]
        self.settings = settings
        self.notes = notes
        facts = SessionFacts(imageDepth: settings.imageDepth)
        facts.notes = notes.count
    }

    public var top: AppPage { stack[stack.count - 1] }

    /// The effects a fresh program starts with (a run set loads its inputs).
    public func start() -> [Effect] {
        switch stack[0] {
        case .runSet(let s): return s.start()
        case .inspector(let x): return x.searchIndexEffect
        case .comparison: return []
        }
    }

    /// Keys while the notes overlay is open: scroll it, close it, or quit.
    public static let noteKeys = KeyTable<OverlayMessage>(
        screen: "Notes",
        bindings: [
            KeyBinding([.char("j"), .down], .scroll(1), "scroll down"),
            KeyBinding([.char("k"), .up], .scroll(-1), "scroll up"),
            KeyBinding([.pageDown, .char(" ")], .page(1), "page down"),
            KeyBinding([.pageUp], .page(-1), "page up"),
            KeyBinding([.char("g"), .home], .top, "top"),
            KeyBinding([.char("G"), .end], .bottom, "bottom"),
            KeyBinding([.char("q"), .escape, .char("!")], .close, "close the notes"),
            KeyBinding([.char("Q"), .ctrl("c")], .quit, "quit now"),
        ], notes: [])

    /// Applies a message; returns the effects the driver must perform (closing and quitting are handled here).
    public mutating func update(_ message: AppMessage) -> [Effect] {
        switch message {
        case .key(let key):
            if case .resize = key { return resizeAll(key) }
            if showingNotes {
                guard let m = AppState.noteKeys.message(for: key) else { return [] }
                switch m {
                case .close: showingNotes = false
                case .quit: isFinished = true
                // The lines the overlay shows, not the notes: a long note wraps to many at 80 columns.
                default:
                    notesScroll.apply(
                        m, contentRows: Overlay.noteLines(notes, screenWidth: size.0, glyphs: size.2).count, pageRows: notesPageRows)
                }
                return []
            }
            let effects = updateTop { s in
                switch s {
                case .runSet(var x): let e = x.handle(key); s = .runSet(x); return e
                case .inspector(var x): let e = x.handle(key); s = .inspector(x); return e
                case .comparison(var x): let e = x.handle(key); s = .comparison(x); return e
                }
            }
            // The wireframe pane's width is the session's: the next inspector opens with it.
            if case .inspector(let x) = top { settings.drawingRoom = x.drawingRoom }
            return resolve(effects)
        case .runSet(let m):
            guard case .runSet(var list) = stack[0] else { return [] }
            if case .paired(let runs) = m {
                let lonely = runs.values.filter { (try? $0.get())?.pairing == .noPartner }.count
                if lonely > 0 {
                    addNote(
                        "\(lonely) rtl run\(lonely == 1 ? "" : "s") had no LTR run of \(lonely == 1 ? "its" : "their") screen given or found beside \(lonely == 1 ? "it" : "them"): the pair rule did not run for \(lonely == 1 ? "it" : "them")"
                    )
                }
            }
            let effects = list.update(m)
            stack[0] = .runSet(list)
            return resolve(effects)
        case .opened(let verdict, let at):
            // The list's "Opening …" is over: back on the list, its status line must not still say it.
            if case .runSet(var list) = stack[0] { list.clearMessage(); stack[0] = .runSet(list) }
            if case .comparison(var x) = top { x.chrome.message = nil; stack[stack.count - 1] = .comparison(x) }
            let (w, h, g) = size
            var inspector = InspectorState(verdict: verdict, width: w, height: h, glyphs: g, select: at?.element, settings: settings)
            if at?.copyMenu == true { _ = inspector.update(.openCopyMenu) }
            // Opened from the list: a run of the night's queue, `f` going on past its last finding.
            if case .runSet(let list) = stack[0], stack.count == 1 || at?.queue != nil {
                inspector.queue = at?.queue ?? list.queuePosition(of: verdict.archive.source.path)
                inspector.onlyNewFindings = list.severityFilter == .new
            }
            if let end = at?.finding, let target = end == .first ? inspector.findingStops.first : inspector.findingStops.last {
                inspector.select(target)
                if let place = inspector.queueMessage(at: target) { inspector.chrome.message = place }
            }
            stack.append(.inspector(inspector))
            return inspector.searchIndexEffect
        case .compared(let c):
            if case .runSet(var list) = stack[0] { list.clearMessage(); stack[0] = .runSet(list) }
            let (w, h, g) = size
            stack.append(.comparison(ComparisonState(comparison: c, width: w, height: h, glyphs: g)))
            for n in c.notCompared { addNote("compare \(c.a.screen): not compared: \(n)") }
        case .graphicsDetected(let choice, let cw, let ch):
            facts.graphics = choice
            facts.cellWidth = max(1, cw)
            facts.cellHeight = max(1, ch)
        case .clipboardDetected(let route):
            settings.clipboard = route
            for k in stack.indices {
                if case .inspector(var x) = stack[k] { x.clipboard = route; stack[k] = .inspector(x) }
            }
        case .paletteDetected(let colors):
            // Colour off (`--color never`, NO_COLOR) stays off; otherwise the palette decides.
            guard facts.imageDepth != .none else { return [] }
            facts.imageDepth = .forPalette(colors)
        case .searchIndexBuilt(let index, let archive):
            for k in stack.indices {
                if case .inspector(var x) = stack[k], x.archive.source.path == archive {
                    _ = x.update(.searchIndexReady(index))
                    stack[k] = .inspector(x)
                }
            }
        case .screenshotLoaded(let result):
            return updateTop { s in
                guard case .inspector(var x) = s else { return [] }
                let e = x.update(.screenshotLoaded(result))
                s = .inspector(x)
                return e
            }
        case .baselineWritten(let entries, let result, let findings, let verdict):
            var effects = updateTop { s in
                guard case .inspector(var x) = s else { return [] }
                let e = x.update(.baselineWritten(entries: entries, result: result, findings: findings, verdict: verdict))
                s = .inspector(x)
                return e
            }
            // The list's rows count known issues too: they are marked again with the baseline as it now is.
            if case .success = result, case .runSet(let list) = stack[0] { effects.append(.retriage(list.summaries)) }
            return effects
        case .note(let text):
            addNote(text)
        }
        return []
    }

    mutating func addNote(_ text: String) {
        guard !notes.contains(text) else { return }
        notes.append(text)
        facts.notes = notes.count
    }

    /// Rows of notes the overlay shows at once.
    var notesPageRows: Int {
        let (_, h, _) = size
        return max(1, h - 6)
    }

    /// The size and glyphs of the top screen, which a newly opened screen takes over.
    var size: (Int, Int, Glyphs) {
        switch top {
        case .runSet(let s): return (s.chrome.width, s.chrome.height, s.chrome.glyphs)
        case .inspector(let s): return (s.chrome.width, s.chrome.height, s.chrome.glyphs)
        case .comparison(let s): return (s.chrome.width, s.chrome.height, s.chrome.glyphs)
        }
    }

    public func render() -> Canvas {
        var canvas: Canvas
        switch top {
        case .runSet(let s): canvas = RunSetView.render(s, facts: facts)
        case .inspector(let s): canvas = InspectorView.render(s, facts: facts)
        case .comparison(let s): canvas = ComparisonView.render(s, facts: facts)
        }
        if showingNotes { Overlay.drawNotes(notes, scroll: notesScroll.offset, on: &canvas, glyphs: size.2) }
        return canvas
    }

    private mutating func updateTop(_ body: (inout AppPage) -> [Effect]) -> [Effect] {
        body(&stack[stack.count - 1])
    }

    /// A resize reaches every screen, so that the one below is right when it shows again.
    private mutating func resizeAll(_ key: Key) -> [Effect] {
        for k in stack.indices {
            switch stack[k] {
            case .runSet(var x): _ = x.handle(key); stack[k] = .runSet(x)
            case .inspector(var x): _ = x.handle(key); stack[k] = .inspector(x)
            case .comparison(var x): _ = x.handle(key); stack[k] = .comparison(x)
            }
        }
        return []
    }

    /// Performs `.close`, `.quit` and `.showNotes` on the stack and passes every other effect on.
    private mutating func resolve(_ effects: [Effect]) -> [Effect] {
        var out: [Effect] = []
        for e in effects {
            switch e {
            case .quit: isFinished = true
            case .close:
                if stack.count == 1 { isFinished = true } else { stack.removeLast() }
            case .showNotes:
                showingNotes = true
                notesScroll.reset()
            case .nextRunInQueue(let forward):
                out += nextRunInQueue(forward: forward)
            default: out.append(e)
            }
        }
        return out
    }

    /// The next (previous) run with findings in the list's order after the inspected one: the inspector is closed
    /// and that run opened on its first (last) finding, the list's cursor moved to it.
    private mutating func nextRunInQueue(forward: Bool) -> [Effect] {
        guard stack.count == 2, case .runSet(var list) = stack[0], case .inspector(var x) = stack[1] else { return [] }
        guard let (k, position) = list.queueNeighbour(of: x.archive.source.path, forward: forward), let path = list.entries[k]?.summary?.path else {
            let finding = x.onlyNewFindings ? "new finding" : "finding"
            x.chrome.message =
                forward
                ? "The last \(finding) of the night's last run with \(finding)s" : "The first \(finding) of the night's first run with \(finding)s"
            stack[1] = .inspector(x)
            return []
        }
        list.moveCursor(toEntry: k)
        list.clearMessage()
        stack[0] = .runSet(list)
        stack.removeLast()
        return [.inspect(path: path, among: list.summaries, at: InspectorOpening(finding: forward ? .first : .last, queue: position))]
    }
}

import PseudoscopeCore
import PseudoscopeImage

/// One screen of the interactive program.
public enum Screen {
    case runSet(RunSetState)
    case inspector(InspectorState)
    case comparison(ComparisonState)
}

/// What reaches the program: keys from the terminal, and the answers to effects the driver performed.
public enum AppMessage: Sendable {
    case key(Key)
    /// For the archive list at the bottom of the stack.
    case runSet(RunSetMessage)
    /// An archive read for the inspector.
    case opened(OpenedArchive)
    /// Two archives read and compared.
    case compared(RunComparison)
    /// What the terminal answered about graphics (or what `--graphics` chose), for every inspector.
    case graphicsDetected(GraphicsChoice, cellWidth: Int, cellHeight: Int)
    /// How many colours the terminal's palette has (curses' `COLORS` once started; 0 without colour): pictures
    /// use what it has, not what `TERM`'s name suggests (`alacritty` has 256, `xterm` eight).
    case paletteDetected(colors: Int)
    /// The failure screenshot, decoded, for the inspector on top.
    case screenshotLoaded(Result<Picture, ArchiveError>)
    /// Known issues written to the baseline (how many were new), or why not.
    case baselineWritten(entries: [Baseline.Entry], result: Result<Int, ArchiveError>)
    /// A search index built in the background, for the inspectors of this archive.
    case searchIndexBuilt(SearchIndex, archive: String)
}

/// The interactive program: a stack of screens (list → inspector or comparison → back). Keys go to the top
/// screen; a screen that closes returns to the one below, and the last one to close ends the program.
public struct AppState {
    public private(set) var stack: [Screen]
    public private(set) var isFinished = false
    /// What every inspector opened from the list is given (the baseline file, the screenshot colours, today).
    public private(set) var settings: InspectorSettings
    /// How screenshots reach this terminal: symbols until the terminal answers otherwise.
    public private(set) var graphics: GraphicsChoice = .symbols
    var cellPixels = (width: 10, height: 20)

    public init(_ root: Screen, settings: InspectorSettings = InspectorSettings()) {
        stack = [root]
        self.settings = settings
    }

    public var top: Screen { stack[stack.count - 1] }

    /// The effects a fresh program starts with (a run set loads its inputs).
    public func start() -> [Effect] {
        switch stack[0] {
        case .runSet(let s): return s.start()
        case .inspector(let x): return x.searchIndexEffect
        case .comparison: return []
        }
    }

    /// Applies a message; returns the effects the driver must perform (closing and quitting are handled here).
    public mutating func update(_ message: AppMessage) -> [Effect] {
        switch message {
        case .key(let key):
            if case .resize = key { return resizeAll(key) }
            return resolve(updateTop { s in
                switch s {
                case .runSet(var x): let e = x.handle(key); s = .runSet(x); return e
                case .inspector(var x): let e = x.handle(key); s = .inspector(x); return e
                case .comparison(var x): let e = x.handle(key); s = .comparison(x); return e
                }
            })
        case .runSet(let m):
            guard case .runSet(var list) = stack[0] else { return [] }
            let effects = list.update(m)
            stack[0] = .runSet(list)
            return resolve(effects)
        case .opened(let o):
            let (w, h, g) = size
            let pairing: Pairing = o.archive.mode != .rtl ? .notApplicable : o.pairedWith.map { .pairedWith($0) } ?? .noPartner
            var inspector = InspectorState(archive: o.archive, findings: o.findings, width: w, height: h, glyphs: g, pairing: pairing,
                                           settings: settings, strings: o.strings)
            inspector.graphics = graphics
            inspector.cellPixels = cellPixels
            stack.append(.inspector(inspector))
            return inspector.searchIndexEffect
        case .compared(let c):
            let (w, h, g) = size
            stack.append(.comparison(ComparisonState(comparison: c, width: w, height: h, glyphs: g)))
        case .graphicsDetected(let choice, let cw, let ch):
            graphics = choice
            cellPixels = (max(1, cw), max(1, ch))
            for k in stack.indices {
                if case .inspector(var x) = stack[k] {
                    x.graphics = choice
                    x.cellPixels = cellPixels
                    stack[k] = .inspector(x)
                }
            }
        case .paletteDetected(let colors):
            // Colour off (`--color never`, NO_COLOR) stays off; otherwise the palette decides.
            guard settings.imageDepth != .none else { return [] }
            settings.imageDepth = .forPalette(colors)
            for k in stack.indices {
                if case .inspector(var x) = stack[k] {
                    x.imageDepth = settings.imageDepth
                    stack[k] = .inspector(x)
                }
            }
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
        case .baselineWritten(let entries, let result):
            return updateTop { s in
                guard case .inspector(var x) = s else { return [] }
                let e = x.update(.baselineWritten(entries: entries, result: result))
                s = .inspector(x)
                return e
            }
        }
        return []
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
        switch top {
        case .runSet(let s): return RunSetScreen.render(s)
        case .inspector(let s): return InspectorScreen.render(s)
        case .comparison(let s): return ComparisonScreen.render(s)
        }
    }

    private mutating func updateTop(_ body: (inout Screen) -> [Effect]) -> [Effect] {
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

    /// Performs `.close` and `.quit` on the stack and passes every other effect on.
    private mutating func resolve(_ effects: [Effect]) -> [Effect] {
        var out: [Effect] = []
        for e in effects {
            switch e {
            case .quit: isFinished = true
            case .close:
                if stack.count == 1 { isFinished = true } else { stack.removeLast() }
            default: out.append(e)
            }
        }
        return out
    }
}

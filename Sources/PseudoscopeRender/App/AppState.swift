import PseudoscopeCore

/// One screen of the interactive program.
public enum ScreenState {
    case runSet(RunSetState)
    case inspector(InspectorState)
    case comparison(ComparisonState)
}

/// The interactive program: a stack of screens (list → inspector or comparison → back). Keys go to the top
/// screen through its key table; `q` on a screen opened from the list returns to the list.
public struct AppState {
    public private(set) var stack: [ScreenState]
    public private(set) var quit = false
    public private(set) var needsFullRepaint = false
    public var width: Int
    public var height: Int

    public init(_ root: ScreenState, width: Int, height: Int) {
        stack = [root]
        self.width = width
        self.height = height
        resizeAll()
    }

    public var top: ScreenState { stack[stack.count - 1] }

    var context: KeyContext {
        switch top {
        case .runSet: return .runSet
        case .inspector: return .inspector
        case .comparison: return .comparison
        }
    }

    var searching: Bool {
        switch top {
        case .runSet(let s): return s.filterQuery != nil
        case .inspector(let s): return s.searchQuery != nil
        case .comparison: return false
        }
    }

    public mutating func handle(_ key: Key) {
        guard let action = KeyMap.action(for: key, searching: searching, context: context) else { return }
        apply(action)
    }

    public mutating func apply(_ action: Action) {
        needsFullRepaint = action == .repaint
        if case .resize(let w, let h) = action {
            width = w
            height = h
            resizeAll()
            return
        }
        switch top {
        case .runSet(var s):
            s.apply(action)
            if s.quit { quit = true }
            let request = s.request
            s.request = nil
            replaceTop(.runSet(s))
            if let r = request { open(r, from: s) }
        case .inspector(var s):
            s.apply(action)
            replaceTop(.inspector(s))
            if s.quit { close(all: action == .quitNow) }
        case .comparison(var s):
            s.apply(action)
            replaceTop(.comparison(s))
            if s.done { close(all: action == .quitNow || s.standalone) }
        }
    }

    /// Delivers a loaded archive to the run set at the bottom of the stack.
    public mutating func receive(_ entry: RunSetEntry, at index: Int) {
        guard case .runSet(var s) = stack[0] else { return }
        s.receive(entry, at: index)
        stack[0] = .runSet(s)
    }

    public mutating func updateCounts(_ findings: [[Finding]]) {
        guard case .runSet(var s) = stack[0] else { return }
        s.updateCounts(findings)
        stack[0] = .runSet(s)
    }

    public func render() -> Canvas {
        switch top {
        case .runSet(let s): return RunSetScreen.render(s)
        case .inspector(let s): return InspectorScreen.render(s)
        case .comparison(let s): return ComparisonScreen.render(s)
        }
    }

    mutating func open(_ request: RunSetState.Request, from list: RunSetState) {
        switch request {
        case .inspect(let k):
            guard let entry = list.entries[k], let a = entry.archive else { return }
            // The list's findings include the pair rule against the screen's LTR run, when it is in the set.
            stack.append(.inspector(InspectorState(archive: a, findings: entry.findings, width: width, height: height, glyphs: list.glyphs)))
        case .compare(let i, let j):
            guard let a = list.entries[i]?.archive, let b = list.entries[j]?.archive else { return }
            var c = ComparisonState(comparison: RunComparison(a, b), width: width, height: height, glyphs: list.glyphs)
            c.standalone = false
            stack.append(.comparison(c))
        }
    }

    mutating func close(all: Bool) {
        if all || stack.count == 1 { quit = true; return }
        stack.removeLast()
        resizeAll()
    }

    mutating func replaceTop(_ s: ScreenState) { stack[stack.count - 1] = s }

    mutating func resizeAll() {
        let action = Action.resize(width: width, height: height)
        for k in stack.indices {
            switch stack[k] {
            case .runSet(var s): s.apply(action); stack[k] = .runSet(s)
            case .inspector(var s): s.apply(action); stack[k] = .inspector(s)
            case .comparison(var s): s.apply(action); stack[k] = .comparison(s)
            }
        }
    }
}

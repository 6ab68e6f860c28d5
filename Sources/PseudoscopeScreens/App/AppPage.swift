import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// One page of the interactive program's stack: the archive list, an inspector, a comparison.
public enum AppPage {
    case runSet(RunSetState)
    case inspector(InspectorState)
    case comparison(ComparisonState)
}

extension AppState {
    /// Whether the page on top is taking typed text (a search, a filter, the baseline dialog): the terminal driver
    /// then hands Ctrl-C to it as a key (cancel), where otherwise the terminal's interrupt ends the program.
    public var isTyping: Bool {
        switch top {
        case .runSet(let s): return s.isTyping
        case .inspector(let s): return s.isTyping
        case .comparison: return false
        }
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// Moving through a list: the same keys and the same rules in every list-like pane.
public enum Movement: Equatable, Sendable {
    case down, up, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom
}

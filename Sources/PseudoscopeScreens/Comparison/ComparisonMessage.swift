import PseudoscopeCore
import PseudoscopeDrawing

/// What the comparison's keys can tell it.
public enum ComparisonMessage: Equatable, Sendable {
    case move(Movement)
    case nextDifference, previousDifference, switchSide
    case chrome(ChromeMessage)
    case scroll(Int)
}

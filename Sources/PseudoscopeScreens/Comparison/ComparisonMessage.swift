import PseudoscopeCore
import PseudoscopeDrawing

/// What the comparison's keys can tell it.
public enum ComparisonMessage: Equatable, Sendable {
    case move(Movement)
    case nextDifference, previousDifference, switchSide
    /// Enter: the row's element in the inspector of its run; y: the same with the copy menu open; i: the row's whole text.
    case open, copy, toggleWholeText
    case chrome(ChromeMessage)
    case scroll(Int)
}

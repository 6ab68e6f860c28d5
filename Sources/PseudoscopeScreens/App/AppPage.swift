import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// One page of the interactive program's stack: the archive list, an inspector, a comparison.
public enum AppPage {
    case runSet(RunSetState)
    case inspector(InspectorState)
    case comparison(ComparisonState)
}

import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// What the drawing pane shows (`s` cycles them).
public enum DrawingView: String, Sendable {
    case wireframe, screenshot, both
}

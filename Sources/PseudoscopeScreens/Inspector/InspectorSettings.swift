import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// What the executable knows for every inspector it opens: given once, at the start, never set from outside.
public struct InspectorSettings: Sendable {
    /// `--baseline FILE`: where `b` records known issues.
    public var baselinePath: String?
    /// The colours a screenshot's cells may use on this terminal.
    public var imageDepth: ColorDepth
    /// Today, for the expiry a new baseline entry gets by default (nil: a fixed day, for tests).
    public var today: CalendarDay?

    /// Where a copy goes (tmux's settings, read at start), so the status line claims what is known.
    public var clipboard: ClipboardRoute = .terminal

    /// The wireframe pane's width for inspectors opened from now on: the session's last choice (`w`).
    public var drawingRoom: DrawingRoom = .normal

    public init(baselinePath: String? = nil, imageDepth: ColorDepth = .indexed256, today: CalendarDay? = nil) {
        self.baselinePath = baselinePath
        self.imageDepth = imageDepth
        self.today = today
    }
}

import PseudoscopeDrawing
import PseudoscopeImage

/// What is known of the terminal and the session, one value for every screen's view (not fields copied into each
/// screen): how pictures reach this terminal, its cell size, the colours a picture may use, and how many notes
/// the session holds.
public struct SessionFacts: Equatable, Sendable {
    /// How screenshots reach this terminal: symbols until the terminal answers otherwise.
    public var graphics: GraphicsChoice = .symbols
    /// A cell's size in pixels, for graphics protocols (the terminal's, where it says; else 10×20).
    public var cellWidth = 10
    public var cellHeight = 20
    /// The colours a picture's cells may use on this terminal.
    public var imageDepth: ColorDepth = .indexed256
    /// Notes the session holds (`!` shows them).
    public var notes = 0

    public init(imageDepth: ColorDepth = .indexed256) {
        self.imageDepth = imageDepth
    }

    public var cellPixels: (width: Int, height: Int) { (cellWidth, cellHeight) }
}

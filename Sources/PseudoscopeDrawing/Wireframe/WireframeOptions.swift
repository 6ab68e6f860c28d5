import PseudoscopeCore

/// What to draw besides the screen itself.
public struct WireframeOptions: Sendable {
    public var glyphs: Glyphs
    /// Draw an LTR archive where right-to-left layout would put each element (`m` in the inspector).
    public var mirror: Bool = false
    /// The selected element: its border is drawn in the selected role, its ancestors' faintly.
    public var selected: Int?
    /// Numbered tags for `render --findings`, by element.
    public var tags: [Int: String] = [:]
    /// A region of the screen to show, in points; nil shows the whole screen and whatever sticks out of it.
    public var viewport: Rect?

    public init(glyphs: Glyphs) {
        self.glyphs = glyphs
    }
}

import PseudoscopeCore
import PseudoscopeImage

/// What the inspector knows of the failure screenshot.
public enum ScreenshotState: Equatable, Sendable {
    /// Not asked for yet (the screenshot is read when first shown).
    case notLoaded
    case loading
    case loaded(RasterImage, kind: String)
    /// It cannot be shown, in one line: no screenshot, a refused path, a corrupt file, ASCII output.
    case unavailable(String)
}

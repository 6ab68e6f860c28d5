import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// What reaches the program: keys from the terminal, and the answers to effects the driver performed.
public indirect enum AppMessage: Sendable {
    case key(Key)
    /// For the archive list at the bottom of the stack.
    case runSet(RunSetMessage)
    /// A run judged in full for the inspector (`Engine.judge`).
    case opened(RunVerdict, at: InspectorOpening? = nil)
    /// Two runs read and compared.
    case compared(RunComparison)
    /// What the terminal answered about graphics (or what `--graphics` chose), for every inspector.
    case graphicsDetected(GraphicsChoice, cellWidth: Int, cellHeight: Int)
    /// How many colours the terminal's palette has (curses' `COLORS` once started; 0 without colour): pictures
    /// use what it has, not what `TERM`'s name suggests (`alacritty` has 256, `xterm` eight).
    case paletteDetected(colors: Int)
    /// Where copies go in this session (tmux's settings, read at start).
    case clipboardDetected(ClipboardRoute)
    /// The picture of the screen, decoded, for the inspector on top.
    case screenshotLoaded(Result<Picture, ArchiveError>)
    /// Known issues written to the baseline (how many were new), or why not, and the inspector's findings marked
    /// again with the baseline as written.
    case baselineWritten(entries: [Baseline.Entry], result: Result<Int, ArchiveError>, findings: [Finding], verdict: Verdict)
    /// A search index built in the background, for the inspectors of this archive.
    case searchIndexBuilt(SearchIndex, archive: String)
    /// Something the session has to say (text outside ASCII shown as `?`, a run opened without its partner).
    case note(String)
}

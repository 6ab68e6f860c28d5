import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

/// How a terminal session is set up: read once from the environment by the executable and passed in, so
/// that the driver itself reads no environment variables.
public struct SessionOptions: Sendable {
    /// `TERM` as the user has it (may have no terminfo entry here).
    public var term: String
    /// Where the session log goes (`TMPDIR`, else `/tmp`).
    public var logDirectory: String
    /// Whether the user set `ESCDELAY`; if not, a lone Esc answers within 25 ms.
    public var escapeDelaySet: Bool
    /// Colour on the terminal (NO_COLOR and `--color` already decided).
    public var useColor: Bool
    /// Inside tmux (`TMUX` set): clipboard sequences are wrapped for tmux's passthrough.
    public var insideTmux: Bool
    /// Test-only fault injection (`PSEUDOSCOPE_FAULT`): right after the first frame, trap, or overflow a worker's
    /// stack, to test that the terminal comes back.
    public enum InjectedFault: String, Sendable {
        case crashAfterFirstFrame = "crash-after-first-frame"
        case stackOverflowOnAWorker = "stack-overflow-on-a-worker"
    }
    public var fault: InjectedFault?
    /// `--graphics`: nil asks the terminal (auto).
    public var graphics: GraphicsChoice?
    /// `TERM_PROGRAM` (iTerm2 draws its protocol but answers no query for it).
    public var termProgram = ""
    /// PSEUDOSCOPE_MAX_IMAGE_PIXELS.
    public var maxImagePixels = ImageDecoder.defaultMaxPixels
    /// The locale says UTF-8: when not, text outside ASCII is drawn as `?`, and a line after the session says so.
    public var localeIsUTF8 = true

    public init(
        term: String, logDirectory: String, escapeDelaySet: Bool, useColor: Bool, insideTmux: Bool = false,
        fault: InjectedFault? = nil
    ) {
        self.insideTmux = insideTmux
        self.term = term
        self.logDirectory = logDirectory
        self.escapeDelaySet = escapeDelaySet
        self.useColor = useColor
        self.fault = fault
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// What a screen asks the world to do, as data: the terminal driver performs it and answers with a message
/// (`AppMessage`), so no state ever waits, polls or touches files, and tests can drive every screen with a
/// list of messages.
public indirect enum Effect: Equatable, Sendable {
    /// Leave this screen: back to the one below, or quit when it is the last.
    case close
    /// From the last finding of a run opened from the list, on to the next run with findings in the list's order
    /// (back to the previous one's last finding): the night's findings as one queue. The app resolves it.
    case nextRunInQueue(forward: Bool)
    /// Quit the program now, from any screen.
    case quit
    /// Repaint the whole terminal (Ctrl-L).
    case repaint
    /// Open the notes overlay (what the session has to say: passing bundles, inputs not read, pairing, locale).
    case showNotes
    /// Load and check these run-set inputs; each answers `.runSet(.received(…))`.
    case load(paths: [String])
    /// Pair the run set's rtl runs with their LTR runs (among the inputs, else beside them) and apply the pair
    /// rule; answers `.runSet(.paired(…))`.
    case pairRunSet([ArchiveSummary?])
    /// Judge one run in full to inspect it, its partner looked for among the run set's inputs first (`Engine.judge`);
    /// answers `.opened` or `.runSet(.openFailed)`. `at` opens it on an element (and its copy menu) where given.
    case inspect(path: String, among: [ArchiveSummary?], at: InspectorOpening? = nil)
    /// Compare two runs (`Engine.compare`); answers `.compared` or `.runSet(.openFailed)`.
    case compare(a: String, b: String)
    /// Put text on the user's clipboard (OSC 52, which reaches the laptop over SSH); `what` names it.
    case copy(text: String, what: String)
    /// Show text on the terminal's own screen, outside the program's, for the user to select by hand (no box,
    /// no cut lines: the terminal wraps it), until a key is pressed; the terminal driver performs it.
    case showPlain(text: String, what: String)
    /// Find, read and decode the picture of the screen (a screenshot, or a frame of the recording); answers
    /// `.screenshotLoaded`.
    case loadPicture(PictureRequest)
    /// Add known issues to a baseline file, then mark `findings` again with the baseline as written (the triage
    /// `check --baseline` applies); answers `.baselineWritten`.
    /// `verdict` is the run's before: its state and pairing, for the verdict the marked findings make.
    case addToBaseline(path: String, entries: [Baseline.Entry], findings: [Finding], verdict: Verdict)
    /// Mark a run set's summaries again with the known issues as they now are; answers `.runSet(.retriaged)`.
    case retriage([ArchiveSummary?])
    /// Build a large archive's search index while the user looks at the first frame; answers `.searchIndexBuilt`.
    case buildSearchIndex(SearchIndexSource)
}

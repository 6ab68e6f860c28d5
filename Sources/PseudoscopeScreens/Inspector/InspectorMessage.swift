import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// What the inspector's keys and the driver can tell it. Movement messages act on the focused pane.
/// Indirect, as the app's other messages and effects are: their payloads (verdicts, findings, pictures) are boxed,
/// so a message moved through the update loop is a pointer. Inline, the messages grew large with the verdict's
/// payloads, and a debug build crashed in their outlined destroy at the first key (seen in two builds); boxed, no
/// build has.
public indirect enum InspectorMessage: Equatable, Sendable {
    case move(Movement)
    /// Tree: expand or go to the first child / collapse or go to the parent. Wireframe: the element beside.
    case right, left
    case toggleExpanded, expandSubtree, collapseSubtree, expandAll
    case nextPane, previousPane
    case startSearch, searchInput(String), searchBackspace, searchCommit, searchCancel, nextMatch, previousMatch
    case nextFinding, previousFinding, jumpToFailing
    case toggleZoom, toggleMirror, toggleDetails, escape
    /// The copy menu (`y`): open it, copy one of its items by key, close it (or the copied text's box).
    case openCopyMenu, copyItem(Character), closeCopy, showCopiedPlain
    /// `s`: the wireframe, the failure screenshot, or both side by side; the screenshot's bytes, decoded.
    case cycleDrawing
    /// `w`: the wireframe pane's width, normal, wide, widest.
    case cycleDrawingRoom
    case screenshotLoaded(Result<Picture, ArchiveError>)
    /// The search index, built in the background (`Effect.buildSearchIndex`).
    case searchIndexReady(SearchIndex)
    /// Recording the selection's findings as known issues (`b`): start, type the answers, and the write's result.
    case startBaseline, promptInput(String), promptBackspace, promptCommit, promptCancel
    case baselineWritten(entries: [Baseline.Entry], result: Result<Int, ArchiveError>, findings: [Finding], verdict: Verdict)
    case chrome(ChromeMessage)
    case click(x: Int, y: Int)
    /// The mouse wheel: rows down (positive) or up.
    case scroll(Int)
}

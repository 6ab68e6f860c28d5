import PseudoscopeCore
import PseudoscopeDrawing

/// What the archive list's keys and the driver can tell it.
public indirect enum RunSetMessage: Equatable, Sendable {
    case move(Movement)
    case open, compare, cycleSort, cycleModeFilter, cycleSeverityFilter, clearFilters
    case startFilter, filterInput(String), filterBackspace, filterCommit, filterCancel
    case chrome(ChromeMessage)
    case scroll(Int)
    /// Inputs that finished loading (the driver delivers what has arrived in batches).
    case received([LoadedEntry])
    /// The rtl runs judged again with the partner the run set gives them (`Engine.pairAll`), by index, once every
    /// input is in.
    case paired([Int: Result<ArchiveSummary, ArchiveError>])
    /// The summaries marked again with the known issues as they now are (after `b` in an inspector).
    case retriaged([ArchiveSummary?])
    /// An archive or comparison could not be opened.
    case openFailed(String)
}

import PseudoscopeCore
import PseudoscopeDrawing

/// What the archive list's keys and the driver can tell it.
public enum RunSetMessage: Equatable, Sendable {
    case move(Movement)
    case open, compare, cycleSort, cycleModeFilter, cycleSeverityFilter, clearFilters
    case startFilter, filterInput(String), filterBackspace, filterCommit, filterCancel
    case chrome(ChromeMessage)
    case scroll(Int)
    /// Inputs that finished loading (the driver delivers what has arrived in batches).
    case received([LoadedEntry])
    /// The pair rule's results, once every input is in.
    case pairsChecked([PairCheck])
    /// The summaries marked again with the known issues as they now are (after `b` in an inspector).
    case retriaged([ArchiveSummary?])
    /// An archive or comparison could not be opened.
    case openFailed(String)
}

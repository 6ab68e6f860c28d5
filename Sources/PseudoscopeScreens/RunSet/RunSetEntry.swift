import PseudoscopeCore
import PseudoscopeDrawing

/// One input of a run set: checked, unreadable, or still loading (neither).
public struct RunSetEntry: Equatable, Sendable {
    public var path: String
    public var summary: ArchiveSummary?
    public var error: String?

    public init(path: String, result: Result<ArchiveSummary, ArchiveError>) {
        self.path = path
        switch result {
        case .success(let s): summary = s
        case .failure(let e): error = e.description
        }
    }

    /// An input still loading.
    public init(loading path: String) {
        self.path = path
    }

    /// The findings counted as every view counts them; empty while loading or when unreadable.
    public var counts: FindingCounts { summary?.counts ?? FindingCounts() }
}

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

    /// Read, with nothing to check: the run holds no hierarchy (`check` lists it as not checked and exits 3).
    /// Its counts are not a clean "0 0".
    public var isUnchecked: Bool { summary?.hierarchyNote != nil }

    /// A count column as the list shows it: empty while loading or unreadable, `-` where nothing was checked.
    public func countColumn(_ n: Int) -> String { summary == nil ? "" : isUnchecked ? "-" : "\(n)" }

    /// The list's header line after the archive count: blocked, unreadable and (when any) not checked.
    public static func headerCounts(_ entries: [RunSetEntry]) -> String {
        let blocked = entries.filter { $0.counts.blockingNow > 0 }.count
        let errors = entries.filter { $0.error != nil }.count
        let unchecked = entries.filter(\.isUnchecked).count
        return "\(blocked) blocked · \(errors) unreadable" + (unchecked > 0 ? " · \(unchecked) not checked (no hierarchy)" : "")
    }
}

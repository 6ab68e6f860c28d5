import PseudoscopeCore
import PseudoscopeDrawing

/// What a search index is built from, and which inspector it is for.
public struct SearchIndexSource: Sendable, Equatable {
    public let hierarchy: Hierarchy
    public let extra: [Int: [String]]
    /// The archive's path: the answer goes to the inspectors of that archive that have no index yet.
    public let archive: String

    /// Archives from this size on get their index built in the background; smaller ones build it on `/` in
    /// a few milliseconds.
    public static let backgroundFrom = 5_000

    public static func == (a: SearchIndexSource, b: SearchIndexSource) -> Bool {
        a.archive == b.archive && a.hierarchy.count == b.hierarchy.count
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// A run-set input that has arrived: its position and what it became.
public struct LoadedEntry: Equatable, Sendable {
    public var index: Int
    public var entry: RunSetEntry

    public init(index: Int, entry: RunSetEntry) {
        self.index = index
        self.entry = entry
    }
}

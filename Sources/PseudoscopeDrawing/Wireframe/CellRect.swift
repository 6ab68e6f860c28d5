import PseudoscopeCore

/// A rectangle of cells, inclusive of both corners.
public struct CellRect: Hashable, Sendable {
    public var left: Int
    public var top: Int
    public var right: Int
    public var bottom: Int

    public var width: Int { right - left + 1 }
    public var height: Int { bottom - top + 1 }

    public func contains(column: Int, row: Int) -> Bool {
        column >= left && column <= right && row >= top && row <= bottom
    }
}

import PseudoscopeCore

/// A rectangle of cells, inclusive of both corners.
public struct CellRect: Equatable, Sendable {
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

/// Maps points to cells: the scale and origin of one wireframe drawing.
///
/// A terminal cell is about twice as tall as it is wide, so a row covers twice the points of a column.
public struct WireframeLayout: Equatable, Sendable {
    /// The region of the screen shown, in points.
    public let bounds: Rect
    /// Points per column; a row is twice that.
    public let pointsPerColumn: Double
    public let columns: Int
    public let rows: Int

    /// The most rows a natural-height drawing may take, so that an absurd aspect ratio cannot exhaust memory.
    public static let maxRows = 2000

    /// One cell on every side is kept for the window's outline, so that it never overwrites an element's border.
    public static let margin = 1

    /// Fits `bounds` into at most `width` columns and, when given, `height` rows, keeping the aspect ratio.
    public init(bounds: Rect, width: Int, height: Int?) {
        let b = bounds.isEmpty ? Rect(x: bounds.x, y: bounds.y, width: max(bounds.width, 1), height: max(bounds.height, 1)) : bounds
        self.bounds = b
        let m = WireframeLayout.margin
        let w = max(1, width - 2 * m)
        var scale = b.width / Double(w)
        if let h = height { scale = max(scale, b.height / (2 * Double(max(1, h - 2 * m)))) }
        scale = max(scale, b.height / (2 * Double(WireframeLayout.maxRows)), 1e-6)
        pointsPerColumn = scale
        columns = min(w, max(1, Int((b.width / scale).rounded(.up)))) + 2 * m
        let naturalRows = max(1, Int((b.height / (2 * scale)).rounded(.up)))
        rows = min(height.map { max(1, $0 - 2 * m) } ?? WireframeLayout.maxRows, naturalRows) + 2 * m
    }

    /// The cells a frame covers (possibly outside the drawing, for clipping by the caller).
    public func cells(for f: Rect) -> CellRect {
        let sx = pointsPerColumn, sy = 2 * pointsPerColumn
        let m = WireframeLayout.margin
        func col(_ v: Double) -> Int { clampToInt(((v - bounds.x) / sx).rounded(.down)) + m }
        func row(_ v: Double) -> Int { clampToInt(((v - bounds.y) / sy).rounded(.down)) + m }
        let left = col(f.minX), top = row(f.minY)
        // The far edge is exclusive in points: a frame ending exactly on a cell boundary does not take the next cell.
        let right = max(left, clampToInt(((f.maxX - bounds.x) / sx).rounded(.up)) - 1 + m)
        let bottom = max(top, clampToInt(((f.maxY - bounds.y) / sy).rounded(.up)) - 1 + m)
        return CellRect(left: left, top: top, right: right, bottom: bottom)
    }
}

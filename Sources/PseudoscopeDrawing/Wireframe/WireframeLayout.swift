import PseudoscopeCore

/// Maps points to cells: the scale and origin of one wireframe drawing.
///
/// A terminal cell is about twice as tall as it is wide, so a row covers twice the points of a column. The
/// window's outline gets rows and columns of its own: coordinates past each window edge shift by one cell, so
/// an element just outside the window is drawn beyond the outline instead of on it.
public struct WireframeLayout: Equatable, Sendable {
    /// The region of the screen shown, in points.
    public let bounds: Rect
    /// The window whose outline has its own cells, if any.
    public let window: Rect?
    /// Points per column; a row is twice that, unless the drawing is stretched across (`maxStretch`).
    public let pointsPerColumn: Double
    /// Points per row: twice a column's at the screen's own shape.
    public let pointsPerRow: Double
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The first and last cell inside the window on each axis (after the outline's cell), found once: every
    /// frame's four edges are placed against them (`cells(for:)` runs for each element, twice for a finding's).
    private var insideColumns = Inside(first: 0, last: 0), insideRows = Inside(first: 0, last: 0)

    private struct Inside: Equatable, Sendable {
        var first: Int, last: Int
    }

    /// The most rows a natural-height drawing may take, so that an absurd aspect ratio cannot exhaust memory.
    public static let maxRows = 2000
    /// Cells the window's outline adds in each direction (one on each side).
    static let outlineCells = 2

    /// How much wider than the screen's own shape a drawing whose height is what limits it may be drawn, to use the
    /// columns its pane has (a phone in a short, wide terminal pane): labels get room, boxes get wider.
    public static let maxStretch = 2.0

    /// Fits `bounds` into at most `width` columns and, when given, `height` rows, keeping the aspect ratio, or
    /// stretching it across up to `maxStretch` where the height limits the drawing and columns are left over.
    public init(bounds: Rect, window: Rect? = nil, width: Int, height: Int?) {
        let b = bounds.isEmpty ? Rect(x: bounds.x, y: bounds.y, width: max(bounds.width, 1), height: max(bounds.height, 1)) : bounds
        self.bounds = b
        self.window = window.flatMap { $0.isEmpty ? nil : $0 }
        // The outline takes two cells, and measuring the outside from the window's edges may round up twice more.
        let extra = self.window == nil ? 0 : WireframeLayout.outlineCells + 2
        let w = max(1, width - extra)
        var scale = b.width / Double(w)
        if let h = height { scale = max(scale, b.height / (2 * Double(max(1, h - extra)))) }
        scale = max(scale, b.height / (2 * Double(WireframeLayout.maxRows)), 1e-6)
        let across = max(b.width / Double(w), scale / WireframeLayout.maxStretch, 1e-6)
        pointsPerColumn = across
        pointsPerRow = 2 * scale
        columns = 0
        rows = 0
        if let win = self.window {
            func inside(_ lo: Double, _ hi: Double, origin: Double, scale: Double) -> Inside {
                let first = WireframeLayout.plain(lo, origin: origin, scale: scale, far: false) &+ 1
                return Inside(first: first, last: max(first, WireframeLayout.plain(hi, origin: origin, scale: scale, far: true) &+ 1))
            }
            insideColumns = inside(win.minX, win.maxX, origin: b.x, scale: across)
            insideRows = inside(win.minY, win.maxY, origin: b.y, scale: 2 * scale)
        }
        let all = cells(for: b)
        var cols = all.right + 1
        var rowCount = all.bottom + 1
        if let win = self.window {
            let o = outline(for: win)
            cols = max(cols, o.right + 1)
            rowCount = max(rowCount, o.bottom + 1)
        }
        columns = min(max(1, cols), max(1, width))
        rows = min(max(1, rowCount), height ?? WireframeLayout.maxRows + extra)
    }

    /// The cell of a near edge (`far` false), or of the last cell before a far edge (`far` true), on one axis.
    /// Inside the window one cell is added for the outline before it; outside, positions are measured from the
    /// window's edge, beyond its outline.
    private func cell(
        _ v: Double, origin: Double, scale: Double, windowMin lo: Double?, windowMax hi: Double?,
        inside: Inside, far: Bool
    ) -> Int {
        func plain(_ x: Double, far: Bool) -> Int { WireframeLayout.plain(x, origin: origin, scale: scale, far: far) }
        guard let lo = lo, let hi = hi else { return plain(v, far: far) }
        let firstInside = inside.first, lastInside = inside.last
        let beyondLow = far ? v <= lo : v < lo
        let beyondHigh = far ? v > hi : v >= hi
        if beyondHigh {
            let d = (v - hi) / scale
            return lastInside &+ 2 &+ (far ? clampToInt(d.rounded(.up)) &- 1 : clampToInt(d.rounded(.down)))
        }
        if beyondLow {
            let d = (lo - v) / scale
            return firstInside &- 2 &- (far ? clampToInt(d.rounded(.down)) : clampToInt(d.rounded(.up)) &- 1)
        }
        return min(max(plain(v, far: far) &+ 1, firstInside), lastInside)
    }

    /// The cell of a near edge, or of the last cell before a far edge, counting from `origin` with no window.
    private static func plain(_ x: Double, origin: Double, scale: Double, far: Bool) -> Int {
        let t = (x - origin) / scale
        return far ? clampToInt(t.rounded(.up)) &- 1 : clampToInt(t.rounded(.down))
    }

    /// The cells a frame covers (possibly outside the drawing, for clipping by the caller).
    public func cells(for f: Rect) -> CellRect {
        let sx = pointsPerColumn, sy = pointsPerRow
        let left = cell(f.minX, origin: bounds.x, scale: sx, windowMin: window?.minX, windowMax: window?.maxX, inside: insideColumns, far: false)
        let top = cell(f.minY, origin: bounds.y, scale: sy, windowMin: window?.minY, windowMax: window?.maxY, inside: insideRows, far: false)
        let right = cell(f.maxX, origin: bounds.x, scale: sx, windowMin: window?.minX, windowMax: window?.maxX, inside: insideColumns, far: true)
        let bottom = cell(f.maxY, origin: bounds.y, scale: sy, windowMin: window?.minY, windowMax: window?.maxY, inside: insideRows, far: true)
        return CellRect(left: left, top: top, right: max(left, right), bottom: max(top, bottom))
    }

    /// The cells of the window's outline: one cell outside its area on every side.
    public func outline(for w: Rect) -> CellRect {
        let inner = cells(for: w)
        return CellRect(left: inner.left - 1, top: inner.top - 1, right: inner.right + 1, bottom: inner.bottom + 1)
    }
}

extension Canvas {
    /// The border of `r` in the glyphs `b` (a corner mark may replace the top-left corner). Cells outside the
    /// canvas are dropped by `set`; callers clip rectangles far outside first.
    mutating func drawBorder(_ r: CellRect, _ b: BoxGlyphs, role: StyleRole, topLeft: String? = nil) {
        let horizontal = Cell(grapheme: b.horizontal, width: 1, role: role), vertical = Cell(grapheme: b.vertical, width: 1, role: role)
        // Only the columns and rows on the canvas: a box far larger than the drawing costs what it shows.
        let columns = max(r.left + 1, 0)..<max(min(r.right, width), max(r.left + 1, 0))
        fillRun(horizontal, columns: columns, y: r.top)
        fillRun(horizontal, columns: columns, y: r.bottom)
        let rows = max(r.top + 1, 0)..<max(min(r.bottom, height), max(r.top + 1, 0))
        for y in rows {
            setNarrow(vertical, x: r.left, y: y)
            setNarrow(vertical, x: r.right, y: y)
        }
        setNarrow(Cell(grapheme: topLeft ?? b.topLeft, width: 1, role: role), x: r.left, y: r.top)
        setNarrow(Cell(grapheme: b.topRight, width: 1, role: role), x: r.right, y: r.top)
        setNarrow(Cell(grapheme: b.bottomLeft, width: 1, role: role), x: r.left, y: r.bottom)
        setNarrow(Cell(grapheme: b.bottomRight, width: 1, role: role), x: r.right, y: r.bottom)
    }
}

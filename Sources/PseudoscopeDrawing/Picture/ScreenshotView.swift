import PseudoscopeCore
import PseudoscopeImage

/// Draws the failure screenshot as picture cells (chafa's symbols) in a region, the selected element outlined on
/// it and the failing element marked: points become pixels by the image's size against the window, so the
/// outline lands where the element was on the screen.
public struct ScreenshotView {
    public var image: RasterImage
    public var archive: Archive
    public var glyphs: Glyphs
    public var depth: ColorDepth
    /// The region of the screen shown, in points; nil shows the whole window.
    public var viewport: Rect?
    /// Elements outlined with a tag (`?1`: the failure query's candidates), as on the wireframe.
    public var tags: [Int: String] = [:]

    public init(image: RasterImage, archive: Archive, glyphs: Glyphs, depth: ColorDepth, viewport: Rect? = nil) {
        self.image = image
        self.archive = archive
        self.glyphs = glyphs
        self.depth = depth
        self.viewport = viewport
    }

    /// The screen area the picture covers: the window, else everything the elements cover, else the picture in
    /// points at scale 1.
    public var window: Rect {
        if let w = archive.hierarchy.windowFrame, !w.isEmpty { return w }
        // No window (a bundle run without hierarchy): the picture in points, by the recorded scale.
        if let scale = archive.environment.scale, scale > 0 {
            return Rect(x: 0, y: 0, width: Double(image.width) / scale, height: Double(image.height) / scale)
        }
        let e = archive.hierarchy.screenFrame
        if !e.isEmpty { return e }
        return Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    }

    /// What is shown, in points.
    public var shown: Rect { viewport ?? window }

    /// Columns and rows for the picture in at most `width`×`height` cells, keeping its shape (a cell is about
    /// twice as tall as wide).
    public func size(width: Int, height: Int) -> (columns: Int, rows: Int) {
        let s = shown
        guard s.width > 0, s.height > 0, width > 0, height > 0 else { return (max(1, width), max(1, height)) }
        let aspect = s.width / s.height
        var cols = width
        var rows = clampToInt((Double(cols) / (2 * aspect)).rounded())
        if rows > height {
            rows = height
            cols = max(1, clampToInt((Double(rows) * 2 * aspect).rounded()))
        }
        return (min(width, max(1, cols)), max(1, rows))
    }

    /// The pixels of the picture that `shown` covers.
    public var crop: PixelRect {
        let w = window, s = shown
        let sx = Double(image.width) / max(1, w.width), sy = Double(image.height) / max(1, w.height)
        return PixelRect(
            x: clampToInt(((s.minX - w.minX) * sx).rounded(.down)), y: clampToInt(((s.minY - w.minY) * sy).rounded(.down)),
            width: max(1, clampToInt((s.width * sx).rounded(.up))), height: max(1, clampToInt((s.height * sy).rounded(.up))))
    }

    /// The cells an element's frame covers, in a picture of `columns`×`rows` cells.
    public func cells(for f: Rect, columns: Int, rows: Int) -> CellRect {
        let s = shown
        func col(_ x: Double) -> Int { clampToInt(((x - s.minX) / s.width * Double(columns)).rounded(.down)) }
        func row(_ y: Double) -> Int { clampToInt(((y - s.minY) / s.height * Double(rows)).rounded(.down)) }
        // The last cell is the one the far edge lies in (an edge exactly on a cell boundary ends the cell before).
        let left = col(f.minX), top = row(f.minY)
        return CellRect(left: left, top: top, right: max(left, col(f.maxX - 1e-6)), bottom: max(top, row(f.maxY - 1e-6)))
    }

    /// The picture in `columns`×`rows` cells with the failing element marked and `selected` outlined.
    public func draw(columns: Int, rows: Int, selected: Int?, cache: ImageCellsCache) -> Canvas {
        var canvas = Canvas(width: columns, height: rows, asciiOnly: glyphs.isASCII)
        canvas.placeImage(cache.cells(image, crop: crop, columns: columns, rows: rows, depth: depth), x: 0, y: 0)
        let h = archive.hierarchy
        if let f = archive.failingIndex, f != selected, !h[f].frame.isEmpty {
            outline(&canvas, cells(for: h[f].frame, columns: columns, rows: rows), role: .failing, mark: glyphs.failing)
        } else if archive.failingIndex == nil, !archive.failure.frame.isEmpty {
            // The failure names a frame the hierarchy does not hold (or there is no hierarchy): mark it anyway.
            outline(&canvas, cells(for: archive.failure.frame, columns: columns, rows: rows), role: .failing, mark: glyphs.failing)
        }
        for (i, tag) in tags.sorted(by: { $0.key < $1.key }) where i < h.count && i != selected && !h[i].frame.isEmpty {
            outline(&canvas, cells(for: h[i].frame, columns: columns, rows: rows), role: .match, mark: tag)
        }
        if let s = selected, s < h.count, !h[s].frame.isEmpty {
            outline(
                &canvas, cells(for: h[s].frame, columns: columns, rows: rows), role: .selected,
                mark: s == archive.failingIndex ? glyphs.failing : tags[s])
        }
        return canvas
    }

    /// A box over the picture (clipped), or one marked cell for an element too small for a box.
    func outline(_ c: inout Canvas, _ r: CellRect, role: StyleRole, mark: String?) {
        guard r.right >= 0, r.bottom >= 0, r.left < c.width, r.top < c.height else { return }
        let b = glyphs.plain
        if r.width < 2 || r.height < 2 {
            c.set(mark ?? glyphs.tinyElement, x: max(0, r.left), y: max(0, r.top), role: role)
            return
        }
        c.drawBorder(r, b, role: role, topLeft: mark)
    }
}

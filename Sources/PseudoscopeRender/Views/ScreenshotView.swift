import PseudoscopeCore
import PseudoscopeImage

/// What the inspector knows of the failure screenshot.
public enum ScreenshotState: Equatable, Sendable {
    /// Not asked for yet (the screenshot is read when first shown).
    case notLoaded
    case loading
    case loaded(RasterImage, kind: String)
    /// It cannot be shown, in one line: no screenshot, a refused path, a corrupt file, ASCII output.
    case unavailable(String)
}

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
        return PixelRect(x: clampToInt(((s.minX - w.minX) * sx).rounded(.down)), y: clampToInt(((s.minY - w.minY) * sy).rounded(.down)),
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
        if let s = selected, s < h.count, !h[s].frame.isEmpty {
            outline(&canvas, cells(for: h[s].frame, columns: columns, rows: rows), role: .selected, mark: s == archive.failingIndex ? glyphs.failing : nil)
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

/// The picture's cells at one size, kept: decoding and scaling happen once per size and crop, so moving the
/// selection only redraws the outline.
public final class ImageCellsCache {
    private var key: (columns: Int, rows: Int, crop: PixelRect, depth: ColorDepth, width: Int, height: Int)?
    private var value: ImageCells?
    private var graphicsKey: Int?
    private var graphicsValue: [UInt8] = []

    public init() {}

    /// A graphics protocol's payload for the picture, the selection outlined in its pixels; encoded again only
    /// when the crop, the size, the protocol or the selection changes.
    public func graphics(_ view: ScreenshotView, proto: GraphicsProtocol, columns: Int, rows: Int, selected: Int?, cell: (width: Int, height: Int)) -> (bytes: [UInt8], key: Int) {
        var h = Hasher()
        h.combine(view.crop)
        h.combine(columns)
        h.combine(rows)
        h.combine(proto.rawValue)
        h.combine(selected)
        h.combine(view.image.width)
        h.combine(view.image.height)
        let key = h.finalize()
        if key == graphicsKey { return (graphicsValue, key) }
        var image = view.image.cropped(view.crop)
        if let s = selected, s < view.archive.hierarchy.count {
            let f = view.archive.hierarchy[s].frame
            let sx = Double(image.width) / max(1, view.shown.width), sy = Double(image.height) / max(1, view.shown.height)
            image = image.outlined(PixelRect(x: clampToInt((f.minX - view.shown.minX) * sx), y: clampToInt((f.minY - view.shown.minY) * sy),
                                             width: clampToInt(f.width * sx), height: clampToInt(f.height * sy)))
        }
        graphicsValue = proto.encode(image, columns: columns, rows: rows, cellWidth: cell.width, cellHeight: cell.height)
        graphicsKey = key
        return (graphicsValue, key)
    }

    public func cells(_ image: RasterImage, crop: PixelRect, columns: Int, rows: Int, depth: ColorDepth) -> ImageCells {
        if let k = key, let v = value, k.columns == columns, k.rows == rows, k.crop == crop, k.depth == depth,
           k.width == image.width, k.height == image.height {
            return v
        }
        let v = ImageCells.make(image, crop: crop, columns: columns, rows: rows, depth: depth)
        key = (columns, rows, crop, depth, image.width, image.height)
        value = v
        return v
    }
}

import PseudoscopeCore
import PseudoscopeImage

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
    public func graphics(_ view: ScreenshotView, proto: GraphicsProtocol, columns: Int, rows: Int, selected: Int?, cell: (width: Int, height: Int))
        -> (bytes: [UInt8], key: Int)
    {
        var h = Hasher()
        h.combine(view.crop)
        h.combine(columns)
        h.combine(rows)
        h.combine(proto.rawValue)
        h.combine(selected)
        h.combine(view.tags.sorted(by: { $0.key < $1.key }).map(\.key))
        h.combine(view.image.width)
        h.combine(view.image.height)
        let key = h.finalize()
        if key == graphicsKey { return (graphicsValue, key) }
        var image = view.image.cropped(view.crop)
        let sx = Double(image.width) / max(1, view.shown.width), sy = Double(image.height) / max(1, view.shown.height)
        func pixels(_ f: Rect) -> PixelRect {
            PixelRect(
                x: clampToInt((f.minX - view.shown.minX) * sx), y: clampToInt((f.minY - view.shown.minY) * sy),
                width: clampToInt(f.width * sx), height: clampToInt(f.height * sy))
        }
        for i in view.tags.keys.sorted() where i < view.archive.hierarchy.count && i != selected {
            image = image.outlined(pixels(view.archive.hierarchy[i].frame), color: .proposal)
        }
        if let s = selected, s < view.archive.hierarchy.count {
            image = image.outlined(pixels(view.archive.hierarchy[s].frame))
        }
        graphicsValue = proto.encode(image, columns: columns, rows: rows, cellWidth: cell.width, cellHeight: cell.height)
        graphicsKey = key
        return (graphicsValue, key)
    }

    public func cells(_ image: RasterImage, crop: PixelRect, columns: Int, rows: Int, depth: ColorDepth) -> ImageCells {
        if let k = key, let v = value, k.columns == columns, k.rows == rows, k.crop == crop, k.depth == depth,
            k.width == image.width, k.height == image.height
        {
            return v
        }
        let v = ImageCells.make(image, crop: crop, columns: columns, rows: rows, depth: depth)
        key = (columns, rows, crop, depth, image.width, image.height)
        value = v
        return v
    }
}

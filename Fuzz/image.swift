// libFuzzer target for screenshots: any bytes through the decoders (PNG, JPEG, HEIC by content) with a small
// pixel limit, and whatever decodes through chafa's symbol cells and a graphics encoding, as the inspector and
// `render --screenshot` use them. Seeded with the screenshots of the real bundles.
import PseudoscopeCore
import PseudoscopeImage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? ImageDecoder.decode(bytes, maxPixels: 4_000_000, file: "fuzz") else { return 0 }
    let depth = ColorDepth.allCases[Int(bytes.last ?? 0) % ColorDepth.allCases.count]
    _ = ImageCells.make(
        image, crop: PixelRect(x: image.width / 4, y: image.height / 4, width: image.width / 2 + 1, height: image.height / 2 + 1),
        columns: 20, rows: 10, depth: depth)
    _ = image.outlined(PixelRect(x: -3, y: 2, width: image.width, height: Int(bytes.first ?? 1)))
    if bytes.count % 7 == 0 { _ = GraphicsProtocol.sixel.encode(image, columns: 8, rows: 4, cellWidth: 10, cellHeight: 20) }
    return 0
}

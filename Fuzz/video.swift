// libFuzzer target for the frame of a screen recording (Xcode 15+): any bytes through FFmpeg's MP4 demuxer and
// H.264/HEVC decoders as CVideo drives them (whitelisted containers and codecs, a pixel limit, bounded frames and
// packets), at a moment chosen from the input, then as a picture (cells, an outline). Seeded with the real
// bundles' recordings, cut to the first 256 KiB (their moov box and first frames).
import PseudoscopeCore
import PseudoscopeImage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let moment = Double(bytes.last ?? 0) / 16
    guard let frame = try? VideoFrame.decode(bytes, at: moment, maxPixels: 4_000_000, file: "fuzz") else { return 0 }
    _ = ImageCells.make(frame.image, columns: 20, rows: 10, depth: .indexed256)
    _ = frame.image.outlined(PixelRect(x: 1, y: 1, width: frame.image.width / 2, height: frame.image.height / 2))
    return 0
}

import CVideo
import PseudoscopeCore

/// The picture of the screen a run holds, decoded: the failure screenshot, or, for a run that recorded the
/// screen instead (Xcode 15+), the frame of the recording on screen when the hierarchy was captured. The one
/// way every command and the inspector turn a `ScreenshotSource` into pixels.
public struct Picture: Equatable, Sendable {
    public var image: RasterImage
    /// What the picture is, in a line (`PNG image`, `frame at 8.5 s of the screen recording …`).
    public var description: String
    /// For a frame of a recording: its time, and the moment it was asked for (seconds from the recording's start).
    public var frameTime: Double?
    public var requestedTime: Double?
    /// Why decoding stopped before the moment, when a work limit stopped it.
    public var stoppedBecause: String?

    /// Frames decoded, and packets read, at most, from the key frame before the moment to the moment.
    public static let maxVideoFrames = 3000
    public static let maxVideoPackets = 20_000

    public static func load(_ source: ScreenshotSource, archive: Archive?, limits: LoadLimits, maxPixels: Int, file: String = "the screenshot") throws
        -> Picture
    {
        let bytes = try source.read(limits: limits)
        guard case .recording(_, _, let seconds) = source else {
            let image = try ImageDecoder.decode(bytes, maxPixels: maxPixels, file: file)
            return Picture(image: image, description: ContentType.detect(Array(bytes.prefix(64))).rawValue)
        }
        let frame = try VideoFrame.decode(bytes, at: seconds, maxPixels: maxPixels, file: "the screen recording")
        let limit =
            frame.stoppedAtLimit
            ? "decoding stopped at the work limit (\(maxVideoFrames) frames or \(maxVideoPackets) packets from the key frame before the moment)"
            : nil
        let description =
            archive?.recordingFrameDescription(frameTime: frame.time, requested: seconds, stoppedBecause: limit)
            ?? "frame at \(NumberText.points(frame.time)) s of the screen recording" + (limit.map { ": \($0)" } ?? "")
        return Picture(image: frame.image, description: description, frameTime: frame.time, requestedTime: seconds, stoppedBecause: limit)
    }
}

/// One frame of an H.264 or HEVC screen recording (through `CVideo`, FFmpeg opened on first use).
public enum VideoFrame {
    public static func decode(_ bytes: [UInt8], at seconds: Double, maxPixels: Int, file: String, maxFrames: Int = Picture.maxVideoFrames) throws -> (
        image: RasterImage, time: Double, duration: Double, stoppedAtLimit: Bool
    ) {
        var frame = ps_video_frame()
        let room = 256
        var error = [CChar](repeating: 0, count: room)
        let rc = ps_video_frame_at(
            bytes, bytes.count, seconds.isFinite ? seconds : 0, maxPixels, Int32(clamping: maxFrames), Int32(Picture.maxVideoPackets),
            &frame, &error, room)
        defer { ps_video_frame_free(&frame) }
        guard rc == 0, let p = frame.pixels, frame.width > 0, frame.height > 0 else {
            let message = TerminalText.sanitize(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            throw ArchiveError(file: file, message: message.isEmpty ? "cannot be decoded" : message)
        }
        let count = Int(frame.width) * Int(frame.height) * 4
        let image = RasterImage(width: Int(frame.width), height: Int(frame.height), pixels: Array(UnsafeBufferPointer(start: p, count: count)))
        return (image, frame.time, frame.duration, frame.stopped_at_limit != 0)
    }

    /// Whether FFmpeg's libraries could be opened (a host without them says so instead of showing a picture).
    public static var isAvailable: Bool { ps_video_available() != 0 }
}

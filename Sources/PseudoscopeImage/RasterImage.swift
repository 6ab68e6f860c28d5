import CImageCodecs
import PseudoscopeCore

/// A decoded picture: RGBA, 8 bits a channel, rows top to bottom.
public struct RasterImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The part of the image inside `rect` (clipped to the image), as a new image.
    public func cropped(_ rect: PixelRect) -> RasterImage {
        // Saturating: a crop computed from absurd frames must not overflow.
        func end(_ a: Int, _ b: Int) -> Int { let (s, o) = a.addingReportingOverflow(b); return o ? (b > 0 ? Int.max : Int.min) : s }
        let x0 = max(0, min(width, rect.x)), y0 = max(0, min(height, rect.y))
        let x1 = max(x0, min(width, end(rect.x, rect.width))), y1 = max(y0, min(height, end(rect.y, rect.height)))
        guard x0 > 0 || y0 > 0 || x1 < width || y1 < height else { return self }
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 { out += pixels[(y * width + x0) * 4..<(y * width + x1) * 4] }
        return RasterImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}

extension RasterImage {
    /// A copy with a rectangle's border drawn in magenta, 3 pixels wide (clipped), for graphics protocols that
    /// cover the cells an outline would be drawn in.
    /// The outline's colour: magenta for the selection, cyan for what the failure's query proposes.
    public enum OutlineColor: Sendable {
        case selection, proposal
        var rgb: (UInt8, UInt8, UInt8) { self == .selection ? (255, 0, 255) : (0, 200, 255) }
    }

    public func outlined(_ r: PixelRect, color: OutlineColor = .selection) -> RasterImage {
        var p = pixels
        let t = 3
        let (red, green, blue) = color.rgb
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 4
            p[i] = red; p[i + 1] = green; p[i + 2] = blue; p[i + 3] = 255
        }
        // Only the part inside the picture is walked: an absurd frame costs no more than the picture's edge.
        // Clamped to a little beyond the picture first, so no arithmetic below can overflow.
        let lo = -t - 1
        let left = max(lo, min(width + t, r.x)), top = max(lo, min(height + t, r.y))
        let right = max(lo, min(width + t, r.width > width + 2 * t ? width + t : left + max(0, r.width))),
            bottom = max(lo, min(height + t, r.height > height + 2 * t ? height + t : top + max(0, r.height)))
        let x0 = max(0, left), x1 = min(width, right), y0 = max(0, top), y1 = min(height, bottom)
        guard x0 < x1, y0 < y1 else { return self }
        for k in 0..<t {
            for x in x0..<x1 { plot(x, top + k); plot(x, bottom - 1 - k) }
            for y in y0..<y1 { plot(left + k, y); plot(right - 1 - k, y) }
        }
        return RasterImage(width: width, height: height, pixels: p)
    }
}

public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// Decodes screenshots by content (PNG, JPEG, HEIC: Xcode 12 labels HEIC `public.png`), bounded by a pixel limit
/// that is checked against the header before anything is decoded. Untrusted bytes: a corrupt, truncated or
/// mislabelled file is one error line, never a crash.
public enum ImageDecoder {
    /// 50 million pixels: a 7K screenshot; raise with PSEUDOSCOPE_MAX_IMAGE_PIXELS.
    public static let defaultMaxPixels = 50_000_000

    public static func maxPixels(environment: [String: String]) throws -> Int {
        guard let v = environment["PSEUDOSCOPE_MAX_IMAGE_PIXELS"] else { return defaultMaxPixels }
        guard !v.isEmpty, v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), n >= 1, n <= 1_000_000_000 else {
            throw ArchiveError(file: "PSEUDOSCOPE_MAX_IMAGE_PIXELS", message: "'\(v.prefix(40))' is not a whole number from 1 to 1000000000")
        }
        return n
    }

    public static func decode(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels, file: String) throws -> RasterImage {
        let type = ContentType.detect(Array(bytes.prefix(64)))
        let kind: Int32
        switch type {
        case .png: kind = Int32(PS_IMAGE_PNG)
        case .jpeg: kind = Int32(PS_IMAGE_JPEG)
        case .heic: kind = Int32(PS_IMAGE_HEIF)
        default: throw ArchiveError(file: file, message: "is not a PNG, JPEG or HEIC image (its first bytes say \(type.rawValue))")
        }
        let room = 256
        var error = [CChar](repeating: 0, count: room)
        func message() -> String { TerminalText.sanitize(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        var w: Int32 = 0, h: Int32 = 0
        let sized = ps_image_size(kind, bytes, bytes.count, &w, &h, &error, room)
        guard sized == 0 else { throw ArchiveError(file: file, message: "cannot be decoded as \(type.rawValue): \(message())") }
        // The limit before anything is allocated or decoded.
        guard Int(w) * Int(h) <= maxPixels else {
            throw ArchiveError(
                file: file, message: "is \(w) x \(h) pixels, over the limit of \(maxPixels) pixels (raise it with PSEUDOSCOPE_MAX_IMAGE_PIXELS)")
        }
        var code: Int32 = 0
        // Decoded straight into the result's storage: no second copy of a screenful of pixels.
        let pixels = [UInt8](unsafeUninitializedCapacity: Int(w) * Int(h) * 4) { buffer, count in
            code = ps_image_decode(kind, bytes, bytes.count, buffer.baseAddress, w, h, &error, room)
            if code != 0 { buffer.initialize(repeating: 0) }
            count = buffer.count
        }
        guard code == 0 else { throw ArchiveError(file: file, message: "cannot be decoded as \(type.rawValue): \(message())") }
        return RasterImage(width: Int(w), height: Int(h), pixels: pixels)
    }
}

extension RasterImage {
    /// The picture as a PNG file (for `import -o`: a frame of a screen recording a ticket can carry).
    public func pngData() throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let room = 256
        var error = [CChar](repeating: 0, count: room)
        let rc = ps_png_encode(pixels, Int32(width), Int32(height), &out, &size, &error, room)
        defer { ps_png_free(out) }
        guard rc == 0, let bytes = out else {
            throw ArchiveError(file: "the picture", message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}

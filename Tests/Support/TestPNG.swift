/// Writes RGB PNG files without a compressor (zlib's stored blocks): pictures for tests whose colours the test
/// chooses, where the samples' screenshots are too plain (a white screen uses a handful of colour pairs).
public enum TestPNG {
    /// A `width`×`height` RGB picture, each pixel's 0xRRGGBB from `color(x, y)`.
    public static func make(width: Int, height: Int, color: (Int, Int) -> UInt32) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let c = color(x, y)
                raw += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
            }
        }
        var header: [UInt8] = []
        for v in [UInt32(width), UInt32(height)] { header += bigEndian(v) }
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter choice, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The CRC-32 a PNG chunk ends with (over its type and data).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65_535, data.count - start)
            let last: UInt8 = start + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + bigEndian(b << 16 | a)
    }
}

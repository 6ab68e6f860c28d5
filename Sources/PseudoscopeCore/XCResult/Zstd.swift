import CZstd

/// zstd decompression, bounded: a small file that claims gigabytes is refused before anything is allocated,
/// and a stream that does not say its size stops at the limit.
enum Zstd {
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.count >= 4 && Array(bytes[0..<4]) == magic }

    enum Failure: Error {
        case tooLarge(claimed: UInt64?)
        case corrupt(String)
    }

    /// The whole content, at most `limit` bytes.
    static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        try decompress(input, limit: limit, stopAfter: nil)
    }

    /// The first `count` bytes of the content (to sniff a type), without decompressing the rest.
    static func head(_ input: [UInt8], count: Int, limit: Int) throws -> [UInt8] {
        try decompress(input, limit: limit, stopAfter: count)
    }

    private static func decompress(_ input: [UInt8], limit: Int, stopAfter: Int?) throws -> [UInt8] {
        let claimed = input.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
        if claimed == ZSTD_CONTENTSIZE_ERROR { throw Failure.corrupt("not a zstd frame") }
        if claimed != ZSTD_CONTENTSIZE_UNKNOWN, stopAfter == nil, claimed > UInt64(limit) { throw Failure.tooLarge(claimed: claimed) }
        guard let stream = ZSTD_createDStream() else { throw Failure.corrupt("cannot allocate a decompression stream") }
        defer { ZSTD_freeDStream(stream) }
        ZSTD_initDStream(stream)
        var out: [UInt8] = []
        if claimed != ZSTD_CONTENTSIZE_UNKNOWN { out.reserveCapacity(Int(min(claimed, UInt64(stopAfter ?? limit)))) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeBytes { src -> [UInt8] in
            var inBuffer = ZSTD_inBuffer(src: src.baseAddress, size: src.count, pos: 0)
            while true {
                let (produced, result) = chunk.withUnsafeMutableBytes { dst -> (Int, Int) in
                    var outBuffer = ZSTD_outBuffer(dst: dst.baseAddress, size: dst.count, pos: 0)
                    let r = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    return (outBuffer.pos, r)
                }
                if ZSTD_isError(result) != 0 { throw Failure.corrupt(String(cString: ZSTD_getErrorName(result))) }
                out.append(contentsOf: chunk[0..<produced])
                if let n = stopAfter, out.count >= n { return Array(out.prefix(n)) }
                if out.count > limit { throw Failure.tooLarge(claimed: claimed == ZSTD_CONTENTSIZE_UNKNOWN ? nil : claimed) }
                // Done: the frame ended and nothing more came out.
                if result == 0 && produced < chunk.count { return out }
                if inBuffer.pos == inBuffer.size && produced == 0 {
                    if result == 0 { return out }
                    throw Failure.corrupt("the compressed data ends early")
                }
            }
        }
    }
}

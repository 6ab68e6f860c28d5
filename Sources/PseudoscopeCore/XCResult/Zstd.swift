import CZstd
import Synchronization

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
        let claimed = ZSTD_getFrameContentSize(input, input.count)
        if claimed == ZSTD_CONTENTSIZE_ERROR { throw Failure.corrupt("not a zstd frame") }
        if claimed != ZSTD_CONTENTSIZE_UNKNOWN, stopAfter == nil, claimed > UInt64(limit) { throw Failure.tooLarge(claimed: claimed) }
        let decoder = try Decoder.take()
        defer { Decoder.give(decoder) }
        let stream = decoder.stream
        ZSTD_initDStream(stream)
        var out: [UInt8] = []
        if claimed != ZSTD_CONTENTSIZE_UNKNOWN { out.reserveCapacity(Int(min(claimed, UInt64(stopAfter ?? limit)))) }
        let chunk = decoder.chunk
        return try input.withUnsafeBytes { src -> [UInt8] in
            var inBuffer = ZSTD_inBuffer(src: src.baseAddress, size: src.count, pos: 0)
            while true {
                var outBuffer = ZSTD_outBuffer(dst: chunk.baseAddress, size: chunk.count, pos: 0)
                let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                let produced = outBuffer.pos
                if ZSTD_isError(result) != 0 { throw Failure.corrupt(String(cString: ZSTD_getErrorName(result))) }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<produced]))
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

    /// A decompression stream with its output chunk, kept for the next payload. A stream is a 94 KiB context, and
    /// its first frame adds buffers sized by the frame's window. One was made and freed for each payload (62 to
    /// list the Xcode 26.0.1 bundle); kept, that listing takes 97.2 -> 93.0 M instructions. A kept stream holds the
    /// buffers of the largest window it decoded, and only as many are kept as decoded at once.
    final class Decoder: @unchecked Sendable {  // used by one thread at a time: taken from the pool, given back
        let stream: OpaquePointer
        let chunk: UnsafeMutableRawBufferPointer

        private init?() {
            guard let stream = ZSTD_createDStream() else { return nil }
            self.stream = stream
            chunk = .allocate(byteCount: 1 << 16, alignment: 16)
        }

        deinit {
            ZSTD_freeDStream(stream)
            chunk.deallocate()
        }

        /// As many as threads decode at once (the checks run on a few), never more than kept.
        private static let pool = Mutex<[Decoder]>([])
        private static let kept = 8

        static func take() throws -> Decoder {
            if let d = pool.withLock({ $0.popLast() }) { return d }
            guard let d = Decoder() else { throw Failure.corrupt("cannot allocate a decompression stream") }
            return d
        }

        static func give(_ d: Decoder) {
            pool.withLock { if $0.count < kept { $0.append(d) } }
        }
    }
}

/// A frame read in one pass when its four members come in one of the two orders writers use: the archive's
/// own (`x`, `y`, `width`, `height`, as the gate and `ArchiveEncoder` write them) or sorted (`height`, `width`,
/// `x`, `y`, as `JSONEncoder` with sorted keys writes them), white space anywhere JSON allows it. Every element
/// has a frame, and reading one through the general member loop (each key told apart, each number handed to a
/// closure) cost 1,400 instructions, a tenth of loading a findings-heavy archive.
///
/// Anything else (another order, another key, a number the simple reading declines) is nil with the position
/// untouched, and `rect()` reads the same bytes as before: this reading takes nothing the member loop would
/// refuse, and the limits are the same ones.
extension FastHierarchyReader {
    /// The frame at the reader's position, or nil (nothing read) when it is not in one of the two orders.
    mutating func orderedRect() -> Rect? {
        guard let (rect, end) = FastHierarchyReader.orderedRect(b, at: parser.index) else { return nil }
        parser.index = end
        return rect
    }

    /// On the buffer alone (a method of the reader copied parts of it for every member). The member names are
    /// matched with their quotes as little-endian words: `"x"`, `"y"`, `"width"`, `"height"`.
    static func orderedRect(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (Rect, Int)? {
        guard start + 8 <= b.count, b[start] == UInt8(ascii: "{") else { return nil }
        var i = start + 1
        skipWhitespace(b, &i)
        guard i + 8 <= b.count else { return nil }
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        if b[i + 1] == UInt8(ascii: "x") {
            guard member(b, &i, 0x22_78_22, 3, size: false, into: &x), comma(b, &i),
                member(b, &i, 0x22_79_22, 3, size: false, into: &y), comma(b, &i),
                member(b, &i, 0x22_68_74_64_69_77_22, 7, size: true, into: &w), comma(b, &i),
                member(b, &i, 0x22_74_68_67_69_65_68_22, 8, size: true, into: &h)
            else { return nil }
        } else {
            guard member(b, &i, 0x22_74_68_67_69_65_68_22, 8, size: true, into: &h), comma(b, &i),
                member(b, &i, 0x22_68_74_64_69_77_22, 7, size: true, into: &w), comma(b, &i),
                member(b, &i, 0x22_78_22, 3, size: false, into: &x), comma(b, &i),
                member(b, &i, 0x22_79_22, 3, size: false, into: &y)
            else { return nil }
        }
        skipWhitespace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: "}") else { return nil }
        return (Rect(x: x, y: y, width: w, height: h), i + 1)
    }

    @inline(__always)
    private static func comma(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        skipWhitespace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: ",") else { return false }
        i += 1
        skipWhitespace(b, &i)
        return true
    }

    /// `"key" : number` at `i` (white space before it already skipped), the key's `count` bytes with its quotes
    /// equal to `word`'s, the number held to the member loop's limits: finite, within ±`maxCoordinate`, a size
    /// not negative.
    @inline(__always)
    private static func member(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ word: UInt64, _ count: Int, size: Bool, into value: inout Double)
        -> Bool
    {
        guard i + count <= b.count else { return false }
        // A word load where eight bytes remain; near the buffer's end (a frame the file ends with) byte by byte.
        var found: UInt64 = 0
        if i + 8 <= b.count {
            found = UnsafeRawPointer(b.baseAddress!).loadUnaligned(fromByteOffset: i, as: UInt64.self)
        } else {
            for k in 0..<count { found |= UInt64(b[i + k]) << UInt64(8 * k) }
        }
        let mask: UInt64 = count == 8 ? ~0 : (1 << UInt64(8 * count)) &- 1
        guard found & mask == word else { return false }
        i += count
        skipWhitespace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: ":") else { return false }
        i += 1
        skipWhitespace(b, &i)
        guard i < b.count, b[i] == UInt8(ascii: "-") || (b[i] >= 0x30 && b[i] <= 0x39),
            let (d, end) = JSONParser.simpleNumber(b, at: i),
            d.isFinite, abs(d) <= ArchiveDecoder.maxCoordinate, !size || d >= 0
        else { return false }
        value = d
        i = end
        return true
    }
}

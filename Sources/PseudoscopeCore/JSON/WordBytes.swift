/// Tests on eight bytes of a text at once (a word loaded from it, little-endian): each gives the high bit of every
/// byte that may be the one looked for. The lowest flagged byte is exact; a borrow may flag bytes above it, so a
/// caller takes only the first (`trailingZeroBitCount / 8`). The JSON reader, the JSON writer and the JUnit writer
/// scan their strings with them.
public enum WordBytes {
    /// Bytes equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(_ w: UInt64, _ byte: UInt8) -> UInt64 {
        let x = w ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// Control bytes (below 0x20).
    @inlinable @inline(__always)
    public static func control(_ w: UInt64) -> UInt64 {
        (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
    }

    /// DEL and every byte from 0x80: a byte of 0x7F gains its high bit when one is added to its low seven; one from
    /// 0x80 up has it.
    @inlinable @inline(__always)
    public static func deleteOrHigh(_ w: UInt64) -> UInt64 {
        let highs: UInt64 = 0x8080_8080_8080_8080
        return (((w & ~highs) &+ 0x0101_0101_0101_0101) | w) & highs
    }
}

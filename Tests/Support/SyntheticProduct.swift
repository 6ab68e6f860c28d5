import Foundation

/// Built products the fixtures do not hold, in the real formats: Mach-O files with the load commands the audit
/// reads, and zip files (stored entries, the central directory libarchive reads).
public enum SyntheticProduct {
    /// A thin 64-bit little-endian Mach-O executable: `__TEXT,__cstring` holding `strings` (NUL-terminated) and
    /// any `sections` more in `__TEXT` (Xcode's debug stub keeps its dylib's name in `__debug_dylib`),
    /// `LC_BUILD_VERSION` with `platform` (2 iOS, 7 iOS simulator), `LC_LOAD_DYLIB` for each of `libraries` and
    /// `LC_LOAD_WEAK_DYLIB` for each of `weakLibraries`.
    public static func machO(
        strings: [String], platform: UInt32 = 2, cpu: UInt32 = 0x0100_000C, libraries: [String] = [], weakLibraries: [String] = [],
        sections: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var cstrings: [UInt8] = []
        for s in strings { cstrings += Array(s.utf8) + [0] }
        let all = [("__cstring", cstrings)] + sections
        let segmentSize = 72 + 80 * all.count
        var dylibs: [[UInt8]] = []
        for (lib, command) in libraries.map({ ($0, UInt32(0xC)) }) + weakLibraries.map({ ($0, UInt32(0x8000_0018)) }) {
            var name = Array(lib.utf8) + [0]
            while (24 + name.count) % 8 != 0 { name.append(0) }
            dylibs.append(u32(command) + u32(UInt32(24 + name.count)) + u32(24) + u32(0) + u32(0) + u32(0) + name)
        }
        let build = u32(0x32) + u32(24) + u32(platform) + u32(0x0011_0000) + u32(0x0011_0000) + u32(0)
        let commandBytes = segmentSize + build.count + dylibs.reduce(0) { $0 + $1.count }
        let textOffset = 32 + commandBytes
        let textSize = all.reduce(0) { $0 + $1.1.count }
        var segment = u32(0x19) + u32(UInt32(segmentSize)) + name16("__TEXT")
        segment +=
            u64(0) + u64(UInt64(textOffset + textSize)) + u64(0) + u64(UInt64(textOffset + textSize)) + u32(5) + u32(5) + u32(UInt32(all.count))
            + u32(0)
        var at = textOffset
        for (name, bytes) in all {
            segment +=
                name16(name) + name16("__TEXT") + u64(UInt64(at)) + u64(UInt64(bytes.count)) + u32(UInt32(at)) + u32(0)
                + u32(0) + u32(0) + u32(name == "__cstring" ? 2 : 0) + u32(0) + u32(0) + u32(0)
            at += bytes.count
        }
        var out = u32(0xFEED_FACF) + u32(cpu) + u32(0) + u32(2) + u32(UInt32(2 + dylibs.count)) + u32(UInt32(commandBytes)) + u32(0) + u32(0)
        for c in [segment, build] + dylibs { out += c }
        return out + all.flatMap(\.1)
    }

    /// A fat file of `slices` (each a thin Mach-O), 32-bit fat headers, each slice at a 16 KiB boundary.
    public static func fat(_ slices: [(cpu: UInt32, bytes: [UInt8])]) -> [UInt8] {
        var out = be32(0xCAFE_BABE) + be32(UInt32(slices.count))
        var offset = 0x4000
        var bodies: [(Int, [UInt8])] = []
        for s in slices {
            out += be32(s.cpu) + be32(0) + be32(UInt32(offset)) + be32(UInt32(s.bytes.count)) + be32(14)
            bodies.append((offset, s.bytes))
            offset += (s.bytes.count + 0x3FFF) / 0x4000 * 0x4000
        }
        for (at, bytes) in bodies {
            out += [UInt8](repeating: 0, count: at - out.count)
            out += bytes
        }
        return out
    }

    /// A zip of `entries` (name, bytes), stored without compression, as `zip -0` writes one; the entries named in
    /// `links` are symbolic links whose bytes are their target, as `zip -y` stores them.
    public static func zip(_ entries: [(String, [UInt8])], links: Set<String> = []) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        for (name, bytes) in entries {
            let n = Array(name.utf8), crc = crc32(bytes), offset = UInt32(out.count)
            let common =
                u16(20) + u16(0x0800) + u16(0) + u16(0) + u16(0x21) + u32(crc) + u32(UInt32(bytes.count)) + u32(UInt32(bytes.count))
                + u16(UInt16(n.count)) + u16(0)
            out += u32(0x0403_4B50) + common + n + bytes
            central +=
                u32(0x0201_4B50) + u16(0x031E) + common + u16(0) + u16(0) + u16(0)
                + u32(name.hasSuffix("/") ? 0x41ED_0010 : links.contains(name) ? 0xA1FF_0000 : 0x81A4_0000) + u32(offset) + n
        }
        let start = UInt32(out.count)
        out += central
        out +=
            u32(0x0605_4B50) + u16(0) + u16(0) + u16(UInt16(entries.count)) + u16(UInt16(entries.count)) + u32(UInt32(central.count)) + u32(start)
            + u16(0)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func u32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    static func u64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }
    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
    static func name16(_ s: String) -> [UInt8] { Array(s.utf8) + [UInt8](repeating: 0, count: 16 - s.utf8.count) }
}

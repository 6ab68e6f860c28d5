import Foundation

/// File names are bytes, not text: a folder unzipped from an archive made on Windows is `r\xE9sultat` (Latin-1),
/// which is not UTF-8. Swift's `String` cannot hold such bytes, and Foundation replaces them with U+FFFD (so the
/// folder is "no such file", or silently left out of a listing). Paths are kept in `String`s with each byte of an
/// invalid sequence as the code point U+10FF00 + byte (at the top of the last private-use plane), so that every
/// path round-trips to its bytes exactly; they are shown as `\xE9`.
///
/// The mapping is a bijection: a valid encoding of a code point in U+10FF00…U+10FFFF (which no real name uses,
/// but a stranger's could) is escaped byte by byte too, so decoding never produces one from valid text.
public enum PathBytes {
    static let base: UInt32 = 0x10FF00

    /// Whether a code point stands for a raw byte of a path.
    @inlinable public static func isEscapedByte(_ v: UInt32) -> Bool { v >= 0x10FF00 && v <= 0x10FFFF }

    /// A path's bytes as a `String`.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let b = Array(bytes)
        // Most names: valid UTF-8 without a code point of the escape range (F4 8F BF xx), read as they are.
        if !containsEscapeRange(b), String(validating: b, as: UTF8.self) != nil { return String(decoding: b, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let (scalar, length) = decodeOne(b, at: i)
            if let s = scalar, !isEscapedByte(s.value) {
                out.append(s)
                i += length
            } else {
                for k in i..<(i + max(1, length)) { out.append(Unicode.Scalar(base + UInt32(b[k]))!) }
                i += max(1, length)
            }
        }
        return String(out)
    }

    static func containsEscapeRange(_ b: [UInt8]) -> Bool {
        guard b.count >= 4 else { return false }
        for i in 0...(b.count - 4) where b[i] == 0xF4 && b[i + 1] == 0x8F && (0xBC...0xBF).contains(b[i + 2]) { return true }
        return false
    }

    /// One UTF-8 sequence at `i`: the scalar and its length, or nil and 1 for a byte that starts no valid one.
    static func decodeOne(_ b: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
        let c = b[i]
        if c < 0x80 { return (Unicode.Scalar(c), 1) }
        let length: Int, minimum: UInt32
        var v: UInt32
        switch c {
        case 0xC2...0xDF: length = 2; minimum = 0x80; v = UInt32(c & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; v = UInt32(c & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; v = UInt32(c & 0x07)
        default: return (nil, 1)
        }
        guard i + length <= b.count else { return (nil, 1) }
        for k in 1..<length {
            let cc = b[i + k]
            guard cc & 0xC0 == 0x80 else { return (nil, 1) }
            v = v << 6 | UInt32(cc & 0x3F)
        }
        guard v >= minimum, let s = Unicode.Scalar(v) else { return (nil, 1) }
        return (s, length)
    }

    /// The bytes a path names.
    public static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: { isEscapedByte($0.value) }) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for u in path.unicodeScalars {
            if isEscapedByte(u.value) { out.append(UInt8(u.value - base)) } else { out += Array(String(u).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the C string the system takes.
    public static func withCPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var b = bytes(path)
        b.append(0)
        return try b.withUnsafeBufferPointer { try $0.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) } }
    }

    /// A C string the system gave (a name from a folder, a resolved path) as a path.
    public static func string(cString: UnsafePointer<CChar>) -> String {
        string(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
    }

    /// Whether a path holds bytes that are not UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool { path.unicodeScalars.contains { isEscapedByte($0.value) } }
}

/// The screen an archive file names at its top level, read from the file's first bytes without parsing the
/// rest. Only a scheduling hint (`Engine.judgeAll` reads the archives of one screen together): anything
/// unusual — a dump, a bundle, escapes in the key, a screen after 64 KiB of other members — answers nil, and
/// nothing a user sees depends on the answer.
enum ScreenNameProbe {
    static let headBytes = 64 * 1024
    /// Read first: an archive names its screen in its first members. Reading 64 KiB of every input (most of a
    /// 300-element archive) was a twentieth of a night's `check`; the rest is read only when the first bytes
    /// did not answer.
    static let firstBytes = 4 * 1024

    static func read(_ path: String) -> String? {
        // What the path is, asked once: only a folder or a missing path (`BUNDLE#N`) can name a bundle's run.
        let kind = FileAccess.kind(path)
        guard kind == .regular || BundleAddress.parse(path) == nil else { return nil }
        var file = path
        switch kind {
        case .regular: break
        case .directory: file = path + "/archive.json"
        default: return nil
        }
        guard let first = try? FileAccess.readPrefix(file, count: firstBytes) else { return nil }
        if let screen = scan(first) { return screen }
        // No answer in a file that ended there: none in it. Else the first 64 KiB, as ever.
        guard first.count == firstBytes, let head = try? FileAccess.readPrefix(file, count: headBytes) else { return nil }
        return scan(head)
    }

    /// The value of the top-level `"screen"` member when it is a plain string (no escapes), else nil.
    static func scan(_ b: [UInt8]) -> String? {
        var i = 0
        func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        /// A string's contents from its opening quote, or nil when it holds an escape or is cut off.
        func plainString() -> ArraySlice<UInt8>? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            var j = start
            while j < b.count, b[j] != UInt8(ascii: "\""), b[j] != UInt8(ascii: "\\") { j += 1 }
            guard j < b.count, b[j] == UInt8(ascii: "\"") else { return nil }
            i = j + 1
            return b[start..<j]
        }
        /// Skips one value of any kind; false when the head ends inside it.
        func skipValue() -> Bool {
            var depth = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard i < b.count else { return false }
                    i += 1
                    if depth == 0 { return true }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }  // the end of the enclosing object: a number just ended
                    depth -= 1
                    i += 1
                    if depth == 0 { return true }
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                    i += 1
                default:
                    i += 1
                }
            }
            return false
        }
        skipSpace()
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3; skipSpace() }
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            skipSpace()
            guard let key = plainString() else { return nil }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            if key.elementsEqual("screen".utf8) {
                guard let value = plainString() else { return nil }
                return String(decoding: value, as: UTF8.self)
            }
            guard skipValue() else { return nil }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }
}

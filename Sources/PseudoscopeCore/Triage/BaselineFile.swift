import Foundation

/// Reading and adding to a baseline file. Adding reads the file as it is now (a malformed file is refused, never
/// rewritten), adds the entries, and writes the whole file atomically: a temporary file beside it, renamed over
/// it, with the original's permissions. Nothing else ever writes a baseline.
public enum BaselineFile {
    public static func read(_ path: String) throws -> Baseline {
        guard FileAccess.kind(path) != .missing else { return Baseline() }
        let bytes = try FileAccess.readRegularFile(path, limit: 64 << 20, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ArchiveError(file: path, message: "is not UTF-8 text") }
        return try Baseline.parse(text, file: path)
    }

    /// Adds `entries` (replacing entries of the same fingerprint) and returns how many were new.
    @discardableResult
    public static func add(_ entries: [Baseline.Entry], to path: String) throws -> Int {
        var baseline = try read(path)
        let new = entries.filter { baseline.entry(for: $0.fingerprint) == nil }.count
        baseline.add(entries)
        try writeAtomically(Array(baseline.rendered().utf8), to: path)
        return new
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let target = FileAccess.realPath(path) ?? path
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.pseudoscope-baseline-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ArchiveError(file: path, message: "cannot be written: \(FileAccess.message(errno))") }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(temp) }
        }
        var st = stat()
        if stat(target, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) } else { fchmod(fd, 0o644) }
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + off, bytes.count - off) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(file: path, message: "cannot be written: \(FileAccess.message(errno))")
            }
            off += n
        }
        guard fsync(fd) == 0, rename(temp, target) == 0 else { throw ArchiveError(file: path, message: "cannot be written: \(FileAccess.message(errno))") }
        ok = true
    }
}

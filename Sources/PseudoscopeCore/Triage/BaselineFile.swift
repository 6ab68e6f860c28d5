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
        try FileAccess.writeAtomically(bytes, to: target, mode: FileAccess.status(target).map { $0.st_mode & 0o7777 } ?? 0o644, reportAs: path)
    }
}

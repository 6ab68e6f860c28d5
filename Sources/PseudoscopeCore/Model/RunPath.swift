import Foundation

/// A run's path as commands and views name it (issue 80): the archive's folder rather than its `archive.json`, its
/// short name for a header, and whether two paths name one run, as written or on disk. Every place that needs one
/// of these asks here, so that "the same run" means one thing.
public enum RunPath {
    /// `night/run` for `night/run/archive.json` (and `night/run/`); a bundle run or a file as given.
    public static func folder(_ path: String) -> String {
        var p = Substring(path)
        if p.hasSuffix("/archive.json") { p = p.dropLast("/archive.json".count) }
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }

    /// The folder from the root: how a command a colleague runs elsewhere names the run.
    public static func absoluteFolder(_ path: String) -> String { folder(FileAccess.absolute(path)) }

    /// One run named twice as written: `run` and `run/archive.json` are one, `./run` and `run` are two.
    public static func sameAsWritten(_ a: String?, _ b: String) -> Bool { a.map { folder($0) == folder(b) } ?? false }

    /// One run on disk: its folders' real paths (links and `..` resolved) are one.
    public static func sameOnDisk(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (ra, rb) = (FileAccess.realPath(folder(a)), FileAccess.realPath(folder(b)))
        return ra != nil && ra == rb
    }

    /// Short enough for a header: `settings-normal` for `…/settings-normal/archive.json`, `normal/LayoutTests.xcresult#1`
    /// for a bundle run (its folder says the mode).
    public static func short(_ path: String) -> String {
        let p = folder(path)
        let parts = p.split(separator: "/")
        return parts.suffix(p.contains(".xcresult#") ? 2 : 1).joined(separator: "/")
    }
}

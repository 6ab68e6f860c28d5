import Foundation

/// Where an archive's failure screenshot is: a file beside the archive, or a payload in a result bundle.
public enum ScreenshotSource: Equatable, Sendable {
    case file(String)
    case bundle(path: String, id: String)

    /// The bytes, bounded by the load limits.
    public func read(limits: LoadLimits) throws -> [UInt8] {
        switch self {
        case .file(let p): return try FileAccess.readRegularFile(p, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        case .bundle(let path, let id): return try XCResultBundle(path: path, limits: limits).bytes(id)
        }
    }
}

/// Attachment paths are relative to the archive's folder and may not leave it (docs/security.md): absolute
/// paths, `..` and links that resolve outside are refused, never opened.
public enum AttachmentPath {
    /// The real path of `path` inside `folder`, or why it cannot be used.
    public static func resolve(_ path: String, folder: String?) -> Result<String, AttachmentRefusal> {
        guard let folder = folder else { return .failure(.init("archive read from standard input: not checked")) }
        if path.hasPrefix("/") { return .failure(.init("refused: absolute path")) }
        if path.split(separator: "/").contains("..") { return .failure(.init("refused: leaves the archive's folder")) }
        let full = (folder as NSString).appendingPathComponent(path)
        // Links are resolved by the system, relative ones included: only what really lies in the folder counts.
        guard let base = FileAccess.realPath(folder) else { return .failure(.init("missing")) }
        guard let resolved = FileAccess.realPath(full) else {
            return .failure(.init((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil ? "missing (a dangling link)" : "missing"))
        }
        if !FileAccess.isInside(resolved, base) { return .failure(.init("refused: a link that leaves the archive's folder")) }
        switch FileAccess.kind(resolved) {
        case .directory: return .failure(.init("present, folder", isPresent: true))
        case .regular: return .success(resolved)
        case .special(let what): return .failure(.init("refused: \(what)"))
        case .missing: return .failure(.init("missing"))
        }
    }
}

/// Why an attachment path is not a readable file, in the words `info` prints.
public struct AttachmentRefusal: Error, Equatable, Sendable {
    public var reason: String
    /// Present but not a file (a folder): reported as present.
    public var isPresent: Bool

    public init(_ reason: String, isPresent: Bool = false) {
        self.reason = reason
        self.isPresent = isPresent
    }
}

extension Archive {
    /// The failure screenshot: the one a result bundle marked, else `attachments.screenshot` beside the archive.
    public var screenshotSource: Result<ScreenshotSource, AttachmentRefusal> {
        if let shot = attachments.first(where: \.isFailureScreenshot) {
            switch shot.location {
            case .bundle(let path, let id): return .success(.bundle(path: path, id: id))
            case .file(let f): return AttachmentPath.resolve(f, folder: source.folder).map(ScreenshotSource.file)
            }
        }
        guard let s = screenshot else { return .failure(AttachmentRefusal("the archive names no screenshot")) }
        return AttachmentPath.resolve(s, folder: source.folder).map(ScreenshotSource.file)
    }

    /// Seconds between the failure screenshot and the hierarchy's recording, when both times are known.
    public var screenshotTimeGap: Double? {
        guard let recorded = recordedAt.flatMap(Archive.date), let shot = attachments.first(where: \.isFailureScreenshot)?.timestamp.flatMap(Archive.date) else { return nil }
        return shot.timeIntervalSince(recorded)
    }

    static func date(_ raw: String) -> Date? {
        // Result bundles write `-0700`; ISO 8601 (and the formatter) want `-07:00`.
        var iso = raw
        if iso.count > 5, let sign = iso.dropLast(4).last, sign == "+" || sign == "-", iso.suffix(4).allSatisfy(\.isNumber) {
            iso.insert(":", at: iso.index(iso.endIndex, offsetBy: -2))
        }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: iso) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: iso)
    }
}

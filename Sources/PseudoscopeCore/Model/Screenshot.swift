import Foundation

/// Where an archive's failure screenshot is: a file beside the archive, or a payload in a result bundle.
public enum ScreenshotSource: Equatable, Sendable {
    case file(String)
    case bundle(path: String, id: String)
    /// A frame of a screen recording in a result bundle (Xcode 15+ records the screen instead of taking
    /// screenshots): the one on screen `seconds` after the recording began.
    case recording(path: String, id: String, seconds: Double)

    /// The bytes (of the picture, or of the whole recording), bounded by the load limits.
    public func read(limits: LoadLimits) throws -> [UInt8] {
        switch self {
        case .file(let p): return try FileAccess.readRegularFile(p, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        case .bundle(let path, let id), .recording(let path, let id, _): return try XCResultBundle(path: path, limits: limits).bytes(id)
        }
    }

    public var isRecording: Bool {
        if case .recording = self { return true }
        return false
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
            return .failure(.init(FileAccess.isLink(full) ? "missing (a dangling link)" : "missing"))
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

/// What an archive says about its picture of the screen, as plain data: which file or payload it is, or which
/// recording and moment. Taking it from an archive touches nothing; `resolve` is where the file system is asked
/// (an attachment beside an archive must be found and must lie inside its folder), so a screen's `update` can
/// hand a request to the effect interpreter without reading anything itself.
public struct PictureRequest: Equatable, Sendable {
    /// The screenshot a result bundle marked as the failure's.
    public var failureScreenshot: AttachmentRecord?
    /// `attachments.screenshot` of an archive: a path relative to its folder.
    public var screenshot: String?
    public var folder: String?
    /// The run's screen recordings (Xcode 15+), readable and in a bundle.
    public var recordings: [AttachmentRecord] = []
    /// A recording the run has that cannot be read (its data file missing, a link out): why there is no picture,
    /// in the words `info` lists it with.
    public var refusedRecording: AttachmentRecord?
    public var hierarchyCapturedAt: String?
    public var recordedAt: String?

    /// The picture's bytes' source, or why there is none.
    public func resolve() -> Result<ScreenshotSource, AttachmentRefusal> {
        if let shot = failureScreenshot {
            switch shot.location {
            case .bundle(let path, let id): return .success(.bundle(path: path, id: id))
            case .file(let f): return AttachmentPath.resolve(f, folder: folder).map(ScreenshotSource.file)
            }
        }
        if screenshot == nil, let moment = recordingMoment, case .bundle(let path, let id) = moment.recording.location {
            return .success(.recording(path: path, id: id, seconds: moment.seconds))
        }
        guard let s = screenshot else {
            if recordings.isEmpty, let r = refusedRecording {
                return .failure(AttachmentRefusal("the run's screen recording \(r.name) cannot be read: \(r.problem ?? "refused")"))
            }
            return .failure(AttachmentRefusal("the archive names no screenshot"))
        }
        return AttachmentPath.resolve(s, folder: folder).map(ScreenshotSource.file)
    }

    /// Whether the picture is a frame of a recording (no screenshot, a recording): known without reading anything.
    public var isRecording: Bool { failureScreenshot == nil && screenshot == nil && recordingMoment != nil }

    /// The moment a picture of the screen should show: when the hierarchy was captured, else the failure.
    public var pictureMoment: Date? {
        (hierarchyCapturedAt ?? recordedAt).flatMap(Archive.date)
    }

    /// For a run without a screenshot: the screen recording that shows the moment the hierarchy was captured
    /// (the last to start at or before it), and how far into it that moment is. Without a known moment, the
    /// recording's end (a failure ends the recording of its test).
    public var recordingMoment: (recording: AttachmentRecord, seconds: Double)? {
        guard !recordings.isEmpty else { return nil }
        guard let moment = pictureMoment else { return (recordings.last!, Archive.recordingEnd) }
        let started = recordings.compactMap { v in v.timestamp.flatMap(Archive.date).map { (v, $0) } }
        guard !started.isEmpty else { return (recordings.last!, Archive.recordingEnd) }
        let before = started.filter { $0.1 <= moment }
        if let (video, start) = before.max(by: { $0.1 < $1.1 }) { return (video, min(Archive.recordingEnd, moment.timeIntervalSince(start))) }
        return (started.min { $0.1 < $1.1 }!.0, 0)
    }

    /// How long before the first recording began the moment is, when every recording began after it (the frame
    /// then shows a later screen than the hierarchy's); nil otherwise.
    public var momentBeforeRecordings: Double? {
        guard let moment = pictureMoment else { return nil }
        let starts = recordings.compactMap { $0.timestamp.flatMap(Archive.date) }
        guard let first = starts.min(), !starts.contains(where: { $0 <= moment }) else { return nil }
        return first.timeIntervalSince(moment)
    }

    /// What a frame of the recording shows, for `info` and the picture pane: `frame at 8.5 s of the screen
    /// recording 'kXCTAttachmentScreenRecording', the screen when the hierarchy was captured (10.4 s), 0.1 s before
    /// the failure`.
    /// `stoppedBecause`: why decoding ended before the moment when a work limit ended it, said instead of calling
    /// the frame the recording's last.
    public func recordingFrameDescription(frameTime: Double, requested: Double, stoppedBecause: String? = nil) -> String {
        var line = "frame at \(NumberText.points(frameTime)) s of the screen recording"
        if let name = recordingMoment?.recording.name { line += " '\(name)'" }
        let what = hierarchyCapturedAt != nil ? "the hierarchy was captured" : "the failure"
        if let why = stoppedBecause, requested - frameTime > 0.05 {
            line +=
                ": the last frame decoded, \(NumberText.points(requested - frameTime)) s before \(what) (at \(NumberText.points(requested)) s): \(why), so it may show an earlier screen"
        } else if requested >= Archive.recordingEnd {
            line += " (its last)"
        } else if let early = momentBeforeRecordings {
            // Only what the data supports: a recording that began after the moment shows a later screen.
            line += ": the recording began \(NumberText.points(early)) s after \(what), so this is a later screen, not that moment's"
        } else if requested - frameTime > 1 {
            // The moment lies past the last frame there is (the recording ended before it, or decoding stopped).
            line +=
                ": the last frame there is, \(NumberText.points(requested - frameTime)) s before \(what) (at \(NumberText.points(requested)) s), so it may show an earlier screen"
        } else {
            let when = hierarchyCapturedAt != nil ? "when the hierarchy was captured" : "at the failure"
            line += abs(requested - frameTime) < 0.05 ? ", \(when)" : ", the screen \(when) (\(NumberText.points(requested)) s)"
        }
        if let captured = hierarchyCapturedAt.flatMap(Archive.date), let failed = recordedAt.flatMap(Archive.date) {
            let gap = failed.timeIntervalSince(captured)
            if abs(gap) >= 0.05 { line += ", \(NumberText.points(abs(gap))) s \(gap > 0 ? "before" : "after") the failure" }
        }
        return line
    }
}

extension Archive {
    /// What the archive says about its picture, without reading anything (`PictureRequest`).
    public var pictureRequest: PictureRequest {
        var r = PictureRequest()
        r.failureScreenshot = attachments.first(where: \.isFailureScreenshot)
        r.screenshot = screenshot
        r.folder = source.folder
        func isVideo(_ a: AttachmentRecord) -> Bool {
            a.kind == .video || a.kind == nil && ((a.declaredType ?? "").contains("mpeg-4") || (a.declaredType ?? "").contains("quicktime"))
        }
        r.recordings = attachments.filter { a in
            guard a.problem == nil, case .bundle = a.location else { return false }
            return isVideo(a)
        }
        r.refusedRecording = attachments.first { $0.problem != nil && isVideo($0) }
        r.hierarchyCapturedAt = hierarchyCapturedAt
        r.recordedAt = recordedAt
        return r
    }

    /// The failure screenshot: the one a result bundle marked, else `attachments.screenshot` beside the archive,
    /// else a frame of the run's screen recording. Reads the file system (`PictureRequest.resolve`).
    public var screenshotSource: Result<ScreenshotSource, AttachmentRefusal> { pictureRequest.resolve() }

    /// A time past the end of any recording: its last frame.
    public static let recordingEnd: Double = 86_400

    /// `stoppedBecause`: why decoding ended before the moment when a work limit ended it, said instead of calling
    /// the frame the recording's last.
    public func recordingFrameDescription(frameTime: Double, requested: Double, stoppedBecause: String? = nil) -> String {
        pictureRequest.recordingFrameDescription(frameTime: frameTime, requested: requested, stoppedBecause: stoppedBecause)
    }

    /// Seconds between the failure screenshot and the hierarchy's recording, when both times are known.
    public var screenshotTimeGap: Double? {
        guard let recorded = recordedAt.flatMap(Archive.date),
            let shot = attachments.first(where: \.isFailureScreenshot)?.timestamp.flatMap(Archive.date)
        else { return nil }
        return shot.timeIntervalSince(recorded)
    }

    static func date(_ raw: String) -> Date? { InternetDate.parse(raw) }
}

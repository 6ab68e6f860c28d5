import Foundation

/// What `pseudoscope import BUNDLE -o DIR` writes for one failed run: a folder named after the run, holding
/// `archive.json` and every attachment as a file whose name says what it is (docs/xcresult.md).
public struct ExportedRun: Sendable {
    /// `03-CheckoutUITests-testCheckoutLayout-de-retry-1-of-2`.
    public var folderName: String
    /// The archive to write, its attachments already pointing at the files beside it.
    public var archive: Archive
    /// Each file to write and the bundle payload its bytes come from.
    public var files: [(fileName: String, record: AttachmentRecord)]
    /// Files made from the run's attachments rather than copied: the element snapshot as readable JSON, the
    /// frame of the screen recording as a PNG.
    public var derived: [(fileName: String, file: DerivedFile)] = []
    /// Attachments that are not written, and why (their `problem`).
    public var unwritten: [AttachmentRecord] = []
}

/// A file `import -o` makes for a ticket from what the bundle holds.
public enum DerivedFile: Sendable, Equatable {
    /// `hierarchy-snapshot.json`: the element snapshot the hierarchy was read from, as readable JSON.
    case snapshotJSON(bundle: String, id: String)
    /// `failure-frame.png`: the frame of the screen recording that stands for the failure screenshot.
    case frame(ScreenshotSource)
}

public enum BundleExport {
    /// The longest name a folder or file is given: well under every file system's 255 bytes.
    static let maxNameLength = 80

    /// The plan for one run of a bundle loaded as `archive` (which `BundleRunImporter` made).
    public static func plan(_ archive: Archive) -> ExportedRun {
        let number = archive.run?.number ?? 1
        let count = archive.run?.runCount ?? 1
        var nameParts = [archive.test.replacingOccurrences(of: "()", with: "")]
        if let arg = archive.run?.argument { nameParts.append(arg) }
        if let c = archive.run?.configuration { nameParts.append(c) }
        if let r = archive.run?.repetition { nameParts.append(r) }
        let folder = numbered(number, of: count) + "-" + slug(nameParts.joined(separator: "-"), fallback: "run")

        var out = archive
        var files: [(String, AttachmentRecord)] = []
        var used = Set<String>()
        for (k, r) in archive.attachments.enumerated() {
            // The test's own archive becomes archive.json itself; a payload that cannot be read is listed, not written.
            guard r.problem == nil, !isOwnArchive(r) else { continue }
            let ext = (r.kind ?? .data).fileExtension
            let isSource: Bool = { if case .bundle(_, let id) = r.location { return id == archive.hierarchyAttachmentID } else { return false } }()
            var base =
                r.isFailureScreenshot
                ? "failure-screenshot" : isSource ? "hierarchy-source" : numbered(k + 1, of: archive.attachments.count) + "-" + describe(r)
            if used.contains(base) { base += "-\(k + 1)" }
            used.insert(base)
            let name = base + "." + ext
            files.append((name, r))
            out.attachments[k].location = .file(name)
            if r.isFailureScreenshot { out.screenshot = name }
        }
        // What cannot be written as a file is dropped from the archive's list (it was not extracted).
        out.attachments = out.attachments.filter { if case .file = $0.location { return true } else { return false } }
        if case .bundle = archive.attachments.first(where: \.isFailureScreenshot)?.location, !files.contains(where: { $0.1.isFailureScreenshot }) {
            out.screenshot = nil
        }
        // The bundle is recorded by where it really is, so the archive still names it after a move of DIR.
        if var run = out.run {
            run.bundle = FileAccess.realPath(run.bundle) ?? run.bundle
            out.run = run
        }
        out.xcresult = nil
        var run = ExportedRun(folderName: folder, archive: out, files: files)
        run.unwritten = archive.attachments.filter { $0.problem != nil }
        if let id = archive.hierarchyAttachmentID,
            let source = archive.attachments.first(where: { if case .bundle(_, let i) = $0.location { return i == id } else { return false } }),
            BundleRunImporter.isElementSnapshot(source), case .bundle(let path, _) = source.location
        {
            run.derived.append(("hierarchy-snapshot.json", .snapshotJSON(bundle: path, id: id)))
        }
        // A run that recorded the screen instead of taking screenshots: its frame becomes the archive's screenshot.
        if case .success(let picture) = archive.screenshotSource, picture.isRecording {
            run.derived.append(("failure-frame.png", .frame(picture)))
            run.archive.screenshot = "failure-frame.png"
        }
        return run
    }

    static func isOwnArchive(_ r: AttachmentRecord) -> Bool {
        r.name == BundleRunImporter.archiveAttachmentName || r.name.hasPrefix(BundleRunImporter.archiveAttachmentName + ".")
    }

    /// What an attachment is, for its file name: Xcode's automatic names (`kXCTAttachmentLegacyScreenImageData`)
    /// say nothing, so those are named by kind and the activity they were taken in.
    static func describe(_ r: AttachmentRecord) -> String {
        if r.name.hasPrefix("kXCTAttachment") || r.name.isEmpty {
            let kind: String
            if r.kind?.isImage ?? r.isImage {
                kind = "screenshot"
            } else if r.name.contains("LocalizableStrings") {
                kind = "localizable-strings"
            } else if r.kind == .video || r.name.contains("ScreenRecording") {
                kind = "screen-recording"
            } else if BundleRunImporter.isElementSnapshot(r) {
                kind = "element-snapshot"
            } else if r.name.contains("SynthesizedEvent") {
                kind = "synthesized-event"
            } else {
                kind = "attachment"
            }
            return slug(kind + "-" + (r.activity ?? ""), fallback: kind)
        }
        return slug(r.name, fallback: "attachment")
    }

    /// `07` of 35, `7` of 9: numbers that sort.
    public static func numbered(_ n: Int, of count: Int) -> String {
        let digits = max(2, String(max(count, n)).count)
        let s = String(n)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// Letters, digits, `.`, `_` and `-` only (any script's letters kept), runs of anything else as one `-`, at
    /// most `maxNameLength` characters, never `.`-leading: safe on every file system and in every shell.
    public static func slug(_ s: String, fallback: String) -> String {
        var out = ""
        var dash = false
        for ch in s {
            if ch.isLetter || ch.isNumber || ch == "_" || ch == "." {
                if dash && !out.isEmpty { out.append("-") }
                dash = false
                out.append(ch)
            } else {
                dash = true
            }
            if out.count >= maxNameLength { break }
        }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix(".") || out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? fallback : out
    }
}

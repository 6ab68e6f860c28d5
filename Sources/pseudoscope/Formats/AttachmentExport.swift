import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// `check --attachments DIR`: each failed run's picture (the failure screenshot, or the recording's frame at the
/// hierarchy's moment, as PNG) and its text wireframe with the findings, in a folder of its own under DIR, so that
/// the CI page shows them beside the failure: JUnit references them with `[[ATTACHMENT|path]]` lines (Jenkins' and
/// GitLab's readers), SARIF lists them as the results' attachments. What cannot be made is said, not guessed.
enum AttachmentExport {
    /// The files written for each run, by the run's path. Nothing is written over an existing file without
    /// `force`; DIR may not lie inside an input.
    static func export(_ night: Night, to dir: String, loader: ArchiveLoader, force: Bool) throws -> [String: [String]] {
        if FileAccess.kind(dir) == .missing, !FileAccess.makeFolders(dir) {
            throw ArchiveError(file: dir, message: "cannot be created: \(FileAccess.message(errno))")
        }
        guard FileAccess.kind(dir) == .directory else { throw ArchiveError(file: dir, message: "is not a folder (--attachments names a folder)") }
        var written: [String: [String]] = [:]
        let runs = night.outcomes.filter { $0.summary != nil && !$0.verdict.isUnreadable }
        for (k, o) in runs.enumerated() {
            guard let s = o.summary else { continue }
            let folder = (dir as NSString).appendingPathComponent(
                BundleExport.numbered(k + 1, of: runs.count) + "-" + BundleExport.slug("\(s.test)-\(s.mode.rawValue)", fallback: "run"))
            let archive: Archive
            do { archive = try loader.load(o.path) } catch { continue }
            var files: [String] = []
            func write(_ bytes: [UInt8], _ name: String) throws {
                // The run's folder, made when it gets its first file: a run with nothing to show leaves none.
                guard FileAccess.kind(folder) == .directory || FileAccess.makeFolder(folder) else {
                    throw ArchiveError(file: folder, message: "cannot be created: \(FileAccess.message(errno))")
                }
                let path = (folder as NSString).appendingPathComponent(name)
                guard force || FileAccess.kind(path) == .missing else {
                    throw ArchiveError(file: path, message: "already exists; use --force to replace it")
                }
                try FileAccess.writeAtomically(bytes, to: path, mode: 0o644, reportAs: path)
                files.append(path)
            }
            if case .success(let source) = archive.screenshotSource {
                do {
                    let picture = try Picture.load(
                        source, archive: archive, limits: loader.limits, maxPixels: try ImageDecoder.maxPixels(environment: processEnvironment))
                    try write(try picture.image.pngData(), "failure.png")
                } catch let e as ArchiveError where !e.message.contains("already exists") {
                    printError("pseudoscope: \(TerminalText.sanitize(o.path)): failure.png not written: \(TerminalText.sanitize(e.message))")
                }
            }
            if archive.hierarchyNote == nil {
                let report = RenderReport(
                    archive: archive, findings: try night.findings(of: o), glyphs: .unicode, width: 100, height: nil, listFindings: true)
                try write(Array(report.canvas().renderPlain().utf8) + [0x0A], "wireframe.txt")
            }
            if !files.isEmpty { written[o.path] = files }
        }
        return written
    }
}

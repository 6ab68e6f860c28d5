import Foundation
import Glibc
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

/// `pseudoscope import BUNDLE -o DIR`: one folder per failed run under DIR, each written whole into a hidden
/// folder beside its final place and renamed into it, so a folder is there complete or not at all. Nothing is
/// written until every run has been read and no target is in the way; nothing is ever written into the bundle.
struct BundleImport {
    let loader: ArchiveLoader
    let address: BundleAddress
    let given: String

    func run(output: String?, force: Bool) throws -> Int32 {
        let index = try loader.bundleIndex(address.bundle)
        let runs: [BundleRun]
        if let n = address.run {
            guard n >= 1, n <= index.runs.count else { _ = try loader.load(given); return ExitCode.invalidInput }
            runs = [index.runs[n - 1]]
        } else {
            runs = index.runs
        }
        guard !runs.isEmpty else {
            printError("pseudoscope: \(TerminalText.sanitize(address.bundle)): \(TerminalText.sanitize(index.noFailuresNote)); nothing written")
            return ExitCode.success
        }
        let plans = try runs.map { BundleExport.plan(try loader.load(BundleAddress.path(bundle: address.bundle, run: $0.number))) }

        guard let dir = output, dir != "-" else {
            // Without -o: what would be written, with sizes, and nothing else.
            var text = ""
            for plan in plans {
                text += TerminalText.sanitize("DIR/\(plan.folderName)/") + "\n"
                text += "  archive.json\n"
                for (name, record) in plan.files {
                    text += "  " + TerminalText.sanitize(name) + (record.size.map { "  (\(ArchiveText.byteCount($0)))" } ?? "") + "\n"
                }
                for (name, _) in plan.derived { text += "  " + TerminalText.sanitize(name) + "\n" }
            }
            text +=
                "\(plans.count) run folder\(plans.count == 1 ? "" : "s"), \(plans.reduce(0) { $0 + $1.files.count }) attachment files; give -o DIR to write them\n"
            try StandardOutput.writeText(text, ascii: !environment.localeIsUTF8)
            return ExitCode.success
        }

        try checkTarget(dir)
        let targets = plans.map { (dir as NSString).appendingPathComponent($0.folderName) }
        for target in targets where FileAccess.kind(target) != .missing {
            guard force else { throw ArchiveError(file: target, message: "already exists; use --force to replace it") }
            guard FileAccess.kind(target) == .directory, FileAccess.kind((target as NSString).appendingPathComponent("archive.json")) == .regular
            else {
                throw ArchiveError(file: target, message: "is in the way and is not an archive folder; not replaced, even with --force")
            }
        }
        if FileAccess.kind(dir) == .missing, !FileAccess.makeFolders(dir) {
            throw ArchiveError(file: dir, message: "cannot be created: \(systemMessage(errno))")
        }
        // What is not written is said, one line an attachment (a payload missing from Data/, a link out of the bundle).
        for plan in plans {
            for a in plan.unwritten {
                printError(
                    "pseudoscope: \(TerminalText.sanitize(plan.folderName)): attachment '\(TerminalText.sanitize(a.name))' not written: \(TerminalText.sanitize(a.problem ?? ""))"
                )
            }
        }
        let bundle = try XCResultBundle(path: address.bundle, limits: loader.limits)
        var written = 0
        var damaged = 0
        for (plan, target) in zip(plans, targets) {
            let (derived, files) = try write(plan, to: target, bundle: bundle, dir: dir, damaged: &damaged)
            written += 1
            let made = derived.isEmpty ? "" : " + " + derived.joined(separator: " + ")
            try StandardOutput.write(TerminalText.sanitize(target) + "/  archive.json + \(files) attachment\(files == 1 ? "" : "s")\(made)\n")
        }
        // Written, but not whole: the status says so, as check's does for what it could not read.
        return damaged == 0 ? ExitCode.success : ExitCode.invalidInput
    }

    /// `BUNDLE#N`: the run a folder holds, as every command names it.
    func runAddress(_ plan: ExportedRun) -> String {
        BundleAddress.path(bundle: address.bundle, run: plan.archive.run?.number ?? 1)
    }

    /// DIR may not be the bundle or lie inside it: the bundle is evidence, read-only.
    func checkTarget(_ dir: String) throws {
        var probe = dir
        while FileAccess.kind(probe) == .missing {
            let parent = (probe as NSString).deletingLastPathComponent
            if parent.isEmpty || parent == probe { probe = "."; break }
            probe = parent
        }
        if let real = FileAccess.realPath(probe), let bundle = FileAccess.realPath(address.bundle), FileAccess.isInside(real, bundle) {
            throw ArchiveError(file: dir, message: "is inside the bundle being read; nothing is ever written into a bundle")
        }
        if FileAccess.kind(dir) != .missing && FileAccess.kind(dir) != .directory {
            throw ArchiveError(file: dir, message: "is not a folder (a bundle imports to a folder of run folders)")
        }
    }

    /// One run's folder: built hidden beside its place, then renamed into it (replacing the old one with --force).
    /// Writes one run's folder; returns the files made from the bundle that were written (`plan.derived`'s names).
    @discardableResult
    func write(_ plan: ExportedRun, to target: String, bundle: XCResultBundle, dir: String, damaged: inout Int) throws -> (
        derived: [String], files: Int
    ) {
        let temp = (dir as NSString).appendingPathComponent(".pseudoscope-import-\(getpid())-\(plan.folderName.prefix(40))")
        FileAccess.remove(temp)
        guard FileAccess.makeFolder(temp) else { throw ArchiveError(file: dir, message: "cannot be written to: \(systemMessage(errno))") }
        var done = false
        defer { if !done { FileAccess.remove(temp) } }
        var archive = plan.archive
        var files = 0
        for (name, record) in plan.files {
            guard case .bundle(_, let id) = record.location else { continue }
            let bytes: [UInt8]
            do {
                bytes = try bundle.bytes(id)
            } catch let e as ArchiveError {
                // A damaged payload (cut zstd data) costs its file, not the run: said with the run and the
                // attachment it is, and the archive does not list what is not there.
                printError(
                    "pseudoscope: \(TerminalText.sanitize(plan.folderName)) (\(TerminalText.sanitize(runAddress(plan)))): attachment '\(TerminalText.sanitize(record.name))' not written: \(TerminalText.sanitize(e.description))"
                )
                damaged += 1
                archive.attachments.removeAll { if case .file(let f) = $0.location { return f == name } else { return false } }
                if archive.screenshot == name { archive.screenshot = nil }
                continue
            }
            try writeNew(bytes, (temp as NSString).appendingPathComponent(name))
            files += 1
        }
        var derived: [String] = []
        for (name, file) in plan.derived {
            let bytes: [UInt8]
            do {
                bytes = try derivedBytes(file)
            } catch let e as ArchiveError where name == "failure-frame.png" {
                // A recording that cannot be decoded (cut short, no video stream, another codec) costs its frame,
                // not the run: the run is written with its hierarchy and the recording as it is, and this is said.
                printError(
                    "pseudoscope: \(TerminalText.sanitize(plan.folderName)): failure-frame.png not written: \(TerminalText.sanitize(e.description)); the run is written with its hierarchy"
                        + (archive.attachments.contains { $0.kind == .video } ? " and the recording as it is" : "")
                )
                archive.screenshot = nil
                continue
            }
            try writeNew(bytes, (temp as NSString).appendingPathComponent(name))
            derived.append(name)
        }
        let json = ArchiveEncoder.encode(archive) + "\n"
        try writeNew(Array(json.utf8), (temp as NSString).appendingPathComponent("archive.json"))
        if FileAccess.kind(target) != .missing {
            let old = temp + "-old"
            guard FileAccess.rename(target, old) else { throw ArchiveError(file: target, message: "cannot be replaced: \(systemMessage(errno))") }
            guard FileAccess.rename(temp, target) else {
                let code = errno
                _ = FileAccess.rename(old, target)
                throw ArchiveError(file: target, message: "cannot be replaced: \(systemMessage(code))")
            }
            FileAccess.remove(old)
        } else {
            guard FileAccess.rename(temp, target) else { throw ArchiveError(file: target, message: "cannot be written: \(systemMessage(errno))") }
        }
        done = true
        return (derived, files)
    }

    /// The bytes of a file made from the bundle: the snapshot as JSON, the recording's frame as PNG.
    func derivedBytes(_ file: DerivedFile) throws -> [UInt8] {
        switch file {
        case .snapshotJSON(let path, let id):
            let bytes = try XCResultBundle(path: path, limits: loader.limits).bytes(id)
            return try ElementSnapshot.read(bytes, file: "\(path) element snapshot", limits: loader.limits).json()
        case .frame(let source):
            let picture = try Picture.load(
                source, archive: nil, limits: loader.limits, maxPixels: try ImageDecoder.maxPixels(environment: processEnvironment))
            return try picture.image.pngData()
        }
    }

    /// A new file (never through a link, never over one), flushed to disk.
    func writeNew(_ bytes: [UInt8], _ path: String) throws {
        let fd = FileAccess.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw ReportFile.failure(path, errno) }
        defer { close(fd) }
        try ReportFile.writeAll(bytes, fd: fd, path: path)
        if fsync(fd) != 0 { throw ReportFile.failure(path, errno) }
    }
}

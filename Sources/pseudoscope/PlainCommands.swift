import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

/// The options of a command that prints one archive (`tree`, `info`; `render` adds its own).
struct ArchiveOptions {
    var archive: String
    var output: OutputSettings
    var engine: EngineSettings

    init(_ p: ParsedArguments) throws {
        guard p.operands.count == 1 else { throw UsageError(message: "\(p.command): expected one ARCHIVE, got \(p.operands.count)") }
        archive = p.operands[0]
        output = OutputSettings(p)
        engine = EngineSettings(p)
    }
}

/// The one archive a printing command reads, with its findings and the output choices every printing command takes.
struct SingleArchive {
    /// The run as the engine judged it: the same findings (pair rule, known, new) as check and the inspector.
    let verdict: RunVerdict
    let color: Bool
    let glyphs: Glyphs

    var archive: Archive { verdict.archive }
    var findings: [Finding] { verdict.findings }

    /// `namesFindings: false` for a command that shows no finding's path, fingerprint or hints (a plain `render`).
    init(_ o: ArchiveOptions, environment: TerminalEnvironment, namesFindings: Bool = true) throws {
        verdict = try o.engine.engine().judge(o.archive, named: namesFindings).get()
        color = environment.useColor(o.output.color)
        glyphs = environment.glyphs(forceASCII: o.output.ascii)
    }
}

/// `render`'s options as given.
struct RenderOptions {
    var one: ArchiveOptions
    var width, height: Int?
    var findings, mirror, screenshot: Bool
    var select: String?
    var graphics: String

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.render)
        width = try p.int("--width", range: 20...1000)
        height = try p.int("--height", range: 8...1000)
        findings = p.flag("--findings")
        mirror = p.flag("--mirror")
        screenshot = p.flag("--screenshot")
        select = p.value("--select")
        graphics = p.value("--graphics") ?? "auto"
        one = try ArchiveOptions(p)
    }
}

/// `pseudoscope render ARCHIVE`: the wireframe as text.
struct RenderCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let o = try RenderOptions(args)
        let width = o.width ?? terminalColumns().map { max(20, $0) } ?? 80
        let height = o.height
        // The wireframe draws each element's severity; only the list (`--findings`) shows paths and hints.
        let one = try SingleArchive(o.one, environment: environment, namesFindings: o.findings)
        var report = RenderReport(
            archive: one.archive, findings: one.findings, glyphs: one.glyphs,
            width: width, height: height, listFindings: o.findings)
        report.pairing = one.verdict.pairing
        // The list says why the test failed too, as the plain open does: they are one rendering.
        report.sayFailure = o.findings
        report.answer = one.verdict.verdict.answer
        report.mirror = o.mirror && !one.archive.mode.isRightToLeft
        report.selected = try selection(o.select, one.archive)
        if o.screenshot {
            let graphics = o.graphics
            if one.glyphs.isASCII || graphics == "none" {
                // No picture: say why, under the header, instead of drawing nothing.
                let why =
                    graphics == "none"
                    ? "--graphics none"
                    : "screenshots are drawn with Unicode block symbols, and the output is ASCII (--ascii or a locale that is not UTF-8)"
                try StandardOutput.writeText(
                    ArchiveText.styledText([(ArchiveText.header(one.archive), .header), ("No screenshot drawn: \(why).", .dim)], color: one.color),
                    ascii: one.glyphs.isASCII)
                return ExitCode.success
            }
            let source = try one.archive.screenshotSource.mapError {
                ArchiveError(file: one.archive.source.path, message: "no screenshot: \($0.reason)")
            }.get()
            try ImageCells.requireLibrary(file: one.archive.screenshot ?? "the screenshot")
            let picture = try Picture.load(
                source, archive: one.archive, limits: try loader(o.one.engine.dump).limits,
                maxPixels: try ImageDecoder.maxPixels(environment: processEnvironment),
                file: one.archive.screenshot ?? "the screenshot")
            let image = picture.image
            if source.isRecording { report.pictureDescription = picture.description }
            if let proto = GraphicsProtocol(rawValue: graphics) {
                // The picture itself, for a terminal the user says takes it.
                let view = ScreenshotView(image: image, archive: one.archive, glyphs: one.glyphs, depth: .truecolor)
                let (cols, rows) = view.size(width: width, height: height ?? 60)
                try StandardOutput.writeText(
                    ArchiveText.styledText([(ArchiveText.header(one.archive), .normal)], color: false), ascii: one.glyphs.isASCII)
                try StandardOutput.write(
                    proto.encode(image, crop: view.crop, columns: cols, rows: rows, cellWidth: 10, cellHeight: 20) + Array("\n".utf8))
                return ExitCode.success
            }
            report.screenshot = image
            report.imageDepth = environment.imageDepth(useColor: one.color, interactive: false)
        }
        let canvas = report.canvas()
        try StandardOutput.writeCanvas(canvas, color: one.color)
        return ExitCode.success
    }
}

/// `pseudoscope tree ARCHIVE`: the hierarchy, one element a line.
struct TreeCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let one = try SingleArchive(try ArchiveOptions(ParsedArguments(args, spec: Commands.tree)), environment: environment)
        let lines =
            [(ArchiveText.header(one.archive), StyleRole.header)] + ArchiveText.treeLines(one.archive, findings: one.findings, glyphs: one.glyphs)
        try StandardOutput.writeText(ArchiveText.styledText(lines, color: one.color), ascii: one.glyphs.isASCII)
        return ExitCode.success
    }
}

/// `pseudoscope info ARCHIVE`: what the gate archived.
struct InfoCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let one = try SingleArchive(try ArchiveOptions(ParsedArguments(args, spec: Commands.info)), environment: environment)
        var lines = ArchiveText.infoLines(one.archive, verdict: one.verdict.verdict, strings: one.verdict.strings) {
            AttachmentCheck.status($0, folder: one.archive.source.folder)
        }
        lines.append(TerminalText.sanitize("  picture     " + screenshotStatus(one.archive)))
        let blocking = one.verdict.counts.blockingNow > 0
        let roles = lines.map { line -> (String, StyleRole) in
            if line.hasPrefix("Failure ") { return (line, .failing) }
            if line.hasPrefix("Findings ") && blocking { return (line, .blocking) }
            return (line, .normal)
        }
        try StandardOutput.writeText(ArchiveText.styledText(roles, color: one.color), ascii: one.glyphs.isASCII)
        return ExitCode.success
    }
}

/// `--select ID|PATH`: the element it names, or a one-line error naming the archive.
func selection(_ query: String?, _ archive: Archive) throws -> Int? {
    guard let query else { return nil }
    guard let i = Handover.select(query, in: archive, namer: PathNamer(archive.hierarchy)) else {
        throw ArchiveError(
            file: archive.source.path,
            message:
                "no element '\(query)': give an identifier, or a path as `pseudoscope tree` and the status line write it (Application/Window/Button[1])"
        )
    }
    return i
}

/// Whether the failure screenshot decodes, in a line for `info`: its type and size, or why not.
func screenshotStatus(_ a: Archive) -> String {
    switch a.screenshotSource {
    case .failure(let why): return "no screenshot to show (\(why.reason))"
    case .success(let source):
        do {
            let limits = try LoadLimits.from(environment: processEnvironment)
            try ImageCells.requireLibrary(file: a.screenshot ?? "the screenshot")
            let picture = try Picture.load(source, archive: a, limits: limits, maxPixels: try ImageDecoder.maxPixels(environment: processEnvironment))
            let image = picture.image
            let what = source.isRecording ? picture.description : "the failure screenshot: \(picture.description)"
            var line = "\(what), \(image.width)×\(image.height) pixels (render --screenshot, or s in the inspector)"
            if !source.isRecording, let gap = a.screenshotTimeGap, abs(gap) > 2 {
                line += "; taken \(NumberText.points(abs(gap).rounded())) s \(gap > 0 ? "after" : "before") the failure: it may not match"
            }
            return line
        } catch let e as ArchiveError {
            return "the \(source.isRecording ? "screen recording" : "failure screenshot") cannot be shown: \(e.message)"
        } catch {
            return "the \(source.isRecording ? "screen recording" : "failure screenshot") cannot be shown: \(error)"
        }
    }
}

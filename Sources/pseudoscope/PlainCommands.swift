import Foundation
import PseudoscopeCore
import PseudoscopeRender

/// The one archive a printing command reads, with its findings and the output choices every printing command takes.
struct SingleArchive {
    let archive: Archive
    let findings: [Finding]
    let color: Bool
    let glyphs: Glyphs

    init(_ p: ParsedArguments, environment: TerminalEnvironment) throws {
        guard p.operands.count == 1 else { throw UsageError(message: "\(p.command): expected one ARCHIVE, got \(p.operands.count)") }
        archive = try loader(p.dumpOptions).load(p.operands[0])
        findings = LayoutChecker(archive).findings()
        color = environment.useColor(p.choice("--color", ColorChoice.self) ?? .auto)
        glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
    }
}

/// `pseudoscope render ARCHIVE`: the wireframe as text.
struct RenderCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.render)
        let width = try p.int("--width", range: 20...1000) ?? terminalColumns().map { max(20, $0) } ?? 80
        let height = try p.int("--height", range: 8...1000)
        let one = try SingleArchive(p, environment: environment)
        var report = RenderReport(archive: one.archive, findings: one.findings, glyphs: one.glyphs,
                                  width: width, height: height, listFindings: p.flags.contains("--findings"))
        report.mirror = p.flags.contains("--mirror") && !one.archive.mode.isRightToLeft
        report.selected = try selection(p, one.archive)
        try StandardOutput.write(output(report.canvas(), color: one.color))
        return ExitCode.success
    }
}

/// `pseudoscope tree ARCHIVE`: the hierarchy, one element a line.
struct TreeCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let one = try SingleArchive(try ParsedArguments(args, spec: Commands.tree), environment: environment)
        let lines = [(ArchiveText.header(one.archive), StyleRole.header)] + ArchiveText.treeLines(one.archive, findings: one.findings, glyphs: one.glyphs)
        try StandardOutput.write(ArchiveText.styledText(lines, color: one.color, ascii: one.glyphs.isASCII))
        return ExitCode.success
    }
}

/// `pseudoscope info ARCHIVE`: what the gate archived.
struct InfoCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let one = try SingleArchive(try ParsedArguments(args, spec: Commands.info), environment: environment)
        let lines = ArchiveText.infoLines(one.archive, findings: one.findings) { AttachmentCheck.status($0, folder: one.archive.source.folder) }
        let blocking = one.findings.contains { $0.severity == .blocking }
        let roles = lines.map { line -> (String, StyleRole) in
            if line.hasPrefix("Failure ") { return (line, .failing) }
            if line.hasPrefix("Findings ") && blocking { return (line, .blocking) }
            return (line, .normal)
        }
        try StandardOutput.write(ArchiveText.styledText(roles, color: one.color, ascii: one.glyphs.isASCII))
        return ExitCode.success
    }
}

/// `--select ID|PATH`: the element it names, or a one-line error naming the archive.
func selection(_ p: ParsedArguments, _ archive: Archive) throws -> Int? {
    guard let query = p.value("--select") else { return nil }
    guard let i = Handover.select(query, in: archive, namer: PathNamer(archive.hierarchy)) else {
        throw ArchiveError(file: archive.source.path, message: "no element '\(query)': give an identifier, or a path as `pseudoscope tree` and the status line write it (Application/Window/Button[1])")
    }
    return i
}

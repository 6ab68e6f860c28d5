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
        try StandardOutput.write(ArchiveText.styledText(lines, color: one.color))
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
        try StandardOutput.write(ArchiveText.styledText(roles, color: one.color))
        return ExitCode.success
    }
}

import Foundation
import PseudoscopeCore
import PseudoscopeRender

/// `pseudoscope render ARCHIVE`: the wireframe as text.
struct RenderCommand {
    let environment: TerminalEnvironment
    static let flags: Set<String> = ["--ascii", "--findings", "--mirror"]
    static let options: Set<String> = Set(["--width", "--height", "--color"]).union(dumpOptionNames)

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: Self.flags, options: Self.options, command: "render")
        guard p.operands.count == 1 else { throw UsageError(message: "render: expected one ARCHIVE, got \(p.operands.count)") }
        let width = try p.int("--width", range: 20...1000, command: "render") ?? terminalColumns().map { max(20, $0) } ?? 80
        let height = try p.int("--height", range: 8...1000, command: "render")
        let color = environment.useColor(try p.choice("--color", ColorChoice.self, command: "render") ?? .auto)
        let archive = try loader(try dumpOptions(p, command: "render")).load(p.operands[0])
        let findings = LayoutChecker(archive).findings()
        var report = RenderReport(archive: archive, findings: findings, glyphs: environment.glyphs(forceASCII: p.flags.contains("--ascii")),
                                  width: width, height: height, listFindings: p.flags.contains("--findings"))
        report.mirror = p.flags.contains("--mirror") && !archive.mode.isRightToLeft
        write(output(report.canvas(), color: color))
        return ExitCode.success
    }
}

/// `pseudoscope tree ARCHIVE`: the hierarchy, one element a line.
struct TreeCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: ["--ascii"], options: dumpOptionNames, command: "tree")
        guard p.operands.count == 1 else { throw UsageError(message: "tree: expected one ARCHIVE, got \(p.operands.count)") }
        let archive = try loader(try dumpOptions(p, command: "tree")).load(p.operands[0])
        let findings = LayoutChecker(archive).findings()
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        var text = ArchiveText.header(archive) + "\n"
        for line in ArchiveText.treeLines(archive, findings: findings, glyphs: glyphs) { text += line + "\n" }
        write(text)
        return ExitCode.success
    }
}

/// `pseudoscope info ARCHIVE`: what the gate archived.
struct InfoCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: [], options: dumpOptionNames, command: "info")
        guard p.operands.count == 1 else { throw UsageError(message: "info: expected one ARCHIVE, got \(p.operands.count)") }
        let archive = try loader(try dumpOptions(p, command: "info")).load(p.operands[0])
        let findings = LayoutChecker(archive).findings()
        let lines = ArchiveText.infoLines(archive, findings: findings) { AttachmentCheck.status($0, folder: archive.source.folder) }
        write(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }
}

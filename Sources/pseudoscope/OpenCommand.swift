import Foundation
import PseudoscopeCore
import PseudoscopeRender
import PseudoscopeTerminal

/// `pseudoscope ARCHIVE`: the inspector on a terminal, the findings rendering otherwise.
struct OpenCommand {
    let environment: TerminalEnvironment
    static let flags: Set<String> = ["--ascii"]
    static let options: Set<String> = Set(["--color"]).union(dumpOptionNames)

    static func acceptsOption(_ arg: String) -> Bool {
        let name = arg.split(separator: "=").first.map(String.init) ?? arg
        return flags.contains(name) || options.contains(name)
    }

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: Self.flags, options: Self.options, command: "open")
        guard p.operands.count == 1 else { throw UsageError(message: "expected one ARCHIVE, got \(p.operands.count)") }
        let colorChoice = try p.choice("--color", ColorChoice.self, command: "open") ?? .auto
        let archive = try loader(try dumpOptions(p, command: "open")).load(p.operands[0])
        let findings = LayoutChecker(archive).findings()
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        if environment.canBeInteractive {
            let state = InspectorState(archive: archive, findings: findings, width: 80, height: 24, glyphs: glyphs)
            do {
                return try InteractiveSession.run(state, useColor: environment.useColor(colorChoice))
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain rendering instead")
            }
        }
        let report = RenderReport(archive: archive, findings: findings, glyphs: glyphs, width: terminalColumns() ?? 80, height: nil, listFindings: true)
        write(output(report.canvas(), color: environment.useColor(colorChoice)))
        return ExitCode.success
    }
}

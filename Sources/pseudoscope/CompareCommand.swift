import Foundation
import PseudoscopeCore
import PseudoscopeRender
import PseudoscopeTerminal

/// `pseudoscope compare A B`: two runs side by side. Exits like diff: 0 same, 1 different, 2 trouble.
struct CompareCommand {
    let environment: TerminalEnvironment
    static let flags: Set<String> = ["--json", "--ascii"]
    static let options: Set<String> = Set(["--width", "--height", "--color"]).union(dumpOptionNames)

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: Self.flags, options: Self.options, command: "compare")
        guard p.operands.count == 2 else { throw UsageError(message: "compare: expected two archives A B, got \(p.operands.count)") }
        let width = try p.int("--width", range: 40...2000, command: "compare") ?? terminalColumns().map { max(40, $0) } ?? 160
        let height = try p.int("--height", range: 12...1000, command: "compare")
        let colorChoice = try p.choice("--color", ColorChoice.self, command: "compare") ?? .auto
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        let load = loader(try dumpOptions(p, command: "compare"))
        let comparison = RunComparison(try load.load(p.operands[0]), try load.load(p.operands[1]))
        let status = comparison.differences.isEmpty ? ExitCode.success : ExitCode.blocking
        if p.flags.contains("--json") {
            write(ComparisonJSON.render(comparison) + "\n")
            return status
        }
        if environment.canBeInteractive {
            var state = ComparisonState(comparison: comparison, width: 80, height: 24, glyphs: glyphs)
            state.standalone = true
            do {
                _ = try InteractiveSession.runComparison(state, useColor: environment.useColor(colorChoice))
                return status
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain comparison instead")
            }
        }
        let report = ComparisonReport(comparison: comparison, glyphs: glyphs, width: width, height: height)
        write(output(report.canvas(), color: environment.useColor(colorChoice)))
        return status
    }
}

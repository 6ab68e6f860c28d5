import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens
import PseudoscopeTerminal

/// `pseudoscope compare A B`: two runs side by side. Exits like diff: 0 same, 1 different, 2 trouble.
/// `compare`'s options as given.
struct CompareOptions {
    var a, b: String
    var json: Bool
    var width, height: Int?
    var output: OutputSettings
    var engine: EngineSettings

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.compare)
        guard p.operands.count == 2 else { throw UsageError(message: "compare: expected two archives A B, got \(p.operands.count)") }
        (a, b) = (p.operands[0], p.operands[1])
        width = try p.int("--width", range: 40...2000)
        height = try p.int("--height", range: 12...1000)
        json = p.flag("--json")
        output = OutputSettings(p)
        engine = EngineSettings(p)
    }
}

struct CompareCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let o = try CompareOptions(args)
        let width = o.width ?? terminalColumns().map { max(40, $0) } ?? 160
        let height = o.height
        let colorChoice = o.output.color
        let glyphs = environment.glyphs(forceASCII: o.output.ascii)
        let engine = try o.engine.engine()
        let comparison = try engine.compare(o.a, o.b)
        if comparison.a.screen != comparison.b.screen {
            printError(
                "pseudoscope: note: A is screen \(TerminalText.sanitize(comparison.a.screen)) and B is screen \(TerminalText.sanitize(comparison.b.screen)): the runs of different screens differ everywhere"
            )
        }
        let status = comparison.differences.isEmpty ? ExitCode.success : ExitCode.blocking
        if o.json {
            try StandardOutput.write(ComparisonJSON.render(comparison) + "\n")
            return status
        }
        if environment.canBeInteractive {
            let state = ComparisonState(comparison: comparison, width: 80, height: 24, glyphs: glyphs)
            do {
                _ = try InteractiveSession.run(
                    AppState(.comparison(state), notes: comparison.notCompared.map { "not compared: \($0)" }), engine: engine,
                    options: environment.sessionOptions(useColor: environment.useColor(colorChoice)))
                return status
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain comparison instead")
            }
        }
        let report = ComparisonReport(comparison: comparison, glyphs: glyphs, width: width, height: height)
        try StandardOutput.writeCanvas(report.canvas(), color: environment.useColor(colorChoice))
        return status
    }
}

import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens
import PseudoscopeTerminal

/// `pseudoscope ARCHIVE`: the inspector on a terminal, the findings rendering otherwise; several archives or a
/// folder: the archive list.
/// `open`'s options as given.
struct OpenOptions {
    var inputs: [String]
    var select: String?
    var graphics: String?
    var output: OutputSettings
    var engine: EngineSettings

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.open)
        inputs = p.operands
        guard !inputs.isEmpty else { throw UsageError(message: "expected an ARCHIVE or a FOLDER") }
        select = p.value("--select")
        graphics = p.value("--graphics")
        output = OutputSettings(p)
        engine = EngineSettings(p)
    }
}

struct OpenCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let o = try OpenOptions(args)
        let colorChoice = o.output.color
        let discovery = ArchiveDiscovery.expand(o.inputs, limits: try loader(o.engine.dump).limits)
        if discovery.paths.count != 1 || o.inputs.count > 1 || discovery.paths.first != o.inputs.first {
            return try runSet(discovery, o)
        }
        let discoveryNotes = (discovery.notes + discovery.unchecked).map { TerminalText.sanitize($0.description) }
        // An rtl run opened on its own is paired with the LTR run of its screen found beside it (Engine.judge).
        let engine = try o.engine.engine()
        let verdict = try engine.judge(o.inputs[0]).get()
        let glyphs = environment.glyphs(forceASCII: o.output.ascii)
        let selected = try selection(o.select, verdict.archive)
        if environment.canBeInteractive {
            let settings = try inspectorSettings(o, engine: engine)
            let state = InspectorState(verdict: verdict, width: 80, height: 24, glyphs: glyphs, select: selected, settings: settings)
            // On the screen while the session is on (`!`): what discovery noticed, what the bundle records, how
            // the pair rule met the run.
            let notes =
                discoveryNotes + (verdict.archive.run?.bundleNotes ?? []).map(TerminalText.sanitize)
                + [verdict.pairing.note].compactMap { $0 }.map(TerminalText.sanitize)
            do {
                let status = try InteractiveSession.run(
                    AppState(.inspector(state), settings: settings, notes: notes), engine: engine,
                    options: environment.sessionOptions(useColor: environment.useColor(colorChoice), graphics: o.graphics))
                for note in discoveryNotes { printError("pseudoscope: \(note)") }
                return status
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain rendering instead")
            }
        }
        for note in discoveryNotes { printError("pseudoscope: \(note)") }
        var report = RenderReport(
            archive: verdict.archive, findings: verdict.findings, glyphs: glyphs, width: terminalColumns() ?? 80, height: nil, listFindings: true)
        report.pairing = verdict.pairing
        report.sayFailure = true
        report.answer = verdict.verdict.answer
        report.selected = selected
        try StandardOutput.writeCanvas(report.canvas(), color: environment.useColor(colorChoice))
        return ExitCode.success
    }

    func inspectorSettings(_ o: OpenOptions, engine: Engine) throws -> InspectorSettings {
        InspectorSettings(
            baselinePath: o.engine.baseline,
            imageDepth: environment.imageDepth(useColor: environment.useColor(o.output.color), interactive: true),
            today: try engine.triage?.today ?? CalendarDay.today(environment: processEnvironment))
    }

    /// Several archives, or a folder of them: the archive list.
    func runSet(_ discovery: ArchiveDiscovery.Result, _ o: OpenOptions) throws -> Int32 {
        if o.select != nil { throw UsageError(message: "--select names an element of one archive; it does not apply to a list") }
        let colorChoice = o.output.color
        var engine = try o.engine.engine(mixedInputs: true)
        engine.namesSummaryFindings = false  // the list shows counts; an archive opened from it is checked in full
        let glyphs = environment.glyphs(forceASCII: o.output.ascii)
        // What discovery noticed is said on the screen (`!`) in the session, and on standard error otherwise.
        let discoveryNotes = (discovery.notes + discovery.unchecked + discovery.problems).map { TerminalText.sanitize($0.description) }
        func sayNotes() { for note in discoveryNotes { printError("pseudoscope: \(note)") } }
        guard !discovery.paths.isEmpty else {
            sayNotes()
            return discovery.problems.isEmpty ? ExitCode.success : ExitCode.invalidInput
        }
        if environment.canBeInteractive {
            let list = RunSetState(
                paths: discovery.paths, notChecked: discovery.unchecked, tests: discovery.totalTests, width: 80, height: 24, glyphs: glyphs)
            do {
                let app = AppState(.runSet(list), settings: try inspectorSettings(o, engine: engine), notes: discoveryNotes)
                let status = try InteractiveSession.run(
                    app, engine: engine,
                    options: environment.sessionOptions(useColor: environment.useColor(colorChoice), graphics: o.graphics))
                sayNotes()  // said on the screen, and again once it is given back
                return status
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain list instead")
            }
        }
        // Plain: everything checked and paired once, then the whole list.
        sayNotes()
        let results = engine.judgeAll(discovery.paths)
        var state = RunSetState(
            paths: discovery.paths, notChecked: discovery.unchecked, tests: discovery.totalTests, width: 80, height: 24, glyphs: glyphs)
        _ = state.update(
            .received(
                zip(discovery.paths, results).enumerated().map { k, item in
                    LoadedEntry(index: k, entry: RunSetEntry(path: item.0, result: item.1))
                }))
        // `judgeAll` paired the rtl runs already: the counts are final, nothing more to wait for.
        _ = state.update(.paired([:]))
        let lines = RunSetReport.lines(state, width: terminalColumns(), glyphs: glyphs)
        try StandardOutput.writeText(ArchiveText.styledText(lines, color: environment.useColor(colorChoice)), ascii: glyphs.isASCII)
        let failed = results.filter { if case .failure = $0 { return true } else { return false } }
        for case .failure(let e) in results { printError("pseudoscope: \(TerminalText.sanitize(e.description))") }
        return failed.isEmpty && discovery.problems.isEmpty ? ExitCode.success : ExitCode.invalidInput
    }
}

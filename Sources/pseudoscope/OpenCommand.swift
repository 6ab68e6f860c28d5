import Foundation
import PseudoscopeCore
import PseudoscopeRender
import PseudoscopeTerminal

/// `pseudoscope ARCHIVE`: the inspector on a terminal, the findings rendering otherwise; several archives or a
/// folder: the archive list.
struct OpenCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.open)
        guard !p.operands.isEmpty else { throw UsageError(message: "expected an ARCHIVE or a FOLDER") }
        let colorChoice = p.choice("--color", ColorChoice.self) ?? .auto
        let discovery = ArchiveDiscovery.expand(p.operands, limits: try loader(p.dumpOptions).limits)
        for note in discovery.notes + discovery.unchecked { printError("pseudoscope: \(TerminalText.sanitize(note.description))") }
        if discovery.paths.count != 1 || p.operands.count > 1 || discovery.paths.first != p.operands.first {
            return try runSet(discovery, p, colorChoice: colorChoice)
        }
        // An rtl run opened on its own is paired with the LTR run of its screen found beside it.
        let work = try triagedWork(p, options: p.dumpOptions)
        let opened = try work.openAlone(p.operands[0]).get()
        let (archive, findings) = (opened.archive, opened.findings)
        let pairing: Pairing = !opened.searchedForPartner ? .notApplicable : opened.pairedWith.map { .pairedWith($0) } ?? .noPartner
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        let selected = try selection(p, archive)
        if environment.canBeInteractive {
            let settings = InspectorSettings(baselinePath: p.value("--baseline"),
                                             imageDepth: environment.imageDepth(useColor: environment.useColor(colorChoice), interactive: true),
                                             today: try work.triage?.today ?? CalendarDay.today(environment: processEnvironment))
            let state = InspectorState(archive: archive, findings: findings, width: 80, height: 24, glyphs: glyphs, pairing: pairing, select: selected,
                                       settings: settings, strings: opened.strings)
            do {
                return try InteractiveSession.run(AppState(.inspector(state), settings: settings), work: nil,
                                                  options: environment.sessionOptions(useColor: environment.useColor(colorChoice), graphics: p.value("--graphics")))
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain rendering instead")
            }
        }
        var report = RenderReport(archive: archive, findings: findings, glyphs: glyphs, width: terminalColumns() ?? 80, height: nil, listFindings: true)
        report.pairing = pairing
        report.selected = selected
        try StandardOutput.writeCanvas(report.canvas(), color: environment.useColor(colorChoice))
        return ExitCode.success
    }

    /// The work of opening, with `--baseline` and `--since` applied to every finding.
    func triagedWork(_ p: ParsedArguments, options: DumpOptions) throws -> RunSetWork {
        let load = try loader(options)
        let context = try StringsOption.context(p)
        let triage = try CheckTriage.read(p, work: RunSetWork(loader: load, context: context))
        return RunSetWork(loader: load, triage: triage.isEmpty ? nil : triage, context: context)
    }

    /// Several archives, or a folder of them: the archive list.
    func runSetRefusingSelect(_ p: ParsedArguments) throws {
        if p.value("--select") != nil { throw UsageError(message: "--select names an element of one archive; it does not apply to a list") }
    }

    func runSet(_ discovery: ArchiveDiscovery.Result, _ p: ParsedArguments, colorChoice: ColorChoice) throws -> Int32 {
        try runSetRefusingSelect(p)
        var options = p.dumpOptions
        options.refuseConflictingArchives = false
        var work = try triagedWork(p, options: options)
        work.namesSummaryFindings = false  // the list shows counts; an archive opened from it is checked in full
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        for problem in discovery.problems { printError("pseudoscope: \(TerminalText.sanitize(problem.description))") }
        guard !discovery.paths.isEmpty else { return discovery.problems.isEmpty ? ExitCode.success : ExitCode.invalidInput }
        if environment.canBeInteractive {
            let list = RunSetState(paths: discovery.paths, width: 80, height: 24, glyphs: glyphs)
            do {
                let app = AppState(.runSet(list), settings: InspectorSettings(
                    baselinePath: p.value("--baseline"), imageDepth: environment.imageDepth(useColor: environment.useColor(colorChoice), interactive: true),
                    today: try work.triage?.today ?? CalendarDay.today(environment: processEnvironment)))
                return try InteractiveSession.run(app, work: work,
                                                  options: environment.sessionOptions(useColor: environment.useColor(colorChoice), graphics: p.value("--graphics")))
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain list instead")
            }
        }
        // Plain: everything checked and paired once, then the whole list.
        let results = work.checkAll(discovery.paths)
        keepUntilExit(results)
        var state = RunSetState(paths: discovery.paths, width: 80, height: 24, glyphs: glyphs)
        _ = state.update(.received(zip(discovery.paths, results).enumerated().map { k, item in
            LoadedEntry(index: k, entry: RunSetEntry(path: item.0, result: item.1))
        }))
        let lines = RunSetReport.lines(state, width: terminalColumns(), glyphs: glyphs)
        try StandardOutput.writeText(ArchiveText.styledText(lines, color: environment.useColor(colorChoice)), ascii: glyphs.isASCII)
        let failed = results.filter { if case .failure = $0 { return true } else { return false } }
        for case .failure(let e) in results { printError("pseudoscope: \(TerminalText.sanitize(e.description))") }
        return failed.isEmpty && discovery.problems.isEmpty ? ExitCode.success : ExitCode.invalidInput
    }
}

import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope check ARCHIVE|FOLDER...`: the gate's faults for CI, as text, JSON, JUnit or Markdown. The night is
/// judged once by the engine (`Engine.judgeNight`); every report renders its verdicts and totals, and the exit
/// status follows them.
struct CheckCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.check)
        guard !p.operands.isEmpty else { throw UsageError(message: "check: expected at least one ARCHIVE or FOLDER") }
        let grouped = p.flag("--group"), markdown = p.flag("--markdown"), json = p.flag("--json")
        if grouped && markdown { throw UsageError(message: "check: --group and --markdown are two reports; give one (see pseudoscope check --help)") }
        if json && markdown { throw UsageError(message: "check: --json and --markdown are two reports; give one (see pseudoscope check --help)") }
        let color = environment.useColor(p.choice("--color", ColorChoice.self) ?? .auto)
        let glyphs = environment.glyphs(forceASCII: p.flag("--ascii"))

        // A folder may mix archives of every mode with dumps.
        var engine = try EngineOptions.engine(p, mixedInputs: true)
        engine.filter = FindingFilter(
            minSeverity: p.choice("--min-severity", Severity.self) ?? .review,
            rules: p.all("--rule").map { Set($0.compactMap(Rule.init(rawValue:))) })
        engine.acceptsNoHierarchy = p.flag("--accept-no-hierarchy")
        let discovery = ArchiveDiscovery.expand(p.operands, limits: engine.loader.limits)
        for note in discovery.notes { printError("pseudoscope: \(TerminalText.sanitize(note.description))") }
        // A night's findings wait on disk while it is judged (in memory when no temporary file can be made); one
        // input's stay in memory: they are no larger than the archive just read.
        let spool = discovery.paths.count > 1 ? try? FindingSpool(folder: environment.temporaryFolder) : nil
        let night = engine.judgeNight(discovery, spool: spool)
        keepUntilExit(night)
        // Summarised over every finding, shown or not: a baseline entry is stale only when nothing matches it.
        let triage = TriageSummary(engine.triage, night)

        if let junit = p.value("--junit") {
            let inputs = discovery.paths + night.outcomes.map(\.path)
            try ReportFile.write(
                to: junit, force: p.flag("--force"), inputs: inputs + [p.value("--baseline"), p.value("--since")].compactMap { $0 }
            ) { put in
                try withoutActuallyEscaping(put) { put in
                    var out = ReportStream(put: put)
                    try JUnitReport.write(night, to: &out)
                    try out.finish()
                }
            }
        }
        var out = ReportStream.toStandardOutput(ascii: glyphs.isASCII && !json && !markdown)
        if markdown {
            try CheckMarkdown.write(night, triage: triage, to: &out)
        } else if json {
            try CheckJSON.write(night, grouped: grouped, triage: triage, to: &out)
        } else if grouped {
            try out.text(CheckText.groups(night, glyphs: glyphs))
            try out.text(CheckText.summary(night, triage: triage))
        } else {
            try CheckText.write(night, glyphs: glyphs, color: color, triage: triage, to: &out)
        }
        try out.finish()
        for o in night.outcomes { if let e = o.error { printError("pseudoscope: \(TerminalText.sanitize(e.description))") } }
        if let first = night.outcomes.first(where: { $0.verdict.isNotChecked }) {
            let n = night.totals.notChecked
            printError(
                "pseudoscope: \(n) input\(n == 1 ? " was" : "s were") read but not checked (the first: \(TerminalText.sanitize(first.path)): \(TerminalText.sanitize(first.verdict.reason ?? ""))); this check does not pass"
            )
        }
        if let first = night.outcomes.first(where: { $0.verdict.incomplete != nil }) {
            let n = night.totals.incomplete
            printError(
                "pseudoscope: \(n) run\(n == 1 ? "'s" : "s'") hierarchy stops in the middle (the first: \(TerminalText.sanitize(first.path)): \(TerminalText.sanitize(first.verdict.incomplete ?? ""))); this check does not pass"
            )
        }
        switch night.outcome {
        case .unreadable: return ExitCode.invalidInput
        case .blocked: return ExitCode.blocking
        case .notChecked: return ExitCode.notChecked  // green means checked
        case .green: return ExitCode.success
        }
    }
}

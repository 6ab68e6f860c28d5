import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope check ARCHIVE|FOLDER...`: the gate's faults for CI, as text, JSON, JUnit or Markdown. The night is
/// judged once by the engine (`Engine.judgeNight`); every report renders its verdicts and totals, and the exit
/// status follows them.
/// `check`'s options as given, checked against each other.
struct CheckOptions {
    var inputs: [String]
    var format: ReportFormat
    var group, force, acceptNoHierarchy: Bool
    var json: Bool { format == .json }
    var markdown: Bool { format == .markdown }
    var junit: String?
    /// `--attachments DIR`: each failed run's picture and wireframe, named in JUnit and SARIF.
    var attachments: String?
    var filter: FindingFilter
    var output: OutputSettings
    var engine: EngineSettings

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.check)
        inputs = p.operands
        guard !inputs.isEmpty else { throw UsageError(message: "check: expected at least one ARCHIVE or FOLDER") }
        format = try ReportFormat.chosen(p, command: "check", environment: processEnvironment)
        group = p.flag("--group")
        force = p.flag("--force")
        acceptNoHierarchy = p.flag("--accept-no-hierarchy")
        junit = p.value("--junit")
        attachments = p.value("--attachments")
        if group && format != .text && format != .json {
            throw UsageError(message: "check: --group and --format \(format.rawValue) are two reports; give one (see pseudoscope check --help)")
        }
        filter = FindingFilter(
            minSeverity: p.choice("--min-severity", Severity.self) ?? .review,
            rules: p.all("--rule").map { Set($0.compactMap(Rule.init(rawValue:))) })
        output = OutputSettings(p)
        engine = EngineSettings(p)
    }

    /// Whether standard output's report holds every run in the night's order (text and JSON; not Markdown, which
    /// orders runs by verdict, nor the text groups), so that the JUnit file can be made in the same pass.
    var reportHoldsEveryRunInOrder: Bool { format == .json || format == .text && !group }
}

struct CheckCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let o = try CheckOptions(args)
        let color = environment.useColor(o.output.color)
        let glyphs = environment.glyphs(forceASCII: o.output.ascii)

        // A folder may mix archives of every mode with dumps.
        var engine = try o.engine.engine(mixedInputs: true)
        engine.filter = o.filter
        engine.acceptsNoHierarchy = o.acceptNoHierarchy
        let discovery = ArchiveDiscovery.expand(o.inputs, limits: engine.loader.limits)
        for note in discovery.notes { printError("pseudoscope: \(TerminalText.sanitize(note.description))") }
        // A night's findings wait on disk while it is judged (in memory when no temporary file can be made); one
        // input's stay in memory: they are no larger than the archive just read.
        let spool = discovery.paths.count > 1 ? try? FindingSpool(folder: environment.temporaryFolder) : nil
        let night = engine.judgeNight(discovery, spool: spool)
        // Summarised over every finding, shown or not: a baseline entry is stale only when nothing matches it.
        let triage = TriageSummary(engine.triage, night)
        let exported = try o.attachments.map { try AttachmentExport.export(night, to: $0, loader: engine.loader, force: o.force) } ?? [:]
        let junitCase: @Sendable (RunOutcome, [Finding]) -> TextBytes = {
            JUnitReport.testCase($0, findings: $1, attachments: exported[$0.path] ?? [])
        }

        /// Standard output's report, with `junit`'s test cases made in the same pass when given.
        func report(failure: HeldFailure?, junit: RunParts.Companion?) throws {
            var out = ReportStream.toStandardOutput(ascii: glyphs.isASCII && o.format == .text, holdingFailureIn: failure)
            switch o.format {
            case .markdown: try CheckMarkdown.write(night, triage: triage, to: &out)
            case .json: try CheckJSON.write(night, grouped: o.group, triage: triage, to: &out, companion: junit)
            case .junit: try JUnitReport.write(night, attachments: exported, to: &out)
            case .sarif, .gitlab, .github:
                try CIReports.check(
                    night, format: o.format, triage: triage, glyphs: glyphs, attachments: exported, environment: processEnvironment, to: &out)
            case .text:
                if o.group {
                    try out.text(CheckText.groups(night, glyphs: glyphs))
                    try out.text(CheckText.summary(night, triage: triage))
                } else {
                    try CheckText.write(night, glyphs: glyphs, color: color, triage: triage, to: &out, companion: junit)
                }
            }
            try out.finish()
        }
        if let junit = o.junit {
            let inputs = discovery.paths + night.outcomes.map(\.path)
            // The JUnit file is finished even when standard output closes early (`check ... | head`): a failure
            // there is held and said once the file is whole.
            let failure = HeldFailure()
            // Made in the same pass when standard output's report holds every run in order, and the file is a
            // file: `--junit /dev/stdout` gets the whole file before the report, never the two interleaved.
            let together = o.reportHoldsEveryRunInOrder && !ReportFile.writesDirectly(to: junit)
            try ReportFile.write(
                to: junit, force: o.force, inputs: inputs + [o.engine.baseline, o.engine.since].compactMap { $0 }
            ) { put in
                try withoutActuallyEscaping(put) { put in
                    let file = RunParts.Companion(render: junitCase, stream: ReportStream(put: put))
                    try file.stream.text(JUnitReport.head(night))
                    if together {
                        // Each run's findings read back once for both reports.
                        try report(failure: failure, junit: file)
                    } else {
                        try RunParts.write(night.outcomes, of: night, render: junitCase, to: { try file.stream.text($0) })
                    }
                    try file.stream.text(JUnitReport.tail)
                    try file.stream.finish()
                }
            }
            if let e = failure.error { throw e }
            if !together { try report(failure: nil, junit: nil) }
        } else {
            try report(failure: nil, junit: nil)
        }
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

import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope audit PATH...`: the release leak check on built products and projects (`Auditor`). Every report
/// renders the one `AuditVerdict`, and the exit status follows it as `check`'s does.
/// `audit`'s options as given.
struct AuditOptions {
    var inputs: [String]
    var format: ReportFormat
    var force: Bool
    var junit: String?
    var output: OutputSettings

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.audit)
        inputs = p.operands
        guard !inputs.isEmpty else { throw UsageError(message: "audit: expected at least one app, .ipa, .xcarchive, .xcodeproj or folder") }
        format = try ReportFormat.chosen(p, command: "audit", environment: processEnvironment)
        force = p.flag("--force")
        junit = p.value("--junit")
        output = OutputSettings(p)
    }
}

struct AuditCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let o = try AuditOptions(args)
        let verdict = Auditor.audit(o.inputs, limits: try LoadLimits.from(environment: processEnvironment))
        if let junit = o.junit {
            try ReportFile.write(Array(AuditJUnit.write(verdict).utf8), to: junit, force: o.force, inputs: o.inputs)
        }
        switch o.format {
        case .json: try StandardOutput.write(AuditJSON.write(verdict))
        case .markdown: try StandardOutput.write(AuditMarkdown.write(verdict))
        case .junit: try StandardOutput.write(AuditJUnit.write(verdict))
        case .sarif, .gitlab, .github: try StandardOutput.write(CIReports.audit(verdict, format: o.format, environment: processEnvironment))
        case .text:
            try StandardOutput.writeText(
                AuditText.write(verdict, color: environment.useColor(o.output.color)), ascii: environment.glyphs(forceASCII: o.output.ascii).isASCII)
        }
        switch verdict.outcome {
        case .unreadable: return ExitCode.invalidInput
        case .blocked: return ExitCode.blocking
        case .notAudited: return ExitCode.notChecked
        case .green: return ExitCode.success
        }
    }
}

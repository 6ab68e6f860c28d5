import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope audit PATH...`: the release leak check on built products and projects (`Auditor`). Every report
/// renders the one `AuditVerdict`, and the exit status follows it as `check`'s does.
struct AuditCommand {
    let environment: TerminalEnvironment

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.audit)
        guard !p.operands.isEmpty else { throw UsageError(message: "audit: expected at least one app, .ipa, .xcarchive, .xcodeproj or folder") }
        let json = p.flag("--json"), markdown = p.flag("--markdown")
        if json && markdown { throw UsageError(message: "audit: --json and --markdown are two reports; give one (see pseudoscope audit --help)") }
        let verdict = Auditor.audit(p.operands, limits: try LoadLimits.from(environment: processEnvironment))
        if let junit = p.value("--junit") {
            try ReportFile.write(Array(AuditJUnit.write(verdict).utf8), to: junit, force: p.flag("--force"), inputs: p.operands)
        }
        if json {
            try StandardOutput.write(AuditJSON.write(verdict))
        } else if markdown {
            try StandardOutput.write(AuditMarkdown.write(verdict))
        } else {
            let color = environment.useColor(p.choice("--color", ColorChoice.self) ?? .auto)
            try StandardOutput.writeText(
                AuditText.write(verdict, color: color), ascii: environment.glyphs(forceASCII: p.flag("--ascii")).isASCII)
        }
        switch verdict.outcome {
        case .unreadable: return ExitCode.invalidInput
        case .blocked: return ExitCode.blocking
        case .notAudited: return ExitCode.notChecked
        case .green: return ExitCode.success
        }
    }
}

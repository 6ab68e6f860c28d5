import PseudoscopeCore
import PseudoscopeDrawing

/// The CI formats of `check` and `audit` over their issues (`CIIssues`): SARIF, GitLab Code Quality, and GitHub's
/// annotations with the text report after them and the Markdown report in the step summary.
enum CIReports {
    /// `check`'s night: each run's issues made as its findings are read back, written in the night's order.
    static func check(
        _ night: Night, format: ReportFormat, triage: TriageSummary, glyphs: Glyphs, attachments: [String: [String]] = [:],
        environment: [String: String], to stream: inout ReportStream
    ) throws {
        let issues: @Sendable (RunOutcome, [Finding]) -> [CIIssue] = { o, found in
            CIIssues.of(o, findings: found).map {
                var i = $0; i.attachments = attachments[o.path] ?? []; return i
            }
        }
        switch format {
        case .sarif:
            var sarif = SARIFReport()
            sarif.begin(command: "pseudoscope check")
            try RunParts.write(night.outcomes, of: night, render: issues, to: { for i in $0 { sarif.add(i) } })
            try stream.bytes(sarif.end())
        case .gitlab:
            var gitlab = GitLabReport()
            gitlab.begin()
            try RunParts.write(night.outcomes, of: night, render: issues, to: { for i in $0 { gitlab.add(i) } })
            try stream.bytes(gitlab.end())
        case .github:
            var annotations = GitHubAnnotations()
            var lines = ""
            try RunParts.write(night.outcomes, of: night, render: issues, to: { for i in $0 { if let l = annotations.line(i) { lines += l } } })
            let whole = GitHubAnnotations.wholeReport(environment, else: "pseudoscope check --format text lists every one.")
            try stream.text(lines + (annotations.closing(fullReport: whole) ?? ""))
            try CheckText.write(night, glyphs: glyphs, color: false, triage: triage, to: &stream, companion: nil)
            var summary: [UInt8] = []
            var collector = ReportStream { summary += $0 }
            try CheckMarkdown.write(night, triage: triage, to: &collector)
            try collector.finish()
            try GitHubAnnotations.appendSummary(summary, environment: environment)
        default: break
        }
    }

    /// `audit`'s products, in the same formats.
    static func audit(_ v: AuditVerdict, format: ReportFormat, environment: [String: String]) throws -> [UInt8] {
        let issues = CIIssues.of(v)
        switch format {
        case .sarif:
            var sarif = SARIFReport()
            sarif.begin(command: "pseudoscope audit")
            for i in issues { sarif.add(i) }
            return sarif.end()
        case .gitlab:
            var gitlab = GitLabReport()
            gitlab.begin()
            for i in issues { gitlab.add(i) }
            return gitlab.end()
        case .github:
            var annotations = GitHubAnnotations()
            var out = issues.compactMap { annotations.line($0) }.joined()
            out += annotations.closing(fullReport: GitHubAnnotations.wholeReport(environment, else: "pseudoscope audit lists every one.")) ?? ""
            out += AuditText.write(v, color: false)
            try GitHubAnnotations.appendSummary(Array(AuditMarkdown.write(v).utf8), environment: environment)
            return Array(out.utf8)
        default: return []
        }
    }
}

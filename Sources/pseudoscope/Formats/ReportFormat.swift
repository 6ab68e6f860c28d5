import PseudoscopeCore
import PseudoscopeDrawing

/// The report a command writes on standard output: one of these, each a renderer of the same verdicts
/// (docs/checks.md, "Report formats"). `--json` and `--markdown` are kept as the names of two of them; under
/// GitHub Actions (`GITHUB_ACTIONS=true`) the default is `github`. Adding a format is one case here, one renderer
/// file in Formats/, and its golden.
enum ReportFormat: String, CaseIterable {
    case text, json, junit, markdown, sarif, github, gitlab

    /// The format the options name, or the environment's default.
    static func chosen(_ p: ParsedArguments, command: String, environment: [String: String]) throws -> ReportFormat {
        var named: [ReportFormat] = []
        if let f = p.choice("--format", ReportFormat.self) { named.append(f) }
        if p.flag("--json") { named.append(.json) }
        if p.flag("--markdown") { named.append(.markdown) }
        let distinct = Array(Set(named))
        guard distinct.count <= 1 else {
            throw UsageError(
                message: "\(command): --format \(distinct.map(\.rawValue).sorted().joined(separator: " and --format ")) are two reports; give one")
        }
        if let f = distinct.first { return f }
        return environment["GITHUB_ACTIONS"] == "true" ? .github : .text
    }

    /// The `--format` option as every command that writes a report takes it.
    static let option = OptionSpec(
        "--format", "F",
        "the report on standard output: text (default), json, junit, markdown, sarif (SARIF 2.1.0 for code scanning), github (annotations and a step summary; the default under GITHUB_ACTIONS=true), gitlab (Code Quality JSON)",
        choices: ReportFormat.allCases.map(\.rawValue))
}

/// One finding as the CI formats place it: a rule, how bad, the words, where (the failing test's file and line
/// when the bundle recorded them, else the archive or product), the element, and the fingerprint baselines use.
struct CIIssue: Sendable {
    var rule: RuleInfo
    var severity: Severity
    /// A blocking finding a baseline entry covers: reported, not blocking.
    var known: Bool
    var message: String
    var file: String
    var line: Int?
    /// The element's path (`Application/Window/Button[2]`), for a layout finding.
    var element: String?
    var fingerprint: String
    /// The run's picture and wireframe, when `--attachments` wrote them.
    var attachments: [String] = []
}

import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope check ARCHIVE|FOLDER...`: the gate's faults for CI, as text, JSON or JUnit.
struct CheckCommand {
    let environment: TerminalEnvironment

    /// One input's outcome: its summary (with findings), or the error that kept it from loading, or why it was
    /// read but could not be checked.
    struct Outcome {
        var path: String
        var summary: ArchiveSummary?
        var findings: [Finding] = []
        var error: ArchiveError?
        /// Why nothing was judged (a run without a hierarchy, a bundle whose build failed): not a pass.
        var notChecked: String?

        /// Read and judged: the only outcome that can be green.
        var checked: Bool { error == nil && notChecked == nil }
        /// Why it was not checked, in one line: the error, or the reason.
        var reason: String? { error?.located ?? notChecked }
    }

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.check)
        guard !p.operands.isEmpty else { throw UsageError(message: "check: expected at least one ARCHIVE or FOLDER") }
        let minSeverity = p.choice("--min-severity", Severity.self) ?? .review
        let rules: Set<Rule>? = p.values["--rule"].map { Set($0.compactMap(Rule.init(rawValue:))) }
        let color = environment.useColor(p.choice("--color", ColorChoice.self) ?? .auto)
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))

        // A folder may mix archives of every mode with dumps.
        let engine = try EngineOptions.engine(p, mixedInputs: true)
        let discovery = ArchiveDiscovery.expand(p.operands, limits: engine.loader.limits)
        for note in discovery.notes { printError("pseudoscope: \(TerminalText.sanitize(note.description))") }
        let acceptNoHierarchy = p.flags.contains("--accept-no-hierarchy")
        // Load and check on every core, keeping a summary of each; then the rtl pair rule for each screen.
        let results = engine.judgeAll(discovery.paths)
        keepUntilExit(results)
        var outcomes: [Outcome] = zip(discovery.paths, results).map { path, result in
            switch result {
            case .success(let s):
                return Outcome(path: s.sourcePath, summary: s, findings: s.findings, notChecked: acceptNoHierarchy ? nil : s.hierarchyNote)
            case .failure(let e): return Outcome(path: path, error: e)
            }
        }
        outcomes += discovery.unchecked.map { Outcome(path: $0.file, notChecked: $0.message) }
        outcomes += discovery.problems.map { Outcome(path: $0.file, error: $0) }
        // Summarised before filtering: a baseline entry is stale only when nothing at all matches it.
        let summary = TriageSummary(engine.triage, outcomes)
        // Filtered only when asked: filtering copies every finding.
        if minSeverity != .review || rules != nil {
            for k in outcomes.indices {
                outcomes[k].findings = outcomes[k].findings.filter { $0.severity <= minSeverity && (rules?.contains($0.rule) ?? true) }
            }
        }

        if let junit = p.value("--junit") {
            let inputs = discovery.paths + outcomes.map(\.path)
            try ReportFile.write(Array(JUnitReport.render(outcomes, passed: discovery.passed).utf8), to: junit, force: p.flags.contains("--force"), inputs: inputs + [p.value("--baseline"), p.value("--since")].compactMap { $0 })
        }
        if p.flags.contains("--markdown") {
            try StandardOutput.write(CheckMarkdown.render(outcomes, triage: summary, passed: discovery.passed))
        } else if p.flags.contains("--json") {
            // Written as it is made: a night's report can be a hundred megabytes.
            var json = try CheckJSON.render(outcomes, grouped: p.flags.contains("--group"), triage: summary, passed: discovery.passed, sink: StandardOutput.write)
            json.append(0x0A)
            try StandardOutput.write(json)
        } else if p.flags.contains("--group") {
            try StandardOutput.writeText(groupReport(outcomes, glyphs: glyphs), ascii: glyphs.isASCII)
        } else {
            let text = textReport(outcomes, glyphs: glyphs, color: color, triage: summary, passed: discovery.passed)
            try StandardOutput.writeText(text, ascii: glyphs.isASCII)
        }
        for o in outcomes { if let e = o.error { printError("pseudoscope: \(TerminalText.sanitize(e.description))") } }
        let unchecked = outcomes.filter { $0.error == nil && $0.notChecked != nil }
        if !unchecked.isEmpty {
            printError("pseudoscope: \(unchecked.count) input\(unchecked.count == 1 ? " was" : "s were") read but not checked (the first: \(TerminalText.sanitize(unchecked[0].path)): \(TerminalText.sanitize(unchecked[0].notChecked ?? ""))); this check does not pass")
        }
        if outcomes.contains(where: { $0.error != nil }) { return ExitCode.invalidInput }
        // Known issues do not block until their entry expires.
        if outcomes.contains(where: { $0.findings.contains { $0.blocks } }) { return ExitCode.blocking }
        // Green means checked: what could not be judged fails too, with a status of its own.
        return unchecked.isEmpty ? ExitCode.success : ExitCode.notChecked
    }

    /// `--group`: how many archives share each fault, by rule and by screen.
    func groupReport(_ outcomes: [Outcome], glyphs: Glyphs) -> String {
        let summary = CheckGroups(outcomes)
        var out = "By rule\n"
        for r in summary.byRule {
            let mark = r.blocking > 0 ? glyphs.blockingMark : glyphs.reviewMark
            out += "  \(mark) \(r.rule.rawValue.padded(to: 30)) \(r.archives) archive\(r.archives == 1 ? "" : "s"), \(r.findings) finding\(r.findings == 1 ? "" : "s") (\(r.blocking) blocking)\n"
        }
        out += "\nBy screen\n"
        for s in summary.byScreen {
            let runs = s.runs.joined(separator: ", ")
            out += "  " + TerminalText.sanitize("\(s.screen) [\(runs)]: \(s.blocking) blocking, \(s.review) review") + "\n"
            for (rule, count) in s.rules { out += "      \(rule.rawValue) ×\(count)\n" }
        }
        let invalid = outcomes.filter { $0.error != nil }.count
        if invalid > 0 { out += "\n\(invalid) input\(invalid == 1 ? "" : "s") could not be read\n" }
        return out
    }

    func textReport(_ outcomes: [Outcome], glyphs: Glyphs, color: Bool, triage: TriageSummary = TriageSummary(), passed: [String] = []) -> String {
        let palette = ANSIPalette.standard
        func paint(_ s: String, _ role: StyleRole) -> String { color ? palette.sequence(role) + s + palette.reset : s }
        var out = ""
        var blocking = 0, review = 0, failing = 0
        for o in outcomes {
            guard let a = o.summary else {
                if let e = o.error {
                    out += paint(TerminalText.sanitize(o.path), .header) + "\n  " + paint("error", .blocking) + ": " + TerminalText.sanitize(e.located) + "\n"
                } else {
                    out += paint(TerminalText.sanitize(o.path), .header) + "\n  " + paint("not checked", .blocking) + ": " + TerminalText.sanitize(o.notChecked ?? "") + "\n"
                }
                continue
            }
            let n = FindingCounts(o.findings)
            blocking += n.blocking
            review += n.review
            if n.blockingNow > 0 { failing += 1 }
            out += paint(TerminalText.sanitize(o.path), .header) + "  " + TerminalText.sanitize("\(a.test) · \(a.mode.rawValue)" + (a.runNote.isEmpty ? "" : " · " + a.runNote)) + " · \(n.phrase)\n"
            if let pairing = a.pairing.note { out += "  " + paint(TerminalText.sanitize(pairing), a.pairing == .noPartner ? .review : .dim) + "\n" }
            if let note = a.hierarchyNote {
                out += "  " + (o.notChecked != nil ? paint("not checked", .blocking) : "not checked (accepted)") + ": " + TerminalText.sanitize(note) + "\n"
                out += "  failure: " + TerminalText.sanitize(a.failingSummary) + "\n"
            }
            for f in o.findings {
                for (line, role) in ArchiveText.findingLines(f, glyphs: glyphs) { out += "  " + paint(line, role) + "\n" }
            }
        }
        let invalid = outcomes.filter { $0.error != nil }.count
        let checked = outcomes.filter(\.checked).count
        out += "\n\(checked) archive\(checked == 1 ? "" : "s") checked: \(failing) blocked, \(blocking) blocking and \(review) review findings"
        let accepted = outcomes.filter { $0.checked && $0.summary?.hierarchyNote != nil }.count
        if accepted > 0 { out += " (\(accepted) without a hierarchy, accepted with --accept-no-hierarchy)" }
        let notChecked = outcomes.filter { $0.error == nil && $0.notChecked != nil }.count
        if notChecked > 0 { out += "; \(notChecked) not checked" }
        if invalid > 0 { out += "; \(invalid) could not be read" }
        if !passed.isEmpty { out += "; \(passed.count) bundle\(passed.count == 1 ? "" : "s") passed (no failed tests)" }
        let known = outcomes.flatMap(\.findings).filter { $0.known.map { !$0.expired } ?? false }.count
        if known > 0 { out += "; \(known) known (not blocking)" }
        out += "\n"
        for line in triage.lines { out += line + "\n" }
        return out
    }
}

/// Findings summarised by rule and by screen (`check --group`).
struct CheckGroups {
    struct RuleRow { var rule: Rule; var archives: Int; var findings: Int; var blocking: Int }
    /// `modes` are the members' modes (`--json`); `runs` name them for people, a locale run with its language.
    struct ScreenRow { var screen: String; var modes: [String]; var runs: [String]; var blocking: Int; var review: Int; var rules: [(Rule, Int)] }
    var byRule: [RuleRow] = []
    var byScreen: [ScreenRow] = []

    init(_ outcomes: [CheckCommand.Outcome]) {
        for rule in Rule.allCases {
            let hits = outcomes.map { $0.findings.filter { $0.rule == rule } }
            let total = hits.reduce(0) { $0 + $1.count }
            guard total > 0 else { continue }
            byRule.append(RuleRow(rule: rule, archives: hits.filter { !$0.isEmpty }.count, findings: total,
                                  blocking: hits.reduce(0) { $0 + $1.filter { $0.severity == .blocking }.count }))
        }
        byRule.sort { ($0.blocking > 0 ? 0 : 1, -$0.archives, $0.rule.rawValue) < ($1.blocking > 0 ? 0 : 1, -$1.archives, $1.rule.rawValue) }
        var screens: [String: [CheckCommand.Outcome]] = [:]
        for o in outcomes { if let a = o.summary { screens[a.screen, default: []].append(o) } }
        for (screen, members) in screens {
            let all = members.flatMap(\.findings)
            let rules = Rule.allCases.compactMap { r -> (Rule, Int)? in
                let n = all.filter { $0.rule == r }.count
                return n > 0 ? (r, n) : nil
            }
            byScreen.append(ScreenRow(screen: screen, modes: members.compactMap { $0.summary?.mode.rawValue }.sorted(),
                                      runs: members.compactMap { $0.summary?.runLabel }.sorted(),
                                      blocking: all.filter { $0.severity == .blocking }.count,
                                      review: all.filter { $0.severity == .review }.count, rules: rules))
        }
        byScreen.sort { ($0.blocking, $1.screen) > ($1.blocking, $0.screen) }
    }
}


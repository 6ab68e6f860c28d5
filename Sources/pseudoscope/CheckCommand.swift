import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope check ARCHIVE|FOLDER...`: the gate's faults for CI, as text, JSON or JUnit.
struct CheckCommand {
    let environment: TerminalEnvironment

    /// One input's outcome: its summary (its findings counted, and waiting in the night's spool: `CheckNight`), or
    /// the error that kept it from loading, or why it was read but could not be checked.
    struct Outcome {
        var path: String
        var summary: ArchiveSummary?
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
        let color = environment.useColor(p.choice("--color", ColorChoice.self) ?? .auto)
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))

        // A folder may mix archives of every mode with dumps.
        let engine = try EngineOptions.engine(p, mixedInputs: true)
        let discovery = ArchiveDiscovery.expand(p.operands, limits: engine.loader.limits)
        for note in discovery.notes { printError("pseudoscope: \(TerminalText.sanitize(note.description))") }
        let acceptNoHierarchy = p.flags.contains("--accept-no-hierarchy")
        // A night's findings wait on disk while it is judged (in memory when no temporary file can be made), as
        // each report's part (`CheckPart`), written by the worker that judged the archive. One input's findings
        // stay in memory: they are no larger than the archive just read, and writing them out and back was a sixth
        // of a findings-heavy archive's check.
        let minSeverity = p.choice("--min-severity", Severity.self) ?? .review
        let rules = p.values["--rule"].map { Set($0.compactMap(Rule.init(rawValue:))) }
        // Standard output's report, decided once: the parts the workers write are the ones written below.
        let report = CheckPart.standardOutput(json: p.flags.contains("--json"), markdown: p.flags.contains("--markdown"),
                                              grouped: p.flags.contains("--group"), glyphs: glyphs, color: color)
        let parts = [report, p.value("--junit") != nil ? .junit(acceptNoHierarchy: acceptNoHierarchy) : nil].compactMap { $0 }
        let reports = CheckNight.reports(parts, minSeverity: minSeverity, rules: rules)
        let spool = discovery.paths.count > 1 ? try? FindingSpool(folder: environment.temporaryFolder, reports: reports) : nil
        // Load and check on every core, keeping a summary of each; then the rtl pair rule for each screen.
        let results = engine.judgeAll(discovery.paths, spool: spool)
        keepUntilExit(results)
        var outcomes: [Outcome] = zip(discovery.paths, results).map { path, result in
            switch result {
            case .success(var s):
                if !s.findingsAway { s.tally = FindingTally(s.findings) }
                return Outcome(path: s.sourcePath, summary: s, notChecked: acceptNoHierarchy ? nil : s.hierarchyNote)
            case .failure(let e): return Outcome(path: path, error: e)
            }
        }
        outcomes += discovery.unchecked.map { Outcome(path: $0.file, notChecked: $0.message) }
        outcomes += discovery.problems.map { Outcome(path: $0.file, error: $0) }
        let night = CheckNight(outcomes: outcomes, spool: spool, baseline: engine.triage?.baseline, minSeverity: minSeverity, rules: rules,
                               parts: parts, acceptNoHierarchy: acceptNoHierarchy)
        // Summarised before filtering: a baseline entry is stale only when nothing at all matches it.
        let summary = TriageSummary(engine.triage, outcomes)

        if let junit = p.value("--junit") {
            let inputs = discovery.paths + outcomes.map(\.path)
            try ReportFile.write(to: junit, force: p.flags.contains("--force"), inputs: inputs + [p.value("--baseline"), p.value("--since")].compactMap { $0 }) { put in
                try withoutActuallyEscaping(put) { put in
                    var out = ReportStream(put: put)
                    try JUnitReport.write(night, passed: discovery.passed, to: &out)
                    try out.finish()
                }
            }
        }
        var out = ReportStream.toStandardOutput(ascii: glyphs.isASCII && !p.flags.contains("--json") && !p.flags.contains("--markdown"))
        switch report {
        case .markdown: try CheckMarkdown.write(night, triage: summary, passed: discovery.passed, to: &out)
        case .json: try CheckJSON.write(night, grouped: p.flags.contains("--group"), triage: summary, passed: discovery.passed, to: &out)
        case .text, .junit: try writeText(night, glyphs: glyphs, color: color, triage: summary, passed: discovery.passed, to: &out)
        case nil: try out.text(groupReport(night, glyphs: glyphs))
        }
        try out.finish()
        for o in outcomes { if let e = o.error { printError("pseudoscope: \(TerminalText.sanitize(e.description))") } }
        let unchecked = outcomes.filter { $0.error == nil && $0.notChecked != nil }
        if !unchecked.isEmpty {
            printError("pseudoscope: \(unchecked.count) input\(unchecked.count == 1 ? " was" : "s were") read but not checked (the first: \(TerminalText.sanitize(unchecked[0].path)): \(TerminalText.sanitize(unchecked[0].notChecked ?? ""))); this check does not pass")
        }
        if outcomes.contains(where: { $0.error != nil }) { return ExitCode.invalidInput }
        // Known issues do not block until their entry expires.
        if night.blocks { return ExitCode.blocking }
        // Green means checked: what could not be judged fails too, with a status of its own.
        return unchecked.isEmpty ? ExitCode.success : ExitCode.notChecked
    }

    /// `--group`: how many archives share each fault, by rule and by screen.
    func groupReport(_ night: CheckNight, glyphs: Glyphs) -> String {
        let summary = CheckGroups(night)
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
        let invalid = night.outcomes.filter { $0.error != nil }.count
        if invalid > 0 { out += "\n\(invalid) input\(invalid == 1 ? "" : "s") could not be read\n" }
        return out
    }

    /// Each finding's line as `"  " + paint(line, role) + "\n"`, its pieces written around it: an archive's part
    /// of the text report (`CheckPart`).
    static func putFindingLines(_ found: UnsafeBufferPointer<Finding>, glyphs: Glyphs, color: Bool, into text: inout TextBytes) {
        let palette = ANSIPalette.standard
        let lineStart: (StyleRole) -> String = { color ? "  " + palette.sequence($0) : "  " }
        let lineEnd: (StyleRole) -> String = { _ in color ? palette.reset + "\n" : "\n" }
        guard let first = found.baseAddress else { return }
        for k in found.indices { ArchiveText.putFindingLines(at: first + k, glyphs: glyphs, into: &text, before: lineStart, after: lineEnd) }
    }

    /// The text report, an archive at a time, its findings' lines as the night's workers wrote them.
    func writeText(_ night: CheckNight, glyphs: Glyphs, color: Bool, triage: TriageSummary = TriageSummary(), passed: [String] = [],
                   to stream: inout ReportStream) throws {
        let palette = ANSIPalette.standard
        func paint(_ s: String, _ role: StyleRole) -> String { color ? palette.sequence(role) + s + palette.reset : s }
        var blocking = 0, review = 0, failing = 0, known = 0
        for o in night.outcomes {
            guard let a = o.summary else {
                if let e = o.error {
                    try stream.text(paint(TerminalText.sanitize(o.path), .header) + "\n  " + paint("error", .blocking) + ": " + TerminalText.sanitize(e.located) + "\n")
                } else {
                    try stream.text(paint(TerminalText.sanitize(o.path), .header) + "\n  " + paint("not checked", .blocking) + ": " + TerminalText.sanitize(o.notChecked ?? "") + "\n")
                }
                continue
            }
            var out = ""
            let n = night.counts(o)
            blocking += n.blocking
            review += n.review
            known += night.known(o)
            if n.blockingNow > 0 { failing += 1 }
            out += paint(TerminalText.sanitize(o.path), .header) + "  " + TerminalText.sanitize("\(a.test) · \(a.mode.rawValue)" + (a.runNote.isEmpty ? "" : " · " + a.runNote)) + " · \(n.phrase)\n"
            if let pairing = a.pairing.note { out += "  " + paint(TerminalText.sanitize(pairing), a.pairing == .noPartner ? .review : .dim) + "\n" }
            if let note = a.hierarchyNote {
                out += "  " + (o.notChecked != nil ? paint("not checked", .blocking) : "not checked (accepted)") + ": " + TerminalText.sanitize(note) + "\n"
                out += "  failure: " + TerminalText.sanitize(a.failingSummary) + "\n"
            }
            var text = TextBytes(capacity: out.utf8.count + 160 * (n.blocking + n.review))
            text.put(out)
            try night.putPart(.text(glyphs, color: color), of: o, into: &text)
            try stream.text(text)
        }
        let outcomes = night.outcomes
        let invalid = outcomes.filter { $0.error != nil }.count
        let checked = outcomes.filter(\.checked).count
        var out = "\n\(checked) archive\(checked == 1 ? "" : "s") checked: \(failing) blocked, \(blocking) blocking and \(review) review findings"
        let accepted = outcomes.filter { $0.checked && $0.summary?.hierarchyNote != nil }.count
        if accepted > 0 { out += " (\(accepted) without a hierarchy, accepted with --accept-no-hierarchy)" }
        let notChecked = outcomes.filter { $0.error == nil && $0.notChecked != nil }.count
        if notChecked > 0 { out += "; \(notChecked) not checked" }
        if invalid > 0 { out += "; \(invalid) could not be read" }
        if !passed.isEmpty { out += "; \(passed.count) bundle\(passed.count == 1 ? "" : "s") passed (no failed tests)" }
        if known > 0 { out += "; \(known) known (not blocking)" }
        out += "\n"
        for line in triage.lines { out += line + "\n" }
        try stream.text(out)
    }
}

/// Findings summarised by rule and by screen (`check --group`).
struct CheckGroups {
    struct RuleRow { var rule: Rule; var archives: Int; var findings: Int; var blocking: Int }
    /// `modes` are the members' modes (`--json`); `runs` name them for people, a locale run with its language.
    struct ScreenRow { var screen: String; var modes: [String]; var runs: [String]; var blocking: Int; var review: Int; var rules: [(Rule, Int)] }
    var byRule: [RuleRow] = []
    var byScreen: [ScreenRow] = []

    init(_ night: CheckNight) {
        let outcomes = night.outcomes
        for rule in Rule.allCases {
            let hits = outcomes.map { night.count($0, of: rule) }
            let total = hits.reduce(0) { $0 + $1.findings }
            guard total > 0 else { continue }
            byRule.append(RuleRow(rule: rule, archives: hits.filter { $0.findings > 0 }.count, findings: total,
                                  blocking: hits.reduce(0) { $0 + $1.blocking }))
        }
        byRule.sort { ($0.blocking > 0 ? 0 : 1, -$0.archives, $0.rule.rawValue) < ($1.blocking > 0 ? 0 : 1, -$1.archives, $1.rule.rawValue) }
        var screens: [String: [CheckCommand.Outcome]] = [:]
        for o in outcomes { if let a = o.summary { screens[a.screen, default: []].append(o) } }
        for (screen, members) in screens {
            let rules = Rule.allCases.compactMap { r -> (Rule, Int)? in
                let n = members.reduce(0) { $0 + night.count($1, of: r).findings }
                return n > 0 ? (r, n) : nil
            }
            let counts = members.map(night.counts)
            byScreen.append(ScreenRow(screen: screen, modes: members.compactMap { $0.summary?.mode.rawValue }.sorted(),
                                      runs: members.compactMap { $0.summary?.runLabel }.sorted(),
                                      blocking: counts.reduce(0) { $0 + $1.blocking },
                                      review: counts.reduce(0) { $0 + $1.review }, rules: rules))
        }
        byScreen.sort { ($0.blocking, $1.screen) > ($1.blocking, $0.screen) }
    }
}


import PseudoscopeCore
import PseudoscopeDrawing

/// `check`'s text report and its `--group` form: each run's verdict and findings, and the night's totals, as the
/// engine decided them (`Night`).
enum CheckText {
    /// The report, a run at a time as its findings are read back (`RunParts`, with `companion`'s parts), then the
    /// night's summary.
    static func write(
        _ night: Night, glyphs: Glyphs, color: Bool, triage: TriageSummary = TriageSummary(), to stream: inout ReportStream,
        companion: RunParts.Companion? = nil
    ) throws {
        try RunParts.write(
            night.outcomes, of: night, render: { run($0, findings: $1, glyphs: glyphs, color: color) }, to: { try stream.text($0) },
            companion: companion)
        try stream.text("\n" + summary(night, triage: triage))
    }

    /// One run's lines: its path, test and verdict, how it was paired, why it was not checked, the failure's query,
    /// and its findings.
    static func run(_ o: RunOutcome, findings: [Finding], glyphs: Glyphs, color: Bool) -> TextBytes {
        var out = TextBytes(capacity: 4096)
        func painted(_ role: StyleRole, _ write: (inout TextBytes) -> Void) {
            if color { out.put(ANSIPalette.standard.sequence(role)) }
            write(&out)
            if color { out.put(ANSIPalette.standard.reset) }
        }
        func paint(_ s: String, _ role: StyleRole) { painted(role) { $0.put(s) } }
        paint(TerminalText.sanitize(o.path), .header)
        guard let a = o.summary else {
            out.put("\n  ")
            paint(o.verdict.isUnreadable ? "error" : "not checked", .blocking)
            out.put(": " + TerminalText.sanitize(o.verdict.reason ?? "") + "\n")
            return out
        }
        let v = o.verdict
        // A run that was not checked has no counts to give: "0 blocking, 0 review" would read as clean.
        let verdict: String = {
            switch v.status {
            case .notChecked: return "not checked"
            case .acceptedWithoutHierarchy: return "not checked (accepted)"
            case .checked, .unreadable: return v.counts.phrase
            }
        }()
        out.put("  " + TerminalText.sanitize("\(a.test) · \(a.mode.rawValue)" + (a.runNote.isEmpty ? "" : " · " + a.runNote)) + " · \(verdict)\n")
        if let pairing = v.pairing.note {
            out.put("  ")
            paint(TerminalText.sanitize(pairing), v.pairing == .noPartner ? .review : .dim)
            out.put("\n")
        }
        switch v.status {
        case .notChecked(let why), .acceptedWithoutHierarchy(let why):
            out.put("  ")
            if v.isNotChecked { paint("not checked", .blocking) } else { out.put("not checked (accepted)") }
            out.put(": " + TerminalText.sanitize(why) + "\n")
            out.put("  failure: " + TerminalText.sanitize(a.failingSummary) + "\n")
        case .checked, .unreadable: break
        }
        if let answer = v.answer {
            for part in answer.parts where part.label != "searched" {
                out.put("  " + (part.label == "looked for" ? "" : "  ") + TerminalText.sanitize("\(part.label): \(part.text)") + "\n")
            }
        }
        if let cut = v.incomplete {
            out.put("  ")
            paint("incomplete", .blocking)
            out.put(": " + TerminalText.sanitize(cut) + "; elements after it are missing, so this run does not pass\n")
        }
        for f in findings {
            ArchiveText.eachFindingLine(f, glyphs: glyphs) { role, write in
                out.put("  ")
                painted(role, write)
                out.put("\n")
            }
        }
        return out
    }

    /// The night's totals in one line, and what the triage found: the last lines of every text report.
    static func summary(_ night: Night, triage: TriageSummary) -> String {
        let t = night.totals
        var out =
            "\(t.checked) archive\(t.checked == 1 ? "" : "s") checked: \(t.blocked) blocked, \(t.counts.blocking) blocking and \(t.counts.review) review findings"
        if t.accepted > 0 { out += " (\(t.accepted) without a hierarchy, accepted with --accept-no-hierarchy)" }
        if t.notChecked > 0 { out += "; \(t.notChecked) not checked" }
        if t.incomplete > 0 { out += "; \(t.incomplete) on a hierarchy cut short" }
        if t.unreadable > 0 { out += "; \(t.unreadable) could not be read" }
        if t.passed > 0 { out += "; \(t.passed) bundle\(t.passed == 1 ? "" : "s") passed (no failed tests)" }
        if t.counts.known > 0 { out += "; \(t.counts.known) known (not blocking)" }
        if t.counts.new > 0 { out += "; \(t.counts.new) new" }
        out += "\n"
        // The bundles' whole picture: the failed runs above are part of it.
        if let tests = night.tests { out += "in the result bundles: \(tests.phrase)\n" }
        for line in triage.lines { out += line + "\n" }
        return out
    }

    /// `--group`: how many runs share each fault, by rule and by screen.
    static func groups(_ night: Night, glyphs: Glyphs) -> String {
        let g = CheckGroups(night)
        var out = "By rule\n"
        for r in g.byRule {
            let mark = r.count.blockingNow > 0 ? glyphs.blockingMark : glyphs.reviewMark
            let known = r.count.blocking - r.count.blockingNow
            out +=
                "  \(mark) \(r.count.rule.rawValue.padded(to: 30)) \(r.runs) archive\(r.runs == 1 ? "" : "s"), \(r.count.findings) finding\(r.count.findings == 1 ? "" : "s")"
                + " (\(r.count.blocking) blocking" + (known > 0 ? ", \(known) known" : "") + ")\n"
        }
        out += "\nBy screen\n"
        for s in g.byScreen {
            out +=
                "  "
                + TerminalText.sanitize(
                    "\(s.screen) [\(s.runs.joined(separator: ", "))]: \(s.counts.phrase)" + (s.counts.new > 0 ? ", \(s.counts.new) new" : "")) + "\n"
            for r in s.rules { out += "      \(r.rule.rawValue) ×\(r.findings)\n" }
        }
        return out + "\n"
    }
}

/// The night's verdicts gathered by rule and by screen (`check --group`): sums of verdicts, no finding counted again.
struct CheckGroups {
    /// `modes` are the members' modes (`--json`); `runs` name them for people, a locale run with its language.
    struct ScreenRow {
        var screen: String; var modes: [String]; var runs: [String]; var counts: FindingCounts; var rules: [(rule: Rule, findings: Int)]
    }
    var byRule: [(count: Verdict.RuleCount, runs: Int)]
    var byScreen: [ScreenRow] = []

    init(_ night: Night) {
        byRule = night.totals.byRule.sorted {
            ($0.count.blockingNow > 0 ? 0 : 1, -$0.runs, $0.count.rule.rawValue) < (
                $1.count.blockingNow > 0 ? 0 : 1, -$1.runs, $1.count.rule.rawValue
            )
        }
        var screens: [String: [RunOutcome]] = [:]
        for o in night.outcomes where o.verdict.isChecked { if let a = o.summary { screens[a.screen, default: []].append(o) } }
        for (screen, members) in screens {
            var rules: [Rule: Int] = [:]
            for o in members { for r in o.verdict.byRule { rules[r.rule, default: 0] += r.findings } }
            byScreen.append(
                ScreenRow(
                    screen: screen, modes: members.compactMap { $0.summary?.mode.rawValue }.sorted(),
                    runs: members.compactMap { $0.summary?.runLabel }.sorted(),
                    counts: members.reduce(FindingCounts()) { $0 + $1.verdict.counts },
                    rules: Rule.allCases.compactMap { r in rules[r].map { (r, $0) } }))
        }
        byScreen.sort { ($0.counts.blockingNow, $0.counts.blocking, $1.screen) > ($1.counts.blockingNow, $1.counts.blocking, $0.screen) }
    }
}

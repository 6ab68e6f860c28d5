import Foundation
import PseudoscopeCore
import PseudoscopeDrawing

/// `check --markdown`: the night as a Markdown report to paste into a ticket. A section per run: the test and mode,
/// the run, the failure, its verdict, a table of findings with their evidence, and the command that opens the
/// inspector on each. Archive text is sanitized and escaped (`Handover.md`, `Handover.code`).
enum CheckMarkdown {
    /// The report: the night's summary by rule, then the blocked runs, then those for review, then one collapsed list
    /// of what was not checked or read and the bundles that passed. A run's section is written as its findings are
    /// read back (`RunParts`).
    static func write(_ night: Night, triage: TriageSummary = TriageSummary(), to stream: inout ReportStream) throws {
        let t = night.totals
        var out =
            "# Pseudoscope check: \(t.checked) archive\(t.checked == 1 ? "" : "s") checked, \(t.blocked) blocked"
            + (t.notChecked > 0 ? ", \(t.notChecked) not checked" : "") + (t.incomplete > 0 ? ", \(t.incomplete) on a hierarchy cut short" : "")
            + (t.unreadable > 0 ? ", \(t.unreadable) could not be read" : "")
            + (t.passed > 0 ? ", \(t.passed) bundle\(t.passed == 1 ? "" : "s") passed" : "") + "\n\n"
        out += "Findings: \(t.counts.phrase)" + (t.counts.new > 0 ? ", \(t.counts.new) new" : "") + "\n"
        if let tests = night.tests { out += "\nIn the result bundles: \(tests.phrase)\n" }
        out += summaryTable(night)
        let checked = night.outcomes.filter { $0.summary != nil && $0.verdict.isChecked }
        let blocked = checked.filter { $0.verdict.passing == .blocked || $0.verdict.passing == .incomplete }
        let review = checked.filter { $0.verdict.passing == .reviewOnly }
        for (title, runs) in [("Blocked", blocked), ("For review", review)] where !runs.isEmpty {
            try stream.text(out + "\n## \(title) (\(runs.count))\n")
            out = ""
            try RunParts.write(runs, of: night, render: section, to: { try stream.text($0) })
        }
        out += rest(night, clean: checked.filter { $0.verdict.passing == .clean })
        if !triage.lines.isEmpty {
            out += "\n## Triage\n\n" + triage.lines.map { "- " + Handover.md($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n"
        }
        try stream.text(out)
    }

    /// The night by rule: how many runs each rule's findings are in, blocking (of them known), review and new.
    static func summaryTable(_ night: Night) -> String {
        let rules = CheckGroups(night).byRule
        guard !rules.isEmpty else { return "" }
        var out = "\n| rule | runs | blocking | of them known | review | new |\n|---|---:|---:|---:|---:|---:|\n"
        for (c, runs) in rules {
            out += "| \(c.rule.rawValue) | \(runs) | \(c.blocking) | \(c.blocking - c.blockingNow) | \(c.findings - c.blocking) | \(c.new) |\n"
        }
        return out
    }

    /// One checked run's section: its test and mode, the run, the failure, its verdict and its findings.
    static func section(_ o: RunOutcome, findings: [Finding]) -> TextBytes {
        var text = TextBytes(capacity: 8192)
        guard let s = o.summary else { return text }
        let v = o.verdict
        var out = "\n### \(Handover.code(s.test)) · \(s.mode.rawValue)" + (s.runNote.isEmpty ? "" : " · \(Handover.md(s.runNote))") + "\n\n"
        out += "- Archive: \(Handover.code(o.path))\n"
        out += "- Run: " + [s.locale, s.device, s.os, "Xcode " + s.xcode].compactMap { $0 }.map(Handover.md).joined(separator: " · ") + "\n"
        let message = s.failureMessage.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
        out += "- Failure: " + Handover.md(message) + (s.failingIdentifier.isEmpty ? "" : " (\(Handover.code(s.failingIdentifier)))") + "\n"
        if let pairing = v.pairing.note { out += "- " + Handover.md(pairing) + "\n" }
        out += answerLines(v.answer, indent: "")
        if let cut = v.incomplete { out += "- **Incomplete hierarchy:** \(Handover.md(cut)); elements after it are missing\n" }
        out +=
            "- Verdict: " + (v.blocks ? "**blocked**" : v.incomplete != nil ? "**does not pass** (incomplete)" : "passes") + " · \(v.counts.phrase)"
            + (v.counts.new > 0 ? ", \(v.counts.new) new" : "") + "\n"
        text.put(out)
        putTable(findings, archive: s, into: &text)
        return text
    }

    /// The failure's query and its answer as list items (`- Looked for: …`, its parts under it), `indent` deeper.
    static func answerLines(_ answer: QueryAnswer?, indent: String) -> String {
        guard let answer else { return "" }
        return answer.parts.map { part in
            indent + (part.label == "looked for" ? "- Looked for: " : "  - \(part.label): ") + Handover.md(part.text) + "\n"
        }.joined()
    }

    /// Everything that needs no reading unless asked, in one collapsed list: runs not checked (with why), inputs
    /// that could not be read, runs accepted without a hierarchy, runs checked clean, and the bundles that passed.
    static func rest(_ night: Night, clean: [RunOutcome]) -> String {
        var items: [String] = []
        for o in night.outcomes {
            let v = o.verdict
            let name = o.summary.map { "\(Handover.code($0.test)) · \($0.mode.rawValue) (\(Handover.code(o.path)))" } ?? Handover.code(o.path)
            // Every run with a failure says what it looked for, findings or not.
            let why = answerLines(v.answer, indent: "  ").trimmingCharacters(in: .newlines)
            switch v.status {
            case .notChecked(let reason): items.append("- \(name): **Not checked:** \(Handover.md(reason))" + (why.isEmpty ? "" : "\n" + why))
            case .unreadable(let reason): items.append("- \(name): **Could not be read:** \(Handover.md(reason))")
            case .acceptedWithoutHierarchy(let reason):
                items.append("- \(name): accepted without a hierarchy: \(Handover.md(reason))" + (why.isEmpty ? "" : "\n" + why))
            case .checked: break
            }
        }
        items += clean.map { o in
            let why = answerLines(o.verdict.answer, indent: "  ").trimmingCharacters(in: .newlines)
            return
                "- \(Handover.code(o.summary?.test ?? o.path)) · \(o.summary?.mode.rawValue ?? "") (\(Handover.code(o.path))): checked, no findings"
                + (why.isEmpty ? "" : "\n" + why)
        }
        items += night.passed.map { "- \(Handover.code($0)): the bundle holds no failed tests" }
        guard !items.isEmpty else { return "" }
        let t = night.totals
        let parts = [
            t.notChecked > 0 ? "\(t.notChecked) not checked" : nil, t.unreadable > 0 ? "\(t.unreadable) could not be read" : nil,
            clean.isEmpty ? nil : "\(clean.count) clean", t.passed > 0 ? "\(t.passed) bundle\(t.passed == 1 ? "" : "s") passed" : nil,
            night.outcomes.contains { if case .acceptedWithoutHierarchy = $0.verdict.status { true } else { false } }
                ? "accepted without a hierarchy" : nil,
        ]
        return "\n## Not checked, clean and passed\n\n<details><summary>\(parts.compactMap { $0 }.joined(separator: ", "))</summary>\n\n"
            + items.joined(separator: "\n") + "\n\n</details>\n"
    }

    /// A run's findings as its section's table, with the command that opens the inspector on each element; nothing
    /// when it has none. Written piece by piece, each finding read in place: a night writes hundreds of thousands.
    static func putTable(_ found: [Finding], archive: ArchiveSummary, into out: inout TextBytes) {
        guard !found.isEmpty else { return }
        out.put("\n| severity | rule | element | finding | evidence |\n|---|---|---|---|---|\n")
        for k in found.indices {
            out.put("| \(found[k].severity.rawValue) | \(found[k].rule.rawValue) | ")
            Handover.putCode(found[k].elementReference, into: &out)
            out.put(" | ")
            Handover.putMarkdown(found[k].message, into: &out)
            let notes =
                [found[k].novelty == .new ? "**new**" : nil, found[k].known.map { Handover.md($0.summary) }].compactMap { $0 }
                + found[k].hints.map(Handover.md)
            if !notes.isEmpty { out.put(" (\(notes.joined(separator: "; ")))") }
            out.put(" | ")
            Handover.putEvidence(found[k].evidence, into: &out)
            out.put(" |\n")
        }
        out.put("\nOpen on a finding's element:\n\n")
        var seen = Set<String>()
        let opened = Handover.shellQuoted(archivePath(archive.sourcePath))
        for k in found.indices {
            let target = found[k].identifier.isEmpty ? found[k].elementPath : found[k].identifier
            guard !target.isEmpty, seen.insert(target).inserted else { continue }
            out.put("- ")
            Handover.putCode("pseudoscope \(opened) --select \(Handover.shellQuoted(target))", into: &out)
            out.put("\n")
        }
    }

    /// A folder archive is opened by its folder.
    /// From the root: a ticket's command runs on another box, in another folder.
    static func archivePath(_ p: String) -> String {
        RunPath.absoluteFolder(p)
    }
}

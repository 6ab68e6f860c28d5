import Foundation
import PseudoscopeCore
import PseudoscopeDrawing

/// `check --markdown`: the night as a Markdown report to paste into a ticket. A section per run: the test and mode,
/// the run, the failure, its verdict, a table of findings with their evidence, and the command that opens the
/// inspector on each. Archive text is sanitized and escaped (`Handover.md`, `Handover.code`).
enum CheckMarkdown {
    /// The report, a run's section at a time as its findings are read back.
    static func write(_ night: Night, triage: TriageSummary = TriageSummary(), to stream: inout ReportStream) throws {
        let t = night.totals
        var out = "# Pseudoscope check: \(t.checked) archive\(t.checked == 1 ? "" : "s") checked, \(t.blocked) blocked"
            + (t.notChecked > 0 ? ", \(t.notChecked) not checked" : "") + (t.incomplete > 0 ? ", \(t.incomplete) on a hierarchy cut short" : "") + (t.unreadable > 0 ? ", \(t.unreadable) could not be read" : "")
            + (t.passed > 0 ? ", \(t.passed) bundle\(t.passed == 1 ? "" : "s") passed" : "") + "\n\n"
        out += "Findings: \(t.counts.phrase)" + (t.counts.new > 0 ? ", \(t.counts.new) new" : "") + "\n"
        if !night.passed.isEmpty {
            out += "\n## Passed\n\n" + night.passed.map { "- \(Handover.code($0)): the bundle holds no failed tests\n" }.joined()
        }
        for o in night.outcomes {
            try stream.text(out)
            out = "\n"
            let v = o.verdict
            guard let s = o.summary else {
                out += "## \(Handover.code(o.path))\n\n- **\(v.isUnreadable ? "Could not be read" : "Not checked"):** \(Handover.md(v.reason ?? ""))\n"
                continue
            }
            out += "## \(Handover.code(s.test)) · \(s.mode.rawValue)" + (s.runNote.isEmpty ? "" : " · \(Handover.md(s.runNote))") + "\n\n"
            out += "- Archive: \(Handover.code(o.path))\n"
            out += "- Run: " + [s.locale, s.device, s.os, "Xcode " + s.xcode].compactMap { $0 }.map(Handover.md).joined(separator: " · ") + "\n"
            let message = s.failureMessage.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
            out += "- Failure: " + Handover.md(message) + (s.failingIdentifier.isEmpty ? "" : " (\(Handover.code(s.failingIdentifier)))") + "\n"
            if let pairing = v.pairing.note { out += "- " + Handover.md(pairing) + "\n" }
            if let answer = v.answer {
                for part in answer.parts {
                    out += (part.label == "looked for" ? "- Looked for: " : "  - \(part.label): ") + Handover.md(part.text) + "\n"
                }
            }
            switch v.status {
            case .notChecked(let why): out += "- **Not checked:** \(Handover.md(why))\n"; continue
            case .acceptedWithoutHierarchy(let why): out += "- Accepted without a hierarchy: \(Handover.md(why))\n"; continue
            case .checked, .unreadable: break
            }
            if let cut = v.incomplete { out += "- **Incomplete hierarchy:** \(Handover.md(cut)); elements after it are missing\n" }
            out += "- Verdict: " + (v.blocks ? "**blocked**" : v.incomplete != nil ? "**does not pass** (incomplete)" : "passes") + " · \(v.counts.phrase)" + (v.counts.new > 0 ? ", \(v.counts.new) new" : "") + "\n"
            out += table(try night.findings(of: o), archive: s)
        }
        if !triage.lines.isEmpty { out += "\n## Triage\n\n" + triage.lines.map { "- " + Handover.md($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n" }
        try stream.text(out)
    }

    /// A run's findings as its section's table, with the command that opens the inspector on each element; nothing
    /// when it has none.
    static func table(_ found: [Finding], archive: ArchiveSummary) -> String {
        guard !found.isEmpty else { return "" }
        var out = "\n| severity | rule | element | finding | evidence |\n|---|---|---|---|---|\n"
        for f in found {
            let notes = [f.novelty == .new ? "**new**" : nil, f.known.map { Handover.md($0.summary) }].compactMap { $0 } + f.hints.map(Handover.md)
            let evidence = TextBytes.string(capacity: 64) { Handover.putEvidence(f.evidence, into: &$0) }
            out += "| \(f.severity.rawValue) | \(f.rule.rawValue) | \(Handover.code(f.elementReference)) | \(Handover.md(f.message))"
                + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))") + " | \(evidence) |\n"
        }
        out += "\nOpen on a finding's element:\n\n"
        var seen = Set<String>()
        let opened = Handover.shellQuoted(archivePath(archive.sourcePath))
        for f in found {
            let target = f.identifier.isEmpty ? f.elementPath : f.identifier
            guard !target.isEmpty, seen.insert(target).inserted else { continue }
            out += "- " + Handover.code("pseudoscope \(opened) --select \(Handover.shellQuoted(target))") + "\n"
        }
        return out
    }

    /// A folder archive is opened by its folder.
    /// From the root: a ticket's command runs on another box, in another folder.
    static func archivePath(_ p: String) -> String {
        let full = FileAccess.absolute(p)
        return full.hasSuffix("/archive.json") ? String(full.dropLast("/archive.json".count)) : full
    }
}

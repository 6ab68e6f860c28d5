import PseudoscopeCore

/// `check --markdown`: the findings as a Markdown report to paste into a ticket. A section per archive: the
/// test and mode, the run, the failure, a table of findings with their evidence, and the command that opens the
/// inspector on each. Archive text is sanitized and escaped (`Handover.md`, `Handover.code`).
enum CheckMarkdown {
    /// The report, an archive's section at a time as its findings are read back.
    static func write(_ night: CheckNight, triage: TriageSummary = TriageSummary(), passed: [String] = [], to stream: inout ReportStream) throws {
        let outcomes = night.outcomes
        let checked = outcomes.filter(\.checked)
        let blocked = checked.filter { night.counts($0).blocking > 0 }.count
        let notChecked = outcomes.count - checked.count
        var out = "# Pseudoscope check: \(checked.count) archive\(checked.count == 1 ? "" : "s") checked, \(blocked) blocked"
            + (notChecked > 0 ? ", \(notChecked) not checked" : "") + (passed.isEmpty ? "" : ", \(passed.count) bundle\(passed.count == 1 ? "" : "s") passed") + "\n"
        if !passed.isEmpty {
            out += "\n## Passed\n\n" + passed.map { "- \(Handover.code($0)): the bundle holds no failed tests\n" }.joined()
        }
        for o in outcomes {
            try stream.text(out)
            out = "\n"
            guard let s = o.summary else {
                if let e = o.error {
                    out += "## \(Handover.code(o.path))\n\n- **Could not be read:** \(Handover.md(e.located))\n"
                } else {
                    out += "## \(Handover.code(o.path))\n\n- **Not checked:** \(Handover.md(o.notChecked ?? ""))\n"
                }
                continue
            }
            out += "## \(Handover.code(s.test)) · \(s.mode.rawValue)" + (s.runNote.isEmpty ? "" : " · \(Handover.md(s.runNote))") + "\n\n"
            out += "- Archive: \(Handover.code(o.path))\n"
            out += "- Run: " + [s.locale, s.device, s.os, "Xcode " + s.xcode].compactMap { $0 }.map(Handover.md).joined(separator: " · ") + "\n"
            let message = s.failureMessage.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
            out += "- Failure: " + Handover.md(message) + (s.failingIdentifier.isEmpty ? "" : " (\(Handover.code(s.failingIdentifier)))") + "\n"
            if let note = s.hierarchyNote {
                out += (o.checked ? "- Accepted without a hierarchy: " : "- **Not checked:** ") + "\(Handover.md(note))\n"
                continue
            }
            out += "- Findings: \(night.counts(o).phrase)\n"
            // Handed over as bytes, after what waits (Markdown goes out as UTF-8 whatever the terminal: never made ASCII).
            try stream.text(out)
            out = ""
            var part = TextBytes(capacity: 64 + 200 * (night.counts(o).blocking + night.counts(o).review))
            try night.putPart(.markdown, of: o, into: &part)
            try stream.text(part)
        }
        if !triage.lines.isEmpty { out += "\n## Triage\n\n" + triage.lines.map { "- " + Handover.md($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n" }
        try stream.text(out)
    }

    /// An archive's findings as its section's table, with the command that opens the inspector on each element
    /// (its part of the report: `CheckPart`); nothing when it has none.
    static func putFindings(_ found: UnsafeBufferPointer<Finding>, of archive: ArchiveSummary, into table: inout TextBytes) {
        guard let base = found.baseAddress, !found.isEmpty else { return }
        table.put("\n| severity | rule | element | finding | evidence |\n|---|---|---|---|---|\n")
        // The table's rows written as bytes: a night's report has a hundred thousand. Each finding read in place
        // through a pointer (`let f = found[k]` copied it, retaining all its strings, and freed the copy).
        for k in found.indices {
            let f = base + k
            table.put("| "); table.put(f.pointee.severity.rawValue); table.put(" | "); table.put(f.pointee.rule.rawValue); table.put(" | ")
            Handover.putCode(elementNamed: f.pointee.elementType, identifier: f.pointee.identifier, text: f.pointee.text, frame: f.pointee.frame, into: &table)
            table.put(" | ")
            Handover.putMarkdown(f.pointee.message, into: &table)
            let known = Finding.known(at: f)
            if f.pointee.novelty == .new || known != nil || !f.pointee.hints.isEmpty {
                let notes = [f.pointee.novelty == .new ? "**new**" : nil, known.map { Handover.md($0.summary) }].compactMap { $0 } + f.pointee.hints.map(Handover.md)
                table.put(" ("); table.put(notes.joined(separator: "; ")); table.put(")")
            }
            table.put(" | ")
            Handover.putEvidence(f.pointee.evidence, into: &table)
            table.put(" |\n")
        }
        table.put("\nOpen on a finding's element:\n\n")
        var seen = Set<String>()
        let opened = Handover.shellQuoted(archivePath(archive.sourcePath))
        for k in found.indices {
            let target = base[k].identifier.isEmpty ? base[k].elementPath : base[k].identifier
            guard !target.isEmpty, seen.insert(target).inserted else { continue }
            // Written into the table's bytes and made inline code there (`Handover.code` of the same text).
            table.put("- ")
            let start = table.count
            table.put("pseudoscope "); table.put(opened); table.put(" --select "); table.put(Handover.shellQuoted(target))
            Handover.putCode(from: start, into: &table)
            table.put("\n")
        }
    }

    /// A folder archive is opened by its folder.
    /// From the root: a ticket's command runs on another box, in another folder.
    static func archivePath(_ p: String) -> String {
        let full = FileAccess.absolute(p)
        return full.hasSuffix("/archive.json") ? String(full.dropLast("/archive.json".count)) : full
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// The `--json` shape of `check` (documented in docs/checks.md): each run's verdict and findings, and the night's
/// groups when asked, as the engine decided them (`Night`).
enum CheckJSON {
    /// The report, handed over in pieces of about a megabyte as it is made, a run's findings read back as it is
    /// written.
    static func write(
        _ night: Night, grouped: Bool = false, triage: TriageSummary = TriageSummary(), to stream: inout ReportStream,
        companion: RunParts.Companion? = nil
    ) throws {
        var w = JSONWriter()
        w.beginObject()
        w.number("formatVersion", 1)
        triage.write(&w)
        // Bundles whose tests all passed: nothing to check, and said so.
        w.beginArray("passed")
        for b in night.passed { w.string(nil, b) }
        w.endArray()
        writeTotals(night.totals, into: &w)
        if let t = night.tests { writeTests(t, into: &w) }
        if grouped { writeGroups(CheckGroups(night), into: &w) }
        w.beginArray("archives")
        try RunParts.write(
            night.outcomes, of: night, render: runBytes, to: { run in try w.value(run) { try stream.bytes($0) } }, companion: companion)
        w.endArray()
        w.endObject()
        w.newline()
        try w.flush { try stream.bytes($0) }
    }

    /// One entry of `archives`, made whole.
    static func runBytes(_ o: RunOutcome, findings: [Finding]) -> [UInt8] {
        // About what a finding takes, reserved at once: a screen's findings can make tens of megabytes.
        var w = JSONWriter(capacity: 4096 + 320 * findings.count)
        writeRun(o, findings: findings, into: &w)
        return w.bytes
    }

    /// One entry of `archives`: the run, its verdict and its findings.
    static func writeRun(_ o: RunOutcome, findings: [Finding], into w: inout JSONWriter) {
        w.beginObject()
        w.string("archive", o.path)
        w.string("test", o.summary?.test)
        w.string("screen", o.summary?.screen)
        w.string("mode", o.summary?.mode.rawValue)
        w.string("error", o.error?.description ?? (o.verdict.isUnreadable ? o.verdict.reason : nil))
        // Green means checked: every entry says whether it was, and why not.
        w.bool("checked", o.verdict.isChecked)
        if let why = o.verdict.reason { w.string("reason", why) }
        if let s = o.summary {
            w.string("failureMessage", s.failureMessage)
            if let note = s.hierarchyNote { w.string("notChecked", note) }
            if let cut = o.verdict.incomplete { w.string("incomplete", cut) }
            if let answer = o.verdict.answer { CheckJSON.writeAnswer(answer, into: &w) }
            if let r = s.run { w.runOrigin("run", r) }
            // How the rtl pair rule met the run, in the words every command uses.
            switch o.verdict.pairing {
            case .notApplicable, .pending: break
            case .pairedWith(let partner): w.string("pairedWith", partner)
            case .noPartner: w.string("pairRuleNotRun", o.verdict.pairing.note)
            }
        }
        writeCounts(o.verdict.counts, into: &w)
        w.beginArray("findings")
        for f in findings { w.finding(f) }
        w.endArray()
        w.endObject()
    }

    /// The failure read as a query and answered against the tree (docs/checks.md, "Why the test failed").
    static func writeAnswer(_ a: QueryAnswer, into w: inout JSONWriter) {
        let q = a.query
        w.beginObject("query")
        w.bool("read", q.isRead)
        w.string("unread", q.unread)
        w.string("action", q.action)
        w.string("actionKind", q.actionKind.rawValue)
        w.string("outcome", q.outcome.rawValue)
        w.string("target", q.isRead ? q.target : nil)
        w.string("type", q.type)
        w.string("identifier", q.identifier)
        w.string("label", q.label)
        w.string("key", q.key)
        w.string("input", q.input)
        w.beginArray("steps")
        for s in q.steps { w.string(nil, s.text) }
        w.endArray()
        w.beginArray("searched")
        for line in q.searched { w.string(nil, line) }
        w.endArray()
        w.string("answer", q.isRead ? a.phrase : nil)
        w.beginArray("matches")
        for m in a.matched {
            w.beginObject()
            w.string("element", m.reference)
            w.string("path", m.path)
            w.endObject()
        }
        w.endArray()
        w.beginArray("candidates")
        for c in a.candidates {
            w.beginObject()
            w.string("element", c.named.reference)
            w.string("path", c.named.path)
            w.string("why", c.why)
            w.endObject()
        }
        w.endArray()
        w.beginArray("seen")
        for line in a.seen { w.string(nil, line) }
        w.endArray()
        w.beginArray("absentContainers")
        for c in a.absentContainers { w.string(nil, c) }
        w.endArray()
        w.string("failingStep", a.failingStep)
        w.string("otherMoment", a.otherMoment)
        w.string("unevaluated", a.unevaluated)
        w.string("treeMayBeIncomplete", a.treeMayBeIncomplete)
        w.endObject()
    }

    /// A verdict's counts, as every entry and group writes them.
    static func writeCounts(_ n: FindingCounts, into w: inout JSONWriter) {
        w.number("blocking", Double(n.blocking))
        w.number("blockingKnown", Double(n.blockingKnown))
        w.number("blockingNow", Double(n.blockingNow))
        w.number("review", Double(n.review))
        w.number("known", Double(n.known))
        w.number("new", Double(n.new))
        w.number("still", Double(n.still))
    }

    /// The night's totals: what the text report's last line and the exit status say.
    static func writeTotals(_ t: Night.Totals, into w: inout JSONWriter) {
        w.beginObject("totals")
        w.number("checked", Double(t.checked))
        w.number("blocked", Double(t.blocked))
        w.number("accepted", Double(t.accepted))
        w.number("notChecked", Double(t.notChecked))
        w.number("unreadable", Double(t.unreadable))
        w.number("incomplete", Double(t.incomplete))
        w.number("passed", Double(t.passed))
        writeCounts(t.counts, into: &w)
        w.endObject()
    }

    /// The result bundles' whole picture (docs/checks.md): every test, by how its last attempt ended.
    static func writeTests(_ t: TestTally, into w: inout JSONWriter) {
        w.beginObject("tests")
        w.number("ran", Double(t.tests))
        w.number("passed", Double(t.passed))
        w.number("failed", Double(t.failed))
        w.number("skipped", Double(t.skipped))
        w.number("expectedFailures", Double(t.expectedFailures))
        w.number("attempts", Double(t.attempts))
        w.beginArray("flaky")
        for name in t.flakyTests { w.string(nil, name) }
        w.endArray()
        w.endObject()
    }

    static func writeGroups(_ g: CheckGroups, into w: inout JSONWriter) {
        w.beginArray("byRule")
        for r in g.byRule {
            w.beginObject()
            w.string("rule", r.count.rule.rawValue)
            w.number("archives", Double(r.runs))
            w.number("findings", Double(r.count.findings))
            w.number("blocking", Double(r.count.blocking))
            w.number("blockingNow", Double(r.count.blockingNow))
            w.endObject()
        }
        w.endArray()
        w.beginArray("byScreen")
        for s in g.byScreen {
            w.beginObject()
            w.string("screen", s.screen)
            w.beginArray("modes")
            for m in s.modes { w.string(nil, m) }
            w.endArray()
            writeCounts(s.counts, into: &w)
            w.beginObject("rules")
            for (r, n) in s.rules { w.number(r.rawValue, Double(n)) }
            w.endObject()
            w.endObject()
        }
        w.endArray()
    }
}

/// JUnit XML: one test case per run; a run whose findings block has one failure holding every blocking finding
/// (most CI viewers show only a case's first failure), the others in its system-out.
enum JUnitReport {
    // The file is `head`, each run's `testCase` (`RunParts`, alone or beside standard output's report:
    // `CheckCommand`), and `tail`.

    /// What comes before the runs' test cases: the counts, and a passing test case for each bundle that passed.
    static func head(_ night: Night) -> String {
        let t = night.totals
        // What could not be checked is an error, not a skip: CI must not show it green.
        let errors = t.notChecked + t.unreadable + t.incomplete
        let tests = night.outcomes.count + night.passed.count
        var x = JUnitXML.head(suite: "check", tests: tests, failures: t.blocked, errors: errors)
        // A bundle whose tests all passed is a passing test case: CI shows what ran green, not only what failed.
        for b in night.passed {
            x += "    <testcase classname=\"passed\" name=\"\(escape(b)): the bundle holds no failed tests\" file=\"\(escape(b))\"/>\n"
        }
        return x
    }

    /// What comes after the runs' test cases.
    static let tail = JUnitXML.tail

    /// The whole file on a stream (`--format junit`), each run's test case made as its findings are read back.
    static func write(_ night: Night, attachments: [String: [String]] = [:], to stream: inout ReportStream) throws {
        try stream.text(head(night))
        try RunParts.write(
            night.outcomes, of: night, render: { testCase($0, findings: $1, attachments: attachments[$0.path] ?? []) }, to: { try stream.text($0) })
        try stream.text(tail)
    }

    /// One run's test case: a failure, an error or a skip as its verdict says, and its findings.
    static func testCase(_ o: RunOutcome, findings found: [Finding]) -> TextBytes { testCase(o, findings: found, attachments: []) }

    /// The same, with the files `--attachments` wrote for the run named as `[[ATTACHMENT|path]]` lines in its
    /// system-out, as Jenkins' and GitLab's JUnit readers show them beside the failure.
    static func testCase(_ o: RunOutcome, findings found: [Finding], attachments: [String]) -> TextBytes {
        let name = o.summary.map { "\($0.test) [\($0.mode.rawValue)]" } ?? o.path
        var x = TextBytes(capacity: 4096)
        x.put(JUnitXML.openCase(classname: o.summary?.screen ?? "unreadable", name: name, file: o.path))
        switch o.verdict.status {
        case .unreadable(let why):
            x.put(JUnitXML.error(message: o.error?.message ?? why, escapedBody: escape(o.error?.description ?? o.path + ": " + why)))
        case .notChecked(let why):
            x.put(JUnitXML.error(type: "not-checked", message: "not checked: " + why, escapedBody: escape(o.path + "\nnot checked: " + why)))
        case .acceptedWithoutHierarchy(let why):
            // Accepted with --accept-no-hierarchy: nothing to measure, said, not failed.
            x.put("      <skipped message=\"\(escape("accepted without a hierarchy: " + why))\"/>\n")
        case .checked:
            if let cut = o.verdict.incomplete {
                x.put(
                    JUnitXML.error(
                        type: "incomplete", message: "incomplete hierarchy: " + cut, escapedBody: escape(o.path + "\nincomplete hierarchy: " + cut)))
            }
            putFindings(found, verdict: o.verdict, attachments: attachments, into: &x)
        }
        if o.verdict.isChecked == false, !attachments.isEmpty {
            x.put("      <system-out>" + attachments.map { escape("[[ATTACHMENT|\($0)]]") }.joined(separator: newline) + "</system-out>\n")
        }
        x.put(JUnitXML.closeCase)
        return x
    }

    /// A judged run's findings in its test case: one failure for those that block now, a skip when only known
    /// issues block, and every other finding in its system-out. Escaped piece by piece (escaping a text is escaping
    /// its pieces), each finding read in place: a night writes hundreds of thousands.
    static func putFindings(_ found: [Finding], verdict: Verdict, attachments: [String] = [], into x: inout TextBytes) {
        let blocking = found.indices.filter { found[$0].blocks }
        if let first = blocking.first {
            let more = blocking.count > 1 ? " (and \(blocking.count - 1) more blocking finding\(blocking.count == 2 ? "" : "s"))" : ""
            x.put("      <failure type=\"\(found[first].rule.rawValue)\" message=\"")
            x.put(escape(found[first].elementReference))
            x.put(": ")
            x.put(escape(found[first].message))
            x.put(more)
            x.put("\">")
            for (n, k) in blocking.enumerated() {
                if n > 0 { x.put(newline + newline) }
                x.put(found[k].rule.rawValue)
                x.put(" ")
                x.put(escape(found[k].elementPath))
                x.put(newline)
                x.put(escape(found[k].message))
                if let known = found[k].known { x.put(escape(" (" + known.summary + ")")) }
                x.put(newline)
                x.put("fingerprint ")
                x.put(escape(found[k].fingerprint))
                for h in found[k].hints {
                    x.put(newline)
                    x.put(escape(h))
                }
            }
            x.put("</failure>\n")
        } else if verdict.counts.blockingKnown > 0 {
            // Only known issues block here: skipped, with the reason, until the baseline entry expires.
            let known = found.filter { $0.severity == .blocking && !$0.blocks }
            x.put("      <skipped message=\"\(escape(known.compactMap { $0.known?.summary }.joined(separator: "; ")))\"/>\n")
        }
        let others = found.indices.filter { !found[$0].blocks }
        let lookedFor = (verdict.answer.map { $0.parts.map { "\($0.label): \($0.text)" } } ?? []) + attachments.map { "[[ATTACHMENT|\($0)]]" }
        guard !others.isEmpty || !lookedFor.isEmpty else { return }
        x.put("      <system-out>")
        x.put(lookedFor.map(escape).joined(separator: newline))
        for (n, k) in others.enumerated() {
            if n > 0 || !lookedFor.isEmpty { x.put(newline) }
            x.put(found[k].known != nil ? "known " : "review ")
            x.put(found[k].rule.rawValue)
            x.put(" ")
            x.put(escape(found[k].elementReference))
            x.put(": ")
            x.put(escape(found[k].message))
            x.put(" [")
            x.put(escape(found[k].fingerprint))
            x.put("]")
            if let known = found[k].known { x.put(escape(" " + known.summary)) }
        }
        x.put("</system-out>\n")
    }

    /// A line break as `escape` writes it.
    static let newline = "&#10;"

    /// XML-escapes text; characters XML 1.0 cannot hold at all become visible escapes, and what a terminal must
    /// not be sent raw (`TerminalText.needsEscape`) a character reference.
    static func escape(_ s: String) -> String {
        if TerminalText.isPlain(s, special: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) { return s }
        return s.replacingScalars { u in
            switch u.value {
            case 0x26: "&amp;"
            case 0x3C: "&lt;"
            case 0x3E: "&gt;"
            case 0x22: "&quot;"
            case 0x0A: JUnitReport.newline
            case 0x09: nil
            case ..<0x20, 0xFFFE, 0xFFFF: "\\x" + String(u.value, radix: 16)
            case 0x7F: "&#x7f;"  // DEL: a control to a terminal reading the report
            default: TerminalText.needsEscape(u) ? "&#x" + String(u.value, radix: 16) + ";" : nil
            }
        }
    }
}

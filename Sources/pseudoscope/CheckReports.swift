import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// The `--json` shape of `check` (documented in docs/checks.md).
enum CheckJSON {
    /// The report, handed over in pieces of about a megabyte as it is made, an archive's findings read back as
    /// it is written.
    static func write(_ night: CheckNight, grouped: Bool = false, triage: TriageSummary = TriageSummary(), passed: [String] = [],
                      to stream: inout ReportStream) throws {
        var w = JSONWriter()
        w.beginObject()
        w.number("formatVersion", 1)
        triage.write(&w)
        // Bundles whose tests all passed: nothing to check, and said so.
        w.beginArray("passed")
        for b in passed { w.string(nil, b) }
        w.endArray()
        if grouped {
            let g = CheckGroups(night)
            w.beginArray("byRule")
            for r in g.byRule {
                w.beginObject()
                w.string("rule", r.rule.rawValue)
                w.number("archives", Double(r.archives))
                w.number("findings", Double(r.findings))
                w.number("blocking", Double(r.blocking))
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
                w.number("blocking", Double(s.blocking))
                w.number("review", Double(s.review))
                w.beginObject("rules")
                for (r, n) in s.rules { w.number(r.rawValue, Double(n)) }
                w.endObject()
                w.endObject()
            }
            w.endArray()
        }
        w.beginArray("archives")
        for o in night.outcomes {
            w.beginObject()
            w.string("archive", o.path)
            w.string("test", o.summary?.test)
            w.string("screen", o.summary?.screen)
            w.string("mode", o.summary?.mode.rawValue)
            w.string("error", o.error?.description)
            // Green means checked: every entry says whether it was, and why not.
            w.bool("checked", o.checked)
            if let why = o.reason { w.string("reason", why) }
            if let s = o.summary {
                w.string("failureMessage", s.failureMessage)
                if let note = s.hierarchyNote { w.string("notChecked", note) }
                if let r = s.run { w.runOrigin("run", r) }
                // How the rtl pair rule met the run, in the words every command uses.
                switch s.pairing {
                case .notApplicable: break
                case .pairedWith(let partner): w.string("pairedWith", partner)
                case .noPartner: w.string("pairRuleNotRun", s.pairing.note)
                }
            }
            let counts = night.counts(o)
            w.number("blocking", Double(counts.blocking))
            w.number("blockingKnown", Double(counts.blockingKnown))
            w.number("blockingNow", Double(counts.blockingNow))
            w.number("review", Double(counts.review))
            w.beginArray("findings")
            // By pointer: a for-in loop, the array's subscript, even the buffer's, copies each finding (retaining
            // all its strings) before writing it; the writer reads it in place.
            try night.findings(o).withUnsafeBufferPointer { buffer in
                guard let first = buffer.baseAddress else { return }
                for k in buffer.indices {
                    w.finding(at: first + k)
                    if w.count >= ReportStream.piece { try w.flush { try stream.pass($0) } }
                }
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.newline()
        try w.flush { try stream.pass($0) }
    }
}

/// JUnit XML: one test case per archive and a failure per blocking finding, so CI shows them natively.
enum JUnitReport {
    static func write(_ night: CheckNight, passed: [String] = [], to out: inout ReportStream) throws {
        let outcomes = night.outcomes
        let failures = outcomes.filter { night.counts($0).blockingNow > 0 }.count
        // What could not be checked is an error, not a skip: CI must not show it green.
        let errors = outcomes.filter { !$0.checked }.count
        let tests = outcomes.count + passed.count
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"pseudoscope\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        x += "  <testsuite name=\"pseudoscope.check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        // A bundle whose tests all passed is a passing test case: CI shows what ran green, not only what failed.
        for b in passed {
            x += "    <testcase classname=\"passed\" name=\"\(escape(b)): the bundle holds no failed tests\" file=\"\(escape(b))\"/>\n"
        }
        try out.text(x)
        for o in outcomes {
            let findings = try night.findings(o)
            let name = o.summary.map { "\($0.test) [\($0.mode.rawValue)]" } ?? o.path
            var x = "    <testcase classname=\"\(escape(o.summary?.screen ?? "unreadable"))\" name=\"\(escape(name))\" file=\"\(escape(o.path))\">\n"
            if let e = o.error {
                x += "      <error message=\"\(escape(e.message))\">\(escape(e.description))</error>\n"
            } else if let why = o.notChecked {
                x += "      <error type=\"not-checked\" message=\"\(escape("not checked: " + why))\">\(escape(o.path + "\nnot checked: " + why))</error>\n"
            }
            let known = findings.filter { $0.severity == .blocking && !$0.blocks }
            if o.checked, let note = o.summary?.hierarchyNote {
                // Accepted with --accept-no-hierarchy: nothing to measure, said, not failed.
                x += "      <skipped message=\"\(escape("accepted without a hierarchy: " + note))\"/>\n"
            } else if !known.isEmpty && !findings.contains(where: \.blocks) {
                // Only known issues block here: skipped, with the reason, until the baseline entry expires.
                x += "      <skipped message=\"\(escape(known.compactMap { $0.known?.summary }.joined(separator: "; ")))\"/>\n"
            }
            for f in findings where f.blocks {
                let expired = f.known.map { " (\($0.summary))" } ?? ""
                x += "      <failure type=\"\(f.rule.rawValue)\" message=\"\(escape(f.elementReference + ": " + f.message + expired))\">\(escape(f.elementPath + "\n" + f.message + "\nfingerprint " + f.fingerprint + f.hints.map { "\n" + $0 }.joined()))</failure>\n"
            }
            let others = findings.filter { !$0.blocks }
            if !others.isEmpty {
                x += "      <system-out>\(escape(others.map { "\($0.known != nil ? "known" : "review") \($0.rule.rawValue) \($0.elementReference): \($0.message) [\($0.fingerprint)]" + ($0.known.map { " \($0.summary)" } ?? "") }.joined(separator: "\n")))</system-out>\n"
            }
            x += "    </testcase>\n"
            try out.text(x)
        }
        try out.text("  </testsuite>\n</testsuites>\n")
    }

    /// XML-escapes text; characters XML 1.0 cannot hold at all become visible escapes.
    static func escape(_ s: String) -> String {
        // Most text is plain printable ASCII with nothing to escape: returned as it is. The rest is written as
        // bytes, ASCII by a table of five escapes and each other character by itself (appending scalars to a
        // string, and asking `TerminalText.isSafe` of each character as a string, were most of a night's JUnit).
        let plain = s.utf8.allSatisfy { b in
            b >= 0x20 && b < 0x7F && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "\"")
        }
        if plain { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 32)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        var lastSafe: Unicode.Scalar?
        for u in s.unicodeScalars {
            switch u {
            case "&": put("&amp;")
            case "<": put("&lt;")
            case ">": put("&gt;")
            case "\"": put("&quot;")
            case "\n": put("&#10;")
            default:
                if u.value < 0x20 && u.value != 0x09 || (0xFFFE...0xFFFF).contains(u.value) {
                    put("\\x" + String(u.value, radix: 16))
                } else if u.value < 0x7F {
                    out.append(UInt8(u.value))  // printable ASCII (or a tab): safe
                } else if u != lastSafe, !TerminalText.isSafe(String(u)) {
                    put("&#x" + String(u.value, radix: 16) + ";")
                } else {
                    lastSafe = u  // the next `×` of a message is not asked again
                    UTF8.encode(u) { out.append($0) }
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

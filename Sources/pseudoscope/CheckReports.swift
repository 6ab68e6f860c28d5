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
            if let written = try night.writtenPart(.json, of: o) {
                written.withUnsafeBufferPointer { w.values($0) }
            } else {
                try night.findings(o).withUnsafeBufferPointer { found in
                    try putFindings(found, into: &w) { try $0.flush { try stream.pass($0) } }
                }
            }
            if w.count >= ReportStream.piece { try w.flush { try stream.pass($0) } }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.newline()
        try w.flush { try stream.pass($0) }
    }
}

extension CheckJSON {
    /// An archive's findings as the values of its `findings` array (its part of the report: `CheckPart`);
    /// `whenFull` is given the writer whenever it holds a piece's worth.
    static func putFindings(_ found: UnsafeBufferPointer<Finding>, into w: inout JSONWriter, whenFull: (inout JSONWriter) throws -> Void) rethrows {
        // By pointer: a for-in loop, the array's subscript, even the buffer's, copies each finding (retaining all
        // its strings) before writing it; the writer reads it in place.
        guard let first = found.baseAddress else { return }
        for k in found.indices {
            w.finding(at: first + k)
            if w.count >= ReportStream.piece { try whenFull(&w) }
        }
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
            let name = o.summary.map { "\($0.test) [\($0.mode.rawValue)]" } ?? o.path
            var x = "    <testcase classname=\"\(escape(o.summary?.screen ?? "unreadable"))\" name=\"\(escape(name))\" file=\"\(escape(o.path))\">\n"
            if let e = o.error {
                x += "      <error message=\"\(escape(e.message))\">\(escape(e.description))</error>\n"
            } else if let why = o.notChecked {
                x += "      <error type=\"not-checked\" message=\"\(escape("not checked: " + why))\">\(escape(o.path + "\nnot checked: " + why))</error>\n"
            }
            var t = TextBytes(capacity: x.utf8.count + 200 * night.counts(o).blocking + 100 * night.counts(o).review)
            t.put(x)
            try night.putPart(.junit(acceptNoHierarchy: night.acceptNoHierarchy), of: o, into: &t)
            t.put("    </testcase>\n")
            try out.text(t)
        }
        try out.text("  </testsuite>\n</testsuites>\n")
    }

    /// An archive's findings in its test case (its part of the report: `CheckPart`): why it is skipped, when it is
    /// (accepted without a hierarchy, or only known issues block), a failure per blocking finding and the others in
    /// its system-out.
    static func putFindings(_ found: UnsafeBufferPointer<Finding>, of archive: ArchiveSummary, acceptNoHierarchy: Bool, into t: inout TextBytes) {
        if acceptNoHierarchy, let note = archive.hierarchyNote {
            // Accepted with --accept-no-hierarchy: nothing to measure, said, not failed.
            t.put("      <skipped message=\""); putEscaped("accepted without a hierarchy: " + note, into: &t); t.put("\"/>\n")
        } else if let base = found.baseAddress, !found.indices.contains(where: { Finding.blocks(at: base + $0) }) {
            // Only known issues block here: skipped, with the reason, until the baseline entry expires.
            let known = found.filter { $0.severity == .blocking && !$0.blocks }
            if !known.isEmpty {
                t.put("      <skipped message=\""); putEscaped(known.compactMap { $0.known?.summary }.joined(separator: "; "), into: &t); t.put("\"/>\n")
            }
        }
        // The findings written as bytes, each piece escaped where it is put (escaping is by the character, so the
        // pieces escaped one by one read as the whole would): a night's report has a hundred thousand.
        // Each finding read in place through a pointer: `let f = found[k]` copied it (retaining all its strings) and
        // freed the copy, three times a finding over the two lists.
        guard let base = found.baseAddress else { return }
        var others = 0
        for k in found.indices {
            let f = base + k
            guard Finding.blocks(at: f) else { others += 1; continue }
            t.put("      <failure type=\""); t.put(f.pointee.rule.rawValue); t.put("\" message=\"")
            putEscaped(Finding.elementReference(at: f), into: &t); t.put(": "); putEscaped(f.pointee.message, into: &t)
            if let k = Finding.known(at: f) { putEscaped(" (" + k.summary + ")", into: &t) }
            t.put("\">")
            // The pieces that are constants written as they escape (a line break as `&#10;`).
            putEscaped(f.pointee.elementPath, into: &t); t.put(JUnitReport.newline); putEscaped(f.pointee.message, into: &t)
            t.put(JUnitReport.newline); t.put("fingerprint "); putEscaped(f.pointee.fingerprint, into: &t)
            for h in f.pointee.hints { t.put(JUnitReport.newline); putEscaped(h, into: &t) }
            t.put("</failure>\n")
        }
        guard others > 0 else { return }
        t.put("      <system-out>")
        var first = true
        for k in found.indices where !Finding.blocks(at: base + k) {
            let f = base + k
            if !first { t.put(JUnitReport.newline) }
            first = false
            let known = Finding.known(at: f)
            t.put(known != nil ? "known " : "review "); t.put(f.pointee.rule.rawValue); t.put(" ")
            putEscaped(Finding.elementReference(at: f), into: &t); t.put(": "); putEscaped(f.pointee.message, into: &t)
            t.put(" ["); putEscaped(f.pointee.fingerprint, into: &t); t.put("]")
            if let k = known { putEscaped(" " + k.summary, into: &t) }
        }
        t.put("</system-out>\n")
    }

    /// A line break as `putEscaped` writes it.
    static let newline = "&#10;"

    /// XML-escapes text; characters XML 1.0 cannot hold at all become visible escapes.
    static func escape(_ s: String) -> String { TextBytes.string(capacity: s.utf8.count + 16) { putEscaped(s, into: &$0) } }

    /// The same, written after what `out` holds.
    static func putEscaped(_ s: String, into t: inout TextBytes) {
        // Most text is plain printable ASCII with nothing to escape: copied as it is. The rest is written by the
        // byte: runs that need nothing copied whole, the five escapes by a table, each other scalar decoded in
        // place and asked `TerminalText.needsEscape` (what `TerminalText.isSafe` answers for one scalar) only when
        // its first two bytes may begin one that does (`JSONWriter.mayNeedEscape`); a letter that needs nothing
        // stays in the run. Going scalar by scalar through the string was a tenth of a night's `--junit`.
        func special(_ b: UInt8) -> Bool {
            b < 0x20 || b >= 0x7F || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "\"")
        }
        var text = s
        text.withUTF8 { b in
            let n = b.count
            var i = plainXMLRunEnd(b)
            guard i < n else { t.put(b); return }
            var run = 0
            while i < n {
                let c = b[i]
                guard special(c) else { i += 1; continue }
                var length = 1
                let replacement: String?
                switch c {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case 0x0A: replacement = JUnitReport.newline
                case 0x09: replacement = nil
                case ..<0x20: replacement = "\\x" + String(c, radix: 16)
                case 0x7F: replacement = "&#x7f;"  // DEL: a control to a terminal reading the report
                default:
                    length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                    if i + 1 < n, !JSONWriter.mayNeedEscape(lead: c, then: b[i + 1]) {
                        replacement = nil
                        break
                    }
                    var v = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for k in 1..<min(length, n - i) { v = v << 6 | UInt32(b[i + k] & 0x3F) }
                    if (0xFFFE...0xFFFF).contains(v) {
                        replacement = "\\x" + String(v, radix: 16)
                    } else if let u = Unicode.Scalar(v), TerminalText.needsEscape(u) {
                        replacement = "&#x" + String(v, radix: 16) + ";"
                    } else {
                        replacement = nil
                    }
                }
                if let r = replacement {
                    t.put(UnsafeBufferPointer(rebasing: b[run..<i]))
                    t.put(r)
                    i += length
                    run = i
                } else {
                    i = min(n, i + length)
                }
            }
            t.put(UnsafeBufferPointer(rebasing: b[run..<n]))
        }
    }

    /// Where the leading run of bytes XML takes as they are (printable ASCII but `&`, `<`, `>` and the quote) ends,
    /// eight bytes a step (`WordBytes`) and then to the byte.
    static func plainXMLRunEnd(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= b.count {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let flagged = WordBytes.control(w) | WordBytes.deleteOrHigh(w)
                | WordBytes.equal(w, 0x26) | WordBytes.equal(w, 0x3C) | WordBytes.equal(w, 0x3E) | WordBytes.equal(w, 0x22)
            if flagged != 0 { return i + flagged.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < b.count, b[i] >= 0x20, b[i] < 0x7F, b[i] != 0x26, b[i] != 0x3C, b[i] != 0x3E, b[i] != 0x22 { i += 1 }
        return i
    }
}

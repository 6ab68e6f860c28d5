import PseudoscopeCore

/// Short textual descriptions of an archive shared by plain output and the interactive screen.
/// Every string that comes from the archive is sanitized here or by the canvas.
public enum ArchiveText {
    /// How the mode is known: archived (nothing to say), given with --mode, or assumed for a dump.
    public static func modeOrigin(_ a: Archive, short: Bool = false) -> String {
        if let run = a.run {
            guard case .assumed = run.modeSource else { return run.modeSource.description }
            if short { return " (assumed)" }
            // An archive imported from a bundle is an archive now: --mode no longer applies to it.
            return a.source.folder == nil ? run.modeSource.description : " (assumed at import: neither the configuration nor the path named a mode)"
        }
        guard let facts = a.imported else { return "" }
        if a.source.wasDump {
            return facts.modeWasGiven ? " (given with --mode, not archived)" : " (assumed: a dump records no mode; set it with --mode)"
        }
        return facts.modeWasGiven ? " (set with --mode at import)" : " (assumed at import: the dump recorded no mode)"
    }

    /// Flags that are not the default, as words: `not-hittable disabled selected focused composing`.
    public static func flags(_ e: Element) -> [String] {
        var f: [String] = []
        if !e.isHittable { f.append("not-hittable") }
        if !e.isEnabled { f.append("disabled") }
        if e.isSelected { f.append("selected") }
        if e.hasFocus { f.append("focused") }
        if e.markedText != nil { f.append("composing") }
        return f
    }

    /// `Button 'checkout.confirm' "Bestellen"`: type, identifier and text, sanitized.
    public static func summary(_ e: Element) -> String {
        var s = e.type
        if !e.identifier.isEmpty { s += " '\(e.identifier)'" }
        let text = e.displayText
        if !text.isEmpty && text != e.identifier { s += " \"\(text)\"" }
        return TerminalText.sanitize(s)
    }

    /// One line of `pseudoscope tree`: indentation, summary, frame, flags, finding and failure marks.
    public static func treeLines(_ a: Archive, findings: [Finding], glyphs: Glyphs) -> [(String, StyleRole)] {
        let h = a.hierarchy
        let failing = a.failingIndex
        var worst = [Severity?](repeating: nil, count: h.count)
        for f in findings { if let i = f.element { worst[i] = worst[i].map { min($0, f.severity) } ?? f.severity } }
        var lines: [(String, StyleRole)] = []
        lines.reserveCapacity(h.count)
        for i in h.indices {
            let e = h[i]
            var mark = "  "
            if i == failing {
                mark = glyphs.failing + " "
            } else if let s = worst[i] {
                mark = (s == .blocking ? glyphs.blockingMark : glyphs.reviewMark) + " "
            }
            if i == failing, let s = worst[i] { mark = glyphs.failing + (s == .blocking ? glyphs.blockingMark : glyphs.reviewMark) }
            var line = mark + String(repeating: "  ", count: min(e.depth, 200)) + summary(e) + " " + e.frame.shortDescription
            let f = flags(e)
            if !f.isEmpty { line += " [" + f.joined(separator: ", ") + "]" }
            if i == failing { line += "  <- failing element" }
            lines.append((line, i == failing ? .failing : worst[i] == .blocking ? .blocking : worst[i] == .review ? .review : .normal))
        }
        return lines
    }

    /// `window {0, 0, 393×852}`, or why there is none to measure against.
    public static func windowDescription(_ h: Hierarchy) -> String {
        if let w = h.windowFrame { return "window \(w.shortDescription)" }
        return "window unknown (no Window with a size: nothing is measured against the window)"
    }

    /// A finding as every report and view writes it, the same lines in `check`, `render --findings`, the plain open,
    /// `compare` and the inspector's details: the finding, then, indented by `indent`, its known issue and the
    /// screen's false-alarm hints.
    public static func findingLines(_ f: Finding, glyphs: Glyphs, tag: String? = nil, indent: String = "    ") -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = []
        eachFindingLine(f, glyphs: glyphs, tag: tag, indent: indent) { role, write in out.append((TextBytes.string(capacity: 128, write), role)) }
        return out
    }

    /// The same lines, each handed to `line` with its role and the writer of its text, in order: a report writes
    /// them as bytes (`check`'s text report) and a view as strings (`findingLines`), from this one list.
    public static func eachFindingLine(
        _ f: Finding, glyphs: Glyphs, tag: String? = nil, indent: String = "    ", _ line: (StyleRole, (inout TextBytes) -> Void) -> Void
    ) {
        line(findingRole(f)) { putFindingLine(f, glyphs: glyphs, tag: tag, into: &$0) }
        for (text, role) in notesUnder(f, indent: indent) { line(role) { $0.put(text) } }
    }

    /// How a finding's line is drawn: blocking now, blocking but known (dim), or review.
    static func findingRole(_ f: Finding) -> StyleRole {
        f.blocks ? .blocking : f.severity == .blocking ? .dim : .review
    }

    /// The lines under a finding's: its stack's members, its known issue, the screen's hints (most have none).
    static func notesUnder(_ f: Finding, indent: String) -> [(String, StyleRole)] {
        if f.stack == nil && f.known == nil && f.hints.isEmpty { return [] }
        let role = findingRole(f)
        var out: [(String, StyleRole)] = []
        if let stack = f.stack {
            // The first few members and how many more: the JSON lists them all.
            let shown = stack.paths.prefix(3).map(TerminalText.sanitize).joined(separator: ", ")
            out.append(
                (
                    indent + "a stack of \(stack.count) elements that overlap alike: \(shown)"
                        + (stack.count > 3 ? " and \(stack.count - 3) more" : ""), role
                ))
        }
        if let k = f.known { out.append((indent + TerminalText.sanitize(k.summary), k.expired ? .blocking : .dim)) }
        for h in f.hints { out.append((indent + TerminalText.sanitize(h), .review)) }
        return out
    }

    /// The same, wrapped to `width` for a report: the finding under itself, its known issue and hints indented.
    public static func wrappedFindingLines(_ f: Finding, glyphs: Glyphs, tag: String? = nil, width: Int) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = []
        for (k, (text, role)) in findingLines(f, glyphs: glyphs, tag: tag, indent: "").enumerated() {
            let wrapped =
                k == 0
                ? DisplayWidth.wrap(text, to: max(width, 20), indent: "      ")
                : DisplayWidth.wrap(text, to: max(width - 6, 14), indent: "").map { "      " + $0 }
            out += wrapped.map { ($0, role) }
        }
        return out
    }

    /// What every view says when the failure names no element.
    public static let noFailingElement = "none named by the failure"

    /// `[1] NEW ‼ blocking text-truncated  StaticText 'settings.digest.label': text needs 356 pt, ...`: the tag of a
    /// numbered list, `NEW` when the finding was not in the previous run (`--since`), the severity and the rule.
    public static func findingLine(_ f: Finding, glyphs: Glyphs, tag: String? = nil) -> String {
        TextBytes.string(capacity: 64 + f.message.utf8.count + f.identifier.utf8.count) { putFindingLine(f, glyphs: glyphs, tag: tag, into: &$0) }
    }

    /// The same line, sanitized, written after what `out` holds.
    public static func putFindingLine(_ f: Finding, glyphs: Glyphs, tag: String? = nil, into out: inout TextBytes) {
        let start = out.count
        if let tag { out.put(tag + " ") }
        if f.novelty == .new { out.put("NEW ") }
        // Piece by piece: a line joined first is a string made and dropped for every finding of a night.
        out.put(f.severity == .blocking ? glyphs.blockingMark : glyphs.reviewMark)
        out.put(" ")
        out.put(f.severity.rawValue)
        out.put(" ")
        out.put(f.rule.rawValue)
        out.put("  ")
        out.put(f.elementReference)
        out.put(": ")
        out.put(f.message)
        if let other = f.otherArchive { out.put(" (compared with \(other))") }
        out.sanitize(from: start)
    }

    /// The lines of `pseudoscope info`: the five things the gate archived.
    /// The verdict is the engine's (`RunVerdict.verdict`): its counts, or that the run was not checked, as every report says.
    public static func infoLines(
        _ a: Archive, verdict: Verdict, strings: ElementStrings = ElementStrings(),
        attachmentStatus: (String) -> String
    ) -> [String] {
        var out: [String] = []
        func add(_ s: String) { out.append(TerminalText.sanitize(s)) }
        if let run = a.run {
            add("Archive     \(a.source.path)")
            add("  from      failed run \(run.number) of \(run.runCount) in the result bundle \(run.bundle)")
            if let c = run.configuration { add("  config    \(c)") }
            if let arg = run.argument { add("  arguments \(arg)") }
            if let r = run.repetition {
                add("  run       \(r)" + (run.passedLater ? "; flaky: the test passed on a later attempt" : ""))
            } else if run.passedLater {
                add("  run       flaky: the test passed on a later attempt")
            }
            if let t = run.bundleTests { add("  tests     \(t.phrase)") }
            for note in run.bundleNotes { add("  bundle    \(note)") }
            if let facts = a.imported {
                add("  hierarchy \(facts.format), \(facts.structure.rawValue)" + (facts.incomplete.map { "; incomplete: \($0)" } ?? ""))
                for note in facts.notes where note != facts.incomplete { add("  note      \(note)") }
            }
        } else {
            add("Archive     \(a.source.path)" + (a.imported.map { " (imported \($0.format) dump)" } ?? ""))
            if let facts = a.imported {
                add("  structure \(facts.structure.rawValue)" + (facts.incomplete.map { "; incomplete: \($0)" } ?? ""))
                for note in facts.notes where note != facts.incomplete { add("  note      \(note)") }
            }
        }
        add("Test        \(a.test)")
        add("Screen      \(a.screen)")
        add("Mode        \(a.mode.rawValue)" + modeOrigin(a) + (a.mode.isRightToLeft ? ", right-to-left" : ", left-to-right"))
        add("Locale      \(a.locale ?? "-")" + (a.languages.isEmpty ? "" : " (languages: \(a.languages.joined(separator: ", ")))"))
        if !strings.sources.isEmpty {
            // The tables the locale-run checks read (--strings), or the run's own record of what it showed.
            let tables =
                strings.sources.prefix(8).joined(separator: ", ") + (strings.sources.count > 8 ? ", and \(strings.sources.count - 8) more" : "")
            add("Strings     \(tables)" + (strings.developmentLanguage.map { "; development language \($0)" } ?? ""))
            add(
                "            "
                    + (a.hierarchyNote != nil ? "no hierarchy to place them on" : "\(strings.byElement.count) elements show a known string"))
        }
        add("Device      \(a.environment.simulator), \(a.environment.os)" + (a.environment.scale.map { " @\(formatPoints($0))x" } ?? ""))
        add("Xcode       \(a.environment.xcode)")
        if let r = a.recordedAt { add("Recorded    \(r)") }
        out.append("")
        // A message of several lines (a bundle joins all of a run's failures) keeps its lines, up to 20.
        let messageLines = a.failure.message.splitLines(omittingEmpty: true)
        add("Failure     \(messageLines.first.map(String.init) ?? "")")
        for line in messageLines.dropFirst().prefix(19) { add("            \(line)") }
        if messageLines.count > 20 { add("            … \(messageLines.count - 20) more lines") }
        if !a.failure.namesAnElement {
            add("  element   \(ArchiveText.noFailingElement)")
        } else {
            // Only what was recorded: a frame or a hittable flag the failure does not give is not made up.
            add(
                "  element   '\(a.failure.identifier)'" + (a.failure.label.isEmpty ? "" : " \"\(a.failure.label)\"")
                    + (a.failure.frame.isEmpty ? "" : " \(a.failure.frame.shortDescription)")
                    + " hittable: " + (a.failure.hittableRecorded ? (a.failure.isHittable ? "yes" : "no") : "not recorded")
                    + (a.failure.namedInMessageAs.map { " (found by the message's words '\($0)')" } ?? ""))
        }
        if let file = a.failure.file { add("  at        \(file)" + (a.failure.line.map { ":\($0)" } ?? "")) }
        add("  rerun     \(ReproCommand.xcodebuild(a))")
        if let i = a.failingIndex {
            add("  in tree   \(a.hierarchy.shortPathDescription(i))")
        } else if a.failure.namesAnElement || verdict.answer == nil {
            add("  in tree   " + (a.hierarchyNote != nil ? "no hierarchy to find it in" : "not found in the hierarchy"))
        }
        // The failure read as the query it was: what it looked for and what the tree holds of it.
        if let answer = verdict.answer { for line in AnswerText.infoLines(answer) { add(line) } }
        out.append("")
        let h = a.hierarchy
        let maxDepth = h.elements.reduce(0) { max($0, $1.depth) }
        if let note = a.hierarchyNote {
            add("Hierarchy   none: \(note)")
        } else {
            add("Hierarchy   \(h.count) elements, \(maxDepth + 1) levels deep, " + windowDescription(h))
        }
        if a.mode == .expanded {
            add("Markers     " + (a.pseudoScheme.map { "\($0.rawValue) (detected)" } ?? "none found: every string counts as hard-coded"))
        }
        if a.textIsEstimated, h.elements.contains(where: { $0.type == "StaticText" }) {
            // Truncation is estimated here: say with what, so a finding's numbers can be weighed.
            add(
                "Text widths estimated (no intrinsic size recorded): "
                    + (TextMeasurer.shapes
                        ? "shaped with HarfBuzz in Inter and Noto, fonts metric-close to iOS's"
                        : "built-in advance tables (HarfBuzz, fontconfig or the fonts are not installed here)"))
        }
        let counts = verdict.counts
        add(
            "Findings    "
                + (verdict.isNotChecked ? "not checked: \(verdict.reason ?? "")" : counts.phrase + (counts.new > 0 ? ", \(counts.new) new" : "")))
        if let note = verdict.pairing.note { add("  pairing   \(note)") }
        for hint in FalseAlarmHints.hints(a) { add("  hint      \(hint)") }
        if !a.primaryActions.isEmpty { add("Primary     \(a.primaryActions.joined(separator: ", "))") }
        out.append("")
        if a.testData.members.isEmpty {
            add("Test data   (none)")
        } else {
            add("Test data")
            for (k, v) in a.testData.members { add("  \(k): \(JSONText.compact(v, limit: 200))") }
        }
        out.append("")
        add("Attachments")
        if a.attachments.isEmpty {
            add("  screenshot  " + (a.screenshot.map { "\($0) (\(attachmentStatus($0)))" } ?? "(none)"))
        } else {
            for line in attachmentLines(a, attachmentStatus: attachmentStatus) { add("  " + line) }
        }
        if let run = a.run {
            add("  xcresult    \(run.bundle) (" + (a.source.folder == nil ? "this run was read from it" : "imported from it") + ")")
        } else {
            add("  xcresult    " + (a.xcresult.map { "\($0) (\(attachmentStatus($0)))" } ?? "(none)"))
        }
        return out
    }
}

extension ArchiveText {
    /// One line per attachment of the run: a mark on the failure screenshot, the type told by the bytes, the
    /// size, the activity it was attached in, and why it cannot be read when it cannot.
    ///     `★ kXCTAttachmentLegacyScreenImageData  JPEG image  212 KB  Assertion Failure: …`
    public static func attachmentLines(_ a: Archive, attachmentStatus: (String) -> String) -> [String] {
        let nameWidth = min(40, a.attachments.map { DisplayWidth.of(TerminalText.sanitize($0.name)) }.max() ?? 0)
        return a.attachments.map { r in
            var parts = [(r.isFailureScreenshot ? "★ " : "  ") + TerminalText.sanitize(r.name).padded(to: nameWidth)]
            parts.append((r.kind?.rawValue ?? r.declaredType ?? "unknown type").padded(to: 14))
            parts.append((r.size.map(byteCount) ?? "").padded(to: 8))
            if let act = r.activity { parts.append(act) }
            var line = parts.joined(separator: "  ")
            if r.isFailureScreenshot { line += " (failure screenshot)" }
            if let p = r.problem { line += " — cannot be read: \(p)" }
            if case .file(let f) = r.location { line += " [\(f): \(attachmentStatus(f))]" }
            return line
        }
    }

    /// `812 B`, `212 KB`, `3.4 MB`.
    public static func byteCount(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        if n < 1_000_000 { return "\(n / 1000) KB" }
        return "\(formatPoints((Double(n) / 100_000).rounded() / 10)) MB"
    }

    /// Lines of plain output, each in one role: ANSI colours when `color`, plain text otherwise. (As ASCII, for a
    /// locale that is not UTF-8 or `--ascii`, when written: `TerminalText.asciiOnly`.)
    public static func styledText(_ lines: [(String, StyleRole)], color: Bool, palette: ANSIPalette = .standard) -> String {
        var out = ""
        for (text, role) in lines {
            if color && role != .normal { out += palette.sequence(role) + text + palette.reset + "\n" } else { out += text + "\n" }
        }
        return out
    }
}

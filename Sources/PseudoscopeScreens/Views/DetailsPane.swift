import PseudoscopeCore
import PseudoscopeDrawing

/// The details pane: every attribute of the selected element with its findings and path, or (toggled with
/// `i`) the archive's failure, environment, test data and attachments.
enum DetailsPane {
    static func draw(_ c: inout Canvas, _ s: InspectorState, _ r: Region) {
        // The title stays the same while the selection moves (the failing mark is on the status line), so a move
        // repaints only the values that differ: few bytes over a slow link.
        InspectorView.drawTitle(&c, s, r, .details, s.showArchiveDetails ? "archive  (i: element)" : "element  (i: archive)")
        let width = max(10, r.width - 1)
        let lines = self.lines(s, width: width)
        let rows = r.height - 1
        let start = min(s.detailsScroll.offset, max(0, lines.count - rows))
        for k in 0..<rows {
            let idx = start + k
            guard idx < lines.count else { break }
            c.put(lines[idx].0, x: r.x + 1, y: r.y + 1 + k, role: lines[idx].1, maxWidth: width)
        }
    }

    /// The pane's content wrapped to `width`: what is drawn, and what scrolling is clamped to.
    static func lines(_ s: InspectorState, width: Int) -> [(String, StyleRole)] {
        var lines: [(String, StyleRole)] = []
        func add(_ text: String, _ role: StyleRole = .normal) {
            for l in DisplayWidth.wrap(TerminalText.sanitize(text), to: width, indent: "  ") { lines.append((l, role)) }
        }
        if s.showArchiveDetails {
            for l in ArchiveText.infoLines(s.archive, verdict: s.verdict, strings: s.strings, attachmentStatus: { _ in "see `pseudoscope info`" }) {
                add(l)
            }
        } else {
            elementLines(s, add)
        }
        return lines
    }

    /// How many lines the pane's content takes at its current width.
    static func lineCount(_ s: InspectorState) -> Int {
        lines(s, width: max(10, s.layout.details.width - 1)).count
    }

    static func elementLines(_ s: InspectorState, _ add: (String, StyleRole) -> Void) {
        let h = s.archive.hierarchy
        let e = h[s.selected]
        func field(_ name: String, _ value: String) { add(name.padded(to: 12) + value, .normal) }
        func yesNo(_ b: Bool) -> String { b ? "yes" : "no" }
        // Findings first: they are what the on-call engineer came for; the attributes follow.
        let fs = s.index.byElement[s.selected] ?? []
        for f in fs {
            for (line, role) in ArchiveText.findingLines(f, glyphs: s.glyphs, indent: "  ") { add(line, role) }
            add("  fingerprint \(f.fingerprint)", .dim)
        }
        if !fs.isEmpty { add("", .normal) }
        field("type", e.type)
        field("identifier", e.identifier.isEmpty ? "—" : e.identifier)
        field("label", e.label.isEmpty ? "—" : e.label)
        if !e.title.isEmpty { field("title", e.title) }
        field("value", e.value.isEmpty ? "—" : e.value)
        field("placeholder", e.placeholderValue.isEmpty ? "—" : e.placeholderValue)
        field("frame", e.frame.shortDescription)
        if let ics = e.intrinsicContentSize {
            let fits =
                ics.width <= e.frame.width + CheckThresholds.truncationTolerance && ics.height <= e.frame.height + CheckThresholds.truncationTolerance
            field("intrinsic", "\(formatPoints(ics.width))×\(formatPoints(ics.height))" + (fits ? " (fits)" : " (exceeds the frame)"))
        } else {
            field("intrinsic", "—")
        }
        field("hittable", yesNo(e.isHittable))
        field("enabled", yesNo(e.isEnabled))
        field("selected", yesNo(e.isSelected))
        field("focus", yesNo(e.hasFocus))
        field("marked text", e.markedText.map { "\"\($0)\" (IME composition)" } ?? "—")
        field("children", "\(e.children.count)")
        // The localized string it shows: key, table, what the run's and the development language expect.
        let strings = s.strings.lines(s.selected)
        if !strings.isEmpty {
            add("", .normal)
            add("Strings", .title)
            for l in strings { add(l, .normal) }
        } else if !s.strings.isEmpty, !e.label.isEmpty {
            add("", .normal)
            add("Strings", .title)
            add("in no string table loaded", .dim)
        }
        add("", .normal)
        add("Path", .title)
        add(s.namer.shortPath(s.selected), .normal)
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// Draws two runs side by side (or one at a time on narrow terminals): for each run, the aligned element list
/// and the wireframe, with the shared cursor's elements selected in both. Reads only the state.
public enum ComparisonView {
    public static let minimumWidth = 60
    public static let minimumHeight = 16

    public static func render(_ s: ComparisonState, facts: SessionFacts = SessionFacts()) -> Canvas {
        guard s.width >= minimumWidth, s.height >= minimumHeight else {
            return Overlay.tooSmall(width: s.width, height: s.height, minimumWidth: minimumWidth, minimumHeight: minimumHeight, glyphs: s.glyphs)
        }
        var c = Canvas(width: s.width, height: s.height, asciiOnly: s.glyphs.isASCII)
        let cmp = s.comparison
        c.fill(x: 0, y: 0, width: s.width, height: 1, role: .header)
        // The rtl run's verdict on its pair rule, as the engine counts it.
        let pair = cmp.verdictB.byRule.first { $0.rule == .rtlNotMirrored }
        let (pairBlocking, pairNow) = (pair?.blocking ?? 0, pair?.blockingNow ?? 0)
        let blocking = cmp.verdictA.counts.blockingNow + cmp.verdictB.counts.blockingNow
        let known = pairBlocking > pairNow ? " (\(pairBlocking - pairNow) known)" : ""
        let summary =
            "\(cmp.differences.count) difference\(cmp.differences.count == 1 ? "" : "s")"
            + (cmp.isMirrorPair ? ", \(pairBlocking) blocking not mirrored\(known)" : "")
        let screens = cmp.a.screen == cmp.b.screen ? cmp.a.screen : "\(cmp.a.screen) ↔ \(cmp.b.screen) (different screens!)"
        let title = "Compare \(screens): A \(cmp.a.mode.banner) ↔ B \(cmp.b.mode.banner) · \(summary)"
        c.put(
            DisplayWidth.clip(TerminalText.sanitize(title), to: s.width, ellipsis: s.glyphs.ellipsis), x: 0, y: 0,
            role: blocking > 0 ? .blocking : .header)
        let body = Region(x: 0, y: 1, width: s.width, height: s.height - 2)
        // The aligned list on the left; the drawings, as tall as the body, on the right: both runs are seen at
        // once down to 72 columns, one at a time below that (Tab).
        let dw = s.drawingWidth
        let sides: [Bool] = s.isNarrow ? [s.showingB] : [false, true]
        let listWidth = body.width - sides.count * (dw + 1)
        drawList(&c, s, region: Region(x: 0, y: body.y, width: listWidth, height: body.height))
        for (k, isB) in sides.enumerated() {
            let x = listWidth + k * (dw + 1)
            for y in body.y..<(body.y + body.height) { c.set(s.glyphs.separator, x: x, y: y, role: .dim) }
            drawWireframe(&c, s, isB: isB, region: Region(x: x + 1, y: body.y, width: dw, height: body.height))
        }
        let diffs = s.currentDifferences
        var left = TerminalText.sanitize(
            s.message
                ?? (diffs.isEmpty
                    ? "no difference here  (] next difference)" : diffs.map { "\($0.kind.rawValue): \($0.message)" }.joined(separator: " · ")))
        let right = Overlay.notesMark(facts) + "\(s.cursor + 1)/\(s.comparison.rows.count)"
        // Cut at the status line's width (what `drawStatus` leaves it): say where the rest is.
        let room = s.width - DisplayWidth.of(" " + right + "  ? help ") - 2
        let hint = "  (i: whole text)"
        if s.message == nil, DisplayWidth.of(left) > room {
            left = DisplayWidth.clip(left, to: max(1, room - DisplayWidth.of(hint)), ellipsis: s.glyphs.ellipsis) + hint
        }
        Overlay.drawStatus(&c, left: left, right: right, glyphs: s.glyphs)
        if s.showingWholeText {
            let width = min(s.width - 4, 120)
            let lines = s.wholeText.flatMap { DisplayWidth.wrap(TerminalText.sanitize($0), to: max(10, width - 4), indent: "  ") }.map {
                ($0, StyleRole.normal)
            }
            Overlay.drawBox(
                &c,
                lines: [("Row \(s.cursor + 1) of \(s.comparison.rows.count)", .title), ("", .normal)] + lines + [
                    ("", .normal), ("any key closes", .dim),
                ], width: width, glyphs: s.glyphs)
        }
        if s.chrome.showingHelp { Overlay.drawHelp(&c, lines: ComparisonState.keys.helpLines(glyphs: s.chrome.glyphs), chrome: s.chrome) }
        return c
    }

    /// The aligned elements: A's and B's side by side in one row each, with the row's difference mark.
    static func drawList(_ c: inout Canvas, _ s: ComparisonState, region r: Region) {
        let half = max(1, (r.width - 4) / 2)
        c.fill(x: r.x, y: r.y, width: r.width, height: 1, role: .title)
        let a = s.comparison.a, b = s.comparison.b
        c.put(
            DisplayWidth.clip("  A: \(a.mode.banner) \(ArchiveText.shortPath(a.source.path))", to: half + 2, ellipsis: s.glyphs.ellipsis), x: r.x,
            y: r.y, role: .title)
        c.put(
            DisplayWidth.clip(
                "B: \(b.mode.banner) \(ArchiveText.shortPath(b.source.path))",
                to: max(1, r.width - half - 4), ellipsis: s.glyphs.ellipsis), x: r.x + half + 4, y: r.y, role: .title)
        for k in 0..<(r.height - 1) {
            let p = s.list.scroll + k
            guard p < s.comparison.rows.count else { break }
            let y = r.y + 1 + k
            let pair = s.comparison.rows[p]
            let kinds = s.differencesByRow[p].map { s.comparison.differences[$0].kind }
            let selected = p == s.cursor
            if selected { c.fill(x: r.x, y: y, width: r.width, height: 1, role: .selected) }
            // A finding's mark as `check` judges it (blocking now, or for review); else what kind of difference.
            let worst = [s.comparison.worst(on: pair.a, inB: false), s.comparison.worst(on: pair.b, inB: true)].compactMap { $0 }.min()
            let mark =
                worst == .blocking
                ? s.glyphs.blockingMark
                : worst == .review
                    ? s.glyphs.reviewMark
                    : kinds.isEmpty ? " " : (kinds.contains(.onlyInA) || kinds.contains(.onlyInB) ? "±" : "~")
            let markRole: StyleRole = selected ? .selected : worst == .blocking ? .blocking : worst == nil && kinds.isEmpty ? .normal : .review
            c.put(mark, x: r.x, y: y, role: markRole, maxWidth: 1)
            for (column, element, archive, isB) in [(r.x + 2, pair.a, a, false), (r.x + half + 4, pair.b, b, true)] {
                let text: String
                let role: StyleRole
                if let i = element {
                    text = String(repeating: " ", count: min(archive.hierarchy[i].depth, 8)) + ArchiveText.summary(archive.hierarchy[i])
                    role = selected ? .selected : .normal
                } else {
                    text = "— (not in \(isB ? "B" : "A"))"
                    role = selected ? .selected : (isB ? .onlyInA : .onlyInB)
                }
                c.put(DisplayWidth.clip(text, to: half, ellipsis: s.glyphs.ellipsis), x: column, y: y, role: role)
            }
            c.set(s.glyphs.separator, x: r.x + half + 2, y: y, role: selected ? .selected : .dim)
        }
    }

    /// One run's drawing, the cursor's element selected. In an rtl run compared with an LTR run, every element
    /// that did not mirror also gets a ghost outline where it belongs, so the fault is seen in the picture.
    static func drawWireframe(_ c: inout Canvas, _ s: ComparisonState, isB: Bool, region r: Region) {
        let archive = isB ? s.comparison.b : s.comparison.a
        c.fill(x: r.x, y: r.y, width: r.width, height: 1, role: .title)
        // Narrow: the one drawing says which run it is and how to see the other; the header names the modes.
        let title = s.isNarrow ? (isB ? "B  Tab: draw A" : "A  Tab: draw B") : (isB ? "B " : "A ") + archive.mode.banner
        c.put(
            DisplayWidth.clip(title, to: r.width, ellipsis: s.glyphs.ellipsis),
            x: r.x, y: r.y, role: .title)
        let wire = isB ? s.wireB : s.wireA
        var options = WireframeOptions(glyphs: s.glyphs)
        options.selected = s.cursor < s.comparison.rows.count ? (isB ? s.comparison.rows[s.cursor].b : s.comparison.rows[s.cursor].a) : nil
        let height = r.height - 1
        guard height > 2 else { return }
        let layout = wire.layout(width: r.width, height: height, options: options)
        var drawing = (isB ? s.cacheB : s.cacheA).drawing(wire, layout, options)
        if isB && s.comparison.isMirrorPair { wire.drawGhosts(&drawing, layout, frames: s.ghostFrames, options: options) }
        wire.highlightSelection(&drawing, layout, options: options)
        var clipped = Canvas(width: min(drawing.width, r.width), height: min(drawing.height, height))
        clipped.blit(drawing, x: 0, y: 0)
        c.blit(clipped, x: r.x + max(0, (r.width - clipped.width) / 2), y: r.y + 1)
    }
}

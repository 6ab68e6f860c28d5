import PseudoscopeCore

/// Draws two runs side by side (or one at a time on narrow terminals): for each run, the aligned element list
/// and the wireframe, with the shared cursor's elements selected in both. Reads only the state.
public enum ComparisonScreen {
    public static let minimumWidth = 60
    public static let minimumHeight = 16

    public static func render(_ s: ComparisonState) -> Canvas {
        guard s.width >= minimumWidth, s.height >= minimumHeight else {
            return Overlay.tooSmall(width: s.width, height: s.height, minimumWidth: minimumWidth, minimumHeight: minimumHeight)
        }
        var c = Canvas(width: s.width, height: s.height)
        let cmp = s.comparison
        c.fill(x: 0, y: 0, width: s.width, height: 1, role: .header)
        let blocking = cmp.mirrorFindings.filter { $0.severity == .blocking }.count
        let summary = "\(cmp.differences.count) difference\(cmp.differences.count == 1 ? "" : "s")" + (cmp.isMirrorPair ? ", \(blocking) blocking not mirrored" : "")
        let title = "Compare \(cmp.a.screen): A \(cmp.a.mode.banner) ↔ B \(cmp.b.mode.banner) · \(summary)"
        c.put(DisplayWidth.clip(TerminalText.sanitize(title), to: s.width, ellipsis: s.glyphs.ellipsis), x: 0, y: 0, role: blocking > 0 ? .blocking : .header)
        let body = Region(x: 0, y: 1, width: s.width, height: s.height - 2)
        if s.isNarrow {
            drawSide(&c, s, isB: s.showingB, region: body, hint: s.showingB ? "  (Tab: A)" : "  (Tab: B)")
        } else {
            let half = (s.width - 1) / 2
            drawSide(&c, s, isB: false, region: Region(x: 0, y: 1, width: half, height: body.height), hint: "")
            for y in body.y..<(body.y + body.height) { c.set(s.glyphs.separator, x: half, y: y, role: .dim) }
            drawSide(&c, s, isB: true, region: Region(x: half + 1, y: 1, width: s.width - half - 1, height: body.height), hint: "")
        }
        let diffs = s.currentDifferences
        let left = s.message ?? (diffs.isEmpty ? "no difference here  (] next difference)" : diffs.map { "\($0.kind.rawValue): \($0.message)" }.joined(separator: " · "))
        Overlay.drawStatus(&c, left: TerminalText.sanitize(left), right: "\(s.cursor + 1)/\(s.comparison.rows.count)", glyphs: s.glyphs)
        if s.chrome.showingHelp { Overlay.drawHelp(&c, lines: ComparisonState.keys.helpLines, chrome: s.chrome) }
        return c
    }

    static func drawSide(_ c: inout Canvas, _ s: ComparisonState, isB: Bool, region r: Region, hint: String) {
        let archive = isB ? s.comparison.b : s.comparison.a
        let h = archive.hierarchy
        let label = (isB ? "B: " : "A: ") + ArchiveText.header(archive) + hint
        c.fill(x: r.x, y: r.y, width: r.width, height: 1, role: .title)
        c.put(DisplayWidth.clip(label, to: r.width, ellipsis: s.glyphs.ellipsis), x: r.x, y: r.y, role: .title)
        // The aligned list.
        let rows = s.listRows
        for k in 0..<rows {
            let p = s.list.scroll + k
            guard p < s.comparison.rows.count else { break }
            let y = r.y + 1 + k
            let pair = s.comparison.rows[p]
            let element = isB ? pair.b : pair.a
            let kinds = s.differencesByRow[p].map { s.comparison.differences[$0].kind }
            let selected = p == s.cursor
            if selected { c.fill(x: r.x, y: y, width: r.width, height: 1, role: .selected) }
            let mark = kinds.isEmpty ? " " : (kinds.contains(.notMirrored) ? s.glyphs.blockingMark : (kinds.contains(.onlyInA) || kinds.contains(.onlyInB) ? "±" : "~"))
            let markRole: StyleRole = selected ? .selected : kinds.contains(.notMirrored) ? .blocking : kinds.isEmpty ? .normal : .review
            c.put(mark, x: r.x, y: y, role: markRole, maxWidth: 1)
            let text: String
            let role: StyleRole
            if let i = element {
                text = String(repeating: " ", count: min(h[i].depth, 12)) + ArchiveText.summary(h[i])
                role = selected ? .selected : .normal
            } else {
                text = "— (not in \(isB ? "B" : "A"))"
                role = selected ? .selected : (isB ? .onlyInA : .onlyInB)
            }
            c.put(DisplayWidth.clip(text, to: max(1, r.width - 2), ellipsis: s.glyphs.ellipsis), x: r.x + 2, y: y, role: role)
        }
        // The wireframe below, with this side's element of the cursor selected.
        let top = r.y + 1 + rows
        let wireHeight = r.y + r.height - top
        guard wireHeight > 2 else { return }
        let wire = isB ? s.wireB : s.wireA
        var options = WireframeOptions(glyphs: s.glyphs)
        options.selected = s.cursor < s.comparison.rows.count ? (isB ? s.comparison.rows[s.cursor].b : s.comparison.rows[s.cursor].a) : nil
        let layout = wire.layout(width: r.width, height: wireHeight, options: options)
        var drawing = (isB ? s.cacheB : s.cacheA).drawing(wire, layout, options)
        wire.highlightSelection(&drawing, layout, options: options)
        var clipped = Canvas(width: min(drawing.width, r.width), height: min(drawing.height, wireHeight))
        clipped.blit(drawing, x: 0, y: 0)
        c.blit(clipped, x: r.x + max(0, (r.width - clipped.width) / 2), y: top)
    }
}

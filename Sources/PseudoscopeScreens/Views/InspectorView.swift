import PseudoscopeCore
import PseudoscopeDrawing

/// Draws the whole inspector for a state: header, tree, wireframe, details, status line, help overlay.
/// Reads only the state; the terminal driver copies the canvas to the screen.
public enum InspectorView {
    public static func render(_ s: InspectorState, facts: SessionFacts = SessionFacts()) -> Canvas {
        var c = Canvas(width: s.width, height: s.height, asciiOnly: s.glyphs.isASCII)
        let l = s.layout
        if l.isTooSmall {
            return Overlay.tooSmall(
                width: s.width, height: s.height, minimumWidth: ScreenLayout.minimumWidth, minimumHeight: ScreenLayout.minimumHeight, glyphs: s.glyphs
            )
        }
        drawHeader(&c, s)
        drawFailureLine(&c, s)
        drawTree(&c, s, l.tree)
        if s.drawingView != .screenshot { drawWireframe(&c, s, s.wireframeRegion) }
        if let r = s.screenshotRegion { drawScreenshot(&c, s, r, facts) }
        DetailsPane.draw(&c, s, l.details)
        drawSeparators(&c, s, l)
        drawStatus(&c, s, facts)
        if s.copyMenuOpen { drawCopyMenu(&c, s) }
        if let item = s.copied { drawCopied(&c, s, item) }
        if s.chrome.showingHelp { Overlay.drawHelp(&c, lines: InspectorState.keys.helpLines(glyphs: s.chrome.glyphs), chrome: s.chrome) }
        return c
    }

    static func drawHeader(_ c: inout Canvas, _ s: InspectorState) {
        c.fill(x: 0, y: 0, width: s.width, height: 1, role: .header)
        // The engine's verdict: a run it could not judge says so rather than counting nothing as a pass.
        let n = s.verdict.counts
        let known = n.blockingKnown > 0 ? " (\(n.blockingKnown) known)" : ""
        let counts =
            s.verdict.isNotChecked
            ? " not checked: no hierarchy "
            : " \(s.glyphs.blockingMark) \(n.blocking) blocking\(known)  \(s.glyphs.reviewMark) \(n.review) review "
                + (s.verdict.incomplete != nil ? "· tree cut short " : "")
        let blocking = n.blockingNow
        let cw = DisplayWidth.of(counts)
        let header = ArchiveText.fittedHeader(s.archive, mirror: s.mirror, width: max(1, s.width - cw - 1), ellipsis: s.glyphs.ellipsis)
        c.put(header, x: 0, y: 0, role: .header)
        c.put(counts, x: s.width - cw, y: 0, role: blocking > 0 || s.verdict.isNotChecked ? .blocking : .header)
    }

    /// The second line: what the test itself said when it failed, where it is seen on open, and, for an rtl run,
    /// which LTR run the pair rule compared it with.
    static func drawFailureLine(_ c: inout Canvas, _ s: InspectorState) {
        let y = 1
        c.fill(x: 0, y: y, width: s.width, height: 1, role: .normal)
        let pair = s.pairing.shortNote(path: ArchiveText.shortPath).map { " \($0) " } ?? ""
        let pw = DisplayWidth.of(TerminalText.sanitize(pair))
        let message = s.archive.failure.message.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
        // A query read on a later line (an assertion's words first) is said after the first: what the test looked for.
        let query = s.verdict.answer.flatMap { a in
            a.query.isRead && !message.contains(a.query.steps.first?.text ?? a.query.key ?? "\u{0}")
                ? "  · looked for: \(a.query.action) \(a.query.target) (\(a.query.outcome.rawValue))" : nil
        }
        let text = "\(s.glyphs.failing) " + (message.isEmpty ? "(no failure message)" : message) + (query ?? "")
        c.put(DisplayWidth.clip(TerminalText.sanitize(text), to: max(1, s.width - pw - 1), ellipsis: s.glyphs.ellipsis), x: 0, y: y, role: .failing)
        if !pair.isEmpty, pw < s.width - 10 { c.put(pair, x: s.width - pw, y: y, role: s.pairing == .noPartner ? .review : .dim) }
    }

    /// The copy menu: a key, what it copies, and the start of the text.
    static func drawCopyMenu(_ c: inout Canvas, _ s: InspectorState) {
        let items = s.copyItems
        let width = min(s.width - 4, 100)
        var lines: [(String, StyleRole)] = [("Copy to the clipboard (Esc closes)", .title), ("", .normal)]
        for item in items {
            let first = item.text.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
            lines.append(("\(item.key)  \(item.title.padded(to: 20)) \(first)", .normal))
        }
        Overlay.drawBox(&c, lines: lines, width: width, glyphs: s.glyphs)
    }

    /// What was copied, and how to get it where the terminal does not take OSC 52: Enter shows it plain on the
    /// terminal's own screen (a box here would put its borders and cut lines into a selection by hand).
    static func drawCopied(_ c: inout Canvas, _ s: InspectorState, _ item: Handover.Item) {
        let width = min(s.width - 4, 100)
        let explanation = s.clipboard.explanation
        let lines: [(String, StyleRole)] =
            [("The \(item.title) (\(item.text.count) characters)", .title), ("", .normal)]
            + explanation.map { ($0, StyleRole.normal) } + [("", .normal), ("Enter: show it plain · any other key closes", .dim)]
        Overlay.drawBox(&c, lines: lines, width: width, glyphs: s.glyphs)
    }

    static func drawTitle(_ c: inout Canvas, _ s: InspectorState, _ r: Region, _ pane: Pane, _ extra: String) {
        let focused = s.focus == pane
        let mark = focused ? s.glyphs.focusMark : " "
        let text = "\(mark) \(pane.title)\(extra.isEmpty ? "" : "  " + extra)"
        c.fill(x: r.x, y: r.y, width: r.width, height: 1, role: focused ? .focusedPane : .dim)
        c.put(DisplayWidth.clip(text, to: r.width, ellipsis: s.glyphs.ellipsis), x: r.x, y: r.y, role: focused ? .focusedPane : .dim)
    }

    static func drawTree(_ c: inout Canvas, _ s: InspectorState, _ r: Region) {
        // The position is on the status line; the title shows only what changes rarely.
        drawTitle(&c, s, r, .tree, "\(s.tree.rows.count) row\(s.tree.rows.count == 1 ? "" : "s")")
        let h = s.archive.hierarchy
        let failing = s.archive.failingIndex
        let rows = r.height - 1
        for k in 0..<rows {
            let rowIndex = s.tree.list.scroll + k
            guard rowIndex < s.tree.rows.count else { break }
            let i = s.tree.rows[rowIndex]
            let e = h[i]
            let y = r.y + 1 + k
            let isSelected = i == s.selected
            let rowRole: StyleRole = isSelected ? .selected : (WrapAround.contains(s.matches, i) ? .match : .normal)
            // Deep trees keep at least half the pane for the text.
            let indent = min(e.depth * 2, r.width / 2)
            // Two marks: the failing element, then the worst finding on the element itself, or, faint, on a
            // collapsed node, the worst finding hidden inside it.
            if i == failing { c.put(s.glyphs.failing, x: r.x, y: y, role: .failing, maxWidth: 1) }
            let collapsed = !e.children.isEmpty && !s.tree.expanded[i]
            if let w = s.index.byElement[i]?.map(\.severity).min() {
                c.put(
                    w == .blocking ? s.glyphs.blockingMark : s.glyphs.reviewMark, x: r.x + 1, y: y,
                    role: w == .blocking ? .blocking : .review, maxWidth: 1)
            } else if collapsed, let w = s.index.worstInside[i] {
                c.put(w == .blocking ? s.glyphs.blockingMark : s.glyphs.reviewMark, x: r.x + 1, y: y, role: .dim, maxWidth: 1)
            }
            let expander = e.children.isEmpty ? s.glyphs.leaf : (s.tree.expanded[i] ? s.glyphs.expanded : s.glyphs.collapsed)
            let text = expander + " " + ArchiveText.summary(e)
            let room = r.width - 3 - indent
            if room > 0 {
                // The selection is the row's text in reverse, not a bar across the pane: the indentation and the
                // blanks after the text stay as they are, so a move redraws the two texts and nothing else (in a
                // deep tree the blanks were most of a move's bytes; docs/performance.md).
                c.put(DisplayWidth.clip(text, to: room, ellipsis: s.glyphs.ellipsis), x: r.x + 3 + indent, y: y, role: rowRole)
            }
        }
    }

    static func drawWireframe(_ c: inout Canvas, _ s: InspectorState, _ r: Region) {
        var extra: [String] = []
        extra.append(s.archive.mode.isRightToLeft || s.mirror ? "RTL" : "LTR")
        if s.mirror { extra.append("mirror") }
        let (layout, options) = s.wireframeLayout()
        if s.zoom {
            extra.append("zoom (Esc)")
        } else {
            // A selection too small to see as a box gets a hint: z zooms to it.
            let f = s.wireframe.drawnFrame(s.selected, options)
            let cells = layout.cells(for: f)
            if !f.isEmpty, cells.width < 3 || cells.height < 3 { extra.append("tiny: z zooms") }
        }
        drawTitle(&c, s, r, .wireframe, extra.joined(separator: " · "))
        var drawing = s.wireframeCache.drawing(s.wireframe, layout, options)
        s.wireframe.highlightSelection(&drawing, layout, options: options)
        let origin = s.drawingOrigin(layout)
        var clipped = Canvas(width: min(drawing.width, r.width), height: min(drawing.height, r.height - 1))
        clipped.blit(drawing, x: 0, y: 0)
        c.blit(clipped, x: origin.x, y: origin.y)
    }

    /// The failure screenshot in its region, the selection outlined; or, in one line, why there is none.
    static func drawScreenshot(_ c: inout Canvas, _ s: InspectorState, _ r: Region, _ facts: SessionFacts) {
        if r.x > s.layout.wireframe.x {
            for y in r.y..<(r.y + r.height) { c.set(s.glyphs.separator, x: r.x - 1, y: y, role: .dim) }
        }
        var extra = [String]()
        func note(_ text: String, _ role: StyleRole) {
            for (k, line) in DisplayWidth.wrap(TerminalText.sanitize(text), to: max(10, r.width - 2), indent: "").enumerated() where k < r.height - 2
            {
                c.put(line, x: r.x + 1, y: r.y + 2 + k, role: role, maxWidth: r.width - 1)
            }
        }
        if facts.graphics == .none {
            drawTitle(&c, s, r, .wireframe, "screenshot")
            note("No screenshot: --graphics none.", .dim)
            return
        }
        guard !s.glyphs.isASCII || facts.graphics != .symbols else {
            drawTitle(&c, s, r, .wireframe, "screenshot")
            note("Screenshots are drawn with Unicode block symbols: not in ASCII mode (--ascii, a non-UTF-8 locale, or a).", .dim)
            return
        }
        switch s.screenshot {
        case .notLoaded, .loading:
            drawTitle(&c, s, r, .wireframe, "screenshot")
            note("Reading the screenshot…", .dim)
        case .unavailable(let why):
            drawTitle(&c, s, r, .wireframe, "screenshot")
            note(why, .review)
        case .loaded(let image, _):
            extra.append("screenshot \(image.width)×\(image.height)")
            if s.zoom { extra.append("zoom (Esc)") }
            if let gap = s.archive.screenshotTimeGap, abs(gap) > 2 {
                extra.append("taken \(NumberText.points(abs(gap).rounded())) s \(gap > 0 ? "after" : "before") the failure: may not match")
            }
            drawTitle(&c, s, r, .wireframe, extra.joined(separator: " · "))
            var view = ScreenshotView(image: image, archive: s.archive, glyphs: s.glyphs, depth: facts.imageDepth)
            if s.zoom { view.viewport = s.zoomViewport(width: r.width, height: r.height - 1) }
            view.tags = s.proposalTags
            let (cols, rows) = view.size(width: r.width, height: r.height - 1)
            let x = r.x + max(0, (r.width - cols) / 2)
            if case .graphics(let proto) = facts.graphics {
                // The picture itself over blank cells; the outline is drawn into its pixels.
                c.fill(x: x, y: r.y + 1, width: cols, height: rows, role: .image)
                let payload = s.imageCache.graphics(view, proto: proto, columns: cols, rows: rows, selected: s.selected, cell: facts.cellPixels)
                c.overlays.append(GraphicsOverlay(x: x, y: r.y + 1, columns: cols, rows: rows, payload: payload.bytes, key: payload.key))
            } else {
                c.blit(view.draw(columns: cols, rows: rows, selected: s.selected, cache: s.imageCache), x: x, y: r.y + 1)
            }
        }
    }

    /// A vertical line left of every pane that does not start at the left edge.
    static func drawSeparators(_ c: inout Canvas, _ s: InspectorState, _ l: ScreenLayout) {
        for pane in [l.tree, l.wireframe, l.details] where pane.x > 0 {
            for y in pane.y..<(pane.y + pane.height) { c.set(s.glyphs.separator, x: pane.x - 1, y: y, role: .dim) }
        }
    }

    static func drawStatus(_ c: inout Canvas, _ s: InspectorState, _ facts: SessionFacts) {
        let position = Overlay.notesMark(facts) + "\((s.tree.row(of: s.selected) ?? 0) + 1)/\(s.tree.rows.count)"
        let left: String
        if let p = s.baselinePrompt {
            left = p.question + p.text + "▏  (Enter: next, Esc: cancel)"
        } else if let q = s.searchQuery {
            left = "/\(q)▏ \(s.matches.count) match\(s.matches.count == 1 ? "" : "es")  (Enter: keep, Esc: cancel)"
        } else if let m = s.message {
            left = m
        } else {
            // What the element is first (its type, identifier or text), then where it is: a deep path alone
            // (`…/Other/Other/ScrollView/Other/StaticText[0]`) does not say which element is selected. Not its
            // frame (the details show it, and the path says where). On a wide screen the name is padded to a
            // column that moves in steps of 12: a name of another length at every move shifted the path along
            // the line, and the terminal was sent the whole line again at each step (docs/performance.md, bytes
            // per move); on a narrow one the columns are the path's.
            let failing = s.selected == s.archive.failingIndex ? "\(s.glyphs.failing) failing · " : ""
            let e = s.hierarchy[s.selected]
            let name = ElementName.of(type: e.type, identifier: e.identifier, text: e.displayText, frame: nil)
            let width = DisplayWidth.of(TerminalText.sanitize(name))
            let column = c.width >= 100 ? max(24, (width + 11) / 12 * 12) : width
            left = failing + name + String(repeating: " ", count: column - width) + " · " + s.namer.shortPath(s.selected)
        }
        Overlay.drawStatus(&c, left: left, right: position, glyphs: s.glyphs)
    }
}

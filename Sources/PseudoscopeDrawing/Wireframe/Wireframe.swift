import PseudoscopeCore

/// Draws a scaled text wireframe of an archive's screen: the window outline, a box per element with its text,
/// overflowing elements highlighted by severity, the failing element marked.
///
/// Reads the archive's hierarchy and the severity of each element's worst finding.
public struct Wireframe {
    public let archive: Archive
    /// The worst finding's severity for each element (indexed like the hierarchy).
    public let severities: [Severity?]
    /// For elements whose text is cut (`text-truncated`): the share of the text the frame shows (of its width, or of
    /// its lines), from the finding's own evidence, so the drawing shows the truncation the finding reports.
    public let shownShare: [Int: Double]
    /// Elements with a `text-truncated` finding: where their text runs out of their box, the device cut it (`…`).
    public let deviceCut: Set<Int>

    /// How far beyond the window the drawing grows to show elements pushed off-screen, in window sizes.
    public static let maxGrowth: Double = 1

    public init(archive: Archive, findings: [Finding]) {
        self.archive = archive
        var s = [Severity?](repeating: nil, count: archive.hierarchy.count)
        var share: [Int: Double] = [:]
        var cut = Set<Int>()
        for k in findings.indices {
            guard let i = findings[k].element, i < s.count else { continue }
            let severity = findings[k].severity
            if findings[k].rule == .textTruncated { cut.insert(i) }
            // The share of the text the frame shows: of its width for a line cut short, of its height for
            // lines cut off below (the lines shown, roughly that share of the text); the smaller where both.
            if findings[k].rule == .textTruncated {
                func value(_ name: String) -> Double? { findings[k].evidence.first(where: { $0.name == name })?.value }
                var shares: [Double] = []
                if let need = value("neededWidth"), let have = value("frameWidth"), need > 0, have >= 0, have < need {
                    shares.append(have / need)
                }
                if let need = value("neededHeight"), let have = value("frameHeight"), need > 0, have >= 0, have < need {
                    shares.append(have / need)
                }
                if let smallest = shares.min() { share[i] = min(share[i] ?? 1, smallest) }
            }
            s[i] = s[i].map { min($0, severity) } ?? severity
            if let members = findings[k].stack?.members {
                for m in members where m < s.count { s[m] = s[m].map { min($0, severity) } ?? severity }
            }
        }
        severities = s
        shownShare = share
        deviceCut = cut
        window = archive.hierarchy.windowFrame
        windowIndex = archive.hierarchy.windowIndex
        boundsLTR = Wireframe.computeBounds(archive.hierarchy, window) { archive.hierarchy[$0].frame }
        let w = archive.hierarchy.screenFrame
        mirrorAxis = w
        boundsMirrored = Wireframe.computeBounds(archive.hierarchy, window) { i in
            var f = archive.hierarchy[i].frame
            f.x = w.minX + (w.maxX - f.maxX)
            return f
        }
    }

    /// The window's frame (nil when unknown: the drawing then shows what the elements cover, with no outline),
    /// what mirroring flips about, and the screen's bounds as drawn and mirrored: computed once, because the
    /// inspector lays the wireframe out on every keystroke.
    let window: Rect?
    let windowIndex: Int?
    let mirrorAxis: Rect
    let boundsLTR: Rect
    let boundsMirrored: Rect

    /// Right-to-left text alignment for rtl archives and the mirror view.
    public func isRightToLeft(_ options: WireframeOptions) -> Bool {
        archive.mode.isRightToLeft || options.mirror
    }

    /// The frame of element `i` as drawn: mirrored about the window's centre in the mirror view.
    public func drawnFrame(_ i: Int, _ options: WireframeOptions) -> Rect {
        var f = archive.hierarchy[i].frame
        if options.mirror { f.x = mirrorAxis.minX + (mirrorAxis.maxX - f.maxX) }
        return f
    }

    /// The window and everything drawn outside it, but never more than `maxGrowth` window sizes beyond it, so one
    /// absurd frame cannot shrink the screen to a dot.
    public func screenBounds(_ options: WireframeOptions) -> Rect {
        options.mirror ? boundsMirrored : boundsLTR
    }

    static func computeBounds(_ h: Hierarchy, _ window: Rect?, _ frame: (Int) -> Rect) -> Rect {
        guard let window = window, !window.isEmpty else {
            return h.indices.reduce(Rect.zero) { acc, i in h[i].frame.isEmpty ? acc : (acc.isEmpty ? frame(i) : acc.union(frame(i))) }
        }
        let g = Wireframe.maxGrowth
        let limit = Rect(
            x: window.x - window.width * g, y: window.y - window.height * g,
            width: window.width * (1 + 2 * g), height: window.height * (1 + 2 * g))
        var b = window
        for i in h.indices where !h[i].frame.isEmpty {
            if let clipped = frame(i).intersection(limit) { b = b.union(clipped) }
        }
        return b
    }

    public func layout(width: Int, height: Int?, options: WireframeOptions) -> WireframeLayout {
        if let note = archive.hierarchyNote {
            // Nothing to draw: room for the note that says so, not a screen's height of blank lines.
            let lines = Wireframe.noteLines(note, width: width).count
            let rows = min(height ?? lines, lines)
            return WireframeLayout(
                bounds: Rect(x: 0, y: 0, width: Double(max(1, width)), height: Double(2 * rows)), window: nil, width: width, height: rows)
        }
        return WireframeLayout(bounds: options.viewport ?? screenBounds(options), window: window, width: width, height: height)
    }

    /// What the drawing says instead of drawing nothing, when the source held no hierarchy.
    static func noteLines(_ note: String, width: Int) -> [String] {
        DisplayWidth.wrap(TerminalText.sanitize("No hierarchy to draw: \(note)"), to: max(10, width - 2), indent: "")
    }

    /// Draws the screen into a canvas of the layout's size.
    public func draw(_ layout: WireframeLayout, options: WireframeOptions) -> Canvas {
        var base = options
        base.selected = nil
        var canvas = drawUnselected(layout, options: base)
        highlightSelection(&canvas, layout, options: options)
        return canvas
    }

    /// Dashed outlines where elements belong but are not (an rtl run's unmirrored elements), over the drawing.
    public func drawGhosts(_ canvas: inout Canvas, _ layout: WireframeLayout, frames: [Rect], options: WireframeOptions) {
        for f in frames where !f.isEmpty {
            let r = layout.cells(for: f)
            guard r.width >= 2, r.height >= 2, r.right >= 0, r.bottom >= 0, r.left < canvas.width, r.top < canvas.height else { continue }
            drawBox(&canvas, r, options.glyphs.review, role: .ghost, clearInside: false)
        }
    }

    /// Marks the selected element's border, and its ancestors' faintly, on a drawing made without selection.
    /// Kept apart from drawing so that the interactive screen can draw once and highlight on every move.
    public func highlightSelection(_ canvas: inout Canvas, _ layout: WireframeLayout, options: WireframeOptions) {
        let h = archive.hierarchy
        guard let s = options.selected, s < h.count else { return }
        for a in h.path(to: s) where a != 0 || windowIndex == 0 {
            let f = drawnFrame(a, options)
            guard !f.isEmpty else { continue }
            let r = a == windowIndex ? layout.outline(for: f) : layout.cells(for: f)
            if a == s {
                if r.width < 2 || r.height < 2 {
                    canvas.setRole(.selected, x: max(0, r.left), y: max(0, r.top))
                } else if r.height >= 3, a != windowIndex, r.right >= 0, r.bottom >= 0, r.left < canvas.width, r.top < canvas.height {
                    // Drawn, not only recoloured: a selected element under another shows its whole outline.
                    let box =
                        severities[a] == .blocking ? options.glyphs.blocking : severities[a] == .review ? options.glyphs.review : options.glyphs.plain
                    drawBox(&canvas, r, box, role: .selected, clearInside: false)
                    if a == archive.failingIndex { canvas.set(options.glyphs.failing, x: r.left, y: r.top, role: .selected) }
                } else {
                    recolorBorder(&canvas, r, .selected)
                }
            } else if r.width >= 2 && r.height >= 2 {
                recolorBorder(&canvas, r, .ancestor)
            }
        }
    }

    /// The drawing of every element, without the selection.
    public func drawUnselected(_ layout: WireframeLayout, options: WireframeOptions) -> Canvas {
        drawUnselected(layout, options: options, skippingHidden: true)
    }

    /// `skippingHidden: false` draws every box, hidden or not: the reference the differential test holds the
    /// occlusion against.
    func drawUnselected(_ layout: WireframeLayout, options: WireframeOptions, skippingHidden: Bool) -> Canvas {
        var canvas = Canvas(width: layout.columns, height: layout.rows, asciiOnly: options.glyphs.isASCII)
        if let note = archive.hierarchyNote {
            for (k, line) in Wireframe.noteLines(note, width: layout.columns).enumerated() where k < layout.rows {
                _ = canvas.put(line, x: 1, y: k, role: .dim, maxWidth: max(0, layout.columns - 1))
            }
            return canvas
        }
        let h = archive.hierarchy
        let g = options.glyphs
        let failing = archive.failingIndex
        let rtl = isRightToLeft(options)

        let boxes = visibleBoxes(layout, options, width: canvas.width, height: canvas.height, skippingHidden: skippingHidden)
        for i in h.indices {
            guard let r = boxes[i] else { continue }
            let e = h[i]
            let isWindow = i == windowIndex
            let severity = severities[i]
            let role: StyleRole = isWindow ? .window : severity == .blocking ? .blocking : severity == .review ? .review : .normal
            if r.width < 2 || r.height < 2 {
                let mark = i == failing ? g.failing : g.tinyElement
                let x = max(0, r.left), y = max(0, r.top)
                // A small element's mark does not go over a letter of a label drawn before it (`Ä▪derungen`): the
                // text is what a reader needs there. The failing element's mark always goes on (it is the one
                // thing looked for), as does a mark for a finding.
                if i != failing, severity == nil, canvas.contains(x: x, y: y),
                    canvas[x, y].grapheme.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
                {
                    continue
                }
                canvas.set(mark, x: x, y: y, role: i == failing ? .failing : role)
                continue
            }
            let box = isWindow ? g.window : severity == .blocking ? g.blocking : severity == .review ? g.review : g.plain
            drawBox(&canvas, r, box, role: role, clearInside: covers(i))
            if i == failing { canvas.set(g.failing, x: r.left, y: r.top, role: .failing) }
            var topBorderStart = r.left + 1
            var topBorderEnd = r.right - 1
            if let tag = options.tags[i] {
                let used = canvas.put(tag, x: r.left + 1, y: r.top, role: role == .normal ? .title : role, maxWidth: r.width - 2)
                topBorderStart += used
            }
            if isWindow { continue }
            var text = e.caption
            if let share = shownShare[i], text == e.displayText { text = Wireframe.asTheDeviceShows(text, share: share, ellipsis: g.ellipsis) }
            let cut = deviceCut.contains(i) ? role : nil
            if r.height >= 3 && r.width >= 3 {
                drawText(&canvas, text, left: r.left + 1, right: r.right - 1, top: r.top + 1, rows: r.height - 2, rtl: rtl, glyphs: g, deviceCut: cut)
            } else if topBorderEnd >= topBorderStart {
                topBorderEnd = min(topBorderEnd, canvas.width - 1)
                drawText(&canvas, text, left: topBorderStart, right: topBorderEnd, top: r.top, rows: 1, rtl: rtl, glyphs: g, deviceCut: cut)
            }
        }
        // An element with a finding may lie under another (a promo under a toast): its outline goes over the
        // cover, so what needs a look is never hidden by what is drawn later.
        // An outline that a later one draws over cell for cell (the same rectangle) is not drawn: a stack of
        // thousands of truncated rows would otherwise be outlined thousands of times.
        var outlines: [(index: Int, cells: CellRect)] = []
        for i in h.indices where severities[i] != nil && i != windowIndex {
            let f = drawnFrame(i, options)
            guard !f.isEmpty else { continue }
            let r = layout.cells(for: f)
            guard r.width >= 2, r.height >= 3, r.right >= 0, r.bottom >= 0, r.left < canvas.width, r.top < canvas.height else { continue }
            outlines.append((i, r))
        }
        var later = Set<CellRect>(minimumCapacity: skippingHidden ? outlines.count : 0)  // (grown from empty, it rehashed all)
        var shown = [Bool](repeating: true, count: outlines.count)
        if skippingHidden {
            for k in outlines.indices.reversed() { shown[k] = later.insert(outlines[k].cells).inserted }
        }
        for (k, (i, r)) in outlines.enumerated() where shown[k] {
            let blocking = severities[i] == .blocking
            drawBox(&canvas, r, blocking ? g.blocking : g.review, role: blocking ? .blocking : .review, clearInside: false)
            if i == failing { canvas.set(g.failing, x: r.left, y: r.top, role: .failing) }
        }
        // The failing element's mark goes on last: drawn as a tiny mark or a box, it may lie under what was drawn
        // after it (a title over a small back button), and the one thing on-call looks for must be on the screen.
        if let i = failing, i < h.count, !drawnFrame(i, options).isEmpty {
            let r = layout.cells(for: drawnFrame(i, options))
            if r.left >= 0, r.top >= 0, r.left < canvas.width, r.top < canvas.height { canvas.set(g.failing, x: r.left, y: r.top, role: .failing) }
        }
        return canvas
    }

    /// Only what shows something (text, a control) covers what is under it. A window or an empty container is an
    /// outline: a second full-screen window or overlay with nothing in it must not blank the app.
    private func covers(_ i: Int) -> Bool {
        let e = archive.hierarchy.elements
        return e[i].type != "Window" && (!e[i].displayText.isEmpty || e[i].isInteractive || e[i].isText)
    }

    /// Each element's box on the canvas, or nil where nothing of it would show: no frame, a container that
    /// repeats its parent's frame (drawn once), off the canvas, or painted over entirely by boxes drawn after it.
    /// The last is found back to front with a bitmap of the cells later filled boxes cover: a flat list of
    /// 100,000 rows stacks thousands of boxes on each cell, and drawing them all was most of `render`.
    private func visibleBoxes(_ layout: WireframeLayout, _ options: WireframeOptions, width: Int, height: Int, skippingHidden: Bool) -> [CellRect?] {
        let h = archive.hierarchy
        let failing = archive.failingIndex
        var boxes = [CellRect?](repeating: nil, count: h.count)
        let words = (width + 63) / 64
        var covered = [UInt64](repeating: 0, count: words * max(height, 0))
        func span(_ r: CellRect) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
            (max(0, r.left), min(width - 1, r.right), max(0, r.top), min(height - 1, r.bottom))
        }
        // A row's cells are tested and set a word at a time, through masks: thousands of rows stacked on one
        // place are each tested against every cell of their box, and bit by bit that was a tenth of `render`.
        func mask(_ word: Int, _ x0: Int, _ x1: Int) -> UInt64 {
            let lo = max(x0, word * 64) - word * 64, hi = min(x1, word * 64 + 63) - word * 64
            let upper: UInt64 = hi == 63 ? .max : (1 << UInt64(hi + 1)) - 1
            return upper & ~((1 << UInt64(lo)) - 1)
        }
        func isCovered(_ r: CellRect) -> Bool {
            let (x0, x1, y0, y1) = span(r)
            guard x0 <= x1, y0 <= y1 else { return true }
            let w0 = x0 / 64, w1 = x1 / 64
            for w in w0...w1 {
                let m = mask(w, x0, x1)
                for y in y0...y1 where covered[y * words + w] & m != m { return false }
            }
            return true
        }
        func cover(_ r: CellRect) {
            let (x0, x1, y0, y1) = span(r)
            guard x0 <= x1, y0 <= y1 else { return }
            let w0 = x0 / 64, w1 = x1 / 64
            for w in w0...w1 {
                let m = mask(w, x0, x1)
                for y in y0...y1 { covered[y * words + w] |= m }
            }
        }
        for i in h.indices.reversed() {
            // Fields are read in place (`h[i].parent`), not from a copy of the element: a copy retains and
            // releases all its strings, for every element of the archive.
            let f = drawnFrame(i, options)
            let isWindow = i == windowIndex
            if i == 0 && windowIndex != 0 { continue }
            guard !f.isEmpty else { continue }
            let special = severities[i] != nil || i == failing || i == options.selected || options.tags[i] != nil
            // A container with its parent's frame adds only another outline: draw it once.
            if !isWindow, !special, let p = h[i].parent, h[p].frame == h[i].frame { continue }
            // The window's outline goes around its area, in the cells the layout keeps for it.
            let r = isWindow ? layout.outline(for: f) : layout.cells(for: f)
            guard r.right >= 0, r.bottom >= 0, r.left < width, r.top < height else { continue }
            if skippingHidden, isCovered(r) { continue }
            boxes[i] = r
            // A filled box replaces every cell of its rectangle: border, inside, and any text drawn there before.
            if !isWindow, r.width > 2, r.height > 2, covers(i) { cover(r) }
        }
        return boxes
    }

    private func drawBox(_ c: inout Canvas, _ r: CellRect, _ b: BoxGlyphs, role: StyleRole, clearInside: Bool) {
        if clearInside, r.width > 2, r.height > 2 {
            c.fill(x: r.left + 1, y: r.top + 1, width: r.width - 2, height: r.height - 2)
        }
        c.drawBorder(r, b, role: role)
    }

    private func recolorBorder(_ c: inout Canvas, _ r: CellRect, _ role: StyleRole) {
        // Clip to the canvas first: a frame far outside would otherwise loop over millions of cells.
        guard r.right >= 0, r.bottom >= 0, r.left < c.width, r.top < c.height else { return }
        let r = CellRect(left: max(0, r.left), top: max(0, r.top), right: min(c.width - 1, r.right), bottom: min(c.height - 1, r.bottom))
        for x in r.left...r.right {
            c.setRole(role, x: x, y: r.top)
            c.setRole(role, x: x, y: r.bottom)
        }
        for y in r.top...r.bottom {
            c.setRole(role, x: r.left, y: y)
            c.setRole(role, x: r.right, y: y)
        }
    }

    /// The innermost drawn element under a cell, for mouse clicks: the last in tree order whose box contains it.
    public func element(atColumn column: Int, row: Int, layout: WireframeLayout, options: WireframeOptions) -> Int? {
        let h = archive.hierarchy
        var best: Int?
        for i in h.indices where i != 0 && !h[i].frame.isEmpty {
            if layout.cells(for: drawnFrame(i, options)).contains(column: column, row: row) { best = i }
        }
        return best
    }
}

import PseudoscopeCore

/// The text of `pseudoscope compare A B`: both wireframes side by side, then the differences and the pair
/// findings. Differences are tagged `[n]` on the boxes of both runs.
public struct ComparisonReport {
    public var comparison: RunComparison
    public var glyphs: Glyphs
    public var width: Int
    public var height: Int?

    public init(comparison: RunComparison, glyphs: Glyphs, width: Int, height: Int?) {
        self.comparison = comparison
        self.glyphs = glyphs
        self.width = width
        self.height = height
    }

    /// Tags per side: the n-th difference's elements carry `[n]` (the first difference of an element wins).
    func tags() -> (a: [Int: String], b: [Int: String]) {
        var ta: [Int: String] = [:], tb: [Int: String] = [:]
        for (n, d) in comparison.differences.enumerated() {
            if let i = d.a, ta[i] == nil { ta[i] = "[\(n + 1)]" }
            if let j = d.b, tb[j] == nil { tb[j] = "[\(n + 1)]" }
        }
        return (ta, tb)
    }

    public func canvas() -> Canvas {
        let c = comparison
        let columnWidth = max(20, (width - 3) / 2)
        let (ta, tb) = tags()
        let (fa, fb) = (c.findingsA, c.findingsB)
        let wa = Wireframe(archive: c.a, findings: fa), wb = Wireframe(archive: c.b, findings: fb)
        var oa = WireframeOptions(glyphs: glyphs), ob = WireframeOptions(glyphs: glyphs)
        oa.tags = ta
        ob.tags = tb
        var list: [(String, StyleRole)] = []
        if c.a.screen != c.b.screen {
            list.append((TerminalText.sanitize("Different screens: A is \(c.a.screen), B is \(c.b.screen)."), .review))
        }
        if c.isMirrorPair && !c.mirroredPlaces.isEmpty {
            list.append(
                (
                    "Dashed outlines in B (\(glyphs.review.topLeft)\(glyphs.review.horizontal)\(glyphs.review.topRight)) mark where the unmirrored elements belong.",
                    .dim
                ))
        }
        for n in c.notCompared {
            for l in DisplayWidth.wrap(TerminalText.sanitize("Not compared: " + n + "."), to: max(width, 20), indent: "  ") { list.append((l, .dim)) }
        }
        if c.differences.isEmpty { list.append(("No differences.", .normal)) }
        for (n, d) in c.differences.enumerated() {
            // An unmirrored element drawn as its finding is judged (blocking now, or for review), as `check` says.
            let judged: StyleRole = d.kind != .notMirrored ? .normal : c.worst(on: d.b, inB: true) == .blocking ? .blocking : .review
            let role: StyleRole = d.kind == .onlyInA ? .onlyInA : d.kind == .onlyInB ? .onlyInB : judged
            for l in DisplayWidth.wrap(TerminalText.sanitize("[\(n + 1)] \(d.kind.rawValue): \(d.message)"), to: max(width, 20), indent: "      ") {
                list.append((l, role))
            }
        }
        if !c.notMirroredFindings.isEmpty {
            list.append(("", .normal))
            for f in c.notMirroredFindings { list += ArchiveText.wrappedFindingLines(f, glyphs: glyphs, width: width) }
        }
        let headerA = DisplayWidth.wrap("A: " + ArchiveText.header(c.a), to: columnWidth, indent: "   ")
        let headerB = DisplayWidth.wrap("B: " + ArchiveText.header(c.b), to: columnWidth, indent: "   ")
        let headerLines = max(headerA.count, headerB.count)
        let drawingHeight = height.map { max(6, $0 - headerLines - 3 - list.count) }
        let la = wa.layout(width: columnWidth, height: drawingHeight, options: oa)
        let lb = wb.layout(width: columnWidth, height: drawingHeight, options: ob)
        let da = wa.draw(la, options: oa)
        var db = wb.draw(lb, options: ob)
        wb.drawGhosts(&db, lb, frames: c.mirroredPlaces, options: ob)
        let drawingRows = max(da.height, db.height)
        let total = max(width, columnWidth * 2 + 3)
        var canvas = Canvas(width: total, height: headerLines + 1 + drawingRows + 1 + list.count, asciiOnly: glyphs.isASCII)
        for (k, l) in headerA.enumerated() { canvas.put(l, x: 0, y: k, role: .header, maxWidth: columnWidth) }
        for (k, l) in headerB.enumerated() { canvas.put(l, x: columnWidth + 3, y: k, role: .header, maxWidth: columnWidth) }
        let top = headerLines + 1
        canvas.blit(da, x: 0, y: top)
        for y in top..<(top + drawingRows) { canvas.set(glyphs.separator, x: columnWidth + 1, y: y, role: .dim) }
        canvas.blit(db, x: columnWidth + 3, y: top)
        for (k, l) in list.enumerated() {
            canvas.put(DisplayWidth.clip(l.0, to: total, ellipsis: glyphs.ellipsis), x: 0, y: top + drawingRows + 1 + k, role: l.1)
        }
        return canvas
    }
}

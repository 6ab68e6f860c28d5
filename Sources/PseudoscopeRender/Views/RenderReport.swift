import PseudoscopeCore

/// The text of `pseudoscope render`: a header line, the wireframe, a legend and optionally the findings list.
public struct RenderReport {
    public var archive: Archive
    public var findings: [Finding]
    public var glyphs: Glyphs
    public var width: Int
    public var height: Int?
    public var listFindings: Bool
    public var mirror = false

    public init(archive: Archive, findings: [Finding], glyphs: Glyphs, width: Int, height: Int?, listFindings: Bool) {
        self.archive = archive
        self.findings = findings
        self.glyphs = glyphs
        self.width = width
        self.height = height
        self.listFindings = listFindings
    }

    /// Numbered tags for findings, one per element, in finding order: `[1]`, `[2]`...
    public func tags() -> [Int: String] {
        var tags: [Int: String] = [:]
        var n = 0
        for f in findings { if let i = f.element, tags[i] == nil { n += 1; tags[i] = "[\(n)]" } }
        return tags
    }

    /// The whole report on one canvas, so that plain and coloured output are the same cells.
    public func canvas() -> Canvas {
        let wire = Wireframe(archive: archive, findings: findings)
        var options = WireframeOptions(glyphs: glyphs)
        options.mirror = mirror
        let tagMap = listFindings ? tags() : [:]
        options.tags = tagMap
        // Header, blank, drawing, blank, legend (+ findings): the drawing gets what is left of --height.
        let listLines = listFindings ? max(1, findings.count) + 2 : 0
        let drawingHeight = height.map { max(3, $0 - 4 - listLines) }
        let layout = wire.layout(width: width, height: drawingHeight, options: options)
        let drawing = wire.draw(layout, options: options)
        var lines: [(String, StyleRole)] = []
        let legend = "\(glyphs.window.topLeft)\(glyphs.window.horizontal)\(glyphs.window.topRight) window  "
            + "\(glyphs.blocking.topLeft)\(glyphs.blocking.horizontal)\(glyphs.blocking.topRight) blocking  "
            + "\(glyphs.review.topLeft)\(glyphs.review.horizontal)\(glyphs.review.topRight) review  "
            + "\(glyphs.failing) failing element  \(glyphs.tinyElement) small element"
        lines.append((legend, .dim))
        if listFindings {
            lines.append(("", .normal))
            if findings.isEmpty { lines.append(("No findings.", .normal)) }
            for f in findings {
                let tag = f.element.flatMap { tagMap[$0] } ?? "[-]"
                let role: StyleRole = f.severity == .blocking ? .blocking : .review
                let text = ArchiveText.findingLine(f, glyphs: glyphs, tag: tag)
                for l in DisplayWidth.wrap(text, to: max(width, 20), indent: "      ") { lines.append((l, role)) }
            }
        }
        let header = ArchiveText.header(archive, mirror: mirror)
        let totalWidth = max(drawing.width, min(max(width, 20), DisplayWidth.of(header)), lines.map { min(width, DisplayWidth.of($0.0)) }.max() ?? 0)
        var c = Canvas(width: totalWidth, height: drawing.height + 3 + lines.count)
        c.put(header, x: 0, y: 0, role: .header, maxWidth: totalWidth)
        c.blit(drawing, x: 0, y: 2)
        for (k, l) in lines.enumerated() {
            let clipped = DisplayWidth.clip(l.0, to: totalWidth, ellipsis: glyphs.ellipsis)
            c.put(clipped, x: 0, y: drawing.height + 3 + k, role: l.1)
        }
        return c
    }
}

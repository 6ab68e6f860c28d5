import PseudoscopeCore
import PseudoscopeImage

/// The text of `pseudoscope render`: a header line, the wireframe, a legend and optionally the findings list.
public struct RenderReport {
    public var archive: Archive
    public var findings: [Finding]
    public var glyphs: Glyphs
    public var width: Int
    public var height: Int?
    public var listFindings: Bool
    public var mirror = false
    /// For an rtl run: which LTR run the pair rule compared it with, said under the header.
    public var pairing: Pairing = .notApplicable
    /// `--select`: the element drawn selected, named under the header.
    public var selected: Int?
    /// `--screenshot`: the failure screenshot drawn (as symbols, in `imageDepth` colours) instead of the wireframe.
    public var screenshot: RasterImage?
    /// What the picture is when it is not the failure screenshot (a frame of the screen recording).
    public var pictureDescription: String?
    public var imageDepth: ColorDepth = .none
    /// Say the failure and, with `answer` (the verdict's), what it looked for, before the findings: why the test
    /// failed (the plain open).
    public var sayFailure = false
    public var answer: QueryAnswer?

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

    /// The failure's first line and, when it reads as a query, what it looked for and the answer: the lines
    /// `info` gives, wrapped to the width.
    func failureLines() -> [String] {
        let first = archive.failure.message.splitLines(omittingEmpty: true).first.map(String.init) ?? ""
        guard !first.isEmpty || answer != nil else { return [] }
        var out = first.isEmpty ? [] : ["Failure     " + first]
        out += answer.map(AnswerText.infoLines) ?? []
        return out.flatMap { DisplayWidth.wrap(TerminalText.sanitize($0), to: max(width, 20), indent: "            ") }
    }

    /// The whole report on one canvas, so that plain and coloured output are the same cells.
    public func canvas() -> Canvas {
        let wire = Wireframe(archive: archive, findings: findings)
        var options = WireframeOptions(glyphs: glyphs)
        options.mirror = mirror
        options.selected = selected
        let tagMap = listFindings ? tags() : [:]
        options.tags = tagMap
        // Header, blank, drawing, blank, legend (+ findings): the drawing gets what is left of --height.
        let why = listFindings && sayFailure ? failureLines() : []
        let listLines = listFindings ? max(1, findings.count) + 2 + why.count : 0
        let headerLines =
            DisplayWidth.wrap(ArchiveText.header(archive, mirror: mirror), to: max(width, 20), indent: "  ").count
            + (pairing.note == nil ? 0 : 1) + (selected == nil ? 0 : 1)
        let drawingHeight = height.map { max(3, $0 - 3 - headerLines - listLines) }
        let drawing: Canvas
        var lines: [(String, StyleRole)] = []
        if let image = screenshot {
            let view = ScreenshotView(image: image, archive: archive, glyphs: glyphs, depth: imageDepth)
            let (cols, rows) = view.size(width: width, height: drawingHeight ?? WireframeLayout.maxRows)
            drawing = view.draw(columns: cols, rows: rows, selected: selected, cache: ImageCellsCache())
            var legend = "\(pictureDescription ?? "the failure screenshot"), \(image.width)×\(image.height) pixels: \(glyphs.failing) failing element"
            if selected != nil { legend += ", the selected element outlined" }
            lines.append((legend, .dim))
            if pictureDescription == nil, let gap = archive.screenshotTimeGap, abs(gap) > 2 {
                lines.append(
                    (
                        "taken \(NumberText.points(abs(gap).rounded())) s \(gap > 0 ? "after" : "before") the failure was recorded: it may not match the hierarchy",
                        .review
                    ))
            }
        } else {
            let layout = wire.layout(width: width, height: drawingHeight, options: options)
            drawing = wire.draw(layout, options: options)
            // Wrapped between its items, never inside one (a mark stays with its meaning).
            var line = ""
            for item in glyphs.legend.components(separatedBy: "  ") {
                if !line.isEmpty, DisplayWidth.of(line + "  " + item) > width { lines.append((line, .dim)); line = "" }
                line += (line.isEmpty ? "" : "  ") + item
            }
            lines.append((line, .dim))
        }
        if listFindings {
            if !why.isEmpty { lines.append(("", .normal)) }
            lines += why.map { ($0, .normal) }
            lines.append(("", .normal))
            if findings.isEmpty { lines.append(("No findings.", .normal)) }
            for f in findings {
                let tag = f.element.flatMap { tagMap[$0] } ?? "[-]"
                lines += ArchiveText.wrappedFindingLines(f, glyphs: glyphs, tag: tag, width: width)
            }
        }
        // The header wraps rather than losing the device and Xcode version off the edge.
        var header = DisplayWidth.wrap(ArchiveText.header(archive, mirror: mirror), to: max(width, 20), indent: "  ")
        if let note = pairing.note.map(TerminalText.sanitize) { header += DisplayWidth.wrap(note, to: max(width, 20), indent: "  ") }
        if let i = selected {
            header += DisplayWidth.wrap(TerminalText.sanitize("selected: " + PathNamer(archive.hierarchy).path(i)), to: max(width, 20), indent: "  ")
        }
        let widest = (header + lines.map(\.0)).map { min(width, DisplayWidth.of($0)) }.max() ?? 0
        let totalWidth = max(drawing.width, widest)
        let top = header.count + 1
        var c = Canvas(width: totalWidth, height: top + drawing.height + 1 + lines.count, asciiOnly: glyphs.isASCII)
        for (k, l) in header.enumerated() { c.put(l, x: 0, y: k, role: .header, maxWidth: totalWidth) }
        c.blit(drawing, x: 0, y: top)
        for (k, l) in lines.enumerated() {
            let clipped = DisplayWidth.clip(l.0, to: totalWidth, ellipsis: glyphs.ellipsis)
            c.put(clipped, x: 0, y: top + drawing.height + 1 + k, role: l.1)
        }
        return c
    }
}

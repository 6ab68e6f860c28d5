import PseudoscopeCore

/// An element's text in its box: wrapped as a label wraps, cut where the device cut it (`…`, the finding's colour)
/// or where the drawing has no room (`›`, dim).
extension Wireframe {
    /// A text cut as a label cuts it (at its end): the characters that fit `share` of its width, then the ellipsis.
    /// `［Einstellungen···］` at 75% is `［Einstellun…`: the drawing shows what the device showed, not the whole text.
    public static func asTheDeviceShows(_ text: String, share: Double, ellipsis: String) -> String {
        let total = DisplayWidth.of(text)
        guard share.isFinite, share < 1, total > 0 else { return text }
        let room = max(0, Int((Double(total) * max(0, share)).rounded(.down)) - DisplayWidth.of(ellipsis))
        var out = ""
        var used = 0
        for c in text {
            let w = DisplayWidth.of(c)
            if used + w > room { break }
            out.append(c)
            used += w
        }
        return out + ellipsis
    }

    /// Writes text between two columns on as many of `rows` lines as it needs (wrapped at spaces, as a
    /// multi-line label wraps), aligned to the right edge in RTL. The two cuts look different: the text of an
    /// element the device cut (`deviceCut`: a `text-truncated` finding, its role) ends in the ellipsis drawn in
    /// that colour, where the device cut it or where its box ends; any other text the drawing has no room for
    /// ends in `glyphs.noRoom`, dim.
    func drawText(
        _ c: inout Canvas, _ text: String, left: Int, right: Int, top: Int, rows: Int, rtl: Bool, glyphs: Glyphs,
        deviceCut: StyleRole?
    ) {
        let visibleLeft = max(left, 0), visibleRight = min(right, c.width - 1)
        let room = visibleRight - visibleLeft + 1
        guard room > 0, rows > 0 else { return }
        let clean = TerminalText.sanitize(text)
        var lines = rows > 1 && DisplayWidth.of(clean) > room ? Wireframe.wrapAtSpaces(clean, to: room) : [clean]
        let overflows = lines.count > rows
        lines = Array(lines.prefix(rows))
        for (k, line) in lines.enumerated() {
            let last = k == lines.count - 1
            var shown = line
            var marked = false
            // The mark at a cut: the device's (an element with a truncation finding), else the drawing's.
            let mark = deviceCut == nil ? glyphs.noRoom : glyphs.ellipsis
            if DisplayWidth.of(line) > room || (last && overflows) {
                let kept = line.hasSuffix(glyphs.ellipsis) ? String(line.dropLast(glyphs.ellipsis.count)) : line
                shown = DisplayWidth.clip(kept, to: room - DisplayWidth.of(mark), ellipsis: "") + mark
                marked = true
            }
            let w = DisplayWidth.of(shown)
            let x = rtl ? visibleRight - w + 1 : visibleLeft
            c.put(shown, x: x, y: top + k, maxWidth: room)
            if marked || (last && deviceCut != nil && shown.hasSuffix(glyphs.ellipsis)) {
                let markWidth = DisplayWidth.of(marked ? mark : glyphs.ellipsis)
                for col in max(x, x + w - markWidth)..<(x + w) { c.setRole(deviceCut ?? .dim, x: col, y: top + k) }
            }
        }
    }

    /// Lines of at most `width` columns broken at spaces, as a label wraps; a word longer than a line ends the
    /// wrapping there (it is drawn cut, with the no-room mark): a label never wraps inside a word.
    static func wrapAtSpaces(_ text: String, to width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            if DisplayWidth.of(line) > width { break }
        }
        lines.append(line)
        // What did not fit is not lost silently: a line past the last shown makes the last one marked.
        let shown = lines.joined(separator: " ")
        if DisplayWidth.of(shown) < DisplayWidth.of(text.split(separator: " ").joined(separator: " ")),
            DisplayWidth.of(lines[lines.count - 1]) <= width
        {
            lines.append("")
        }
        return lines
    }
}

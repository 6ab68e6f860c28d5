import PseudoscopeCore
import PseudoscopeDrawing

/// Pieces every interactive screen draws the same way: the help overlay, the too-small message, the status line.
enum Overlay {
    /// A framed box in the middle of the screen with the key help generated from a key table, scrolled to
    /// the chrome's help position when the terminal is too short for all of it.
    static func drawHelp(_ c: inout Canvas, lines help: [String], chrome: ScreenChrome) {
        let pageRows = chrome.helpPageRows
        let start = min(chrome.helpScroll.offset, max(0, help.count - pageRows))
        let more = help.count > pageRows ? "  (\(start + 1)–\(min(help.count, start + pageRows)) of \(help.count); j k scroll)" : ""
        let lines =
            [("Keys (q or Esc closes)" + more, StyleRole.title), ("", .normal)]
            + help.dropFirst(start).prefix(pageRows).map { ($0, StyleRole.normal) }
        let width = (([lines[0].0] + help).map { DisplayWidth.of($0) }.max() ?? 20) + 4
        drawBox(&c, lines: lines, width: width, glyphs: chrome.glyphs)
    }

    /// A framed box in the middle of the screen holding `lines` (clipped to the screen), cleared behind.
    static func drawBox(_ c: inout Canvas, lines: [(String, StyleRole)], width: Int, glyphs: Glyphs) {
        let w = min(c.width - 4, width)
        let h = min(c.height - 2, lines.count + 2)
        guard w > 4, h > 2 else { return }
        let x0 = (c.width - w) / 2, y0 = max(1, (c.height - h) / 2)
        c.fill(x: x0, y: y0, width: w, height: h)
        let b = glyphs.plain
        for x in (x0 + 1)..<(x0 + w - 1) {
            c.set(b.horizontal, x: x, y: y0, role: .title)
            c.set(b.horizontal, x: x, y: y0 + h - 1, role: .title)
        }
        for y in (y0 + 1)..<(y0 + h - 1) {
            c.set(b.vertical, x: x0, y: y, role: .title)
            c.set(b.vertical, x: x0 + w - 1, y: y, role: .title)
        }
        c.set(b.topLeft, x: x0, y: y0, role: .title); c.set(b.topRight, x: x0 + w - 1, y: y0, role: .title)
        c.set(b.bottomLeft, x: x0, y: y0 + h - 1, role: .title); c.set(b.bottomRight, x: x0 + w - 1, y: y0 + h - 1, role: .title)
        for (k, line) in lines.prefix(h - 2).enumerated() {
            c.put(DisplayWidth.clip(line.0, to: w - 4, ellipsis: glyphs.ellipsis), x: x0 + 2, y: y0 + 1 + k, role: line.1)
        }
    }

    /// Centred lines asking for a larger terminal.
    static func tooSmall(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int, glyphs: Glyphs) -> Canvas {
        var c = Canvas(width: width, height: height, asciiOnly: glyphs.isASCII)
        let lines = [
            "Terminal too small:", "need at least \(minimumWidth)×\(minimumHeight), have \(width)×\(height).",
            "Enlarge the window, or press q to quit.",
        ]
        for (k, line) in lines.enumerated() {
            let clipped = DisplayWidth.clip(line, to: width, ellipsis: glyphs.ellipsis)
            c.put(clipped, x: max(0, (width - DisplayWidth.of(clipped)) / 2), y: max(0, height / 2 - 1) + k)
        }
        return c
    }

    /// A framed box of the session's notes (`!`), scrolled to `scroll`.
    /// The notes' lines as the overlay shows them on a screen `screenWidth` wide: each note wrapped, bulleted.
    /// What the overlay draws and what its scrolling counts are the same lines.
    static func noteLines(_ notes: [String], screenWidth: Int, glyphs: Glyphs) -> [String] {
        let width = min(screenWidth - 4, 110)
        var wrapped: [String] = []
        for n in notes {
            let lines = DisplayWidth.wrap(TerminalText.sanitize(n), to: max(10, width - 6), indent: "  ")
            for (k, l) in lines.enumerated() { wrapped.append((k == 0 ? glyphs.bullet + " " : "") + l) }
        }
        return wrapped
    }

    static func drawNotes(_ notes: [String], scroll: Int, on c: inout Canvas, glyphs: Glyphs) {
        let width = min(c.width - 4, 110)
        let wrapped = noteLines(notes, screenWidth: c.width, glyphs: glyphs)
        let pageRows = max(1, c.height - 6)
        let start = min(scroll, max(0, wrapped.count - pageRows))
        let title =
            notes.isEmpty
            ? "No notes (q closes)"
            : "\(notes.count) note\(notes.count == 1 ? "" : "s") (q or Esc closes" + (wrapped.count > pageRows ? "; j k scroll" : "") + ")"
        drawBox(
            &c, lines: [(title, .title), ("", .normal)] + wrapped.dropFirst(start).prefix(pageRows).map { ($0, StyleRole.normal) }, width: width,
            glyphs: glyphs)
    }

    /// `! 3 notes  ` before the position when the session holds notes: they reach the user while the session is on.
    static func notesMark(_ facts: SessionFacts) -> String {
        facts.notes == 0 ? "" : "! \(facts.notes) note\(facts.notes == 1 ? "" : "s")  "
    }

    /// The bottom line: context on the left, position and `? help` on the right.
    static func drawStatus(_ c: inout Canvas, left: String, right: String, glyphs: Glyphs) {
        let y = c.height - 1
        guard y >= 0 else { return }
        let r = " " + right + "  ? help "
        let rw = DisplayWidth.of(r)
        // The bar holds the path or message; the position, which changes on every move, stands after it in
        // plain text: redrawing a digit inside the bar cost two attribute changes per move (docs/performance.md).
        c.fill(x: 0, y: y, width: max(0, c.width - rw), height: 1, role: .status)
        c.put(DisplayWidth.clip(" " + left, to: max(1, c.width - rw - 1), ellipsis: glyphs.ellipsis), x: 0, y: y, role: .status)
        c.put(r, x: max(0, c.width - rw), y: y, role: .normal)
    }
}

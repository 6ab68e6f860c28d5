import PseudoscopeCore
import PseudoscopeImage

/// A grid of cells that every view draws on, and that renders to plain text, ANSI text or a terminal.
///
/// All text enters through `put`, which sanitizes it: nothing drawn on a canvas can drive a terminal.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Pictures a graphics protocol draws over blank cells of this canvas (sixel, kitty, iTerm2).
    public var overlays: [GraphicsOverlay] = []
    /// Text is put as ASCII only (`--ascii`, or a locale that is not UTF-8): Pseudoscope's typographic characters
    /// in ASCII spellings, any other character outside ASCII as `?` per column (`TerminalText.asciiOnly`).
    public var asciiOnly: Bool
    /// Set when `asciiOnly` text had characters outside ASCII, drawn as `?`.
    public private(set) var replacedOutsideASCII = false

    public init(width: Int, height: Int, asciiOnly: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.asciiOnly = asciiOnly
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes one grapheme of known width, repairing any wide character it would cut in half.
    public mutating func set(_ grapheme: String, width w: Int = 1, x: Int, y: Int, role: StyleRole) {
        guard contains(x: x, y: y) else { return }
        if w == 2 && x + 1 >= width {
            // A wide character cannot straddle the right edge: show a space instead of half of it.
            place(Cell(grapheme: " ", width: 1, role: role), x: x, y: y)
            return
        }
        place(Cell(grapheme: grapheme, width: UInt8(w), role: role), x: x, y: y)
        if w == 2 { place(Cell(grapheme: "", width: 0, role: role), x: x + 1, y: y) }
    }

    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        let old = cells[i].width  // (the width alone: copying the cell retained its text)
        if old == 0, x > 0, cells[i - 1].width == 2 {
            cells[i - 1] = Cell(grapheme: " ", width: 1, role: cells[i - 1].role)
        }
        if old == 2, cell.width != 0, x + 1 < width {
            cells[i + 1] = Cell(grapheme: " ", width: 1, role: cells[i + 1].role)
        }
        cells[i] = cell
    }

    /// One narrow cell (a box's glyph) at `x`, `y`, repaired as `set` repairs; dropped outside the canvas.
    mutating func setNarrow(_ cell: Cell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        place(cell, x: x, y: y)
    }

    /// One narrow cell in the columns `columns` of row `y` (a box's top and bottom borders are most of the cells a
    /// wireframe sets). A wide character's continuation always follows it on a canvas, so inside the run both
    /// halves are overwritten: only a wide character across either end is cut in half, which placing the two end
    /// cells repairs.
    mutating func fillRun(_ cell: Cell, columns: Range<Int>, y: Int) {
        guard y >= 0, y < height else { return }
        let lo = max(columns.lowerBound, 0), hi = min(columns.upperBound, width)
        guard lo < hi else { return }
        place(cell, x: lo, y: y)
        place(cell, x: hi - 1, y: y)
        for x in lo..<hi { cells[y * width + x] = cell }
    }

    /// Changes the role of a cell without touching its text.
    public mutating func setRole(_ role: StyleRole, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        cells[y * width + x].role = role
    }

    /// Writes sanitized text from column `x`, clipped to `maxWidth` columns (and the canvas edge).
    /// Returns the number of columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: StyleRole = .normal, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(maxWidth ?? Int.max, width - x)
        guard limit > 0 else { return 0 }
        var col = x
        let safe = asciiOnly ? TerminalText.asciiOnly(TerminalText.sanitize(text), replaced: &replacedOutsideASCII) : TerminalText.sanitize(text)
        for ch in safe {
            let w = DisplayWidth.of(ch)
            if w == 0 {
                // A combining mark joins the previous grapheme; a lone one is dropped.
                continue
            }
            if col - x + w > limit {
                if w == 2 && col - x < limit { set(" ", x: col, y: y, role: role); col += 1 }
                break
            }
            if col >= 0 { set(String(ch), width: w, x: col, y: y, role: role) }
            col += w
        }
        return col - x
    }

    /// Fills a rectangle with blanks of a role.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, role: StyleRole = .normal, grapheme: String = " ") {
        for yy in max(0, y)..<min(height, y + h) where yy >= 0 {
            for xx in max(0, x)..<min(width, x + w) {
                set(grapheme, x: xx, y: yy, role: role)
            }
        }
    }

    /// Copies `other` onto this canvas with its top-left corner at (x, y), clipped to this canvas.
    public mutating func blit(_ other: Canvas, x: Int, y: Int) {
        for o in other.overlays { var m = o; m.x += x; m.y += y; overlays.append(m) }
        // What was drawn as `?` there is drawn as `?` here (a wireframe's labels in a report or a screen).
        replacedOutsideASCII = replacedOutsideASCII || other.replacedOutsideASCII
        for oy in 0..<other.height {
            let ty = y + oy
            guard ty >= 0, ty < height else { continue }
            for ox in 0..<other.width {
                let tx = x + ox
                guard tx >= 0, tx < width else { continue }
                let c = other[ox, oy]
                if c.width == 0 {
                    // A continuation whose leading half was clipped away becomes a space.
                    if ox == 0 || tx == 0 { place(Cell(grapheme: " ", width: 1, role: c.role), x: tx, y: ty) } else { place(c, x: tx, y: ty) }
                } else if c.width == 2 && tx + 1 >= width {
                    place(Cell(grapheme: " ", width: 1, role: c.role), x: tx, y: ty)
                } else {
                    place(c, x: tx, y: ty)
                }
            }
        }
    }

    /// Copies a picture's cells to (x, y), clipped to this canvas, in the `image` role with their own colours.
    public mutating func placeImage(_ image: ImageCells, x: Int, y: Int) {
        for iy in 0..<image.rows {
            for ix in 0..<image.columns where contains(x: x + ix, y: y + iy) {
                let c = image[ix, iy]
                let color = image.depth == .none ? nil : CellColor(foreground: c.foreground, background: c.background, depth: image.depth)
                place(Cell(grapheme: c.grapheme, width: 1, role: .image, color: color), x: x + ix, y: y + iy)
            }
        }
    }

    /// The top `height` rows of this canvas.
    public func cropped(height h: Int) -> Canvas {
        var c = Canvas(width: width, height: max(0, min(h, height)))
        c.blit(self, x: 0, y: 0)
        return c
    }

    /// The text of row `y`, trailing spaces kept.
    public func line(_ y: Int) -> String {
        var s = ""
        for x in 0..<width { s += self[x, y].grapheme }
        return s
    }

    /// Plain text: one line per row, trailing spaces removed, no escape sequences.
    public func renderPlain() -> String {
        // Built as bytes: a large drawing has tens of thousands of cells, and string appends per cell add up.
        var out: [UInt8] = []
        out.reserveCapacity(cells.count + height)
        for y in 0..<height {
            let lineStart = out.count
            var keep = lineStart  // end of the line without trailing spaces
            for x in 0..<width {
                // A space told by its one byte (`g == " "` compared every other grapheme the slow way), and a
                // grapheme's bytes copied from its storage at once: the two were half of making the drawing's text.
                var g = cells[y * width + x].grapheme
                if g.utf8.count == 1, g.utf8.first == 0x20 {
                    out.append(0x20)
                } else {
                    g.withUTF8 { out.append(contentsOf: $0) }
                    keep = out.count
                }
            }
            out.removeSubrange(keep..<out.count)
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text with ANSI SGR colours for `--color always` and colour-capable pipes.
    public func renderANSI(palette: ANSIPalette = .standard) -> String {
        var out = ""
        for y in 0..<height {
            var current: StyleRole = .normal
            var currentColor: CellColor?
            var lineText = ""
            var trailing = ""  // spaces held back so trailing blanks can be trimmed
            for x in 0..<width {
                let c = self[x, y]
                if c.width == 0 { continue }
                if c.grapheme == " " && c.role == .normal {
                    trailing += " "
                    continue
                }
                if !trailing.isEmpty {
                    if current != .normal || currentColor != nil { lineText += palette.reset; current = .normal; currentColor = nil }
                    lineText += trailing
                    trailing = ""
                }
                if c.role != current || c.color != currentColor {
                    lineText += c.color.map { "\u{1B}[0;\($0.sgr)m" } ?? palette.sequence(c.role)
                    current = c.role
                    currentColor = c.color
                }
                lineText += c.grapheme
            }
            if current != .normal || currentColor != nil { lineText += palette.reset }
            out += lineText + "\n"
        }
        return out
    }
}

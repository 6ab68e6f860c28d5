import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

final class CanvasTests: XCTestCase {
    func testWideCharactersTakeTwoCellsAndAreNeverHalved() {
        var c = Canvas(width: 6, height: 1)
        c.put("確認す", x: 0, y: 0)
        XCTAssertEqual(c.line(0), "確認す", "three wide characters fill six cells")
        c.put("a", x: 1, y: 0)
        XCTAssertEqual(c.line(0), " a認す", "overwriting the second half of a wide character blanks its first half")
        c.put("b", x: 2, y: 0)
        XCTAssertEqual(c.line(0), " ab す", "overwriting the first half blanks the second")
    }

    /// Plain text from a canvas is each row's graphemes, trailing spaces dropped, as joining them and trimming
    /// does: on seeded canvases of spaces, letters, box lines, wide characters, a space with a mark on it, a
    /// no-break space and an empty grapheme (the test `renderPlain`'s byte-level space check is held to).
    func testPlainTextIsEachRowsGraphemesWithoutTrailingSpaces() {
        var rng = SplitMix64(seed: 36)
        let graphemes: [(String, Int)] = [(" ", 1), (" ", 1), ("a", 1), ("─", 1), ("確", 2), (" \u{301}", 1), ("\u{A0}", 1), ("", 1), ("👩‍💻", 2)]
        for _ in 0..<2000 {
            let width = Int.random(in: 1...9, using: &rng), height = Int.random(in: 1...3, using: &rng)
            var c = Canvas(width: width, height: height)
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                let (g, w) = graphemes[Int.random(in: 0..<graphemes.count, using: &rng)]
                c.set(g, width: w, x: Int.random(in: 0..<width, using: &rng), y: Int.random(in: 0..<height, using: &rng), role: .normal)
            }
            var expected = ""
            for y in 0..<height {
                var line = (0..<width).map { c[$0, y].grapheme }
                while line.last == " " { line.removeLast() }
                // An empty grapheme (a wide character's second half) ends the spaces that may be dropped.
                expected += line.joined() + "\n"
            }
            XCTAssertEqual(c.renderPlain(), expected)
        }
    }

    /// A border's run of cells (`fillRun`) leaves the canvas as setting them one by one does: on seeded rows of
    /// wide and narrow characters, runs starting and ending on either half of a wide character, at the edges,
    /// beyond them and on rows off the canvas.
    func testARunOfCellsIsSetAsCellByCell() {
        var rng = SplitMix64(seed: 35)
        let border = Cell(grapheme: "─", width: 1, role: .review)
        for _ in 0..<3000 {
            var c = Canvas(width: 12, height: 2)
            for y in 0..<2 {
                var x = 0
                while x < 12 {
                    let wide = Int.random(in: 0..<3, using: &rng) > 0
                    c.put(wide ? "確" : "a", x: x, y: y, role: wide ? .title : .normal)
                    x += wide ? 2 : 1
                }
            }
            let lo = Int.random(in: -3...13, using: &rng), hi = Int.random(in: -3...15, using: &rng), y = Int.random(in: -1...2, using: &rng)
            var byRun = c, byCell = c
            byRun.fillRun(border, columns: lo..<max(lo, hi), y: y)
            for x in lo..<max(lo, hi) { byCell.set("─", x: x, y: y, role: .review) }
            // (Compared whole, roles and widths too; said as the rows before and after.)
            XCTAssertTrue(
                byRun == byCell,
                "columns \(lo)..<\(hi) of row \(y) over \(c.line(0))|\(c.line(1)): by run \(byRun.line(0))|\(byRun.line(1)), by cell \(byCell.line(0))|\(byCell.line(1))"
            )
        }
    }

    func testClipAtTheEdgeLeavesASpaceNotHalfACharacter() {
        var c = Canvas(width: 5, height: 1)
        c.put("ab確認", x: 0, y: 0)
        XCTAssertEqual(c.line(0), "ab確 ")
    }

    func testPutSanitizes() {
        var c = Canvas(width: 20, height: 1)
        c.put("x\u{1B}[2Jy", x: 0, y: 0)
        XCTAssertEqual(c.renderPlain(), "x\\e[2Jy\n")
    }

    func testANSIRenderingWrapsRolesInSGR() {
        var c = Canvas(width: 4, height: 1)
        c.put("ab", x: 0, y: 0, role: .blocking)
        XCTAssertEqual(c.renderANSI(), "\u{1B}[0;1;31mab\u{1B}[0m\n")
    }

    /// A direct-colour terminal takes 0xRRGGBB from 8 up: a picture's palette indices become the xterm palette's
    /// colours, and 0–7 (the theme's colours) and the default stay as they are.
    func testPaletteColoursBecomeRGBForADirectColourTerminal() {
        let expected: [(Int32, Int32)] = [
            (16, 0x000000), (231, 0xFFFFFF), (196, 0xFF0000), (46, 0x00FF00), (21, 0x0000FF),
            (67, 0x5F87AF), (232, 0x080808), (244, 0x808080), (255, 0xEEEEEE), (9, 0xFF0000), (12, 0x5C5CFF),
        ]
        for (index, rgb) in expected {
            XCTAssertEqual(CellColor(foreground: index, background: -1, depth: .indexed256).directColor.foreground, rgb, "index \(index)")
        }
        let theme = CellColor(foreground: 1, background: -1, depth: .indexed16).directColor
        XCTAssertEqual(theme.foreground, 1, "red stays the theme's red")
        XCTAssertEqual(theme.background, -1, "the default stays the default")
        XCTAssertEqual(CellColor(foreground: 0x123456, background: 0xFFFFFF, depth: .truecolor).directColor.foreground, 0x123456)
    }

    /// Pairs are numbered as first needed and reused; when a frame finds none left while earlier frames' pairs
    /// are held, every pair is free again and the frame is painted once more; a frame that alone needs more than
    /// there are draws the rest in the default colours, without starting over.
    func testPicturePairsStartOverWhenEarlierFramesHoldThem() {
        var pairs = PicturePairs(first: 10, limit: 14)  // four pairs, as few as an eight-colour terminal leaves
        func frame(_ colours: [(Int32, Int32)]) -> (answers: [PicturePairs.Answer], again: Bool) {
            pairs.beginFrame()
            let answers = colours.map { pairs.pair(foreground: $0.0, background: $0.1) }
            return (answers, pairs.startOverIfRanOut())
        }
        let one = frame([(1, 2), (3, 4), (1, 2)])
        XCTAssertEqual(one.answers, [.new(10), .new(11), .known(10)])
        XCTAssertFalse(one.again)
        let two = frame([(5, 6), (7, 0), (1, 2), (2, 1)])
        XCTAssertEqual(two.answers, [.new(12), .new(13), .known(10), .none], "the fifth pair of colours finds none left")
        XCTAssertTrue(two.again, "earlier frames held pairs: start over")
        let painted = frame([(5, 6), (7, 0), (1, 2), (2, 1)])
        XCTAssertEqual(painted.answers, [.new(10), .new(11), .new(12), .new(13)], "the frame painted again with every pair free")
        XCTAssertFalse(painted.again)
        var fresh = PicturePairs(first: 10, limit: 12)
        fresh.beginFrame()
        XCTAssertEqual([(1, 1), (2, 2), (3, 3)].map { fresh.pair(foreground: $0.0, background: $0.1) }, [.new(10), .new(11), .none])
        XCTAssertFalse(fresh.startOverIfRanOut(), "a frame that alone needs more pairs than there are does not start over")
        fresh.refuse(foreground: 2, background: 2)
        XCTAssertEqual(fresh.pair(foreground: 2, background: 2), .known(0), "a pair the terminal refused is drawn in the defaults")
    }

    /// A canvas knows when text outside ASCII became `?` in it, also when that happened in a canvas blitted into
    /// it (the wireframe in a report or a screen): the hint to set a UTF-8 locale depends on it.
    func testReplacedTextIsKnownThroughBlits() {
        var drawing = Canvas(width: 6, height: 1, asciiOnly: true)
        drawing.put("確認", x: 0, y: 0)
        XCTAssertEqual(drawing.line(0), "????  ")
        XCTAssertTrue(drawing.replacedOutsideASCII)
        var screen = Canvas(width: 10, height: 2, asciiOnly: true)
        screen.put("plain · text", x: 0, y: 0)
        XCTAssertFalse(screen.replacedOutsideASCII, "our own punctuation has ASCII spellings")
        screen.blit(drawing, x: 0, y: 1)
        XCTAssertTrue(screen.replacedOutsideASCII)
    }

    func testEnvironmentDecisions() {
        let tty = TerminalEnvironment(stdoutIsTerminal: true, variables: ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"])
        XCTAssertTrue(tty.useColor(.auto))
        XCTAssertTrue(tty.canBeInteractive)
        XCTAssertFalse(tty.glyphs(forceASCII: false).isASCII)
        XCTAssertTrue(tty.glyphs(forceASCII: true).isASCII)
        let noColor = TerminalEnvironment(stdoutIsTerminal: true, variables: ["TERM": "xterm", "NO_COLOR": "1", "LC_ALL": "C"])
        XCTAssertFalse(noColor.useColor(.auto))
        XCTAssertTrue(noColor.useColor(.always))
        XCTAssertTrue(noColor.glyphs(forceASCII: false).isASCII, "a C locale gets ASCII glyphs")
        let pipe = TerminalEnvironment(stdoutIsTerminal: false, variables: ["TERM": "xterm"])
        XCTAssertFalse(pipe.useColor(.auto))
        XCTAssertFalse(pipe.canBeInteractive)
        XCTAssertFalse(TerminalEnvironment(stdoutIsTerminal: true, variables: ["TERM": "dumb"]).canBeInteractive)
    }
}

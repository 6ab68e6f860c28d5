import XCTest
@testable import PseudoscopeRender

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
        let expected: [(Int32, Int32)] = [(16, 0x000000), (231, 0xFFFFFF), (196, 0xFF0000), (46, 0x00FF00), (21, 0x0000FF),
                                          (67, 0x5F87AF), (232, 0x080808), (244, 0x808080), (255, 0xEEEEEE), (9, 0xFF0000), (12, 0x5C5CFF)]
        for (index, rgb) in expected {
            XCTAssertEqual(CellColor(foreground: index, background: -1, depth: .indexed256).directColor.foreground, rgb, "index \(index)")
        }
        let theme = CellColor(foreground: 1, background: -1, depth: .indexed16).directColor
        XCTAssertEqual(theme.foreground, 1, "red stays the theme's red")
        XCTAssertEqual(theme.background, -1, "the default stays the default")
        XCTAssertEqual(CellColor(foreground: 0x123456, background: 0xFFFFFF, depth: .truecolor).directColor.foreground, 0x123456)
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

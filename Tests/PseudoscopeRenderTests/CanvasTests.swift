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

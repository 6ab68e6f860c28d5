import Foundation
import XCTest

/// The real binary in a real terminal (tmux): what a user on SSH sees.
final class InspectorEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    func testOpensOnFailingElementNavigatesSearchesResizesAndQuitsCleanly() throws {
        let t = try TmuxSession([Harness.sample("checkout-expanded")])
        var screen = try t.waitFor(text: "identifier  checkout.confirm")
        XCTAssertTrue(screen.contains("‼ 3 blocking"), screen)
        XCTAssertTrue(t.alternateScreenOn)

        try t.send("k")
        screen = try t.waitFor(text: "identifier  checkout.applyCoupon")

        try t.send("/")
        try t.type("confirm")
        screen = try t.waitFor(text: "/confirm▏ 1 match")
        try t.send("Enter")
        screen = try t.waitFor(text: "identifier  checkout.confirm")

        try t.resize(width: 80, height: 24)
        screen = try t.waitFor("a redraw at 80x24") { s in
            let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 24 && lines[23].contains("? help") && lines[0].contains("blocking")
        }

        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        XCTAssertFalse(t.alternateScreenOn, "the alternate screen is left on exit")
        XCTAssertFalse(try t.capture().contains("Details"), "the inspector's screen is gone")
    }

    func testHelpOverlayOpensAndCloses() throws {
        let t = try TmuxSession([Harness.sample("settings-normal")])
        try t.waitFor(text: "? help")
        try t.send("?")
        try t.waitFor(text: "Keys (q or Esc closes)")
        try t.send("Escape")
        try t.waitFor("the overlay to close") { !$0.contains("Keys (q or Esc closes)") }
        try t.send("Q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    func testSIGTERMAndSIGHUPRestoreTheTerminal() throws {
        for (signal, status) in [(SIGTERM, Int32(128 + SIGTERM)), (SIGHUP, Int32(128 + SIGHUP))] {
            let t = try TmuxSession([Harness.sample("settings-rtl")])
            try t.waitFor(text: "? help")
            let pid = try XCTUnwrap(t.pid)
            kill(pid, signal)
            XCTAssertEqual(try t.waitForExit(), status)
            XCTAssertFalse(t.alternateScreenOn, "signal \(signal) leaves the alternate screen")
        }
    }

    func testCtrlCExits130() throws {
        let t = try TmuxSession([Harness.sample("settings-rtl")])
        try t.waitFor(text: "? help")
        try t.send("C-c")
        XCTAssertEqual(try t.waitForExit(), 130)
        XCTAssertFalse(t.alternateScreenOn)
    }

    func testACrashRestoresTheTerminalAndSaysWhereTheLogIs() throws {
        let t = try TmuxSession([Harness.sample("settings-normal")], environment: ["PSEUDOSCOPE_FAULT": "crash-after-first-frame"])
        let status = try t.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertFalse(t.alternateScreenOn)
        let screen = try t.capture()
        XCTAssertTrue(screen.contains("crashed; the terminal was restored. Details are in /"), screen)
    }

    func testKeysComeFromTheTerminalWhenTheArchiveIsPiped() throws {
        let path = Harness.sample("settings-normal") + "/archive.json"
        let t = try TmuxSession(["-"], environment: [:])
        // Replace the session: pipe the archive into the program.
        try t.tmux(["kill-session", "-t", t.name])
        let script = "cat '\(path)' | LANG=C.UTF-8 '\(Harness.binary)' -; echo $? > \(t.statusFile); echo EXITED; sleep 60"
        try t.tmux(["new-session", "-d", "-s", t.name, "-x", "100", "-y", "30", script])
        try t.waitFor(text: "? help")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}

/// The run-set list and the comparison in a real terminal.
final class RunSetEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    func testOpenAFolderCompareAGroupAndJumpToTheFirstDifference() throws {
        let t = try TmuxSession([Harness.repositoryRoot.appendingPathComponent("SampleArchives").path], width: 160, height: 48)
        var screen = try t.waitFor(text: "Run set: 9 archives")
        try t.waitFor("loading to finish") { !$0.contains("Loading") && $0.contains("settings.digest.label") }
        screen = try t.capture()
        XCTAssertTrue(screen.contains("MODE"), screen)
        // The Settings group sorts first (most blocking findings); its rtl run has the pair findings.
        try t.send("c")
        screen = try t.waitFor(text: "Compare Settings: A NORMAL ↔ B RTL")
        try t.send("g")
        try t.send("]")
        screen = try t.waitFor(text: "not-mirrored:")
        try t.send("q")
        try t.waitFor(text: "Run set: 9 archives")
        try t.send("Enter")
        try t.waitFor(text: "Details")
        try t.send("q")
        try t.waitFor(text: "Run set: 9 archives")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        XCTAssertFalse(t.alternateScreenOn)
    }

    func testNarrowComparisonSwitchesSides() throws {
        let t = try TmuxSession(["compare", Harness.sample("settings-normal"), Harness.sample("settings-rtl")], width: 80, height: 24)
        try t.waitFor(text: "A: SettingsUITests/testSettingsLayout")
        try t.send("Tab")
        try t.waitFor(text: "B: SettingsUITests/testSettingsLayoutRTL")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 1, "compare exits like diff: the runs differ")
    }
}

/// Terminals an SSH client may forward that this machine has no terminfo for.
final class TerminalFallbackTests: XCTestCase {
    func testAnUnknownTermFallsBackAndSaysSo() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let t = try TmuxSession([Harness.sample("settings-normal")], environment: ["TERM": "xterm-pseudoscope-unknown"])
        try t.waitFor(text: "? help")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        let screen = try t.capture()
        XCTAssertTrue(screen.contains("TERM='xterm-pseudoscope-unknown' has no terminfo entry here; used xterm-256color"), screen)
    }

    func testDumbTerminalGetsPlainOutput() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let t = try TmuxSession([Harness.sample("settings-normal"), "--ascii"], environment: ["TERM": "dumb"])
        XCTAssertEqual(try t.waitForExit(), 0, "no interactive screen: it prints and exits")
        XCTAssertTrue(try t.capture().contains("#=#"), "the plain ASCII rendering was printed")
    }
}

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

    /// Keys from a terminal other than the one `TERM` names (common over SSH): their sequences are not in the
    /// terminal description, and each used to arrive as Esc and characters (`ESC [ 7 ~`, rxvt's Home, jumped to
    /// the previous finding with its `[`).
    func testKeysSpelledAsAnotherTerminalSpellsThemStillWork() throws {
        let t = try TmuxSession([Harness.sample("checkout-expanded")])
        try t.waitFor(text: "identifier  checkout.confirm")
        let sequence = { (bytes: String) in try t.send(["-H"] + bytes.split(separator: " ").map(String.init)) }
        try sequence("1b 5b 41")  // ↑ in normal cursor mode (curses asked for application mode: ESC O A)
        try t.waitFor(text: "identifier  checkout.applyCoupon")
        try sequence("1b 5b 39 39 3b 39 39 7e")  // a key nobody knows: nothing happens
        try sequence("1b 5b 31 3b 35 42")  // Ctrl-↓ in xterm's spelling: ↓
        try t.waitFor(text: "identifier  checkout.confirm")
        try sequence("1b 5b 37 7e")  // Home, as rxvt sends it
        try t.waitFor(text: " 1/23 ")
        try sequence("1b 5b 38 7e")  // End
        try t.waitFor(text: " 23/23 ")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
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

    /// Issue 78: on a real terminal Ctrl-C arrives as the interrupt signal; in a prompt it cancels the prompt (as
    /// the key does), and only outside one does it end the program with 130.
    func testCtrlCInAPromptCancelsItAndOutsideOneExits130() throws {
        let t = try TmuxSession([Harness.sample("settings-rtl")])
        try t.waitFor(text: "? help")
        try t.send("/")
        try t.send("c", "o")
        try t.waitFor(text: "/co")
        try t.send("C-c")
        let after = try t.waitFor("the prompt closed") { !$0.contains("/co") }
        XCTAssertTrue(after.contains("? help"), after)
        try t.send("C-c")
        XCTAssertEqual(try t.waitForExit(), 130)
        XCTAssertFalse(t.alternateScreenOn)
    }

    func testACrashRestoresTheTerminalAndSaysWhereTheLogIs() throws {
        // Its log goes to a folder of the test's own, removed after it: not left in the machine's temporary folder.
        let tmp = try Harness.temporaryFolder(self)
        let t = try TmuxSession(
            [Harness.sample("settings-normal")], environment: ["TMPDIR": tmp.path, "PSEUDOSCOPE_FAULT": "crash-after-first-frame"])
        let status = try t.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertFalse(t.alternateScreenOn)
        let screen = try t.capture()
        XCTAssertTrue(screen.contains("crashed; the terminal was restored. Details are in /"), screen)
    }

    /// A worker that overflows its stack (as a self-referring object in a crafted snapshot once made one) still
    /// restores the terminal: the crash handler runs on the worker's alternate signal stack.
    func testAStackOverflowOnAWorkerRestoresTheTerminal() throws {
        let tmp = try Harness.temporaryFolder(self)
        let t = try TmuxSession(
            [Harness.sample("settings-normal")], environment: ["TMPDIR": tmp.path, "PSEUDOSCOPE_FAULT": "stack-overflow-on-a-worker"])
        let status = try t.waitForExit()
        XCTAssertEqual(status, 128 + 11, "SIGSEGV, re-raised after the restore")
        XCTAssertFalse(t.alternateScreenOn)
        let screen = try t.capture()
        XCTAssertTrue(screen.contains("crashed; the terminal was restored. Details are in /"), screen)
    }

    func testKeysComeFromTheTerminalWhenTheArchiveIsPiped() throws {
        let path = Harness.sample("settings-normal") + "/archive.json"
        let t = try TmuxSession(pipeline: "cat '\(path)' | \"$PS\" -; echo $? > \"$STATUS\"")
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
        var screen = try t.waitFor(text: "Run set: 11 archives")
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
        try t.waitFor(text: "Run set: 11 archives")
        try t.send("Enter")
        try t.waitFor(text: "Details")
        try t.send("q")
        try t.waitFor(text: "Run set: 11 archives")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        XCTAssertFalse(t.alternateScreenOn)
    }

    /// What the session has to say (a bundle that passed, the pair rule not run) is on the screen while it is on:
    /// the status line counts the notes, `!` opens them; they are said again once the screen is given back.
    func testNotesReachTheUserDuringTheSession() throws {
        let t = try TmuxSession([Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults").path], width: 140, height: 40)
        var screen = try t.waitFor(text: "! 1 note")
        try t.send("!")
        // Both the overlay's title and its note: a capture may fall between the two being drawn (a loaded machine).
        // The note names the bundle by its full path, so where it wraps depends on where the checkout is: read
        // with the overlay's borders and line breaks taken out.
        func flat(_ screen: String) -> String {
            screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        screen = try t.waitFor("the note in its overlay") {
            $0.contains("1 note (q or Esc closes)") && flat($0).contains("LayoutTests.xcresult: the bundle holds no failed tests")
        }
        XCTAssertTrue(flat(screen).contains("LayoutTests.xcresult: the bundle holds no failed tests"), screen)
        try t.send("q")
        screen = try t.waitFor("the notes close") { !$0.contains("q or Esc closes") }
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        XCTAssertTrue(try t.captureJoined().contains("normal/LayoutTests.xcresult: the bundle holds no failed tests"), "and after the session")
        // One archive: the pair rule not run is a note too.
        let alone = try Harness.temporaryFolder(self)
        try FileManager.default.copyItem(atPath: Harness.sample("settings-rtl"), toPath: alone.appendingPathComponent("settings-rtl").path)
        let rtl = try TmuxSession([alone.appendingPathComponent("settings-rtl").path], width: 140, height: 40)
        try rtl.waitFor(text: "! 1 note")
        try rtl.send("!")
        try rtl.waitFor(text: "pair rule not run: no LTR run of this screen")
        try rtl.send("Q")
        XCTAssertEqual(try rtl.waitForExit(), 0)
    }

    func testNarrowComparisonSwitchesSides() throws {
        // Below 72 columns one drawing shows at a time; Tab draws the other run.
        let t = try TmuxSession(["compare", Harness.sample("settings-normal"), Harness.sample("settings-rtl")], width: 64, height: 20)
        try t.waitFor(text: "A  Tab: draw B")
        try t.send("Tab")
        try t.waitFor(text: "B  Tab: draw A")
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
        // Whatever the client sent, the note stays one line: a long TERM is cut.
        let long = try TmuxSession([Harness.sample("settings-normal")], width: 160, environment: ["TERM": String(repeating: "x", count: 5_000)])
        try long.waitFor(text: "? help")
        try long.send("q")
        XCTAssertEqual(try long.waitForExit(), 0)
        let note = try long.capture().split(separator: "\n").filter { $0.contains("TERM=") }
        XCTAssertEqual(note, ["pseudoscope: TERM='\(String(repeating: "x", count: 40))...' has no terminfo entry here; used xterm-256color"])
    }

    func testDumbTerminalGetsPlainOutput() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let t = try TmuxSession([Harness.sample("settings-normal"), "--ascii"], environment: ["TERM": "dumb"])
        XCTAssertEqual(try t.waitForExit(), 0, "no interactive screen: it prints and exits")
        XCTAssertTrue(try t.capture().contains("#=#"), "the plain ASCII rendering was printed")
    }
}

/// The terminal disappearing without a hangup signal (a revoked or closed pty) must end the program, not leave
/// it spinning on failed reads.
final class LostTerminalTests: XCTestCase {
    func testTheProgramExitsWhenItsTerminalCloses() throws {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw XCTSkip("no pty available") }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        // SIGHUP blocked, so only the failed reads can end it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGHUP)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv: [String] = [Harness.binary, Harness.sample("settings-normal")]
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        let envStrings: [String] = ["TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        var env: [UnsafeMutablePointer<CChar>?] = envStrings.map { strdup($0) } + [nil]
        defer { for e in env { free(e) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, Harness.binary, &actions, &attributes, &cArgs, &env), 0)
        close(slave)
        // Let it draw (drain what it writes), then close the terminal under it.
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(5)
        var drawn = 0
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        while Date() < deadline && drawn < 500 {
            let n = read(master, &buffer, buffer.count)
            if n > 0 { drawn += n } else { usleep(20_000) }
        }
        XCTAssertGreaterThan(drawn, 500, "the inspector drew its screen")
        close(master)
        var status: Int32 = 0
        let end = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return XCTFail("the program kept running after its terminal closed")
            }
            usleep(50_000)
        }
    }
}

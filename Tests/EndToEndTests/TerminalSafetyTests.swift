import Foundation
import XCTest

/// The terminal comes back on every way out, and the session log can neither be hijacked nor left behind.
final class TerminalSafetyTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    func logFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix("pseudoscope-") }
    }

    func testEveryCatchableFatalSignalRestoresTheTerminalAndLeavesNoEmptyLog() throws {
        for sig in [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGHUP, SIGINT] {
            let tmp = try Harness.temporaryFolder(self)
            let t = try TmuxSession([Harness.sample("settings-rtl")], environment: ["TMPDIR": tmp.path])
            try t.waitFor(text: "? help")
            XCTAssertTrue(t.alternateScreenOn)
            kill(try XCTUnwrap(t.pid), sig)
            XCTAssertEqual(try t.waitForExit(), 128 + sig, "signal \(sig)")
            XCTAssertFalse(t.alternateScreenOn, "signal \(sig) leaves the alternate screen on")
            let screen = try t.capture()
            XCTAssertFalse(screen.contains("Backtracing") || screen.contains("💣"), "no runtime backtrace over the screen:\n\(screen)")
            XCTAssertEqual(logFiles(in: tmp), [], "signal \(sig) leaves an empty log behind")
        }
    }

    func testAPlantedLinkAtTheLogsNameIsNeitherFollowedNorTruncated() throws {
        let tmp = try Harness.temporaryFolder(self)
        let victim = tmp.appendingPathComponent("precious.txt")
        try "keep me".write(to: victim, atomically: true, encoding: .utf8)
        // The link carries the name the log would take: pseudoscope-<pid>.log, the pid being the shell's that execs.
        let t = try TmuxSession(
            [Harness.sample("settings-rtl")], environment: ["TMPDIR": tmp.path],
            before: "ln -s '\(victim.path)' '\(tmp.path)'/pseudoscope-\\$\\$.log;")
        try t.waitFor(text: "? help")
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")
        let logs = logFiles(in: tmp).filter {
            !$0.hasSuffix(".log") || (try? FileManager.default.destinationOfSymbolicLink(atPath: tmp.appendingPathComponent($0).path)) == nil
        }
        XCTAssertEqual(logs.count, 1, "a log of its own, under another name: \(logFiles(in: tmp))")
        let mode = (try FileManager.default.attributesOfItem(atPath: tmp.appendingPathComponent(logs[0]).path)[.posixPermissions] as? Int) ?? 0
        XCTAssertEqual(mode, 0o600)
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")
        XCTAssertEqual(logFiles(in: tmp).count, 1, "only the planted link is left: the empty log is gone")
    }

    func testACrashLeavesALogThatSaysSomething() throws {
        let tmp = try Harness.temporaryFolder(self)
        let t = try TmuxSession(
            [Harness.sample("settings-normal")], environment: ["TMPDIR": tmp.path, "PSEUDOSCOPE_FAULT": "crash-after-first-frame"])
        XCTAssertNotEqual(try t.waitForExit(), 0)
        XCTAssertFalse(t.alternateScreenOn)
        let logs = logFiles(in: tmp)
        XCTAssertEqual(logs.count, 1)
        let text = try String(contentsOf: tmp.appendingPathComponent(logs[0]), encoding: .utf8)
        XCTAssertTrue(text.contains("injected fault") && text.contains("crashed"), text)
        let joined = try t.tmux(["capture-pane", "-p", "-J", "-t", t.name])  // the long path wraps
        XCTAssertTrue(joined.contains("Details are in \(tmp.path)/\(logs[0])"), joined)
    }

    func testATERMHoldingEscapesIsShownEscapedInTheNote() throws {
        let t = try TmuxSession([Harness.sample("settings-normal")], environment: ["TERM": "evil\u{1B}]2;pwned\u{07}term"])
        try t.waitFor(text: "? help")
        try t.send("q")
        _ = try t.waitForExit()
        let screen = try t.capture()
        XCTAssertTrue(screen.contains("TERM='evil\\e]2;pwned\\aterm' has no terminfo entry here"), screen)
        let title = try t.tmux(["display-message", "-p", "-t", t.name, "#{pane_title}"])
        XCTAssertFalse(title.contains("pwned"), title)
    }

    /// Attribute changes go out without xterm's "select ASCII" in front (3 bytes of each, a tenth of a selection
    /// move over SSH), and the screen is still text when a program before left the terminal in line drawing.
    func testAttributeChangesCarryNoCharacterSetSelectAndTheScreenIsTextAfterLineDrawing() throws {
        let t = try TmuxSession([Harness.sample("settings-normal")], before: "printf '\\033(0';")
        try t.waitFor(text: "? help")
        // tmux's capture shows a cell drawn in line drawing as its letter after a shift-out (SO).
        let screen = try t.tmux(["capture-pane", "-e", "-p", "-t", t.name])
        XCTAssertFalse(screen.contains("\u{0E}"), "letters, not line drawing:\n\(screen.debugDescription)")
        let capture = try Harness.temporaryFolder(self).appendingPathComponent("pane.out").path
        XCTAssertTrue(FileManager.default.createFile(atPath: capture, contents: nil))
        try t.tmux(["pipe-pane", "-o", "-t", t.name, "cat >> '\(capture)'"])
        usleep(200_000)
        for _ in 0..<4 {
            try t.send("j")
            usleep(150_000)
        }
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: capture))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[0;7m") && text.contains("\u{1B}[m"), "the moves changed attributes: \(text.debugDescription)")
        XCTAssertFalse(text.contains("\u{1B}(B") || text.contains("\u{1B}(0"), "no character set select: \(text.debugDescription)")
        XCTAssertTrue(try t.capture().contains("EXITED"), "the shell after the program writes text")
    }
}

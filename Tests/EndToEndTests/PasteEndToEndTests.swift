import Foundation
import XCTest

/// Bracketed paste in a real terminal (tmux): pasted text is text for the prompt it lands in, never keys; a paste
/// outside a prompt does nothing; and however the program ends (quit, Ctrl-Z, a resize in the middle of a
/// paste), the shell after it gets plain text again, not text wrapped in paste markers.
final class PasteEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    /// After the program: `cat -v` shows what a paste sends. With bracketed paste left on it would be
    /// `^[[200~…^[[201~`.
    func assertPasteIsPlainAfterwards(_ t: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try t.waitFor(text: "CAT-READY")
        try t.tmux(["set-buffer", "-b", "after", "after-paste"])
        try t.tmux(["paste-buffer", "-p", "-b", "after", "-t", t.name])
        let screen = try t.waitFor(text: "after-paste")
        XCTAssertFalse(screen.contains("^[[200~"), "bracketed paste was left on:\n\(screen)", file: file, line: line)
    }

    func testAPasteIsTextForThePromptAndNothingOutsideOne() throws {
        let archive = Harness.sample("checkout-expanded")
        let t = try TmuxSession(pipeline: "\"$PS\" '\(archive)'; echo CAT-READY; cat -v", width: 120, height: 30)
        try t.waitFor(text: "Tree")
        // Outside a prompt: a paste holding keys (q quits, G jumps) does nothing.
        try t.tmux(["set-buffer", "-b", "keys", "qG"])
        try t.tmux(["paste-buffer", "-p", "-b", "keys", "-t", t.name])
        usleep(500_000)
        var screen = try t.capture()
        XCTAssertTrue(screen.contains("Tree"), "a paste is not keys: the inspector is still open\n\(screen)")
        XCTAssertFalse(screen.contains("CAT-READY"))
        // In the search prompt: the text, its line end shown, not taken as Enter.
        try t.send("/")
        try t.tmux(["set-buffer", "-b", "text", "Confirm\nq"])
        try t.tmux(["paste-buffer", "-p", "-b", "text", "-t", t.name])
        screen = try t.waitFor(text: "Confirm\\nq")
        XCTAssertFalse(screen.contains("CAT-READY"))
        try t.send("Escape")
        try t.send("q")
        try assertPasteIsPlainAfterwards(t)
    }

    func testAResizeInTheMiddleOfAPasteEndsItAndQuittingLeavesTheTerminalClean() throws {
        let archive = Harness.sample("checkout-expanded")
        let t = try TmuxSession(pipeline: "\"$PS\" '\(archive)'; echo CAT-READY; cat -v", width: 120, height: 30)
        try t.waitFor(text: "Tree")
        try t.send("/")
        // The start marker and some text, then no end marker: the terminal was resized in the middle.
        try t.send(["-H", "1b", "5b", "32", "30", "30", "7e", "61", "62", "63"])
        try t.resize(width: 100, height: 28)
        try t.waitFor(text: "abc")
        try t.send("Escape")
        try t.send("q")
        try assertPasteIsPlainAfterwards(t)
    }

    func testCtrlZTurnsBracketedPasteOffBeforeTheShellGetsTheTerminal() throws {
        let archive = Harness.sample("checkout-expanded")
        // An interactive shell with job control, as a user has: Ctrl-Z stops the program and gives the shell the
        // terminal (a shell without job control cannot stop it at all). dash, not bash: bash turns bracketed paste
        // off itself before it runs a command, which would hide a program that left it on.
        let t = try TmuxSession(pipeline: "PS1='shell> ' exec dash -i", width: 120, height: 30)
        try t.waitFor(text: "shell>")
        try t.type("\"$PS\" '\(archive)'")
        try t.send("Enter")
        try t.waitFor(text: "Tree")
        // Stopped in the middle of a paste: the start marker came, the end did not.
        try t.send(["-H", "1b", "5b", "32", "30", "30", "7e", "78"])
        try t.send("C-z")
        try t.waitFor(text: "Stopped")
        try t.type("echo CAT-READY; cat -v")
        try t.send("Enter")
        try assertPasteIsPlainAfterwards(t)
        // Back in the foreground, the inspector comes back and quits cleanly.
        try t.send("C-c")
        try t.type("fg")
        try t.send("Enter")
        try t.waitFor(text: "Tree")
        try t.send("Escape")
        try t.send("q")
        try t.waitFor(text: "shell>")
    }
}

import Foundation
import XCTest

/// The failure screenshot through the real program: `s` in a real terminal (bytes counted), `render --screenshot`.
final class ScreenshotEndToEndTests: XCTestCase {
    static let rtlRun = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path + "#1"

    func testRenderScreenshotInColourMonochromeASCIIAndErrors() throws {
        let colour = try Harness.run(["render", "--screenshot", Self.rtlRun, "--width", "40", "--color", "always"])
        XCTAssertEqual(colour.status, 0, colour.stderr)
        XCTAssertTrue(colour.stdout.contains(";48;5;") || colour.stdout.contains(";48;2;"), "picture colours (a white screen: background colour cells)")
        XCTAssertTrue(colour.stdout.contains("the failure screenshot, 780×1688 pixels"))
        let mono = try Harness.run(["render", "--screenshot", Self.rtlRun, "--width", "40"], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(mono.stdout.contains("\u{1B}"), "monochrome symbols, no escape")
        let ascii = try Harness.run(["render", "--screenshot", Self.rtlRun, "--ascii"])
        XCTAssertEqual(ascii.status, 0)
        XCTAssertTrue(ascii.stdout.contains("No screenshot drawn: screenshots are drawn with Unicode block symbols"), ascii.stdout)
        let cLocale = try Harness.run(["render", "--screenshot", Self.rtlRun], environment: ["LANG": "C", "LC_ALL": "C"])
        XCTAssertTrue(cLocale.stdout.contains("No screenshot drawn"))
        XCTAssertTrue(cLocale.stdoutBytes.allSatisfy { $0 < 0x80 })
        // No screenshot, and a corrupt one: one line, exit 2.
        let none = try Harness.run(["render", "--screenshot", Harness.sample("settings-normal")])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no screenshot: missing"), none.stderr)
        let dir = try Harness.temporaryFolder(self)
        try FileManager.default.copyItem(atPath: Harness.sample("settings-normal"), toPath: dir.appendingPathComponent("a").path)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: dir.appendingPathComponent("a/screenshot.png"))
        let corrupt = try Harness.run(["render", "--screenshot", dir.appendingPathComponent("a").path])
        XCTAssertEqual(corrupt.status, 2)
        XCTAssertEqual(corrupt.stderr.split(separator: "\n").count, 1, corrupt.stderr)
        let info = try Harness.run(["info", dir.appendingPathComponent("a").path])
        XCTAssertTrue(info.stdout.contains("picture     the failure screenshot cannot be shown: cannot be decoded as PNG image"), info.stdout)
    }
}

final class ScreenshotInspectorEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    /// A terminal that answers no graphics query gets symbols; a frame of them at 100×30 stays under 24 KB, and a
    /// selection move costs at most 1 KB more with the screenshot shown than without (the changed outline: the
    /// tree, details and status change the same either way).
    func testSShowsTheScreenshotInSymbolsAndAMoveSendsLittle() throws {
        let t = try TmuxSession(pipeline: "unset TMUX; \"$PS\" '\(ScreenshotEndToEndTests.rtlRun)'; echo $? > \"$STATUS\"", width: 100, height: 30)
        try t.waitFor(text: "? help")
        let capture = try Harness.temporaryFolder(self).appendingPathComponent("pane.out").path
        XCTAssertTrue(FileManager.default.createFile(atPath: capture, contents: nil), "the capture file is made")
        try t.tmux(["pipe-pane", "-o", "-t", t.name, "cat >> '\(capture)'"])
        usleep(200_000)
        func sent(after keys: String...) throws -> Int {
            try Data().write(to: URL(fileURLWithPath: capture))
            for k in keys { try t.send(k) }
            usleep(450_000)
            return (try FileManager.default.attributesOfItem(atPath: capture)[.size] as? Int) ?? 0
        }
        let plainMoves = try (0..<4).map { _ in try sent(after: "j") }
        try t.send("g")
        usleep(300_000)
        let frame = try sent(after: "s")
        let screen = try t.waitFor(text: "screenshot 780×1688")
        XCTAssertTrue(screen.contains("█") || screen.contains("▀") || screen.contains("▄"), "block symbols:\n\(screen)")
        XCTAssertGreaterThan(frame, 0)
        XCTAssertLessThanOrEqual(frame, 24_000, "a symbols frame at 100×30")
        let pictureMoves = try (0..<4).map { _ in try sent(after: "j") }
        for (plain, picture) in zip(plainMoves, pictureMoves) {
            XCTAssertLessThanOrEqual(picture - plain, 1_000, "the outline's share of a move: \(plainMoves) vs \(pictureMoves)")
        }
        try t.send("s")
        try t.waitFor(text: "Wireframe  RTL")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}

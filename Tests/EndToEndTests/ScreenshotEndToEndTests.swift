import Foundation
import PseudoscopeTestSupport
import XCTest

/// The failure screenshot through the real program: `s` in a real terminal (bytes counted), `render --screenshot`.
final class ScreenshotEndToEndTests: XCTestCase {
    static let rtlRun = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path + "#1"

    func testRenderScreenshotInColourMonochromeASCIIAndErrors() throws {
        let colour = try Harness.run(["render", "--screenshot", Self.rtlRun, "--width", "40", "--color", "always"])
        XCTAssertEqual(colour.status, 0, colour.stderr)
        XCTAssertTrue(
            colour.stdout.contains(";48;5;") || colour.stdout.contains(";48;2;"), "picture colours (a white screen: background colour cells)")
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

    /// An archive whose screenshot changes hue across and brightness down: many more colour pairs than a
    /// plain app screen (whose white and few colours need a few dozen).
    func colourfulArchive() throws -> URL {
        let dir = try Harness.temporaryFolder(self)
        try FileManager.default.copyItem(
            atPath: Harness.sample("checkout-expanded") + "/archive.json", toPath: dir.appendingPathComponent("archive.json").path)
        let png = TestPNG.make(width: 390, height: 844) { x, y in
            // Hue from x (six sectors of the colour wheel), brightness from y in bands.
            let h = Double(x) / 390 * 6, v = 0.3 + 0.7 * Double(y * 7 % 844) / 844
            let f = h - h.rounded(.down), sector = Int(h) % 6
            let (r, g, b): (Double, Double, Double) = [(1, f, 0), (1 - f, 1, 0), (0, 1, f), (0, 1 - f, 1), (f, 0, 1), (1, 0, 1 - f)][sector]
            return UInt32(r * v * 255) << 16 | UInt32(g * v * 255) << 8 | UInt32(b * v * 255)
        }
        try Data(png).write(to: dir.appendingPathComponent("screenshot.png"))
        return dir
    }

    /// A picture's colour pairs past the 255th keep their own colours. They were set with the attributes
    /// (`COLOR_PAIR`), which hold eight bits of a pair: after a resize or two a colourful picture needed more,
    /// and its 300th pair drew in the 44th's colours. The picture after two resizes must be what a session that
    /// starts at the last size shows, cell for cell, and the three sizes must need more than 255 pairs.
    func testAColourfulPictureAfterResizesLooksAsWhenDrawnFresh() throws {
        let dir = try colourfulArchive()
        // In colour whatever the runner's environment says (`swift test` may export NO_COLOR=1; empty is unset).
        let colour = ["NO_COLOR": ""]
        let resized = try TmuxSession([dir.path], width: 250, height: 80, environment: colour)
        try resized.waitFor(text: "? help")
        try resized.send("s")
        try resized.waitFor(text: "screenshot 390×844")
        var pairs = Set<[String?]>()
        func collect(_ cells: [[ScreenCell]]) {
            for cell in cells.joined() where cell.foreground?.hasPrefix("5;") == true && cell.background?.hasPrefix("5;") == true {
                pairs.insert([cell.foreground, cell.background])
            }
        }
        collect(try resized.settledCells())
        try resized.resize(width: 200, height: 64)
        collect(try resized.settledCells())
        try resized.resize(width: 160, height: 50)
        let afterResizes = try resized.settledCells()
        collect(afterResizes)
        XCTAssertGreaterThan(pairs.count, 255, "the picture needs more pairs than eight bits hold")

        let fresh = try TmuxSession([dir.path], width: 160, height: 50, environment: colour)
        try fresh.waitFor(text: "? help")
        try fresh.send("s")
        try fresh.waitFor(text: "screenshot 390×844")
        let drawnFresh = try fresh.settledCells()
        let differing = zip(afterResizes.joined(), drawnFresh.joined()).filter { $0 != $1 }
        XCTAssertEqual(afterResizes.count, drawnFresh.count)
        XCTAssertTrue(differing.isEmpty, "\(differing.count) cells differ, e.g. \(differing.prefix(3))")
    }

    /// A direct-colour terminal (terminfo `xterm-direct`, `konsole-direct`), which takes 0xRRGGBB where others
    /// take a palette index, gets the picture's colours as RGB: sent as indices, the white screen (index 231 or
    /// the greys) showed as deep blue (0x0000E7).
    func testADirectColourTerminalGetsThePicturesColoursAsRGB() throws {
        guard try Harness.shell("infocmp xterm-direct").status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("no terminfo for xterm-direct: Scripts/install-deps --tests installs ncurses-term")
            }
            throw XCTSkip("no terminfo for xterm-direct (package ncurses-term)")
        }
        let t = try TmuxSession([ScreenshotEndToEndTests.rtlRun], width: 100, height: 30, environment: ["TERM": "xterm-direct", "NO_COLOR": ""])
        try t.waitFor(text: "? help")
        try t.send("s")
        try t.waitFor(text: "screenshot 780×1688")
        var backgrounds: [String: Int] = [:]
        for cell in try t.settledCells().joined() { if let b = cell.background { backgrounds[b, default: 0] += 1 } }
        let rgb = backgrounds.filter { $0.key.hasPrefix("2;") }
        XCTAssertFalse(rgb.isEmpty, "the picture in RGB: \(backgrounds)")
        let commonest = rgb.max { $0.value < $1.value }?.key ?? ""
        let channels = commonest.split(separator: ";").dropFirst().compactMap { Int($0) }
        XCTAssertTrue(channels.count == 3 && channels.allSatisfy { $0 >= 200 }, "a white screen is mostly white, not \(commonest)")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    /// The terminal's palette, not its name, decides a picture's colours. `xterm` has eight: its white screen
    /// is drawn in white (index 7), not in bright white, which it lacks (those cells fell back to the default
    /// colours). `alacritty` has 256 without saying so in its name: the 256-colour palette, not sixteen.
    func testThePalettesSizeNotTERMsNameDecidesAPicturesColours() throws {
        func backgrounds(term: String) throws -> [String: Int] {
            let t = try TmuxSession([ScreenshotEndToEndTests.rtlRun], width: 100, height: 30, environment: ["TERM": term, "NO_COLOR": ""])
            try t.waitFor(text: "? help")
            try t.send("s")
            try t.waitFor(text: "screenshot 780×1688")
            var count: [String: Int] = [:]
            for cell in try t.settledCells().joined() { if let b = cell.background { count[b, default: 0] += 1 } }
            try t.send("q")
            XCTAssertEqual(try t.waitForExit(), 0)
            return count
        }
        let eight = try backgrounds(term: "xterm")
        XCTAssertGreaterThan(eight["7"] ?? 0, 100, "the white screen in the palette's white: \(eight)")
        XCTAssertTrue(eight.keys.allSatisfy { $0.count == 1 }, "only the eight colours: \(eight)")
        guard try Harness.shell("infocmp alacritty").status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("no terminfo for alacritty: Scripts/install-deps --tests installs ncurses-term")
            }
            return
        }
        let many = try backgrounds(term: "alacritty")
        XCTAssertTrue(many.keys.contains { $0.hasPrefix("5;") && Int($0.dropFirst(2)).map { $0 >= 16 } == true }, "256-colour indices: \(many)")
    }
}

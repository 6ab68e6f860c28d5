import Foundation
import PseudoscopeImage
import PseudoscopeScreensTestSupport
import XCTest

@testable import PseudoscopeCore
@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

/// The failure screenshot in the inspector and in `render --screenshot`: the outline lands on the element.
final class ScreenshotTests: XCTestCase {
    static let tau = Golden.repositoryRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/fixtures/xcresult/xcode13.0-ui-failure__kishikawa-TAU.xcresult"
    ).path

    func tauRun() throws -> (Archive, RasterImage) {
        guard FileManager.default.fileExists(atPath: Self.tau) else {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) { XCTFail("shared fixtures missing") }
            throw XCTSkip("the shared fixtures are not there")
        }
        let a = try ArchiveLoader().load(Self.tau + "#1")
        let source = try a.screenshotSource.get()
        return (a, try ImageDecoder.decode(try source.read(limits: .default), file: "tau"))
    }

    /// A real screenshot (Xcode 13, iPhone 13 mini at 3x): the failure names the Enroll button's frame, and its
    /// outline lands on the button's cells in the picture.
    func testTheOutlineLandsOnTheFailingElementOfARealScreenshot() throws {
        let (a, image) = try tauRun()
        let view = ScreenshotView(image: image, archive: a, glyphs: .unicode, depth: .none)
        let (cols, rows) = view.size(width: 40, height: 200)
        let canvas = view.draw(columns: cols, rows: rows, selected: nil, cache: ImageCellsCache())
        Golden.assert(canvas, matches: "screenshot-tau-40")
        // Where the button is: x 25–355 of 360 points, y 500–541 of 780: the outline's corners are there.
        let r = view.cells(for: a.failure.frame, columns: cols, rows: rows)
        XCTAssertEqual(canvas[r.left, r.top].grapheme, "✗")
        XCTAssertEqual(canvas[r.right, r.bottom].grapheme, "┘")
        XCTAssertEqual(canvas[r.left, r.top].role, .failing)
        XCTAssertEqual(canvas[r.left + 2, r.top + 1].role, .image, "inside the outline the picture shows")
        XCTAssertEqual(Double(r.top) / Double(rows), 500.0 / 780, accuracy: 0.05)
    }

    func testSCyclesTheDrawingAndReadsTheScreenshotOnce() throws {
        let (a, _) = try tauRun()
        var d = TestDriver(.inspector(InspectorState(archive: a, findings: [], width: 160, height: 40, glyphs: .unicode)))
        XCTAssertTrue(d.screen.contains("Wireframe  LTR"))
        d.press(.char("s"))
        guard case .inspector(let s) = d.app.top, case .loaded(let image, _) = s.screenshot else { return XCTFail("the screenshot is loaded") }
        XCTAssertEqual(image.width, 1125)
        XCTAssertTrue(d.screen.contains("screenshot 1125×2436"), d.screen)
        d.press(.char("s"))
        guard case .inspector(let both) = d.app.top else { return XCTFail() }
        XCTAssertEqual(both.drawingView, .both, "wide enough for both")
        d.press(.char("s"))
        guard case .inspector(let back) = d.app.top else { return XCTFail() }
        XCTAssertEqual(back.drawingView, .wireframe)
    }

    func testAnArchiveWithoutAScreenshotSaysWhyInThePane() throws {
        let a = try Golden.sample("settings-normal")
        var d = TestDriver(.inspector(InspectorState(archive: a, findings: [], width: 120, height: 35, glyphs: .unicode)))
        d.press(.char("s"))
        XCTAssertTrue(d.screen.contains("No screenshot: screenshot.png: missing"), d.screen)
        var ascii = TestDriver(.inspector(InspectorState(archive: a, findings: [], width: 120, height: 35, glyphs: .ascii)))
        ascii.press(.char("s"))
        XCTAssertTrue(ascii.screen.contains("not in ASCII mode"), ascii.screen)
    }

    func testTheTerminalsAnswerDecidesTheProtocol() {
        XCTAssertEqual(GraphicsAnswer.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8)), .kitty)
        XCTAssertEqual(GraphicsAnswer.parse(Array("\u{1B}[?62;4;22c".utf8)), .sixel)
        XCTAssertNil(GraphicsAnswer.parse(Array("\u{1B}[?1;2c".utf8)), "a VT100 answer: symbols")
        XCTAssertNil(GraphicsAnswer.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED:\u{1B}\\\u{1B}[?62;22c".utf8)))
        XCTAssertNil(GraphicsAnswer.parse([]), "no answer at all: symbols")
        XCTAssertTrue(GraphicsAnswer.isComplete(Array("\u{1B}[?62;4c".utf8)))
        XCTAssertFalse(GraphicsAnswer.isComplete(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)))
    }
}

import PseudoscopeCore
import PseudoscopeImage
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

/// The failure's query in the inspector (issue: candidates outlined on the wireframe and the picture, `f` steps
/// through them). A dump as XCUITest writes one: the test asked for `btn_save`, renamed `btn-save-note` on the
/// screen; nothing matched, and the renamed button is the nearest candidate.
final class QueryCandidatesTests: XCTestCase {
    static let dump = """
        Failed to tap "Save" Button: No matches found for Elements matching predicate '"btn_save" IN identifiers' from input {(
            Button, identifier: 'btn-save-note', label: 'Save note',
            Button, identifier: 'btn-cancel', label: 'Cancel'
        )}
        Element subtree:
         →Application, 0x1, pid: 1, label: 'Notes'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              StaticText, 0x3, {{16.0, 100.0}, {358.0, 40.0}}, identifier: 'note.title', label: 'Groceries'
              Button, 0x4, {{16.0, 700.0}, {170.0, 44.0}}, identifier: 'btn-cancel', label: 'Cancel'
              Button, 0x5, {{204.0, 700.0}, {170.0, 44.0}}, identifier: 'btn-save-note', label: 'Save note'
        """

    func saveRun(width: Int = 140, height: Int = 40) throws -> InspectorState {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("query-candidates-\(getpid()).txt")
        try Self.dump.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let verdict = try Engine(loader: ArchiveLoader()).judge(file.path).get()
        return InspectorState(verdict: verdict, width: width, height: height, glyphs: .unicode)
    }

    func testTheCandidatesAreTaggedOnTheWireframeAndFStopsOnThem() throws {
        var s = try saveRun()
        let answer = try XCTUnwrap(s.verdict.answer)
        XCTAssertEqual(answer.matches, [])
        let first = try XCTUnwrap(answer.candidates.first)
        XCTAssertEqual(s.archive.hierarchy[first.element].identifier, "btn-save-note")
        // Tagged on the wireframe, in the drawing the screen shows.
        let screen = InspectorView.render(s).renderPlain()
        XCTAssertTrue(screen.contains("?1"), screen)
        // f goes to it (the run has no finding on that button) and says why it is proposed.
        s.send(.move(.top))
        var visited: [Int] = []
        for _ in 0..<(s.index.elements.count + answer.candidates.count + 1) {
            s.send(.nextFinding)
            visited.append(s.selected)
            if s.selected == first.element { break }
        }
        XCTAssertEqual(s.selected, first.element, "visited \(visited)")
        XCTAssertTrue(
            s.chrome.message?.contains("?1 candidate 1 of \(answer.candidates.count) for the failure's query: ") == true,
            s.chrome.message ?? "no message")
    }

    func testThePictureOutlinesTheCandidatesWithTheirTags() throws {
        let s = try saveRun()
        let h = s.archive.hierarchy
        let candidate = try XCTUnwrap(s.verdict.answer?.candidates.first?.element)
        // A plain picture of the window's size: the outline and its tag are drawn over its cells.
        let window = try XCTUnwrap(h.windowFrame ?? (h.count > 0 ? h[0].frame : nil))
        let image = RasterImage(
            width: Int(window.width), height: Int(window.height),
            pixels: [UInt8](repeating: 200, count: Int(window.width) * Int(window.height) * 4))
        var view = ScreenshotView(image: image, archive: s.archive, glyphs: .unicode, depth: .indexed256)
        view.tags = s.proposalTags
        XCTAssertEqual(view.tags[candidate], "?1")
        let canvas = view.draw(columns: 60, rows: 40, selected: nil, cache: ImageCellsCache())
        let r = view.cells(for: h[candidate].frame, columns: 60, rows: 40)
        XCTAssertEqual(canvas[max(0, r.left), max(0, r.top)].role, .match, "outlined in the match colour")
        XCTAssertTrue(canvas.renderPlain().contains("?1"), canvas.renderPlain())
    }
}

import Foundation
import XCTest

@testable import PseudoscopeCore

/// Findings that hold on real screens (issue: why the test failed): the system keyboard's keys in a flat list are
/// the keyboard's, a navigation bar's title grows with its text, and a button in a table row needs its own room.
final class FindingsThatHoldTests: XCTestCase {
    func dump(_ text: String) throws -> Archive {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hold-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ArchiveLoader().load(file.path)
    }

    func smallHitLabels(_ a: Archive) -> [String] {
        LayoutChecker(a).findings().filter { $0.rule == .smallHitRegion }.map { $0.identifier.isEmpty ? $0.label : $0.identifier }
    }

    /// XCUITest's `from input` list has no parents: an element inside the keyboard's frame is the keyboard's.
    func testKeyboardKeysInAFlatListAreTheKeyboards() throws {
        func list(keyboardHeight: Double) -> String {
            """
            Failed to get matching snapshot: No matches found for Elements matching predicate '"Hide keyboard" IN identifiers' from input {(
                Window, {{0.0, 0.0}, {375.0, 667.0}},
                Keyboard, {{0.0, \(667 - keyboardHeight)}, {375.0, \(keyboardHeight)}},
                Key, {{3.0, 461.0}, {31.5, 42.0}}, label: 'q',
                Button, {{3.0, 569.0}, {42.0, 42.0}}, identifier: 'shift', label: 'shift',
                Button, {{10.0, 100.0}, {30.0, 30.0}}, identifier: 'app.close', label: 'Close'
            )}
            """
        }
        XCTAssertEqual(smallHitLabels(try dump(list(keyboardHeight: 216))), ["app.close"], "shift is the keyboard's, Close the app's")
        // A keyboard reported with the whole screen's frame claims nothing: the app's elements stay the app's.
        XCTAssertEqual(smallHitLabels(try dump(list(keyboardHeight: 667))).sorted(), ["app.close", "shift"])
    }

    /// The bar sizes its title's frame to the text and centres it: the room at +40% is between the bar's items.
    func testANavigationTitleHasTheRoomBetweenTheBarsItems() throws {
        let sample = try Fixtures.sample("settings-normal")
        func headroom(_ a: Archive) -> [String] {
            LayoutChecker(a).findings().filter { $0.rule == .truncationHeadroom }.map(\.identifier)
        }
        XCTAssertFalse(headroom(sample).contains("settings.title"), "86 pt of title at +40% fits between a back button and the centre")
        // A back button so wide that the centred title has 77 pt: the expanded title (120 pt) will not fit.
        let json = try String(contentsOf: Fixtures.samples.appendingPathComponent("settings-normal/archive.json"), encoding: .utf8)
        let wide = json.replacingOccurrences(
            of:
                "\"label\": \"Back\",\n                \"frame\": {\n                  \"x\": 8,\n                  \"y\": 54,\n                  \"width\": 72,",
            with:
                "\"label\": \"Back\",\n                \"frame\": {\n                  \"x\": 8,\n                  \"y\": 54,\n                  \"width\": 150,"
        )
        XCTAssertNotEqual(wide, json, "the back button's frame was widened")
        XCTAssertTrue(headroom(try Fixtures.decode(wide)).contains("settings.title"))
    }

    /// A real dump (xcui-r02): a 74×34 button in each 43.5 pt table row. Tapping the row selects the row; the button's
    /// own action needs its own room (judged D in REVIEWED-FINDINGS.tsv; it was hidden by the row before).
    func testAButtonInATableRowNeedsItsOwnRoom() throws {
        let dumps = try SharedFixtures.require(SharedFixtures.realDumps)
        let a = try ArchiveLoader().load(dumps.appendingPathComponent("xcui-r02-zh-table-elided.txt").path)
        XCTAssertEqual(smallHitLabels(a), ["我是按钮", "我是按钮"])
    }

    /// The failing element the tree does not hold is the failure's query, answered with what is there instead:
    /// no layout finding is made of it (docs/checks.md, `primary-action-unreachable`).
    func testAFailingElementTheTreeLacksIsAQueryNotALayoutFault() throws {
        let a = try dump(
            """
            Failed to tap "Save" Button: No matches found for Elements matching predicate '"btn_save" IN identifiers' from input {(
                Button, identifier: 'btn-save-note', label: 'Save note'
            )}
            Element subtree:
             →Application, 0x1, pid: 1, label: 'Notes'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Button, 0x5, {{204.0, 700.0}, {170.0, 44.0}}, identifier: 'btn-save-note', label: 'Save note'
            """)
        XCTAssertNil(a.failingIndex)
        XCTAssertFalse(LayoutChecker(a).findings().contains { $0.rule == .primaryActionUnreachable })
        let answer = try XCTUnwrap(QueryAnswer.of(a))
        XCTAssertEqual(answer.candidates.map(\.named.reference), ["Button 'btn-save-note'"])
    }
}

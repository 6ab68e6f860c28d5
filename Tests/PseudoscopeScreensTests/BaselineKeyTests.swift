import Foundation
import PseudoscopeCore
import PseudoscopeScreensTestSupport
import XCTest

@testable import PseudoscopeScreens

/// `b` records the selected element's findings as known issues, through the effect interpreter, and every screen
/// then marks them as `check --baseline` does: the expiry typed decides, and the list's row follows.
final class BaselineKeyTests: XCTestCase {
    func testBMarksFindingsWithTheExpiryTypedAndTheListFollows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-b-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("known.baseline").path
        let today = try XCTUnwrap(CalendarDay("2026-12-01"))
        let engine = Engine(loader: ArchiveLoader(), triage: Triage(baseline: try BaselineFile.read(baseline), today: today, previous: nil))
        let paths = ["checkout-expanded", "settings-normal"].map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        let settings = InspectorSettings(baselinePath: baseline, today: today)
        var d = TestDriver(AppState(.runSet(RunSetState(paths: paths, width: 140, height: 40, glyphs: .unicode)), settings: settings), engine: engine)
        d.press(.resize(width: 140, height: 40))
        guard case .runSet(let before) = d.app.top else { return XCTFail() }
        let row = try XCTUnwrap(before.entries.firstIndex { $0?.path == paths[0] })
        XCTAssertEqual(before.entries[row]?.counts.blocking, 3)
        while case .runSet(let l) = d.app.top, l.selectedEntry != row { d.press(.down) }
        d.press(.enter)
        guard case .inspector(let opened) = d.app.top else { return XCTFail("Enter opens the checkout run: \(d.screen)") }
        let failing = opened.selected
        let mine = (opened.index.byElement[failing] ?? []).count
        XCTAssertEqual(mine, 2, "the failing confirm button has two findings")

        // Known until a day already past: recorded, but expired, so they still block.
        d.press(.char("b"))
        d.press(Array("footer redesign").map { .char($0) } + [.enter])
        d.press(Array("anna").map { .char($0) } + [.enter])
        // A day that is not one is refused in the prompt itself, saying what is wrong and what it expects.
        d.press(Array("2026-02-30").map { .char($0) } + [.enter])
        XCTAssertTrue(d.screen.contains("'2026-02-30' is not a day of the calendar: give YYYY-MM-DD."), d.screen)
        // A day already past is said to be, and recorded only when Enter confirms it.
        d.press(Array("2026-11-15").map { .char($0) } + [.enter])
        XCTAssertTrue(d.screen.contains("2026-11-15 is in the past: the entry would be expired at once"), d.screen)
        XCTAssertFalse(d.screen.contains("Recorded"), "not recorded before it is confirmed")
        d.press(.enter)
        XCTAssertTrue(d.screen.contains("Recorded 2 known issues"), d.screen)
        guard case .inspector(let expired) = d.app.top else { return XCTFail() }
        XCTAssertEqual(expired.index.byElement[failing]?.map { $0.known?.expired }, [true, true], "the expiry typed, not a guess")
        XCTAssertEqual(FindingCounts(expired.findings).blockingNow, 3)

        // Again with a day to come: known, not blocking, and the list's row says so.
        d.press(.char("b"))
        d.press(Array("footer redesign").map { .char($0) } + [.enter])
        d.press(Array("anna").map { .char($0) } + [.enter])
        d.press(.enter)  // 30 days from today
        guard case .inspector(let known) = d.app.top else { return XCTFail() }
        XCTAssertEqual(known.index.byElement[failing]?.map { $0.known?.expired }, [false, false])
        XCTAssertEqual(known.index.byElement[failing]?.first?.known?.entry.expires, today.adding(days: 30))
        XCTAssertTrue(d.screen.contains("3 blocking (2 known)"), d.screen)
        d.press(.char("q"))
        guard case .runSet(let after) = d.app.top else { return XCTFail("q goes back to the list") }
        XCTAssertEqual(after.entries[row]?.counts.blockingKnown, 2, "the row counts the new known issues")
        // And check, reading the same file, marks them the same way.
        let judged = try Engine(loader: ArchiveLoader(), triage: Triage(baseline: try BaselineFile.read(baseline), today: today, previous: nil))
            .judge(paths[0]).get()
        XCTAssertEqual(judged.findings.map { $0.known?.expired }, known.findings.map { $0.known?.expired })
    }
}

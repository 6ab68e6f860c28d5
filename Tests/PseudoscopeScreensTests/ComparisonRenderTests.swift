import PseudoscopeCore
import PseudoscopeScreensTestSupport
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

final class ComparisonRenderTests: XCTestCase {
    func settingsComparison() throws -> RunComparison {
        RunComparison(try Golden.sample("settings-normal"), try Golden.sample("settings-rtl"))
    }

    func testSideBySideReport() throws {
        let c = try settingsComparison()
        Golden.assert(ComparisonReport(comparison: c, glyphs: .unicode, width: 160, height: 48).canvas(), matches: "compare-settings-160x48")
        Golden.assert(ComparisonReport(comparison: c, glyphs: .ascii, width: 80, height: 24).canvas(), matches: "compare-settings-80x24-ascii")
    }

    func testInteractiveComparisonWideAndNarrow() throws {
        var s = ComparisonState(comparison: try settingsComparison(), width: 160, height: 48, glyphs: .unicode)
        XCTAssertFalse(s.currentDifferences.isEmpty, "opens on the first difference")
        Golden.assert(ComparisonView.render(s), matches: "compare-screen-160x48")
        s.send(.nextDifference)
        let second = s.currentDifferences.map(\.message)
        XCTAssertTrue(second.contains { $0.contains("BackButton") }, "\(second)")
        s.send(.chrome(.resize(width: 80, height: 24)))
        XCTAssertFalse(s.isNarrow, "both runs are drawn at 80 columns")
        Golden.assert(ComparisonView.render(s), matches: "compare-screen-80x24")
        s.send(.chrome(.resize(width: 64, height: 20)))
        XCTAssertTrue(s.isNarrow)
        XCTAssertTrue(ComparisonView.render(s).renderPlain().contains("A  Tab: draw B"))
        s.send(.switchSide)
        let text = ComparisonView.render(s).renderPlain()
        XCTAssertTrue(text.contains("B  Tab: draw A"), text)
        s.send(.previousDifference, .previousDifference)
        XCTAssertEqual(s.message, "Differences wrapped to the bottom")
        XCTAssertEqual(s.handle(.char("q")), [.close])
    }

    static let names = ["checkout-expanded", "settings-rtl", "profile-hardcoded-expanded", "settings-normal", "settings-expanded"]

    func loadedList(_ names: [String] = names, width: Int = 120, height: Int = 20) -> RunSetState {
        let paths = names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        var s = RunSetState(paths: paths, width: width, height: height, glyphs: .unicode)
        var engine = Engine(loader: ArchiveLoader())
        var effects = s.update(
            .received(paths.enumerated().map { LoadedEntry(index: $0, entry: RunSetEntry(path: $1, result: engine.summarize($1))) }))
        if let pairing = effects.first {
            for case .runSet(let m) in EffectInterpreter.perform(pairing, engine: &engine, maxPixels: 1) { effects = s.update(m) }
        }
        XCTAssertEqual(effects, [])
        return s
    }

    func testRunSetGroupsModesAndFilters() throws {
        let names = Self.names
        var s = loadedList()
        func shown() -> [String] { s.rows.map { names[$0] } }
        // Sorted by blocking: the Settings group (rtl has the most) first, and in it its worst run, so the first row
        // is the run with the most blocking findings; then the rest of the group, worst first.
        XCTAssertEqual(shown(), ["settings-rtl", "settings-expanded", "settings-normal", "checkout-expanded", "profile-hardcoded-expanded"])
        XCTAssertEqual(
            s.entries[1]?.summary?.pairing.partner.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }, "settings-normal")
        s.send(.cycleModeFilter, .cycleModeFilter)  // normal, then expanded
        XCTAssertEqual(shown(), ["checkout-expanded", "settings-expanded", "profile-hardcoded-expanded"], "still sorted by blocking count")
        s.send(.clearFilters, .cycleSeverityFilter, .cycleSeverityFilter)  // with findings, then blocking
        XCTAssertEqual(shown().sorted(), ["checkout-expanded", "settings-expanded", "settings-rtl"])
        s.send(.clearFilters, .startFilter)
        for c in "profile" { s.send(.filterInput(String(c))) }
        XCTAssertEqual(shown(), ["profile-hardcoded-expanded"])
        s.send(.filterCancel)
        XCTAssertEqual(shown().count, 5, "Esc while typing restores the filter from before")
        s.send(.cycleSort)
        XCTAssertEqual(s.sort, .test)
        XCTAssertEqual(shown()[0], "checkout-expanded")
        XCTAssertEqual(Array(shown().suffix(3)), ["settings-normal", "settings-expanded", "settings-rtl"], "by test, a group's runs in mode order")
        // `c` on the Settings group compares rtl against the normal run.
        while shown()[s.cursor] != "settings-expanded" { s.send(.move(.down)) }
        guard case .compare(let a, let b)? = s.update(.compare).first else { return XCTFail("c compares") }
        XCTAssertTrue(
            a.hasSuffix("settings-normal/archive.json") && b.hasSuffix("settings-rtl"),
            "the rtl run against the LTR run it was paired with: \(a) \(b)")
        s.send(.move(.top))
        XCTAssertEqual(s.update(.compare), [])
        XCTAssertEqual(s.message, "Only one run of CheckoutLayout is here: nothing to compare")
    }

    /// Runs without a hierarchy (unit-test failures) are grouped by their test class too: `A/failure` and
    /// `B/failure` are not one screen. Rows say where they come from.
    func testUnitTestFailuresOfDifferentClassesAreNotOneScreen() throws {
        var a = try Golden.sample("settings-normal")
        a.hierarchyNote = "the bundle holds no hierarchy for this run"
        var summaries: [ArchiveSummary] = []
        for (k, test) in ["XCTestTests/test_failure()", "ExampleSUITests/failure()", "XCTestTests/test_failure()"].enumerated() {
            var s = ArchiveSummary(path: "/night/b\(k).xcresult#1", archive: a, findings: [])
            s.test = test
            s.screen = "failure"
            summaries.append(s)
        }
        XCTAssertEqual(Set(summaries.map(\.group)).count, 2)
        var list = RunSetState(paths: summaries.map(\.path), width: 160, height: 20, glyphs: .unicode)
        _ = list.update(.received(summaries.enumerated().map { LoadedEntry(index: $0, entry: RunSetEntry(path: $1.path, result: .success($1))) }))
        XCTAssertEqual(
            list.rows.map { summaries[$0].test }, ["ExampleSUITests/failure()", "XCTestTests/test_failure()", "XCTestTests/test_failure()"])
        let text = RunSetReport.lines(list, width: nil, glyphs: .unicode).map(\.0)
        XCTAssertTrue(text[1].contains("FROM"), text[1])
        XCTAssertTrue(text[2].contains("b1.xcresult#1") && text[3].contains("b0.xcresult#1"), text.joined(separator: "\n"))
        XCTAssertFalse(text[2].contains("    XCTest"), "a new group is not indented under the last")
    }

    func testRunSetGolden() throws {
        Golden.assert(RunSetView.render(loadedList()), matches: "runset-120x20")
    }

    func testAppStackReturnsToTheListOnQ() throws {
        let paths = ["settings-normal", "settings-rtl"].map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        var d = TestDriver(.runSet(RunSetState(paths: paths, width: 100, height: 30, glyphs: .unicode)))
        d.press(.enter)  // the first row: the rtl run, the worst
        guard case .inspector(let inspector) = d.app.top else { return XCTFail("Enter opens the inspector") }
        XCTAssertEqual(inspector.archive.mode, .rtl)
        XCTAssertTrue(inspector.findings.contains { $0.otherArchive != nil }, "the inspector shows the pair findings the list counted")
        d.press(.char("q"))
        guard case .runSet = d.app.top else { return XCTFail("q returns to the list") }
        d.press(.char("c"))
        guard case .comparison = d.app.top else { return XCTFail("c opens the comparison") }
        d.press(.char("q"))
        guard case .runSet = d.app.top else { return XCTFail("q returns to the list") }
        XCTAssertFalse(d.app.isFinished)
        d.press(.char("q"))
        XCTAssertTrue(d.app.isFinished)
    }
}

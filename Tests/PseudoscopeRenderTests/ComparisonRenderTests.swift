import XCTest
import PseudoscopeCore
@testable import PseudoscopeRender

final class ComparisonRenderTests: XCTestCase {
    func settingsComparison() throws -> RunComparison {
        RunComparison(try Golden.sample("settings-normal"), try Golden.sample("settings-rtl"))
    }

    func testSideBySideReport() throws {
        let c = try settingsComparison()
        Golden.assert(ComparisonReport(comparison: c, glyphs: .unicode, width: 160, height: 48).canvas().renderPlain(), matches: "compare-settings-160x48")
        Golden.assert(ComparisonReport(comparison: c, glyphs: .ascii, width: 80, height: 24).canvas().renderPlain(), matches: "compare-settings-80x24-ascii")
    }

    func testInteractiveComparisonWideAndNarrow() throws {
        var s = ComparisonState(comparison: try settingsComparison(), width: 160, height: 48, glyphs: .unicode)
        XCTAssertFalse(s.currentDifferences.isEmpty, "opens on the first difference")
        Golden.assert(ComparisonScreen.render(s).renderPlain(), matches: "compare-screen-160x48")
        s.apply(.nextDifference)
        let second = s.currentDifferences.map(\.message)
        XCTAssertTrue(second.contains { $0.contains("BackButton") }, "\(second)")
        s.apply(.resize(width: 80, height: 24))
        XCTAssertTrue(s.isNarrow)
        Golden.assert(ComparisonScreen.render(s).renderPlain(), matches: "compare-screen-80x24-A")
        s.apply(.switchSide)
        let text = ComparisonScreen.render(s).renderPlain()
        XCTAssertTrue(text.contains("B: SettingsUITests/testSettingsLayoutRTL"), text)
        s.apply(.previousDifference)
        s.apply(.previousDifference)
        XCTAssertEqual(s.message, "Differences wrapped to the bottom")
    }

    func testRunSetGroupsModesAndFilters() throws {
        let names = ["checkout-expanded", "settings-rtl", "profile-hardcoded-expanded", "settings-normal", "settings-expanded"]
        let archives = try names.map { try Golden.sample($0) }
        var s = RunSetState(paths: names, width: 120, height: 20, glyphs: .unicode)
        let findings = RunSetAnalysis.findings(archives)
        for (k, a) in archives.enumerated() { s.receive(RunSetEntry(path: names[k], archive: a, error: nil, findings: findings[k]), at: k) }
        // Sorted by blocking: the Settings group (rtl has the most) first, its modes in order normal, expanded, rtl.
        XCTAssertEqual(s.rows.map { names[$0] }, ["settings-normal", "settings-expanded", "settings-rtl", "checkout-expanded", "profile-hardcoded-expanded"])
        Golden.assert(RunSetScreen.render(s).renderPlain(), matches: "runset-120x20")
        s.apply(.cycleModeFilter)  // normal
        s.apply(.cycleModeFilter)  // expanded
        XCTAssertEqual(s.rows.map { names[$0] }, ["checkout-expanded", "settings-expanded", "profile-hardcoded-expanded"], "still sorted by blocking count")
        s.apply(.escape)
        s.apply(.cycleSeverityFilter)  // with findings
        s.apply(.cycleSeverityFilter)  // blocking
        XCTAssertEqual(s.rows.map { names[$0] }.sorted(), ["checkout-expanded", "settings-expanded", "settings-rtl"])
        s.apply(.escape)
        s.apply(.startSearch)
        for c in "profile" { s.apply(.searchType(c)) }
        XCTAssertEqual(s.rows.map { names[$0] }, ["profile-hardcoded-expanded"])
        s.apply(.escape)
        s.apply(.cycleSort)
        XCTAssertEqual(s.sort, .test)
        XCTAssertEqual(names[s.rows[0]], "checkout-expanded")
        // `c` on the Settings group compares rtl against the normal run.
        s.cursor = s.rows.firstIndex { names[$0] == "settings-expanded" }!
        s.apply(.compareGroup)
        XCTAssertEqual(s.request, .compare(a: 3, b: 1))
        s.request = nil
        s.cursor = s.rows.firstIndex { names[$0] == "checkout-expanded" }!
        s.apply(.compareGroup)
        XCTAssertNil(s.request)
        XCTAssertEqual(s.message, "Only one run of CheckoutLayout is here: nothing to compare")
    }

    func testAppStackReturnsToTheListOnQ() throws {
        let names = ["settings-normal", "settings-rtl"]
        var list = RunSetState(paths: names, width: 100, height: 30, glyphs: .unicode)
        let archives = try names.map { try Golden.sample($0) }
        let findings = RunSetAnalysis.findings(archives)
        for (k, a) in archives.enumerated() { list.receive(RunSetEntry(path: names[k], archive: a, error: nil, findings: findings[k]), at: k) }
        var app = AppState(.runSet(list), width: 100, height: 30)
        app.handle(.char("j"))
        app.handle(.enter)
        guard case .inspector(let inspector) = app.top else { return XCTFail("Enter opens the inspector") }
        XCTAssertEqual(inspector.archive.mode, .rtl)
        XCTAssertTrue(inspector.findings.contains { $0.otherArchive != nil }, "the inspector shows the pair findings the list counted")
        app.handle(.char("q"))
        guard case .runSet = app.top else { return XCTFail("q returns to the list") }
        app.handle(.char("c"))
        guard case .comparison = app.top else { return XCTFail("c opens the comparison") }
        app.handle(.char("q"))
        guard case .runSet = app.top else { return XCTFail("q returns to the list") }
        XCTAssertFalse(app.quit)
        app.handle(.char("q"))
        XCTAssertTrue(app.quit)
    }
}

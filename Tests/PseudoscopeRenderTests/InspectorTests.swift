import XCTest
import PseudoscopeCore
@testable import PseudoscopeRender

final class InspectorTests: XCTestCase {
    func state(_ sample: String, width: Int = 100, height: Int = 30, glyphs: Glyphs = .unicode) throws -> InspectorState {
        let a = try Golden.sample(sample)
        return InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: width, height: height, glyphs: glyphs)
    }

    func selectedID(_ s: InspectorState) -> String { s.archive.hierarchy[s.selected].identifier }

    func testOpensOnTheFailingElementWithAncestorsExpanded() throws {
        let s = try state("orders-long-list-expanded")
        XCTAssertEqual(selectedID(s), "orders.row.7.status")
        XCTAssertNotNil(s.rowIndex(of: s.selected), "the failing element is visible in the tree")
        let screen = InspectorScreen.render(s).renderPlain()
        XCTAssertTrue(screen.contains("✗"), "the failing element is marked")
    }

    func testTreeNavigation() throws {
        var s = try state("settings-normal")
        s.apply(.top)
        XCTAssertEqual(s.selected, 0)
        s.apply(.moveDown)
        XCTAssertEqual(s.archive.hierarchy[s.selected].type, "Window")
        s.apply(.collapseOrParent)  // collapse the window
        XCTAssertFalse(s.expanded[s.selected])
        XCTAssertEqual(s.visibleRows.count, 2)
        s.apply(.collapseOrParent)  // collapsed: go to the parent
        XCTAssertEqual(s.selected, 0)
        s.apply(.expandAll)
        XCTAssertEqual(s.visibleRows.count, s.archive.hierarchy.count)
        s.apply(.bottom)
        XCTAssertEqual(s.selected, s.archive.hierarchy.count - 1)
        s.apply(.expandOrFirstChild)  // a leaf: nothing happens
        XCTAssertEqual(s.selected, s.archive.hierarchy.count - 1)
    }

    func testSearchIsIncrementalAndCounts() throws {
        var s = try state("checkout-expanded")
        s.apply(.top)
        s.apply(.startSearch)
        for c in "confirm" { s.apply(.searchType(c)) }
        XCTAssertEqual(selectedID(s), "checkout.confirm")
        XCTAssertEqual(s.matches.count, 1)
        XCTAssertTrue(InspectorScreen.render(s).renderPlain().contains("/confirm▏ 1 match"))
        s.apply(.searchCommit)
        s.apply(.nextMatch)
        XCTAssertEqual(s.message, "Search wrapped to the top")
        s.apply(.startSearch)
        for c in "zzz" { s.apply(.searchType(c)) }
        s.apply(.searchCommit)
        XCTAssertEqual(s.message, "Nothing found for /zzz")
    }

    func testSearchCancelReturnsToWhereItStarted() throws {
        var s = try state("checkout-expanded")
        let start = s.selected
        s.apply(.startSearch)
        for c in "legal" { s.apply(.searchType(c)) }
        XCTAssertNotEqual(s.selected, start)
        s.apply(.searchCancel)
        XCTAssertEqual(s.selected, start)
    }

    func testFindingJumpsAndFailingJump() throws {
        var s = try state("settings-expanded")
        s.apply(.top)
        s.apply(.nextFinding)
        XCTAssertEqual(selectedID(s), "settings.title")
        s.apply(.nextFinding)
        XCTAssertEqual(selectedID(s), "settings.darkMode.toggle")
        s.apply(.previousFinding)
        XCTAssertEqual(selectedID(s), "settings.title")
        s.apply(.jumpToFailing)
        XCTAssertEqual(selectedID(s), "settings.digest.label")
    }

    func testMovingDownChangesTheDetails() throws {
        var s = try state("checkout-expanded")
        let before = InspectorScreen.render(s).renderPlain()
        XCTAssertTrue(before.contains("identifier  checkout.confirm"))
        s.apply(.moveUp)
        let after = InspectorScreen.render(s).renderPlain()
        XCTAssertTrue(after.contains("identifier  checkout.applyCoupon"))
    }

    func testGoldenScreens() throws {
        var s = try state("checkout-expanded", width: 80, height: 24)
        Golden.assert(InspectorScreen.render(s).renderPlain(), matches: "inspector-checkout-80x24")
        s.apply(.resize(width: 200, height: 60))
        Golden.assert(InspectorScreen.render(s).renderPlain(), matches: "inspector-checkout-200x60")
        s.apply(.help)
        Golden.assert(InspectorScreen.render(s).renderPlain(), matches: "inspector-help-200x60")
        s.apply(.closeOrQuit)
        XCTAssertFalse(s.quit, "q closes the overlay first")
        s.apply(.resize(width: 50, height: 12))
        Golden.assert(InspectorScreen.render(s).renderPlain(), matches: "inspector-too-small")
    }

    func testASCIIAndMirrorToggles() throws {
        var s = try state("settings-normal", width: 80, height: 24)
        s.apply(.toggleASCII)
        s.apply(.toggleMirror)
        let text = InspectorScreen.render(s).renderPlain()
        XCTAssertFalse(text.contains("▼"), "ASCII mode uses no box drawing")
        XCTAssertTrue(text.contains("v "))
        XCTAssertTrue(text.contains("RTL · mirror"))
        var rtl = try state("settings-rtl")
        rtl.apply(.toggleMirror)
        XCTAssertEqual(rtl.message, "This run is already right-to-left")
    }

    func testClickSelectsTreeRowAndInnermostBox() throws {
        var s = try state("settings-normal")
        let tree = s.layout.tree
        s.apply(.top)
        s.apply(.click(x: tree.x + 5, y: tree.y + 2))
        XCTAssertEqual(s.selected, s.visibleRows[1])
        // Click the centre of the digest switch's box in the wireframe.
        let (layout, options) = s.wireframeLayout()
        let target = s.archive.hierarchy.firstIndex(identifier: "settings.digest.toggle")!
        let cells = layout.cells(for: s.wireframe.drawnFrame(target, options))
        let origin = s.layout.wireframeDrawingOrigin(layout)
        s.apply(.click(x: origin.x + (cells.left + cells.right) / 2, y: origin.y + (cells.top + cells.bottom) / 2))
        XCTAssertEqual(selectedID(s), "settings.digest.toggle")
        XCTAssertEqual(s.focus, .wireframe)
    }

    func testKeyMapCoversTheBriefAndHelpIsGeneratedFromIt() {
        let expectations: [(Key, Action)] = [
            (.char("j"), .moveDown), (.down, .moveDown), (.char("k"), .moveUp), (.up, .moveUp),
            (.char("h"), .collapseOrParent), (.left, .collapseOrParent), (.char("l"), .expandOrFirstChild), (.right, .expandOrFirstChild),
            (.enter, .toggleExpanded), (.char("+"), .expandSubtree), (.char("-"), .collapseSubtree), (.char("*"), .expandAll),
            (.char("g"), .top), (.char("G"), .bottom), (.pageDown, .pageDown), (.pageUp, .pageUp), (.tab, .nextPane),
            (.char("/"), .startSearch), (.char("n"), .nextMatch), (.char("N"), .previousMatch), (.char("f"), .nextFinding),
            (.char("F"), .previousFinding), (.char("x"), .jumpToFailing), (.char("z"), .toggleZoom), (.char("m"), .toggleMirror),
            (.char("a"), .toggleASCII), (.char("?"), .help), (.char("q"), .closeOrQuit), (.ctrl("l"), .repaint),
        ]
        for (key, action) in expectations {
            XCTAssertEqual(KeyMap.action(for: key, searching: false), action, "\(key.name)")
        }
        XCTAssertEqual(KeyMap.action(for: .char("q"), searching: true), .searchType("q"), "typing in a search edits the query")
        XCTAssertTrue(KeyMap.helpLines().contains { $0.hasPrefix("j ↓") && $0.hasSuffix("next row") })
    }
}

final class ZoomTests: XCTestCase {
    func testZoomEnlargesTheSelectionAndEscLeavesIt() throws {
        let a = try Golden.sample("orders-long-list-expanded")
        var s = InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: 100, height: 30, glyphs: .unicode)
        func selectedBoxWidth() -> Int {
            let (layout, options) = s.wireframeLayout()
            return layout.cells(for: s.wireframe.drawnFrame(s.selected, options)).width
        }
        let before = selectedBoxWidth()
        XCTAssertTrue(InspectorScreen.render(s).renderPlain().contains("tiny: z zooms"))
        s.apply(.toggleZoom)
        XCTAssertGreaterThan(selectedBoxWidth(), before * 3, "zoomed in on the failing status badge")
        XCTAssertTrue(InspectorScreen.render(s).renderPlain().contains("zoom (Esc)"))
        s.apply(.escape)
        XCTAssertFalse(s.zoom)
    }
}

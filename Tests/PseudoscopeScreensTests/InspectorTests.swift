import PseudoscopeCore
import PseudoscopeImage
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

final class InspectorTests: XCTestCase {
    func state(_ sample: String, width: Int = 100, height: Int = 30, glyphs: Glyphs = .unicode) throws -> InspectorState {
        let a = try Golden.sample(sample)
        return InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: width, height: height, glyphs: glyphs)
    }

    func selectedID(_ s: InspectorState) -> String { s.archive.hierarchy[s.selected].identifier }

    func testOpensOnTheFailingElementWithAncestorsExpanded() throws {
        let s = try state("orders-long-list-expanded")
        XCTAssertEqual(selectedID(s), "orders.row.7.status")
        XCTAssertNotNil(s.tree.row(of: s.selected), "the failing element is visible in the tree")
        let screen = InspectorView.render(s).renderPlain()
        XCTAssertTrue(screen.contains("✗"), "the failing element is marked")
    }

    func testTreeNavigation() throws {
        var s = try state("settings-normal")
        s.send(.move(.top))
        XCTAssertEqual(s.selected, 0)
        s.send(.move(.down))
        XCTAssertEqual(s.archive.hierarchy[s.selected].type, "Window")
        s.send(.left)  // collapse the window
        XCTAssertFalse(s.tree.expanded[s.selected])
        XCTAssertEqual(s.tree.rows.count, 2)
        s.send(.left)  // collapsed: go to the parent
        XCTAssertEqual(s.selected, 0)
        s.send(.expandAll)
        XCTAssertEqual(s.tree.rows.count, s.archive.hierarchy.count)
        s.send(.move(.bottom))
        XCTAssertEqual(s.selected, s.archive.hierarchy.count - 1)
        s.send(.right)  // a leaf: nothing happens
        XCTAssertEqual(s.selected, s.archive.hierarchy.count - 1)
    }

    func testSearchIsIncrementalAndCounts() throws {
        var s = try state("checkout-expanded")
        s.send(.move(.top), .startSearch)
        s.type("confirm")
        XCTAssertEqual(selectedID(s), "checkout.confirm")
        XCTAssertEqual(s.matches.count, 1)
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("/confirm▏ 1 match"))
        s.send(.searchCommit, .nextMatch)
        XCTAssertEqual(s.message, "Search wrapped to the top")
        s.send(.startSearch)
        s.type("zzz")
        s.send(.searchCommit)
        XCTAssertEqual(s.message, "Nothing found for /zzz")
    }

    func testSearchCancelReturnsToWhereItStarted() throws {
        var s = try state("checkout-expanded")
        let start = s.selected
        s.send(.startSearch)
        s.type("legal")
        XCTAssertNotEqual(s.selected, start)
        s.send(.searchCancel)
        XCTAssertEqual(s.selected, start)
    }

    func testFindingJumpsAndFailingJump() throws {
        var s = try state("settings-expanded")
        s.send(.move(.top), .nextFinding)
        XCTAssertEqual(selectedID(s), "settings.title")
        s.send(.nextFinding)
        XCTAssertEqual(selectedID(s), "settings.textSize.picker")
        s.send(.nextFinding)
        XCTAssertEqual(selectedID(s), "settings.digest.label")
        s.send(.previousFinding, .previousFinding)
        XCTAssertEqual(selectedID(s), "settings.title")
        s.send(.jumpToFailing)
        XCTAssertEqual(selectedID(s), "settings.digest.label")
    }

    func testMovingUpChangesTheDetails() throws {
        var s = try state("checkout-expanded")
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("identifier  checkout.confirm"))
        s.send(.move(.up))
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("identifier  checkout.applyCoupon"))
    }

    func testGoldenScreens() throws {
        var s = try state("checkout-expanded", width: 80, height: 24)
        Golden.assert(InspectorView.render(s), matches: "inspector-checkout-80x24")
        s.send(.chrome(.resize(width: 200, height: 60)))
        Golden.assert(InspectorView.render(s), matches: "inspector-checkout-200x60")
        s.send(.chrome(.help))
        Golden.assert(InspectorView.render(s), matches: "inspector-help-200x60")
        XCTAssertEqual(s.handle(.char("q")), [], "q closes the overlay first")
        XCTAssertFalse(s.chrome.showingHelp)
        XCTAssertEqual(s.handle(.char("q")), [.close], "then q closes the inspector")
        s.send(.chrome(.resize(width: 50, height: 12)))
        Golden.assert(InspectorView.render(s), matches: "inspector-too-small")
    }

    func testASCIIAndMirrorToggles() throws {
        var s = try state("settings-normal", width: 80, height: 24)
        s.send(.chrome(.toggleASCII), .toggleMirror)
        let text = InspectorView.render(s).renderPlain()
        XCTAssertFalse(text.contains("▼"), "ASCII mode uses no box drawing")
        XCTAssertTrue(text.contains("v "))
        XCTAssertTrue(text.contains("RTL | mirror"), "ASCII mode writes its own separators in ASCII too")
        var rtl = try state("settings-rtl")
        rtl.send(.toggleMirror)
        XCTAssertEqual(rtl.message, "This run is already right-to-left")
    }

    func testClickSelectsTreeRowAndInnermostBox() throws {
        var s = try state("settings-normal")
        let tree = s.layout.tree
        s.send(.move(.top), .click(x: tree.x + 5, y: tree.y + 2))
        XCTAssertEqual(s.selected, s.tree.rows[1])
        // Click the centre of the digest switch's box in the wireframe.
        let (layout, options) = s.wireframeLayout()
        let target = s.archive.hierarchy.firstIndex(identifier: "settings.digest.toggle")!
        let cells = layout.cells(for: s.wireframe.drawnFrame(target, options))
        let origin = s.layout.wireframeDrawingOrigin(layout)
        s.send(.click(x: origin.x + (cells.left + cells.right) / 2, y: origin.y + (cells.top + cells.bottom) / 2))
        XCTAssertEqual(selectedID(s), "settings.digest.toggle")
        XCTAssertEqual(s.focus, .wireframe)
    }

    func testKeyTableCoversTheBriefAndHelpIsGeneratedFromIt() throws {
        let expectations: [(Key, InspectorMessage)] = [
            (.char("j"), .move(.down)), (.down, .move(.down)), (.char("k"), .move(.up)), (.up, .move(.up)),
            (.char("h"), .left), (.left, .left), (.char("l"), .right), (.right, .right),
            (.enter, .toggleExpanded), (.char("+"), .expandSubtree), (.char("-"), .collapseSubtree), (.char("*"), .expandAll),
            (.char("g"), .move(.top)), (.char("G"), .move(.bottom)), (.pageDown, .move(.pageDown)), (.pageUp, .move(.pageUp)), (.tab, .nextPane),
            (.char("/"), .startSearch), (.char("n"), .nextMatch), (.char("N"), .previousMatch), (.char("f"), .nextFinding),
            (.char("F"), .previousFinding), (.char("x"), .jumpToFailing), (.char("z"), .toggleZoom), (.char("m"), .toggleMirror),
            (.char("a"), .chrome(.toggleASCII)), (.char("?"), .chrome(.help)), (.char("q"), .chrome(.close)), (.ctrl("l"), .chrome(.repaint)),
        ]
        for (key, message) in expectations {
            XCTAssertEqual(InspectorState.keys.message(for: key), message, "\(key.name)")
        }
        var s = try state("settings-normal")
        XCTAssertNil(s.message(for: .paste("qG")), "a paste outside a prompt is not keys: nothing")
        s.send(.startSearch)
        XCTAssertEqual(s.message(for: .char("q")), .searchInput("q"), "typing in a search edits the query")
        XCTAssertEqual(s.message(for: .paste("Total\nq")), .searchInput("Total\\nq"), "a paste is text for the prompt, its line end shown")
        XCTAssertTrue(InspectorState.keys.helpLines.contains { $0.hasPrefix("j ↓") && $0.contains("next row") })
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
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("tiny: z zooms"))
        s.send(.toggleZoom)
        XCTAssertGreaterThan(selectedBoxWidth(), before * 3, "zoomed in on the failing status badge")
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("zoom (Esc)"))
        s.send(.escape)
        XCTAssertFalse(s.zoom)
    }

    /// A large archive's search index is built in the background after the first frame: the app asks for it at
    /// start, takes the answer for that archive's inspector, and searching then uses it. A small one asks for none.
    func testALargeArchivesSearchIndexIsBuiltInTheBackground() throws {
        let n = SearchIndexSource.backgroundFrom
        let kids = (0..<n).map { k in
            "{\"type\":\"StaticText\",\"identifier\":\"row.\(k)\",\"label\":\"Row \(k)\",\"frame\":{\"x\":0,\"y\":\(k % 800),\"width\":300,\"height\":44}}"
        }
        let json = """
            {"formatVersion":1,"test":"T/t","screen":"S","mode":"normal","locale":"en_US","environment":{"xcode":"16","simulator":"iPhone","os":"iOS 18"},
             "failure":{"identifier":"row.7","label":"","frame":{"x":0,"y":0,"width":1,"height":1},"isHittable":false,"message":"m"},
             "hierarchy":{"type":"Application","frame":{"x":0,"y":0,"width":393,"height":852},"children":[
               {"type":"Window","frame":{"x":0,"y":0,"width":393,"height":852},"children":[\(kids.joined(separator: ","))]}]}}
            """
        let big = try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "big.json", folder: nil))
        var app = AppState(.inspector(InspectorState(archive: big, findings: [], width: 100, height: 30, glyphs: .unicode)))
        let effects = app.start()
        guard case .buildSearchIndex(let source)? = effects.first, effects.count == 1 else { return XCTFail("\(effects)") }
        XCTAssertEqual(source.archive, "big.json")
        _ = app.update(.searchIndexBuilt(SearchIndex(source.hierarchy, extra: source.extra), archive: "big.json"))
        guard case .inspector(let ready) = app.stack[0] else { return XCTFail() }
        XCTAssertNotNil(ready.searchIndex, "the answer reached the inspector")
        for key in [Key.char("/")] + "row 4999".map({ Key.char($0) }) { _ = app.update(.key(key)) }
        guard case .inspector(let searched) = app.stack[0] else { return XCTFail() }
        XCTAssertEqual(searched.matches.map { big.hierarchy[$0].identifier }, ["row.4999"])
        let small = try Golden.sample("settings-normal")
        XCTAssertEqual(AppState(.inspector(InspectorState(archive: small, findings: [], width: 100, height: 30, glyphs: .unicode))).start(), [])
    }

    /// The terminal's palette, not its name, decides a picture's colours: the open inspector and every one
    /// opened later get them; colour turned off stays off.
    func testThePalettesSizeDecidesAPicturesColours() throws {
        XCTAssertEqual(
            [0, 2, 8, 16, 88, 256, 16_777_216].map(ColorDepth.forPalette),
            [.none, .none, .indexed8, .indexed16, .indexed16, .indexed256, .indexed256])
        let archive = try Golden.sample("settings-normal")
        func inspector(_ settings: InspectorSettings) -> InspectorState {
            InspectorState(archive: archive, findings: [], width: 100, height: 30, glyphs: .unicode, settings: settings)
        }
        var app = AppState(.inspector(inspector(InspectorSettings(imageDepth: .indexed16))), settings: InspectorSettings(imageDepth: .indexed16))
        _ = app.update(.paletteDetected(colors: 256))
        XCTAssertEqual(
            app.facts.imageDepth, .indexed256, "a 256-colour terminal whose name does not say so: for every inspector, open or opened later")
        _ = app.update(.paletteDetected(colors: 8))
        XCTAssertEqual(app.facts.imageDepth, .indexed8)
        var mono = AppState(.inspector(inspector(InspectorSettings(imageDepth: .none))), settings: InspectorSettings(imageDepth: .none))
        _ = mono.update(.paletteDetected(colors: 256))
        XCTAssertEqual(mono.facts.imageDepth, .none, "NO_COLOR or --color never")
    }
}

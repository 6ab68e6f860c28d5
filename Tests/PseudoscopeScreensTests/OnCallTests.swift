import PseudoscopeCore
import PseudoscopeScreensTestSupport
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

/// The on-call night's defects (issue: "The on-call night, tried as a new user would"), screen by screen.
final class OnCallTests: XCTestCase {
    func state(_ sample: String, width: Int = 100, height: Int = 30, glyphs: Glyphs = .unicode) throws -> InspectorState {
        let a = try Golden.sample(sample)
        return InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: width, height: height, glyphs: glyphs)
    }

    func lines(_ s: InspectorState) -> [String] { InspectorView.render(s).renderPlain().components(separatedBy: "\n") }

    // 3. The test's own assertion message is seen on open, at 80×24.
    func testTheFailureMessageIsOnTheMainScreen() throws {
        let s = try state("checkout-expanded", width: 80, height: 24)
        XCTAssertEqual(lines(s)[1].trimmingCharacters(in: .whitespaces), "✗ XCTAssertTrue failed: checkout.confirm is not hittable")
    }

    // 14. The mode and the counts are the last things to go.
    func testTheHeaderKeepsTheModeAndTheCountsWhenNarrow() throws {
        for (w, h) in [(80, 24), (60, 16)] {
            let header = lines(try state("checkout-expanded", width: w, height: h))[0]
            XCTAssertTrue(header.contains("EXPANDED"), "\(w)×\(h): \(header)")
            XCTAssertTrue(header.contains("‼ 3 blocking"), "\(w)×\(h): \(header)")
        }
        let wide = lines(try state("checkout-expanded", width: 200, height: 30))[0]
        XCTAssertTrue(wide.contains("Xcode 16.2"), wide)
    }

    // 4. Keys go to the focused pane.
    func testKeysGoToTheFocusedPane() throws {
        var s = try state("checkout-expanded", width: 80, height: 24)
        let start = s.selected
        s.send(.nextPane, .nextPane)
        XCTAssertEqual(s.focus, .details)
        s.send(.move(.down), .move(.down))
        XCTAssertEqual(s.selected, start, "j scrolls the details, not the tree")
        XCTAssertEqual(s.detailsScroll.offset, 2)
        s.send(.move(.halfPageDown))
        XCTAssertEqual(s.selected, start)
        XCTAssertGreaterThan(s.detailsScroll.offset, 2)
        // PgDn past the end does not pile up: the first PgUp moves at once.
        for _ in 0..<20 { s.send(.move(.pageDown)) }
        let bottom = s.detailsScroll.offset
        s.send(.move(.pageUp))
        XCTAssertLessThan(s.detailsScroll.offset, bottom)
        // In the wireframe, j selects the element below the selection.
        s.send(.nextPane, .nextPane)
        XCTAssertEqual(s.focus, .wireframe)
        s.send(.jumpToFailing, .move(.up))
        let above = s.archive.hierarchy[s.selected].frame
        XCTAssertLessThan(above.midY, s.archive.hierarchy[s.archive.failingIndex!].frame.midY)
    }

    // A failure message of several lines (XCUITest's search input after it) reads on the list's status line with
    // its lines joined, not a literal `\n`.
    func testTheListsStatusLineJoinsAMessagesLines() throws {
        let bundle = Golden.repositoryRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/xcresult/xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult").path
        guard FileManager.default.fileExists(atPath: bundle) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("the shared fixtures are missing") }
            throw XCTSkip("the shared fixtures are not here")
        }
        var d = TestDriver(.runSet(RunSetState(paths: [bundle + "#1"], width: 200, height: 20, glyphs: .unicode)))
        d.press(.resize(width: 200, height: 20))
        let status = d.screen.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(status.contains("from input {( · Application, pid: 21560"), status)
        XCTAssertFalse(status.contains("\\n"), status)
    }

    // Ctrl-C while typing a search drops the search, as a shell's line editor drops the line; a second one quits.
    func testCtrlCInTheSearchPromptCancelsTheSearch() throws {
        var d = TestDriver(.inspector(try state("checkout-expanded", width: 100, height: 30)))
        d.press(.char("/"), .char("c"), .char("o"))
        guard case .inspector(let typing) = d.app.top else { return XCTFail("the inspector") }
        XCTAssertEqual(typing.searchQuery, "co")
        d.press(.ctrl("c"))
        guard case .inspector(let after) = d.app.top else { return XCTFail("the inspector") }
        XCTAssertNil(after.searchQuery, "the search is cancelled")
        XCTAssertFalse(d.app.isFinished, "the program goes on")
        d.press(.ctrl("c"))
        XCTAssertTrue(d.app.isFinished, "a second Ctrl-C quits")
    }

    // 6. Help scrolls on a short terminal to its last line.
    func testHelpScrollsToItsEndOnAShortTerminal() throws {
        var d = TestDriver(.inspector(try state("checkout-expanded", width: 80, height: 24)))
        d.press(.char("?"))
        XCTAssertFalse(d.screen.contains("Mouse: click a tree row"), "the end is below the fold at 24 rows")
        d.press(.char("G"))
        XCTAssertTrue(d.screen.contains("Mouse: click a tree row"), d.screen)
        d.press(.escape)
        XCTAssertFalse(d.screen.contains("Keys (q or Esc closes)"))
    }

    // 11. An element with a finding under another keeps its outline over the cover; selected, too.
    func testACoveredElementWithAFindingIsOutlinedOverItsCover() throws {
        var promo = Element(type: "Button")
        promo.identifier = "cart.promo"
        promo.label = "Apply promo"
        promo.frame = Rect(x: 20, y: 300, width: 200, height: 80)
        promo.isHittable = false
        var toast = Element(type: "Other")
        toast.label = "Saved to your list"
        toast.frame = Rect(x: 0, y: 280, width: 390, height: 140)
        var window = Element(type: "Window")
        window.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        let h = Hierarchy(
            preorder: [Element(type: "Application"), window, promo, toast].enumerated().map { k, e in
                var e = e
                e.depth = k == 0 ? 0 : k == 1 ? 1 : 2
                e.parent = k == 0 ? nil : k == 1 ? 0 : 1
                e.children = k == 0 ? [1] : k == 1 ? [2, 3] : []
                return e
            })
        var a = Archive(
            test: "CartUITests/testPromo", mode: .normal, environment: Environment(xcode: "16", simulator: "iPhone", os: "iOS 18"),
            failure: Failure(identifier: "cart.promo", label: "", frame: promo.frame, isHittable: false, message: "not hittable"),
            hierarchy: h, source: ArchiveSource(path: "x", folder: nil))
        a.primaryActions = ["cart.promo"]
        let findings = LayoutChecker(a).findings()
        XCTAssertTrue(findings.contains { $0.identifier == "cart.promo" && $0.severity == .blocking }, "\(findings)")
        let wire = Wireframe(archive: a, findings: findings)
        var options = WireframeOptions(glyphs: .unicode)
        let layout = wire.layout(width: 60, height: nil, options: options)
        let r = layout.cells(for: promo.frame)
        var drawing = wire.draw(layout, options: options)
        XCTAssertEqual(drawing[r.right, r.top].grapheme, "┓", "the covered promo's corner is drawn over the toast")
        XCTAssertEqual(drawing[r.right, r.bottom].role, .blocking)
        options.selected = 2
        drawing = wire.draw(layout, options: options)
        XCTAssertEqual(drawing[r.right, r.bottom].role, .selected)
    }

    // 12. Where frames are ASCII, Pseudoscope's own text is too: every character it writes has an ASCII spelling
    // (none becomes the `?` that stands for an archive's characters outside ASCII), on every screen and overlay.
    func testASCIIGlyphsMeanASCIIText() throws {
        var d = TestDriver(.inspector(try state("settings-normal", width: 100, height: 30, glyphs: .ascii)))
        XCTAssertTrue(d.app.render().renderPlain().unicodeScalars.allSatisfy(\.isASCII))
        for keys in [
            [Key.char("?")], [.char("G")], [.escape, .char("i")], [.char("i"), .char("s")], [.char("f")], [.char("y")],
            [.escape, .char("/"), .char("x")],
        ] {
            d.press(keys)
            let frame = d.app.render()
            XCTAssertFalse(frame.replacedOutsideASCII, "after \(keys): a character of ours without an ASCII spelling:\n\(frame.renderPlain())")
        }
        XCTAssertEqual(TerminalText.asciiPunctuated("a · b ×2 — c… ↑↓"), "a | b x2 - c... ^v")
        // A line cut to the width ends in the ASCII ellipsis, measured as it is drawn (not `…` widened to `...`).
        let small = Overlay.tooSmall(width: 14, height: 5, minimumWidth: 60, minimumHeight: 20, glyphs: .ascii).renderPlain()
        XCTAssertTrue(small.contains("Terminal t...\n") || small.contains("Terminal to...\n"), small)
        let path = Golden.repositoryRoot.appendingPathComponent("SampleArchives/settings-normal").path
        var list = TestDriver(.runSet(RunSetState(paths: [path, path], width: 100, height: 30, glyphs: .ascii)))
        for keys: [Key] in [[], [.char("?")], [.escape, .char("s")], [.char("c")]] {
            list.press(keys)
            let frame = list.app.render()
            XCTAssertFalse(frame.replacedOutsideASCII, "the list after \(keys):\n\(frame.renderPlain())")
        }
    }

    // 13. z fills the pane with the selection and its surroundings.
    func testZoomFillsThePaneWithTheSelection() throws {
        var s = try state("checkout-expanded", width: 120, height: 35)
        s.send(.move(.top))
        while s.archive.hierarchy[s.selected].identifier != "checkout.applyCoupon" { s.send(.move(.down)) }
        s.send(.toggleZoom)
        let (layout, options) = s.wireframeLayout()
        let cells = layout.cells(for: s.wireframe.drawnFrame(s.selected, options))
        let pane = s.layout.wireframe
        XCTAssertGreaterThanOrEqual(Double(cells.width), Double(pane.width) * 0.55, "the selection takes most of the pane's width")
    }

    // 15. The failing row shows its finding mark too; a collapsed node shows that findings are inside.
    func testTreeMarksShowFindingsOnTheFailingRowAndInsideCollapsedNodes() throws {
        var s = try state("checkout-expanded", width: 100, height: 30)
        let failingRow = lines(s).first { $0.contains("Button 'checkout.confirm'") }!
        XCTAssertTrue(failingRow.hasPrefix("✗‼"), failingRow)
        s.send(.move(.top), .move(.down))  // the window
        s.send(.left)  // collapsed
        let windowRow = lines(s).first { $0.contains("Window") }!
        XCTAssertTrue(windowRow.hasPrefix(" ‼"), "a collapsed window holding blocking findings says so: \(windowRow)")
        let map = Golden.styleMap(InspectorView.render(s))
        let row = lines(s).firstIndex(of: windowRow)!
        let selectedMap = Array(map.components(separatedBy: "\n")[row])
        XCTAssertEqual(selectedMap[1], "d", "faint on the selected row too: the finding is inside, not on the window")
        let textStart = (2..<windowRow.count).first { Array(windowRow)[$0] != " " }!
        XCTAssertEqual(selectedMap[textStart], "s", "the selection bar starts at the row's text")
        XCTAssertNotEqual(selectedMap[textStart - 1], "s", "and leaves the indentation alone")
        s.send(.move(.up))
        let plainMap = Golden.styleMap(InspectorView.render(s)).components(separatedBy: "\n")[row]
        XCTAssertEqual(Array(plainMap)[1], "d", "faint: the finding is inside, not on the window")
        XCTAssertNotEqual(Array(plainMap)[textStart], "s")
    }

    // 15. A failed incremental search returns to where it started.
    func testAFailedSearchReturnsToItsStart() throws {
        var s = try state("checkout-expanded")
        let start = s.selected
        s.send(.startSearch)
        s.type("legal")
        XCTAssertNotEqual(s.selected, start)
        s.type("zzz")
        XCTAssertEqual(s.selected, start, "no match: back where the search started")
    }

    // 15. "1 row", not "1 rows".
    func testOneRowIsSingular() throws {
        let a = try ArchiveLoader().decode(
            Array(
                #"{"formatVersion":1,"test":"t","mode":"normal","environment":{"xcode":"x","simulator":"s","os":"o"},"failure":{"identifier":"","frame":{"x":0,"y":0,"width":0,"height":0},"isHittable":true,"message":"m"},"hierarchy":{"type":"Application"}}"#
                    .utf8), source: ArchiveSource(path: "x", folder: nil))
        let s = InspectorState(archive: a, findings: [], width: 80, height: 24, glyphs: .unicode)
        XCTAssertTrue(InspectorView.render(s).renderPlain().contains("Tree  1 row "))
    }

    // y: the copy menu copies each item, says what it copied and shows it to select by hand.
    func testTheCopyMenuCopiesTheQueryTheLocatorAndTheRepro() throws {
        var d = TestDriver(.inspector(try state("checkout-expanded", width: 100, height: 30)))
        d.press(.char("y"))
        XCTAssertTrue(d.screen.contains("Copy to the clipboard"), d.screen)
        d.press(.char("x"))
        XCTAssertEqual(d.copied.last, #"app.buttons["checkout.confirm"]"#)
        XCTAssertTrue(d.screen.contains("Enter shows it plain, to select by hand"), d.screen)
        XCTAssertTrue(d.screen.contains("The XCUITest query (31 characters)"), d.screen)
        XCTAssertTrue(
            d.screen.contains("Sent to your terminal as OSC 52; a terminal does not say whether it took it."),
            "no claim that it was copied: \(d.screen)")
        d.press(.char("j"))  // any key but Enter closes the box
        XCTAssertFalse(d.screen.contains("Enter shows it plain"))
        // Enter asks the terminal to show it plain (the driver's work), and closes the box.
        d.press(.char("y"), .char("x"))
        XCTAssertEqual(d.app.update(.key(.enter)), [.showPlain(text: #"app.buttons["checkout.confirm"]"#, what: "XCUITest query")])
        XCTAssertFalse(d.screen.contains("Enter shows it plain"))
        for (key, expected) in [
            ("a", "accessibility id: checkout.confirm"), ("p", "Application/Window/Other/Button[1]"),
            ("r", "pseudoscope '\(Golden.repositoryRoot.path)/SampleArchives/checkout-expanded' --select 'checkout.confirm'"),
        ] {
            d.press(.char("y"), .char(Character(key)), .escape)
            XCTAssertEqual(d.copied.last, expected)
        }
        d.press(.char("y"), .char("m"), .escape)
        XCTAssertTrue(
            d.copied.last?.hasPrefix("### blocking outside-window, blocking primary-action-unreachable: Button 'checkout.confirm'") ?? false,
            d.copied.last ?? "")
        XCTAssertTrue(
            d.copied.last?.contains(
                "- Open it: `pseudoscope '\(Golden.repositoryRoot.path)/SampleArchives/checkout-expanded' --select 'checkout.confirm'`") ?? false,
            "from the root: a colleague runs it elsewhere")
    }

    // 7. Both runs are drawn at 80×24, and the unmirrored elements get ghost outlines where they belong.
    func testComparisonDrawsBothRunsWithGhostsWhereElementsBelong() throws {
        let c = RunComparison(try Golden.sample("settings-normal"), try Golden.sample("settings-rtl"))
        let s = ComparisonState(comparison: c, width: 80, height: 24, glyphs: .unicode)
        let canvas = ComparisonView.render(s)
        let text = canvas.renderPlain()
        XCTAssertEqual(text.components(separatedBy: "╔").count - 1, 2, "two windows drawn:\n\(text)")
        XCTAssertGreaterThanOrEqual(s.drawingWidth, 16)
        XCTAssertTrue(Golden.styleMap(canvas).contains("g"), "ghost outlines in B")
        XCTAssertFalse(c.mirroredPlaces.isEmpty)
        let other = RunComparison(try Golden.sample("settings-normal"), try Golden.sample("checkout-expanded"))
        XCTAssertTrue(
            ComparisonView.render(ComparisonState(comparison: other, width: 120, height: 30, glyphs: .unicode)).renderPlain().contains(
                "(different screens!)"))
    }

    // 15. Without TERM nothing is known of the terminal's colours: none are sent.
    func testNoColourWithoutATerm() {
        XCTAssertFalse(TerminalEnvironment(stdoutIsTerminal: true, variables: ["LANG": "C.UTF-8"]).useColor(.auto))
        XCTAssertTrue(TerminalEnvironment(stdoutIsTerminal: true, variables: ["TERM": "xterm"]).useColor(.auto))
    }
}

/// The wireframe shows what the device showed, and gets the room it needs.
final class WireframeRoomTests: XCTestCase {
    /// A truncated text is drawn cut at the share of it that fits its frame, with an ellipsis: the picture shows
    /// the 25% the finding says are hidden, not the whole text.
    func testATruncatedTextIsDrawnCutAsTheDeviceCutIt() throws {
        let a = try Golden.sample("settings-expanded")
        let findings = LayoutChecker(a).findings()
        let text = RenderReport(archive: a, findings: findings, glyphs: .unicode, width: 80, height: nil, listFindings: false).canvas().renderPlain()
        XCTAssertTrue(text.contains("［Einstellunge…"), text)
        XCTAssertFalse(text.contains("［Einstellungen···］"), "not drawn whole")
        XCTAssertEqual(Wireframe.asTheDeviceShows("Confirm order", share: 0.5, ellipsis: "…"), "Confi…", "half its width, the ellipsis included")
        XCTAssertEqual(Wireframe.asTheDeviceShows("OK", share: 1.2, ellipsis: "…"), "OK")
    }

    /// `w` trades the tree's width for the wireframe's, and the session keeps it for the next inspector; `s` says
    /// why it skips both side by side in a pane too narrow for them.
    func testWWidensTheWireframeForTheSessionAndSSaysWhyItSkipsBoth() throws {
        let paths = ["checkout-expanded", "settings-normal"].map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        var d = TestDriver(.runSet(RunSetState(paths: paths, width: 100, height: 30, glyphs: .unicode)))
        d.press(.resize(width: 100, height: 30), .enter)
        guard case .inspector(let first) = d.app.top else { return XCTFail("opens") }
        let normal = first.layout.wireframe.width
        d.press(.char("s"), .char("s"))
        XCTAssertTrue(d.screen.contains("Both side by side need 49 columns; the pane has \(normal) (w widens it)"), d.screen)
        d.press(.char("w"), .char("w"))
        guard case .inspector(let widest) = d.app.top else { return XCTFail() }
        XCTAssertEqual(widest.drawingRoom, .widest)
        XCTAssertGreaterThan(widest.layout.wireframe.width, normal + 15, "the tree gave way")
        XCTAssertTrue(d.screen.contains("Wireframe pane: widest"), d.screen)
        d.press(.char("q"), .char("j"), .enter)
        guard case .inspector(let next) = d.app.top else { return XCTFail("the next archive opens") }
        XCTAssertEqual(next.drawingRoom, .widest, "kept for the session")
    }
}

/// Issue 76: a message whose first line is the test's own assertion carries XCUITest's query on the next line; the
/// inspector's failure line says what the test looked for after the assertion, so it is seen on open.
final class FailureLineQueryTests: XCTestCase {
    func testTheQueryOnALaterLineIsSaidOnTheFailureLine() throws {
        let a = try Golden.sample("checkout-expanded")
        let message =
            "XCTAssertTrue failed - 'Start' button does not exist\nFailed to tap \"Start\" StaticText: No matches found for first query match sequence: `Descendants matching type StaticText` -> `Elements matching predicate '\"Start\" IN identifiers'`, given input App element pid: 1"
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ArchiveEncoder.encode(a).utf8)) as? [String: Any])
        var failure = try XCTUnwrap(json["failure"] as? [String: Any])
        failure["message"] = message
        json["failure"] = failure
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-fl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("archive.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        let verdict = try Engine(loader: ArchiveLoader()).judge(file.path).get()
        let s = InspectorState(verdict: verdict, width: 160, height: 30, glyphs: .unicode)
        let line = InspectorView.render(s).renderPlain().components(separatedBy: "\n")[1]
        XCTAssertTrue(
            line.hasPrefix("✗ XCTAssertTrue failed - 'Start' button does not exist  · looked for: tap StaticText 'Start' (no matches)"), line)
    }
}

/// Issue 78: the notes overlay scrolls at 80×24 when its notes wrap to more lines than fit, as its title says.
final class NotesOverlayScrollTests: XCTestCase {
    func testLongNotesScrollAt80x24() throws {
        let a = try Golden.sample("checkout-expanded")
        let state = InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: 80, height: 24, glyphs: .unicode)
        let long = (1...6).map { k in "note \(k): " + String(repeating: "a long line of what the bundle recorded ", count: 8) }
        var d = TestDriver(.inspector(state), notes: long + ["the last note: a CodeSign failure"])
        d.press(.resize(width: 80, height: 24), .char("!"))
        XCTAssertTrue(d.screen.contains("j k scroll"), d.screen)
        XCTAssertFalse(d.screen.contains("the last note"), "at first the last note is below: \(d.screen)")
        for _ in 0..<20 { d.press(.char("j")) }
        XCTAssertTrue(d.screen.contains("the last note: a CodeSign failure"), d.screen)
    }
}

/// Issue 78: the list's blocking filter says what it shows and how many rows, first in the header, so its rows are
/// never read against the header's "blocked" count.
final class FilterHeaderTests: XCTestCase {
    func testTheBlockingFilterSaysWhatItHoldsAndHowManyRows() throws {
        let names = ["checkout-expanded", "settings-normal", "settings-expanded"]
        let paths = names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path } + ["/nonexistent/archive.json"]
        var d = TestDriver(.runSet(RunSetState(paths: paths, width: 160, height: 30, glyphs: .unicode)))
        d.press(.resize(width: 160, height: 30), .char("b"), .char("b"))
        let header = try XCTUnwrap(d.screen.split(separator: "\n").first.map(String.init))
        guard case .runSet(let list) = d.app.top else { return XCTFail() }
        XCTAssertEqual(list.severityFilter, .blocking)
        XCTAssertTrue(header.hasPrefix("Run set: 4 archives · filter: blocked or not judged (\(list.rows.count) rows) · "), header)
        XCTAssertEqual(list.rows.count, 3, "two runs blocked and one that could not be read")
    }
}

/// Issue 78: the inspector's header at 120 columns keeps the device, the OS and Xcode of a bundle run: what the
/// mode already says and which try of the run it is go first, then a long test name is cut from its start.
final class HeaderAt120Tests: XCTestCase {
    func testABundleRunsHeaderKeepsItsDeviceAndVersions() throws {
        let root = Golden.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/xcresult")
        guard FileManager.default.fileExists(atPath: root.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("the shared fixtures are missing; CI must provide them") }
            throw XCTSkip("the shared fixtures are not here")
        }
        let a = try ArchiveLoader().load(
            root.appendingPathComponent("xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult#12").path)
        let header = ArchiveText.fittedHeader(a, width: 100, ellipsis: "…")
        XCTAssertTrue(header.contains("iPhone 17 Pro Max") && header.contains("iOS 26.0"), header)
        XCTAssertTrue(header.contains("testFlakyHappyPath"), "the method names the test: \(header)")
        XCTAssertFalse(header.contains("left-to-right"), "the mode says it: \(header)")
        let wide = ArchiveText.fittedHeader(a, width: 250, ellipsis: "…")
        XCTAssertTrue(wide.contains("failed run #12 of 13, attempt 1 of 3") && wide.contains("Xcode 26.0.1"), wide)
    }
}

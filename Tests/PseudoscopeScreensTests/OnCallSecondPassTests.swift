import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens
import PseudoscopeScreensTestSupport
import XCTest

/// The list while its inputs arrive (issue: Enter on a drawn row opened another run, `c` compared another screen):
/// rows stay in the order given until the last input is in, so a key acts on the row drawn; then the list is
/// sorted worst first once, and the cursor stays on its run if the user moved; a status that announced a screen
/// is gone when the list is seen again.
final class ListWhileLoadingTests: XCTestCase {
    static let names = ["checkout-expanded", "profile-hardcoded-expanded", "settings-normal", "settings-expanded", "settings-rtl"]

    func paths() -> [String] { Self.names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path } }

    func entry(_ k: Int, _ engine: inout Engine) -> LoadedEntry {
        let p = paths()[k]
        return LoadedEntry(index: k, entry: RunSetEntry(path: p, result: engine.summarize(p)))
    }

    func testRowsDoNotMoveUnderTheCursorWhileInputsArrive() throws {
        var engine = Engine(loader: ArchiveLoader())
        var s = RunSetState(paths: paths(), width: 120, height: 20, glyphs: .unicode)
        // The inputs arrive out of order, the worst (settings-rtl) among the last.
        _ = s.update(.received([entry(0, &engine)]))
        XCTAssertEqual(s.selectedEntry, 0)
        let drawn = RunSetView.render(s).renderPlain()
        XCTAssertTrue(drawn.contains("checkout"), drawn)
        _ = s.update(.received([entry(4, &engine), entry(2, &engine)]))
        XCTAssertEqual(s.rows, [0, 1, 2, 3, 4], "in the order given while loading")
        XCTAssertEqual(s.selectedEntry, 0, "the row drawn under the cursor is still the one a key acts on")
        // Enter now opens the run drawn, not the one a sort would have put there.
        let open = s.update(.open)
        guard case .inspect(let path, _, _)? = open.first else { return XCTFail("\(open)") }
        XCTAssertEqual(path, paths()[0])
        // The user moves to settings-normal; the last inputs arrive and the list is sorted: the cursor stays on it.
        _ = s.update(.move(.down))
        _ = s.update(.move(.down))
        XCTAssertEqual(s.selectedEntry, 2)
        for e in s.update(.received([entry(1, &engine), entry(3, &engine)])) {
            for case .runSet(let m) in EffectInterpreter.perform(e, engine: &engine, maxPixels: 1) { _ = s.update(m) }
        }
        XCTAssertFalse(s.isLoading)
        XCTAssertEqual(s.rows.first, 4, "sorted worst first once everything is in")
        XCTAssertEqual(s.selectedEntry, 2, "and the selection stayed on its run")
    }

    /// Without a move, the cursor is on the first row: once loaded, the worst run.
    func testUntouchedTheCursorIsOnTheWorstRunOnceLoaded() throws {
        var engine = Engine(loader: ArchiveLoader())
        var s = RunSetState(paths: paths(), width: 120, height: 20, glyphs: .unicode)
        _ = s.update(.received([entry(0, &engine), entry(1, &engine)]))
        for e in s.update(.received([entry(2, &engine), entry(3, &engine), entry(4, &engine)])) {
            for case .runSet(let m) in EffectInterpreter.perform(e, engine: &engine, maxPixels: 1) { _ = s.update(m) }
        }
        XCTAssertEqual(s.selectedEntry, 4, "settings-rtl, paired, blocks most")
    }

    /// "Opening …" is over when the inspector is shown: back on the list, the status line does not say it.
    func testAnOpeningStatusIsGoneWhenTheListIsSeenAgain() throws {
        var engine = Engine(loader: ArchiveLoader())
        var list = RunSetState(paths: paths(), width: 120, height: 20, glyphs: .unicode)
        _ = list.update(.received((0..<5).map { entry($0, &engine) }))
        var app = AppState(.runSet(list))
        let effects = app.update(.key(.enter))
        XCTAssertTrue(app.render().renderPlain().contains("Opening "), "said while the run loads")
        guard case .inspect(let path, let among, _)? = effects.first else { return XCTFail("\(effects)") }
        for m in EffectInterpreter.perform(.inspect(path: path, among: among), engine: &engine, maxPixels: 1) { _ = app.update(m) }
        _ = app.update(.key(.char("q")))
        XCTAssertFalse(app.render().renderPlain().contains("Opening "), app.render().renderPlain())
    }
}

/// What the copy says, by where it goes (tmux's settings as tmux reports them).
final class ClipboardRouteTests: XCTestCase {
    func testTmuxsSettingsDecideTheWords() {
        XCTAssertEqual(ClipboardRoute.tmux(setClipboard: "on\n", passthrough: "off\n"), .tmuxBuffer)
        XCTAssertEqual(ClipboardRoute.tmux(setClipboard: "external\n", passthrough: "on\n"), .tmuxPassthrough)
        XCTAssertEqual(
            ClipboardRoute.tmux(setClipboard: "external\n", passthrough: "off\n"), .tmuxDrops(setClipboard: "external", passthrough: "off"))
        XCTAssertEqual(
            ClipboardRoute.tmux(setClipboard: "off", passthrough: nil), .tmuxDrops(setClipboard: "off", passthrough: "off"),
            "an old tmux without passthrough")
        XCTAssertEqual(ClipboardRoute.tmux(setClipboard: nil, passthrough: nil), .tmuxUnknown)
        XCTAssertTrue(ClipboardRoute.terminal.status("identifier", count: 5).hasPrefix("Sent the identifier to your terminal's clipboard"))
        XCTAssertTrue(
            ClipboardRoute.tmuxDrops(setClipboard: "external", passthrough: "off").status("identifier", count: 5).hasPrefix("Not copied: tmux drops"))
        for route in [ClipboardRoute.terminal, .tmuxBuffer, .tmuxPassthrough, .tmuxDrops(setClipboard: "external", passthrough: "off"), .tmuxUnknown]
        {
            XCTAssertFalse(
                route.status("identifier", count: 5).hasPrefix("Copied the identifier") && route != .tmuxBuffer,
                "only tmux's buffer is known to hold it")
        }
    }
}

/// The two cuts in the wireframe look different (issue: `…` meant two things): the device's cut (a
/// `text-truncated` finding) ends in `…` in the finding's colour; the drawing's lack of room in a dim `›`; in
/// ASCII `...` and `~`; wrapped labels use the lines their box holds.
final class TwoCutsTests: XCTestCase {
    func testTheDevicesCutAndTheDrawingsLackOfRoomLookDifferent() throws {
        let a = try Golden.sample("checkout-expanded")
        let findings = LayoutChecker(a).findings()
        XCTAssertTrue(findings.contains { $0.rule == .textTruncated && $0.identifier == "checkout.legal" })
        for glyphs in [Glyphs.unicode, Glyphs.ascii] {
            let canvas = RenderReport(archive: a, findings: findings, glyphs: glyphs, width: 100, height: nil, listFindings: false).canvas()
            let rows = canvas.renderPlain().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertTrue(rows.contains { $0.contains("\(glyphs.ellipsis) cut by the device") }, "the legend names both: \(rows.suffix(3))")
            XCTAssertTrue(rows.contains { $0.contains("\(glyphs.noRoom) more than the drawing has room for") }, "\(rows.suffix(3))")
            // The legal text, which the device cut below its second line, is drawn to its share and ends in the ellipsis.
            let legal = try XCTUnwrap(rows.firstIndex { $0.contains("Mit Ihrer Bestellung") })
            XCTAssertTrue(rows[legal].contains("Allgemeinen") && rows[legal].contains(glyphs.ellipsis), rows[legal])
            XCTAssertFalse(rows.contains { $0.contains("Werktagen") }, "what the device hid is not drawn")
            // An identifier too long for its box at this scale ends in the no-room mark, not the ellipsis.
            XCTAssertTrue(rows.contains { $0.contains("checkout.item." + glyphs.noRoom) }, "\(rows)")
            XCTAssertFalse(rows.contains { $0.contains("checkout.item." + glyphs.ellipsis) })
            // In colour the ellipsis is the finding's (blocking) and the mark dim: different roles at those cells.
            // The plain rows are the canvas's rows below its two header lines: find the ellipsis cell on the legal row.
            let y = legal
            let x = try XCTUnwrap((0..<canvas.width).last { canvas[$0, y].grapheme == String(glyphs.ellipsis.last!) })
            XCTAssertEqual(canvas[x, y].role, .blocking, "the device's cut in the finding's colour")
            let markRow = try XCTUnwrap(rows.firstIndex { $0.contains("checkout.item." + glyphs.noRoom) })
            let mx = try XCTUnwrap((0..<canvas.width).first { canvas[$0, markRow].grapheme == glyphs.noRoom })
            XCTAssertEqual(canvas[mx, markRow].role, .dim, "the drawing's lack of room, dim")
        }
        // A label of several words in a box of several rows is drawn on them, not cut to one line.
        let unicode = RenderReport(archive: a, findings: findings, glyphs: .unicode, width: 100, height: nil, listFindings: false).canvas()
            .renderPlain()
        XCTAssertTrue(unicode.contains("［Kabellose Kopfhörer Pro (2.") && unicode.contains("Generation)·"), unicode)
    }
}

/// `compare` can be acted on (issue: Enter, y and i did nothing): Enter opens the row's element in the inspector
/// of its run, y opens the inspector's copy menu on it, i shows the row's whole text.
final class ComparisonActionsTests: XCTestCase {
    func comparison(width: Int = 160) throws -> TestDriver {
        let c = RunComparison(try Golden.sample("settings-normal"), try Golden.sample("settings-rtl"))
        return TestDriver(.comparison(ComparisonState(comparison: c, width: width, height: 40, glyphs: .unicode)))
    }

    func testEnterOpensTheRowsElementInItsRunsInspector() throws {
        var d = try comparison()
        guard case .comparison(let s) = d.app.top, let (archive, element) = s.selectedElement else { return XCTFail("a comparison on a row") }
        XCTAssertEqual(archive.source.path, s.comparison.b.source.path, "side by side, B's element where the row has one")
        d.press(.enter)
        guard case .inspector(let x) = d.app.top else { return XCTFail(d.screen) }
        XCTAssertEqual(x.selected, element, "the inspector opens on the row's element")
        XCTAssertEqual(x.archive.source.path, archive.source.path)
        d.press(.char("q"))
        guard case .comparison(let back) = d.app.top else { return XCTFail("q returns to the comparison") }
        XCTAssertNil(back.message, "the 'Opening …' status is over")
    }

    func testYOpensTheCopyMenuOnTheElementAndICopiesTheWholeText() throws {
        var d = try comparison()
        d.press(.char("y"))
        XCTAssertTrue(d.screen.contains("Copy to the clipboard"), d.screen)
        d.press(.char("p"))
        XCTAssertEqual(d.copied.count, 1, "the path copied from the inspector's menu")
        d.press(.escape, .char("q"))
        d.press(.char("i"))
        let whole = d.screen
        XCTAssertTrue(whole.contains("A: ") && whole.contains("B: ") && whole.contains("any key closes"), whole)
        d.press(.char("j"))
        XCTAssertFalse(d.screen.contains("any key closes"), "any key closes it")
    }

    /// Narrow, the run drawn is the one Enter opens: Tab switches it.
    func testNarrowTheRunDrawnIsTheOneOpened() throws {
        var d = try comparison(width: 60)
        guard case .comparison(let s) = d.app.top else { return XCTFail() }
        XCTAssertEqual(s.selectedElement?.archive.source.path, s.comparison.a.source.path)
        d.press(.tab)
        guard case .comparison(let t) = d.app.top else { return XCTFail() }
        XCTAssertEqual(t.selectedElement?.archive.source.path, t.comparison.b.source.path)
    }
}

/// At 80x24 (issue: a 15-column wireframe, the failing element off screen until z): the failing element is on
/// screen and the wireframe takes the pane's columns, stretched across where the pane's height limits it.
final class NarrowTerminalTests: XCTestCase {
    /// A small element's `▪` does not eat a letter of a label drawn under it (`setti▪gs.textSize`).
    func testASmallElementsMarkLeavesTheLettersOfALabel() throws {
        let a = try Golden.sample("settings-rtl")
        let text = RenderReport(archive: a, findings: LayoutChecker(a).findings(), glyphs: .unicode, width: 80, height: 24, listFindings: false)
            .canvas().renderPlain()
        XCTAssertTrue(text.contains("settings.textSize") && text.contains("settings.version"), text)
    }

    func testAt80x24TheFailingElementIsOnScreenAndTheWireframeUsesThePane() throws {
        for sample in ["checkout-expanded", "settings-rtl", "settings-expanded", "signup-ime-composition"] {
            let a = try Golden.sample(sample)
            let s = InspectorState(archive: a, findings: LayoutChecker(a).findings(), width: 80, height: 24, glyphs: .unicode)
            let rows = InspectorView.render(s).renderPlain().components(separatedBy: "\n").prefix(23)
            // The wireframe pane is right of the tree's separator; the window's outline spans most of it.
            let pane = rows.compactMap { row -> Substring? in row.firstIndex(of: "│").map { row[row.index(after: $0)...] } }
            let outline = try XCTUnwrap(pane.first { $0.contains("╔") }, sample)
            let drawn = outline.filter { "╔═╗".contains($0) }.count
            XCTAssertGreaterThanOrEqual(
                drawn, pane.map(\.count).max()! * 3 / 4, "\(sample): the drawing takes the pane's columns:\n\(rows.joined(separator: "\n"))")
            if a.failingIndex != nil {
                XCTAssertTrue(pane.contains { $0.contains("✗") }, "\(sample): the failing element is on screen:\n\(rows.joined(separator: "\n"))")
            }
        }
    }
}

/// Runs can be told apart (issue: `iPad/settings-rtl` and `iPhoneSE/settings-rtl` both showed FROM `settings-rtl`):
/// FROM shows as much of the path as tells each run from the others, in the list and its plain text.
final class FromColumnTests: XCTestCase {
    func testFromIsAsLongAsTellsRunsApart() {
        XCTAssertEqual(
            ArchiveText.distinguishingPaths(["/n/iPad/settings-rtl", "/n/iPhoneSE/settings-rtl", "/n/iPad/checkout-expanded"]),
            ["iPad/settings-rtl", "iPhoneSE/settings-rtl", "checkout-expanded"])
        XCTAssertEqual(
            ArchiveText.distinguishingPaths(["/a/TestResults/rtl/LayoutTests.xcresult#1", "/a/TestResults/normal/LayoutTests.xcresult#1"]),
            ["rtl #1", "normal #1"], "the bundle every row shares says nothing: left out (issue 78)")
        // Two devices' runs of a night: the device and the mode, never the constant bundle, so at any width the
        // rows stay apart.
        let night = ["iPhone15", "iPhone16"].flatMap { d in ["normal", "expanded"].map { "/ci/TestResults/\(d)/\($0)/LayoutTests.xcresult#3" } }
        XCTAssertEqual(
            ArchiveText.distinguishingPaths(night), ["iPhone15/normal #3", "iPhone15/expanded #3", "iPhone16/normal #3", "iPhone16/expanded #3"])
        // One bundle's runs alone: the bundle is what is left to say.
        XCTAssertEqual(ArchiveText.distinguishingPaths(["/x/B.xcresult#1", "/x/B.xcresult#2"]), ["B.xcresult#1", "B.xcresult#2"])
        XCTAssertEqual(ArchiveText.distinguishingPaths(["/x/a/archive.json", "/y/a/archive.json"]), ["x/a", "y/a"])
        XCTAssertEqual(ArchiveText.distinguishingPaths(["same", "same"]), ["same", "same"], "identical paths cannot be told apart and do not loop")
    }

    func testTheListShowsTheDistinguishingPath() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-from-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for device in ["iPad", "iPhoneSE"] {
            let target = dir.appendingPathComponent("\(device)/settings-rtl")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Golden.repositoryRoot.appendingPathComponent("SampleArchives/settings-rtl/archive.json").path,
                toPath: target.appendingPathComponent("archive.json").path)
            paths.append(target.path)
        }
        let engine = Engine(loader: ArchiveLoader())
        var s = RunSetState(paths: paths, width: 160, height: 20, glyphs: .unicode)
        _ = s.update(.received(paths.enumerated().map { LoadedEntry(index: $0, entry: RunSetEntry(path: $1, result: engine.summarize($1))) }))
        let screen = RunSetView.render(s).renderPlain()
        XCTAssertTrue(screen.contains("iPad/settings-rtl") && screen.contains("iPhoneSE/settings-rtl"), screen)
        let plain = RunSetReport.lines(s, width: nil, glyphs: .unicode).map(\.0).joined(separator: "\n")
        XCTAssertTrue(plain.contains("iPad/settings-rtl") && plain.contains("iPhoneSE/settings-rtl"), plain)
    }
}

/// Numbering and order (issue: `run 5 of 8, run 1 of 4`, retries sorted `#10, #11, #9`, not-checked rows above rows
/// with findings): one phrase, numeric order, checked before unchecked within a severity.
final class NumberingAndOrderTests: XCTestCase {
    func testNumbersSortByValue() {
        XCTAssertEqual(
            ["B.xcresult#10", "B.xcresult#9", "B.xcresult#11", "A.xcresult#2"].sorted(by: NaturalOrder.less),
            ["A.xcresult#2", "B.xcresult#9", "B.xcresult#10", "B.xcresult#11"])
        XCTAssertTrue(NaturalOrder.less("run 09", "run 10"))
        XCTAssertFalse(NaturalOrder.less("x", "x"))
        XCTAssertTrue(NaturalOrder.less("x", "x1"))
    }

    func testCheckedRunsComeBeforeUncheckedOnesOfTheSameSeverity() throws {
        let normal = Golden.repositoryRoot.appendingPathComponent("SampleArchives/settings-normal").path  // review findings only
        let engine = Engine(loader: ArchiveLoader())
        var s = RunSetState(
            paths: [normal], notChecked: [ArchiveError(file: "/n/A build.xcresult", message: "the build failed")], width: 160, height: 20,
            glyphs: .unicode)
        _ = s.update(.received([LoadedEntry(index: 0, entry: RunSetEntry(path: normal, result: engine.summarize(normal)))]))
        XCTAssertEqual(s.entries[0]?.counts.blocking, 0)
        XCTAssertEqual(s.rows, [0, 1], "the checked run with review findings first, the bundle not checked after")
        // A real unit-test failure (DBXCReportModelTests: its name sorts first): a run read, without a hierarchy, so not
        // checked; it sorts after the checked run.
        let unit =
            Golden.repositoryRoot.deletingLastPathComponent().appendingPathComponent(
                "shared/fixtures/xcresult/xcode15.2-unit-failure__DBXCResultParser-15.0.xcresult"
            ).path + "#1"
        guard FileManager.default.fileExists(atPath: String(unit.dropLast(2))) else { throw XCTSkip("shared fixtures missing") }
        var t = RunSetState(paths: [unit, normal], width: 160, height: 20, glyphs: .unicode)
        _ = t.update(
            .received([
                LoadedEntry(index: 0, entry: RunSetEntry(path: unit, result: engine.summarize(unit))),
                LoadedEntry(index: 1, entry: RunSetEntry(path: normal, result: engine.summarize(normal))),
            ]))
        XCTAssertTrue(t.entries[0]?.isUnchecked == true, "the unit failure is read and not checked")
        XCTAssertEqual(t.rows, [1, 0], "checked before unchecked within a severity, whatever the names")
    }

    func testTheHeaderSaysWhichFailedRunAndWhichAttempt() throws {
        var a = try Golden.sample("settings-rtl")
        var origin = RunOrigin(bundle: "TestResults/rtl/LayoutTests.xcresult", number: 5, runCount: 8)
        origin.repetition = "attempt 1 of 4"
        a.run = origin
        let header = ArchiveText.header(a)
        XCTAssertTrue(header.contains("failed run #5 of 8, attempt 1 of 4"), header)
    }
}

/// A night's findings as one queue (issue item 13): from a run's last finding, `f` goes on to the next run with
/// findings in the list's order, `F` back to the previous one's last, saying "finding k of n, run r of R".
final class FindingQueueTests: XCTestCase {
    func testFWalksPastARunsLastFindingIntoTheNextRun() throws {
        let names = ["checkout-expanded", "settings-rtl", "settings-normal", "settings-expanded"]
        let paths = names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        // The driver loads and pairs the list as the program does.
        var d = TestDriver(AppState(.runSet(RunSetState(paths: paths, width: 160, height: 40, glyphs: .unicode))))
        guard case .runSet(let list) = d.app.top else { return XCTFail() }
        let queue = list.rows.filter { (list.entries[$0]?.counts.total ?? 0) > 0 }
        XCTAssertGreaterThanOrEqual(queue.count, 2)
        d.press(.enter)
        guard case .inspector(let first) = d.app.top else { return XCTFail(d.screen) }
        XCTAssertTrue(RunSetState.samePath(list.entries[queue[0]]?.summary?.path, first.archive.source.path))
        XCTAssertEqual(first.queue?.run, 1)
        // f through every finding of the first run, then once more: the second run, on its first finding.
        var presses = 0
        while presses < 50, case .inspector(let x) = d.app.top, RunSetState.samePath(list.entries[queue[0]]?.summary?.path, x.archive.source.path) {
            d.press(.char("f"))
            presses += 1
        }
        XCTAssertLessThanOrEqual(presses, first.index.elements.count + 1, "no wrapping inside the run: past its last finding is the next run")
        guard case .inspector(let second) = d.app.top else { return XCTFail(d.screen) }
        XCTAssertTrue(RunSetState.samePath(list.entries[queue[1]]?.summary?.path, second.archive.source.path), "the next run in the list's order")
        XCTAssertEqual(second.selected, second.index.elements.first)
        XCTAssertTrue(d.screen.contains("finding 1 of \(second.index.elements.count), run 2 of \(queue.count)"), d.screen)
        // F goes back to the first run's last finding; q returns to the list, on the run last shown.
        d.press(.char("F"))
        guard case .inspector(let back) = d.app.top else { return XCTFail(d.screen) }
        XCTAssertTrue(RunSetState.samePath(list.entries[queue[0]]?.summary?.path, back.archive.source.path))
        XCTAssertEqual(back.selected, back.index.elements.last)
        d.press(.char("q"))
        guard case .runSet(let after) = d.app.top else { return XCTFail(d.screen) }
        XCTAssertEqual(after.selectedEntry, queue[0])
    }

    /// With the list filtered to new findings (`b` until "new findings", with `--since`), `f` stops on new findings
    /// only and says so: a finding still there from the previous run is not a stop, in this run or the next.
    func testFilteredToNewFindingsFStopsOnNewFindingsOnly() throws {
        let names = ["checkout-expanded", "settings-rtl", "settings-expanded"]
        let paths = names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        // The previous run knew the first finding of every run: those are still there, the rest are new.
        var known: [String: PreviousFinding] = [:]
        for path in paths {
            let a = try ArchiveLoader().load(path)
            let findings = LayoutChecker(a).findings()
            if let first = findings.first {
                known[first.fingerprint] = PreviousFinding(screen: a.screen, mode: a.mode.rawValue, description: first.message)
            }
        }
        let engine = Engine(loader: ArchiveLoader(), triage: Triage(baseline: nil, today: CalendarDay("2026-12-07")!, previous: known))
        var d = TestDriver(AppState(.runSet(RunSetState(paths: paths, width: 160, height: 40, glyphs: .unicode))), engine: engine)
        while true {
            guard case .runSet(let list) = d.app.top else { return XCTFail("not on the list") }
            if list.severityFilter == .new { break }
            d.press(.char("b"))
        }
        d.press(.enter)
        guard case .inspector(let x) = d.app.top else { return XCTFail("Enter opened no inspector") }
        XCTAssertTrue(x.onlyNewFindings)
        var visited: [(String, Int)] = []
        var said: [String] = []
        for _ in 0..<40 {
            guard case .inspector(let now) = d.app.top else { break }
            visited.append((now.archive.source.path, now.selected))
            let here = now.index.byElement[now.selected] ?? []
            XCTAssertTrue(
                here.contains { $0.novelty == .new } || now.selected == now.archive.failingIndex && visited.count == 1,
                "a stop with no new finding: \(now.archive.hierarchy[now.selected].identifier) in \(now.archive.screen)")
            d.press(.char("f"))
            if case .inspector(let after) = d.app.top, let m = after.chrome.message { said.append(m) }
            if d.screen.contains("The last new finding of the night's last run with new findings") { break }
        }
        XCTAssertTrue(said.contains { $0.hasPrefix("new finding 1 of ") && $0.contains(", run 2 of ") }, "\(said)")
        XCTAssertTrue(d.screen.contains("The last new finding of the night's last run with new findings"), "the queue ends on the last new one")
        XCTAssertGreaterThan(Set(visited.map(\.0)).count, 1, "on to the next run with a new finding")
    }
}

/// Issue 78: the list is sorted once, when its counts are final: after the last input, until the rtl pair rule
/// answers, the rows stay in the order given and the status line says the counts are not final.
final class ListSortedWhenFinalTests: XCTestCase {
    func testNothingSortsUntilThePairRuleHasAnswered() throws {
        let paths = ListWhileLoadingTests.names.map { Golden.repositoryRoot.appendingPathComponent("SampleArchives/\($0)").path }
        var engine = Engine(loader: ArchiveLoader())
        var s = RunSetState(paths: paths, width: 120, height: 20, glyphs: .unicode)
        let entries = paths.indices.map { k in LoadedEntry(index: k, entry: RunSetEntry(path: paths[k], result: engine.summarize(paths[k]))) }
        let pairing = s.update(.received(entries))
        XCTAssertTrue(s.allReceived)
        XCTAssertTrue(s.pairingPending, "the rtl run waits for its pair rule")
        XCTAssertTrue(s.isLoading)
        XCTAssertEqual(s.rows, [0, 1, 2, 3, 4], "not sorted on counts that are not final")
        XCTAssertTrue(RunSetView.render(s).renderPlain().contains("counts not final yet"))
        for e in pairing {
            for case .runSet(let m) in EffectInterpreter.perform(e, engine: &engine, maxPixels: 1) { _ = s.update(m) }
        }
        XCTAssertFalse(s.isLoading)
        XCTAssertEqual(s.rows.first, 4, "then sorted worst first, the rtl run's pair findings counted")
    }
}

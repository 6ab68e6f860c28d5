import Foundation
import XCTest

/// The on-call night through the real program: what got in the way, as a new user met it.
final class OnCallEndToEndTests: XCTestCase {
    // 1, 10. A small list in a pipe: every row, in full; missing files are named.
    func testThePlainListOfAFewArchivesIsWholeAndNamesMissingFiles() throws {
        let r = try Harness.run([Harness.sample("settings-normal"), Harness.sample("orders-long-list-expanded")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("too small"), r.stdout)
        XCTAssertTrue(r.stdout.contains("OrdersUITests/testOrderHistoryLongListExpanded (OrderHistory)"), "rows are not cut in a pipe: \(r.stdout)")
        let typo = try Harness.run(["typo1", "typo2"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stdout.contains("typo1: no such file or folder") && typo.stdout.contains("typo2: no such file or folder"), typo.stdout)
        XCTAssertTrue(typo.stderr.contains("typo1") && typo.stderr.contains("typo2"))
    }

    // 2. A folder of dumps is a run set of all of them, found by content as files named one by one are; mixed with
    // bundles, none is dropped. Documentation that quotes a dump, pictures and binary files are not taken for dumps.
    func testAFolderOfDumpsOpensAsARunSetOfAllOfThem() throws {
        let shared = Harness.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        let dumps = shared.appendingPathComponent("real-dumps")
        guard FileManager.default.fileExists(atPath: dumps.path) else {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) { XCTFail("shared fixtures missing") }
            throw XCTSkip("no shared fixtures")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dumps.path).filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".tsv") }
        let r = try Harness.run(["check", "--json", dumps.path])
        XCTAssertNotEqual(r.status, 2, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let listed = Set(
            (json["archives"] as? [[String: Any]] ?? []).compactMap { ($0["archive"] as? String).map { ($0 as NSString).lastPathComponent } })
        XCTAssertEqual(listed, Set(files), "every dump, and nothing else")
        // The plain list of bundles and dumps together holds the dumps too.
        let mixed = try Harness.run([shared.appendingPathComponent("xcresult").path, dumps.path])
        XCTAssertTrue(mixed.stdout.contains("imported/appium-r02-appdev-375"), mixed.stdout)
        XCTAssertTrue(mixed.stdout.contains("imported/xcui-01"), mixed.stdout)
        // What is not a dump is left alone, whatever it quotes.
        let dir = try Harness.temporaryFolder(self)
        let dump = try String(contentsOf: dumps.appendingPathComponent("xcui-01.txt"), encoding: .utf8)
        try ("CI log line 1\n" + dump).write(to: dir.appendingPathComponent("ci.log"), atomically: true, encoding: .utf8)
        try ("# Notes\n\n```\n" + dump + "\n```\n").write(to: dir.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("{{0, 0}, {1, 1}}".utf8)).write(to: dir.appendingPathComponent("shot.png"))
        try Data([0x00, 0x01] + Array(dump.utf8.prefix(200))).write(to: dir.appendingPathComponent("blob.bin"))
        try "just text, no dump".write(to: dir.appendingPathComponent("readme.txt"), atomically: true, encoding: .utf8)
        let found = try Harness.run(["check", "--json", dir.path])
        let names = ((try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])?["archives"] as? [[String: Any]] ?? [])
            .compactMap { ($0["archive"] as? String).map { ($0 as NSString).lastPathComponent } }
        XCTAssertEqual(names, ["ci.log"], found.stdout + found.stderr)
    }

    // 3. Sorted by blocking, the list's first row is the run with the most blocking findings, in a pipe and on the
    // screen alike.
    func testTheListPutsTheWorstRunFirst() throws {
        let plain = try Harness.run([Harness.repositoryRoot.appendingPathComponent("SampleArchives").path])
        let rows = plain.stdout.split(separator: "\n").dropFirst(2)
        XCTAssertTrue(rows.first?.contains("SettingsUITests/testSettingsLayoutRTL") == true, plain.stdout)
        let night = try Harness.run([Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults").path])
        let first = night.stdout.split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("‼ rtl"), night.stdout)
        XCTAssertTrue(night.stdout.split(separator: "\n")[1].contains("FROM"), "a column says where each row comes from")
    }

    // 5. An rtl run opened on its own is paired with the LTR run beside it, and says so; alone, it says that.
    func testAnRtlArchiveOpenedAloneGetsThePairRule() throws {
        let paired = try Harness.run([Harness.sample("settings-rtl")])
        XCTAssertTrue(paired.stdout.contains("pair rule: compared with the LTR run"), paired.stdout)
        XCTAssertEqual(paired.stdout.components(separatedBy: "blocking rtl-not-mirrored").count - 1, 4, "the same 4 as from the folder")
        let dir = try Harness.temporaryFolder(self)
        try FileManager.default.copyItem(atPath: Harness.sample("settings-rtl"), toPath: dir.appendingPathComponent("settings-rtl").path)
        let alone = try Harness.run([dir.appendingPathComponent("settings-rtl").path])
        // (The header wraps at 80 columns in a pipe: compared without white space.)
        XCTAssertTrue(
            alone.stdout.filter { !$0.isWhitespace }.contains("pairrulenotrun:noLTRrunofthisscreen(samedevice,OSandfolder)givenorfoundbesideit"),
            alone.stdout)
        // The gate's TestResults layout: the normal run is found in the sibling mode folder.
        let results = dir.appendingPathComponent("TestResults")
        for (mode, sample) in [("normal", "settings-normal"), ("rtl", "settings-rtl")] {
            try FileManager.default.createDirectory(at: results.appendingPathComponent(mode), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Harness.sample(sample), toPath: results.appendingPathComponent("\(mode)/settings").path)
        }
        let sibling = try Harness.run([results.appendingPathComponent("rtl/settings").path])
        // The header wraps at 80 columns in a pipe: join its lines before looking for the path.
        func squeezed(_ s: String) -> String { s.filter { !$0.isWhitespace } }
        XCTAssertTrue(
            squeezed(sibling.stdout).contains(squeezed("compared with the LTR run \(results.path)/normal/settings/archive.json")),
            "the pair found in TestResults/normal")
    }

    // 12. Under a locale that is not UTF-8, the plain outputs write no UTF-8 of their own.
    func testANonUTF8LocaleGetsASCIIOutput() throws {
        // Japanese and Arabic labels too: outside ASCII they are `?` (a column each), never UTF-8, whose bytes
        // 0x80-0x9F are controls to an eight-bit terminal. JSON stays UTF-8: it is data, not text for a terminal.
        for sample in ["settings-normal", "chat-cjk-arabic"] {
            for args in [
                ["tree", Harness.sample(sample)], ["check", Harness.sample(sample)], ["check", "--group", Harness.sample(sample)],
                ["info", Harness.sample(sample)], ["render", Harness.sample(sample)],
                ["compare", Harness.sample(sample), Harness.sample("settings-rtl")],
                [Harness.sample(sample), Harness.sample("settings-rtl")], ["check", Harness.sample(sample), "--since", Harness.sample("nope")],
            ] {
                let r = try Harness.run(args, environment: ["LANG": "C", "LC_ALL": "C"])
                let high = r.stdoutBytes.filter { $0 >= 0x80 } + Array(r.stderr.utf8).filter { $0 >= 0x80 }
                XCTAssertTrue(high.isEmpty, "\(args.first!) \(sample): \(high.count) non-ASCII bytes in:\n\(r.stdout)\n\(r.stderr)")
                XCTAssertFalse(r.stderr.contains("locale is not UTF-8"), "no hint when the output is not a terminal")
            }
        }
        let tree = try Harness.run(["tree", Harness.sample("chat-cjk-arabic")], environment: ["LANG": "C", "LC_ALL": "C"])
        XCTAssertTrue(tree.stdout.contains("Button 'BackButton' \"????\""), "戻る: each wide character as two '?':\n\(tree.stdout)")
        let json = try Harness.run(["check", "--json", Harness.sample("chat-cjk-arabic")], environment: ["LANG": "C", "LC_ALL": "C"])
        XCTAssertTrue(json.stdout.contains("はい、昨日届きました"), "JSON keeps the text")
    }

    /// On a terminal in such a locale, one line says why text shows as `?` and how to see it; the interactive
    /// screen sends no byte outside ASCII either.
    func testANonUTF8TerminalIsToldHowToSeeTheText() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let plain = try TmuxSession(
            pipeline:
                "unset TMUX; LANG=C LC_ALL=C \"$PS\" tree '\(Harness.sample("chat-cjk-arabic"))' 2>&1 | cat; LANG=C LC_ALL=C \"$PS\" tree '\(Harness.sample("chat-cjk-arabic"))'; echo $? > \"$STATUS\"",
            width: 200, height: 50)
        let screen = try plain.waitFor(text: "shows it as it is")
        XCTAssertEqual(screen.components(separatedBy: "the locale is not UTF-8").count, 2, "the hint once, and only for the terminal:\n\(screen)")
        let t = try TmuxSession([Harness.sample("chat-cjk-arabic")], environment: ["LANG": "C", "LC_ALL": "C"])
        let capture = try Harness.temporaryFolder(self).appendingPathComponent("pane.out").path
        XCTAssertTrue(FileManager.default.createFile(atPath: capture, contents: nil))
        try t.tmux(["pipe-pane", "-o", "-t", t.name, "cat >> '\(capture)'"])
        usleep(200_000)
        try t.send("j")
        try t.send("/")
        try t.type("chat")
        try t.send("Enter")
        try t.waitFor(text: "? help")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: capture))
        XCTAssertGreaterThan(bytes.count, 0)
        XCTAssertFalse(bytes.contains { $0 >= 0x80 }, "the screen in ASCII")
        XCTAssertTrue(try t.capture().contains("pseudoscope: note: the locale is not UTF-8"), "and the same line after the session")
    }

    // 15. compare of two different screens says so.
    func testComparingDifferentScreensWarns() throws {
        let r = try Harness.run(["compare", Harness.sample("settings-normal"), Harness.sample("checkout-expanded")])
        XCTAssertTrue(r.stderr.contains("note: A is screen Settings and B is screen CheckoutLayout"), r.stderr)
        XCTAssertTrue(r.stdout.contains("Different screens: A is Settings, B is CheckoutLayout."), r.stdout)
    }

    // --select lands on the element; check --markdown writes a report for a ticket.
    func testSelectAndMarkdownHandAFindingOver() throws {
        let render = try Harness.run(["render", Harness.sample("checkout-expanded"), "--select", "checkout.legal", "--width", "80"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("selected: Application/Window/Other/StaticText[6]"), render.stdout)
        let bad = try Harness.run(["render", Harness.sample("checkout-expanded"), "--select", "nope"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("no element 'nope'"), bad.stderr)
        let md = try Harness.run(["check", "--markdown", Harness.sample("checkout-expanded")])
        XCTAssertEqual(md.status, 1)
        XCTAssertTrue(md.stdout.hasPrefix("# Pseudoscope check: 1 archive checked, 1 blocked"), md.stdout)
        XCTAssertTrue(
            md.stdout.contains(
                "| blocking | primary-action-unreachable | `Button 'checkout.confirm'` | off-screen: 38 pt below the window; not hittable | overhang 38 |"
            ), md.stdout)
        XCTAssertTrue(md.stdout.contains("- `pseudoscope '\(Harness.sample("checkout-expanded"))' --select 'checkout.confirm'`"), md.stdout)
    }
}

final class OnCallInspectorEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    // 3, 5. The failure line and the pairing are seen on open.
    func testTheFailureAndThePairingAreSeenOnOpen() throws {
        let t = try TmuxSession([Harness.sample("settings-rtl")], width: 100, height: 30)
        let screen = try t.waitFor(text: "paired with settings-normal")
        XCTAssertTrue(screen.contains("✗ XCTAssertGreaterThan failed: back button minX"), screen)
        XCTAssertTrue(screen.contains("‼ 4 blocking"), screen)
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    // 8. A resize while stopped is drawn when the program continues, without a key.
    func testAResizeWhileStoppedIsDrawnOnContinue() throws {
        let t = try TmuxSession([Harness.sample("checkout-expanded")], width: 100, height: 30)
        try t.waitFor(text: "? help")
        let pid = try XCTUnwrap(t.pid)
        kill(pid, SIGSTOP)
        try t.resize(width: 160, height: 40)
        usleep(300_000)
        kill(pid, SIGCONT)
        try t.waitFor("the wider layout") { screen in
            screen.split(separator: "\n").first.map { $0.contains("Xcode 16.2") && $0.count > 120 } ?? false
        }
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    // y: the copy goes out as OSC 52, which tmux (set-clipboard on) puts in its buffer, inside tmux (TMUX set) and
    // out of it; Enter then shows it plain on the terminal's own screen, to select by hand, and a key comes back.
    func testCopyReachesTheClipboardThroughOSC52() throws {
        for insideTmux in [true, false] {
            let t = try TmuxSession(
                pipeline: (insideTmux ? "" : "unset TMUX; ")
                    + "\"$PS\" --select checkout.applyCoupon '\(Harness.sample("checkout-expanded"))'; echo $? > \"$STATUS\"", width: 120, height: 35)
            try t.tmux(["set-option", "-g", "set-clipboard", "on"])
            try t.waitFor(text: "? help")
            try t.send("y")
            try t.waitFor(text: "Copy to the clipboard")
            try t.send("x")
            try t.waitFor(text: "Enter shows it plain")
            XCTAssertEqual(try t.tmux(["show-buffer"]), #"app.buttons["checkout.applyCoupon"]"#, insideTmux ? "inside tmux" : "outside tmux")
            try t.send("Enter")
            let page = try t.waitFor(text: "press any key to return")
            let line = page.split(separator: "\n").first { $0.contains("checkout.applyCoupon") }
            XCTAssertEqual(line.map(String.init), #"app.buttons["checkout.applyCoupon"]"#, "the text alone on its line, no border: \(page)")
            XCTAssertFalse(page.contains("│"), page)
            try t.send("j")
            try t.waitFor(text: "? help")
            try t.send("q")
            XCTAssertEqual(try t.waitForExit(), 0)
        }
    }
}

/// Copy inside tmux says what tmux does with it, read from tmux's own settings: dropped with `set-clipboard external`
/// and passthrough off (and nothing in tmux's buffer), taken into the buffer with `set-clipboard on`.
final class TmuxCopyEndToEndTests: XCTestCase {
    func copy(settings: String) throws -> (status: String, overlay: String, buffer: String?) {
        let t = try TmuxSession(
            pipeline: "\(settings); \"$PS\" --select checkout.applyCoupon '\(Harness.sample("checkout-expanded"))'; echo $? > \"$STATUS\"",
            width: 150, height: 35)
        try t.waitFor(text: "? help")
        try t.send("y")
        try t.waitFor(text: "Copy to the clipboard")
        try t.send("x")
        let overlay = try t.waitFor(text: "Enter: show it plain")
        let buffer = try? t.tmux(["show-buffer"])
        try t.send("Escape")
        let screen = try t.waitFor(text: "? help")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
        return (screen, overlay, buffer)
    }

    func testCopyInsideTmuxSaysWhatTmuxDoesWithIt() throws {
        let dropped = try copy(settings: "tmux set-option -g set-clipboard external; tmux set-option -g allow-passthrough off")
        XCTAssertTrue(dropped.overlay.contains("tmux drops it: set-clipboard external, allow-passthrough off."), dropped.overlay)
        XCTAssertTrue(dropped.overlay.contains("set -g set-clipboard on"), dropped.overlay)
        XCTAssertFalse(dropped.overlay.contains("Copied"), dropped.overlay)
        XCTAssertNotEqual(dropped.buffer, #"app.buttons["checkout.applyCoupon"]"#, "tmux really dropped it")
        let taken = try copy(settings: "tmux set-option -g set-clipboard on")
        XCTAssertTrue(taken.overlay.contains("tmux (set-clipboard on) took it into its buffer"), taken.overlay)
        XCTAssertEqual(taken.buffer, #"app.buttons["checkout.applyCoupon"]"#)
    }
}

/// Hand-over: what a colleague on another box, a CI page or a ticket reads.
final class HandOverEndToEndTests: XCTestCase {
    func testReportsNameWhatPassedAndCommandsRunFromAnywhere() throws {
        let night = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults").path
        let dir = try Harness.temporaryFolder(self)
        let junit = dir.appendingPathComponent("report.xml").path
        let md = try Harness.shell(
            "cd '\(Harness.repositoryRoot.path)' && '\(Harness.binary)' check --markdown --junit '\(junit)' SampleBundles/TestResults")
        XCTAssertEqual(md.status, 1, md.stderr)
        XCTAssertTrue(
            md.stdout.contains("\n- `SampleBundles/TestResults/normal/LayoutTests.xcresult`: the bundle holds no failed tests\n"), md.stdout)
        // Blocked runs before those for review, and what needs no reading collapsed at the end.
        let blocked = try XCTUnwrap(md.stdout.range(of: "## Blocked")), rest = try XCTUnwrap(md.stdout.range(of: "<details>"))
        XCTAssertLessThan(blocked.lowerBound, rest.lowerBound)
        XCTAssertTrue(md.stdout.hasSuffix("\n"), "the report ends with a newline")
        XCTAssertTrue(
            md.stdout.contains("pseudoscope '\(night)/rtl/LayoutTests.xcresult#1' --select"),
            "repro commands name the archive from the root: \(md.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(
            xml.contains(
                #"<testcase classname="passed" name="SampleBundles/TestResults/normal/LayoutTests.xcresult: the bundle holds no failed tests""#), xml)
        XCTAssertTrue(xml.contains(#"tests="3""#), "the passed bundle counts as a test case")
        let json = try Harness.shell("cd '\(Harness.repositoryRoot.path)' && '\(Harness.binary)' check --json SampleBundles/TestResults")
        XCTAssertTrue(json.stdout.contains(#""passed":["SampleBundles/TestResults/normal/LayoutTests.xcresult"]"#), json.stdout.prefix(300) + "")
    }
}

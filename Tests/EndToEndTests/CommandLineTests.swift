import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The plain commands through pipes: output, errors and exit statuses a script relies on.
final class CommandLineTests: XCTestCase {
    func testRenderTreeInfoSucceed() throws {
        let render = try Harness.run(["render", Harness.sample("checkout-expanded"), "--width", "60"])
        XCTAssertEqual(render.status, 0)
        XCTAssertTrue(render.stdout.hasPrefix("CheckoutUITests/testCheckoutLayoutExpanded · EXPANDED ·"), render.stdout)
        XCTAssertTrue(render.stdout.contains("left-to-right"))
        XCTAssertTrue(
            render.stdout.contains("Xcode 16.2") && render.stdout.contains("(16C5032a)"), "a narrow header wraps instead of losing the versions")
        XCTAssertFalse(render.stdoutBytes.contains(0x1B), "no escape sequences in a pipe")
        let tree = try Harness.run(["tree", Harness.sample("checkout-expanded")])
        let confirm = tree.stdout.split(separator: "\n").first { $0.contains("Button 'checkout.confirm'") } ?? ""
        XCTAssertTrue(confirm.hasPrefix("✗‼"), "failing element with a blocking finding: \(confirm)")
        XCTAssertTrue(confirm.hasSuffix("{16, 890, 361×50} [not-hittable]  <- failing element"), String(confirm))
        let info = try Harness.run(["info", Harness.sample("signup-ime-composition")])
        XCTAssertTrue(info.stdout.contains("Failure     XCTAssertFalse failed"))
        XCTAssertTrue(info.stdout.contains("  screenshot  screenshot.png (missing)"))
    }

    func testOpeningWithoutATerminalPrintsTheFindingsRendering() throws {
        let r = try Harness.run([Harness.sample("settings-rtl")])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("‼ blocking rtl-not-mirrored  Button 'BackButton'"))
    }

    func testColorAlwaysAddsSGRAndNoColorIsHonoured() throws {
        let colored = try Harness.run(["render", Harness.sample("settings-expanded"), "--color", "always"])
        XCTAssertTrue(colored.stdout.contains("\u{1B}[0;1;31m"))
        let never = try Harness.run(["render", Harness.sample("settings-expanded")], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(never.stdoutBytes.contains(0x1B))
    }

    func testStandardInput() throws {
        let text = try String(contentsOfFile: Harness.sample("settings-normal") + "/archive.json", encoding: .utf8)
        let r = try Harness.run(["tree", "-"], stdin: text)
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Switch 'settings.digest.toggle'"))
    }

    func testUsageErrorsExit64() throws {
        let r = try Harness.run(["render"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.hasPrefix("pseudoscope: render: expected one ARCHIVE, got 0"))
        XCTAssertEqual(try Harness.run(["render", "x", "--width", "abc"]).status, 64)
        XCTAssertEqual(try Harness.run(["check", "x", "--rule", "nope"]).status, 64)
        XCTAssertEqual(try Harness.run(["--bogus"]).status, 64)
        XCTAssertEqual(try Harness.run(["--version"]).status, 0)
        let help = try Harness.run(["check", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--junit FILE"))
    }

    func testInvalidInputExits2WithOneLineNamingFileAndPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try "{\"formatVersion\": 1,\n \"test\": 5}".write(to: bad, atomically: true, encoding: .utf8)
        let r = try Harness.run(["render", bad.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "pseudoscope: \(bad.path): test: expected a string, found a number\n")
        XCTAssertEqual(r.stdout, "")
        // The check report names the place too (its file is on the line above): CI logs often keep stdout only.
        let check = try Harness.run(["check", bad.path])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stdout.contains("\(bad.path)\n  error: test: expected a string, found a number\n"), check.stdout)
        let markdown = try Harness.run(["check", "--markdown", bad.path])
        XCTAssertTrue(markdown.stdout.contains("**Could not be read:** test: expected a string, found a number"), markdown.stdout)
    }

    func testCheckExitStatusesJSONAndJUnit() throws {
        XCTAssertEqual(try Harness.run(["check", Harness.sample("settings-normal")]).status, 0)
        XCTAssertEqual(try Harness.run(["check", Harness.sample("settings-expanded")]).status, 1)
        XCTAssertEqual(try Harness.run(["check", Harness.sample("settings-expanded"), "--rule", "small-hit-region"]).status, 0)

        let json = try Harness.run(["check", "--json", Harness.sample("checkout-expanded")])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let archives = object["archives"] as! [[String: Any]]
        let findings = archives[0]["findings"] as! [[String: Any]]
        let unreachable = findings.first { $0["rule"] as? String == "primary-action-unreachable" }!
        XCTAssertEqual(unreachable["identifier"] as? String, "checkout.confirm")
        XCTAssertEqual((unreachable["evidence"] as! [String: Any])["overhang"] as? Int, 38)

        // A report of several megabytes is written in pieces as it is made: still one JSON document, every
        // finding in it, in order.
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("ps-big-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: big) }
        let rows = (0..<6_000).map { k in
            #"{"type":"StaticText","identifier":"t.\#(k)","label":"Einstellungen \#(k)","frame":{"x":8,"y":\#(k % 700),"width":60,"height":40},"intrinsicContentSize":{"width":200,"height":20}}"#
        }
        try
            (#"{"formatVersion":1,"test":"Big/t","screen":"Big","mode":"normal","environment":{"xcode":"16.2","simulator":"iPhone 16","os":"iOS 18.2"},"failure":{"identifier":"t.1","label":"","frame":{"x":0,"y":0,"width":1,"height":1},"isHittable":true,"message":"m"},"hierarchy":{"type":"Application","frame":{"x":0,"y":0,"width":390,"height":844},"children":[{"type":"Window","frame":{"x":0,"y":0,"width":390,"height":844},"children":["#
            + rows.joined(separator: ",") + "]}]}}").write(to: big, atomically: true, encoding: .utf8)
        let large = try Harness.run(["check", "--json", big.path])
        XCTAssertGreaterThan(large.stdoutBytes.count, 3 << 20, "several megabytes")
        let report = try JSONSerialization.jsonObject(with: Data(large.stdoutBytes)) as! [String: Any]
        let listed = ((report["archives"] as! [[String: Any]])[0]["findings"] as! [[String: Any]])
        XCTAssertEqual(listed.filter { $0["rule"] as? String == "text-truncated" }.count, 6_000)
        XCTAssertEqual(listed.filter { $0["rule"] as? String == "text-truncated" }.map { $0["identifier"] as! String }, (0..<6_000).map { "t.\($0)" })

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let junit = dir.appendingPathComponent("report.xml").path
        let garbage = dir.appendingPathComponent("garbage.json")
        try "not json".write(to: garbage, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", Harness.repositoryRoot.appendingPathComponent("SampleArchives").path, garbage.path, "--junit", junit])
        XCTAssertEqual(r.status, 2, "an unreadable input wins over blocking findings")
        XCTAssertTrue(r.stdout.contains("11 archives checked"), r.stdout)
        XCTAssertTrue(r.stderr.contains("garbage.json: not an archive and not a recognized dump"), r.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 12)
        XCTAssertTrue(xml.contains("<failure type=\"primary-action-unreachable\""))
        XCTAssertTrue(XMLParser(data: Data(xml.utf8)).parse(), "the JUnit report is well-formed XML")
    }
}

/// `import` and dumps read directly by the other commands.
final class ImportCommandTests: XCTestCase {
    let dump = """
        Attributes: Application, 0x1, pid: 1, label: 'Shop'
        Element subtree:
         →Application, 0x1, pid: 1, label: 'Shop'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Button, 0x3, {{16.0, 880.0}, {358.0, 50.0}}, identifier: 'buy', label: 'Buy now'
        """

    func testImportWritesAnArchiveAndRefusesToOverwrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("dump.txt")
        try dump.write(to: source, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("archive.json").path

        let first = try Harness.run(["import", source.path, "--mode", "expanded", "--test", "Shop/testBuy", "-o", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        let tree = try Harness.run(["tree", out])
        XCTAssertTrue(
            tree.stdout.hasPrefix("Shop/testBuy · EXPANDED (set with --mode at import) · left-to-right · imported XCUITest debugDescription dump"),
            tree.stdout)
        XCTAssertTrue(tree.stdout.contains("Button 'buy' \"Buy now\" {16, 880, 358×50}"))

        let again = try Harness.run(["import", source.path, "-o", out])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; use --force to replace it"))
        XCTAssertEqual(try Harness.run(["import", source.path, "-o", out, "--force"]).status, 0)

        let stdout = try Harness.run(["import", source.path])
        XCTAssertTrue(stdout.stdout.hasPrefix("{\"formatVersion\":1,"))
        XCTAssertEqual(try Harness.run(["import", out]).status, 2, "an archive is not imported again")
    }

    func testCommandsReadDumpsDirectlyAndSayTheModeWasNotArchived() throws {
        let given = try Harness.run(["check", "-", "--mode", "rtl"], stdin: dump)
        XCTAssertEqual(given.status, 1, "the off-screen button blocks")
        XCTAssertTrue(given.stdout.contains("primary-action-unreachable") == false && given.stdout.contains("outside-window"), given.stdout)
        let header = try Harness.run(["render", "-"], stdin: dump)
        XCTAssertTrue(header.stdout.contains("NORMAL (assumed: a dump records no mode; set it with --mode)"), header.stdout)
        let withMode = try Harness.run(["info", "-", "--mode", "expanded"], stdin: dump)
        XCTAssertTrue(withMode.stdout.contains("Mode        expanded (given with --mode, not archived)"), withMode.stdout)
        XCTAssertTrue(withMode.stdout.contains("(imported XCUITest debugDescription dump)"))
    }
}

/// `compare` and `check --group` without a terminal.
final class CompareCommandTests: XCTestCase {
    func testCompareExitsLikeDiffAndPrintsJSON() throws {
        let same = try Harness.run(["compare", Harness.sample("settings-normal"), Harness.sample("settings-normal")])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.contains("No differences."))
        let differ = try Harness.run(["compare", Harness.sample("settings-normal"), Harness.sample("settings-rtl"), "--width", "120"])
        XCTAssertEqual(differ.status, 1)
        XCTAssertTrue(
            differ.stdout.contains("not-mirrored: Button 'BackButton': the navigation bar's back button sits in its left half"),
            "one message per fault, as check gives it: \(differ.stdout)")
        let json = try Harness.run(["compare", "--json", Harness.sample("settings-normal"), Harness.sample("settings-rtl")])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["same"] as? Bool, false)
        let findings = object["findings"] as! [[String: Any]]
        XCTAssertTrue(findings.contains { $0["identifier"] as? String == "BackButton" && $0["severity"] as? String == "blocking" })
        XCTAssertEqual(try Harness.run(["compare", Harness.sample("settings-normal"), "/nonexistent"]).status, 2)
        XCTAssertEqual(try Harness.run(["compare", Harness.sample("settings-normal")]).status, 64)
    }

    func testCheckGroupSummarisesByRuleAndScreen() throws {
        let r = try Harness.run(["check", "--group", Harness.repositoryRoot.appendingPathComponent("SampleArchives").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("By rule"))
        XCTAssertTrue(r.stdout.contains("Settings [expanded (de), normal (en), normal (es), normal (fr), rtl (ar)]"), r.stdout)
        XCTAssertTrue(r.stdout.range(of: #"rtl-not-mirrored\s+2 archives"#, options: .regularExpression) != nil, r.stdout)
    }

    func testPlainRunSetList() throws {
        let r = try Harness.run([Harness.repositoryRoot.appendingPathComponent("SampleArchives").path])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("Run set: 11 archives · 7 blocked · 0 unreadable"), r.stdout)
    }
}

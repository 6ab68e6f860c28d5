import Foundation
import PseudoscopeTestSupport
import XCTest

/// `check` exits 0 only when everything it was given was read and judged (docs/security.md): what could not be
/// checked is listed, with its reason, in every output format, and fails the run with status 3.
final class GreenMeansCheckedTests: XCTestCase {
    func fixture(_ name: String) throws -> String {
        try SharedFixturesPath.require()
        return SharedFixturesPath.root.appendingPathComponent("xcresult/\(name)").path
    }

    func testABundleWhoseBuildFailedIsNotCheckedInEveryFormat() throws {
        let bundle = try fixture("xcode13-build-error__kishikawa-BuildError.xcresult")
        let dir = try Harness.temporaryFolder(self)
        let junit = dir.appendingPathComponent("report.xml").path
        let text = try Harness.run(["check", bundle, "--junit", junit])
        XCTAssertEqual(text.status, 3, text.stderr)
        XCTAssertTrue(text.stdout.contains("not checked: the bundle holds no test results: it records 6 errors"), text.stdout)
        XCTAssertTrue(text.stdout.contains("1 not checked"), text.stdout)
        XCTAssertTrue(text.stderr.contains("this check does not pass"), text.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("errors=\"1\""), xml)
        XCTAssertTrue(xml.contains("<error type=\"not-checked\""), xml)
        XCTAssertFalse(xml.contains("<skipped"), xml)
        let json = try Harness.run(["check", "--json", bundle])
        XCTAssertEqual(json.status, 3)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let archives = object["archives"] as! [[String: Any]]
        XCTAssertEqual(archives.count, 1, "the bundle is an entry, not an empty list")
        XCTAssertEqual(archives[0]["checked"] as? Bool, false)
        XCTAssertTrue((archives[0]["reason"] as? String ?? "").contains("errors outside the tests"))
        let md = try Harness.run(["check", "--markdown", bundle])
        XCTAssertEqual(md.status, 3)
        XCTAssertTrue(md.stdout.contains("**Not checked:**"), md.stdout)
        XCTAssertTrue(md.stdout.hasPrefix("# Pseudoscope check: 0 archives checked, 0 blocked, 1 not checked"), md.stdout)
    }

    /// A real dump cut in the middle of an element line is judged on what it holds, and says so in every format;
    /// the check does not pass on it (status 3 when nothing blocks), since elements after the cut are missing.
    func testAHierarchyCutMidElementIsJudgedAndNeverGreen() throws {
        try SharedFixturesPath.require()
        let real = try String(contentsOfFile: SharedFixturesPath.root.appendingPathComponent("real-dumps/xcui-05.txt").path, encoding: .utf8)
        let lines = real.split(separator: "\n", omittingEmptySubsequences: false)
        let cutAt = try XCTUnwrap(lines.firstIndex { $0.contains("{{") && $0.contains("Button") } ?? lines.firstIndex { $0.contains("{{0.0, 0.0}") })
        let line = lines[cutAt]
        let cut = lines[..<cutAt].joined(separator: "\n") + "\n" + line.prefix(upTo: line.range(of: "{{")!.upperBound) + "0.0, "
        let dir = try Harness.temporaryFolder(self)
        let file = dir.appendingPathComponent("cut.txt")
        try cut.write(to: file, atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("report.xml").path
        let text = try Harness.run(["check", "--min-severity", "blocking", "--rule", "hardcoded-text", file.path, "--junit", junit])
        XCTAssertEqual(text.status, 3, text.stdout + text.stderr)
        XCTAssertTrue(text.stdout.contains("incomplete: the dump stops at line"), text.stdout)
        XCTAssertTrue(text.stdout.contains("1 on a hierarchy cut short"), text.stdout)
        XCTAssertTrue(text.stderr.contains("this check does not pass"), text.stderr)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("errors=\"1\"") && xml.contains("<error type=\"incomplete\""), xml)
        let json = try Harness.run(["check", "--json", "--min-severity", "blocking", "--rule", "hardcoded-text", file.path])
        XCTAssertEqual(json.status, 3)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["totals"] as? [String: Int])?["incomplete"], 1)
        XCTAssertTrue(((object["archives"] as? [[String: Any]])?.first?["incomplete"] as? String)?.contains("stops at line") == true, json.stdout)
        let md = try Harness.run(["check", "--markdown", "--min-severity", "blocking", "--rule", "hardcoded-text", file.path])
        XCTAssertTrue(md.stdout.contains("**Incomplete hierarchy:**"), md.stdout)
        XCTAssertTrue(try Harness.run(["info", file.path]).stdout.contains("incomplete"))
    }

    func testRunsWithoutAHierarchyFailTheCheckUnlessAcceptedExplicitly() throws {
        let bundle = try fixture("xcode16.4-ui-failures-screenrec-no-hierarchy__tothszabi-xcode-failing-attachments.xcresult")
        let plain = try Harness.run(["check", "--json", bundle])
        XCTAssertEqual(plain.status, 3, plain.stderr)
        XCTAssertEqual(plain.stdout.components(separatedBy: "\"checked\":false").count - 1, 8, plain.stdout)
        let accepted = try Harness.run(["check", "--accept-no-hierarchy", bundle])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.contains("accepted with --accept-no-hierarchy"), accepted.stdout)
        // Accepted is a choice for runs without a hierarchy only: a failed build still fails.
        let build = try Harness.run(["check", "--accept-no-hierarchy", try fixture("xcode13-build-error__kishikawa-BuildError.xcresult")])
        XCTAssertEqual(build.status, 3)
    }

    func testABundleWhoseTestActionDidNotStartFailsLoudly() throws {
        typealias B = SyntheticBundle
        var bundle = SyntheticBundle()
        let root = B.invocation(actionResult: [("status", .scalar("failedToStart"))])
        let rootID = bundle.add(root)
        let path = try Harness.temporaryFolder(self).appendingPathComponent("Layout.xcresult").path
        try bundle.write(to: path, rootID: rootID, minor: 58)
        let r = try Harness.run(["check", "--json", path])
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("its test action failed to start"), r.stdout)
    }

    /// Folders unzipped from an archive made on Windows keep Latin-1 names: read, shown with the byte escaped,
    /// nameable on the command line, and output paths written exactly as given.
    func testNamesThatAreNotUTF8AreReadShownAndWrittenAsTheirBytes() throws {
        let dir = try Harness.temporaryFolder(self)
        let script = """
            set -e
            cd '\(dir.path)'
            mkdir night out
            cd night
            mkdir "$(printf 'r\\351sultat')"
            cp -r '\(Harness.sample("checkout-expanded"))' "$(printf 'r\\351sultat')/"
            cp -r '\(Harness.sample("settings-normal"))' .
            "$PS" check --json . > ../out/folder.json || echo "status $?" > ../out/folder.status
            "$PS" check "$(printf 'r\\351sultat')/checkout-expanded" --junit "$(printf 'rapport-\\351t\\351.xml')" > ../out/named.txt || echo "status $?" > ../out/named.status
            "$PS" baseline add "$(printf 'connu-\\351.baseline')" "$(printf 'r\\351sultat')" --all --reason LOC-1 --owner anna --expires 2027-01-31 > /dev/null
            "$PS" import '\(Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path)' -o "$(printf 'tri\\351')" > /dev/null
            ls | od -An -c | tr -d ' \\n'
            """
        let r = try Harness.shell(script)
        XCTAssertEqual(r.status, 0, r.stderr)
        let listing = r.stdout
        XCTAssertTrue(listing.contains("rapport-351t351.xml"), "the report's name is its bytes: \(listing)")
        XCTAssertTrue(listing.contains("connu-351.baseline"), listing)
        XCTAssertTrue(listing.contains("tri351"), listing)
        XCTAssertFalse(listing.contains("357277275"), "no U+FFFD (EF BF BD) on disk: \(listing)")
        let folder = try String(contentsOfFile: dir.appendingPathComponent("out/folder.json").path, encoding: .utf8)
        XCTAssertTrue(
            folder.contains("r\\\\xE9sultat/checkout-expanded/archive.json"), "the archive in the Latin-1 folder is in the run set: \(folder)")
        XCTAssertEqual(
            try String(contentsOfFile: dir.appendingPathComponent("out/folder.status").path, encoding: .utf8), "status 1\n",
            "its blocking findings count")
        let named = try String(contentsOfFile: dir.appendingPathComponent("out/named.txt").path, encoding: .utf8)
        XCTAssertTrue(named.contains("r\\xE9sultat/checkout-expanded"), named)
        XCTAssertTrue(named.contains("3 blocking"), named)
    }

    func testAPayloadThatIsALinkOutOfTheBundleIsNeverRead() throws {
        let dir = try Harness.temporaryFolder(self)
        let bundle = dir.appendingPathComponent("LayoutTests.xcresult").path
        try FileManager.default.copyItem(
            atPath: Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/expanded/LayoutTests.xcresult").path, toPath: bundle)
        let secret = dir.appendingPathComponent("id_rsa").path
        try "-----BEGIN OPENSSH PRIVATE KEY----- not for tickets".write(toFile: secret, atomically: true, encoding: .utf8)
        // The screenshot's payload (the largest file) replaced by a link to the secret.
        let data = bundle + "/Data"
        let payload = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix("data.") }
            .max {
                (try FileManager.default.attributesOfItem(atPath: data + "/" + $0)[.size] as! Int)
                    < (try FileManager.default.attributesOfItem(atPath: data + "/" + $1)[.size] as! Int)
            }!
        try FileManager.default.removeItem(atPath: data + "/" + payload)
        try FileManager.default.createSymbolicLink(atPath: data + "/" + payload, withDestinationPath: secret)
        let info = try Harness.run(["info", bundle])
        XCTAssertTrue(info.stdout.contains("a link that leaves the bundle, not followed"), info.stdout)
        let out = dir.appendingPathComponent("triage").path
        let imported = try Harness.run(["import", bundle, "-o", out])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("not written: a link that leaves the bundle"), imported.stderr)
        let grep = try Harness.shell("grep -rl 'PRIVATE KEY' '\(out)' || true")
        XCTAssertEqual(grep.stdout, "", "the secret's bytes never reach the triage folder")
        let json = try Harness.run(["check", "--json", bundle])
        XCTAssertFalse(json.stdout.contains("PRIVATE KEY"))
    }
}

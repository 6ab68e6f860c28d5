import Foundation
import PseudoscopeTestSupport
import XCTest

/// Result bundles through the real program: a night's folder of bundles checked, listed, imported, inspected.
final class BundleEndToEndTests: XCTestCase {
    static func hierarchy(_ mode: String) -> String {
        let confirm = mode == "expanded" ? "［Confirm your order···］" : "Confirm your order"
        let title = mode == "expanded" ? "［Checkout···］" : "Checkout"
        let back = mode == "expanded" ? "［Back···］" : "Back"
        // The rtl run is drawn exactly like the LTR one: the back button did not move to the right.
        return """
            Attributes: Application, pid: 4242, label: 'Shop'
            Element subtree:
             →Application, 0x600000c01880, pid: 4242, label: 'Shop'
                Window (Main), 0x600000c01960, {{0.0, 0.0}, {390.0, 844.0}}
                  NavigationBar, 0x600000c01a40, {{0.0, 47.0}, {390.0, 44.0}}, identifier: 'checkout.nav'
                    Button, 0x600000c01b20, {{8.0, 47.0}, {80.0, 44.0}}, identifier: 'nav.back', label: '\(back)'
                    StaticText, 0x600000c01c00, {{150.0, 58.0}, {90.0, 22.0}}, label: '\(title)'
                  Button, 0x600000c01ce0, {{16.0, 780.0}, {358.0, 44.0}}, identifier: 'checkout.confirm', label: '\(confirm)'
            """
    }

    /// `TestResults/{normal,expanded,rtl}/LayoutTests.xcresult`, as the gate's CI job leaves them.
    static func night(in folder: URL) throws -> URL {
        let results = folder.appendingPathComponent("TestResults")
        for mode in ["normal", "expanded", "rtl"] {
            var test = SyntheticUIFailure.Test(identifier: "CheckoutUITests/testCheckoutLayout()")
            test.message = "\"checkout.confirm\" Button is not hittable"
            test.attachments = [
                SyntheticUIFailure.Attachment(name: "App UI hierarchy", type: "public.plain-text", bytes: Array(hierarchy(mode).utf8)),
                SyntheticUIFailure.Attachment(
                    name: "Screenshot", type: "public.png",
                    bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 9, count: 500)),
            ]
            var passing = SyntheticUIFailure.Test(identifier: "CheckoutUITests/testLaunch()")
            passing.status = "Success"
            let bundle = SyntheticUIFailure(tests: [test, passing])
            let path = results.appendingPathComponent(mode).appendingPathComponent("LayoutTests.xcresult")
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bundle.write(to: path.path)
        }
        return results
    }

    /// Every file under `folder` with its size and modification time: proof that nothing was written into it.
    static func fingerprint(_ folder: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        let e = FileManager.default.enumerator(atPath: folder.path)
        while let p = e?.nextObject() as? String {
            let attrs = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(p).path)
            out[p] = "\(attrs[.size] ?? 0) \(attrs[.modificationDate] ?? "")"
        }
        return out
    }

    func testANightsFolderOfBundlesIsCheckedPairedAndLeftUntouched() throws {
        let dir = try Harness.temporaryFolder(self)
        let night = try Self.night(in: dir)
        let before = try Self.fingerprint(night)
        let r = try Harness.run(["check", "--json", night.path])
        XCTAssertEqual(r.status, 1, "the rtl run's pair finding and the unreachable action block: \(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let archives = json["archives"] as! [[String: Any]]
        XCTAssertEqual(archives.count, 3, "one entry per failed run; the passing test is not one")
        XCTAssertEqual(archives.map { $0["mode"] as? String }, ["expanded", "normal", "rtl"], "modes from the folders, sorted by path")
        XCTAssertTrue(archives.allSatisfy { ($0["archive"] as? String)?.hasSuffix("LayoutTests.xcresult#1") == true })
        XCTAssertEqual((archives[0]["run"] as? [String: Any])?["number"] as? Int, 1)
        let rtlRules = (archives[2]["findings"] as! [[String: Any]]).map { $0["rule"] as? String }
        XCTAssertTrue(rtlRules.contains("rtl-not-mirrored"), "\(rtlRules)")
        XCTAssertEqual(try Self.fingerprint(night), before, "nothing is written into a bundle")

        // The list in a pipe: every run in full.
        let list = try Harness.run([night.path])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("Run set: 3 archives"), list.stdout)
        XCTAssertTrue(list.stdout.contains("CheckoutUITests/testCheckoutLayout()"))

        // compare takes bundle runs.
        let cmp = try Harness.run(["compare", "--json", night.path + "/normal/LayoutTests.xcresult#1", night.path + "/rtl/LayoutTests.xcresult"])
        XCTAssertEqual(cmp.status, 1, cmp.stderr)
        XCTAssertTrue(cmp.stdout.contains("rtl-not-mirrored"), cmp.stdout)
    }

    /// A run whose screen recording cannot be decoded (here the real 15.4 bundle's recording cut to its first
    /// 4 KiB, recompressed): `import -o` writes the run with its hierarchy and the recording as it is, without the
    /// frame, and says so naming the run and the file; it does not give up on the run.
    func testImportWritesARunWhoseRecordingCannotBeDecoded() throws {
        let dir = try Self.bundleWithItsRecording(in: self) { f, dir in
            "zstd -dc \"\(f)\" | head -c 4096 > '\(dir)/cut.mp4'; zstd -q -f '\(dir)/cut.mp4' -o \"\(f)\""
        }
        let out = dir.appendingPathComponent("out").path
        let r = try Harness.run(["import", dir.appendingPathComponent("B.xcresult").path, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("01-GuruUITests-testExampleFail: failure-frame.png not written:") && r.stderr.contains("not an MP4"), r.stderr)
        XCTAssertFalse(r.stdout.contains("failure-frame.png"), "the frame is not claimed: \(r.stdout)")
        let folder = out + "/01-GuruUITests-testExampleFail"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertTrue(files.contains("archive.json") && files.contains { $0.hasSuffix(".mp4") }, "\(files)")
        XCTAssertFalse(files.contains("failure-frame.png"))
        XCTAssertEqual(try Harness.run(["check", folder]).status, 0, "the written run is an archive that checks")
    }

    /// Issue 81: a recording whose zstd data is cut in the bundle is named with its run and attachment; the run is
    /// written without it, and the status says the import is not whole.
    func testImportOfARunWhoseRecordingsDataIsCutNamesTheRunAndTheAttachment() throws {
        let dir = try Self.bundleWithItsRecording(in: self) { f, dir in "head -c 600000 \"\(f)\" > '\(dir)/cut'; cp '\(dir)/cut' \"\(f)\"" }
        let out = dir.appendingPathComponent("out").path
        let r = try Harness.run(["import", dir.appendingPathComponent("B.xcresult").path, "-o", out])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("01-GuruUITests-testExampleFail (\(dir.path)/B.xcresult#1): attachment 'kXCTAttachmentScreenRecording' not written:")
                && r.stderr.contains("the compressed data ends early"), r.stderr)
        XCTAssertTrue(r.stdout.contains("archive.json + 2 attachments"), r.stdout)
        let folder = out + "/01-GuruUITests-testExampleFail"
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasSuffix(".mp4") })
        XCTAssertNotEqual(try Harness.run(["check", folder]).status, 2, "the written run is an archive that reads")
    }

    /// A copy of the Xcode 15.4 bundle at `DIR/B.xcresult` whose recording (its largest payload, `$f` to the shell)
    /// `damage` rewrites: the tests of a recording that cannot be read.
    static func bundleWithItsRecording(in test: XCTestCase, damage: (_ file: String, _ dir: String) -> String) throws -> URL {
        try SharedFixturesPath.require()
        let dir = try Harness.temporaryFolder(test)
        let real = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult").path
        let prepared = try Harness.shell(
            """
            set -e
            cp -r '\(real)' '\(dir.path)/B.xcresult'; chmod -R u+w '\(dir.path)/B.xcresult'
            f=$(ls -S '\(dir.path)'/B.xcresult/Data/data.* | head -1)
            \(damage("$f", dir.path))
            """)
        XCTAssertEqual(prepared.status, 0, prepared.stderr)
        return dir
    }

    func testImportWritesOneFolderPerFailedRunWholeAndRefusesToOverwrite() throws {
        let dir = try Harness.temporaryFolder(self)
        let night = try Self.night(in: dir)
        let bundle = night.path + "/expanded/LayoutTests.xcresult"
        let out = dir.appendingPathComponent("imported").path

        let plan = try Harness.run(["import", bundle])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("01-CheckoutUITests-testCheckoutLayout/"), plan.stdout)
        XCTAssertTrue(plan.stdout.contains("failure-screenshot.png"), plan.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "without -o nothing is written")

        let first = try Harness.run(["import", bundle, "-o", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        let folder = out + "/01-CheckoutUITests-testCheckoutLayout"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertTrue(files.contains("archive.json") && files.contains("failure-screenshot.png"), "\(files)")
        XCTAssertTrue(files.contains("hierarchy-source.txt"), "the App UI hierarchy the run was read from: \(files)")
        XCTAssertFalse(files.contains { $0.hasPrefix(".") }, "no temporary folder left behind")
        // The folder is an archive: checked like one, with the same findings as the bundle run.
        let fromFolder = try Harness.run(["check", "--json", folder])
        let fromBundle = try Harness.run(["check", "--json", bundle + "#1"])
        func rules(_ s: String) -> [String] {
            let j = try! JSONSerialization.jsonObject(with: Data(s.utf8)) as! [String: Any]
            return ((j["archives"] as! [[String: Any]])[0]["findings"] as! [[String: Any]]).map { $0["rule"] as! String }
        }
        XCTAssertEqual(rules(fromFolder.stdout), rules(fromBundle.stdout))
        let info = try Harness.run(["info", folder])
        XCTAssertTrue(info.stdout.contains("failure-screenshot.png: present"), info.stdout)
        XCTAssertTrue(info.stdout.contains("expanded (from the folder 'expanded'"), info.stdout)
        // A bundle's failure is a message: the archive made from it does not turn "not recorded" into a fact.
        XCTAssertTrue(try Harness.run(["info", bundle + "#1"]).stdout.contains("hittable: not recorded"))
        XCTAssertTrue(info.stdout.contains("hittable: not recorded"), info.stdout)

        let again = try Harness.run(["import", bundle, "-o", out])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; use --force"), again.stderr)
        let forced = try Harness.run(["import", bundle, "-o", out, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["01-CheckoutUITests-testCheckoutLayout"])

        let inside = try Harness.run(["import", bundle, "-o", bundle + "/extracted"])
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.stderr.contains("inside the bundle"), inside.stderr)
    }

    /// A folder that cannot be made names the file system's reason for it (sysfs refuses every new folder), not
    /// the "no such file or directory" a later look at the missing folder leaves in `errno`.
    func testImportIntoAFolderThatCannotBeMadeSaysWhy() throws {
        let dir = try Harness.temporaryFolder(self)
        let bundle = try Self.night(in: dir).path + "/expanded/LayoutTests.xcresult"
        let refused = try Harness.run(["import", bundle, "-o", "/sys/pseudoscope-import-test/runs"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("/sys/pseudoscope-import-test/runs: cannot be created: "), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("no such file or directory"), refused.stderr)
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
    }

    func testABundleWithoutFailedTestsWritesNothingAndSucceeds() throws {
        let dir = try Harness.temporaryFolder(self)
        var passing = SyntheticUIFailure.Test(identifier: "CheckoutUITests/testLaunch()")
        passing.status = "Success"
        let bundle = try SyntheticUIFailure(tests: [passing]).write(to: dir.appendingPathComponent("Green.xcresult").path)
        let r = try Harness.run(["import", bundle, "-o", dir.appendingPathComponent("out").path])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("holds no failed tests; nothing written"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        let check = try Harness.run(["check", bundle])
        XCTAssertEqual(check.status, 0, "no failed test is nothing to block")
        XCTAssertTrue(check.stderr.contains("holds no failed tests"))
    }

    func testRealBundlesOpenInEveryCommand() throws {
        let jpeg = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult").path
        try SharedFixturesPath.require()
        let info = try Harness.run(["info", jpeg + "#1"])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("JPEG image"), info.stdout)
        XCTAssertTrue(info.stdout.contains("(failure screenshot)"))
        XCTAssertTrue(info.stdout.contains("Locale      de_DE"))
        let render = try Harness.run(["render", jpeg + "#2", "--width", "80"])
        XCTAssertTrue(render.stdout.contains("No hierarchy to draw"), render.stdout)
        let tree = try Harness.run(["tree", jpeg + "#3"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        // A bundle named without a run number opens only when it holds one run.
        let many = try Harness.run(["info", jpeg])
        XCTAssertEqual(many.status, 2)
        XCTAssertTrue(many.stderr.contains("holds 3 failed runs: name one as"), many.stderr)
        let missing = try Harness.run(["info", jpeg + "#9"])
        XCTAssertTrue(missing.stderr.contains("no run #9: the bundle holds 3 failed runs (#1 to #3)"), missing.stderr)
        // A bundle that holds only its database: its 40 failed runs are listed from it, and, with no hierarchy to
        // check in any, the check does not pass.
        let databaseOnly = try Harness.run([
            "check", "--json", SharedFixturesPath.root.appendingPathComponent("xcresult/xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult").path,
        ])
        XCTAssertEqual(databaseOnly.status, 3, databaseOnly.stderr)
        XCTAssertEqual(databaseOnly.stdout.components(separatedBy: "\"checked\":false").count - 1, 40, databaseOnly.stdout)
    }

    /// The list says what `check` says: a run with no hierarchy was not checked, and its row is not a clean "0 0".
    func testTheListMarksRunsWithoutHierarchyAsNotChecked() throws {
        try SharedFixturesPath.require()
        let bundle = SharedFixturesPath.root.appendingPathComponent(
            "xcresult/xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult"
        ).path
        let list = try Harness.run([bundle])
        let check = try Harness.run(["check", bundle])
        let unchecked = check.stdout.components(separatedBy: "not checked: ").count - 1
        XCTAssertGreaterThan(unchecked, 0, check.stdout)
        XCTAssertTrue(list.stdout.contains("· \(unchecked) not checked"), list.stdout)
        let rows = list.stdout.split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.filter { $0.hasPrefix("  normal -   -") }.count, unchecked, list.stdout)
        XCTAssertEqual(rows.filter { $0.hasPrefix("  normal 0   0") }.count, rows.count - unchecked, "the runs checked keep their counts")
    }
}

final class BundleInspectorEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    func testTheListOfANightsBundlesOpensARunInTheInspector() throws {
        let dir = try Harness.temporaryFolder(self)
        let night = try BundleEndToEndTests.night(in: dir)
        let t = try TmuxSession([night.path], width: 160, height: 40)
        try t.waitFor("the list") { $0.contains("Run set: 3 archives") && !$0.contains("Loading") }
        try t.send("Enter")
        let screen = try t.waitFor(text: "Details")
        XCTAssertTrue(screen.contains("checkout.confirm"), screen)
        try t.send("q")
        try t.waitFor(text: "Run set: 3 archives")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    func testARunWithoutHierarchySaysSoInTheWireframePane() throws {
        try SharedFixturesPath.require()
        let tau = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode13.0-ui-failure__kishikawa-TAU.xcresult").path
        let t = try TmuxSession([tau + "#1"], width: 140, height: 40)
        let screen = try t.waitFor(text: "No hierarchy to draw")
        XCTAssertTrue(screen.contains("kXCTAttachmentLegacyScreenImageData") || screen.contains("Failed to synthesize event"), screen)
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}

/// The README's night of bundles stays what the README shows.
final class SampleBundlesTests: XCTestCase {
    func testTheSampleNightListsAsTheREADMEShows() throws {
        let night = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults").path
        let r = try Harness.run([night])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("Run set: 2 archives · 2 blocked · 0 unreadable"), r.stdout)
        XCTAssertTrue(
            r.stdout.contains("‼ rtl      4   5   SettingsUITests/testSettingsLayout() (SettingsLayout)   rtl #1"),
            "the worst run first: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("16.2 (16C5032a) BackButton"), "the element its message names: \(r.stdout)")
        XCTAssertTrue(r.stderr.contains("normal/LayoutTests.xcresult: the bundle holds no failed tests"), r.stderr)
        let readme = try String(contentsOf: Harness.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for line in r.stdout.split(separator: "\n") { XCTAssertTrue(readme.contains(String(line)), "README shows: \(line)") }
    }

    /// Shell completion names a bundle with a trailing slash: its runs still read `BUNDLE#N`.
    func testABundleNamedWithATrailingSlashNamesItsRunsWithout() throws {
        let bundle = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path
        let r = try Harness.run(["check", bundle + "/"])
        XCTAssertTrue(r.stdout.hasPrefix(bundle + "#1  SettingsUITests/testSettingsLayout()"), r.stdout)
    }
}

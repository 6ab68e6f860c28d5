import Foundation
import XCTest

/// The faults a hostile and a careless world found: every command must answer with output or one line and a
/// status of at most 2, never a crash (132, 134, 139), never a hang, never a write where it should not.
final class RobustnessTests: XCTestCase {
    func assertNoCrash(_ r: Harness.Result, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(r.status, 2, "\(what) crashed: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains("Fatal error"), "\(what): \(r.stderr)", file: file, line: line)
    }

    // MARK: - Numbers of any size

    func testHugeNumbersAreShownNotTrapped() throws {
        let dir = try Harness.temporaryFolder(self)
        let big = try Harness.editedSample("settings-normal", in: dir, name: "big.json") { a in
            var data = a["testData"] as! [String: Any]
            data["orderCreatedAtNs"] = 1_732_924_800_123_456_789 as Int64
            data["price"] = 0.25
            a["testData"] = data
        }
        let scale = try Harness.editedSample("settings-normal", in: dir, name: "scale.json") { a in
            var env = a["environment"] as! [String: Any]
            env["scale"] = 1e300
            a["environment"] = env
        }
        let versionText = try String(contentsOf: URL(fileURLWithPath: Harness.sample("settings-normal") + "/archive.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 1e18")
        let version = dir.appendingPathComponent("version.json")
        try versionText.write(to: version, atomically: true, encoding: .utf8)
        for file in [big, scale, version] {
            for command in [["render"], ["info"], ["tree"], ["check"], ["check", "--json"], ["import"]] {
                assertNoCrash(try Harness.run(command + [file.path]), "\(command) \(file.lastPathComponent)")
            }
        }
        let info = try Harness.run(["info", big.path])
        XCTAssertTrue(info.stdout.contains("orderCreatedAtNs: 1732924800123456789"), "every digit as the archive wrote it:\n\(info.stdout)")
        XCTAssertTrue(info.stdout.contains("price: 0.25"), "a data value is not rounded like a point value")
        XCTAssertTrue(try Harness.run(["info", scale.path]).stdout.contains("@1e+300x"))
        let refused = try Harness.run(["info", version.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("format version 1000000000000000000 is newer"), refused.stderr)
    }

    // MARK: - Dumps without elements

    func testAPageSourceWithNoCompleteElementIsRefusedInOneLine() throws {
        let dir = try Harness.temporaryFolder(self)
        let commented = dir.appendingPathComponent("commented.xml")
        try "<AppiumAUT><!-- <XCUIElementTypeApplication name=\"x\"/> --></AppiumAUT>\n".write(to: commented, atomically: true, encoding: .utf8)
        let cut = dir.appendingPathComponent("cut.xml")
        try "name=\"x\" x=\"0\"/>\n</XCUIElementTypeOther>\n<XCUIElementTypeOth".write(to: cut, atomically: true, encoding: .utf8)
        for file in [commented, cut] {
            for command in [["render"], ["info"], ["tree"], ["check"], ["import"], ["compare", file.path]] {
                let r = try Harness.run(command + [file.path])
                XCTAssertEqual(r.status, 2, "\(command) \(file.lastPathComponent): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("\(file.path): page source XML holds no complete element"), r.stderr)
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            }
        }
    }

    // MARK: - Writing output

    func testWriteErrorsAreOneLineAndStatus2() throws {
        let sample = Harness.sample("settings-rtl")
        let full = try Harness.shell("\"$PS\" check --json '\(sample)' > /dev/full")
        XCTAssertEqual(full.status, 2)
        XCTAssertEqual(full.stderr, "pseudoscope: cannot write to standard output: no space left on device\n")
        // SIGPIPE ignored, as some CI runners have it: the closed pipe is an error to report, not a crash.
        let dir = try Harness.temporaryFolder(self)
        let large = try Harness.editedSample("settings-normal", in: dir, name: "large.json") { a in
            var root = a["hierarchy"] as! [String: Any]
            var window = (root["children"] as! [[String: Any]])[0]
            window["children"] = (0..<5000).map {
                ["type": "StaticText", "label": "row \($0)", "frame": ["x": 0, "y": $0, "width": 100, "height": 1]] as [String: Any]
            }
            root["children"] = [window]
            a["hierarchy"] = root
        }
        let pipe = try Harness.shell("trap '' PIPE; \"$PS\" tree '\(large.path)' | head -c 10 > /dev/null; echo \"status=${PIPESTATUS[0]}\"")
        XCTAssertTrue(pipe.stdout.contains("status=2"), pipe.stdout + pipe.stderr)
        XCTAssertTrue(pipe.stderr.contains("cannot write to standard output: broken pipe"), pipe.stderr)
        let junit = try Harness.run(["check", sample, "--junit", "/dev/full"])
        XCTAssertTrue(junit.stderr.contains("/dev/full: cannot be written: no space left on device"), junit.stderr)
        let missing = try Harness.run(["import", "--mode", "rtl", SharedFixturesPath.dump("xcui-04.txt"), "-o", "/nonexistent/a.json"])
        XCTAssertTrue(
            missing.stderr.contains("/nonexistent/a.json: cannot be written: no such file or directory") || missing.stderr.contains("no such file"),
            missing.stderr)
        XCTAssertFalse(missing.stderr.contains("NSCocoaErrorDomain"))
    }

    /// `check --junit FILE | head`: standard output closes early, and the JUnit file, made in the same pass, is
    /// still finished whole; then the closed pipe is said in one line, status 2.
    func testTheJUnitFileIsWholeWhenStandardOutputClosesEarly() throws {
        let dir = try Harness.temporaryFolder(self)
        let night = dir.appendingPathComponent("night")
        // Enough runs for a text report far larger than a pipe holds.
        for k in 0..<30 {
            try FileManager.default.copyItem(
                at: Harness.repositoryRoot.appendingPathComponent("SampleArchives"), to: night.appendingPathComponent("copy-\(k)"))
        }
        let whole = dir.appendingPathComponent("whole.xml").path, piped = dir.appendingPathComponent("piped.xml").path
        let alone = try Harness.run(["check", night.path, "--junit", whole])
        XCTAssertEqual(alone.status, 1, alone.stderr)
        XCTAssertGreaterThan(alone.stdout.utf8.count, 1 << 17, "the report must outgrow the pipe for this test to mean anything")
        let r = try Harness.shell(
            "trap '' PIPE; \"$PS\" check '\(night.path)' --junit '\(piped)' | head -c 10 > /dev/null; echo \"status=${PIPESTATUS[0]}\"")
        XCTAssertTrue(r.stdout.contains("status=2"), r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write to standard output: broken pipe"), r.stderr)
        let file = try String(contentsOfFile: piped, encoding: .utf8)
        XCTAssertTrue(file.hasSuffix("</testsuites>\n"), String(file.suffix(200)))
        XCTAssertEqual(file, try String(contentsOfFile: whole, encoding: .utf8))
    }

    func testJUnitNeverOverwritesAnInputOrAnExistingFileAndKeepsTheMode() throws {
        let dir = try Harness.temporaryFolder(self)
        let archive = dir.appendingPathComponent("a.json")
        try FileManager.default.copyItem(atPath: Harness.sample("settings-rtl") + "/archive.json", toPath: archive.path)
        let before = try Data(contentsOf: archive)
        for args in [
            ["check", archive.path, "--junit", archive.path], ["check", archive.path, "--junit", archive.path, "--force"],
            ["check", dir.path, "--junit", archive.path, "--force"],
        ] {
            let r = try Harness.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains("is one of this run's inputs; refusing to write over it"), r.stderr)
            XCTAssertEqual(try Data(contentsOf: archive), before, "the archive is untouched")
        }
        let report = dir.appendingPathComponent("report.xml")
        try "old".write(to: report, atomically: true, encoding: .utf8)
        chmod(report.path, 0o600)
        let refused = try Harness.run(["check", archive.path, "--junit", report.path])
        XCTAssertTrue(refused.stderr.contains("already exists; use --force to replace it"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: report, encoding: .utf8), "old")
        _ = try Harness.run(["check", archive.path, "--junit", report.path, "--force"])
        XCTAssertTrue(try String(contentsOf: report, encoding: .utf8).contains("<testsuites"))
        let mode = (try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int) ?? 0
        XCTAssertEqual(mode, 0o600, "replacing keeps the file's mode")
    }

    // MARK: - Limits

    func testMalformedAndAbsurdLimitsAreRefusedByName() throws {
        for (variable, value) in [
            ("PSEUDOSCOPE_MAX_DEPTH", "4611686018427387904"), ("PSEUDOSCOPE_MAX_DEPTH", "deep"),
            ("PSEUDOSCOPE_MAX_ELEMENTS", "-5"), ("PSEUDOSCOPE_MAX_FILE_MIB", "0"), ("PSEUDOSCOPE_MAX_FILE_MIB", "1e3"),
        ] {
            let r = try Harness.run(["check", Harness.sample("settings-rtl")], environment: [variable: value])
            XCTAssertEqual(r.status, 2, "\(variable)=\(value)")
            XCTAssertTrue(r.stderr.hasPrefix("pseudoscope: \(variable): must be a whole number from 1 to "), r.stderr)
        }
        XCTAssertLessThanOrEqual(
            try Harness.run(["check", Harness.sample("settings-rtl")], environment: ["PSEUDOSCOPE_MAX_DEPTH": "100000000"]).status, 1)
    }

    // MARK: - Blow-ups

    func testThousandsOfOverlappingSiblingsStackedOnOneFrameAreOneFinding() throws {
        let dir = try Harness.temporaryFolder(self)
        let n = 3000
        let file = try Harness.editedSample("settings-normal", in: dir, name: "stack.json") { a in
            var root = a["hierarchy"] as! [String: Any]
            var window = (root["children"] as! [[String: Any]])[0]
            window["children"] = (0..<n).map { k in
                ["type": "StaticText", "label": "a long label that fills its frame \(k)", "frame": ["x": 10, "y": 100, "width": 200, "height": 30]]
                    as [String: Any]
            }
            root["children"] = [window]
            a["hierarchy"] = root
        }
        let r = try Harness.run(["check", "--json", "--rule", "overlapping-text", file.path])
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = ((json["archives"] as! [[String: Any]])[0]["findings"] as! [[String: Any]])
        XCTAssertEqual(findings.count, 1, "rows stacked on one frame that overlap alike are one finding, not one per row or pair")
        let stack = try XCTUnwrap(findings.first?["stack"] as? [String: Any], "the finding says it is a stack")
        XCTAssertEqual(stack["count"] as? Int, n, "it counts every row of the stack")
        XCTAssertEqual((stack["elements"] as? [String])?.count, n, "and names every one")
        XCTAssertFalse(
            (findings.first?["message"] as? String ?? "").contains("other siblings"),
            "no count bounded by the comparisons made per element beside the stack's own")
        let text = try Harness.run(["check", "--rule", "overlapping-text", file.path])
        XCTAssertTrue(text.stdout.contains("a stack of \(n) elements that overlap alike"), text.stdout)
        XCTAssertTrue(text.stdout.contains("and \(n - 3) more"), "text names the first three and counts the rest: \(text.stdout)")
    }

    func testLargeTestDataIsShownCut() throws {
        let dir = try Harness.temporaryFolder(self)
        let file = try Harness.editedSample("settings-rtl", in: dir, name: "data.json") { a in
            var data = a["testData"] as! [String: Any]
            data["orders"] = (0..<30_000).map { ["id": $0, "name": "customer \($0)"] }
            a["testData"] = data
        }
        let r = try Harness.run(["info", file.path])
        let line = r.stdout.split(separator: "\n").first { $0.contains("orders:") } ?? ""
        XCTAssertTrue(line.hasSuffix("…"), String(line))
        XCTAssertLessThan(line.count, 260)
    }

    // MARK: - Files that are not files

    func testFIFOsDevicesAndStdinAreBounded() throws {
        let dir = try Harness.temporaryFolder(self)
        let fifo = dir.appendingPathComponent("trap.json").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try FileManager.default.copyItem(atPath: Harness.sample("settings-rtl") + "/archive.json", toPath: dir.appendingPathComponent("ok.json").path)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        // Given directly, in a folder, and behind a link: refused in one line each, never read.
        let direct = try Harness.shell("timeout 20 \"$PS\" '\(fifo)'; echo \"status=$?\"")
        XCTAssertTrue(direct.stdout.contains("status=2"), direct.stdout)
        XCTAssertTrue(direct.stderr.contains("trap.json: is a FIFO, not a regular file"), direct.stderr)
        let folder = try Harness.shell("timeout 20 \"$PS\" check '\(dir.path)'; echo \"status=$?\"")
        XCTAssertTrue(folder.stdout.contains("status=2") && folder.stdout.contains("1 archive checked"), folder.stdout)
        XCTAssertTrue(folder.stderr.contains("trap.json: is a FIFO, not a regular file"), folder.stderr)
        XCTAssertTrue(folder.stderr.contains("zero.json: not read: a link to a character device, which is no archive"), folder.stderr)
        let device = try Harness.shell("timeout 20 \"$PS\" info '\(dir.path)/zero.json'; echo \"status=$?\"")
        XCTAssertTrue(device.stderr.contains("zero.json: is a character device, not a regular file"), device.stderr)
        // Standard input stops at the limit: /dev/zero is refused after 1 MiB, not after the memory is gone.
        let stdin = try Harness.shell("timeout 20 \"$PS\" render - < /dev/zero; echo \"status=$?\"", environment: ["PSEUDOSCOPE_MAX_FILE_MIB": "1"])
        XCTAssertTrue(stdin.stdout.contains("status=2"), stdin.stdout)
        XCTAssertTrue(stdin.stderr.contains("<stdin>: input is longer than 1 MiB (reading stopped there)"), stdin.stderr)
    }

    func testTheFolderWalkStaysInsideAndVisitsEachFolderOnce() throws {
        let dir = try Harness.temporaryFolder(self)
        let inner = dir.appendingPathComponent("night/a/b")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Harness.sample("settings-rtl") + "/archive.json", toPath: inner.appendingPathComponent("x.json").path)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: inner.appendingPathComponent("upup").path, withDestinationPath: "../..")
        try fm.createSymbolicLink(atPath: inner.appendingPathComponent("again").path, withDestinationPath: "../b")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("night/root").path, withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("night/outside").path, withDestinationPath: dir.path)
        let r = try Harness.shell("timeout 30 \"$PS\" check '\(dir.path)/night'; echo \"status=$?\"")
        XCTAssertTrue(r.stdout.contains("1 archive checked"), "the archive is checked once:\n\(r.stdout)")
        XCTAssertTrue(r.stderr.contains("night/root: not followed: a link that leaves"), r.stderr)
        XCTAssertTrue(r.stderr.contains("night/outside: not followed"), r.stderr)
        XCTAssertTrue(r.stdout.contains("status=2"), r.stdout)
    }

    /// A night folder made of links to the bundles and archives a user chose (as CI artifact folders often are):
    /// each opened as itself; a link to a folder outside that is no input is still not searched.
    func testANightFolderOfLinksOpensWhatTheyLeadTo() throws {
        let dir = try Harness.temporaryFolder(self)
        let night = dir.appendingPathComponent("night")
        try FileManager.default.createDirectory(at: night, withIntermediateDirectories: true)
        let fm = FileManager.default
        let samples = Harness.repositoryRoot.appendingPathComponent("SampleArchives").path
        try fm.createSymbolicLink(atPath: night.appendingPathComponent("rtl").path, withDestinationPath: samples + "/settings-rtl")
        try fm.createSymbolicLink(
            atPath: night.appendingPathComponent("expanded.json").path, withDestinationPath: samples + "/settings-expanded/archive.json")
        let bundle = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path
        try fm.createSymbolicLink(atPath: night.appendingPathComponent("LayoutTests.xcresult").path, withDestinationPath: bundle)
        try fm.createSymbolicLink(atPath: night.appendingPathComponent("again").path, withDestinationPath: samples + "/settings-rtl")
        let r = try Harness.shell("timeout 60 \"$PS\" check '\(night.path)'; echo \"status=$?\"")
        XCTAssertTrue(r.stdout.contains("3 archives checked"), "each input once, the one behind two links too:\n\(r.stdout)\n\(r.stderr)")
        XCTAssertFalse(r.stderr.contains("not followed"), r.stderr)
        XCTAssertTrue(r.stdout.contains("LayoutTests.xcresult#1"), r.stdout)
    }

    func testAttachmentLinksLeavingTheFolderAreRefused() throws {
        let dir = try Harness.temporaryFolder(self)
        let archive = dir.appendingPathComponent("archive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: true)
        _ = try Harness.editedSample("settings-rtl", in: archive, name: "archive.json") { a in
            a["attachments"] = ["screenshot": "shot.png", "xcresult": "result"]
        }
        try "secret".write(to: dir.appendingPathComponent("outside.png"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: archive.appendingPathComponent("shot.png").path, withDestinationPath: "../outside.png")
        try FileManager.default.createSymbolicLink(atPath: archive.appendingPathComponent("result").path, withDestinationPath: "/tmp")
        // From the folder's parent, so the archive's own path is relative (the case that slipped through).
        let r = try Harness.shell("cd '\(dir.path)' && \"$PS\" info archive")
        XCTAssertTrue(r.stdout.contains("screenshot  shot.png (refused: a link that leaves the archive's folder)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("xcresult    result (refused: a link that leaves the archive's folder)"), r.stdout)
    }

    // MARK: - Sanitizing gaps

    func testInvisibleCharactersAreEscapedInJSONAndText() throws {
        let dir = try Harness.temporaryFolder(self)
        let nasty = "A\u{2060}B\u{00AD}C\u{180E}D\u{FFF9}E\u{E0041}F\u{206A}G\u{115F}H\u{3164}I" + "e" + String(repeating: "\u{0301}", count: 1000)
        let file = try Harness.editedSample("settings-expanded", in: dir, name: "n.json") { a in
            a["test"] = nasty
        }
        let json = try Harness.run(["check", "--json", file.path])
        for u in [0x2060, 0x00AD, 0x180E, 0xFFF9, 0x206A, 0x115F, 0x3164] {
            XCTAssertFalse(json.stdout.unicodeScalars.contains { $0.value == u }, String(format: "raw U+%04X in --json", u))
            XCTAssertTrue(json.stdout.lowercased().contains(String(format: "\\u%04x", u)), String(format: "U+%04X escaped in --json", u))
        }
        XCTAssertTrue(json.stdout.contains("\\udb40\\udc41"), "a tag character as a surrogate pair")
        let text = try Harness.run(["tree", file.path])
        for u in [0x2060, 0x00AD, 0x180E, 0xFFF9, 0xE0041, 0x206A, 0x115F, 0x3164] {
            XCTAssertFalse(text.stdout.unicodeScalars.contains { $0.value == u }, String(format: "raw U+%04X in tree", u))
        }
        XCTAssertTrue(text.stdout.contains("\\u{206A}") && text.stdout.contains("\\u{3164}"), text.stdout.prefix(300).description)
        let marks = text.stdout.unicodeScalars.filter { $0.value == 0x0301 }.count
        XCTAssertLessThanOrEqual(marks, 4, "a flood of combining marks is capped")
        XCTAssertTrue(text.stdout.contains("[+996 marks]"))
    }
}

/// Paths into the shared fixtures for end-to-end tests (skipped locally when absent, failed in CI).
enum SharedFixturesPath {
    static let root = Harness.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    static func dump(_ name: String) -> String { root.appendingPathComponent("real-dumps/\(name)").path }

    /// Skips locally when the shared fixtures are absent; fails in CI, where they are always provided.
    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if FileManager.default.fileExists(atPath: root.path) { return }
        if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) {
            XCTFail("the shared fixtures are not at \(root.path); CI must provide them", file: file, line: line)
        }
        throw XCTSkip("the shared fixtures are not at \(root.path)")
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

/// CI uploads bundles and nights zipped: a `.zip` of a night folder or of one bundle opens as the folder would,
/// read in place (nothing unpacked to disk), a bomb refused by name (issue: the on-call night, second pass, 5).
final class ZipNightTests: XCTestCase {
    /// Every file under `folder`, as a zip whose names start with `prefix` (`TestResults/…`, or `""` for a zip
    /// made from inside the folder).
    static func zip(_ folder: URL, prefix: String) throws -> [UInt8] {
        let base = folder.standardizedFileURL.path
        var entries: [(String, [UInt8])] = []
        let walker = FileManager.default.enumerator(atPath: base)
        while let relative = walker?.nextObject() as? String {
            let full = base + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            entries.append((prefix + relative, [UInt8](try Data(contentsOf: URL(fileURLWithPath: full)))))
        }
        return SyntheticProduct.zip(entries.sorted { $0.0 < $1.0 })
    }

    func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The same night, zipped: the same runs, findings and counts in every format, paths through the zip.
    func testAZippedNightReadsAsItsFolderAndNothingIsUnpacked() throws {
        let night = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults")
        let dir = try Harness.temporaryFolder(self)
        let zip = try write(try Self.zip(night, prefix: "TestResults/"), "night.zip", in: dir)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        let temporary = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("pseudoscope-") }

        for format in [["--json"], [], ["--markdown"]] {
            let folder = try Harness.run(["check"] + format + [night.path])
            let zipped = try Harness.run(["check"] + format + [zip])
            XCTAssertEqual(zipped.status, folder.status, zipped.stderr)
            XCTAssertEqual(
                zipped.stdout.replacingOccurrences(of: zip + "/TestResults", with: "NIGHT"),
                folder.stdout.replacingOccurrences(of: night.path, with: "NIGHT"), "check \(format)")
        }
        // The list shows the same rows; a run opens from it by its path through the zip.
        let list = try Harness.run([zip])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.hasPrefix("Run set: 2 archives · 2 blocked · 0 unreadable"), list.stdout)
        XCTAssertTrue(list.stdout.contains("rtl #1"), list.stdout)
        let info = try Harness.run(["info", zip + "/TestResults/rtl/LayoutTests.xcresult#1"])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("SettingsUITests/testSettingsLayout()"), info.stdout)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), before, "nothing unpacked beside the zip")
        let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("pseudoscope-") }
        XCTAssertEqual(Set(after), Set(temporary), "nothing left in TMPDIR")
    }

    /// A real database-only bundle (Xcode 26), zipped from inside it: the zip is the bundle, and its database is
    /// read from a private copy (SQLite opens no entry of a zip).
    func testAZippedBundleIsTheBundleItsDatabaseIncluded() throws {
        try SharedFixturesPath.require()
        let real = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult")
        let dir = try Harness.temporaryFolder(self)
        let zip = try write(try Self.zip(real, prefix: ""), "Mixed.xcresult.zip", in: dir)
        let folder = try Harness.run(["check", "--json", real.path])
        let zipped = try Harness.run(["check", "--json", zip])
        XCTAssertEqual(zipped.status, folder.status, zipped.stderr)
        XCTAssertEqual(zipped.stdout.replacingOccurrences(of: zip, with: "BUNDLE"), folder.stdout.replacingOccurrences(of: real.path, with: "BUNDLE"))
        XCTAssertTrue(zipped.stdout.contains("\"notChecked\":40"), "its 40 failed runs, none with a hierarchy: \(zipped.stdout.prefix(800))")
    }

    /// An entry whose header claims 100 bytes and unpacks to 2 MiB is refused by name; an entry whose name leaves
    /// the zip is never listed.
    func testAnEntryThatUnpacksPastTheLimitIsRefusedByName() throws {
        try SharedFixturesPath.require()
        let dump = try String(contentsOf: SharedFixturesPath.root.appendingPathComponent("real-dumps/xcui-01.txt"), encoding: .utf8)
        var bytes = SyntheticProduct.zip([
            ("night/dump.txt", Array(dump.utf8) + [UInt8](repeating: 10, count: 2 << 20)),
            ("../outside.txt", Array(dump.utf8)),
        ])
        // The uncompressed size, in the local header (offset 22) and the central directory's entry (offset 24).
        func claim(_ at: Int) { for k in 0..<4 { bytes[at + k] = UInt8((100 >> (8 * k)) & 0xFF) } }
        claim(22)
        let central = try XCTUnwrap(
            (0..<(bytes.count - 4)).first { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 1 && bytes[$0 + 3] == 2 })
        claim(central + 24)
        let dir = try Harness.temporaryFolder(self)
        let zip = try write(bytes, "night.zip", in: dir)
        let r = try Harness.run(["check", zip], environment: ["PSEUDOSCOPE_MAX_FILE_MIB": "1"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("night.zip/night/dump.txt"), r.stdout)
        XCTAssertTrue(r.stdout.contains("unpacks to more than 1 MiB (a zip bomb?); refused (PSEUDOSCOPE_MAX_FILE_MIB raises the limit)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("outside"), "an entry that leaves the zip is not listed: \(r.stdout)")
    }
}

extension ZipNightTests {
    /// A zipped night whose one entry is 30,000 folders deep: refused by name and place at once (its folders would
    /// have cost the square of its depth), in every output format alike.
    func testAnEntryNameThousandsOfFoldersDeepIsRefused() throws {
        let dir = try Harness.temporaryFolder(self)
        let deep = String(repeating: "d/", count: 30_000) + "dump.txt"
        let zip = try write(SyntheticProduct.zip([("night/ok.txt", Array("x".utf8)), (deep, Array("x".utf8))]), "night.zip", in: dir)
        for format in [[], ["--json"]] {
            let r = try Harness.run(["check"] + format + [zip])
            XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
            XCTAssertTrue(
                (r.stdout + r.stderr).contains(
                    "night.zip: entry 3: has a name 30001 folders deep and 60008 bytes long, past the limit of 128 folders and 4096 bytes; refused"),
                r.stdout + r.stderr)
        }
    }
}

final class ZipNightInspectorTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    /// The zipped night in the interactive list: its runs listed, one opened in the inspector and closed again.
    func testTheListOfAZippedNightOpensARun() throws {
        let night = Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults")
        let dir = try Harness.temporaryFolder(self)
        let zip = dir.appendingPathComponent("night.zip")
        try Data(try ZipNightTests.zip(night, prefix: "TestResults/")).write(to: zip)
        let t = try TmuxSession([zip.path], width: 160, height: 40)
        try t.waitFor("the list") { $0.contains("Run set: 2 archives") && !$0.contains("Loading") }
        try t.send("Enter")
        let screen = try t.waitFor(text: "Details")
        XCTAssertTrue(screen.contains("BackButton"), screen)
        try t.send("q")
        try t.waitFor(text: "Run set: 2 archives")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}

extension ZipNightTests {
    /// Issue 81: what is wrong with a zip is said with where: a damaged entry by the one before it, a file named
    /// `.zip` that is not one (empty, or other bytes) as such, and an entry a little over the limit as over it.
    func testADamagedZipSaysWhereAndAFileNamedZipThatIsNotOneSaysSo() throws {
        let dir = try Harness.temporaryFolder(self)
        var bytes = SyntheticProduct.zip([("night/a.txt", Array("a".utf8)), ("night/b.txt", Array("b".utf8))])
        let second = try XCTUnwrap(
            (1..<(bytes.count - 4)).first { bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 3 && bytes[$0 + 3] == 4 })
        bytes = Array(bytes[..<(second + 10)])
        let cut = try write(bytes, "cut.zip", in: dir)
        let r = try Harness.run(["check", cut])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("cut.zip: entry 2 (after 'night/a.txt'): the zip is damaged:"), r.stderr)
        for (name, content, said) in [
            ("empty.zip", [UInt8](), "empty.zip: is empty, though its name says it is a zip"),
            ("renamed.zip", Array("hello".utf8), "renamed.zip: is named as a zip but is not one"),
            ("App.ipa", Array("<html>".utf8), "App.ipa: is named as a zip but is not one"),
        ] {
            let r = try Harness.run(["check", try write(content, name, in: dir)])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(said), r.stderr)
        }
        let over = try write(
            SyntheticProduct.zip([("night/run/archive.json", [UInt8](repeating: 32, count: (1 << 20) + (1 << 18)))]), "over.zip", in: dir)
        let big = try Harness.run(["check", over], environment: ["PSEUDOSCOPE_MAX_FILE_MIB": "1"])
        XCTAssertTrue(big.stdout.contains("unpacks to more than 1 MiB (a zip bomb?)"), "1.25 MiB is over a limit of 1 MiB: \(big.stdout)")
    }
}

extension ZipNightTests {
    /// Issue 81: a folder that looks like an input but is not whole says so: an archive.json that is a dangling link,
    /// a result bundle's folder without its Info.plist, given alone or inside a night.
    func testAFolderThatIsNotWholeSaysWhatIsMissing() throws {
        let dir = try Harness.temporaryFolder(self)
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("night/empty.xcresult"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("night/lost"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: dir.appendingPathComponent("night/lost/archive.json").path, withDestinationPath: "/nonexistent/archive.json")
        let night = try Harness.run(["check", dir.appendingPathComponent("night").path])
        XCTAssertEqual(night.status, 2, night.stderr)
        XCTAssertTrue(night.stderr.contains("night/lost/archive.json: is a link to something that does not exist"), night.stderr)
        XCTAssertTrue(night.stderr.contains("night/empty.xcresult: is named as a result bundle but holds no Info.plist"), night.stderr)
        let alone = try Harness.run(["check", dir.appendingPathComponent("night/empty.xcresult").path])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("empty.xcresult: is named as a result bundle but holds no Info.plist"), alone.stderr)
    }
}

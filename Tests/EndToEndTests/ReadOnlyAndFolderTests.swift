import Foundation
import XCTest

/// Archives are evidence: no command may change a byte or a modification time. And folders of strangers'
/// files (links that loop, links that leave, junk) are reported, never fatal.
final class ReadOnlyAndFolderTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-ro-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Harness.repositoryRoot.appendingPathComponent("SampleArchives"), to: dir)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Every file below `dir` with its bytes and modification time.
    func snapshot() throws -> [String: (Data, Date)] {
        var out: [String: (Data, Date)] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let name = e.nextObject() as? String {
            let path = dir.appendingPathComponent(name).path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            out[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as! Date)
        }
        return out
    }

    func testNoCommandChangesAnArchive() throws {
        // Make the modification times distinctive, so a rewrite with the same bytes would show too.
        for (name, _) in try snapshot() {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: dir.appendingPathComponent(name).path)
        }
        let before = try snapshot()
        let a = dir.appendingPathComponent("settings-normal").path, b = dir.appendingPathComponent("settings-rtl").path
        for args in [
            ["render", a], ["tree", a], ["info", a], ["check", dir.path, "--json"], ["check", dir.path, "--group"],
            ["compare", a, b], ["compare", "--json", a, b], ["import", a], [a], [dir.path],
        ] {
            _ = try Harness.run(args)
        }
        if TmuxSession.isAvailable {
            let t = try TmuxSession([dir.path])
            try t.waitFor(text: "Run set:")
            for key in ["Enter", "j", "*", "q", "c", "]", "q", "q"] { try t.send(key); usleep(100_000) }
            _ = try t.waitForExit()
        }
        let after = try snapshot()
        XCTAssertEqual(Set(before.keys), Set(after.keys), "no file was added or removed")
        for (name, (data, date)) in before {
            XCTAssertEqual(after[name]?.0, data, "\(name) bytes")
            XCTAssertEqual(after[name]?.1, date, "\(name) modification time")
        }
    }

    /// Downloaded CI artifacts come packed (a `.zip` of a result bundle, a `.tar.gz` of a night): a zip is read as
    /// the folder it was made of (ZipNightTests), a damaged one says so; anything else says what it is and how to
    /// unpack it, and a folder of them says what it holds, instead of "no element lines found".
    func testPackedFilesAndPicturesSayWhatTheyAreAndWhatToDo() throws {
        let packed = try Harness.temporaryFolder(self)
        let zip = packed.appendingPathComponent("LayoutTests.xcresult.zip")
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00] + Array(repeating: 0, count: 64)).write(to: zip)
        let tgz = packed.appendingPathComponent("night.tar.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 64)).write(to: tgz)
        let png = packed.appendingPathComponent("failure.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)).write(to: png)

        var r = try Harness.run(["render", zip.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderr,
            "pseudoscope: \(zip.path): a zip file, not an archive or a dump: list or check the runs it holds (pseudoscope '\(zip.path)', "
                + "pseudoscope check '\(zip.path)'), or name one inside it ('\(zip.path)'/…/LayoutTests.xcresult#1)\n")
        r = try Harness.run(["tree", tgz.path])
        XCTAssertEqual(
            r.stderr,
            "pseudoscope: \(tgz.path): a gzip-compressed tar file, not an archive or a dump: unpack it first (tar xzf '\(tgz.path)') and open what it holds\n"
        )
        r = try Harness.run(["info", png.path])
        XCTAssertTrue(r.stderr.contains("a PNG image, not an archive or a dump"), r.stderr)

        r = try Harness.run(["check", packed.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("LayoutTests.xcresult.zip: entry 2: the zip is damaged"), r.stderr)
        XCTAssertTrue(
            r.stderr.contains(
                "folder holds no archives (no archive.json, no .json files, no dumps and no result bundles); it holds 1 packed file (night.tar.gz): unpack it first"
            ), r.stderr)
        // Beside archives, the packed files are a note: the archives are checked.
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("settings-normal/archive.json"), to: packed.appendingPathComponent("settings.json"))
        r = try Harness.run(["check", packed.path, "--rule", "small-hit-region"])
        XCTAssertEqual(r.status, 2, "the damaged zip was not read: \(r.stdout + r.stderr)")
        XCTAssertTrue(r.stdout.contains("1 archive checked"), r.stdout)
        XCTAssertTrue(r.stderr.contains("1 packed file (night.tar.gz) not opened: unpack it first to include it"), r.stderr)
    }

    func testAttachmentsThatLeaveTheFolderAreRefused() throws {
        let folder = dir.appendingPathComponent("settings-normal")
        let archive = folder.appendingPathComponent("archive.json")
        var text = try String(contentsOf: archive, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"screenshot\": \"screenshot.png\"", with: "\"screenshot\": \"shot-link.png\"")
            .replacingOccurrences(of: "\"xcresult\": \"LayoutGate.xcresult\"", with: "\"xcresult\": \"/etc/passwd\"")
        try text.write(to: archive, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("shot-link.png").path, withDestinationPath: "/etc/hostname")
        let info = try Harness.run(["info", folder.path])
        XCTAssertTrue(info.stdout.contains("screenshot  shot-link.png (refused: a link that leaves the archive's folder)"), info.stdout)
        XCTAssertTrue(info.stdout.contains("xcresult    /etc/passwd (refused: absolute path)"), info.stdout)
        try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("inside.png"))
        text = text.replacingOccurrences(of: "shot-link.png", with: "inside.png")
        try text.write(to: archive, atomically: true, encoding: .utf8)
        XCTAssertTrue(try Harness.run(["info", folder.path]).stdout.contains("screenshot  inside.png (present)"))
    }

    func testFoldersWithLoopsJunkAndManyFilesStillLoad() throws {
        let junk = dir.appendingPathComponent("junk")
        try FileManager.default.createDirectory(at: junk, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: junk.appendingPathComponent("loop").path, withDestinationPath: dir.path)
        try "not an archive".write(to: junk.appendingPathComponent("notes.json"), atomically: true, encoding: .utf8)
        try Data([0xFF, 0xFE, 0x00, 0xD8]).write(to: junk.appendingPathComponent("utf16-garbage.json"))
        let many = dir.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        let small = try String(contentsOf: dir.appendingPathComponent("profile-hardcoded-expanded/archive.json"), encoding: .utf8)
        for k in 0..<2000 { try small.write(to: many.appendingPathComponent("run-\(k).json"), atomically: false, encoding: .utf8) }
        let r = try Harness.run(["check", dir.path])
        XCTAssertEqual(r.status, 2, "bad files make the run exit 2 ...")
        XCTAssertTrue(r.stdout.contains("2011 archives checked"), "... and every good archive is still checked, once: \(r.stdout.suffix(300))")
        XCTAssertTrue(r.stderr.contains("notes.json: not an archive and not a recognized dump"), r.stderr)
        XCTAssertTrue(r.stderr.contains("utf16-garbage.json"), r.stderr)
    }
}

/// Result bundles are evidence too: reading the Xcode 15–26 ones (their database, snapshots, recordings) leaves
/// every file as it was, and adds none (SQLite writes no journal, WAL or shared-memory file beside its database).
final class BundleReadOnlyTests: XCTestCase {
    static let modern = [
        "xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult",
        "xcode16.4-ui-failures-screenrec-no-hierarchy__tothszabi-xcode-failing-attachments.xcresult",
        "xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult",
        "xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult",
        "trimmed-root-only__xcresultparser-session_level_failure.xcresult",
    ]

    /// Every file below `root`: its size and modification time (nanoseconds).
    func state(_ root: String) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        let e = FileManager.default.enumerator(atPath: root)!
        while let name = e.nextObject() as? String {
            var st = stat()
            guard lstat(root + "/" + name, &st) == 0 else { continue }
            out[name] = [Int(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_mode)]
        }
        return out
    }

    func testReadingModernBundlesWritesNothingIntoThem() throws {
        try SharedFixturesPath.require()
        let dir = try Harness.temporaryFolder(self)
        let night = dir.appendingPathComponent("night").path
        try FileManager.default.createDirectory(atPath: night, withIntermediateDirectories: true)
        for name in Self.modern {
            try FileManager.default.copyItem(
                atPath: SharedFixturesPath.root.appendingPathComponent("xcresult/\(name)").path, toPath: night + "/" + name)
        }
        let before = state(night)
        XCTAssertTrue(before.keys.contains { $0.hasSuffix("database.sqlite3") })
        _ = try Harness.run(["check", "--json", night])
        _ = try Harness.run(["check", "--markdown", night])
        _ = try Harness.run([night])
        for name in Self.modern {
            let b = night + "/" + name
            for run in 1...2 {
                for args in [
                    ["info", "\(b)#\(run)"], ["tree", "\(b)#\(run)"], ["render", "--screenshot", "--width", "60", "\(b)#\(run)"], ["\(b)#\(run)"],
                ] {
                    _ = try Harness.run(args)
                }
            }
            let out = dir.appendingPathComponent("import-\(name)").path
            let imported = try Harness.run(["import", b, "-o", out])
            XCTAssertNotEqual(imported.status, 2, imported.stderr)
        }
        if TmuxSession.isAvailable {
            let t = try TmuxSession([night + "/" + Self.modern[0] + "#1"], width: 140, height: 40)
            try t.waitFor(text: "Tree")
            try t.send("s")
            try t.waitFor(text: "frame at")
            try t.send("q")
            _ = try t.waitForExit()
        }
        let after = state(night)
        XCTAssertEqual(Set(after.keys).subtracting(before.keys), [], "no file added (no -journal, -wal, -shm)")
        XCTAssertEqual(Set(before.keys).subtracting(after.keys), [], "no file removed")
        for (name, st) in before { XCTAssertEqual(after[name], st, "\(name): size, time and mode unchanged") }
    }
}

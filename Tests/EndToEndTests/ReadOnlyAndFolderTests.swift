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
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: dir.appendingPathComponent(name).path)
        }
        let before = try snapshot()
        let a = dir.appendingPathComponent("settings-normal").path, b = dir.appendingPathComponent("settings-rtl").path
        for args in [["render", a], ["tree", a], ["info", a], ["check", dir.path, "--json"], ["check", dir.path, "--group"],
                     ["compare", a, b], ["compare", "--json", a, b], ["import", a], [a], [dir.path]] {
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

    /// Downloaded CI artifacts come packed (a `.zip` of a result bundle, a `.tar.gz` of a night): each says what
    /// it is and how to unpack it, and a folder of them says what it holds, instead of "no element lines found".
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
        XCTAssertEqual(r.stderr, "pseudoscope: \(zip.path): a zip file, not an archive or a dump: unpack it first (unzip '\(zip.path)') and open what it holds\n")
        r = try Harness.run(["tree", tgz.path])
        XCTAssertEqual(r.stderr, "pseudoscope: \(tgz.path): a gzip-compressed tar file, not an archive or a dump: unpack it first (tar xzf '\(tgz.path)') and open what it holds\n")
        r = try Harness.run(["info", png.path])
        XCTAssertTrue(r.stderr.contains("a PNG image, not an archive or a dump"), r.stderr)

        r = try Harness.run(["check", packed.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("folder holds no archives (no archive.json, no .json files and no result bundles); it holds 2 packed files (LayoutTests.xcresult.zip, night.tar.gz): unpack them first"), r.stderr)
        // Beside archives, the packed files are a note: the archives are checked.
        try FileManager.default.copyItem(at: dir.appendingPathComponent("settings-normal/archive.json"), to: packed.appendingPathComponent("settings.json"))
        r = try Harness.run(["check", packed.path, "--rule", "small-hit-region"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("1 archive checked"), r.stdout)
        XCTAssertTrue(r.stderr.contains("2 packed files (LayoutTests.xcresult.zip, night.tar.gz) not opened: unpack them first to include them"), r.stderr)
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

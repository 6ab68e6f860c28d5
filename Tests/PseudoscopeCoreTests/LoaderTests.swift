import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

final class LoaderTests: XCTestCase {
    let valid = Fixtures.archiveJSON(content: [Fixtures.el("Button", [10, 100, 200, 50], id: "ok", label: "OK")])

    func testValidArchiveLoadsWithDefaults() throws {
        let a = try Fixtures.decode(valid)
        XCTAssertEqual(a.mode, .normal)
        XCTAssertEqual(a.hierarchy.count, 3)
        XCTAssertEqual(a.hierarchy[2].type, "Button")
        XCTAssertEqual(a.hierarchy[2].parent, 1)
        XCTAssertTrue(a.hierarchy[2].isEnabled, "missing booleans take XCUITest defaults")
        XCTAssertFalse(a.hierarchy[2].isSelected)
        XCTAssertEqual(a.screen, "Screen", "screen name derives from the test method")
        XCTAssertEqual(a.failingIndex, 2)
    }

    func testNotJSONNamesLineAndColumn() {
        XCTAssertEqual(
            Fixtures.error("{\n  \"formatVersion\": 1,\n  oops\n}"),
            "test.json: line 3, column 3: not valid JSON: unexpected 'o', expected a key in quotes")
    }

    func testEmptyFile() {
        XCTAssertEqual(Fixtures.error("  \n"), "test.json: line 2, column 1: not valid JSON: the file is empty")
    }

    func testWrongTypeNamesTheJSONPath() {
        let bad = Fixtures.archiveJSON(content: [
            Fixtures.el("Other", [0, 0, 10, 10]),
            Fixtures.el(
                "Other", [0, 0, 10, 10],
                children: [
                    "{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":\"wide\",\"height\":1}}"
                ]),
        ])
        XCTAssertEqual(Fixtures.error(bad), "test.json: hierarchy.children[0].children[1].children[0].frame.width: expected a number, found a string")
    }

    func testMissingRequiredKey() {
        let bad = valid.replacingOccurrences(of: "\"test\":\"T/testScreen\",", with: "")
        XCTAssertEqual(Fixtures.error(bad), "test.json: test: missing required key \"test\"")
    }

    func testUnknownModeListsValidModes() {
        let bad = valid.replacingOccurrences(of: "\"mode\":\"normal\"", with: "\"mode\":\"pseudo\"")
        XCTAssertEqual(Fixtures.error(bad), "test.json: mode: unknown mode \"pseudo\"; expected one of: normal, expanded, rtl")
    }

    func testNewerFormatVersionIsRefused() {
        let bad = valid.replacingOccurrences(of: "\"formatVersion\":1", with: "\"formatVersion\":2")
        XCTAssertEqual(
            Fixtures.error(bad), "test.json: formatVersion: format version 2 is newer than this Pseudoscope supports (version 1); update Pseudoscope")
    }

    func testNonFiniteAndNegativeSizes() {
        let huge = Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":1e400,\"height\":1}}"])
        XCTAssertEqual(Fixtures.error(huge), "test.json: hierarchy.children[0].children[0].frame.width: number out of range")
        let negative = Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":-5,\"height\":1}}"])
        XCTAssertEqual(Fixtures.error(negative), "test.json: hierarchy.children[0].children[0].frame.width: width must not be negative, found -5")
    }

    func testDeepNestingIsRefusedWithoutCrashing() {
        let levels = 100_000
        let json =
            String(repeating: "{\"type\":\"Other\",\"children\":[", count: levels) + "{\"type\":\"Other\"}"
            + String(repeating: "]}", count: levels)
        let archive = Fixtures.archiveJSON(content: [json])
        let message = Fixtures.error(archive) ?? ""
        XCTAssertTrue(message.contains("nesting deeper than the limit of 512 elements"), message)
    }

    /// Newer producers may add keys: they are skipped without disturbing the keys around them, and an element
    /// type this version does not know is kept as it is.
    func testUnknownKeysAreSkippedAndUnknownTypesKept() throws {
        let element =
            #"{"futureKey":{"a":[1,{"b":"}"}]},"type":"HologramView","identifier":"ok","label":"After","frame":{"x":1,"y":2,"width":10,"height":10},"zzz":[[]]}"#
        let a = try Fixtures.archive(content: [element], top: #""futureTopKey":[{"x":1}]"#)
        XCTAssertEqual(a.hierarchy[2].type, "HologramView")
        XCTAssertEqual(a.hierarchy[2].identifier, "ok")
        XCTAssertEqual(a.hierarchy[2].label, "After")
        XCTAssertEqual(a.hierarchy[2].frame, Rect(x: 1, y: 2, width: 10, height: 10))
        XCTAssertEqual(a.hierarchy.count, 3, "the unknown key's value made no element")
    }

    func testFolderWithoutArchiveJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-empty-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertThrowsError(try ArchiveLoader().load(dir.path)) { e in
            XCTAssertTrue("\(e)".hasSuffix("folder has no archive.json (an archive folder holds archive.json beside its attachments)"), "\(e)")
        }
        XCTAssertThrowsError(try ArchiveLoader().load(dir.path + "/nope.json")) { e in
            XCTAssertTrue("\(e)".hasSuffix("nope.json: no such file or folder"), "\(e)")
        }
    }

    func testUTF16AndBOMAreRead() throws {
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(valid.utf8)
        XCTAssertNoThrow(try ArchiveLoader().decode(withBOM, source: ArchiveSource(path: "b.json", folder: nil)))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in valid.utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        XCTAssertEqual(try ArchiveLoader().decode(utf16, source: ArchiveSource(path: "u.json", folder: nil)).test, "T/testScreen")
    }

    func testInvalidUTF8InStringsIsRepairedVisibly() throws {
        var bytes = Array(valid.utf8)
        let range = bytes.indices.first { bytes[$0] == UInt8(ascii: "O") && bytes[$0 + 1] == UInt8(ascii: "K") }!
        bytes[range] = 0xFF
        let a = try ArchiveLoader().decode(bytes, source: ArchiveSource(path: "x.json", folder: nil))
        XCTAssertEqual(a.hierarchy[2].label, "\u{FFFD}K")
    }

    func testLongStringsAreCutWithAMark() throws {
        var limits = LoadLimits()
        limits.maxStringBytes = 10
        let json = Fixtures.archiveJSON(content: [Fixtures.el("StaticText", [0, 0, 10, 10], label: "abcdefghijklmnop")])
        let a = try ArchiveLoader(limits: limits).decode(Array(json.utf8), source: ArchiveSource(path: "x", folder: nil))
        XCTAssertEqual(a.hierarchy[2].label, "abcdefghij…[cut: 6 more bytes]")
    }

    /// Refusing a file over the element limit costs the limit, not the file: the fast path stops at the first
    /// element over it, with the general path's message and place, and never reads what follows.
    func testAnArchiveOverTheElementLimitIsRefusedAtTheLimit() throws {
        var limits = LoadLimits()
        limits.maxElements = 10
        let kids = (0..<50).map { Fixtures.el("StaticText", [0, Double($0), 10, 10], label: "t\($0)") }
        let json = Fixtures.archiveJSON(content: kids)
        let loader = ArchiveLoader(limits: limits)
        let source = ArchiveSource(path: "big.json", folder: nil)
        func error(_ body: () throws -> Archive) -> String {
            do { _ = try body(); return "loaded" } catch { return "\(error)" }
        }
        let refused = error { try loader.decode(Array(json.utf8), source: source) }
        XCTAssertTrue(refused.contains("more than 10 elements (raise the limit with PSEUDOSCOPE_MAX_ELEMENTS)"), refused)
        XCTAssertEqual(refused, error { try loader.decodeGeneral(Array(json.utf8), source: source) }, "the same words and place as the general path")
        // What follows the limit is never read: garbage there changes nothing.
        let cut = String(json[..<json.range(of: "\"t30\"")!.lowerBound]) + "@@@ not JSON"
        XCTAssertEqual(error { try loader.decode(Array(cut.utf8), source: source) }, refused)
    }

    /// A file far larger than the element limit can fill is refused from its first bytes (`overLimitFromPrefix`),
    /// in the words and place reading it whole gives; a file whose first bytes do not reach the limit, or that is
    /// over the size limit too, is read and refused as before.
    func testAFileFarOverTheElementLimitIsRefusedFromItsFirstBytesAsFromAllOfThem() throws {
        var limits = LoadLimits()
        limits.maxElements = 10
        let loader = ArchiveLoader(limits: limits)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        func error(_ body: () throws -> Archive) -> String {
            do { _ = try body(); return "loaded" } catch { return "\(error)" }
        }
        func write(_ name: String, _ json: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        // 400 short rows: 10 elements take far less than the 2,560 bytes read ahead.
        let rows = (0..<400).map { Fixtures.el("StaticText", [0, Double($0), 10, 10], label: "t\($0)") }
        let big = try write("big.json", Fixtures.archiveJSON(content: rows))
        let whole = error { try loader.decode(Array(try Data(contentsOf: URL(fileURLWithPath: big))), source: ArchiveSource(path: big, folder: nil)) }
        XCTAssertTrue(whole.contains("more than 10 elements (raise the limit with PSEUDOSCOPE_MAX_ELEMENTS)"), whole)
        XCTAssertEqual(loader.overLimitFromPrefix(big).map { "\($0)" }, whole, "refused from its first bytes")
        XCTAssertEqual(error { try loader.load(big) }, whole)
        // A folder's archive.json is refused under its own name.
        let folder = dir.appendingPathComponent("run").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let inFolder = try write("run/archive.json", Fixtures.archiveJSON(content: rows))
        XCTAssertEqual(error { try loader.load(folder) }, whole.replacingOccurrences(of: big, with: inFolder))
        // Rows of 600-byte labels: the first bytes hold fewer than 10 elements, so the file is read whole.
        let long = (0..<60).map { Fixtures.el("StaticText", [0, Double($0), 10, 10], label: String(repeating: "w", count: 600)) }
        let wide = try write("wide.json", Fixtures.archiveJSON(content: long))
        XCTAssertNil(loader.overLimitFromPrefix(wide))
        XCTAssertTrue(error { try loader.load(wide) }.contains("more than 10 elements"))
        // Under the limit: loaded, nothing refused.
        XCTAssertNil(ArchiveLoader().overLimitFromPrefix(big))
        XCTAssertEqual(try ArchiveLoader().load(big).hierarchy.count, 402)
        // Over the size limit as well: the size is what is said, as before.
        var small = limits
        small.maxFileBytes = 4096
        XCTAssertNil(ArchiveLoader(limits: small).overLimitFromPrefix(big))
        XCTAssertTrue(
            error { try ArchiveLoader(limits: small).load(big) }.contains("PSEUDOSCOPE_MAX_FILE_MIB"),
            error { try ArchiveLoader(limits: small).load(big) })
    }

    /// A file read to the size it had is ended by a read of a few bytes; one that has grown since is read on to
    /// its end, every byte in order (a file of 100,000 bytes read as if it had had 10, 70,000 or all of them).
    func testAFileThatGrewSinceItsSizeWasTakenIsReadToItsEnd() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ps-grown-\(UUID().uuidString)").path
        let content = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        try Data(content).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        for expected in [10, 70_000, 100_000] {
            let fd = open(path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { close(fd) }
            XCTAssertEqual(
                try FileAccess.readAll(fd, file: path, limit: 1 << 20, limitVariable: "X", expected: expected), content,
                "as if it had \(expected) bytes")
        }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        XCTAssertThrowsError(
            try FileAccess.readAll(fd, file: path, limit: 50_000, limitVariable: "X", expected: 40_000), "the limit holds for what it grew by")
    }

    /// A folder's entry asked once says what the three questions asked alone said: its kind (links followed),
    /// whether it is a link, and the file it is the same as.
    func testAnEntryIsWhatItsKindLinkAndIdentitySayAlone() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-entry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/to-file", withDestinationPath: dir + "/a.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/to-sub", withDestinationPath: "sub")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: dir + "/nowhere")
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o600), 0)
        let expected: [(String, FileAccess.Kind, Bool, String?)] = [
            ("a.json", .regular, false, "a.json"), ("sub", .directory, false, "sub"), ("to-file", .regular, true, "a.json"),
            ("to-sub", .directory, true, "sub"), ("dangling", .missing, true, nil), ("fifo", .special("a FIFO"), false, "fifo"),
            ("absent", .missing, false, nil),
        ]
        for (name, kind, isLink, sameAs) in expected {
            let entry = FileAccess.entry(dir + "/" + name)
            XCTAssertEqual(entry.kind, kind, name)
            XCTAssertEqual(entry.kind, FileAccess.kind(dir + "/" + name), "\(name): as its kind alone")
            XCTAssertEqual(entry.isLink, isLink, name)
            XCTAssertEqual(entry.isLink, FileAccess.isLink(dir + "/" + name), "\(name): as asked alone")
            XCTAssertEqual(entry.identity, sameAs.flatMap { FileAccess.identity(dir + "/" + $0) }, name)
            XCTAssertEqual(entry.identity, FileAccess.identity(dir + "/" + name), "\(name): as its identity alone")
        }
        XCTAssertNotEqual(FileAccess.entry(dir + "/a.json").identity, FileAccess.entry(dir + "/sub").identity)
    }

    func testEverySampleArchiveLoads() throws {
        XCTAssertGreaterThanOrEqual(Fixtures.sampleNames.count, 8)
        for name in Fixtures.sampleNames {
            let a = try Fixtures.sample(name)
            XCTAssertNotNil(a.failingIndex, "\(name): the failing element is in the hierarchy")
            XCTAssertFalse(a.testData.members.isEmpty, "\(name) has test data")
        }
    }

    /// Packed files and pictures are known by their first bytes; text (archives, dumps) never is.
    func testForeignFilesAreKnownByTheirFirstBytes() {
        var tar = [UInt8](repeating: 0x61, count: 300)
        tar.replaceSubrange(257..<262, with: Array("ustar".utf8))
        let cases: [([UInt8], ForeignFile.Kind?)] = [
            ([0x50, 0x4B, 0x03, 0x04, 0, 0], .zip), ([0x50, 0x4B, 0x05, 0x06], .zip), ([0x1F, 0x8B, 0x08], .gzip),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .xz), (Array("BZh91AY".utf8), .bzip2), ([0x28, 0xB5, 0x2F, 0xFD], .zstd),
            ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], .sevenZip), (tar, .tar), ([0x89, 0x50, 0x4E, 0x47, 0x0D], .png),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg), ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .isoMedia),
            (Array("%PDF-1.7".utf8), .pdf), (Array("SQLite format 3".utf8) + [0], .sqlite), (Array("bplist00".utf8), .binaryPropertyList),
            (Array("BZhello, a dump?".utf8), nil), (Array("{\"formatVersion\": 1}".utf8), nil),
            (Array("    Button, 0x1, {{0.0, 0.0}, {1.0, 1.0}}".utf8), nil), ([0xFF, 0xFE, 0x7B, 0x00], nil), ([], nil),
        ]
        for (bytes, kind) in cases {
            XCTAssertEqual(ForeignFile.kind(of: bytes), kind, "\(bytes.prefix(8))")
        }
        XCTAssertEqual(
            ForeignFile.message(.xz, path: "n.tar.xz"),
            "an xz-compressed tar file, not an archive or a dump: unpack it first (tar xJf 'n.tar.xz') and open what it holds")
        XCTAssertEqual(
            ForeignFile.message(.zstd, path: "a b.json.zst"),
            "a zstd-compressed file, not an archive or a dump: unpack it first (zstd -d 'a b.json.zst') and open what it holds")
        XCTAssertEqual(ForeignFile.message(.zip, path: "<stdin>"), "a zip file, not an archive or a dump: unpack it first and open what it holds")
        XCTAssertTrue(ForeignFile.looksPacked("LayoutTests.xcresult.ZIP"))
        XCTAssertFalse(ForeignFile.looksPacked("archive.json"))
    }
}

/// Deep nesting must not overflow the stack anywhere: parsing, decoding, freeing, checking, comparing, writing.
final class DeepNestingTests: XCTestCase {
    func testAHundredThousandLevelArchiveIsHandledWhenTheLimitIsRaised() throws {
        let levels = 100_000
        let inner =
            String(repeating: "{\"type\":\"Other\",\"frame\":{\"x\":0,\"y\":0,\"width\":390,\"height\":844},\"children\":[", count: levels)
            + "{\"type\":\"Button\",\"identifier\":\"leaf\",\"label\":\"Leaf\",\"frame\":{\"x\":10,\"y\":10,\"width\":100,\"height\":44}}"
            + String(repeating: "]}", count: levels)
        let json = Fixtures.archiveJSON(failing: "leaf", content: [inner])
        var limits = LoadLimits()
        limits.maxDepth = 200_000
        let a = try ArchiveLoader(limits: limits).decode(Array(json.utf8), source: ArchiveSource(path: "deep.json", folder: nil))
        XCTAssertEqual(a.hierarchy.count, levels + 3)
        XCTAssertEqual(a.failingIndex, levels + 2)
        _ = LayoutChecker(a).findings()
        XCTAssertTrue(RunComparison(a, a).differences.isEmpty)
        XCTAssertTrue(a.hierarchy.shortPathDescription(levels + 2).contains("more)…"))
        let written = ArchiveEncoder.encode(a)
        XCTAssertEqual(
            try ArchiveLoader(limits: limits).decode(Array(written.utf8), source: ArchiveSource(path: "w", folder: nil)).hierarchy.count, levels + 3)
        // A parse error after a deep value frees what was built without recursion.
        let broken = "[" + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + ",}"
        XCTAssertThrowsError(try JSONParser.parse(Array(broken.utf8), maxDepth: 300_000))
    }
}

/// A night folder's hidden entries: an archive, a dump or a bundle under a name beginning with `.` is an input like
/// any other (skipping one passed a failing night in silence); a hidden folder that is none of them is not searched.
final class HiddenEntriesTests: XCTestCase {
    func testHiddenInputsAreReadAndHiddenFoldersAreNotSearched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-hidden-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git/objects"), withIntermediateDirectories: true)
        try "{}".write(to: folder.appendingPathComponent(".git/objects/config.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent("checkout-expanded"), to: folder.appendingPathComponent(".checkout"))
        try FileManager.default.copyItem(
            at: Fixtures.samples.appendingPathComponent("settings-normal"), to: folder.appendingPathComponent("settings"))
        let dump = try SharedFixtures.require(SharedFixtures.realDumps).appendingPathComponent("xcui-01.txt")
        try FileManager.default.copyItem(at: dump, to: folder.appendingPathComponent(".dump.txt"))
        let found = ArchiveDiscovery.expand([folder.path])
        XCTAssertEqual(found.paths.map { ($0 as NSString).lastPathComponent }.sorted(), [".checkout", ".dump.txt", "settings"])
        XCTAssertTrue(found.problems.isEmpty, "\(found.problems)")
    }
}

/// The string limit applies to every input: a dump's 1 MiB label is cut as an archive's is.
final class StringLimitEverywhereTests: XCTestCase {
    func testADumpsHugeLabelIsCutAtTheStringLimit() throws {
        let real = try String(contentsOf: try SharedFixtures.require(SharedFixtures.realDumps).appendingPathComponent("xcui-05.txt"), encoding: .utf8)
        let huge = String(repeating: "Z", count: 1 << 20)
        let text = real.replacingOccurrences(of: "label: 'Test App'", with: "label: '\(huge)'")
        XCTAssertNotEqual(text, real)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-cut-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dump.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let a = try ArchiveLoader().load(file.path)
        let longest = a.hierarchy.elements.map(\.label.utf8.count).max() ?? 0
        XCTAssertLessThanOrEqual(longest, LoadLimits.default.maxStringBytes + 40)
        XCTAssertTrue(a.hierarchy.elements.contains { $0.label.hasSuffix("more bytes]") })
    }
}

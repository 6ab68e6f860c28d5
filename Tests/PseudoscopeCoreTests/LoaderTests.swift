import Foundation
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
        XCTAssertEqual(Fixtures.error("{\n  \"formatVersion\": 1,\n  oops\n}"), "test.json: line 3, column 3: not valid JSON: unexpected 'o', expected a key in quotes")
    }

    func testEmptyFile() {
        XCTAssertEqual(Fixtures.error("  \n"), "test.json: line 2, column 1: not valid JSON: the file is empty")
    }

    func testWrongTypeNamesTheJSONPath() {
        let bad = Fixtures.archiveJSON(content: [Fixtures.el("Other", [0, 0, 10, 10]), Fixtures.el("Other", [0, 0, 10, 10], children: [
            "{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":\"wide\",\"height\":1}}"])])
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
        XCTAssertEqual(Fixtures.error(bad), "test.json: formatVersion: format version 2 is newer than this Pseudoscope supports (version 1); update Pseudoscope")
    }

    func testNonFiniteAndNegativeSizes() {
        let huge = Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":1e400,\"height\":1}}"])
        XCTAssertEqual(Fixtures.error(huge), "test.json: hierarchy.children[0].children[0].frame.width: number out of range")
        let negative = Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":{\"x\":0,\"y\":0,\"width\":-5,\"height\":1}}"])
        XCTAssertEqual(Fixtures.error(negative), "test.json: hierarchy.children[0].children[0].frame.width: width must not be negative, found -5")
    }

    func testDeepNestingIsRefusedWithoutCrashing() {
        let levels = 100_000
        let json = String(repeating: "{\"type\":\"Other\",\"children\":[", count: levels) + "{\"type\":\"Other\"}"
            + String(repeating: "]}", count: levels)
        let archive = Fixtures.archiveJSON(content: [json])
        let message = Fixtures.error(archive) ?? ""
        XCTAssertTrue(message.contains("nesting deeper than the limit of 512 elements"), message)
    }

    func testUnknownKeysAndTypesAreKept() throws {
        let a = try Fixtures.archive(content: [Fixtures.el("HologramView", [0, 0, 10, 10], id: "ok", extra: "\"futureKey\":{\"a\":[1,2]}")])
        XCTAssertEqual(a.hierarchy[2].type, "HologramView")
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

    func testEverySampleArchiveLoads() throws {
        XCTAssertGreaterThanOrEqual(Fixtures.sampleNames.count, 8)
        for name in Fixtures.sampleNames {
            let a = try Fixtures.sample(name)
            XCTAssertNotNil(a.failingIndex, "\(name): the failing element is in the hierarchy")
            XCTAssertFalse(a.testData.members.isEmpty, "\(name) has test data")
        }
    }
}

/// Deep nesting must not overflow the stack anywhere: parsing, decoding, freeing, checking, comparing, writing.
final class DeepNestingTests: XCTestCase {
    func testAHundredThousandLevelArchiveIsHandledWhenTheLimitIsRaised() throws {
        let levels = 100_000
        let inner = String(repeating: "{\"type\":\"Other\",\"frame\":{\"x\":0,\"y\":0,\"width\":390,\"height\":844},\"children\":[", count: levels)
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
        XCTAssertEqual(try ArchiveLoader(limits: limits).decode(Array(written.utf8), source: ArchiveSource(path: "w", folder: nil)).hierarchy.count, levels + 3)
        // A parse error after a deep value frees what was built without recursion.
        let broken = "[" + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + ",}"
        XCTAssertThrowsError(try JSONParser.parse(Array(broken.utf8), maxDepth: 300_000))
    }
}

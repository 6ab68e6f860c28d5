import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The fast path must read exactly what the general path reads, and decline whatever it is not sure of.
final class FastPathDifferentialTests: XCTestCase {
    /// Compares both paths; returns whether the fast path accepted the input.
    @discardableResult
    func assertSame(_ json: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let loader = ArchiveLoader()
        let source = ArchiveSource(path: "d.json", folder: nil)
        let general = Result { try loader.decodeGeneral(Array(json.utf8), source: source) }
        guard let fast = try? loader.decodeFast(Array(json.utf8), source: source) else {
            return false  // declined: the general path decides, so the result is the reference by construction
        }
        switch general {
        case .success(let g): XCTAssertEqual(fast, g, what, file: file, line: line)
        case .failure(let e): XCTFail("\(what): the fast path accepted what the general path refuses: \(e)", file: file, line: line)
        }
        return true
    }

    func testSamplesDecodeIdenticallyAndTakeTheFastPath() throws {
        for name in Fixtures.sampleNames {
            let bytes = try [UInt8](Data(contentsOf: Fixtures.samples.appendingPathComponent(name).appendingPathComponent("archive.json")))
            let source = ArchiveSource(path: name, folder: nil)
            let fast = try ArchiveLoader().decodeFast(bytes, source: source)
            XCTAssertEqual(fast, try ArchiveLoader().decodeGeneral(bytes, source: source), name)
        }
    }

    func testGeneratedArchivesAndEdgeCasesAgree() {
        // Deterministic pseudo-random trees with every field, odd key orders, nulls, unknown keys and escapes.
        var rng = SplitMix64(seed: 42)
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
        let fields = [
            "\"identifier\":\"id\\u00e9\"", "\"label\":\"［Konto···］\\n\"", "\"value\":\"1\"", "\"placeholderValue\":\"p\"",
            "\"title\":\"t\"", "\"isEnabled\":false", "\"isSelected\":true", "\"hasFocus\":true", "\"isHittable\":false",
            "\"intrinsicContentSize\":{\"height\":20.5,\"width\":300}", "\"markedText\":\"zhong\"", "\"markedText\":\"\"",
            "\"label\":null", "\"frame\":null", "\"unknown\":{\"a\":[1,{\"b\":null}]}", "\"frame\":{\"width\":10,\"x\":-5,\"y\":1e2,\"height\":0.5}",
        ]
        func element(_ depth: Int) -> String {
            var parts = (0..<next(5)).map { _ in fields[next(fields.count)] }
            parts.insert("\"type\":\"T\(next(4))\"", at: next(parts.count + 1))
            if depth < 6 && next(3) > 0 {
                parts.insert("\"children\":[" + (0..<next(4)).map { _ in element(depth + 1) }.joined(separator: ",") + "]", at: next(parts.count + 1))
            }
            return "{" + parts.joined(separator: ",") + "}"
        }
        var accepted = 0
        for k in 0..<200 {
            if assertSame(Fixtures.archiveJSON(content: [element(0), element(0)]), "generated \(k)") { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 150, "the fast path reads ordinary archives itself")
        let edge = [
            Fixtures.archiveJSON(content: ["{\"type\":\"A\",\"children\":[],\"children\":[{\"type\":\"B\"}]}"]),
            Fixtures.archiveJSON(content: ["{\"type\":\"A\",\"frame\":{\"x\":0,\"y\":0,\"width\":-1,\"height\":1}}"]),
            Fixtures.archiveJSON(content: ["{\"children\":[{\"type\":\"B\"}]}"]),
            Fixtures.archiveJSON(content: ["{\"type\":\"A\",\"frame\":{\"x\":0,\"y\":0,\"width\":1}}"]),
            Fixtures.archiveJSON(content: ["{\"type\":\"A\",\"isEnabled\":\"yes\"}"]),
            "{\"hierarchy\":{\"type\":\"A\"},\"hierarchy\":{\"type\":\"B\"}}",
        ]
        for (k, json) in edge.enumerated() { assertSame(json, "edge \(k)") }
    }

    /// Frames in the two orders writers use are read in one pass, every value in its place (width and height told
    /// apart), white space anywhere; every other shape, and every number the member loop would refuse, reads as the
    /// general path reads it.
    func testFramesInTheWritersOrdersAreReadInOnePassAndAllElseAsBefore() throws {
        let ordered = [
            "{\"x\":1.5,\"y\":-2,\"width\":393,\"height\":800}",
            "{\"height\":800,\"width\":393,\"x\":1.5,\"y\":-2}",
            "{ \"x\" : 1.5 ,\n\t\"y\":-2,\r\n  \"width\": 393, \"height\" :800 }",
            "{\n  \"height\" : 800,\n  \"width\" : 393,\n  \"x\" : 1.5,\n  \"y\" : -2\n}",
            "{\"x\":1.50,\"y\":-2.0,\"width\":393.0,\"height\":800.000}",
        ]
        for frame in ordered {
            let bytes = Array(frame.utf8)
            let read = bytes.withUnsafeBufferPointer { FastHierarchyReader.orderedRect($0, at: 0) }
            XCTAssertEqual(read?.0, Rect(x: 1.5, y: -2, width: 393, height: 800), frame)
            XCTAssertEqual(read?.1, bytes.count, "\(frame): read to its closing brace")
            let json = Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":\(frame)}"])
            XCTAssertTrue(assertSame(json, frame), "\(frame): read by the fast path")
            let archive = try ArchiveLoader().decodeFast(Array(json.utf8), source: ArchiveSource(path: "d.json", folder: nil))
            XCTAssertEqual(archive.hierarchy.elements.last?.frame, Rect(x: 1.5, y: -2, width: 393, height: 800), frame)
            assertNothingReadPastTheEnd(frame)
        }
        let others = [
            "{\"y\":2,\"x\":1,\"width\":3,\"height\":4}", "{\"width\":3,\"height\":4,\"x\":1,\"y\":2}",
            "{\"x\":1,\"y\":2,\"width\":3,\"height\":4,\"z\":5}", "{\"x\":1,\"x\":9,\"y\":2,\"width\":3,\"height\":4}",
            "{\"xx\":1,\"y\":2,\"width\":3,\"height\":4}", "{\"heightx\":4,\"width\":3,\"x\":1,\"y\":2}",
            "{\"x\":1,\"y\":2,\"width\":-3,\"height\":4}", "{\"height\":-0.5,\"width\":3,\"x\":1,\"y\":2}",
            "{\"x\":1e300,\"y\":2,\"width\":3,\"height\":4}", "{\"x\":15e-1,\"y\":-2.0,\"width\":3.93e2,\"height\":800}",
            "{\"x\":-0,\"y\":-0.0,\"width\":0,\"height\":1E2}",
            "{\"x\":\"1\",\"y\":2,\"width\":3,\"height\":4}", "{\"x\":1,\"y\":2,\"width\":3}",
            "{\"x\":1,\"y\":2,\"width\":3,\"height\":4,}", "{\"x\":01,\"y\":2,\"width\":3,\"height\":4}",
            "{\"\\u0078\":1,\"y\":2,\"width\":3,\"height\":4}", "{\"x\":1,\"y\":2,\"width\":3,\"height\":4",
        ]
        for frame in others {
            assertSame(Fixtures.archiveJSON(content: ["{\"type\":\"Button\",\"frame\":\(frame)}"]), frame)
            assertNothingReadPastTheEnd(frame)
        }
    }

    /// Cut short anywhere, a frame is not read: the reading asks for no byte past the ones it has (in a debug
    /// build the buffer's subscript traps on one that it does; its word loads are guarded by their own count).
    private func assertNothingReadPastTheEnd(_ frame: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(frame.utf8)
        for end in 0..<bytes.count {
            let read = Array(bytes[..<end]).withUnsafeBufferPointer { FastHierarchyReader.orderedRect($0, at: 0) }
            XCTAssertNil(read?.0, "\(frame) cut at \(end)", file: file, line: line)
        }
    }

    /// Element types: XCUITest's names, and whatever is near one (a letter more or less, another case, an escape,
    /// a name ending at the file's last bytes), read by the fast path as the general path reads them.
    func testElementTypesReadAsTheGeneralPathReadsThem() throws {
        let near = [
            "Butto", "Buttons", "button", "BUTTON", "StaticTexts", "Cel", "Celk", "X", "Othe", "RelevanceIndicators",
            "DisclosureTriangle2", "Other\\u0301", "B\\u0075tton", "Tab\\\"Bar", "Map\\/", "Iconé", "界",
        ]
        let types = ElementTypeNames.names + near
        let content = types.map { "{\"type\":\"\($0)\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1}}" }
        XCTAssertTrue(assertSame(Fixtures.archiveJSON(content: content), "every name and near misses"), "read by the fast path")
        let archive = try ArchiveLoader().decodeFast(
            Array(Fixtures.archiveJSON(content: content).utf8), source: ArchiveSource(path: "d.json", folder: nil))
        let read = Array(archive.hierarchy.elements.dropFirst(2).map(\.type))
        XCTAssertEqual(Array(read.prefix(ElementTypeNames.names.count)), ElementTypeNames.names)
        XCTAssertEqual(read[ElementTypeNames.names.count + 12], "Button", "an escape spells the same name")
        // A name in the file's last bytes (no room to read three words past it).
        for name in ["Button", "Cell", "RelevanceIndicator"] {
            let json =
                "{\"formatVersion\":1,\"test\":\"T/t\",\"mode\":\"normal\",\"environment\":{\"xcode\":\"16\",\"simulator\":\"s\",\"os\":\"o\"},"
                + "\"failure\":{\"identifier\":\"x\",\"label\":\"\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"isHittable\":true,\"message\":\"m\"},"
                + "\"hierarchy\":{\"children\":[],\"type\":\"\(name)\"}}"
            XCTAssertTrue(assertSame(json, "\(name) at the end"), name)
        }
        // Under a string limit shorter than a name, the name is cut as any string is.
        var limits = LoadLimits()
        limits.maxStringBytes = 6
        let loader = ArchiveLoader(limits: limits)
        let bytes = Array(Fixtures.archiveJSON(content: content).utf8)
        let source = ArchiveSource(path: "d.json", folder: nil)
        XCTAssertEqual(try loader.decodeFast(bytes, source: source), try loader.decodeGeneral(bytes, source: source))
        XCTAssertEqual(try loader.decodeFast(bytes, source: source).hierarchy.elements[3].type, "Other", "a name within the limit")
        XCTAssertTrue(
            try loader.decodeFast(bytes, source: source).hierarchy.elements[4].type.hasPrefix("Applic…[cut"), "a name over the limit is cut")
    }
}

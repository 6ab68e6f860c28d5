import Foundation
import XCTest

@testable import PseudoscopeCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs the importer over the real dumps in ../shared/fixtures/real-dumps when that folder exists.
final class ImportCorpusTests: XCTestCase {
    static let corpus = SharedFixtures.realDumps

    func corpusFiles() throws -> [URL] {
        let folder = try SharedFixtures.require(Self.corpus)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let dumps = names.filter { $0.hasPrefix("xcui-") || $0.hasPrefix("appium-") }.sorted()
        XCTAssertGreaterThan(dumps.count, 40, "the real-dump corpus holds its dumps")
        return dumps.map { folder.appendingPathComponent($0) }
    }

    func testEveryDumpImportsOrIsRefusedClearly() throws {
        for url in try corpusFiles() {
            do {
                let a = try ArchiveLoader().load(url.path)
                XCTAssertGreaterThan(a.hierarchy.count, 0, url.lastPathComponent)
                _ = LayoutChecker(a).findings()
            } catch let e as ArchiveError {
                XCTAssertTrue(e.description.hasPrefix(url.path + ": "), "a clear one-line error: \(e)")
                XCTAssertFalse(e.description.contains("\n"))
            }
        }
    }

    /// A dump saved with Windows line ends (CRLF) or classic Mac ones (CR) reads as the same tree with the same
    /// findings: Swift reads CRLF as one character, and splitting at LF had left such a dump in one piece
    /// ("no element lines found").
    func testEveryDumpReadsTheSameWithCRLFAndCRLineEnds() throws {
        for url in try corpusFiles() {
            let bytes = [UInt8](try Data(contentsOf: url))
            let lf = String(decoding: bytes, as: UTF8.self)
            guard lf.utf8.contains(0x0A), !lf.utf8.contains(0x0D) else { continue }
            let original = ArchiveLoader().loadResult(url.path)
            for (name, ends) in [("CRLF", "\r\n"), ("CR", "\r")] {
                let text = lf.replacingOccurrences(of: "\n", with: ends)
                let variant = read(text, as: url.path)
                switch (original, variant) {
                case (.success(let a), .success(let b)):
                    XCTAssertEqual(b.hierarchy.elements.map(\.type), a.hierarchy.elements.map(\.type), "\(name): \(url.lastPathComponent)")
                    XCTAssertEqual(b.hierarchy.elements.map(\.label), a.hierarchy.elements.map(\.label), "\(name): \(url.lastPathComponent)")
                    XCTAssertEqual(b.hierarchy.elements.map(\.frame), a.hierarchy.elements.map(\.frame), "\(name): \(url.lastPathComponent)")
                    XCTAssertEqual(
                        LayoutChecker(b).findings().map(\.message), LayoutChecker(a).findings().map(\.message), "\(name): \(url.lastPathComponent)")
                case (.failure(let a), .failure(let b)):
                    XCTAssertEqual(b.message, a.message, "\(name): \(url.lastPathComponent)")
                default:
                    XCTFail("\(name): \(url.lastPathComponent) reads as \(variant), the original as \(original)")
                }
            }
        }
    }

    /// A debugDescription dump whose indentation was turned into tabs (by an editor or a wiki; tabs of 2, 4 or 8
    /// spaces, the rest as spaces) reads as the same tree: a tab counted as one column had put children beside
    /// their parents.
    func testEveryTextDumpReadsTheSameWithTabbedIndentation() throws {
        for url in try corpusFiles() where url.lastPathComponent.hasPrefix("xcui-") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            guard case .success(let a) = ArchiveLoader().loadResult(url.path) else { continue }
            for width in [2, 4, 8] {
                let lines: [Substring] = text.splitLines()
                let tabbed = lines.map { (line: Substring) -> String in
                    let spaces = line.prefix { $0 == " " }.count
                    return String(repeating: "\t", count: spaces / width) + String(repeating: " ", count: spaces % width)
                        + String(line.dropFirst(spaces))
                }.joined(separator: "\n")
                guard case .success(let b) = read(tabbed, as: url.path) else { XCTFail("tabs of \(width): \(url.lastPathComponent)"); continue }
                XCTAssertEqual(b.hierarchy.elements.map(\.parent), a.hierarchy.elements.map(\.parent), "tabs of \(width): \(url.lastPathComponent)")
                XCTAssertEqual(b.hierarchy.elements.map(\.label), a.hierarchy.elements.map(\.label), "tabs of \(width): \(url.lastPathComponent)")
            }
        }
    }

    /// A debugDescription dump copied out of a log that stamps every line (a CI log's ISO time, NSLog's time and
    /// process, Appium's time and `[Xcode]`) or quoted in a mail or an issue (`> `) reads as the same tree.
    /// (A dump inside a JSON wrapper is left out: a prefix on each line breaks the wrapper, not the dump.)
    func testEveryTextDumpReadsTheSameWithLogPrefixesOnEveryLine() throws {
        let prefixes = [
            "2024-03-01T10:22:33.1234567Z ", "2024-03-01 10:22:33.123456+0100 My App UITests-Runner[1234:5a78] ",
            "2024-03-01 10:22:33:123 - [Xcode] ", "> ",
        ]
        for url in try corpusFiles() where url.lastPathComponent.hasPrefix("xcui-") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            guard let first = text.first(where: { !$0.isWhitespace }), !"[{\"".contains(first),
                case .success(let a) = ArchiveLoader().loadResult(url.path)
            else { continue }
            for prefix in prefixes {
                let lines: [Substring] = text.splitLines()
                let stamped = lines.map { prefix + $0 }.joined(separator: "\n")
                guard case .success(let b) = read(stamped, as: url.path) else { XCTFail("'\(prefix)': \(url.lastPathComponent)"); continue }
                XCTAssertEqual(b.hierarchy.elements.map(\.parent), a.hierarchy.elements.map(\.parent), "'\(prefix)': \(url.lastPathComponent)")
                XCTAssertEqual(b.hierarchy.elements.map(\.label), a.hierarchy.elements.map(\.label), "'\(prefix)': \(url.lastPathComponent)")
            }
        }
    }

    func read(_ text: String, as path: String) -> Result<Archive, ArchiveError> {
        do { return .success(try ArchiveLoader().load(bytes: Array(text.utf8), source: ArchiveSource(path: path, folder: nil))) } catch {
            return .failure(error as? ArchiveError ?? ArchiveError(file: path, message: "\(error)"))
        }
    }

    /// Element counts of the complete dumps (SOURCES.md; for text dumps, the lines of the element subtree).
    func testCompleteDumpsReproduceTheirElementCounts() throws {
        _ = try corpusFiles()
        let expected = [
            "xcui-04.txt": 8, "xcui-05.txt": 34, "xcui-24.txt": 37, "xcui-01.txt": 30,
            "appium-01.xml": 93, "appium-02.xml": 93, "appium-03.xml": 95, "appium-04.xml": 19, "appium-11.xml": 1,
        ]
        for (name, count) in expected.sorted(by: { $0.key < $1.key }) {
            let a = try ArchiveLoader().load(Self.corpus.appendingPathComponent(name).path)
            XCTAssertEqual(a.hierarchy.count, count, name)
            XCTAssertNil(a.imported?.incomplete, "\(name) is complete")
        }
    }

    func testFragmentsSayTheyAreIncomplete() throws {
        _ = try corpusFiles()
        for name in ["xcui-12.txt", "xcui-13.txt", "xcui-21.txt", "appium-05-fragment.xml", "appium-09-fragment.xml"] {
            let a = try ArchiveLoader().load(Self.corpus.appendingPathComponent(name).path)
            XCTAssertNotNil(a.imported?.incomplete, name)
        }
    }
    /// WebDriverAgent's JSON source holds what its XML source holds under other names. Each complete real XML
    /// source, written as the JSON source (`type`, `name`, `label`, `value`, `rect`, `isEnabled`/`isVisible` as
    /// "1"/"0", `children`; every other one inside WDA's HTTP answer `{"value": …, "sessionId": …}`), reads as the
    /// same tree with the same findings.
    func testEveryXMLSourceReadsTheSameWrittenAsWDAJSONSource() throws {
        var compared = 0
        for (n, url) in try corpusFiles().filter({ $0.pathExtension == "xml" }).enumerated() {
            guard case .success(let xml) = ArchiveLoader().loadResult(url.path), xml.imported?.incomplete == nil,
                let tree = try WDAJSON.tree(fromXML: Data(contentsOf: url))
            else { continue }
            let object: Any = n % 2 == 0 ? tree : ["value": tree, "sessionId": "0F1E"]
            let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            guard case .success(let json) = read(text, as: url.path) else {
                XCTFail("\(url.lastPathComponent) as JSON: \(read(text, as: url.path))"); continue
            }
            let name = url.lastPathComponent
            XCTAssertEqual(json.imported?.format, "WebDriverAgent JSON source", name)
            XCTAssertEqual(json.hierarchy.elements.map(\.type), xml.hierarchy.elements.map(\.type), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.parent), xml.hierarchy.elements.map(\.parent), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.identifier), xml.hierarchy.elements.map(\.identifier), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.label), xml.hierarchy.elements.map(\.label), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.value), xml.hierarchy.elements.map(\.value), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.frame), xml.hierarchy.elements.map(\.frame), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.isEnabled), xml.hierarchy.elements.map(\.isEnabled), name)
            XCTAssertEqual(json.hierarchy.elements.map(\.isVisible), xml.hierarchy.elements.map(\.isVisible), name)
            XCTAssertEqual(LayoutChecker(json).findings().map(\.message), LayoutChecker(xml).findings().map(\.message), name)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 5, "enough real sources compared")
    }
}

/// Writes an XML page source as WebDriverAgent writes its JSON source (`dictionaryForElement:` in its
/// `XCUIApplication+FBHelpers.m`), from the XML's own attributes.
private final class WDAJSON: NSObject, XMLParserDelegate {
    final class Node {
        var fields: [String: Any]
        var children: [Node] = []
        init(_ fields: [String: Any]) { self.fields = fields }
        var json: [String: Any] {
            var out = fields
            if !children.isEmpty { out["children"] = children.map(\.json) }
            return out
        }
    }
    private var stack: [Node] = []
    private var roots: [Node] = []

    /// Nil for a source the JSON form does not hold alike: the Mac2 driver's, one that is not well-formed XML,
    /// one with several top-level elements.
    static func tree(fromXML data: Data) throws -> [String: Any]? {
        guard String(decoding: data, as: UTF8.self).range(of: "elementType=") == nil else { return nil }
        let parser = XMLParser(data: data)
        let delegate = WDAJSON()
        parser.delegate = delegate
        guard parser.parse(), parser.parserError == nil, delegate.roots.count == 1 else { return nil }
        return delegate.roots[0].json
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String] = [:]
    ) {
        guard name.hasPrefix("XCUIElementType") else { return }
        var fields: [String: Any] = ["type": String(name.dropFirst("XCUIElementType".count))]
        for key in ["name", "label", "value"] { fields[key] = a[key] ?? NSNull() }
        var rect: [String: Any] = [:]
        for key in ["x", "y", "width", "height"] { rect[key] = a[key].flatMap(Double.init) ?? 0 }
        fields["rect"] = rect
        fields["isEnabled"] = a["enabled"] == "false" ? "0" : "1"
        if let v = a["visible"] { fields["isVisible"] = v == "false" ? "0" : "1" }
        let node = Node(fields)
        if let parent = stack.last { parent.children.append(node) } else { roots.append(node) }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name.hasPrefix("XCUIElementType"), !stack.isEmpty { stack.removeLast() }
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The page-source reader calls libxml2 itself (opened on first use) where it used Foundation's XMLParser, which
/// linked libxml2, ICU and liblzma into every command. It must read every page source as XMLParser did: the same
/// elements, attributes and lines, the same verdict on errors, the same line where a parse stops. XMLParser is
/// the reference here, on the real page sources and on seeded damage to them.
final class XMLEventsTests: XCTestCase {
    enum Event: Equatable {
        case start(String, [String: String], line: Int)
        case end(String)
    }

    struct Reading: Equatable {
        var events: [Event]
        var ok: Bool
        var line: Int
    }

    /// Fails with the first difference only (a whole page source's events would bury it).
    func assertSame(_ mine: Reading, _ theirs: Reading, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard mine != theirs else { return }
        if let k = zip(mine.events, theirs.events).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("\(what): event \(k) differs: \(mine.events[k]) where XMLParser reports \(theirs.events[k])", file: file, line: line)
        } else {
            XCTFail(
                "\(what): \(mine.events.count) events, ok \(mine.ok), line \(mine.line) where XMLParser reports \(theirs.events.count), ok \(theirs.ok), line \(theirs.line)"
                    + (mine.events.count != theirs.events.count
                        ? "; the first unmatched: \((mine.events.count > theirs.events.count ? mine.events : theirs.events)[min(mine.events.count, theirs.events.count)])"
                        : ""),
                file: file, line: line)
        }
    }

    /// What the new reader reports; `stopAfter` elements started, it stops the parse as the importer does at a limit.
    func ours(_ xml: [UInt8], stopAfter: Int = .max) throws -> Reading {
        var events: [Event] = []
        var started = 0
        let outcome = try XMLEvents.read(
            xml, file: "test.xml",
            start: { name, attributes, line in
                events.append(.start(name, attributes, line: line))
                started += 1
                return started < stopAfter
            }, end: { events.append(.end($0)) })
        return Reading(events: events, ok: outcome.result == 0 && outcome.errors == 0, line: outcome.line)
    }

    #if canImport(FoundationXML)
        final class Recorder: NSObject, XMLParserDelegate {
            var events: [Event] = []
            var started = 0
            let stopAfter: Int
            init(stopAfter: Int) { self.stopAfter = stopAfter }

            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String] = [:]
            ) {
                events.append(.start(name, a, line: parser.lineNumber))
                started += 1
                if started >= stopAfter { parser.abortParsing() }
            }

            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                events.append(.end(name))
            }
        }

        /// What Foundation's XMLParser reports, read as the importer read it before.
        func reference(_ xml: [UInt8], stopAfter: Int = .max) -> Reading {
            let recorder = Recorder(stopAfter: stopAfter)
            let parser = XMLParser(data: Data(xml))
            parser.delegate = recorder
            parser.shouldResolveExternalEntities = false
            let ok = parser.parse() && parser.parserError == nil
            return Reading(events: recorder.events, ok: ok, line: parser.lineNumber)
        }
    #endif

    func pageSources() throws -> [(name: String, text: String)] {
        let folder = try SharedFixtures.require(SharedFixtures.realDumps)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("appium-") }.sorted()
        XCTAssertGreaterThan(names.count, 20, "the real dumps hold their Appium page sources")
        return try names.map { name in
            (name, String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self))
        }
    }

    func testEveryRealPageSourceReadsAsXMLParserReadIt() throws {
        #if canImport(FoundationXML)
            var elements = 0
            for (name, text) in try pageSources() {
                let xml = PageSourceParser.prepared(text).xml
                let mine = try ours(xml), theirs = reference(xml)
                assertSame(mine, theirs, name)
                elements += mine.events.filter { if case .start = $0 { return true } else { return false } }.count
                // Stopped part-way, as the importer stops at its element limit.
                assertSame(try ours(xml, stopAfter: 3), reference(xml, stopAfter: 3), "\(name), stopped after 3 elements")
            }
            XCTAssertGreaterThan(elements, 500, "the page sources were read")
        #else
            throw XCTSkip("Foundation's XMLParser is not here to compare with")
        #endif
    }

    /// Damaged page sources (cut, with stray markup, bytes that are not UTF-8, declarations, comments, CDATA,
    /// character references to controls): the same events and the same verdict as XMLParser's.
    func testDamagedPageSourcesReadAsXMLParserReadThem() throws {
        #if canImport(FoundationXML)
            let pieces: [[UInt8]] =
                [
                    "<", ">", "&", "\"", "'", "</XCUIElementTypeOther>", "<XCUIElementTypeButton name=\"a\"/>",
                    "<!DOCTYPE x [<!ENTITY a \"b\">]>", "<!-- c -->", "<![CDATA[x]]>", "&#x1B;", "&#10;", "\n", "\t",
                    "<?pi x?>", "xmlns:p=\"u\" ", "p:name=\"q\" ", "=", "&amp;", "é", "\u{202E}",
                ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00]]
            // Damage is done to the file's bytes; the importer reads them as text (invalid UTF-8 replaced) first.
            var generator = SplitMix64(seed: 35)
            var damaged = 0, refused = 0
            for (name, text) in try pageSources() {
                for round in 0..<40 {
                    var xml = Array(text.utf8)
                    for _ in 0..<Int.random(in: 1...3, using: &generator) {
                        let at = Int.random(in: 0...xml.count, using: &generator)
                        switch Int.random(in: 0..<3, using: &generator) {
                        case 0: xml.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
                        case 1: xml.removeSubrange(at..<min(xml.count, at + Int.random(in: 1...40, using: &generator)))
                        default: xml = Array(xml[..<min(xml.count, max(at, 5))])
                        }
                    }
                    xml = PageSourceParser.prepared(String(decoding: xml, as: UTF8.self)).xml
                    let stop = round % 4 == 3 ? Int.random(in: 1...10, using: &generator) : .max
                    let mine = try ours(xml, stopAfter: stop), theirs = reference(xml, stopAfter: stop)
                    assertSame(mine, theirs, "\(name), round \(round) (seed 35)")
                    damaged += 1
                    if !theirs.ok { refused += 1 }
                }
            }
            XCTAssertGreaterThan(refused, damaged / 4, "the damage made XML that is not well formed")
        #else
            throw XCTSkip("Foundation's XMLParser is not here to compare with")
        #endif
    }
}

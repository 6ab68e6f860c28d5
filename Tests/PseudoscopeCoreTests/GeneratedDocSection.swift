import Foundation
import XCTest

/// A table a test measures and a document shows, between `<!-- generated: NAME -->` and `<!-- end generated -->`:
/// the test fails when the document's copy is stale, and `PSEUDOSCOPE_RECORD=1` writes the new one (and still fails,
/// so that a recording run is reviewed).
enum GeneratedDocSection {
    static func check(_ table: String, name: String, in document: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let docs = Fixtures.repositoryRoot.appendingPathComponent(document)
        let text = try String(contentsOf: docs, encoding: .utf8)
        let begin = "<!-- generated: \(name) -->\n", end = "<!-- end generated -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            return XCTFail("\(document) has no generated \(name) section", file: file, line: line)
        }
        guard String(text[start.upperBound..<stop.lowerBound]) != table else { return }
        if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1" {
            try (text[..<start.upperBound] + table + text[stop.lowerBound...]).write(to: docs, atomically: true, encoding: .utf8)
            XCTFail("re-recorded the \(name) table in \(document): review it, then run again without PSEUDOSCOPE_RECORD", file: file, line: line)
        } else {
            XCTFail("\(document)'s \(name) table is stale; regenerate it with PSEUDOSCOPE_RECORD=1:\n\(table)", file: file, line: line)
        }
    }
}

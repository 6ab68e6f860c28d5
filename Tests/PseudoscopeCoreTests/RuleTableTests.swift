import Foundation
import XCTest

@testable import PseudoscopeCore

/// One table of rules (issue 79): docs/checks.md shows the table every report reads, and each rule's help link
/// lands on its section. `PSEUDOSCOPE_RECORD=1` rewrites the docs' table.
final class RuleTableTests: XCTestCase {
    func testTheDocsShowTheTableAndEveryRuleHasItsAnchor() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("docs/checks.md")
        var doc = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "<!-- generated: rules -->\n")), end = try XCTUnwrap(doc.range(of: "<!-- end: rules -->"))
        let shown = String(doc[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1", shown != RuleInfo.markdownTable {
            doc.replaceSubrange(start.upperBound..<end.lowerBound, with: RuleInfo.markdownTable)
            try doc.write(to: url, atomically: true, encoding: .utf8)
            return XCTFail("re-recorded the rules table of docs/checks.md: review the diff, then run the tests again without PSEUDOSCOPE_RECORD")
        }
        XCTAssertEqual(shown, RuleInfo.markdownTable, "docs/checks.md's rules table (PSEUDOSCOPE_RECORD=1 rewrites it)")
        for rule in RuleInfo.all {
            XCTAssertTrue(doc.contains("<a id=\"rule-\(rule.id)\"></a>\n"), "\(rule.id) has its section anchor")
        }
        XCTAssertEqual(Set(RuleInfo.all.map(\.id)).count, RuleInfo.all.count, "ids are unique across check and audit")
    }
}

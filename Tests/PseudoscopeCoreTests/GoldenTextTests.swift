import Foundation
import PseudoscopeTestSupport
import XCTest

/// The golden files' own helper: a JSON golden's failure shows the keys that differ, not two long lines.
final class GoldenTextTests: XCTestCase {
    func testAJSONGoldenDiffsItsPrettyPrintedForm() throws {
        let url = try folder().appendingPathComponent("report.json")
        let padding = (0..<200).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        try Data("{\(padding),\"blocking\":2}".utf8).write(to: url)
        let failure = try XCTUnwrap(GoldenText.mismatch("{\(padding),\"blocking\":3}", file: url))
        XCTAssertTrue(failure.hasPrefix("golden report.json differs (as pretty-printed JSON)"), failure)
        let changed = failure.split(separator: "\n").dropFirst()
        XCTAssertEqual(changed.count, 2, failure)
        XCTAssertTrue(changed.allSatisfy { $0.count < 40 && $0.contains("\"blocking\"") }, failure)
        // The same bytes in another order read the same pretty-printed: the raw lines are shown.
        XCTAssertTrue(GoldenText.mismatch("{\"blocking\":2,\(padding)}", file: url)?.hasPrefix("golden report.json differs (⏎") == true)
    }
}

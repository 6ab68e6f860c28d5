import XCTest

@testable import PseudoscopeCore

/// The overlap rule's stacks: identical overlaps as one finding, a large parent's overlaps in tree order.
extension CheckTests {
    /// A parent of hundreds of rows in ten columns, whose tops run against their order in the tree and repeat from
    /// column to column: each row is reported once, in tree order, naming the row after it
    /// in its column, the first it overlaps in the tree; the last row of a column overlaps none after it.
    func testALargeParentsOverlapsAreReportedInTreeOrder() throws {
        let columns = 10, rows = 60
        let kids = (0..<(columns * rows)).map { i in
            F.el(
                "StaticText", [Double(i / rows) * 39, Double(rows - 1 - i % rows) * 10 + 100, 39, 20], id: "row.\(i)",
                label: "Row number \(i) of the list")
        }
        let f = LayoutChecker(try F.archive(content: kids)).findings().filter { $0.rule == .overlappingText }
        let expected = (0..<(columns * rows)).filter { $0 % rows != rows - 1 }
        XCTAssertEqual(f.map(\.identifier), expected.map { "row.\($0)" })
        for (finding, i) in zip(f, expected) where [0, 1, 58, 60, 300, 598].contains(i) {
            XCTAssertTrue(finding.message.contains("'row.\(i + 1)'"), finding.message)
            XCTAssertFalse(finding.message.contains("other sibling"), finding.message)
        }
    }

    /// Rows stacked on one another (the same frame, overlapping a sibling of the same frame) are one finding that
    /// names them all, whose fingerprint does not change with how many there are; distinct overlaps stay apart.
    func testAStackOfIdenticalOverlapsIsOneFinding() throws {
        func archive(_ n: Int) throws -> Archive {
            var kids = (0..<n).map { F.el("StaticText", [8, 100, 300, 20], id: "row.\($0)", label: "Row number \($0) of the list") }
            kids.append(F.el("StaticText", [0, 400, 100, 20], id: "a", label: "Account settings and more"))
            kids.append(F.el("StaticText", [90, 405, 100, 20], id: "b", label: "Billing address and more"))
            return try F.archive(content: kids)
        }
        let f = LayoutChecker(try archive(12)).findings().filter { $0.rule == .overlappingText }
        XCTAssertEqual(f.count, 2, f.map(\.message).joined(separator: "\n"))
        let stack = try XCTUnwrap(f.first { $0.stack != nil })
        XCTAssertEqual(stack.identifier, "row.0", "on its first member")
        XCTAssertEqual(stack.stack?.count, 12)
        XCTAssertEqual(stack.stack?.paths.count, 12)
        XCTAssertEqual(f.first { $0.stack == nil }?.identifier, "a", "a lone overlap stays its own finding")
        let more = LayoutChecker(try archive(30)).findings().first { $0.stack != nil }
        XCTAssertEqual(more?.stack?.count, 30)
        XCTAssertEqual(more?.fingerprint, stack.fingerprint, "the same stack, more members: the same fingerprint")
        var w = JSONWriter()
        w.beginArray()
        w.finding(stack)
        w.endArray()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(w.bytes)) as? [[String: Any]])
        let s = try XCTUnwrap(json.first?["stack"] as? [String: Any])
        XCTAssertEqual(s["count"] as? Int, 12)
        XCTAssertEqual((s["elements"] as? [String])?.count, 12)
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

/// `audit`'s reports as a user reads them, recorded, on products and a project modeled on real ones (built at
/// test time, audited by relative paths from their folder so the reports do not depend on where it is): the App
/// Store .ipa, the debug test-host app and Pocket Casts' project; and the counts read back from every report, which
/// must agree.
final class AuditReportGoldenTests: XCTestCase {
    static let golden = Harness.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    /// The folder the products are built in, and their paths in it.
    var built: (folder: URL, products: [String])?

    func audit(_ options: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        if built == nil {
            let dir = try Harness.temporaryFolder(self)
            built = (
                dir,
                [
                    try ModeledProducts.skiResortStoreIPA(in: dir), try ModeledProducts.skiResortDebugApp(in: dir),
                    try ModeledProjects.pocketCasts(in: dir),
                ]
            )
        }
        let (dir, products) = built!
        let r = try Harness.run(["audit"] + options + products, environment: ["NO_COLOR": "1"], in: dir)
        return (r.status, r.stdout, r.stderr)
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        if let failure = GoldenText.mismatch(text, file: Self.golden.appendingPathComponent(name)) { XCTFail(failure, file: file, line: line) }
    }

    func testEveryReportIsAsRecorded() throws {
        let junit = try Harness.temporaryFolder(self).appendingPathComponent("audit.xml").path
        for (options, name) in [
            ([], "audit.txt"), (["--json"], "audit.json"), (["--markdown"], "audit.md"), (["--format", "sarif"], "audit.sarif.json"),
            (["--format", "gitlab"], "audit-gitlab.json"), (["--format", "github"], "audit-github.txt"),
        ] {
            let r = try audit(options)
            XCTAssertEqual(r.status, 1, "\(name): Pocket Casts archives DEBUG builds")
            assertGolden(r.stdout, name)
        }
        XCTAssertEqual(try audit(["--junit", junit]).status, 1)
        assertGolden(try String(contentsOfFile: junit, encoding: .utf8), "audit-junit.xml")
    }

    /// Blocking and review findings and the products not audited in full, read back from each report: the same.
    func testEveryReportCountsAlike() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try audit(["--json"]).stdout.utf8)) as? [String: Any]
        let totals = try XCTUnwrap(json?["totals"] as? [String: Int])
        let products = try XCTUnwrap(json?["products"] as? [[String: Any]])
        let findings = products.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(findings.filter { $0["severity"] as? String == "blocking" }.count, totals["blocking"])
        XCTAssertEqual(findings.filter { $0["severity"] as? String == "review" }.count, totals["review"])
        XCTAssertEqual(totals["blocking"], 1 * 2)
        let line = "audit: 3 products, \(totals["blocking"]!) blocking, \(totals["review"]!) review, \(totals["incomplete"]!) not audited in full"
        XCTAssertEqual(try audit([]).stdout.split(separator: "\n").last.map(String.init), line)
        XCTAssertTrue(try audit(["--markdown"]).stdout.contains("\n" + line + "\n"))
        let junit = try Harness.temporaryFolder(self).appendingPathComponent("audit.xml").path
        _ = try audit(["--junit", junit])
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("tests=\"3\" failures=\"1\" errors=\"\(totals["incomplete"]!)\""), xml)
        // The CI formats: each blocking finding an error, each review one a warning; what was not audited in full
        // or read, an error of its own (one per thing not audited).
        let notAudited = products.map { ($0["notAudited"] as? [Any])?.count ?? 0 }.reduce(0, +) + totals["unreadable"]!
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try audit(["--format", "sarif"]).stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertEqual(results.filter { $0["level"] as? String == "error" }.count, totals["blocking"]! + notAudited)
        XCTAssertEqual(results.filter { $0["level"] as? String == "warning" }.count, totals["review"]!)
        let gitlab = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try audit(["--format", "gitlab"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(gitlab.filter { $0["severity"] as? String == "critical" }.count, totals["blocking"]! + notAudited)
        XCTAssertEqual(gitlab.filter { $0["severity"] as? String == "info" }.count, totals["review"]!)
    }

    func testUsageAndUnreadableInputs() throws {
        let none = try Harness.run(["audit"], environment: [:], in: Harness.repositoryRoot)
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("audit: expected at least one app"), none.stderr)
        let missing = try Harness.run(["audit", "no-such.ipa"], environment: ["NO_COLOR": "1"], in: Harness.repositoryRoot)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.contains("no-such.ipa (app)\n  unreadable: no such file or folder"), missing.stdout)
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// Tests counted as Xcode counts them (issue 76): every fixture bundle with a results database gives the passed,
/// failed, skipped and expected-failure counts Xcode recorded, read back here with the `sqlite3` tool, not with
/// Pseudoscope's own reader. A parameterized test's arguments are part of its identity: one argument failing on
/// every attempt while others pass is a failure, not flakiness.
final class XcodeCountsTests: XCTestCase {
    /// `sqlite3`'s rows of one query on a bundle's database, opened read-only and immutable (no journal written).
    func sqlite(_ database: String, _ sql: String) throws -> [[String]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        p.arguments = ["-readonly", "-separator", "\t", "file:\(database)?immutable=1", sql]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "sqlite3 on \(database): \(sql)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Xcode's counts from its own table: the rows at the finest level it holds (a destination and a
    /// configuration), by result. Without the table (Xcode 15), each test's last run.
    func xcodeCounts(_ database: String) throws -> [String: Int] {
        let tables = try sqlite(database, "SELECT name FROM sqlite_master WHERE type = 'table'").map { $0[0] }
        let results: [String]
        if tables.contains("TestCaseResultsByDestinationAndConfiguration") {
            results = try sqlite(
                database,
                """
                SELECT result FROM TestCaseResultsByDestinationAndConfiguration
                WHERE (destination_fk IS NOT NULL) + (configuration_fk IS NOT NULL) =
                      (SELECT MAX((destination_fk IS NOT NULL) + (configuration_fk IS NOT NULL)) FROM TestCaseResultsByDestinationAndConfiguration)
                """
            ).map { $0[0] }
        } else {
            results = try sqlite(
                database,
                "SELECT result FROM TestCaseRuns r WHERE r.rowid = (SELECT MAX(rowid) FROM TestCaseRuns s WHERE s.testCase_fk = r.testCase_fk)"
            )
            .map { $0[0] }
        }
        return Dictionary(results.map { ($0, 1) }, uniquingKeysWith: +)
    }

    func testEveryFixtureBundleGivesXcodesCounts() throws {
        let folder = try SharedFixtures.require(SharedFixtures.xcresults)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("sqlite3 is missing: Scripts/install-deps --tests installs it") }
            throw XCTSkip("sqlite3 is not installed")
        }
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".xcresult") {
            let path = folder.appendingPathComponent(name).path
            let database = path + "/database.sqlite3"
            guard FileManager.default.fileExists(atPath: database) else { continue }
            let want = try xcodeCounts(database)
            guard !want.isEmpty else { continue }
            let t = try XCTUnwrap(BundleIndex(XCResultBundle(path: path)).tally, name)
            XCTAssertEqual(
                [t.passed, t.failed, t.skipped, t.expectedFailures],
                [want["Success"] ?? 0, want["Failure"] ?? 0, want["Skipped"] ?? 0, want["Expected Failure"] ?? 0], name)
            XCTAssertEqual(t.tests, want.values.reduce(0, +), name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 10, "the fixture bundles with a database")
    }

    /// The parameterized tests of `xcode26-sqlite-only` retried on failure: each failing argument fails on both
    /// attempts, the others pass; Xcode says 28 passed, 13 failed, none flaky, and so does every run's line.
    func testAnArgumentFailingEveryAttemptIsAFailureNotFlakiness() throws {
        let path = try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent("xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult")
            .path
        let index = try BundleIndex(XCResultBundle(path: path))
        let t = try XCTUnwrap(index.tally)
        XCTAssertEqual(t.phrase, "48 tests ran in 368 attempts: 28 passed, 13 failed, 7 skipped")
        XCTAssertTrue(t.flaky.isEmpty)
        XCTAssertFalse(index.runs.contains { $0.passedLater }, "no failed run is called flaky")
        let flags = index.runs.filter { $0.testIdentifier.hasSuffix("testFeatureFlag(_:)") }
        XCTAssertEqual(
            flags.map { "\($0.argument ?? "-") \($0.repetition ?? "-")" },
            [
                "(\"experimental_feature\") attempt 1 of 2", "(\"premium_feature\") attempt 1 of 2", "(\"premium_feature\") attempt 2 of 2",
                "(\"experimental_feature\") attempt 2 of 2",
            ], "each failed run names its argument")
    }

    /// One argument that failed and then passed is flaky, named with its argument; one that failed on every
    /// attempt keeps the test failed and nothing flaky.
    func testFlakyIsOneIdentityFailingThenPassing() {
        let key = TestTally.key("T/test(_:)", configuration: nil)
        func attempt(_ argument: String, _ result: String) -> TestTally.Attempt {
            TestTally.Attempt(key: key, identity: TestTally.identity(key, argument: argument), result: result)
        }
        let flaky = TestTally(
            [attempt("(1)", "Success"), attempt("(2)", "Failure"), attempt("(1)", "Success"), attempt("(2)", "Success")], recorded: [(key, "Success")]
        )
        XCTAssertEqual(flaky.flakyTests, ["T/test(_:) (2)"])
        XCTAssertEqual([flaky.tests, flaky.passed], [1, 1])
        let failing = TestTally(
            [attempt("(1)", "Success"), attempt("(2)", "Failure"), attempt("(1)", "Success"), attempt("(2)", "Failure")], recorded: [(key, "Failure")]
        )
        XCTAssertEqual([failing.tests, failing.failed], [1, 1])
        XCTAssertTrue(failing.flaky.isEmpty)
        // Without Xcode's recorded results, each argument is a test and ends as its last attempt did.
        let unrecorded = TestTally([attempt("(1)", "Success"), attempt("(2)", "Failure"), attempt("(1)", "Success"), attempt("(2)", "Failure")])
        XCTAssertEqual([unrecorded.tests, unrecorded.passed, unrecorded.failed], [2, 1, 1])
        XCTAssertTrue(unrecorded.flaky.isEmpty)
    }
}

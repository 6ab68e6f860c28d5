import Foundation
import XCTest

/// Issue 78's small untruths, each said plainly now: a run not checked is not headed with counts that read as
/// clean, an expiry already past is said, and a night's folder given to `import` is called what it is.
final class SaidPlainlyTests: XCTestCase {
    func testANotCheckedRunIsNotHeadedLikeACleanOne() throws {
        try SharedFixturesPath.require()
        let bundle = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode27.0b-flaky-retry__xcresultparser-Test-FlakyFixture.xcresult").path
        let r = try Harness.run(["check", bundle])
        XCTAssertEqual(r.status, 3)
        let head = try XCTUnwrap(r.stdout.split(separator: "\n").first)
        XCTAssertTrue(head.hasSuffix(" · not checked"), String(head))
        XCTAssertFalse(head.contains("0 blocking, 0 review"), String(head))
    }

    func testAnExpiryAlreadyPastIsSaid() throws {
        let dir = try Harness.temporaryFolder(self)
        let baseline = dir.appendingPathComponent("known.baseline").path
        let sample = Harness.repositoryRoot.appendingPathComponent("SampleArchives/checkout-expanded").path
        let r = try Harness.run(
            ["baseline", "add", baseline, sample, "--all", "--reason", "r", "--owner", "o", "--expires", "2020-01-01"],
            environment: ["PSEUDOSCOPE_TODAY": "2026-12-01"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("--expires 2020-01-01 is already past (today is 2026-12-01): the entries are recorded, and their findings still block"),
            r.stderr)
        let later = try Harness.run(
            ["baseline", "add", baseline, sample, "--all", "--reason", "r", "--owner", "o", "--expires", "2027-01-01"],
            environment: ["PSEUDOSCOPE_TODAY": "2026-12-01"])
        XCTAssertFalse(later.stderr.contains("already past"), later.stderr)
    }

    func testImportOfANightsFolderSaysWhatItIs() throws {
        let r = try Harness.run(["import", "SampleArchives"], in: Harness.repositoryRoot)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("SampleArchives: is a folder of 11 runs: import takes one dump or one result bundle"), r.stderr)
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// A bundle's whole picture (issue: the list, info and check said nothing of the tests that passed, were skipped or
/// were flaky): how many tests ran and how each ended, and which failed runs passed on a later attempt.
final class BundlePictureTests: XCTestCase {
    func bundle(_ name: String) throws -> String {
        try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent(name).path
    }

    func testTheDatabaseTellsRetriesAndFlakyTests() throws {
        let index = try BundleIndex(XCResultBundle(path: try bundle("xcode27.0b-flaky-retry__xcresultparser-Test-FlakyFixture.xcresult")))
        let t = try XCTUnwrap(index.tally)
        XCTAssertEqual([t.tests, t.passed, t.failed, t.skipped, t.attempts], [2, 2, 0, 0, 3])
        XCTAssertEqual(t.phrase, "2 tests ran in 3 attempts: 2 passed, 0 failed; 1 flaky (failed, then passed on a later attempt)")
        XCTAssertEqual(index.runs.map(\.passedLater), [true], "the one failed run is the flaky test's first attempt")
        XCTAssertEqual(t.flakyTests, ["FlakyFixtureTests/testFlaky()"], "named as the runs name it")
        // A test that failed every attempt is not flaky.
        let always = try BundleIndex(XCResultBundle(path: try bundle("xcode16.2-repeated__xcresultparser-test_repeated.xcresult")))
        XCTAssertEqual(always.tally?.phrase, "1 test ran in 3 attempts: 0 passed, 1 failed", "iterations of one test, each in its own suite run")
        XCTAssertEqual(always.runs.map(\.passedLater), [false, false, false])
    }

    /// The typed objects do not say which runs are retries of one test: each is counted, none called flaky (a launch
    /// test run once per appearance, failing in one, is not flakiness).
    func testTheObjectsCountTestsWithoutGuessingFlakiness() throws {
        let index = try BundleIndex(XCResultBundle(path: try bundle("xcode13.0-ui-unit-failure__kishikawa-example.xcresult")))
        XCTAssertEqual(index.tally?.phrase, "11 tests ran: 8 passed, 2 failed, 1 expected failure")
        XCTAssertFalse(index.runs.contains { $0.passedLater })
    }

    /// `--flaky review`: a flaky run's blocking findings become review, each saying why; other runs are untouched.
    func testFlakyRunsBlockingFindingsAreReviewWhenAsked() throws {
        var a = try Fixtures.archive(
            mode: "normal",
            content: [
                Fixtures.el(
                    "StaticText", [0, 100, 60, 20], id: "t", label: "A rather long label", extra: #""intrinsicContentSize":{"width":200,"height":20}"#
                )
            ])
        var engine = Engine(loader: ArchiveLoader())
        XCTAssertTrue(engine.findings(a).contains { $0.severity == .blocking })
        var origin = RunOrigin(bundle: "B.xcresult", number: 1, runCount: 2)
        origin.passedLater = true
        a.run = origin
        XCTAssertTrue(engine.findings(a).contains { $0.severity == .blocking }, "blocking unless asked")
        engine.flakyAsReview = true
        let found = engine.findings(a)
        XCTAssertFalse(found.contains { $0.severity == .blocking })
        XCTAssertTrue(
            found.allSatisfy {
                $0.hints.contains("review, not blocking: the test passed on a later attempt (--flaky review)") || $0.severity == .review
            })
        origin.passedLater = false
        a.run = origin
        XCTAssertTrue(engine.findings(a).contains { $0.severity == .blocking }, "a run that is not flaky stays blocking")
    }
}

/// The picture pane's reason for a missing picture is the one `info` gives (issue item 12): a run whose only
/// recording cannot be read says that, not "the archive names no screenshot".
final class PictureReasonTests: XCTestCase {
    func testAnUnreadableRecordingIsTheReasonThereIsNoPicture() throws {
        var a = try Fixtures.archive(content: [])
        var video = AttachmentRecord(name: "Screen Recording.mp4", location: .bundle(path: "B.xcresult", id: "0~abc"))
        video.declaredType = "public.mpeg-4"
        video.problem = "missing from Data/"
        a.attachments = [video]
        a.screenshot = nil
        guard case .failure(let refusal) = a.pictureRequest.resolve() else { return XCTFail("no picture to show") }
        XCTAssertEqual(refusal.reason, "the run's screen recording Screen Recording.mp4 cannot be read: missing from Data/")
        a.attachments = []
        guard case .failure(let none) = a.pictureRequest.resolve() else { return XCTFail() }
        XCTAssertEqual(none.reason, "the archive names no screenshot")
    }
}

import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// What a source does not record is unknown, not a difference; a fault is described once, the same way in
/// `check` and `compare`.
final class ComparisonUnknownsTests: XCTestCase {
    func testTheSampleNightsExpandedAndRtlRunsDifferOnlyWhereTheyReallyDo() throws {
        let bundles = Fixtures.repositoryRoot.appendingPathComponent("SampleBundles/TestResults")
        let engine = Engine(loader: ArchiveLoader())
        let c = try engine.compare(
            bundles.appendingPathComponent("expanded/LayoutTests.xcresult").path + "#1",
            bundles.appendingPathComponent("rtl/LayoutTests.xcresult").path + "#1")
        XCTAssertTrue(c.b.imported != nil && !c.b.recordsHittable, "the rtl run's hierarchy is Xcode's text")
        XCTAssertEqual(c.differences.filter { $0.kind == .hittableChanged }, [], "no hittable flag recorded: nothing to differ")
        XCTAssertFalse(c.differences.contains { $0.kind == .resized && $0.message.contains("to 0×0") }, "an unrecorded frame is not a resize")
        XCTAssertEqual(Set(c.differences.map(\.kind)), [.notMirrored], c.differences.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(c.notCompared.contains { $0.contains("hittability") && $0.contains("B's hierarchy") }, "\(c.notCompared)")
        // The back button: one message, in the comparison's list, its findings, and check's findings of the run.
        let back = try XCTUnwrap(c.notMirroredFindings.first { $0.identifier == "BackButton" })
        XCTAssertTrue(c.differences.contains { $0.message == "\(back.elementReference): \(back.message)" })
        let judged = try engine.judgeAll([
            bundles.appendingPathComponent("expanded/LayoutTests.xcresult").path + "#1",
            bundles.appendingPathComponent("rtl/LayoutTests.xcresult").path + "#1",
        ])[1].get()
        XCTAssertEqual(judged.findings.filter { $0.identifier == "BackButton" && $0.rule == .rtlNotMirrored }.map(\.message), [back.message])
    }
}

import Foundation
import XCTest

@testable import PseudoscopeCore

/// A verdict says whether its run passes, in one word (issue 80, item 3): Markdown's sections read it, not their
/// own tests of counts.
final class VerdictPassingTests: XCTestCase {
    func testEachStatusAndCountGivesItsWord() {
        func verdict(blocking: Int = 0, known: Int = 0, review: Int = 0, incomplete: String? = nil) -> Verdict {
            var v = Verdict(status: .checked)
            v.counts.blocking = blocking
            v.counts.blockingKnown = known
            v.counts.review = review
            v.incomplete = incomplete
            return v
        }
        XCTAssertEqual(verdict(blocking: 1).passing, .blocked)
        XCTAssertEqual(verdict(blocking: 1, known: 1).passing, .reviewOnly, "a known issue does not block: it is for review")
        XCTAssertEqual(verdict(incomplete: "cut at line 3").passing, .incomplete)
        XCTAssertEqual(verdict(review: 2).passing, .reviewOnly)
        XCTAssertEqual(verdict().passing, .clean)
        XCTAssertEqual(Verdict(status: .notChecked("no hierarchy")).passing, .notChecked)
        XCTAssertEqual(Verdict(status: .unreadable("not JSON")).passing, .unreadable)
        XCTAssertEqual(Verdict(status: .acceptedWithoutHierarchy("no hierarchy")).passing, .accepted)
        XCTAssertEqual(Verdict.Passing.allPassing, [.accepted, .reviewOnly, .clean])
        XCTAssertTrue(verdict(review: 1).passes)
        XCTAssertFalse(verdict(incomplete: "cut").passes)
    }
}

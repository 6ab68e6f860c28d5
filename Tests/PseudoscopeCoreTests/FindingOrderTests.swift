import XCTest

@testable import PseudoscopeCore

final class FindingOrderTests: XCTestCase {
    /// Findings come out blocking first, then in tree order (a finding with no element first), then in the order
    /// rules are listed in (`Rule.allCases`), ties in the order they were made.
    func testSortingPutsBlockingFirstThenTreeOrderThenRuleOrder() {
        func f(_ name: String, _ rule: Rule, _ severity: Severity, _ element: Int?) -> Finding {
            Finding(
                rule: rule, severity: severity, element: element, elementPath: name, elementType: "Button", identifier: name, label: "",
                frame: nil, message: name)
        }
        let made = [
            f("review-3", .smallHitRegion, .review, 3),
            f("blocking-5-overlap", .overlappingText, .blocking, 5),
            f("blocking-5-truncated", .textTruncated, .blocking, 5),
            f("review-1", .hardcodedText, .review, 1),
            f("blocking-missing", .primaryActionUnreachable, .blocking, nil),
            f("blocking-2", .outsideWindow, .blocking, 2),
            f("review-1-again", .hardcodedText, .review, 1),
        ]
        XCTAssertEqual(
            LayoutChecker.sorted(made).map(\.message),
            ["blocking-missing", "blocking-2", "blocking-5-truncated", "blocking-5-overlap", "review-1", "review-1-again", "review-3"])
    }
}

import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// A failure message that names its element in words, when the failure records none.
final class FailureInWordsTests: XCTestCase {
    func testTheRtlRunOpensOnTheBackButtonItsMessageNames() throws {
        let run = Fixtures.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/rtl/LayoutTests.xcresult").path + "#1"
        let a = try ArchiveLoader().load(run)
        let i = try XCTUnwrap(a.failingIndex, "the message's 'back button' names one element")
        XCTAssertEqual(a.hierarchy[i].identifier, "BackButton")
        XCTAssertEqual(a.failure.namedInMessageAs, "back button")
        XCTAssertFalse(a.failure.hittableRecorded, "a bundle's failure is a message: no hittable flag")
    }

    func testWordsNameAnElementOnlyWhenTheyNameOne() {
        func h(_ elements: [(String, String, String)]) -> Hierarchy {
            var all = [Element(type: "Application")]
            for (type, id, label) in elements {
                var e = Element(type: type)
                e.identifier = id
                e.label = label
                e.parent = 0
                e.depth = 1
                all.append(e)
            }
            all[0].children = Array(1..<all.count)
            return Hierarchy(preorder: all)
        }
        let one = h([("Button", "BackButton", "Back"), ("Button", "save", "Save")])
        XCTAssertEqual(FailingElement.namedInProse("back button minX (8.0) is not in the trailing half", in: one)?.index, 1)
        XCTAssertNil(FailingElement.namedInProse("tap Back failed", in: one), "one word is not a name")
        XCTAssertEqual(FailingElement.namedInProse("the Save button is not hittable", in: one)?.index, 2, "a label and its type")
        let two = h([("Button", "BackButton", ""), ("Button", "", "Back")])
        XCTAssertNil(FailingElement.namedInProse("back button is off", in: two), "two elements named alike: no guess")
        let dotted = h([("Button", "checkout.confirm", "Place order"), ("Button", "checkout.cancel", "")])
        XCTAssertEqual(FailingElement.namedInProse("XCTAssertTrue failed - checkout.confirm not hittable", in: dotted)?.index, 1)
    }
}

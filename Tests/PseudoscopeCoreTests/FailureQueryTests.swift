import Foundation
import XCTest

@testable import PseudoscopeCore

/// XCUITest's failure messages read as the query that failed, each shape from a real fixture, and answered against
/// the tree the run recorded.
final class FailureQueryTests: XCTestCase {
    /// The real Xcode 15.4 bundle: a tap on a button that is not there, XCUITest's search input after it.
    /// A message naming an identifier of 60 KB: read, and shown by its first 200 characters in every report.
    func testAHugeIdentifierIsShownShort() throws {
        let id = String(repeating: "a", count: 60_000)
        let q = try XCTUnwrap(
            FailureQuery.parse("Failed to tap \"\(id)\" Button: No matches found for Elements matching predicate '\"\(id)\" IN identifiers'"))
        XCTAssertTrue(q.isRead)
        XCTAssertTrue(q.target.hasSuffix(String(repeating: "a", count: 200) + "…'"), String(q.target.suffix(20)))
        XCTAssertLessThan(q.target.count, 260)
    }

    func testATapOnAMissingButtonFromARealBundle() throws {
        let path =
            try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent(
                "xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult"
            ).path + "#1"
        let a = try ArchiveLoader().load(path)
        let q = try XCTUnwrap(FailureQuery.parse(a.failure.message))
        XCTAssertEqual(q.action, "tap")
        XCTAssertEqual(q.outcome, .noMatches)
        XCTAssertEqual(q.type, "Button")
        XCTAssertEqual(q.label, "Next")
        XCTAssertNil(q.identifier)
        XCTAssertEqual(q.searched, ["Application, pid: 21560, label: 'Hello QA Guru'"])
        XCTAssertEqual(q.target, "Button \"Next\"")
        let answer = QueryAnswer(q, in: a.hierarchy)
        XCTAssertEqual(answer.matches, [], "no Next button on that screen")
    }

    /// Real dumps: `"Hide keyboard" IN identifiers` (xcui-22) and `"camera" IN identifiers` (xcui-r05), whose screen
    /// has a button labelled `cameraIcone`: proposed, and why.
    func testAnIdentifierAskedForAndWhatIsThereInstead() throws {
        let dumps = try SharedFixtures.require(SharedFixtures.realDumps)
        let hide = try String(contentsOf: dumps.appendingPathComponent("xcui-22.txt"), encoding: .utf8)
        let q22 = try XCTUnwrap(FailureQuery.parse(String(hide[hide.range(of: "Failed to get matching snapshot")!.lowerBound...])))
        XCTAssertEqual(q22.identifier, "Hide keyboard")
        XCTAssertEqual(q22.action, "find")
        XCTAssertEqual(q22.searched.count, 4)
        XCTAssertEqual(q22.searched.first, "Button, identifier: 'shift', label: 'shift'")

        let camera = try String(contentsOf: dumps.appendingPathComponent("xcui-r05-flat-set-swift-comment.txt"), encoding: .utf8)
        let message = String(camera[camera.range(of: "Failed to get matching snapshot")!.lowerBound...])
        let q = try XCTUnwrap(FailureQuery.parse(message))
        XCTAssertEqual(q.identifier, "camera")
        let tree = try ArchiveLoader().load(dumps.appendingPathComponent("xcui-r05-flat-set-swift-comment.txt").path)
        let answer = QueryAnswer(q, in: tree.hierarchy)
        XCTAssertEqual(answer.matches, [])
        XCTAssertEqual(answer.candidates.first?.named.reference, "Button \"cameraIcone\"")
        XCTAssertTrue(answer.candidates.first?.why.contains("label holds the identifier") == true, "\(answer.candidates)")
    }

    /// The 13.0 bundle's `Failed to synthesize event: Failed to scroll to visible (by AX action) Button, …`.
    func testAnElementDescribedInTheMessage() throws {
        let q = try XCTUnwrap(
            FailureQuery.parse(
                "Failed to synthesize event: Failed to scroll to visible (by AX action) Button, {{25.0, 500.0}, {330.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll', error: Error kAXErrorCannotComplete performing AXAction kAXScrollToVisibleAction"
            ))
        XCTAssertEqual(q.action, "scroll to visible")
        XCTAssertEqual(q.type, "Button")
        XCTAssertEqual(q.identifier, "enrollButton")
        XCTAssertEqual(q.label, "Enroll")
    }

    /// The chain as XCUITest prints it, typed steps and predicates in order; WebDriverAgent's `wdName`, JSON-escaped
    /// in a log (xcui-26), its `identifier == 0` padding ignored; a container the screen lacks is named.
    func testQueryChainsPredicatesAndContainers() throws {
        let typed = try XCTUnwrap(
            FailureQuery.parse(
                "Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '\"checkout.confirm\" IN identifiers'`, given input App element pid: 51354"
            ))
        XCTAssertEqual(typed.steps.map(\.kind), [.descendants, .predicate])
        XCTAssertEqual(typed.target, "Button 'checkout.confirm'")
        let label = try XCTUnwrap(
            FailureQuery.parse("No matches found for Descendants matching type Button, Elements matching predicate 'label ==[c] \"Guardar\"'"))
        XCTAssertEqual(label.label, "Guardar")
        XCTAssertEqual(label.type, "Button")
        let dumps = try SharedFixtures.require(SharedFixtures.realDumps)
        let escaped = try String(contentsOf: dumps.appendingPathComponent("xcui-26-escaped.txt"), encoding: .utf8)
        let start = escaped.range(of: "No matches found for Elements matching predicate")!.lowerBound
        let wda = try XCTUnwrap(FailureQuery.parse(String(escaped[start...].prefix(2000))))
        XCTAssertEqual(wda.identifier, "textField_dateOfBirth")
        let nav = try XCTUnwrap(
            FailureQuery.parse(
                "Failed to tap \"Save\" Button: No matches found for Descendants matching type NavigationBar from input {(\n    Application, pid: 1, label: 'Notes'\n)}"
            ))
        XCTAssertEqual(nav.target, "Button \"Save\"")
        XCTAssertEqual(nav.containers, ["NavigationBar"])
        let h = Self.flat([])
        XCTAssertEqual(QueryAnswer(nav, in: h).absentContainers, ["NavigationBar"])
        XCTAssertTrue(QueryAnswer(nav, in: h).phrase.contains("the screen has no NavigationBar to look in"))
        // Not a query: an assertion's message.
        XCTAssertNil(FailureQuery.parse("XCTAssertTrue failed - The label should display 'a' on launch."))
        // A query shape not known: kept, said to be unread.
        let unread = try XCTUnwrap(
            FailureQuery.parse("Failed to get matching snapshot: Multiple matching elements found for <XCUIElementQuery: 0x600002c2c2d0>."))
        XCTAssertFalse(unread.isRead)
        XCTAssertEqual(unread.outcome, .multipleMatches)
    }

    /// A renamed identifier with the new one right there: the same words in another case or with other separators
    /// first, then one that begins the same (`btn-sample` against `btn-sample-home`).
    func testCandidatesAreRankedAsAPersonWouldTryThem() {
        let h = Self.flat(
            [("btn-sample-home", "Home"), ("BTN_SAMPLE", "Sample"), ("other", "Btn Sample")].map { id, label in
                var e = Element(type: "Button")
                e.identifier = id
                e.label = label
                return e
            })
        let q = FailureQuery.parse(
            "No matches found for Descendants matching type Button, Elements matching predicate '\"btn-sample\" IN identifiers'")!
        let answer = QueryAnswer(q, in: h)
        XCTAssertEqual(
            answer.candidates.map(\.named.reference), ["Button 'BTN_SAMPLE'", "Button 'other'", "Button 'btn-sample-home'"], "\(answer.candidates)")
    }

    /// A locale run asks for the French label; the screen shows the Spanish one: with the app's tables given, that
    /// element is proposed as the same string in another language. Without them, nothing is guessed.
    func testTheSameStringInAnotherLanguageIsProposedWithTheTables() throws {
        let a = try ArchiveLoader().load(Fixtures.samples.appendingPathComponent("locale-settings-fr").path)
        let tables = try StringCatalog.load(Fixtures.repositoryRoot.appendingPathComponent("SampleStrings").path, developmentLanguage: "en")
        let answer = try XCTUnwrap(QueryAnswer.of(a, strings: tables))
        XCTAssertEqual(answer.query.label, "Taille du texte")
        XCTAssertEqual(answer.candidates.first?.named.reference, "StaticText 'settings.textSize.label'")
        XCTAssertTrue(answer.candidates.first?.why.hasPrefix("the same string in es (key 'settings.textSize')") == true, "\(answer.candidates)")
        XCTAssertEqual(QueryAnswer.of(a)?.candidates, [], "without the tables")
    }

    /// An application holding `children`, one level deep.
    static func flat(_ children: [Element]) -> Hierarchy {
        var root = Element(type: "Application")
        root.children = Array(1...max(1, children.count)).prefix(children.count).map { $0 }
        let kids = children.map { c -> Element in
            var e = c
            e.parent = 0
            e.depth = 1
            return e
        }
        return Hierarchy(preorder: [root] + kids)
    }
}

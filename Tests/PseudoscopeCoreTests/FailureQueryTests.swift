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
        XCTAssertEqual(q.key, "Next", "a subscript key: XCUITest matches it as an identifier or a label")
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
        XCTAssertEqual(answer.candidates.first?.why, "XCUITest listed it at the failure: a label that begins the same ('cameraIcone')")
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

/// The answer as a person gives it (issue 76): a renamed identifier in another style, what XCUITest listed, a chain
/// through a container the screen lacks, a query after an assertion, a tree from another moment.
final class QueryAnswerAsAPersonTests: XCTestCase {
    static func element(_ type: String, _ id: String = "", _ label: String = "") -> Element {
        var e = Element(type: type)
        e.identifier = id
        e.label = label
        return e
    }

    func testTheTypeAfterTheKeyIsAskedAndARenamedIdentifierIsTheSameWords() throws {
        let q = FailureQuery.read(
            "Failed to tap \"btn_add_note\" Button: No matches found for Elements matching predicate '\"btn_add_note\" IN identifiers' from input {(")
        XCTAssertEqual(q.target, "Button 'btn_add_note'")
        let h = FailureQueryTests.flat([Self.element("StaticText", "", "Notes"), Self.element("Button", "addNoteButton", "Add")])
        let a = QueryAnswer(q, in: h)
        XCTAssertEqual(a.matches, [])
        XCTAssertEqual(a.candidates.first?.named.reference, "Button 'addNoteButton'")
        XCTAssertEqual(a.candidates.first?.why, "the same words in another order or style ('addNoteButton')")
        XCTAssertEqual(QueryAnswer.words("btn_add_note").sorted(), QueryAnswer.words("addNoteButton").sorted())
    }

    func testWhatXCUITestListedComesFirstAndIsNamedWhenTheTreeLacksIt() throws {
        let q = FailureQuery.read(
            """
            Failed to tap "btn_add_note" Button: No matches found for Elements matching predicate '"btn_add_note" IN identifiers' from input {(
                Button, identifier: 'addNoteButton', label: 'Add',
                Button, identifier: 'settings', label: 'Settings'
            )}
            """)
        let lacking = QueryAnswer(q, in: FailureQueryTests.flat([Self.element("Button", "settings", "Settings")]))
        XCTAssertEqual(lacking.seen.count, 1, "\(lacking.seen)")
        XCTAssertTrue(lacking.seen[0].hasPrefix("Button, identifier: 'addNoteButton', label: 'Add': the same words"), lacking.seen[0])
        XCTAssertTrue(
            lacking.parts.contains { $0.label == "nearest" && $0.text.contains("in XCUITest's list at the failure, not in the recorded tree") })
        let holding = QueryAnswer(
            q, in: FailureQueryTests.flat([Self.element("Button", "addNoteButton", "Add"), Self.element("Button", "settings", "Settings")]))
        XCTAssertEqual(holding.candidates.first?.why, "XCUITest listed it at the failure: the same words in another order or style ('addNoteButton')")
    }

    func testAChainThroughAContainerTheScreenLacksMatchesNothingAndSaysWhichStep() throws {
        let q = FailureQuery.read(
            "Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type ScrollView` -> `Descendants matching type Other`, given input App element pid: 1"
        )
        let h = FailureQueryTests.flat((0..<6).map { _ in Self.element("Other") })
        let a = QueryAnswer(q, in: h)
        XCTAssertEqual(a.matches, [], "six Others, none inside a ScrollView")
        XCTAssertEqual(a.failingStep, "Descendants matching type ScrollView")
        XCTAssertEqual(a.absentContainers, ["ScrollView"])
        XCTAssertTrue(a.phrase.contains("the screen has no ScrollView to look in"), a.phrase)
        XCTAssertTrue(a.parts.contains { $0.label == "fails at" && $0.text.hasPrefix("Descendants matching type ScrollView") })
    }

    func testAQueryOnALineAfterAnAssertionIsRead() {
        let q = FailureQuery.read(
            "XCTAssertTrue failed - 'Start' button does not exist\nFailed to tap \"Start\" StaticText: No matches found for first query match sequence: `Descendants matching type StaticText` -> `Elements matching predicate '\"Start\" IN identifiers'`, given input App element pid: 39625"
        )
        XCTAssertTrue(q.isRead)
        XCTAssertEqual(q.target, "StaticText 'Start'")
        XCTAssertEqual(q.input, "Application")
        let alone = FailureQuery.read("XCTAssertTrue failed - 'Start' button does not exist")
        XCTAssertFalse(alone.isRead)
        XCTAssertEqual(alone.unread, "the test's own assertion names no element XCUITest looked for")
    }

    func testXCUITestsListAndATreeOfAnotherMomentAreSaidToDisagree() {
        let list = (0..<8).map { "    Button, identifier: 'b\($0)'," }.joined(separator: "\n")
        let q = FailureQuery.read(
            "Failed to tap \"go\" Button: No matches found for Elements matching predicate '\"go\" IN identifiers' from input {(\n\(list)\n)}")
        let a = QueryAnswer(q, in: FailureQueryTests.flat([Self.element("StaticText", "", "Loading…")]))
        XCTAssertEqual(
            a.otherMoment, "XCUITest searched 8 Buttons at the failure and the recorded tree has none: it shows another moment than the failure")
    }

    func testPredicatesAreEvaluatedClauseByClauseOrSaidOpaque() {
        let h = FailureQueryTests.flat([Self.element("Button", "", "Add glass to Water"), Self.element("Button", "", "Add glass to Tea")])
        let q = FailureQuery.read(
            "Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate 'label BEGINSWITH \"Add \" AND label ENDSWITH \" to Water\"'`"
        )
        XCTAssertEqual(QueryAnswer(q, in: h).matches, [1])
        let wda = FailureQuery.read("No matches found for Elements matching predicate 'wdUID IN {\"A1\"}' from input {(")
        let opaque = QueryAnswer(wda, in: h)
        XCTAssertEqual(opaque.matches, [])
        XCTAssertEqual(opaque.unevaluated, "wdUID IN {\"A1\"}")
        XCTAssertTrue(opaque.phrase.hasPrefix("its predicate wdUID IN {\"A1\"} is not one Pseudoscope evaluates"), opaque.phrase)
    }

    /// Issue 81: 10,000 entries in XCUITest's list and a 60 KB identifier against a 10,000-element tree are answered
    /// by looking entries up and folding the query's names once (before: over 60 s, quadratic).
    func testAHugeListAndAHugeIdentifierAgainstAHugeTreeAreAnsweredInLinearWork() {
        let tree = FailureQueryTests.flat((0..<10_000).map { Self.element("Button", "id\($0)", "Label \($0)") })
        let list = (0..<10_000).map { "    Button, identifier: 'other\($0)', label: 'x'," }.joined(separator: "\n")
        let many = FailureQuery.read(
            "Failed to tap \"go\" Button: No matches found for Elements matching predicate '\"go\" IN identifiers' from input {(\n\(list)\n)}")
        XCTAssertEqual(many.searched.count, 10_000)
        XCTAssertEqual(QueryAnswer(many, in: tree).matches, [])
        let huge = FailureQuery.read(
            "Failed to tap \"\(String(repeating: "b", count: 60_000))\" Button: No matches found for Descendants matching type Button from input {(")
        let a = QueryAnswer(huge, in: tree)
        XCTAssertEqual(a.matches, [])
        XCTAssertLessThan(a.parts.map(\.text.count).max() ?? 0, 1_000, "every line of the answer is short")
    }

    /// A hostile message stays bounded: a 60 KB identifier and an unbalanced predicate are read in one pass each.
    func testHostileMessagesAreReadInBoundedWork() {
        let big = String(repeating: "a", count: 60_000)
        let q = FailureQuery.read("No matches found for Elements matching predicate '\"\(big)\" IN identifiers' from input {(")
        XCTAssertEqual(q.identifier?.count, 60_000)
        let unbalanced = FailureQuery.read(
            "No matches found for Elements matching predicate '" + String(repeating: "(label == \"x\" AND ", count: 5_000) + "'")
        XCTAssertNotNil(unbalanced.steps.first)
    }
}

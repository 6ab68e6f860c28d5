import XCTest
@testable import PseudoscopeCore

final class ComparisonTests: XCTestCase {
    typealias F = Fixtures

    func compare(_ a: [String], _ b: [String], modeA: String = "normal", modeB: String = "normal", topB: String = "") throws -> RunComparison {
        RunComparison(try F.archive(mode: modeA, content: a), try F.archive(mode: modeB, content: b, top: topB))
    }

    func kinds(_ c: RunComparison) -> [String] {
        c.differences.map { d in
            let h = d.b != nil ? c.b.hierarchy : c.a.hierarchy
            let i = d.b ?? d.a!
            return "\(d.kind.rawValue) \(h[i].identifier.isEmpty ? h[i].label : h[i].identifier)"
        }
    }

    func testIdenticalRunsHaveNoDifferences() throws {
        let content = [F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK")]
        XCTAssertTrue(try compare(content, content).differences.isEmpty)
    }

    func testMatchingByIdentifierThenTypeTextAndPosition() throws {
        let a = [F.el("Button", [10, 100, 100, 44], id: "old.id", label: "Pay"), F.el("StaticText", [10, 200, 100, 20], label: "Total")]
        let b = [F.el("Button", [10, 100, 100, 44], id: "new.id", label: "Pay"), F.el("StaticText", [10, 200, 100, 20], label: "Total")]
        let c = try compare(a, b)
        XCTAssertEqual(c.matching.aToB[2], 2, "a renamed identifier still matches by type, text and place")
        XCTAssertEqual(c.matching.aToB[3], 3)
        XCTAssertTrue(c.differences.isEmpty)
    }

    /// The position key names the same path in both runs: siblings listed in another order, with other texts
    /// (a translated run), still pair by type and place. (Found while making the keys numbers: each run
    /// numbered its paths by first appearance, so the same path could get two numbers and no match.)
    func testTheSamePlaceMatchesWhenSiblingsAreListedInAnotherOrder() throws {
        let a = [F.el("Other", [0, 100, 390, 100], children: [F.el("Button", [10, 110, 100, 44], label: "Save"), F.el("StaticText", [200, 110, 100, 20], label: "Title")])]
        let b = [F.el("Other", [0, 100, 390, 100], children: [F.el("StaticText", [200, 110, 100, 20], label: "Título"), F.el("Button", [10, 110, 100, 44], label: "Guardar")])]
        let c = try compare(a, b)
        let button = c.a.hierarchy.indices.first { c.a.hierarchy[$0].type == "Button" }!
        let partner = c.matching.aToB[button].map { c.b.hierarchy[$0].label }
        XCTAssertEqual(partner, "Guardar", "the button pairs with the button at the same path")
        XCTAssertFalse(kinds(c).contains { $0.hasPrefix("only-in") }, "\(kinds(c))")
    }

    func testDuplicatedIdentifiersPairInOrder() throws {
        let a = [F.el("Button", [0, 100, 100, 44], id: "login", label: "Log in"), F.el("Button", [0, 200, 100, 44], id: "login", label: "Log in")]
        let b = [F.el("Button", [0, 100, 100, 44], id: "login", label: "Log in"), F.el("Button", [0, 260, 100, 44], id: "login", label: "Log in")]
        let c = try compare(a, b)
        XCTAssertEqual(c.matching.aToB[2], 2)
        XCTAssertEqual(c.matching.aToB[3], 3)
        XCTAssertEqual(kinds(c), ["moved login"])
    }

    func testMissingElementsAreOnlyInOneRun() throws {
        let a = [F.el("Button", [0, 100, 100, 44], id: "gone", label: "Gone"), F.el("StaticText", [0, 200, 100, 20], id: "kept", label: "Kept")]
        let b = [F.el("StaticText", [0, 200, 100, 20], id: "kept", label: "Kept"), F.el("Switch", [0, 300, 51, 31], id: "new", label: "New")]
        XCTAssertEqual(kinds(try compare(a, b)), ["only-in-a gone", "only-in-b new"])
    }

    func testResizedTextChangedAndHittableChanged() throws {
        let a = [F.el("Button", [0, 100, 100, 44], id: "b", label: "Konto"), F.el("StaticText", [0, 200, 100, 20], id: "t", label: "Total")]
        let b = [F.el("Button", [0, 100, 140, 44], id: "b", label: "［Konto···］", extra: "\"isHittable\":false"),
                 F.el("StaticText", [0, 200, 100, 20], id: "t", label: "Sum")]
        XCTAssertEqual(kinds(try compare(a, b)), ["resized b", "hittable-changed b", "text-changed t"],
                       "［Konto···］ and Konto are the same text")
        let other = try compare(a, b, topB: "\"languages\":[\"de\"]")
        XCTAssertFalse(kinds(other).contains("text-changed t"), "text is not compared across languages")
    }

    func testMirroredRTLRunHasNoDifferenceAndAStayedElementIsReported() throws {
        let ltr = [F.el("Button", [8, 50, 60, 44], id: "back", label: "Back"), F.el("Image", [350, 200, 20, 20], id: "icon")]
        let mirrored = [F.el("Button", [322, 50, 60, 44], id: "back", label: "Back"), F.el("Image", [20, 200, 20, 20], id: "icon")]
        XCTAssertTrue(try compare(ltr, mirrored, modeB: "rtl").differences.isEmpty)
        let stayed = [F.el("Button", [8, 50, 60, 44], id: "back", label: "Back"), F.el("Image", [20, 200, 20, 20], id: "icon")]
        let c = try compare(ltr, stayed, modeB: "rtl")
        XCTAssertEqual(kinds(c), ["not-mirrored back"])
        XCTAssertEqual(c.mirrorFindings.map { "\($0.identifier) \($0.severity)" }, ["back blocking"])
        XCTAssertEqual(c.mirrorFindings[0].message, "stayed at its LTR place x=8; mirrored it belongs at x=322")
        XCTAssertTrue(try compare(ltr, stayed, modeB: "normal").mirrorFindings.isEmpty, "the pair rule needs an rtl run")
    }

    func testARowThatKeptItsOrderIsReportedOnce() throws {
        let row = { (xs: [Double]) in F.el("Other", [0, 100, 390, 44], id: "row", children: xs.enumerated().map { k, x in
            F.el("Button", [x, 100, 60, 44], id: "b\(k)", label: "B\(k)") }) }
        let c = try compare([row([10, 100, 200])], [row([10, 100, 200])], modeB: "rtl")
        XCTAssertEqual(c.mirrorFindings.count, 1, "\(c.mirrorFindings.map(\.message))")
        XCTAssertTrue(c.mirrorFindings[0].message.hasPrefix("row order not reversed in RTL: Button 'b0' stayed at x=10"))
        let reversed = try compare([row([10, 100, 200])], [row([320, 230, 130])], modeB: "rtl")
        XCTAssertTrue(reversed.mirrorFindings.isEmpty)
    }

    func testSettingsRTLAgainstNormalReportsTheUnmirroredBackChevron() throws {
        let c = RunComparison(try F.sample("settings-normal"), try F.sample("settings-rtl"))
        XCTAssertTrue(c.mirrorFindings.contains { $0.identifier == "BackButton" && $0.severity == .blocking }, "\(c.mirrorFindings.map(\.message))")
        XCTAssertTrue(c.differences.contains { $0.kind == .notMirrored && c.b.hierarchy[$0.b!].identifier == "BackButton" })
        XCTAssertFalse(c.mirrorFindings.contains { $0.identifier == "chevron.backward" }, "the chevron moved with its button: reported once")
    }

    func testRunSetWorkAddsPairFindingsWithoutRepeatingTheOneArchiveRule() throws {
        let paths = ["settings-normal", "settings-rtl", "settings-expanded"].map { F.samples.appendingPathComponent($0).path }
        let work = RunSetWork(loader: ArchiveLoader())
        let results = work.checkAll(paths)
        let summaries = results.map { try? $0.get() }
        XCTAssertEqual(RunSetWork.pairs(summaries).map { [$0.rtl, $0.ltr] }, [[1, 0]], "rtl pairs with the normal run")
        XCTAssertEqual(summaries[1]?.pairedWith, paths[0] + "/archive.json")
        XCTAssertNil(summaries[0]?.pairedWith)
        let rtl = (summaries[1]?.findings ?? []).filter { $0.rule == .rtlNotMirrored }
        XCTAssertEqual(rtl.filter { $0.identifier == "BackButton" }.count, 1)
        XCTAssertTrue(rtl.contains { $0.identifier == "settings.push.toggle" && $0.otherArchive != nil })
    }
}

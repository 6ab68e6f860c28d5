import PseudoscopeTestSupport
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

    /// The rtl pair rule groups a parent's matched children into rows. It once compared each child with every
    /// child placed before it (quadratic in a flat list); it now finds the first row through a tree of each row's
    /// reach. The rows are the same as the pairwise rule's, for random frames with shared centres, tall elements
    /// spanning several rows, and nested spans.
    func testRowsAreThoseOfThePairwiseRule() {
        func pairwise(_ members: [Int], _ h: Hierarchy) -> [[Int]] {
            var rows: [[Int]] = []
            for j in members.sorted(by: { h[$0].frame.midY < h[$1].frame.midY }) {
                let f = h[j].frame
                if let k = rows.firstIndex(where: { row in
                    row.contains {
                        let g = h[$0].frame; return f.midY >= g.minY && f.midY <= g.maxY || g.midY >= f.minY && g.midY <= f.maxY
                    }
                }) {
                    rows[k].append(j)
                } else {
                    rows.append([j])
                }
            }
            return rows
        }
        var rng = SplitMix64(seed: 0x5EED0003)  // seeded: a failure here happens again on the next run
        for round in 0..<400 {
            var elements = [Element(type: "Other")]
            let count = Int.random(in: 1...(round < 300 ? 12 : 200), using: &rng)
            for k in 0..<count {
                var e = Element(type: "Button")
                let tall = Int.random(in: 0..<6, using: &rng) == 0
                let y = Double(Int.random(in: 0...40, using: &rng)) * 5
                let height = tall ? Double(Int.random(in: 40...200, using: &rng)) : Double(Int.random(in: 1...12, using: &rng)) * 4
                e.frame = Rect(x: Double(k) * 10, y: y, width: 10, height: height)
                e.parent = 0
                elements.append(e)
            }
            elements[0].children = Array(1...count)
            let h = Hierarchy(preorder: elements)
            let members = Array(1...count).shuffled(using: &rng)
            XCTAssertEqual(MirrorCheck.rows(members, h), pairwise(members, h), "round \(round)")
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
        let a = [
            F.el(
                "Other", [0, 100, 390, 100],
                children: [F.el("Button", [10, 110, 100, 44], label: "Save"), F.el("StaticText", [200, 110, 100, 20], label: "Title")])
        ]
        let b = [
            F.el(
                "Other", [0, 100, 390, 100],
                children: [F.el("StaticText", [200, 110, 100, 20], label: "Título"), F.el("Button", [10, 110, 100, 44], label: "Guardar")])
        ]
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
        let b = [
            F.el("Button", [0, 100, 140, 44], id: "b", label: "［Konto···］", extra: "\"isHittable\":false"),
            F.el("StaticText", [0, 200, 100, 20], id: "t", label: "Sum"),
        ]
        XCTAssertEqual(
            kinds(try compare(a, b)), ["resized b", "hittable-changed b", "text-changed t"],
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
        let row = { (xs: [Double]) in
            F.el(
                "Other", [0, 100, 390, 44], id: "row",
                children: xs.enumerated().map { k, x in
                    F.el("Button", [x, 100, 60, 44], id: "b\(k)", label: "B\(k)")
                })
        }
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

    /// The screen hint reads a top-level `screen` from the file's start and gives up on anything unusual.
    func testTheScreenHintReadsTheTopLevelScreenOnly() {
        func scan(_ s: String) -> String? { ScreenNameProbe.scan(Array(s.utf8)) }
        XCTAssertEqual(scan(#"{"formatVersion":1,"test":"T/t","screen":"Settings","hierarchy":{}}"#), "Settings")
        XCTAssertEqual(scan("\u{FEFF} {\n \"a\" : [1, {\"screen\": \"inner\"}, \"x]\"], \"b\": {\"c\": \"}\"}, \"screen\" : \"Pay\" }"), "Pay")
        XCTAssertEqual(scan(#"{"note":"a \"quoted\" screen","screen":"Ü 設定"}"#), "Ü 設定")
        XCTAssertNil(scan(#"{"hierarchy":{"screen":"inner"}}"#), "only the top level")
        XCTAssertNil(scan(#"{"screen":"A\u0042"}"#), "escapes: no hint")
        XCTAssertNil(scan(#"{"test":"T","scre"#), "cut off")
        XCTAssertNil(scan(#"[{"screen":"A"}]"#))
        XCTAssertNil(scan("Application, 0x1, pid: 1\n  Window, {{0, 0}, {390, 844}}"))
        XCTAssertNil(scan(#"{"a":1}"#))
    }

    /// Read from the file, the hint comes from its first bytes, or from its first 64 KiB when a long member
    /// comes first, as before the probe read less.
    func testTheScreenHintIsReadPastTheFirstBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-probe-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func probe(_ text: String) throws -> String? {
            let path = folder.appendingPathComponent("a.json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return ScreenNameProbe.read(path)
        }
        let long = String(repeating: "x", count: 10_000)
        XCTAssertEqual(try probe(#"{"test":"T/t","screen":"Settings","hierarchy":{}}"#), "Settings")
        XCTAssertEqual(try probe(#"{"note":""# + long + #"","screen":"Pay","hierarchy":{}}"#), "Pay", "after 10,000 bytes")
        XCTAssertNil(try probe(#"{"note":""# + String(repeating: "x", count: 70_000) + #"","screen":"Pay"}"#), "beyond 64 KiB: no hint")
        XCTAssertNil(try probe(#"{"test":"T","scre"#), "cut off")
    }

    /// Checking a night in batches by screen gives what checking each archive and reading every pair again
    /// gives, including pairs split across batches (more runs of a screen than a batch holds) and inputs
    /// without a hint.
    func testBatchedCheckingMatchesCheckingEachArchiveAndEveryPair() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-batches-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ltr = [F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK"), F.el("Button", [280, 100, 100, 44], id: "next", label: "Next")]
        var paths: [String] = []
        for k in 0..<21 {
            let mode = ["normal", "rtl", "expanded"][k % 3]
            let screen = k < 12 ? "Same" : "Other\(k % 2)"
            // The rtl runs keep the LTR places: each pair finds both buttons unmirrored.
            var json = F.archiveJSON(mode: mode, content: ltr, top: #""screen":"\#(screen)""#)
            if k == 20 { json = " " + json.replacingOccurrences(of: #""screen""#, with: #""scr\u0065en""#) }  // no hint
            let path = folder.appendingPathComponent(String(format: "run-%02d.json", k)).path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        XCTAssertGreaterThan(Engine.batches(paths.map(ScreenNameProbe.read)).count, 3, "one screen's 12 runs need two batches")
        let work = Engine(loader: ArchiveLoader())
        // Each run judged alone among the others, as the inspector opens it from the list.
        let summaries = paths.map { try? work.summarize($0).get() }
        let reference = paths.map { p in work.judge(p, among: summaries).map { ($0.findings, $0.pairing) } }
        let batched = work.judgeAll(paths)
        XCTAssertEqual(batched.count, reference.count)
        for (x, y) in zip(batched, reference) {
            let (a, b) = (try x.get(), try y.get())
            XCTAssertEqual(a.findings, b.0, a.path)
            XCTAssertEqual(a.pairing, b.1, a.path)
        }
        XCTAssertTrue(batched.contains { (try? $0.get())?.findings.contains { $0.rule == .rtlNotMirrored } == true }, "pairs were checked")
    }

    /// The archive list keeps counts: its summaries' findings are the same findings (rule, element, severity,
    /// message), in the same order, without paths, fingerprints and hints; an archive opened from it is named in full.
    func testTheListsSummariesCountWhatCheckCountsAndOpeningNamesInFull() throws {
        let paths = try FileManager.default.contentsOfDirectory(atPath: F.samples.path).sorted().map { F.samples.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0 + "/archive.json") }
        XCTAssertGreaterThan(paths.count, 5)
        let check = Engine(loader: ArchiveLoader())
        var list = check
        list.namesSummaryFindings = false
        var compared = 0
        for (x, y) in zip(check.judgeAll(paths), list.judgeAll(paths)) {
            let (a, b) = (try x.get(), try y.get())
            XCTAssertEqual(a.counts, b.counts, a.path)
            XCTAssertEqual(a.findings.map(\.message), b.findings.map(\.message), a.path)
            XCTAssertEqual(a.findings.map(\.element), b.findings.map(\.element), a.path)
            // (The pair rule's findings, which name the other run, are made named.)
            XCTAssertTrue(b.findings.allSatisfy { $0.otherArchive != nil || ($0.fingerprint.isEmpty && $0.hints.isEmpty) }, a.path)
            compared += a.findings.count
            let opened = try list.judge(a.path).get()
            XCTAssertEqual(opened.findings, try check.judge(a.path).get().findings, a.path)
            XCTAssertEqual(opened.counts, a.counts, "the list counts what opening shows: \(a.path)")
            XCTAssertTrue(opened.findings.allSatisfy { !$0.fingerprint.isEmpty }, a.path)
        }
        XCTAssertGreaterThan(compared, 20, "the samples have findings to compare")
    }

    func testTheEngineAddsPairFindingsWithoutRepeatingTheOneArchiveRule() throws {
        let paths = ["settings-normal", "settings-rtl", "settings-expanded"].map { F.samples.appendingPathComponent($0).path }
        let work = Engine(loader: ArchiveLoader())
        let results = work.judgeAll(paths)
        let summaries = results.map { try? $0.get() }
        XCTAssertEqual(Engine.pairs(summaries).map { [$0.rtl, $0.ltr] }, [[1, 0]], "rtl pairs with the normal run")
        XCTAssertEqual(summaries[1]?.pairing, .pairedWith(paths[0] + "/archive.json"))
        XCTAssertEqual(summaries[0]?.pairing, .notApplicable)
        let rtl = (summaries[1]?.findings ?? []).filter { $0.rule == .rtlNotMirrored }
        XCTAssertEqual(rtl.filter { $0.identifier == "BackButton" }.count, 1)
        XCTAssertTrue(rtl.contains { $0.identifier == "settings.push.toggle" && $0.otherArchive != nil })
    }
}

import XCTest
@testable import PseudoscopeCore

/// A night's findings wait in a spool while `check` judges it (`FindingSpool`): what comes back is what went in,
/// to the last field, and the tally counts them as the reports would.
final class FindingSpoolTests: XCTestCase {
    typealias F = Fixtures
    /// Every shape a finding may take: with and without frame, evidence, another archive, hints, a baseline entry
    /// (expired or not), novelty, a stack, and text no terminal should see.
    func shapes(entry: Baseline.Entry) -> [Finding] {
        let hostile = "\u{1B}[31m\"x\"\\\u{202E}確認\n\u{FFFD}"
        var out: [Finding] = []
        for frame in [nil, Rect(x: 1.5, y: -2, width: 20.299999999999997, height: 1e300)] as [Rect?] {
            for other in [nil, "runs/rtl/\(hostile)archive.json"] as [String?] {
                var f = Finding(rule: other == nil ? .overlappingText : .rtlNotMirrored, severity: other == nil ? .review : .blocking,
                                element: other == nil ? 3 : nil, elementPath: "Application/Window/StaticText[3]", elementType: "StaticText",
                                identifier: "id.\(hostile)", label: hostile, text: "shown " + hostile, frame: frame,
                                message: "its text overlaps \(hostile)", evidence: [("overlapWidth", 377), ("otherSiblings", -0.0)],
                                otherArchive: other)
                f.fingerprint = "b01eb6d04ea9e989"
                out.append(f)
                f.hints = ["may be a false alarm: \(hostile)", ""]
                f.known = KnownIssue(entry: entry, expired: false, daysExpired: -30)
                out.append(f)
                f.known = KnownIssue(entry: entry, expired: true, daysExpired: 3)
                f.novelty = .new
                out.append(f)
                var stack = FindingStack(members: [3, 4, Int.max], frames: "{8, 0, 377×44}|{8, 0, 377×44}")
                stack.paths = ["Application/Window/StaticText[3]", hostile]
                f.stack = stack
                f.known = nil
                f.novelty = .still
                out.append(f)
            }
        }
        return out
    }

    func testWhatComesBackIsWhatWentIn() throws {
        let entry = Baseline.Entry(fingerprint: "b01eb6d04ea9e989", reason: "known", owner: "@team", expires: CalendarDay(year: 2026, month: 12, day: 31))
        let baseline = Baseline(entries: [entry])
        let findings = shapes(entry: entry)
        let spool = try FindingSpool(folder: NSTemporaryDirectory())
        // Several archives' findings, written from many threads at once, each read back whole.
        let batches = (0..<64).map { k in Array(findings.prefix(k % findings.count + 1)) }
        let refs = ConcurrentMap.map(batches) { try? spool.write($0) }
        for (k, ref) in refs.enumerated() {
            let back = try spool.read(try XCTUnwrap(ref), baseline: baseline)
            XCTAssertEqual(back, batches[k], "archive \(k)")
        }
        // Without the baseline its entry cannot be named again: the finding comes back not known.
        let unknown = try spool.read(try XCTUnwrap(refs.last!), baseline: nil)
        XCTAssertTrue(unknown.allSatisfy { $0.known == nil })
        XCTAssertEqual(try spool.write([]).count, 0)
    }

    func testTheTallyCountsAsTheReportsCount() {
        let entry = Baseline.Entry(fingerprint: "b01eb6d04ea9e989", reason: "known", owner: "@team", expires: CalendarDay(year: 2026, month: 12, day: 31))
        let findings = shapes(entry: entry)
        let tally = FindingTally(findings)
        XCTAssertEqual(tally.counts(), FindingCounts(findings))
        for minSeverity in Severity.allCases {
            for rules in [nil, [Rule.overlappingText], [Rule.rtlNotMirrored, .textTruncated]] as [Set<Rule>?] {
                let kept = findings.filter { $0.severity <= minSeverity && (rules?.contains($0.rule) ?? true) }
                XCTAssertEqual(tally.counts(minSeverity: minSeverity, rules: rules), FindingCounts(kept), "\(minSeverity) \(String(describing: rules))")
                XCTAssertEqual(tally.known(minSeverity: minSeverity, rules: rules), kept.filter { $0.known.map { !$0.expired } ?? false }.count)
            }
        }
        XCTAssertEqual(tally.new, findings.filter { $0.novelty == .new }.count)
        XCTAssertEqual(tally.still, findings.filter { $0.novelty == .still }.count)
        XCTAssertEqual(tally.fingerprints.count, findings.count)
        XCTAssertEqual(tally.count(of: .rtlNotMirrored).blocking, findings.filter { $0.rule == .rtlNotMirrored && $0.severity == .blocking }.count)
    }

    /// The reports' parts that a night's workers write (`FindingSpool.Reports`) are those of the findings the run
    /// set gives each archive: also for an rtl run whose batch met another partner than the one the run set pairs it
    /// with (its parts, written with the first partner's findings, are written again from the findings).
    func testEachArchivesPartsAreThoseOfItsFindingsAfterPairing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-parts-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ltr = [F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK"), F.el("Button", [280, 100, 100, 44], id: "next", label: "Next"),
                   F.el("Button", [10, 300, 20, 20], id: "tiny", label: "Tiny")]
        let mirrored = [F.el("Button", [280, 100, 100, 44], id: "ok", label: "OK"), F.el("Button", [10, 100, 100, 44], id: "next", label: "Next"),
                        F.el("Button", [360, 300, 20, 20], id: "tiny", label: "Tiny")]
        // Screen "Far": its rtl run comes first, with seven expanded runs laid out as its mirror image, so its batch
        // (eight archives) pairs it with an expanded run and finds nothing; the normal run, in the next batch, is the
        // run set's partner, and against it both buttons did not flip. Screen "Near": its three runs in one batch.
        var runs: [(name: String, mode: String, screen: String, content: [String])] = [("far-0", "rtl", "Far", ltr)]
        for k in 1...7 { runs.append(("far-\(k)", "expanded", "Far", mirrored)) }
        runs.append(("far-8", "normal", "Far", ltr))
        runs += [("near-0", "normal", "Near", ltr), ("near-1", "rtl", "Near", ltr), ("near-2", "expanded", "Near", ltr)]
        var paths: [String] = []
        for r in runs {
            let path = folder.appendingPathComponent(r.name + ".json").path
            try F.archiveJSON(mode: r.mode, content: r.content, top: #""screen":"\#(r.screen)""#).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        XCTAssertEqual(Engine.batches(paths.map(ScreenNameProbe.read)).first?.count, 8, "the far screen's first batch is full")
        // A part that names every finding and the archive it is written for.
        let part: FindingSpool.Reports.Part = { found, archive, out in
            out.put(archive.path + "\n")
            for k in found.indices { out.put("\(found[k].rule.rawValue) \(found[k].elementPath) \(found[k].message) \(found[k].fingerprint)\n") }
        }
        func written(_ findings: [Finding], _ s: ArchiveSummary) -> String {
            var t = TextBytes()
            findings.withUnsafeBufferPointer { part($0, s, &t) }
            return t.string
        }
        let engine = Engine(loader: ArchiveLoader())
        let reference = engine.judgeAll(paths).map { try? $0.get() }
        for keeps in [nil, { (f: Finding) in f.rule == .rtlNotMirrored }] as [(@Sendable (Finding) -> Bool)?] {
            let reports = FindingSpool.Reports(keeps: keeps, parts: [part, part])
            let spool = try FindingSpool(folder: NSTemporaryDirectory(), reports: reports)
            let night = engine.judgeAll(paths, spool: spool)
            for (k, result) in night.enumerated() {
                let s = try result.get(), expected = try XCTUnwrap(reference[k])
                XCTAssertEqual(s.pairing, expected.pairing, s.path)
                XCTAssertEqual(s.counts, expected.counts, s.path)
                let shown = reports.shown(expected.findings)
                for p in 0..<2 {
                    // As a report reads it: the part its worker wrote, else written now from the findings.
                    let report = p < s.parts.count ? String(decoding: try spool.readPart(s.parts[p]), as: UTF8.self)
                        : written(reports.shown(try s.loadFindings(from: spool, baseline: nil)), s)
                    XCTAssertEqual(report, written(shown, expected), "\(s.path), part \(p)")
                }
            }
            let far = try night[0].get(), near = try night[10].get()
            XCTAssertEqual(far.pairing, .pairedWith(paths[8]), "paired with the normal run")
            XCTAssertTrue(try XCTUnwrap(reference[0]).findings.contains { $0.rule == .rtlNotMirrored }, "the normal partner finds what the expanded one did not")
            XCTAssertEqual(near.parts.count, 2, "a pair its batch met is written by the worker")
            XCTAssertTrue(try XCTUnwrap(reference[10]).findings.contains { $0.rule == .rtlNotMirrored }, "with the pair rule's findings")
            XCTAssertEqual(try night[9].get().parts.count, 2, "an LTR run's parts are written by the worker")
        }
    }
}

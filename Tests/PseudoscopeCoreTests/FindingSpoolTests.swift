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
                var f = Finding(
                    rule: other == nil ? .overlappingText : .rtlNotMirrored, severity: other == nil ? .review : .blocking,
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
        let entry = Baseline.Entry(
            fingerprint: "b01eb6d04ea9e989", reason: "known", owner: "@team", expires: CalendarDay(year: 2026, month: 12, day: 31))
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

    /// A verdict counts the findings a filter shows, as a person counting the list by hand would.
    func testTheVerdictCountsWhatTheFilterShows() {
        let entry = Baseline.Entry(
            fingerprint: "b01eb6d04ea9e989", reason: "known", owner: "@team", expires: CalendarDay(year: 2026, month: 12, day: 31))
        let findings = shapes(entry: entry)
        for minSeverity in Severity.allCases {
            for rules in [nil, [Rule.overlappingText], [Rule.rtlNotMirrored, .textTruncated]] as [Set<Rule>?] {
                let filter = FindingFilter(minSeverity: minSeverity, rules: rules)
                let v = Verdict(findings: findings, hierarchyNote: nil, pairing: .notApplicable, filter: filter, acceptsNoHierarchy: false)
                let kept = findings.filter { $0.severity <= minSeverity && (rules?.contains($0.rule) ?? true) }
                let label = "\(minSeverity) \(String(describing: rules))"
                XCTAssertEqual(v.counts.blocking, kept.filter { $0.severity == .blocking }.count, label)
                XCTAssertEqual(v.counts.review, kept.filter { $0.severity == .review }.count, label)
                XCTAssertEqual(v.counts.blockingKnown, kept.filter { $0.severity == .blocking && $0.known?.expired == false }.count, label)
                XCTAssertEqual(v.counts.new, kept.filter { $0.novelty == .new }.count, label)
                XCTAssertEqual(v.counts.still, kept.filter { $0.novelty == .still }.count, label)
                XCTAssertEqual(v.byRule.map(\.findings).reduce(0, +), kept.count, label)
                XCTAssertEqual(v.blocks, kept.contains { $0.severity == .blocking && $0.known?.expired != false }, label)
                XCTAssertEqual(filter.shown(findings), kept, label)
            }
        }
        // A run without a hierarchy is not checked, whatever it counts, unless accepted.
        let none = Verdict(findings: [], hierarchyNote: "no hierarchy", pairing: .notApplicable, filter: FindingFilter(), acceptsNoHierarchy: false)
        XCTAssertEqual(none.status, .notChecked("no hierarchy"))
        XCTAssertFalse(none.isChecked)
        XCTAssertTrue(
            Verdict(findings: [], hierarchyNote: "no hierarchy", pairing: .notApplicable, filter: FindingFilter(), acceptsNoHierarchy: true).isChecked
        )
    }

    /// A night judged with a spool gives every run the findings and verdict it gets without one: also an rtl run
    /// whose batch met another partner than the one the run set pairs it with (it is judged again).
    func testANightInTheSpoolIsTheNightInMemoryAfterPairing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-spool-night-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ltr = [
            F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK"), F.el("Button", [280, 100, 100, 44], id: "next", label: "Next"),
            F.el("Button", [10, 300, 20, 20], id: "tiny", label: "Tiny"),
        ]
        let mirrored = [
            F.el("Button", [280, 100, 100, 44], id: "ok", label: "OK"), F.el("Button", [10, 100, 100, 44], id: "next", label: "Next"),
            F.el("Button", [360, 300, 20, 20], id: "tiny", label: "Tiny"),
        ]
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
            try F.archiveJSON(mode: r.mode, content: r.content, top: #""screen":"\#(r.screen)""#).write(
                toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        XCTAssertEqual(Engine.batches(paths.map(ScreenNameProbe.read)).first?.count, 8, "the far screen's first batch is full")
        let engine = Engine(loader: ArchiveLoader())
        let reference = paths.map { try? engine.judge($0, among: paths.map { try? engine.summarize($0).get() }).get() }
        for rules in [nil, [Rule.rtlNotMirrored]] as [Set<Rule>?] {
            var filtered = engine
            filtered.filter = FindingFilter(rules: rules)
            let spool = try FindingSpool(folder: NSTemporaryDirectory())
            let night = filtered.judgeAll(paths, spool: spool)
            for (k, result) in night.enumerated() {
                let s = try result.get(), expected = try XCTUnwrap(reference[k])
                XCTAssertNotNil(s.spooled, s.path)
                XCTAssertEqual(s.pairing, expected.pairing, s.path)
                XCTAssertEqual(try s.loadFindings(from: spool, baseline: nil), expected.findings, s.path)
                XCTAssertEqual(s.verdict, filtered.verdict(expected.findings, hierarchyNote: nil, pairing: expected.pairing), s.path)
            }
            let far = try night[0].get(), near = try night[10].get()
            XCTAssertEqual(far.pairing, .pairedWith(paths[8]), "paired with the normal run")
            XCTAssertGreaterThan(far.counts.blocking, 0, "the normal partner finds what the expanded one did not")
            XCTAssertEqual(near.pairing, .pairedWith(paths[9]))
            XCTAssertGreaterThan(near.verdict.byRule.first { $0.rule == .rtlNotMirrored }?.findings ?? 0, 0, "with the pair rule's findings")
        }
    }
}

/// The pair rule never crosses devices: an iPhone SE's rtl run is not compared with an iPad's normal run of the same
/// screen, in a night's folder or beside it; the same device's is, whichever comes first.
final class PairingAcrossDevicesTests: XCTestCase {
    typealias F = Fixtures
    func testAnRtlRunIsPairedOnlyWithARunOfItsOwnDeviceAndOS() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-devices-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = [F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK")]
        func write(_ name: String, mode: String, device: String) throws -> String {
            let json = F.archiveJSON(mode: mode, content: content, top: #""screen":"Settings""#)
                .replacingOccurrences(of: #""simulator":"iPhone 16""#, with: #""simulator":"\#(device)""#)
            let path = folder.appendingPathComponent(name + ".json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let ipad = try write("ipad-normal", mode: "normal", device: "iPad Pro 13-inch")
        let se = try write("se-rtl", mode: "rtl", device: "iPhone SE (3rd generation)")
        let engine = Engine(loader: ArchiveLoader())
        XCTAssertEqual(try engine.judgeAll([ipad, se])[1].get().pairing, .noPartner, "not the iPad's run")
        XCTAssertEqual(try engine.judge(se).get().pairing, .noPartner, "nor the iPad's beside it")
        let seNormal = try write("se-normal", mode: "normal", device: "iPhone SE (3rd generation)")
        XCTAssertEqual(try engine.judgeAll([ipad, se, seNormal])[1].get().pairing, .pairedWith(seNormal))
        XCTAssertTrue(Engine.sameDevice(("unknown device", "unknown OS"), ("iPad Pro 13-inch", "iOS 18.2")), "a dump records no device")
    }

    /// Nor folders: `iPad/settings-rtl` is not paired with `iPhoneSE/settings-normal` though neither names its device;
    /// the gate's mode folders (`TestResults/rtl/`, `TestResults/normal/`) are one place.
    func testAnRtlRunIsPairedOnlyWithARunOfItsOwnFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-folders-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = [F.el("Button", [10, 100, 100, 44], id: "ok", label: "OK")]
        func write(_ name: String, mode: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try F.archiveJSON(mode: mode, content: content, top: #""screen":"Settings""#).replacingOccurrences(
                of: #""simulator":"iPhone 16""#, with: #""simulator":"unknown""#
            )
            .write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let ipadNormal = try write("iPad/settings-normal.json", mode: "normal")
        let seRtl = try write("iPhoneSE/settings-rtl.json", mode: "rtl")
        let engine = Engine(loader: ArchiveLoader())
        XCTAssertEqual(try engine.judgeAll([ipadNormal, seRtl])[1].get().pairing, .noPartner, "another folder's run")
        let seNormal = try write("iPhoneSE/settings-normal.json", mode: "normal")
        XCTAssertEqual(try engine.judgeAll([ipadNormal, seRtl, seNormal])[1].get().pairing, .pairedWith(seNormal))
        XCTAssertEqual(
            Engine.place(of: "/n/TestResults/rtl/LayoutTests.xcresult#1"), Engine.place(of: "/n/TestResults/normal/LayoutTests.xcresult#1"))
        XCTAssertNotEqual(Engine.place(of: "/n/iPad/settings-rtl"), Engine.place(of: "/n/iPhoneSE/settings-normal"))
        XCTAssertEqual(Engine.place(of: "/n/a/settings-rtl/archive.json"), Engine.place(of: "/n/a/settings-normal"))
    }
}

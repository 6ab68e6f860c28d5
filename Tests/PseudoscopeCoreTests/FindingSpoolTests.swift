import XCTest
@testable import PseudoscopeCore

/// A night's findings wait in a spool while `check` judges it (`FindingSpool`): what comes back is what went in,
/// to the last field, and the tally counts them as the reports would.
final class FindingSpoolTests: XCTestCase {
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
}

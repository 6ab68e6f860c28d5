import Foundation
import XCTest

@testable import PseudoscopeCore

/// Holds the rules to the hand review of their findings on real dumps (`REVIEWED-FINDINGS.tsv`: T a true
/// problem, D a defensible review item, F a false alarm). Fails when a false alarm comes back at the severity it
/// was judged at, when a true problem disappears, or when too many findings nobody has reviewed appear; and keeps
/// the per-rule table in docs/checks.md current (`PSEUDOSCOPE_RECORD=1` rewrites it).
final class ReviewedFindingsTests: XCTestCase {
    struct Key: Hashable, Comparable {
        var file, rule, type, text, frame: String
        static func < (a: Key, b: Key) -> Bool { (a.file, a.rule, a.frame, a.type, a.text) < (b.file, b.rule, b.frame, b.type, b.text) }
    }

    struct Review {
        var verdicts: [Key: (verdict: String, severity: String)] = [:]
    }

    static func frameText(_ r: Rect?) -> String {
        guard let r = r else { return "" }
        return "\(formatPoints(r.x)),\(formatPoints(r.y)),\(formatPoints(r.width))x\(formatPoints(r.height))"
    }

    func review(_ folder: URL) throws -> Review {
        let text = try String(contentsOf: folder.appendingPathComponent("REVIEWED-FINDINGS.tsv"), encoding: .utf8)
        var r = Review()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard c.count >= 7 else { continue }
            // The review cut labels at 40 characters.
            r.verdicts[Key(file: c[0], rule: c[1], type: c[3], text: String(c[4].prefix(40)), frame: c[5])] = (c[6], c[2])
        }
        return r
    }

    /// Every finding of every real dump, read as `check` reads it.
    func currentFindings(_ folder: URL) throws -> [Key: String] {
        var out: [Key: String] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("xcui-") || $0.hasPrefix("appium-") }
        for name in names.sorted() {
            guard let a = try? ArchiveLoader().load(folder.appendingPathComponent(name).path) else { continue }
            for f in LayoutChecker(a).findings() {
                out[Key(file: name, rule: f.rule.rawValue, type: f.elementType, text: String(f.text.prefix(40)), frame: Self.frameText(f.frame))] =
                    f.severity.rawValue
            }
        }
        return out
    }

    func testFindingsOnRealDumpsHoldToTheReview() throws {
        let folder = try SharedFixtures.require(SharedFixtures.realDumps)
        let review = try review(folder)
        let current = try currentFindings(folder)
        XCTAssertGreaterThan(review.verdicts.count, 100, "the review is read")

        // Every true problem is still found.
        for (key, v) in review.verdicts where v.verdict == "T" {
            XCTAssertNotNil(current[key], "a true problem disappeared: \(key)")
        }
        // A false alarm does not come back as it was judged (a finding demoted to review, as the principles
        // allow for a placeholder-only field, is a new, unreviewed finding).
        let falseAlarms = review.verdicts.filter { $0.value.verdict == "F" }
        let back = falseAlarms.filter { current[$0.key] == $0.value.severity }
        XCTAssertLessThanOrEqual(back.count * 10, falseAlarms.count, "more than 10% of the false alarms are back: \(back.keys.sorted())")
        // Findings nobody has reviewed stay under 10% of all.
        let unreviewed = current.filter { review.verdicts[$0.key]?.severity != $0.value }
        XCTAssertLessThan(unreviewed.count * 10, max(1, current.count), "too many unreviewed findings: \(unreviewed.keys.sorted())")

        let table = Self.table(review: review, current: current)
        try GeneratedDocSection.check(table, name: "precision", in: "docs/checks.md")
    }

    /// The false-alarm hints on the real dumps: no finding judged true carries one, at most a quarter of all
    /// findings do; the counts are published in docs/triage.md (`PSEUDOSCOPE_RECORD=1` rewrites them).
    func testFalseAlarmHintsAreSpecificToTheirFindings() throws {
        let folder = try SharedFixtures.require(SharedFixtures.realDumps)
        let review = try review(folder)
        var all = 0, hinted = 0
        var byVerdict: [String: Int] = [:], hintedTrue: [Key] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("xcui-") || $0.hasPrefix("appium-") || $0.hasPrefix("appuihierarchy-")
        }
        for name in names.sorted() {
            guard let a = try? ArchiveLoader().load(folder.appendingPathComponent(name).path) else { continue }
            for f in LayoutChecker(a).findings() {
                all += 1
                guard !f.hints.isEmpty else { continue }
                hinted += 1
                let key = Key(file: name, rule: f.rule.rawValue, type: f.elementType, text: String(f.text.prefix(40)), frame: Self.frameText(f.frame))
                let verdict = review.verdicts[key].map { $0.severity == f.severity.rawValue ? $0.verdict : "not reviewed" } ?? "not reviewed"
                byVerdict[verdict, default: 0] += 1
                if verdict == "T" { hintedTrue.append(key) }
            }
        }
        XCTAssertGreaterThan(all, 40, "the dumps have findings to measure")
        XCTAssertEqual(hintedTrue, [], "a finding judged true carries a false-alarm hint")
        XCTAssertLessThanOrEqual(hinted * 4, all, "\(hinted) of \(all) findings carry a hint")
        let table =
            "| findings on the real dumps | with a hint | of those judged T | D | F | not reviewed |\n|---|---|---|---|---|---|\n"
            + "| \(all) | \(hinted) (\(Int((Double(hinted) / Double(max(all, 1)) * 100).rounded()))%) | \(byVerdict["T"] ?? 0) | \(byVerdict["D"] ?? 0) | \(byVerdict["F"] ?? 0) | \(byVerdict["not reviewed"] ?? 0) |\n"
        try GeneratedDocSection.check(table, name: "hint-precision", in: "docs/triage.md")
    }

    /// The table docs/checks.md shows: per rule, the findings on the real dumps now, how many are T, D, F and
    /// unreviewed; the false alarms that no longer appear; precision (T + D over the reviewed findings shown).
    static func table(review: Review, current: [Key: String]) -> String {
        var rules = Set(current.keys.map(\.rule))
        rules.formUnion(review.verdicts.keys.map(\.rule))
        var out =
            "| rule | findings now | T | D | F (as judged) | not reviewed | F no longer reported | precision |\n|---|---|---|---|---|---|---|---|\n"
        var unreviewedRows: [String] = []
        for rule in rules.sorted() {
            let now = current.filter { $0.key.rule == rule }
            var t = 0, d = 0, f = 0, u = 0
            for (key, severity) in now {
                guard let v = review.verdicts[key], v.severity == severity else {
                    u += 1
                    unreviewedRows.append("| \(key.file) | \(rule) | \(severity) | \(key.type) | \(key.text) | \(key.frame) |")
                    continue
                }
                switch v.verdict {
                case "T": t += 1;
                case "D": d += 1;
                default: f += 1
                }
            }
            let gone = review.verdicts.filter { $0.key.rule == rule && $0.value.verdict == "F" && current[$0.key] != $0.value.severity }.count
            let reviewed = t + d + f
            let precision = reviewed == 0 ? "—" : "\(Int((Double(t + d) / Double(reviewed) * 100).rounded()))%"
            out += "| `\(rule)` | \(now.count) | \(t) | \(d) | \(f) | \(u) | \(gone) | \(precision) |\n"
        }
        let all = current.count
        let reviewedF = current.filter { entry in
            guard let v = review.verdicts[entry.key] else { return false }
            return v.verdict == "F" && v.severity == entry.value
        }.count
        out += "\n\(all) findings on the real dumps; \(reviewedF) of them false alarms as judged; \(unreviewedRows.count) not reviewed yet"
        out +=
            unreviewedRows.isEmpty
            ? ".\n"
            : ":\n\n| dump | rule | severity | type | text | frame |\n|---|---|---|---|---|---|\n" + unreviewedRows.sorted().joined(separator: "\n")
                + "\n"
        return out
    }
}

import Foundation
import PseudoscopeTestSupport
import XCTest

/// `check`'s reports as a user reads them, recorded: the sample night (every sample archive and the sample bundles)
/// with known issues and a previous run, in text, `--json`, `--junit`, `--markdown` and `--group`; and the same
/// night's counts read back from every report and the plain list, which must agree.
final class CheckReportGoldenTests: XCTestCase {
    static let golden = Harness.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Golden")
    static let night = ["SampleArchives", "SampleBundles/TestResults"]
    static let triage = ["--baseline", "Tests/EndToEndTests/Golden/known.baseline", "--since", "SampleArchives/settings-rtl"]
    static let environment = ["PSEUDOSCOPE_TODAY": "2026-12-01", "NO_COLOR": "1"]

    /// Runs `check` from the repository's root (paths in the reports are then as a user typed them), with the
    /// checkout's own place in a ticket's commands replaced by `<repo>`.
    func check(_ options: [String]) throws -> (status: Int32, stdout: String) {
        let r = try Harness.run(["check"] + options + Self.triage + Self.night, environment: Self.environment, in: Harness.repositoryRoot)
        return (r.status, r.stdout.replacingOccurrences(of: Harness.repositoryRoot.path, with: "<repo>"))
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        if let failure = GoldenText.mismatch(text, file: Self.golden.appendingPathComponent(name)) { XCTFail(failure, file: file, line: line) }
    }

    func testEveryReportOfTheSampleNightIsAsRecorded() throws {
        let folder = try Harness.temporaryFolder(self)
        let junit = folder.appendingPathComponent("night.xml").path
        for (options, name) in [
            ([], "check.txt"), (["--json"], "check.json"), (["--markdown"], "check.md"), (["--group"], "check-group.txt"),
            (["--group", "--json"], "check-group.json"), (["--rule", "text-truncated", "--min-severity", "blocking"], "check-filtered.txt"),
            (["--format", "sarif"], "check.sarif.json"), (["--format", "gitlab"], "check-gitlab.json"), (["--format", "github"], "check-github.txt"),
            (["--format", "junit"], "check-junit.xml"),
        ] {
            let r = try check(options)
            XCTAssertEqual(r.status, 1, "\(name): the night blocks")
            assertGolden(r.stdout, name)
        }
        XCTAssertEqual(try check(["--junit", junit]).status, 1)
        assertGolden(try String(contentsOfFile: junit, encoding: .utf8), "check-junit.xml")
    }

    /// The JUnit file is the same whichever report standard output gets (made in the same pass as the text and
    /// JSON reports, after Markdown and the groups), and standard output's report is the same with it as without.
    func testTheJUnitFileIsTheSameBesideEveryReport() throws {
        let folder = try Harness.temporaryFolder(self)
        for (options, name) in [
            ([], "check.txt"), (["--json"], "check.json"), (["--markdown"], "check.md"), (["--group"], "check-group.txt"),
            (["--group", "--json"], "check-group.json"),
        ] {
            let junit = folder.appendingPathComponent(name + ".xml").path
            let r = try check(options + ["--junit", junit])
            XCTAssertEqual(r.status, 1, "\(name): the night blocks")
            assertGolden(r.stdout, name)
            assertGolden(try String(contentsOfFile: junit, encoding: .utf8), "check-junit.xml")
        }
    }

    /// `--junit /dev/stdout`: the whole JUnit file, then the report, never the two interleaved.
    func testAJUnitFileOnStandardOutputComesWholeBeforeTheReport() throws {
        let junit = try Harness.temporaryFolder(self).appendingPathComponent("night.xml").path
        let text = try check([])
        _ = try check(["--junit", junit])
        let xml = try String(contentsOfFile: junit, encoding: .utf8).replacingOccurrences(of: Harness.repositoryRoot.path, with: "<repo>")
        let both = try check(["--junit", "/dev/stdout"])
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(both.stdout, xml + text.stdout)
    }

    /// One night, every report: the runs blocked, the blocking, known, review and new findings, and what was not
    /// checked, read back from each as a user would read it, are the same numbers.
    func testEveryReportAndTheListCountTheNightAlike() throws {
        struct Totals: Equatable { var checked = 0, blocked = 0, blocking = 0, review = 0, known = 0, new = 0 }
        func number(_ pattern: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
            guard let r = text.range(of: pattern, options: .regularExpression) else {
                XCTFail("no \(pattern) in the report", file: file, line: line); return -1
            }
            return Int(text[r].filter(\.isNumber)) ?? -1
        }
        let json = try JSONSerialization.jsonObject(with: Data(try check(["--json"]).stdout.utf8)) as? [String: Any]
        let t = try XCTUnwrap(json?["totals"] as? [String: Int])
        let want = Totals(
            checked: t["checked"]!, blocked: t["blocked"]!, blocking: t["blocking"]!, review: t["review"]!, known: t["known"]!, new: t["new"]!)
        XCTAssertGreaterThan(want.blocked, 0)
        XCTAssertGreaterThan(want.known, 0)
        XCTAssertGreaterThan(want.new, 0)
        // The JSON's entries add up to its totals.
        let archives = try XCTUnwrap(json?["archives"] as? [[String: Any]])
        XCTAssertEqual(archives.filter { ($0["blockingNow"] as? Int ?? 0) > 0 }.count, want.blocked)
        XCTAssertEqual(archives.map { $0["blocking"] as? Int ?? 0 }.reduce(0, +), want.blocking)
        XCTAssertEqual(archives.map { ($0["findings"] as? [Any])?.count ?? 0 }.reduce(0, +), want.blocking + want.review)

        for (options, label) in [([], "text"), (["--group"], "group")] {
            let text = try check(options).stdout
            let summary = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(" checked: ") }.map(String.init), label)
            XCTAssertEqual(
                Totals(
                    checked: number("^[0-9]+ archives", in: summary), blocked: number("[0-9]+ blocked", in: summary),
                    blocking: number("[0-9]+ blocking", in: summary), review: number("[0-9]+ review", in: summary),
                    known: number("[0-9]+ known", in: summary), new: number("[0-9]+ new", in: summary)), want, label)
        }
        let md = try check(["--markdown"]).stdout
        XCTAssertEqual(
            Totals(
                checked: number("[0-9]+ archives checked", in: md), blocked: number("[0-9]+ blocked", in: md),
                blocking: number("Findings: [0-9]+ blocking", in: md), review: number("[0-9]+ review", in: md),
                known: want.known, new: number("[0-9]+ new", in: md)), want, "markdown")
        XCTAssertEqual(md.components(separatedBy: "- Verdict: **blocked**").count - 1, want.blocked, "markdown's runs")
        XCTAssertEqual(md.components(separatedBy: "\n| blocking |").count - 1, want.blocking, "markdown's rows")

        let junit = try Harness.temporaryFolder(self).appendingPathComponent("night.xml").path
        _ = try check(["--junit", junit])
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertEqual(number("failures=\"[0-9]+\"", in: xml), want.blocked, "junit")
        XCTAssertEqual(xml.components(separatedBy: "<failure ").count - 1, want.blocked, "junit: one failure a blocked run")

        // The CI formats: every blocking finding an error (a known one a note), every review finding a warning, and
        // what was not checked or read an error of its own.
        let notJudged = t["notChecked"]! + t["unreadable"]! + t["incomplete"]!
        let knownBlocking = archives.map { $0["blockingKnown"] as? Int ?? 0 }.reduce(0, +)
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try check(["--format", "sarif"]).stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        func levels(_ l: String) -> Int { results.filter { $0["level"] as? String == l }.count }
        XCTAssertEqual(
            [levels("error"), levels("note"), levels("warning")], [want.blocking - knownBlocking + notJudged, knownBlocking, want.review], "sarif")
        let gitlab = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try check(["--format", "gitlab"]).stdout.utf8)) as? [[String: Any]])
        func severities(_ s: String) -> Int { gitlab.filter { $0["severity"] as? String == s }.count }
        XCTAssertEqual(
            [severities("critical"), severities("minor"), severities("info")],
            [want.blocking - knownBlocking + notJudged, knownBlocking, want.review], "gitlab")
        XCTAssertEqual(Set(gitlab.compactMap { $0["fingerprint"] as? String }).count, gitlab.count, "gitlab: one fingerprint an issue")
        let github = try check(["--format", "github"]).stdout
        XCTAssertEqual(
            github.components(separatedBy: "\n::error ").count - 1 + (github.hasPrefix("::error ") ? 1 : 0),
            min(10, want.blocking - knownBlocking + notJudged), "github")
        XCTAssertTrue(
            github.contains("checked: \(want.blocked) blocked") || github.contains(" \(want.blocked) blocked"),
            "github: the text report after the annotations")

        // The plain list (the archive list in a pipe) heads the same night with the same runs blocked.
        let list = try Harness.run(["open"] + Self.triage + Self.night, environment: Self.environment, in: Harness.repositoryRoot).stdout
        XCTAssertEqual(number("[0-9]+ blocked", in: list), want.blocked, "the list")
    }
}

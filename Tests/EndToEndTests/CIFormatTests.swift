import Foundation
import PseudoscopeTestSupport
import XCTest

/// The CI formats (issue 79): SARIF valid against the official 2.1.0 schema, GitHub's annotation and step summary
/// limits, GitLab's Code Quality fields, and the default under GitHub Actions.
final class CIFormatTests: XCTestCase {
    /// A Python that has `jsonschema` (Debian's `python3-jsonschema`, or the toolchain's Python).
    static func pythonWithJSONSchema() -> String? {
        for python in ["/usr/bin/python3", "/usr/local/bin/python3", "python3"] {
            if let r = try? Harness.shell("\(python) -c 'import jsonschema'"), r.status == 0 { return python }
        }
        return nil
    }

    func validate(_ sarif: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try SharedFixturesPath.require()
        guard let python = Self.pythonWithJSONSchema() else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("no Python with jsonschema: Scripts/install-deps --tests installs it") }
            throw XCTSkip("no Python with jsonschema")
        }
        let dir = try Harness.temporaryFolder(self)
        let doc = dir.appendingPathComponent("report.sarif")
        try sarif.write(to: doc, atomically: true, encoding: .utf8)
        let schema = SharedFixturesPath.root.appendingPathComponent("schemas/sarif-schema-2.1.0.json").path
        let r = try Harness.shell(
            "\(python) -c 'import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))' '\(doc.path)' '\(schema)'"
        )
        XCTAssertEqual(r.status, 0, "SARIF not valid: " + r.stderr, file: file, line: line)
    }

    func testEverySARIFGoldenIsValidAgainstTheSchema() throws {
        let golden = Harness.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Golden")
        var validated = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted() where name.hasSuffix(".sarif.json") {
            try validate(try String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8))
            validated += 1
        }
        XCTAssertGreaterThanOrEqual(validated, 2, "check's and audit's SARIF goldens")
    }

    /// A night of 30 blocking findings under GitHub Actions: 10 error annotations and one notice saying how many
    /// more and where; the step summary is appended and stays under 1 MiB.
    func testGitHubShowsTenOfAKindAndSaysWhatItLeftOut() throws {
        let dir = try Harness.temporaryFolder(self)
        let sample = Harness.repositoryRoot.appendingPathComponent("SampleArchives/checkout-expanded/archive.json")
        // Ten copies of a run with three blocking findings: 30 blocking findings.
        for k in 0..<10 {
            let run = dir.appendingPathComponent("night/run\(k)")
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: run.appendingPathComponent("archive.json"))
        }
        let summary = dir.appendingPathComponent("summary.md")
        try "# Earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let r = try Harness.run(
            ["check", dir.appendingPathComponent("night").path], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(r.status, 1)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 10, r.stdout)
        let notices = lines.filter { $0.hasPrefix("::notice ") }
        XCTAssertEqual(notices.count, 1)
        XCTAssertTrue(notices[0].contains("20 more findings are not shown as annotations (20 errors)"), String(notices[0]))
        XCTAssertTrue(notices[0].contains("The step summary holds the whole report."), String(notices[0]))
        XCTAssertTrue(r.stdout.contains("10 archives checked: 10 blocked"), "the text report follows: \(r.stdout)")
        let written = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# Earlier step\n# Pseudoscope check: 10 archives checked, 10 blocked"), String(written.prefix(200)))
        XCTAssertLessThan(written.utf8.count, 1 << 20)
    }

    /// A step summary that would pass 1 MiB is cut with a line saying so (GitHub drops a larger one whole).
    func testAStepSummaryIsCutBeforeOneMebibyteAndSaysSo() throws {
        let dir = try Harness.temporaryFolder(self)
        let summary = dir.appendingPathComponent("summary.md")
        try String(repeating: "earlier line\n", count: 80_000).write(to: summary, atomically: true, encoding: .utf8)
        let r = try Harness.run(
            ["check", Harness.repositoryRoot.appendingPathComponent("SampleArchives").path],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(r.status, 1)
        let written = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertLessThanOrEqual(written.utf8.count, 1 << 20)
        XCTAssertTrue(written.contains("> Cut here: the rest of the report ("), String(written.suffix(300)))
    }

    /// Annotation text and properties are escaped as workflow commands take them: a message cannot end the command
    /// or start another.
    func testAnnotationsEscapeWhatWouldEndThem() throws {
        let dir = try Harness.temporaryFolder(self)
        var json = try String(
            contentsOf: Harness.repositoryRoot.appendingPathComponent("SampleArchives/checkout-expanded/archive.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"checkout.legal\"", with: "\"legal%0A::error::x,y:z\"")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("run"), withIntermediateDirectories: true)
        try json.write(to: dir.appendingPathComponent("run/archive.json"), atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", "--format", "github", dir.appendingPathComponent("run").path])
        let annotation = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("legal") })
        XCTAssertTrue(annotation.contains("legal%250A::error::x,y:z"), String(annotation))
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }.count, 3)
    }

    func testFormatsAreOneOptionWithTheOldFlagsAsNames() throws {
        let sample = Harness.repositoryRoot.appendingPathComponent("SampleArchives/settings-normal").path
        XCTAssertEqual(try Harness.run(["check", "--json", sample]).stdout, try Harness.run(["check", "--format", "json", sample]).stdout)
        let both = try Harness.run(["check", "--json", "--format", "sarif", sample])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("--format json and --format sarif are two reports; give one"), both.stderr)
        let gitlab = try Harness.run(["check", "--format", "gitlab", sample], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertTrue(gitlab.stdout.hasPrefix("[{"), "a format named wins over GitHub's default")
    }
}

extension CIFormatTests {
    /// `--attachments DIR`: each failed run's picture and wireframe under DIR, named in JUnit as Jenkins and GitLab
    /// read them and in SARIF as the results' attachments; nothing written over a file without --force.
    func testAttachmentsAreWrittenAndNamedInJUnitAndSARIF() throws {
        let dir = try Harness.temporaryFolder(self)
        let out = dir.appendingPathComponent("att").path
        let junit = dir.appendingPathComponent("night.xml").path
        let night = ["SampleArchives", "SampleBundles/TestResults"]
        let r = try Harness.run(["check", "--attachments", out, "--junit", junit, "--format", "sarif"] + night, in: Harness.repositoryRoot)
        XCTAssertEqual(r.status, 1, r.stderr)
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: out)).sorted()
        let pictures = files.filter { $0.hasSuffix("/failure.png") }
        XCTAssertFalse(pictures.isEmpty, "\(files)")
        for p in pictures {
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + p)).prefix(4)), [0x89, 0x50, 0x4E, 0x47], p)
        }
        XCTAssertTrue(files.contains { $0.hasSuffix("/wireframe.txt") })
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        for p in pictures { XCTAssertTrue(xml.contains("[[ATTACHMENT|\(out)/\(p)]]"), p) }
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertTrue(results.contains { ($0["attachments"] as? [[String: Any]])?.isEmpty == false })
        try validate(r.stdout)
        let again = try Harness.run(["check", "--attachments", out] + night, in: Harness.repositoryRoot)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists; use --force to replace it"), again.stderr)
        XCTAssertEqual(try Harness.run(["check", "--attachments", out, "--force"] + night, in: Harness.repositoryRoot).status, 1)
    }
}

import Foundation
import XCTest

/// The README's command and key tables are generated from the program's own tables; this fails when the README
/// was not regenerated after a change (run Scripts/update-readme).
final class DocumentationTests: XCTestCase {
    func testREADMEGeneratedSectionsAreCurrent() throws {
        let generated = try Harness.run(["help", "--markdown"])
        XCTAssertEqual(generated.status, 0)
        let readme = try String(contentsOf: Harness.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: "<!-- generated: (\\S+) -->\\n(.*?)<!-- end generated -->", options: [.dotMatchesLineSeparators])
        func sections(_ text: String) -> [String: String] {
            var out: [String: String] = [:]
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                out[String(text[Range(m.range(at: 1), in: text)!])] = String(text[Range(m.range(at: 2), in: text)!])
            }
            return out
        }
        let expected = sections(generated.stdout), actual = sections(readme)
        XCTAssertEqual(Set(expected.keys), Set(actual.keys), "README.md's generated sections")
        XCTAssertGreaterThanOrEqual(expected.count, 4)
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(actual[name], text, "README.md's '\(name)' section is stale: run Scripts/update-readme")
        }
    }

    func testEveryCommandsHelpListsEveryOptionItAccepts() throws {
        // Each option in a command's help is accepted by that command, and an unknown one is refused.
        for command in ["render", "tree", "info", "check", "compare", "import", "open"] {
            let help = try Harness.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            let options = Set(
                help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "," })
                    .filter { $0.hasPrefix("--") }.map(String.init))
            XCTAssertTrue(options.contains("--mode"), "\(command) says it takes --mode")
            if command != "import" { XCTAssertTrue(options.contains("--color"), "\(command) says it takes --color") }
            let refused = try Harness.run([command, "--no-such-option"])
            XCTAssertEqual(refused.status, 64, command)
            XCTAssertTrue(refused.stderr.contains("unknown option --no-such-option"), refused.stderr)
        }
        let tree = try Harness.run(["tree", "--color", "always", Harness.sample("settings-rtl")])
        XCTAssertEqual(tree.status, 0, "tree takes --color like every other printing command: \(tree.stderr)")
        XCTAssertTrue(tree.stdout.contains("\u{1B}["), "and colours with it")
        let info = try Harness.run(["info", "--color", "never", Harness.sample("settings-rtl")])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertFalse(info.stdout.contains("\u{1B}"))
        let check = try Harness.run(["check", "--help"])
        XCTAssertTrue(check.stdout.contains("--group") && check.stdout.contains("--ascii"), check.stdout)
    }
}

/// docs/checks.md's real example of why a test failed is what `check` prints for that run of the fixtures.
final class WhyItFailedExampleTests: XCTestCase {
    func testTheDocumentedExampleIsWhatCheckPrints() throws {
        try SharedFixturesPath.require()
        let doc = try String(contentsOf: Harness.repositoryRoot.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        let marker = try XCTUnwrap(doc.range(of: "<!-- example: why it failed -->\n```\n"))
        let block = doc[marker.upperBound...]
        let body = String(block[..<block.range(of: "\n```")!.lowerBound])
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.removeFirst(), "$ cd ../shared/fixtures/xcresult")
        let command = lines.removeFirst()
        XCTAssertTrue(command.hasPrefix("$ pseudoscope check '"), command)
        let input = String(command.dropFirst("$ pseudoscope check '".count).dropLast())
        let r = try Harness.run(["check", input], in: SharedFixturesPath.root.appendingPathComponent("xcresult"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), lines + [""])
    }
}

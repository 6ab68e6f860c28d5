import Foundation
import XCTest

/// Every option the commands read is in an option table, which help, the man page, the completions and README's
/// tables are generated from: a lookup by a name no table has would be an option no user can find. The program
/// stops on such a lookup (`ParsedArguments.known`); this test finds one before any command runs it.
final class OptionTableTests: XCTestCase {
    func testEveryOptionTheCommandsReadIsInATable() throws {
        let folder = Harness.repositoryRoot.appendingPathComponent("Sources/pseudoscope")
        var read: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let lookup = try NSRegularExpression(pattern: #"\b(?:flag|value|all|int|choice)\("(-{1,2}[a-z-]+)""#)
            for m in lookup.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                read.insert(String(text[Range(m.range(at: 1), in: text)!]))
            }
        }
        XCTAssertGreaterThan(read.count, 20, "the commands' lookups were found: \(read.sorted())")
        let help = try Harness.run(["--help"]).stdout
        var tables = help
        for command in ["open", "render", "tree", "info", "check", "compare", "import", "baseline", "audit", "help"] {
            tables += try Harness.run([command, "--help"]).stdout
        }
        for option in read.sorted() {
            XCTAssertTrue(tables.contains(option), "\(option) is read but no command's --help lists it")
        }
    }
}

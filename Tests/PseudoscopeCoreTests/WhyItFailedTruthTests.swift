import Foundation
import XCTest

@testable import PseudoscopeCore

/// The tool's answer to why each real failure failed is the one a person gives (`Truth/why-it-failed.tsv`): for
/// every failed UI run of the fixture bundles with a recorded tree and every real dump with a failure message, the
/// match, the first candidate, or that nothing on the screen is it by any name.
final class WhyItFailedTruthTests: XCTestCase {
    func testEveryRealFailureIsAnsweredAsAPersonWould() throws {
        let root = try SharedFixtures.require(SharedFixtures.root)
        let truth = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/PseudoscopeCoreTests/Truth/why-it-failed.tsv"), encoding: .utf8)
        let engine = Engine(loader: ArchiveLoader())
        var checked = 0
        for line in truth.split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t").map(String.init)
            guard cols.count >= 2 else { continue }
            let (input, want) = (root.appendingPathComponent(cols[0]).path, cols[1])
            let verdict = try engine.judge(input).get()
            let a = try XCTUnwrap(verdict.verdict.answer, "\(cols[0]) reads as a query")
            if want.hasPrefix("match ") {
                XCTAssertEqual(a.matched.first?.reference, String(want.dropFirst(6)), cols[0])
            } else if want.hasPrefix("first ") {
                XCTAssertEqual(a.matches, [], cols[0])
                XCTAssertEqual(a.candidates.first?.named.reference, String(want.dropFirst(6)), "\(cols[0]): \(a.candidates)")
            } else {
                XCTAssertEqual(a.matches, [], cols[0])
                XCTAssertTrue(a.candidates.allSatisfy { $0.rank == 5 }, "\(cols[0]) proposes by name: \(a.candidates)")
                XCTAssertTrue(a.seen.isEmpty, "\(cols[0]): \(a.seen)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }

    /// The truth file names every failed UI run of the fixture bundles whose tree is recorded and whose failure
    /// reads as a query: a new fixture cannot slip past it.
    func testTheTruthFileNamesEveryFixtureFailureWithATree() throws {
        let root = try SharedFixtures.require(SharedFixtures.root)
        let truth = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/PseudoscopeCoreTests/Truth/why-it-failed.tsv"), encoding: .utf8)
        let named = Set(truth.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) })
        let engine = Engine(loader: ArchiveLoader())
        for name in try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.xcresults.path).sorted() where name.hasSuffix(".xcresult") {
            guard let index = try? BundleIndex(XCResultBundle(path: SharedFixtures.xcresults.appendingPathComponent(name).path)) else { continue }
            for run in index.runs {
                let address = "xcresult/\(name)" + (index.runs.count > 1 ? "#\(run.number)" : "")
                guard let v = try? engine.judge(root.appendingPathComponent(address).path).get(), let a = v.verdict.answer, a.query.isRead,
                    a.treeRecorded
                else { continue }
                XCTAssertTrue(named.contains(address), "\(address) is not in Truth/why-it-failed.tsv")
            }
        }
    }
}

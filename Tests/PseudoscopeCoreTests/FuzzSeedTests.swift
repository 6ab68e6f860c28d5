import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The fuzz targets' seeds for the hostile shapes that once crashed or ballooned (docs/security.md): a snapshot
/// whose strings or frames refer back to themselves, nodes sharing one label or one attribute table, and a
/// property-list bomb as a string table. Each seed is built here, must match its checked-in file in
/// `Fuzz/seeds/` byte for byte (re-recorded with `PSEUDOSCOPE_RECORD=1`), and must still draw the verdict that
/// makes it worth seeding: a fuzzer started from a seed the readers no longer meet learns nothing.
final class FuzzSeedTests: XCTestCase {
    static let seeds = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/seeds")

    func snapshot(_ build: (inout SyntheticSnapshot) -> Int) -> [UInt8] {
        var s = SyntheticSnapshot()
        let root = build(&s)
        return s.encode(root: root)
    }

    /// 150 buttons that share one 4 KiB label and one frame: stored once, read 150 times.
    func sharedLabel() -> [UInt8] {
        let label = String(repeating: "Confirm ", count: 512)
        return snapshot { s in
            s.add(
                .init(
                    2, frame: "{{0, 0}, {390, 844}}", label: "Shop",
                    children: (0..<150).map { _ in .init(9, frame: "{{16, 780}, {358, 44}}", label: label) }))
        }
    }

    func assertSeed(_ bytes: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = Self.seeds.appendingPathComponent(name)
        let recorded = (try? Data(contentsOf: url)).map { [UInt8]($0) }
        if recorded == bytes { return }
        if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(bytes).write(to: url)
            return XCTFail("re-recorded \(name): review it, then run the tests again without PSEUDOSCOPE_RECORD", file: file, line: line)
        }
        XCTFail(
            "\(name) is not the seed this test builds (\(recorded?.count ?? 0) bytes recorded, \(bytes.count) built); re-record with PSEUDOSCOPE_RECORD=1",
            file: file, line: line)
    }

    func testTheSnapshotSeedsReachTheShapesTheyAreFor() throws {
        for (field, hops) in [("label", 1), ("frame", 2)] {
            let bytes = SyntheticSnapshot.selfReferring(field, hops: hops)
            assertSeed(bytes, "snapshot/self-referring-\(field).bplist")
            XCTAssertThrowsError(try ElementSnapshot.read(bytes, file: "seed", limits: .default), field) { e in
                XCTAssertTrue("\(e)".contains("refers back to itself"), "\(e)")
            }
        }
        let shared = sharedLabel()
        assertSeed(shared, "snapshot/shared-label.bplist")
        XCTAssertLessThan(shared.count, 65_536, "within the snapshot target's -max_len")
        let read = try ElementSnapshot.read(shared, file: "seed", limits: .default)
        XCTAssertEqual(read.nodes.count, 151)
        XCTAssertEqual(Set(read.nodes.dropFirst().map(\.label)).count, 1)
    }

    func testTheStringTableSeedIsAPropertyListBomb() throws {
        let bytes = PropertyListBombTests.bomb(levels: 40)
        assertSeed(bytes, "strings/plist-bomb.strings")
        XCTAssertThrowsError(try StringsFile.parse(bytes, file: "seed.strings", table: "Localizable", language: "de")) { e in
            XCTAssertTrue("\(e)".contains("property-list bomb"), "\(e)")
        }
    }
}

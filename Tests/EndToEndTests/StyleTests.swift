import Foundation
import XCTest

/// The house style is the checked-in `.swift-format`, kept by the toolchain's own `swift format lint`: a file that
/// strays from it fails here, with swift-format's one line per finding (run `swift format format -i -r Sources
/// Tests Fuzz Package.swift` to mend the layout).
final class StyleTests: XCTestCase {
    func testEverySwiftFileFollowsTheCheckedInStyle() throws {
        let root = Harness.repositoryRoot
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".swift-format").path), "the style is checked in")
        let r = try Harness.launch(
            "/usr/bin/env", ["swift", "format", "lint", "--strict", "-r", "Sources", "Tests", "Fuzz", "Package.swift"],
            stdin: nil, environment: [:], in: root)
        XCTAssertEqual(r.status, 0, "swift format lint:\n" + r.stderr.split(separator: "\n").prefix(20).joined(separator: "\n"))
    }
}

import Foundation
import XCTest

/// The shared real-world fixtures beside the repository (`../shared/fixtures`): real dumps and .xcresult bundles.
///
/// Locally a missing folder skips the tests that need it; in CI (`CI=true`) it fails them, because there the
/// folder is always provided and a silent skip would hide that nothing real was tested.
enum SharedFixtures {
    static let root = Fixtures.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    static let realDumps = root.appendingPathComponent("real-dumps")
    static let xcresults = root.appendingPathComponent("xcresult")

    static var inCI: Bool { ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) }

    /// The folder, or a skip (locally) / failure (in CI) when it is not there.
    static func require(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        if FileManager.default.fileExists(atPath: folder.path) { return folder }
        let why = "the shared fixtures are not at \(folder.path)"
        if inCI {
            XCTFail("\(why); CI must provide them", file: file, line: line)
            throw XCTSkip(why)
        }
        throw XCTSkip(why)
    }
}

import Foundation
import XCTest

@testable import pseudoscope

/// Each command reads only the options its own table holds (issue 80): every command's options are built here with
/// the lookups recorded instead of stopping the program, and a lookup of a name the command's table lacks (another
/// command's `--select`, a typo) fails this test, naming the command and the name.
final class OptionsPerCommandTests: XCTestCase {
    func testEachCommandReadsOnlyItsOwnOptions() throws {
        ParsedArguments.misreads.withLock { $0 = [] }
        defer { ParsedArguments.misreads.withLock { $0 = nil } }
        let sample = Harness.repositoryRoot.appendingPathComponent("SampleArchives/settings-normal").path
        let other = Harness.repositoryRoot.appendingPathComponent("SampleArchives/settings-rtl").path
        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("ps-\(UUID().uuidString).baseline").path
        _ = try CheckOptions([sample])
        _ = try AuditOptions([sample])
        _ = try BaselineOptions(["add", baseline, sample, "--all", "--reason", "r", "--owner", "o"])
        _ = try CompareOptions([sample, other])
        _ = try ImportOptions([sample])
        _ = try OpenOptions([sample])
        _ = try RenderOptions([sample])
        _ = try ArchiveOptions(ParsedArguments([sample], spec: Commands.tree))
        _ = try ArchiveOptions(ParsedArguments([sample], spec: Commands.info))
        _ = try HelpOptions([])
        XCTAssertEqual(ParsedArguments.misreads.withLock { $0 }, [])
    }
}

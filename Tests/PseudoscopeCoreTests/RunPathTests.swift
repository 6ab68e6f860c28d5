import Foundation
import XCTest

@testable import PseudoscopeCore

/// A run's path in one place (issue 80, item 3): its folder, its short name, and "the same run" as written and on
/// disk, which the list, the pair rule, Markdown's commands and the headers all ask.
final class RunPathTests: XCTestCase {
    func testAFolderAndItsArchiveJSONAreOneRun() throws {
        XCTAssertEqual(RunPath.folder("night/run/archive.json"), "night/run")
        XCTAssertEqual(RunPath.folder("night/run/"), "night/run")
        XCTAssertEqual(RunPath.folder("B.xcresult#3"), "B.xcresult#3")
        XCTAssertTrue(RunPath.sameAsWritten("night/run", "night/run/archive.json"))
        XCTAssertFalse(RunPath.sameAsWritten("./night/run", "night/run"), "as written, two spellings are two")
        XCTAssertFalse(RunPath.sameAsWritten(nil, "night/run"))
        XCTAssertEqual(RunPath.short("/a/SampleArchives/settings-normal/archive.json"), "settings-normal")
        XCTAssertEqual(RunPath.short("/a/TestResults/normal/LayoutTests.xcresult#1"), "normal/LayoutTests.xcresult#1")
    }

    func testOnDiskALinkAndItsTargetAreOneRun() throws {
        let dir = try folder()
        let run = dir.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: run.appendingPathComponent("archive.json"))
        let link = dir.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: run)
        XCTAssertTrue(RunPath.sameOnDisk(link.path, run.appendingPathComponent("archive.json").path))
        XCTAssertFalse(RunPath.sameAsWritten(link.path, run.path), "as written they differ; on disk they are one")
        XCTAssertFalse(RunPath.sameOnDisk(run.path, dir.appendingPathComponent("missing").path))
    }
}

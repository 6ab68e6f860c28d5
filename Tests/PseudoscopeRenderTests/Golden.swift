import Foundation
import PseudoscopeCore
import XCTest

/// Golden-text assertions: compares text with `Golden/NAME.txt`, and re-records it when PSEUDOSCOPE_RECORD=1.
/// On a mismatch it prints a line diff in which the end of every line is marked, so trailing spaces show.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A sample archive, named by its path relative to the repository so that golden text does not depend on
    /// where the checkout lives.
    static func sample(_ name: String) throws -> Archive {
        var a = try ArchiveLoader().load(repositoryRoot.appendingPathComponent("SampleArchives").appendingPathComponent(name).path)
        a.source.path = "SampleArchives/\(name)/archive.json"
        return a
    }

    static func assert(_ actual: String, matches name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden file \(name).txt; record it with PSEUDOSCOPE_RECORD=1 swift test", file: file, line: line)
            return
        }
        guard expected != actual else { return }
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var diff = "golden \(name).txt differs (⏎ marks line ends; re-record with PSEUDOSCOPE_RECORD=1):\n"
        for k in 0..<max(e.count, a.count) {
            let el = k < e.count ? e[k] : nil, al = k < a.count ? a[k] : nil
            if el == al { continue }
            if let el = el { diff += "- \(k + 1): \(el)⏎\n" }
            if let al = al { diff += "+ \(k + 1): \(al)⏎\n" }
        }
        XCTFail(diff, file: file, line: line)
    }
}

import Foundation
import PseudoscopeCore
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

/// Golden-text assertions: compares text with `Golden/NAME.txt`.
///
/// A canvas is recorded as its text and, below a separator, one letter per cell for its style role, so that a
/// lost highlight (selection, blocking, review, failing) fails a test as surely as a lost character.
/// `PSEUDOSCOPE_RECORD=1` re-records a golden file that differs, and still fails the test, so that a recording
/// run can never pass silently: review the diff, then run again without it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A sample archive, named by its path relative to the repository so that golden text does not depend on
    /// where the checkout lives.
    static func sample(_ name: String) throws -> Archive {
        var a = try ArchiveLoader().load(repositoryRoot.appendingPathComponent("SampleArchives").appendingPathComponent(name).path)
        a.source.path = "SampleArchives/\(name)/archive.json"
        return a
    }

    static let separator = "──── style roles (one letter per cell; blank is normal) ────"

    /// One letter per role: the legend is part of every golden file's meaning.
    static func letter(_ role: StyleRole) -> Character {
        switch role {
        case .normal: return " "
        case .dim: return "d"
        case .header: return "h"
        case .window: return "w"
        case .blocking: return "B"
        case .review: return "r"
        case .failing: return "X"
        case .selected: return "s"
        case .ancestor: return "a"
        case .focusedPane: return "f"
        case .status: return "S"
        case .match: return "m"
        case .title: return "t"
        case .onlyInA: return "-"
        case .onlyInB: return "+"
        case .ghost: return "g"
        case .image: return "i"
        }
    }

    /// The canvas's style roles, one line per row, trailing normal cells trimmed.
    static func styleMap(_ c: Canvas) -> String {
        var lines: [String] = []
        for y in 0..<c.height {
            var line = ""
            for x in 0..<c.width { line.append(letter(c[x, y].role)) }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func assert(_ canvas: Canvas, matches name: String, file: StaticString = #filePath, line: UInt = #line) {
        assert(canvas.renderPlain() + separator + "\n" + styleMap(canvas), matches: name, file: file, line: line)
    }

    static func assert(_ actual: String, matches name: String, file: StaticString = #filePath, line: UInt = #line) {
        if let failure = GoldenText.mismatch(actual, file: folder.appendingPathComponent(name + ".txt")) { XCTFail(failure, file: file, line: line) }
    }
}

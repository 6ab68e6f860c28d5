import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeTestSupport
import XCTest

/// A finding's line is written as bytes (`ArchiveText.putFindingLine`, `TextBytes`) for every report and view; it
/// must read exactly as the interpolated string it replaced, and the text report's lines (`putFindingLines`) as
/// the view's (`findingLines`) with the report's indent and colours around each.
final class FindingLineTests: XCTestCase {
    /// The line as it was written before it was written as bytes.
    func referenceLine(_ f: Finding, glyphs: Glyphs, tag: String?) -> String {
        let mark = f.severity == .blocking ? glyphs.blockingMark : glyphs.reviewMark
        let prefix = (tag.map { "\($0) " } ?? "") + (f.novelty == .new ? "NEW " : "")
        let other = f.otherArchive.map { " (compared with \($0))" } ?? ""
        return TerminalText.sanitize("\(prefix)\(mark) \(f.severity.rawValue) \(f.rule.rawValue)  \(f.elementReference): \(f.message)\(other)")
    }

    func testFindingLinesWrittenAsBytesReadAsTheInterpolatedStrings() throws {
        let pieces = [
            "Confirm", "确认", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{202E}evil", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", "", "’", "×", "🇯🇵", "\r\n",
            "［Konto···］",
        ]
        var g = SplitMix64(seed: 3535)
        let entry = Baseline.Entry(
            fingerprint: "0123456789abcdef", reason: "copy too long \u{1B}[2J", owner: "anna", expires: try XCTUnwrap(CalendarDay("2026-12-31")))
        for n in 0..<2_000 {
            func piece() -> String { (0..<Int.random(in: 0...3, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined() }
            let frame: Rect? = Bool.random(using: &g) ? Rect(x: Double(n % 97) - 20.5, y: 3, width: 1e16 * Double(n % 3), height: .nan) : nil
            var f = Finding(
                rule: Rule.allCases.randomElement(using: &g)!, severity: Bool.random(using: &g) ? .blocking : .review, element: n,
                elementPath: "Application/" + piece(), elementType: ["Button", "StaticText", "Other\u{7F}"].randomElement(using: &g)!,
                identifier: Bool.random(using: &g) ? piece() : "", label: piece(), text: Bool.random(using: &g) ? nil : piece(),
                frame: frame, message: piece() + " needs 3 pt", otherArchive: Bool.random(using: &g) ? "rtl/" + piece() : nil)
            f.novelty = [nil, .new, .still].randomElement(using: &g)!
            if n % 7 == 0 { f.hints = ["may be a false alarm: " + piece()] }
            if n % 11 == 0 { f.known = KnownIssue(entry: entry, expired: n % 2 == 0, daysExpired: n % 5) }
            if n % 13 == 0 {
                var s = FindingStack(members: [n, n + 1, n + 2, n + 3], frames: "{0, 0, 1×1}|{0, 0, 1×1}")
                s.paths = ["a/" + piece(), "b", "c", "d"]
                f.stack = s
            }
            for glyphs in [Glyphs.unicode, Glyphs.ascii] {
                let tag = Bool.random(using: &g) ? "[\(n)]" : nil
                let line = ArchiveText.findingLine(f, glyphs: glyphs, tag: tag)
                XCTAssertEqual(line, referenceLine(f, glyphs: glyphs, tag: tag), "finding \(n)")
                let lines = ArchiveText.findingLines(f, glyphs: glyphs, tag: tag)
                let text = lines.map(\.0).joined(separator: "\n")
                XCTAssertEqual(lines.count, 1 + (f.stack == nil ? 0 : 1) + (f.known == nil ? 0 : 1) + f.hints.count)
                XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x0D }, "finding \(n)")
            }
        }
    }
}

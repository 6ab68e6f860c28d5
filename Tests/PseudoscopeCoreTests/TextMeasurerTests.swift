import Foundation
import XCTest

@testable import PseudoscopeCore

/// The text measurer against what devices drew: labels that hug their text (SwiftUI's `Text`, UIKit's labels in
/// stacks) have frames as wide as the text's advance, so their frames are the truth it is held to.
final class TextMeasurerTests: XCTestCase {
    func requireFonts() throws {
        if !TextMeasurer.shapes {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) {
                XCTFail("HarfBuzz, fontconfig or the fonts are missing: Scripts/install-deps installs them")
            }
            throw XCTSkip("no fonts here")
        }
    }

    /// Real labels of the real bundles and dumps (Xcode 15.4 and 26.0.1 on iOS 17.5 and 26), within 2% of their frames.
    func testItMeasuresRealLabelsWithinTwoPercentOfTheirFrames() throws {
        try requireFonts()
        let cases: [(String, TextStyle, Double)] = [
            ("Hello, world!", .body, 94.7), ("Welcome to Bitreat!", .body, 149.7),
            ("Home", .navigationTitle, 47.3), ("COOL!", .navigationTitle, 52.7),
            ("Accessibility", .body, 95), ("One-Handed Keyboard", .body, 176), ("Delete Slide-to-Type by Word", .body, 225),
        ]
        for (text, style, frame) in cases {
            let w = TextMeasurer.width(text, style: style)
            XCTAssertFalse(w.fromTables)
            XCTAssertEqual(w.width, frame, accuracy: frame * 0.02, "\(text) at \(style.name): \(w.width) vs \(frame) (\(w.how))")
        }
    }

    func testScriptsAreSetInTheirFonts() throws {
        try requireFonts()
        let cjk = TextMeasurer.width("設定を開く", style: TextStyle.body)
        XCTAssertEqual(cjk.width, 5 * 17, accuracy: 0.5, "CJK glyphs are an em wide")
        XCTAssertEqual(cjk.fonts, ["Noto Sans CJK JP"])
        let arabic = TextMeasurer.width("الإعدادات", style: .body)
        XCTAssertEqual(arabic.fonts, ["Noto Sans Arabic"])
        XCTAssertGreaterThan(arabic.width, 40)
        XCTAssertLessThan(arabic.width, 90, "joined, not isolated forms")
        let mixed = TextMeasurer.width("Order 注文 #12", style: .body)
        XCTAssertEqual(Set(mixed.fonts), ["Inter Regular", "Noto Sans CJK JP"])
        XCTAssertEqual(TextMeasurer.width("👍👍", style: .body).width, 34, accuracy: 0.01, "emoji at their em width")
        XCTAssertEqual(TextMeasurer.width("Title", style: TextStyle.all[0]).fonts, ["Inter Display Regular"], "display sizes in Inter Display")
    }

    /// A family emoji is one glyph, one em; 25,000 people joined by ZWJ into one grapheme cluster are no sequence any
    /// emoji font draws whole: they are drawn side by side, and the label is as wide as they are (it measured one em,
    /// and no truncation was found).
    func testAnEmojiChainJoinedPastAnySequenceIsAsWideAsItsParts() throws {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        XCTAssertEqual(family.count, 1)
        XCTAssertEqual(TextMeasurer.width(family, style: .body).width, 17, accuracy: 0.01, "one glyph")
        let crowd = Array(repeating: "🧑", count: 25_000).joined(separator: "\u{200D}")
        XCTAssertEqual(crowd.count, 1, "one grapheme cluster")
        XCTAssertEqual(TextMeasurer.width(crowd, style: .body).width, 25_000 * 17, accuracy: 0.5)
    }

    func testALabelOfAnEmojiChainPastAnySequenceIsTruncated() throws {
        let crowd = Array(repeating: "🧑", count: 200).joined(separator: "\u{200D}")
        let a = try dump([("StaticText", crowd, 16, 100, 200, 20.3)])
        let f = LayoutChecker(a).findings().filter { $0.rule == .textTruncated }
        XCTAssertEqual(f.count, 1, "200 people side by side in 200 pt: \(f.map(\.message))")
    }

    /// Fonts are looked for in fontconfig's default directories before the system's whole configuration is read (a
    /// fifth of listing a bundle): every face the measurer asks for is the file the whole configuration gives.
    func testTheFontsFoundQuicklyAreTheOnesTheSystemConfigurationGives() throws {
        try requireFonts()
        var compared = 0
        for script in [TextMeasurer.Script.latin, .cjk, .arabic, .hebrew, .thai, .devanagari, .other] {
            for weight in [FontWeight.regular, .semibold, .bold] {
                for size in [17.0, 28.0] {
                    let files = TextMeasurer.fontFiles(script, weight, size: size)
                    XCTAssertEqual(files.measuring, files.system, "\(script) \(weight) \(size) pt")
                    if files.system != nil { compared += 1 }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 12, "Inter, Inter Display and Noto Sans CJK JP at least are installed here")
    }

    /// Where no font is installed, the advance tables generated from the same fonts measure Latin text within 3% of
    /// the shaped width (no kerning), and every other script by its average letter.
    func testTheAdvanceTablesStandInForTheFonts() throws {
        try requireFonts()
        for text in ["Hello, world!", "Einstellungen für Benachrichtigungen", "Ελληνικά κείμενα", "Настройки уведомлений"] {
            let shaped = TextMeasurer.measure(text, style: .body, shaping: true).width
            let table = TextMeasurer.measure(text, style: .body, shaping: false)
            XCTAssertTrue(table.fromTables)
            XCTAssertEqual(table.width, shaped, accuracy: shaped * 0.03, text)
        }
        XCTAssertEqual(TextMeasurer.measure("設定", style: .body, shaping: false).width, 34, accuracy: 0.5)
    }

    /// The tables are what the fonts here give: regenerated, they are the file in the repository.
    func testTheAdvanceTablesAreCurrent() throws {
        try requireFonts()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(getpid()).swift").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Fixtures.repositoryRoot.appendingPathComponent("Scripts/gen-advance-tables").path, out]
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let fresh = try String(contentsOfFile: out, encoding: .utf8)
        let kept = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Sources/PseudoscopeCore/Text/AdvanceTables+Data.swift"), encoding: .utf8)
        XCTAssertEqual(fresh, kept, "the advance tables are stale: run Scripts/gen-advance-tables")
    }

    /// Any string, however long or odd, in bounded time: at most the first `maxClusters` clusters are measured.
    func testHostileTextIsMeasuredInBoundedTime() {
        let long = String(repeating: "Einstellungen ", count: 100_000)
        let w = TextMeasurer.width(long, style: .body)
        XCTAssertGreaterThan(w.width, 500)
        XCTAssertLessThan(TextMeasurer.linesNeeded(long, style: .body, width: 100), 400)
        XCTAssertLessThan(TextMeasurer.linesNeeded(String(repeating: "x", count: 50_000), style: .body, width: 0.001), Int.max)
        for odd in [
            "\u{202E}abc\u{202C}", "\u{FEFF}\u{200D}\u{0301}\u{0301}", String(decoding: [0xED, 0xA0, 0x80], as: UTF8.self), "", "\u{10FFFF}",
        ] {
            XCTAssertGreaterThanOrEqual(TextMeasurer.width(odd, style: .body).width, 0)
        }
        XCTAssertTrue(TextStyle.forOneLine(height: .nan).isEmpty)
        XCTAssertTrue(TextStyle.forOneLine(height: 1e300).isEmpty)
    }

    // MARK: - The rule

    /// A dump of a screen (no intrinsic sizes): the labels of `lines`, each `(type, label, x, y, w, h)`.
    func dump(_ lines: [(String, String, Double, Double, Double, Double)], mode: Mode? = nil) throws -> Archive {
        var text = "Attributes: Application, 0x1, pid: 1, label: 'Shop'\nElement subtree:\n"
        text += " →Application, 0x1, {{0.0, 0.0}, {393.0, 852.0}}, label: 'Shop'\n"
        text += "    Window, 0x2, {{0.0, 0.0}, {393.0, 852.0}}\n"
        for (k, l) in lines.enumerated() {
            text += "      \(l.0), 0x\(k + 10), {{\(l.2), \(l.3)}, {\(l.4), \(l.5)}}, label: '\(l.1)'\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("estimate-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ArchiveLoader(dumpOptions: DumpOptions(mode: mode)).load(file.path)
    }

    func testAGermanLabelInAOneLineFrameIsTruncatedAndAHuggingOneIsNot() throws {
        try requireFonts()
        let a = try dump([
            ("StaticText", "［Benachrichtigungseinstellungen für alle Geräte···］", 16, 100, 120, 20.3),
            ("StaticText", "Welcome to Bitreat!", 121.7, 200, 149.7, 20.3),
            ("StaticText", "Notifications may include alerts, sounds and badges.", 16, 300, 238, 48),
        ])
        let f = LayoutChecker(a).findings().filter { $0.rule == .textTruncated }
        XCTAssertEqual(f.count, 1, f.map(\.message).joined(separator: "\n"))
        let t = try XCTUnwrap(f.first)
        XCTAssertEqual(t.label, "［Benachrichtigungseinstellungen für alle Geräte···］")
        XCTAssertEqual(t.severity, .blocking, "no font choice explains it: it does not fit even at 8 pt")
        XCTAssertTrue(
            t.message.contains("estimated (no intrinsic size recorded) with Noto Sans CJK JP + Inter Regular 17 pt (body)"),
            "the markers are fullwidth: CJK glyphs: \(t.message)")
        XCTAssertTrue(t.evidence.contains { $0.name == "estimated" })
    }

    func testAModestShortfallIsReviewAndTwoLinesAreWrapped() throws {
        try requireFonts()
        let a = try dump([
            ("StaticText", "Weekly Summary Emails", 16, 100, 150, 20.3),  // needs ~183: 22% over
            ("StaticText", "Settings", 16, 200, 58, 20.3),  // ~61: within the margin
            ("StaticText", "Receive a short summary of everything that happened in your account during the last week", 16, 300, 200, 40.6),
        ])
        let f = LayoutChecker(a).findings().filter { $0.rule == .textTruncated }
        XCTAssertEqual(
            f.map(\.label), ["Weekly Summary Emails", "Receive a short summary of everything that happened in your account during the last week"])
        XCTAssertEqual(f.map(\.severity), [.review, .review])
        XCTAssertTrue(f.last?.message.contains("lines at 200 pt wide, the frame holds 2") == true, f.last?.message ?? "")
    }

    /// Recorded intrinsic sizes win; a bar's title is set as the bar sets it; headroom only in a known control run,
    /// and only for a label wider than its text.
    func testRecordedSizesWinAndHeadroomNeedsAKnownControlRun() throws {
        try requireFonts()
        let sample = try Fixtures.sample("settings-expanded")
        XCTAssertFalse(
            LayoutChecker(sample).findings().contains { $0.evidence.contains { $0.name == "estimated" } }, "the gate's archive records its sizes")
        let assumed = try dump([("StaticText", "Message", 16, 100, 82, 19.1)])
        XCTAssertFalse(LayoutChecker(assumed).findings().contains { $0.rule == .truncationHeadroom }, "a dump's mode is only assumed")
        let normal = try dump([("StaticText", "Message", 16, 100, 82, 19.1)], mode: .normal)
        XCTAssertTrue(LayoutChecker(normal).findings().contains { $0.rule == .truncationHeadroom && $0.message.contains("estimated") })
        let hugging = try dump([("StaticText", "Message", 16, 100, 62, 19.1)], mode: .normal)
        XCTAssertFalse(LayoutChecker(hugging).findings().contains { $0.rule == .truncationHeadroom }, "a label that hugs its text grows with it")
    }
}

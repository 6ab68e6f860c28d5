import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

final class TextTests: XCTestCase {
    func testLineBreaksFromAnyPlatformBecomeLF() {
        XCTAssertEqual("a\r\nb\r\n".normalizingLineBreaks(), "a\nb\n", "Windows")
        XCTAssertEqual("a\rb\r".normalizingLineBreaks(), "a\nb\n", "classic Mac: no LF at all")
        XCTAssertEqual("a\rb\nc\r\n".normalizingLineBreaks(), "a\rb\nc\n", "a lone CR among LFs is part of its line")
        XCTAssertEqual("a\r\r\nb".normalizingLineBreaks(), "a\r\nb", "converted twice: one CR stays, in the line")
        XCTAssertEqual("確認\r\n👍".normalizingLineBreaks(), "確認\n👍")
        XCTAssertEqual("plain\ntext".normalizingLineBreaks(), "plain\ntext")
        XCTAssertEqual("a\r\nb\nc\r\n\r\nd".splitLines().map(String.init), ["a", "b", "c", "", "d"])
        XCTAssertEqual("\r\nfirst\r\nsecond".splitLines(omittingEmpty: true).first.map(String.init), "first")
        // With a limit, the first lines of the whole split and no more, empty ones skipped or kept alike.
        for text in ["", "a", "a\n", "\n\na\r\n\r\nb\nc", "a\r\nb\n\nc\rd\n", "\n\n\n"] {
            for omitting in [false, true] {
                let all = text.splitLines(omittingEmpty: omitting)
                for limit in 0...5 {
                    XCTAssertEqual(
                        text.splitLines(omittingEmpty: omitting, limit: limit), Array(all.prefix(limit)),
                        "\(text.debugDescription) \(omitting) \(limit)")
                }
            }
        }
    }

    /// The byte-wise paths of trimming agree with trimming by characters: a blank a mark combines with is one
    /// character with it, and goes with it.
    func testTrimmingWhitespaceAgreesWithCharacters() {
        func byCharacters(_ s: String) -> String {
            var t = Substring(s)
            while let f = t.first, f.isWhitespace { t = t.dropFirst() }
            while let l = t.last, l.isWhitespace { t = t.dropLast() }
            return String(t)
        }
        let cases = [
            "Button", "   Button, 0x1", "\t\t StaticText", "  確認", "   ", "", " \u{301}x", "  \u{301}x",
            "\u{3000}全角", "  a ", " \r\n x", "x\u{301}", "  \u{200D}x", "\t \u{0627}\u{064B}", "  👍",
        ]
        for c in cases { XCTAssertEqual(c.trimmingWhitespace(), byCharacters(c), c.debugDescription) }
        // Seeded texts of every kind of end: starters of each script (the ends decoded from the bytes), blanks,
        // marks and joiners that combine with what is before them, emoji, and a fullwidth pseudo-locale's marks.
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{3000}", "\u{A0}", "\u{301}", "\u{200D}", "\u{FE0F}", "a", "Z", "~", "!", "［", "］", "·", "確",
            "\u{0627}", "\u{064B}", "한", "ア", "ж", "👍", "🇪🇸", "e\u{301}", "\u{1F3FB}", "\u{7F}", "\u{85}", "\u{2028}", "…", "é", "\u{AD}", "ɐ",
            "\u{2029}", "—",
            "Ω", "ά", "\u{345}", "я", "\u{483}", "ש", "\u{5B0}", "ก", "\u{E31}", "\u{E33}", "🔔", "😀", "\u{1F3FF}", "\u{1100}", "\u{1161}",
        ]
        var g = SplitMix64(seed: 35)
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...6, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            XCTAssertEqual(text.trimmingWhitespace(), byCharacters(text), text.debugDescription)
        }
    }

    /// Bytes read as text only when valid, exactly as the standard library's validation says: seeded byte runs of
    /// valid sequences, their truncations (an ill-formed part of the same length as U+FFFD's three bytes among them),
    /// surrogates, overlongs, stray continuations and bytes above F4.
    func testValidUTF8AgreesWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            [0x41], [0x7F], [0x00], [0xC3, 0xA9], [0xE7, 0xA2, 0xBA], [0xF0, 0x9F, 0x91, 0x8D], [0xEF, 0xBF, 0xBD],
            [0xF0, 0x9F, 0x91], [0xE7, 0xA2], [0xC3], [0x80], [0xBF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF],
        ]
        var g = SplitMix64(seed: 115)
        var invalid = 0
        for _ in 0..<6_000 {
            let bytes = (0..<Int.random(in: 0...5, using: &g)).flatMap { _ in pieces.randomElement(using: &g)! }
            let offset = Int.random(in: 0...2, using: &g)
            let slice = ([0x61, 0x62] + bytes)[offset...]
            let expected = String(validating: slice, as: UTF8.self)
            XCTAssertEqual(String(validUTF8: slice), expected, bytes.description)
            if expected == nil { invalid += 1 }
        }
        XCTAssertGreaterThan(invalid, 1_000, "the seeded bytes hold ill-formed runs")
        XCTAssertNil(String(validUTF8: [0xF0, 0x9F, 0x91][...]), "a truncated four-byte sequence, repaired to three bytes")
    }

    func testDisplayWidth() {
        XCTAssertEqual(DisplayWidth.of("Confirm"), 7)
        XCTAssertEqual(DisplayWidth.of("確認"), 4, "CJK takes two columns")
        XCTAssertEqual(DisplayWidth.of("한국"), 4)
        XCTAssertEqual(DisplayWidth.of("［Konto］"), 9, "fullwidth brackets take two columns")
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining mark takes none")
        XCTAssertEqual(DisplayWidth.of("👍"), 2)
        XCTAssertEqual(DisplayWidth.of("مرحبا"), 5)
        XCTAssertEqual(DisplayWidth.of("a\u{200D}b"), 2, "ZWJ takes none")
    }

    func testClipNeverSplitsAWideCharacter() {
        XCTAssertEqual(DisplayWidth.clip("確認する", to: 5), "確認…")
        XCTAssertEqual(DisplayWidth.clip("確認する", to: 4), "確…")
        XCTAssertEqual(DisplayWidth.clip("Confirm", to: 7), "Confirm")
        XCTAssertEqual(DisplayWidth.clip("Confirm", to: 6, ellipsis: "..."), "Con...")
    }

    func testWrap() {
        XCTAssertEqual(DisplayWidth.wrap("one two three four", to: 9, indent: "  "), ["one two", "  three", "  four"])
    }

    /// A rerun line in a narrow details pane: a word wider than the pane (`-only-testing:Target/Class/test`) breaks
    /// after its `:` and `/`, never inside a test's name (issue: the rerun line wrapping inside a test name).
    func testAWordWiderThanALineBreaksAfterItsSeparators() {
        let rerun =
            "  rerun     xcodebuild test -scheme <scheme> -only-testing:TestUITests/TestUITests/testExample -destination 'platform=iOS Simulator,name=iPhone 16 Pro Max,OS=18.5'"
        let lines = DisplayWidth.wrap(rerun, to: 30, indent: "  ")
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
        for name in ["TestUITests/", "testExample", "-only-testing:", "xcodebuild"] {
            XCTAssertTrue(lines.contains { $0.contains(name) }, "\(name) whole on one line: \(lines)")
        }
        XCTAssertEqual(lines.joined().replacingOccurrences(of: " ", with: ""), rerun.replacingOccurrences(of: " ", with: ""), "nothing lost")
        // A part wider than a whole line still breaks, anywhere.
        XCTAssertEqual(DisplayWidth.wrap("abcdefghij", to: 4), ["abcd", "efgh", "ij"])
    }

    func testSanitizeMakesControlsVisible() {
        XCTAssertEqual(TerminalText.sanitize("a\u{1B}]52;c;ZXZpbA==\u{07}b"), "a\\e]52;c;ZXZpbA==\\ab")
        XCTAssertEqual(TerminalText.sanitize("pay\u{202E}lanigiro"), "pay\\u{202E}lanigiro")
        XCTAssertEqual(TerminalText.sanitize("x\r\ny\u{8}\u{7F}\u{9B}"), "x\\r\\ny\\b\\x7F\\x9B")
        XCTAssertEqual(TerminalText.sanitize("zero\u{200B}width"), "zero\\u{200B}width")
        XCTAssertEqual(TerminalText.sanitize("確認 👍 مرحبا"), "確認 👍 مرحبا", "ordinary text passes unchanged")
    }

    /// Text that is not plain ASCII is passed unchanged only when nothing in it is escaped and no character
    /// carries more marks than are kept; anything after the first non-ASCII character is still looked at.
    func testSanitizeLooksAtEveryCharacterOfTextBeyondASCII() {
        let marks = "\u{301}\u{302}\u{303}\u{304}"
        XCTAssertEqual(TerminalText.sanitize("its text overlaps by 3×4 pt"), "its text overlaps by 3×4 pt")
        XCTAssertEqual(TerminalText.sanitize("e" + marks + " e" + marks), "e" + marks + " e" + marks, "four marks are kept")
        XCTAssertEqual(TerminalText.sanitize("e" + marks + "\u{305}\u{306}x"), "e" + marks + "[+2 marks]x")
        XCTAssertEqual(TerminalText.sanitize("確認 3×4\u{202E}"), "確認 3×4\\u{202E}")
        XCTAssertEqual(TerminalText.sanitize("é\u{1B}[2J"), "é\\e[2J")
        XCTAssertEqual(TerminalText.sanitize("한\u{3164}국"), "한\\u{3164}국", "the Hangul filler draws as blank space")
    }

    /// For a terminal whose locale is not UTF-8: nothing outside ASCII, and every character outside it a `?` per
    /// column, so that what was measured before still lines up (Pseudoscope's own punctuation aside, which has
    /// ASCII spellings of its own).
    func testASCIIOnlyKeepsEachCharactersColumns() {
        var rng = SplitMix64(seed: 0x5EED000C)  // seeded: a failure here happens again on the next run
        let pool: [String] = [
            "a", "Z", " ", "確", "認", "한", "ج", "é", "e\u{301}", "👍", "👩‍💻", "ŝ", "Ŝ", "\u{9B}", "\u{1B}[2J", "\u{202E}", "［", "］", "·", "…", "×", "ß",
            "\u{FEFF}",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pool.randomElement(using: &rng)! }.joined()
            let safe = TerminalText.sanitize(text)
            var replaced = false
            let ascii = TerminalText.asciiOnly(safe, replaced: &replaced)
            XCTAssertTrue(ascii.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription) -> \(ascii.debugDescription)")
            let punctuated = TerminalText.asciiPunctuated(safe)
            XCTAssertEqual(DisplayWidth.of(ascii), DisplayWidth.of(punctuated), "\(text.debugDescription) -> \(ascii.debugDescription)")
            XCTAssertEqual(replaced, !punctuated.utf8.allSatisfy { $0 < 0x80 })
        }
        XCTAssertEqual(TerminalText.asciiOnly("［Bestätigen···］ 確認"), "[Best?tigen...] ????")
    }

    func testMarkers() {
        XCTAssertTrue(TextClassifier.hasMarkers("［Konto···］"))
        XCTAssertFalse(TextClassifier.hasMarkers("Konto"))
        XCTAssertEqual(TextClassifier.stripMarkers("［Konto···］"), "Konto")
        XCTAssertTrue(TextClassifier.isNumericLike("9:41 AM"))
        XCTAssertTrue(TextClassifier.isNumericLike("326,99 €"))
        XCTAssertTrue(TextClassifier.isNumericLike("12 Jan 2026"))
        XCTAssertTrue(TextClassifier.isNumericLike("19.99 EUR"))
        XCTAssertFalse(TextClassifier.isNumericLike("Order 3"))
        XCTAssertTrue(TextClassifier.isPunctuationOnly("— • —"))
    }

    /// The rtl rule's symbol names are found as whole characters, with the answers Foundation's `contains` gives.
    func testSymbolNamesAreFoundAsWholeCharacters() {
        for (text, needle, expected) in [
            ("nav.back chevron.left", "chevron.left", true), ("chevron.lef", "chevron.left", false), ("", "back", false),
            ("arrow.right.circle", "arrow.right", true), ("arrow.righ\u{301}t", "arrow.right", false),
            ("go.forward\u{301}", "forward", false), ("go.forward é", "forward", true), ("ＢＡＣＫ back", "back", true),
            ("بack", "back", false), ("x" + String(repeating: "é", count: 50) + "backward", "backward", true),
        ] as [(String, String, Bool)] {
            XCTAssertEqual(TextClassifier.contains(text, needle), expected, "\(text) contains \(needle)")
            XCTAssertEqual(TextClassifier.contains(text, needle), text.contains(needle), "as Foundation answers: \(text)")
        }
    }
}

extension TextTests {
    /// The rtl rule's cheap test before it lower-cases a text: a text that holds a word once lower-cased holds it
    /// in some letter case already, whatever characters it has (the Kelvin sign and the dotted I included).
    func testAWordFoundOnceLowerCasedIsFoundInAnyLetterCaseBefore() {
        for text in [
            "CHEVRON.LEFT", "Chevron.Right", "go.Forward", "BACKWARD", "R\u{130}GHT", "lef\u{212A}t", "\u{212A}ward", "ＬＥＦＴ",
            "شمال left", "［Links···］", "Wards", "le ft", "",
        ] {
            for word in ["left", "right", "ward"] {
                let lowered = TextClassifier.contains(text.lowercased(), word)
                XCTAssertTrue(!lowered || TextClassifier.holdsIgnoringASCIICase(text, Array(word.utf8)), "\(text) holds \(word)")
                XCTAssertEqual(
                    TextClassifier.holdsIgnoringASCIICase(text, Array(word.utf8)), text.lowercased().utf8Contains(word), "\(text): \(word)")
            }
        }
    }
}

/// The hand-written internet date reader and writer against Foundation's formatter, which they replace.
final class InternetDateTests: XCTestCase {
    func testItReadsAndWritesWhatISO8601DateFormatterDoes() throws {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { rng.next() }
        for _ in 0..<2_000 {
            // Between 1900 and 2100, to the millisecond.
            let t = Double(Int64(next() % 6_311_390_400_000) - 2_208_988_800_000) / 1000
            let written = try XCTUnwrap(InternetDate.format(secondsSince1970: t))
            XCTAssertEqual(written, withFraction.string(from: Date(timeIntervalSince1970: t)))
            XCTAssertEqual(InternetDate.parse(written)?.timeIntervalSince1970 ?? .nan, t, accuracy: 0.0005)
            let whole = plain.string(from: Date(timeIntervalSince1970: t.rounded(.down)))
            XCTAssertEqual(InternetDate.parse(whole), plain.date(from: whole), whole)
        }
        for (text, seconds) in [
            ("2024-06-01T10:11:12-0700", 1_717_261_872.0), ("2024-06-01T10:11:12+02:00", 1_717_229_472),
            ("2024-02-29T00:00:00Z", 1_709_164_800), ("2024-06-01T10:11:12.5z", 1_717_236_672.5),
        ] {
            XCTAssertEqual(InternetDate.parse(text)?.timeIntervalSince1970, seconds, text)
        }
        for bad in [
            "", "2024-06-01", "2024-06-01T10:11:12", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-06-01T24:00:00Z",
            "2024-06-01T10:11:12.Z", "2024-06-01T10:11:12Zjunk", "２０２４-06-01T10:11:12Z",
        ] {
            XCTAssertNil(InternetDate.parse(bad), bad)
        }
    }
}

final class BundleIDTests: XCTestCase {
    /// The refs files' ids, written by hand, are Foundation's base64 with the URL alphabet.
    func testBase64URLIsFoundationsWithTheURLAlphabet() {
        var rng = SplitMix64(seed: 42)
        for n in 0..<200 {
            let bytes = (0..<(n % 70)).map { _ -> UInt8 in UInt8(truncatingIfNeeded: rng.next() >> 56) }
            let want = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            XCTAssertEqual(XCResultBundle.base64URL(bytes[...]), want)
        }
    }

}

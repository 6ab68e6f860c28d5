import PseudoscopeCore
import PseudoscopeTestSupport
import XCTest

@testable import pseudoscope

/// JUnit's escaping, against the rule written out here: the five escapes, newlines, controls, DEL, the
/// noncharacters XML cannot hold, bidi and invisible characters, and every other letter as it is.
final class JUnitEscapeTests: XCTestCase {
    /// The rule, scalar by scalar.
    static func reference(_ s: String) -> String {
        var out: [UInt8] = []
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        for u in s.unicodeScalars {
            switch u {
            case "&": put("&amp;")
            case "<": put("&lt;")
            case ">": put("&gt;")
            case "\"": put("&quot;")
            case "\n": put("&#10;")
            default:
                if u.value < 0x20 && u.value != 0x09 || (0xFFFE...0xFFFF).contains(u.value) {
                    put("\\x" + String(u.value, radix: 16))
                } else if u.value < 0x7F {
                    out.append(UInt8(u.value))
                } else if !TerminalText.isSafe(String(u)) {
                    put("&#x" + String(u.value, radix: 16) + ";")
                } else {
                    UTF8.encode(u) { out.append($0) }
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The report writes a line break between a failure's pieces as the escaping writes it.
    func testTheLineBreakWrittenBetweenPiecesIsTheEscapedOne() {
        XCTAssertEqual(JUnitReport.escape("\n"), JUnitReport.newline)
        XCTAssertEqual(JUnitReport.escape("a\nfingerprint b"), "a" + JUnitReport.newline + "fingerprint b")
    }

    func testEscapingWritesWhatTheRuleSays() {
        let pieces: [String] = [
            "a", " ", "Tom & Jerry", "<b>", "\"q\"", "'", "\n", "\r\n", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{AD}", "é",
            "\u{301}", "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{E0041}", "\u{10FF41}", "✗", "×", "確",
            "👍", "\u{2028}", "ب", "\u{0}",
            // Runs longer than a word, and letters whose first bytes are those of characters that are escaped.
            "Account settings and more", "0123456789abcdef", "a long run before a > sign",
            "a long run before a \"quote\"", "more than a word & then", "more than a word < then", "a long run\u{7F}", "한국어", "\u{61C}", "\u{180E}",
            "\u{3164}", "\u{FFA0}", "\u{115F}", "\u{2060}",
        ]
        let seed: UInt64 = 41
        var g = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...10, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            XCTAssertEqual(JUnitReport.escape(text), Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) }) seed \(seed)")
        }
        XCTAssertEqual(JUnitReport.escape("plain text"), "plain text")
        XCTAssertEqual(JUnitReport.escape("a \"b\" & <c>\n\u{7F}\u{202E}"), "a &quot;b&quot; &amp; &lt;c&gt;&#10;&#x7f;&#x202e;")
    }
}

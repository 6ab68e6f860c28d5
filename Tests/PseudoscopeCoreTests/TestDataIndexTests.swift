import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The hard-coded text rule asks whether a text contains a test-data string through an index (`TestDataIndex`), not
/// by asking every string: the answer must be the one the string search itself gives, for composed and decomposed
/// letters, matches that start at a combining mark, Hangul (whose syllables decompose into several letters),
/// emoji and strings shorter than three characters.
final class TestDataIndexTests: XCTestCase {
    func testTheIndexAnswersAsAskingEveryString() {
        let pieces = [
            "a", "b", "c", "e", "é", "e\u{301}", "\u{301}", "\u{327}", "c\u{327}\u{301}", "ç", "한", "국", "ᄒ", "ᅡ", "ᆫ", " ",
            "Ada", "Love", "lace", "👩‍💻", "🇩🇪", "ﬁ", "fi", "Å", "A\u{30A}", "Ω", "ẛ̣",
        ]
        var rng = SplitMix64(seed: 0x5EED000B)  // seeded: a failure here happens again on the next run
        func random(_ n: ClosedRange<Int>) -> String { (0..<Int.random(in: n, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        var checked = 0
        for _ in 0..<300 {
            let data = Set((0..<Int.random(in: 1...12, using: &rng)).map { _ in random(1...4) })
            let index = TestDataIndex(data)
            for _ in 0..<20 {
                // Texts made from data strings with pieces around them, or from pieces alone.
                let text = Bool.random(using: &rng) ? random(0...3) + (data.randomElement(using: &rng) ?? "") + random(0...3) : random(1...8)
                let everyString = data.contains { $0.count >= 3 && text.contains($0) }
                let indexed = index.candidates(in: text).contains { text.contains($0) }
                XCTAssertEqual(
                    indexed, everyString,
                    "text \(text.unicodeScalars.map { String($0.value, radix: 16) }) data \(data.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })"
                )
                if everyString { checked += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 500, "enough texts that contain a data string")
        // The cases the search treats as equivalent: composed and decomposed, and a match from a combining mark.
        for (data, text) in [("cafe\u{301}", "Zcafé!"), ("café", "Zcafe\u{301}!"), ("\u{301}bcd", "Xae\u{301}bcdY"), ("한국어", "Ｘ한국어Ｙ")] {
            XCTAssertTrue(text.contains(data), "the search itself finds \(data.debugDescription) in \(text.debugDescription)")
            XCTAssertTrue(TestDataIndex([data]).candidates(in: text).contains(data))
        }
    }
}

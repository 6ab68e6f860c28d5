import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

/// Keys whose escape sequences the terminal description does not know (`KeySequence`): each sequence is fed a
/// character at a time, as the driver reads it after an Esc.
final class KeySequenceTests: XCTestCase {
    /// What the driver makes of `sequence` (the characters after the Esc): the key when the sequence completes
    /// exactly at its last character, nil when it is still incomplete or completes early.
    private func key(_ sequence: String) -> KeySequence.Reading? {
        var body: [Unicode.Scalar] = []
        for (k, c) in sequence.unicodeScalars.enumerated() {
            body.append(c)
            let reading = KeySequence.decode(body)
            if k == sequence.unicodeScalars.count - 1 { return reading }
            guard reading == .incomplete else { return nil }
        }
        return nil
    }

    func testTheCommonTerminalsKeysAreTheirKeys() {
        let table: [(String, Key, String)] = [
            ("[A", .up, "arrows in normal cursor mode (curses asked for application mode)"),
            ("[B", .down, ""), ("[C", .right, ""), ("[D", .left, ""),
            ("OA", .up, "application mode"), ("OD", .left, ""),
            ("[1;5A", .up, "Ctrl-↑ in xterm: the modifier is dropped"), ("O5B", .down, "a modifier in SS3 form"),
            ("[H", .home, "xterm"), ("[F", .end, ""), ("OH", .home, ""), ("OF", .end, ""),
            ("[1~", .home, "VT220, the Linux console"), ("[4~", .end, ""),
            ("[7~", .home, "rxvt"), ("[8~", .end, ""),
            ("[5~", .pageUp, ""), ("[6~", .pageDown, ""), ("[6;5~", .pageDown, "Ctrl-PgDn"),
            ("[Z", .backTab, "Shift-Tab"), ("OM", .enter, "keypad Enter"),
            ("OP", .function(1), "F1 in xterm"), ("OS", .function(4), ""), ("[1;2P", .function(1), "Shift-F1"),
            ("[11~", .function(1), "F1 in rxvt"), ("[15~", .function(5), ""), ("[17~", .function(6), ""),
            ("[21~", .function(10), ""), ("[24~", .function(12), ""),
            ("[[A", .function(1), "F1 on the Linux console"), ("[[E", .function(5), ""),
        ]
        for (sequence, expected, why) in table {
            XCTAssertEqual(key(sequence), .key(expected), "ESC \(sequence) \(why)")
        }
    }

    func testOtherSequencesAreIgnoredWhole() {
        // Not one of their characters may act as a key: `[` alone jumps to the previous finding.
        for sequence in ["[99;99~", "[2~", "[3~", "[201~", "[?1;2c", "[<0;10;5M", "[M !!", "[5n", "OX", "[[Z"] {
            XCTAssertEqual(key(sequence), .key(.ignored), "ESC \(sequence)")
        }
        // A sequence broken by a character that cannot be in it ends there.
        XCTAssertEqual(key("[1\u{7}"), .key(.ignored))
        // One that never ends is dropped at the bound, not read for ever.
        XCTAssertEqual(key("[" + String(repeating: "1", count: KeySequence.longest - 1)), .key(.ignored))
    }

    func testAnEscBeforeAnyOtherKeyIsAnEscOfItsOwn() {
        XCTAssertEqual(KeySequence.decode([]), .incomplete)
        XCTAssertEqual(KeySequence.decode(["j"]), .notASequence, "Alt-j: Esc, then j")
        XCTAssertEqual(KeySequence.decode(["q"]), .notASequence)
        XCTAssertEqual(KeySequence.decode(["["]), .incomplete, "the start of a sequence waits for the rest")
    }

    func testModifiedKeysCursesKnowsByNameAreThePlainKeys() {
        XCTAssertEqual(KeySequence.modifiedKey(named: "kUP5"), .up)
        XCTAssertEqual(KeySequence.modifiedKey(named: "kDN3"), .down)
        XCTAssertEqual(KeySequence.modifiedKey(named: "kLFT6"), .left)
        XCTAssertEqual(KeySequence.modifiedKey(named: "kNXT5"), .pageDown)
        XCTAssertEqual(KeySequence.modifiedKey(named: "kHOM7"), .home)
        XCTAssertEqual(KeySequence.modifiedKey(named: "kUP"), .ignored, "not a modified key")
        XCTAssertEqual(KeySequence.modifiedKey(named: "kDC5"), .ignored, "Ctrl-Delete has no use here")
        XCTAssertEqual(KeySequence.modifiedKey(named: "kUPx"), .ignored)
    }

    func testABracketedPasteIsTextAndNeverKeys() {
        XCTAssertEqual(KeySequence.decode(Array("[200~".unicodeScalars)), .pasteBegins)
        XCTAssertEqual(KeySequence.decode(Array("[201~".unicodeScalars)), .key(.ignored), "an end marker alone means nothing")
        // Typed into a prompt: the text, its line ends and escapes visible, never Enter or Esc.
        guard case .input(let text)? = KeyTables.typing.message(for: .paste("Confirm\r\n\u{1B}[31mq")) else { return XCTFail("a paste is input") }
        XCTAssertEqual(text, "Confirm\\n\\e[31mq")
        XCTAssertEqual(KeySequence.pastedText(String(repeating: "x", count: 10_000)).count, KeySequence.longestPaste)
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// The escape sequences terminals send for keys, read when curses does not know them.
///
/// Curses recognises a key's sequence only as the terminal's description (terminfo, chosen by `TERM`) spells
/// it. Over SSH `TERM` often names another terminal than the one typing (rxvt's Home is `ESC [ 7 ~`, xterm's
/// `ESC O H`), and some terminals send arrows in normal cursor mode (`ESC [ A`) although curses asked for
/// application mode (`ESC O A`). Curses then hands over the sequence as separate keys: `ESC [ 7 ~` was Esc (cancel
/// the search), `[` (jump to the previous finding), `7` and `~`. The driver reads what follows an Esc through
/// `decode`, which knows the spellings of the common terminals (xterm, VT220, rxvt, the Linux console): a
/// known key becomes that key, with any modifier dropped (Ctrl-↑ moves as ↑ does); any other complete sequence
/// is ignored as a whole.
public enum KeySequence {
    /// What the characters after an Esc add up to so far.
    public enum Reading: Equatable, Sendable {
        /// A sequence not finished yet: read another character.
        case incomplete
        /// A whole sequence, and the key it means (`.ignored` for one this program has no use for).
        case key(Key)
        /// Not a sequence: the Esc is a key of its own, and the characters after it are keys too (Alt-x).
        case notASequence
        /// `ESC [ 200 ~`: pasted text follows, up to `ESC [ 201 ~` (`pasteEnd`).
        case pasteBegins
    }

    /// A sequence longer than this is not a key: what has been read is dropped.
    public static let longest = 32

    /// The meaning of `body`, the characters read after an Esc.
    public static func decode(_ body: [Unicode.Scalar]) -> Reading {
        guard let introducer = body.first else { return .incomplete }
        let reading: Reading
        switch introducer {
        case "O": reading = singleShift(body.dropFirst())
        case "[": reading = controlSequence(body.dropFirst())
        default: return .notASequence
        }
        return reading == .incomplete && body.count >= longest ? .key(.ignored) : reading
    }

    /// `ESC O x` (SS3): cursor keys in application mode, Home and End, F1–F4, keypad Enter. Some terminals put a
    /// modifier's digit before the final character (`ESC O 5 A`).
    private static func singleShift(_ rest: ArraySlice<Unicode.Scalar>) -> Reading {
        guard let last = rest.last else { return .incomplete }
        if isParameter(last) { return .incomplete }
        return .key(cursorOrFunctionKey(last) ?? (last == "M" ? .enter : .ignored))
    }

    /// The final characters SS3 and CSI share: the arrows, Home, End, F1–F4.
    private static func cursorOrFunctionKey(_ final: Unicode.Scalar) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "P", "Q", "R", "S": return .function(Int(final.value - Unicode.Scalar("P").value) + 1)
        default: return nil
        }
    }

    /// `ESC [ parameters intermediates final` (CSI), the Linux console's `ESC [ [ A` (F1–F5), and the X10
    /// mouse report `ESC [ M` with three bytes of its own.
    private static func controlSequence(_ rest: ArraySlice<Unicode.Scalar>) -> Reading {
        guard let first = rest.first else { return .incomplete }
        if first == "[" {
            guard rest.count >= 2 else { return .incomplete }
            let c = rest[rest.startIndex + 1]
            return .key(("A"..."E").contains(c) ? .function(Int(c.value - Unicode.Scalar("A").value) + 1) : .ignored)
        }
        if first == "M" { return rest.count >= 4 ? .key(.ignored) : .incomplete }
        // Parameter bytes, then intermediate bytes, then one final byte; anything else ends it as unknown.
        var k = rest.startIndex
        while k < rest.endIndex, isParameter(rest[k]) { k += 1 }
        while k < rest.endIndex, (0x20...0x2F).contains(rest[k].value) { k += 1 }
        guard k < rest.endIndex else { return .incomplete }
        let final = rest[k]
        guard (0x40...0x7E).contains(final.value), k == rest.endIndex - 1 else { return .key(.ignored) }
        let parameters = String(String.UnicodeScalarView(rest[rest.startIndex..<k]))
        // A private marker (`<` of an SGR mouse report, `?`) makes it something other than a key.
        guard parameters.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == ";" }) else { return .key(.ignored) }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        if let key = cursorOrFunctionKey(final) { return .key(key) }
        switch final {
        case "Z": return .key(.backTab)
        case "~" where numbers.first == 200: return .pasteBegins
        case "~": return .key(tilde(numbers.first.flatMap { $0 }))
        default: return .key(.ignored)
        }
    }

    /// The VT220 and rxvt keys `ESC [ n ~`.
    private static func tilde(_ n: Int?) -> Key {
        switch n {
        case 1, 7: return .home
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11, 12, 13, 14, 15: return .function(n! - 10)
        case 17, 18, 19, 20, 21: return .function(n! - 11)
        case 23, 24: return .function(n! - 12)
        default: return .ignored  // Insert, Delete, the bracketed-paste marks, F13 and beyond
        }
    }

    private static func isParameter(_ c: Unicode.Scalar) -> Bool { (0x30...0x3F).contains(c.value) }

    /// What ends a bracketed paste.
    public static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
    /// At most this much of a paste is kept (the rest is read and dropped): a prompt takes a line, not a file.
    public static let longestPaste = 4096

    /// A paste as the text a prompt takes: line ends as `\n`, escapes and controls visible (`TerminalText`), cut
    /// at `longestPaste` characters. Nothing in it can act as a key or drive the terminal.
    public static func pastedText(_ raw: String) -> String {
        let lines = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return String(TerminalText.sanitize(lines).prefix(longestPaste))
    }
}

extension KeySequence {
    /// A key curses knows by a name from the terminal description's extended keys, with a modifier: xterm's
    /// `kUP5` (Ctrl-↑), `kNXT3` (Alt-PgDn). The plain key; `.ignored` for any other name.
    public static func modifiedKey(named name: String) -> Key {
        let plain: [(String, Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home),
            ("kEND", .end), ("kNXT", .pageDown), ("kPRV", .pageUp),
        ]
        for (prefix, key) in plain where name.hasPrefix(prefix) {
            let modifier = name.dropFirst(prefix.count)
            if !modifier.isEmpty, modifier.allSatisfy(\.isASCIIDigit) { return key }
        }
        return .ignored
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Makes untrusted text safe to show on a terminal.
///
/// Archive strings may hold escape sequences (a label could set the window title, write the clipboard through
/// OSC 52, or move the cursor), bidi overrides that reorder what the reader sees, and invisible characters.
/// Each such character is replaced by a visible escape: `\e`, `\r`, `\u{202E}`.
public enum TerminalText {
    /// The visible form of `text`, safe to write to a terminal. Ordinary text, CJK and emoji pass unchanged.
    public static func sanitize(_ text: String) -> String {
        // Fast path: printable ASCII needs no work, and most labels are that.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            if let escape = visibleEscape(u) {
                out.append(contentsOf: escape.unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }

    /// True when `text` is unchanged by `sanitize`.
    public static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { visibleEscape($0) == nil }
    }

    static func visibleEscape(_ u: Unicode.Scalar) -> String? {
        let v = u.value
        switch v {
        case 0x1B: return "\\e"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x07: return "\\a"
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: return "\\x" + hex(v, digits: 2)
        // Bidi embeddings, overrides and isolates, marks, the Arabic letter mark.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "\\u{" + hex(v, digits: 4) + "}"
        // Zero-width and invisible characters that could hide text or spoof identifiers.
        case 0x200B, 0x2060...0x2064, 0xFEFF, 0x00AD, 0x180E: return "\\u{" + hex(v, digits: 4) + "}"
        // Line and paragraph separators move the cursor on some terminals; private use and noncharacters show as boxes.
        case 0x2028, 0x2029, 0xFFF9...0xFFFB: return "\\u{" + hex(v, digits: 4) + "}"
        // Tag characters are invisible.
        case 0xE0000...0xE007F: return "\\u{" + hex(v, digits: 5) + "}"
        default: return nil
        }
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}

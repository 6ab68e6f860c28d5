/// Makes untrusted text safe to show on a terminal.
///
/// Archive strings may hold escape sequences (a label could set the window title, write the clipboard through
/// OSC 52, or move the cursor), bidi overrides that reorder what the reader sees, invisible characters, and
/// floods of combining marks that pile up above one cell. Each such character is replaced by a visible escape:
/// `\e`, `\r`, `\u{202E}`; combining marks beyond a few per character are counted, not drawn.
public enum TerminalText {
    /// Combining marks kept on one character: enough for any real script (Vietnamese stacks two, Tibetan a few).
    public static let maxCombiningMarks = 4

    /// The visible form of `text`, safe to write to a terminal. Ordinary text, CJK and emoji pass unchanged.
    /// Typographic characters Pseudoscope itself writes (separators, dimensions, marks, arrows), as ASCII, for
    /// terminals whose locale is not UTF-8 (and `--ascii`): there a `·` or `×` arrives as mojibake.
    static let asciiPunctuation: [Character: String] = [
        "·": ".", "×": "x", "—": "-", "–": "-", "…": "...", "→": "->", "←": "<-", "↔": "<->", "‼": "!", "✗": "X",
        "★": "*", "▸": ">", "▶": ">", "▼": "v", "▪": "*", "│": "|", "─": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'",
        "≤": "<=", "≥": ">=", "±": "+-", "↳": "->", "▏": "|", "⏎": "Enter", "✓": "ok", "°": " deg", "↑": "^", "↓": "v",
        "•": "*",
        // The markers of pseudo-localized strings (`［Confirm···］`).
        "［": "[", "］": "]",
    ]

    /// `text` with Pseudoscope's own typographic characters as ASCII (see `asciiPunctuation`); archive text
    /// that uses them (the `·` padding of pseudo-localized strings) goes the same way, which is what a
    /// non-UTF-8 terminal can show.
    public static func asciiPunctuated(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // A `·` beside a space or an end separates parts (`a · b`, and where a wrapped line ends) and reads as
        // `|`; between other characters (the padding of pseudo-localized strings) it is a dot.
        let chars = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for (k, ch) in chars.enumerated() {
            if ch == "·" {
                let before = k == 0 || chars[k - 1] == " "
                let after = k == chars.count - 1 || chars[k + 1] == " "
                out += before || after ? "|" : "."
            } else if let r = asciiPunctuation[ch] {
                out += r
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// What a terminal whose locale is not UTF-8 (or `--ascii`) is sent: Pseudoscope's typographic characters
    /// as ASCII (`asciiPunctuated`), and every other character outside ASCII as `?`, one for each column it
    /// takes (as `ls` shows such names), so that columns and boxes measured on the text still line up. Sent as
    /// UTF-8, a label would be mojibake there, and worse: its continuation bytes 0x80–0x9F are C1 controls to an
    /// eight-bit terminal (`ŝ` is C5 9D, and 0x9D begins an OSC sequence). Apply to sanitized text.
    public static func asciiOnly(_ text: String) -> String {
        var replaced = false
        return asciiOnly(text, replaced: &replaced)
    }

    /// The same; `replaced` is set when a character outside ASCII became `?` (for the hint to set a UTF-8 locale).
    public static func asciiOnly(_ text: String, replaced: inout Bool) -> String {
        let punctuated = asciiPunctuated(text)
        if punctuated.utf8.allSatisfy({ $0 < 0x80 }) { return punctuated }
        replaced = true
        var out = ""
        out.reserveCapacity(punctuated.utf8.count)
        for ch in punctuated {
            if ch.isASCII { out.append(ch) } else { out += String(repeating: "?", count: DisplayWidth.of(ch)) }
        }
        return out
    }

    public static func sanitize(_ text: String) -> String {
        // Most text has nothing to escape: looked at, not rebuilt scalar by scalar.
        if !needsSanitizing(text) { return text }
        var out = String.UnicodeScalarView()
        var marks = 0, dropped = 0
        func flushDropped() {
            if dropped > 0 { out.append(contentsOf: "[+\(dropped) marks]".unicodeScalars) }
            dropped = 0
        }
        for u in text.unicodeScalars {
            if isCombiningMark(u) {
                marks += 1
                if marks > maxCombiningMarks { dropped += 1; continue }
            } else {
                flushDropped()
                marks = 0
            }
            if let escape = visibleEscape(u) {
                out.append(contentsOf: escape.unicodeScalars)
            } else {
                out.append(u)
            }
        }
        flushDropped()
        return String(out)
    }

    /// Whether `sanitize` changes `text`: a character to escape, or more combining marks on one character than
    /// are kept.
    static func needsSanitizing(_ text: String) -> Bool {
        var marks = 0
        for u in text.unicodeScalars {
            // Printable ASCII, most of any report: nothing to escape, and no mark.
            if u.value >= 0x20 && u.value < 0x7F {
                marks = 0
                continue
            }
            if needsEscape(u) { return true }
            if isCombiningMark(u) {
                marks += 1
                if marks > maxCombiningMarks { return true }
            } else {
                marks = 0
            }
        }
        return false
    }

    /// True when `text` is unchanged by `sanitize`.
    public static func isSafe(_ text: String) -> Bool {
        sanitize(text) == text
    }

    static func isCombiningMark(_ u: Unicode.Scalar) -> Bool {
        // Letters and punctuation of the common blocks are no marks: their category is not looked up.
        guard u.value >= 0x300, !String.beginsCharacter(u) else { return false }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Whether a character must never reach a terminal (or `--json`) as it is: controls, bidi controls, and
    /// invisible characters that could hide text or spoof an identifier. The one list both outputs escape.
    public static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: return true
        // Bidi embeddings, overrides and isolates, marks, the Arabic letter mark, the deprecated format controls.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x206A...0x206F: return true
        // Zero-width and invisible characters, the invisible operators, the soft hyphen, the Mongolian separator,
        // the Hangul fillers (they draw as blank space that is not a space).
        case 0x200B, 0x2060...0x2064, 0xFEFF, 0x00AD, 0x180E, 0x115F, 0x1160, 0x3164, 0xFFA0: return true
        // Line and paragraph separators move the cursor on some terminals; interlinear annotation controls.
        case 0x2028, 0x2029, 0xFFF9...0xFFFB: return true
        // Tag characters are invisible.
        case 0xE0000...0xE007F: return true
        // A byte of a file name that is not UTF-8 (PathBytes): shown as the byte, `\xE9`.
        case 0x10FF00...0x10FFFF: return true
        default: return false
        }
    }

    static func visibleEscape(_ u: Unicode.Scalar) -> String? {
        guard needsEscape(u) else { return nil }
        let v = u.value
        switch v {
        case 0x1B: return "\\e"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x07: return "\\a"
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: return "\\x" + hex(v, digits: 2)
        case 0x10FF00...0x10FFFF: return "\\x" + hex(v - 0x10FF00, digits: 2)
        default: return "\\u{" + hex(v, digits: v > 0xFFFF ? 5 : 4) + "}"
        }
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}

extension TerminalText {
    /// Whether `text` holds nothing `needsEscape` escapes and no ASCII byte that `special` picks (what a format
    /// escapes besides: a quote, a backslash, `&`), so that a writer copies it as it is. Looked at by the byte: a
    /// multi-byte scalar is a candidate only when its first two bytes may begin one that is escaped
    /// (`mayBeginEscaped`); a text with a candidate goes the exact way, scalar by scalar.
    public static func isPlain(_ text: String, special: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { b in
            var i = 0
            while i < b.count {
                let c = b[i]
                if c < 0x80 {
                    if c < 0x20 || c == 0x7F || special(c) { return false }
                } else if c >= 0xC0, i + 1 < b.count, mayBeginEscaped(c, b[i + 1]) {
                    return false
                }
                i += 1
            }
            return true
        }
    }

    /// Whether a multi-byte scalar starting with these two bytes may be one that `needsEscape` escapes (or a
    /// noncharacter XML cannot hold): C1 controls and the soft hyphen (C2 80–9F, C2 AD), the Arabic letter mark
    /// (D8 9C), the Hangul fillers and the Mongolian separator (E1 85, E1 A0), the general punctuation controls
    /// (E2 80, E2 81), the Hangul filler (E3 85), the BOM, the halfwidth filler, the specials (EF BB, EF BE,
    /// EF BF), the tags (F3 A0), the escaped bytes of a file name (F4 8F).
    static func mayBeginEscaped(_ lead: UInt8, _ next: UInt8) -> Bool {
        switch lead {
        case 0xC2: return next < 0xA0 || next == 0xAD
        case 0xD8: return next == 0x9C
        case 0xE1: return next == 0x85 || next == 0xA0
        case 0xE2: return next == 0x80 || next == 0x81
        case 0xE3: return next == 0x85
        case 0xEF: return next == 0xBB || next == 0xBE || next == 0xBF
        case 0xF3: return next == 0xA0
        case 0xF4: return next == 0x8F
        default: return false
        }
    }
}

/// Terminal display width of text, independent of the C library's locale.
///
/// `wcwidth` returns -1 in the C locale and Swift has no East Asian Width property, so the renderer carries its
/// own small table: 0 for marks and joiners, 2 for wide and fullwidth ranges and emoji presentation, 1 otherwise.
public enum DisplayWidth {
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF { return 0 }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) { return 0 }  // Hangul medial vowels and final consonants combine
        if isWide(v) { return 2 }
        if v >= 0x1F000, scalar.properties.isEmojiPresentation { return 2 }
        if (0x2600...0x27BF).contains(v), scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3040...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }

    /// Width of a grapheme cluster: its widest scalar, and 2 when an emoji variation selector asks for it.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1 { return of(scalars.first!) }
        var w = 0
        for s in scalars {
            if s.value == 0xFE0F { return 2 }
            w = max(w, of(s))
        }
        return w
    }

    public static func of(_ text: String) -> Int {
        // ASCII by the byte: a printable byte is a column, a control byte none (and "\r\n", one character of
        // two controls, none), with no breaking into characters.
        var text = text
        if let ascii = text.withUTF8({ b -> Int? in
            var w = 0
            for byte in b {
                guard byte < 0x80 else { return nil }
                if byte >= 0x20, byte != 0x7F { w += 1 }
            }
            return w
        }) {
            return ascii
        }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `width` columns, with `ellipsis` when something was cut.
    /// A wide character is never split: it is left out whole.
    public static func clip(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ew = of(ellipsis)
        guard width > ew else { return String(repeating: ".", count: width) }
        var out = ""
        var used = 0
        for c in text {
            let cw = of(c)
            if used + cw > width - ew { break }
            out.append(c)
            used += cw
        }
        return out + ellipsis
    }

    /// The longest suffix of `text` that fits in `width` columns, after `ellipsis` when something was cut: for
    /// paths and names whose end tells them apart (`…Bitreat-the-past.xcresult#9`).
    public static func clipKeepingEnd(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ew = of(ellipsis)
        guard width > ew else { return String(repeating: ".", count: width) }
        var out: [Character] = []
        var used = 0
        for c in text.reversed() {
            let cw = of(c)
            if used + cw > width - ew { break }
            out.append(c)
            used += cw
        }
        return ellipsis + String(out.reversed())
    }

    /// Breaks text into lines of at most `width` columns at spaces; a word longer than a line is broken by
    /// characters. Continuation lines start with `indent`.
    public static func wrap(_ text: String, to width: Int, indent: String = "") -> [String] {
        guard width > of(indent) + 1 else { return [clip(text, to: max(1, width))] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func flush() { lines.append(line); line = indent; lineWidth = of(indent) }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let w = of(String(word))
            if lineWidth > of(indent) || (!lines.isEmpty && lineWidth > of(indent)) || (lines.isEmpty && lineWidth > 0) {
                if lineWidth + 1 + w <= width { line += " " + word; lineWidth += 1 + w; continue }
                flush()
            }
            if lineWidth + w <= width { line += word; lineWidth += w; continue }
            // A word wider than a line (a path, a command's `-only-testing:Target/Class/test`) breaks after a `/`,
            // `:`, `,` or `=` where it can, so that a name is not cut in the middle; a part still too wide, anywhere.
            for part in pieces(of: word) {
                let pw = of(String(part))
                if lineWidth + pw > width, lineWidth > of(indent), pw <= width - of(indent) { flush() }
                for c in part {
                    let cw = of(c)
                    if lineWidth + cw > width { flush() }
                    line.append(c)
                    lineWidth += cw
                }
            }
        }
        lines.append(line)
        return lines
    }
}

extension DisplayWidth {
    /// A word cut after each `/`, `:`, `,` and `=`: the places a long word may break.
    static func pieces(of word: Substring) -> [Substring] {
        var out: [Substring] = []
        var start = word.startIndex
        for i in word.indices where "/:,=".contains(word[i]) {
            let end = word.index(after: i)
            out.append(word[start..<end])
            start = end
        }
        if start < word.endIndex { out.append(word[start...]) }
        return out
    }
}

extension String {
    /// The string followed by spaces up to `width` display columns (at least one space).
    public func padded(to width: Int) -> String {
        let w = DisplayWidth.of(self)
        return self + String(repeating: " ", count: max(1, width - w))
    }
}

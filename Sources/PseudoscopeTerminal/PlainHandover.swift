import PseudoscopeCore

/// The page `showOutsideCurses` writes: what it is, the text as copied (its control characters made visible,
/// nothing else changed), and how to go back.
enum PlainHandover {
    static func page(_ text: String, what: String, localeIsUTF8: Bool) -> String {
        // Line by line: a line end is kept, every other control character is shown escaped.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let shown = TerminalText.sanitize(String(line.hasSuffix("\r") ? line.dropLast() : line))
            return localeIsUTF8 ? shown : TerminalText.asciiOnly(shown)
        }
        let title = TerminalText.sanitize(what)
        return "\r\n-- pseudoscope: the \(title), to select by hand --\r\n\r\n" + lines.joined(separator: "\r\n")
            + "\r\n\r\n-- press any key to return --\r\n"
    }
}

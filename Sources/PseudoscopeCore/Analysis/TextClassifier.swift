/// Classifies visible strings for the localization rules.
public enum TextClassifier {
    static let openMarker: Character = "［"
    static let closeMarker: Character = "］"
    /// Padding characters pseudo-localization adds to lengthen strings.
    static let padding: Set<Character> = ["·", "•", "~", "_"]

    /// Whether `text` went through the pseudo-localization layer: it carries the `［`...`］` markers.
    public static func hasMarkers(_ text: String) -> Bool {
        let t = text.trimmingWhitespace()
        return t.first == openMarker && t.last == closeMarker
    }

    /// The text without pseudo-localization markers and padding, so `［Konto···］` compares equal to `Konto`.
    public static func stripMarkers(_ text: String) -> String {
        var t = Substring(text.trimmingWhitespace())
        guard t.first == openMarker, t.last == closeMarker else { return String(t) }
        t = t.dropFirst().dropLast()
        while let l = t.last, padding.contains(l) { t = t.dropLast() }
        return String(t)
    }

    static let dateTimeWords: Set<String> = [
        "am", "pm", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "h", "m", "s", "min", "ms", "utc", "gmt", "k", "kb", "mb", "gb", "x",
    ]

    /// Numbers, prices, times and dates are not localized text: at least one digit, and every run of letters
    /// is a date/time/unit word (`AM`, `Jan`, `min`) or a currency code (three capitals).
    public static func isNumericLike(_ text: String) -> Bool {
        guard text.contains(where: \.isNumber) else { return false }
        var word = ""
        func wordOK(_ w: String) -> Bool {
            w.isEmpty || dateTimeWords.contains(w.lowercased()) || (w.count == 3 && w.allSatisfy(\.isUppercase))
        }
        for c in text {
            if c.isLetter { word.append(c); continue }
            if !wordOK(word) { return false }
            word = ""
        }
        return wordOK(word)
    }

    /// Strings with no letters and no digits (`—`, `•`, `:`) carry nothing to translate.
    public static func isPunctuationOnly(_ text: String) -> Bool {
        !text.contains { $0.isLetter || $0.isNumber }
    }

    /// Lower-cased text without markers, for keyword matches.
    static func keywordText(_ e: Element) -> String {
        (e.identifier + " " + stripMarkers(e.label)).lowercased()
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

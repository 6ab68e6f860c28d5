import Glibc

/// The ways a pseudo-localization layer marks the strings it handled. A visible string without its run's
/// marks bypassed the localization layer.
public enum PseudoScheme: String, CaseIterable, Sendable {
    /// The gate's own: `［Confirm···］`.
    case fullwidthBrackets = "fullwidth brackets ［…］"
    /// Xcode's Bounded String pseudolanguage: `[# Confirm #]`.
    case boundedString = "bounded string [# … #]"
    /// Android-style pseudo-locales: `[Çöñƒîŕɱ one two]`.
    case brackets = "brackets […]"
    /// Xcode's Double-Length pseudolanguage: `Confirm Confirm`.
    case doubleLength = "double length"

    /// Whether `text` carries this scheme's marks.
    public func marks(_ text: String) -> Bool { marksTrimmed(text.trimmingWhitespace()) }

    /// `marks` of a text already trimmed of whitespace.
    func marksTrimmed(_ t: String) -> Bool {
        // On bytes: this runs for every label of every archive (a mark followed by a combining character, which
        // `Character` comparison would reject, is not a case worth grapheme breaking for).
        if case .doubleLength = self { return PseudoScheme.halfOfDouble(t) != nil }
        var copy = t
        return copy.withUTF8 { b in
            let n = b.count
            switch self {
            case .fullwidthBrackets:
                return n >= 6 && b[0] == 0xEF && b[1] == 0xBC && b[2] == 0xBB && b[n - 3] == 0xEF && b[n - 2] == 0xBC && b[n - 1] == 0xBD
            case .boundedString: return n >= 2 && b[0] == 0x5B && b[1] == 0x23 && b[n - 2] == 0x23 && b[n - 1] == 0x5D
            case .brackets: return n >= 2 && b[0] == 0x5B && b[n - 1] == 0x5D && b[1] != 0x23
            case .doubleLength: return false
            }
        }
    }

    /// `Confirm` for `Confirm Confirm` (or `ConfirmConfirm`); nil when the text is not a doubled string.
    static func halfOfDouble(_ t: String) -> Substring? {
        // The halves of a doubled string are the same bytes (the pseudo-language repeats the string): a byte
        // comparison rejects almost every text without grapheme breaking (long CJK labels made this half of
        // `render`). A candidate is confirmed by characters below, unless it is ASCII without CR, where bytes
        // are characters.
        var copy = t
        let (candidate, ascii): (Bool, Bool) = copy.withUTF8 { b in
            let n = b.count
            let even = n % 2 == 0 && n >= 4 && memcmp(b.baseAddress!, b.baseAddress! + n / 2, n / 2) == 0
            let odd = n % 2 == 1 && n >= 3 && b[n / 2] == 0x20 && memcmp(b.baseAddress!, b.baseAddress! + n / 2 + 1, n / 2) == 0
            guard even || odd else { return (false, false) }
            return (true, b.allSatisfy { $0 < 0x80 && $0 != 0x0D })
        }
        guard candidate else { return nil }
        if ascii { return t[..<t.utf8.index(t.utf8.startIndex, offsetBy: t.utf8.count / 2)] }
        let chars = Array(t)
        guard chars.count >= 2 else { return nil }
        if chars.count % 2 == 0, chars[..<(chars.count / 2)] == chars[(chars.count / 2)...], chars.count >= 4 {
            return Substring(String(chars[..<(chars.count / 2)]))
        }
        if chars.count % 2 == 1 {
            let mid = chars.count / 2
            if chars[mid] == " ", chars[..<mid] == chars[(mid + 1)...] { return Substring(String(chars[..<mid])) }
        }
        return nil
    }
}

extension Archive {
    /// The pseudo-localization scheme the run's strings are marked with, detected from the labels of the element
    /// types the layer localizes; nil when none is marked (a normal or rtl run).
    public var pseudoScheme: PseudoScheme? {
        let types = LayoutChecker.localizedTextTypes
        return TextClassifier.detectScheme(hierarchy.elements.lazy.filter { types.contains($0.type) && !$0.label.isEmpty }.map { $0.label })
    }
}

/// Classifies visible strings for the localization rules.
public enum TextClassifier {
    /// Padding characters pseudo-localization adds to lengthen strings.
    static let padding: Set<Character> = ["·", "•", "~", "_"]
    /// Padding words Android-style pseudo-locales append (`[Ĥéļļö one two]`).
    static let paddingWords: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Whether `text` went through the gate's pseudo-localization layer: it carries the `［`...`］` markers.
    public static func hasMarkers(_ text: String) -> Bool {
        PseudoScheme.fullwidthBrackets.marks(text)
    }

    /// The scheme most of an archive's strings are marked with, or nil when none is (a normal or rtl run).
    public static func detectScheme<S: Sequence<String>>(_ texts: S) -> PseudoScheme? {
        // Counted in a fixed array, not a dictionary keyed by the scheme: a String-backed enum hashes its raw
        // value (normalizing it) on every count, which was half of this pass over every label.
        var counts = [Int](repeating: 0, count: detectionOrder.count)
        for text in texts {
            let t = text.trimmingWhitespace()
            // The bracket schemes first: a doubled string inside brackets is still bracketed.
            for k in detectionOrder.indices where detectionOrder[k].marksTrimmed(t) {
                counts[k] += 1
                break
            }
        }
        // The most frequent; a tie goes to the scheme whose name sorts first.
        var best: Int?
        for k in counts.indices where counts[k] > 0 {
            if let b = best, counts[k] < counts[b] || (counts[k] == counts[b] && detectionOrder[k].rawValue > detectionOrder[b].rawValue) { continue }
            best = k
        }
        return best.map { detectionOrder[$0] }
    }

    static let detectionOrder: [PseudoScheme] = [.fullwidthBrackets, .boundedString, .brackets, .doubleLength]

    /// The text without pseudo-localization marks and padding, so `［Konto···］`, `[# Konto #]` and
    /// `Konto Konto` all compare equal to `Konto`.
    public static func stripMarkers(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        // Every mark starts with a bracket: most texts end here, with no character walk (the matcher strips the
        // text of every element of both runs it compares).
        guard let lead = trimmed.utf8.first, lead == UInt8(ascii: "[") || lead == 0xEF else { return trimmed }
        var t = Substring(trimmed)
        if t.first == "［", t.last == "］" {
            t = t.dropFirst().dropLast()
            while let l = t.last, padding.contains(l) { t = t.dropLast() }
            return String(t)
        }
        if t.hasPrefix("[#"), t.hasSuffix("#]"), t.count >= 4 {
            return String(t.dropFirst(2).dropLast(2)).trimmingWhitespace()
        }
        if t.first == "[", t.last == "]" {
            var words = t.dropFirst().dropLast().split(separator: " ")
            while let w = words.last, words.count > 1, paddingWords.contains(w.lowercased()) { words.removeLast() }
            return words.joined(separator: " ")
        }
        return String(t)
    }

    /// How many marked pieces a string holds: `［Total···］: ［3 items···］` holds two.
    public static func markedPieces(_ text: String, scheme: PseudoScheme) -> Int {
        switch scheme {
        // By the scalar: a bracket with a mark piled on it still opens a piece.
        case .fullwidthBrackets: return text.unicodeScalars.count { $0 == "［" }
        case .boundedString: return text.components(separatedBy: "[#").count - 1
        case .brackets: return text.unicodeScalars.count { $0 == "[" }
        case .doubleLength: return 0
        }
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

    /// Whether `text` contains `needle` as whole characters: a match whose last letter is extended by a
    /// following combining mark, joiner or variation selector is not one.
    static func contains(_ text: String, _ needle: String) -> Bool {
        // Most texts do not hold the needle's bytes at all; only those that do are compared by characters.
        guard !needle.isEmpty else { return true }
        guard text.utf8Contains(needle) else { return false }
        let t = Array(text), n = Array(needle)
        guard !n.isEmpty, t.count >= n.count else { return n.isEmpty }
        return (0...(t.count - n.count)).contains { i in t[i..<(i + n.count)].elementsEqual(n) }
    }

    /// Whether `text` holds `word` (lower-case ASCII letters) in any letter case, compared by the byte. A text
    /// without it does not hold it once lower-cased either, for words without a `k`: outside ASCII only the Kelvin
    /// sign lower-cases to an ASCII letter (`k`); the dotted capital I becomes an `i` with a combining dot, which is
    /// no `i` as a character.
    static func holdsIgnoringASCIICase(_ text: String, _ word: [UInt8]) -> Bool {
        var t = text
        return t.withUTF8 { b in
            guard b.count >= word.count else { return false }
            // `| 0x20` folds an ASCII capital onto its lower-case letter, and nothing else onto a letter.
            return (0...(b.count - word.count)).contains { start in word.indices.allSatisfy { b[start + $0] | 0x20 == word[$0] } }
        }
    }

    /// A rough width of `text` in points at `fontSize`: wide characters an em, others a little over half.
    /// For deciding whether short text in a wide frame can reach a neighbour, nothing finer.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        text.reduce(0.0) { $0 + (DisplayWidth.of($1) == 2 ? 1.0 : 0.55) } * fontSize
    }
}

extension String {
    func trimmingWhitespace() -> String {
        // A character is whitespace by its first scalar. The last scalar begins the last character, or joins one
        // begun by a scalar that is no whitespace either, when it is not a mark or joiner (`beginsCharacter`, none
        // of them whitespace); likewise the first scalar after leading spaces and tabs (a dump's indented lines).
        // Then the trimmed text is found by the byte, without breaking the text into characters.
        if let last = unicodeScalars.last, String.beginsCharacter(last),
            let start = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), String.beginsCharacter(unicodeScalars[start])
        {
            return start == utf8.startIndex ? self : String(self[start...])
        }
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// Whether a scalar is neither whitespace nor one that extends the character before it (a mark, a joiner, a
    /// selector): printable ASCII, Latin, Greek, Cyrillic, Hebrew and Arabic letters, general and CJK
    /// punctuation, Thai consonants, kana, ideographs, Hangul syllables, fullwidth forms and emoji.
    static func beginsCharacter(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x21...0x7E, 0xA1..<0x300, 0x370...0x3FF, 0x400...0x482, 0x48A...0x4FF, 0x5D0...0x5EA, 0x620...0x64A, 0x0E01...0x0E30,
            0x2010...0x2027, 0x3001...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E,
            // Emoji, less the skin tones (which extend the emoji before them).
            0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }
}

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
        // Counted by the scalar when every character is one (`DisplayWidth.standsAlone`): filtering characters
        // was most of the concatenated-string rule.
        case .fullwidthBrackets: return loneScalars(text, 0xFF3B) ?? text.filter { $0 == "［" }.count
        case .boundedString: return text.components(separatedBy: "[#").count - 1
        case .brackets: return loneScalars(text, 0x5B) ?? text.filter { $0 == "[" }.count
        case .doubleLength: return 0
        }
    }

    /// How many times `scalar` stands in `text`, when each of its characters is a lone scalar; nil otherwise.
    static func loneScalars(_ text: String, _ scalar: UInt32) -> Int? {
        DisplayWidth.sumOverLoneScalars(text, 0) { n, v in v == scalar ? n + 1 : n }
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

    /// Whether `text` contains the ASCII `needle` as whole characters: found on bytes, not with Foundation's
    /// `contains` (which went through NSString for every element of every rtl run). A match whose last letter
    /// is extended by a following combining mark, joiner or variation selector is not one, as with characters.
    static func contains(_ text: String, ascii needle: StaticString) -> Bool { contains(text, ascii: needle, foldingCase: false) }

    /// `contains(keywordText(e), ascii: needle)` for a lower-case needle without a space, without building the
    /// lower-cased text: the identifier and the label (its markers stripped) searched apart, each with ASCII
    /// letters compared case-blind. Lower-casing Unicode was a tenth of checking an rtl run. The same answer:
    /// a needle without a space cannot span the two, and lower-casing turns no character outside ASCII into
    /// ASCII but the Kelvin sign and the dotted capital I, with which the text is lower-cased as before.
    static func keywordContains(_ e: Element, ascii needle: StaticString) -> Bool {
        containsLowercased(e.identifier, ascii: needle) || containsLowercased(stripMarkers(e.label), ascii: needle)
    }

    /// A text searched for several lower-case names (`containsLowercased`) with the letters it holds found once:
    /// a name whose letters are not all there is not looked for (most identifiers and labels hold none of the
    /// rtl rule's six names' letters, and searching for each was a thirtieth of a night).
    struct KeywordText {
        let text: String
        /// Bit k: the letter `a` + k in either case; every bit when the text holds a character that lower-cases
        /// into ASCII (`containsLowercased`), which is then always searched.
        let letters: UInt32

        init(_ text: String) {
            self.text = text
            var copy = text
            letters = copy.withUTF8 { b in
                var bits: UInt32 = 0
                for k in b.indices {
                    let c = b[k] | 0x20
                    if c >= 0x61, c <= 0x7A, b[k] < 0x80 { bits |= 1 << UInt32(c - 0x61) }
                    if b[k] == 0xC4, k + 1 < b.count, b[k + 1] == 0xB0 { return UInt32.max }
                    if b[k] == 0xE2, k + 2 < b.count, b[k + 1] == 0x84, b[k + 2] == 0xAA { return UInt32.max }
                }
                return bits
            }
        }

        func contains(_ needle: Keyword) -> Bool {
            letters & needle.letters == needle.letters && TextClassifier.containsLowercased(text, ascii: needle.text)
        }
    }

    /// A keyword looked for in `KeywordText`s, with its letters found once (finding them again for each text
    /// was most of looking).
    struct Keyword: Sendable {
        let text: StaticString
        /// Bit k: the letter `a` + k.
        let letters: UInt32

        init(_ text: StaticString) {
            self.text = text
            var need: UInt32 = 0
            for k in 0..<text.utf8CodeUnitCount {
                let c = text.utf8Start[k]
                if c >= 0x61, c <= 0x7A { need |= 1 << UInt32(c - 0x61) }
            }
            letters = need
        }
    }

    static func containsLowercased(_ text: String, ascii needle: StaticString) -> Bool {
        var copy = text
        let foldsToASCII = copy.withUTF8 { b -> Bool in
            // U+212A KELVIN SIGN (E2 84 AA) lower-cases to "k", U+0130 (C4 B0) to "i" and a combining dot.
            for k in b.indices where b[k] == 0xC4 || b[k] == 0xE2 {
                if b[k] == 0xC4, k + 1 < b.count, b[k + 1] == 0xB0 { return true }
                if b[k] == 0xE2, k + 2 < b.count, b[k + 1] == 0x84, b[k + 2] == 0xAA { return true }
            }
            return false
        }
        return foldsToASCII ? contains(text.lowercased(), ascii: needle) : contains(text, ascii: needle, foldingCase: true)
    }

    private static func contains(_ text: String, ascii needle: StaticString, foldingCase: Bool) -> Bool {
        let n = needle.utf8CodeUnitCount
        let q = needle.utf8Start
        var copy = text
        @inline(__always) func folded(_ c: UInt8) -> UInt8 { foldingCase && c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
        return copy.withUTF8 { b in
            guard n > 0, b.count >= n else { return n == 0 }
            var i = 0
            while i + n <= b.count {
                var k = 0
                while k < n, folded(b[i + k]) == q[k] { k += 1 }
                if k == n, !startsExtension(b, at: i + n) { return true }
                i += 1
            }
            return false
        }
    }

    /// Whether the scalar starting at byte `i` extends the character before it.
    private static func startsExtension(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i < b.count, b[i] >= 0xC0 else { return false }
        let c = b[i]
        let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
        guard i + length <= b.count else { return false }
        var v = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { v = v << 6 | UInt32(b[i + k] & 0x3F) }
        guard let u = Unicode.Scalar(v) else { return false }
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true }
        switch u.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// A rough width of `text` in points at `fontSize`: wide characters an em, others a little over half.
    /// For deciding whether short text in a wide frame can reach a neighbour, nothing finer.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        // ASCII, as most labels are: no character is wide and each byte is one, but for "\r\n" (a character of
        // two bytes). Counted by the byte: breaking the text into characters was most of the overlap rule.
        var text = text
        if let ascii = text.withUTF8({ b -> Int? in
            var n = b.count, previous: UInt8 = 0
            for byte in b {
                guard byte < 0x80 else { return nil }
                if byte == 0x0A, previous == 0x0D { n -= 1 }
                previous = byte
            }
            return n
        }) {
            var em = 0.0
            for _ in 0..<ascii { em += 0.55 }  // summed as the general path sums, to the same last bit
            return em * fontSize
        }
        if let em = DisplayWidth.sumOverLoneCharacters(text, 0.0, { $0 + ($1 == 2 ? 1.0 : 0.55) }) { return em * fontSize }
        var em = 0.0
        for c in text { em += DisplayWidth.of(c) == 2 ? 1.0 : 0.55 }
        return em * fontSize
    }
}

extension String {
    func trimmingWhitespace() -> String {
        // Most texts neither start nor end in whitespace: no copy, and no grapheme breaking. A character is
        // whitespace by its first scalar; the last scalar is a whole character when it is one of the starters
        // below (nothing there combines with what precedes it), or belongs to one that no blank starts (a Hangul
        // syllable after its leading jamo, an emoji after a joiner that follows an emoji).
        func starter(_ v: UInt32) -> Bool {
            if v < 0x0800 {
                return (0x21..<0x7F).contains(v) || (0x00A1...0x024F).contains(v)  // Latin letters and signs
                    || (0x0370...0x03FF).contains(v) || (0x0400...0x0482).contains(v) || (0x048A...0x04FF).contains(v)  // Greek, Cyrillic
                    || (0x05D0...0x05EA).contains(v) || (0x0620...0x064A).contains(v)  // Hebrew and Arabic letters
            }
            // CJK, fullwidth, Hangul, kana, Thai
            return (0x4E00...0x9FFF).contains(v) || (0xFF01...0xFF5E).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0x3041...0x3096).contains(v) || (0x30A1...0x30FA).contains(v) || (0x0E01...0x0E30).contains(v)
                || (0x2010...0x2027).contains(v)  // dashes, quotes, `·`, `…`
                // Emoji, less the skin tones (which extend the emoji before them)
                || (0x1F300...0x1F3FA).contains(v) || (0x1F400...0x1F64F).contains(v) || (0x1F680...0x1F6FF).contains(v)
                || (0x1F900...0x1F9FF).contains(v)
        }
        // The end scalars decoded from the bytes in place (the string's scalar view decodes through its index
        // machinery, several hundred instructions for the two): a starter at both ends is most labels.
        let ends = utf8.withContiguousStorageIfAvailable { b -> (UInt32, UInt32)? in
            guard let first = b.first, let last = b.last else { return nil }
            func scalar(at k: Int) -> UInt32 {
                let c = b[k]
                let n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
                guard n > 1, k + n <= b.count else { return UInt32(c) }
                var v = UInt32(c) & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07)
                for j in 1..<n { v = v << 6 | UInt32(b[k + j] & 0x3F) }
                return v
            }
            if first < 0x80 && last < 0x80 { return (UInt32(first), UInt32(last)) }
            var k = b.count - 1
            while k > 0, b[k] & 0xC0 == 0x80 { k -= 1 }
            return (scalar(at: 0), scalar(at: k))
        }
        if let e = ends, let (f, l) = e, starter(f), starter(l) { return self }
        guard let f = unicodeScalars.first, let l = unicodeScalars.last else { return self }
        if starter(l.value) {
            if starter(f.value) || !f.properties.isWhitespace { return self }
            // An indented line: spaces and tabs, then a starter (so each blank is a character of its own). Cut by
            // the byte, not by breaking the line into characters.
            let u = utf8
            var i = u.startIndex
            while i != u.endIndex, u[i] == 0x20 || u[i] == 0x09 { i = u.index(after: i) }
            if i != u.endIndex, starter(unicodeScalars[i].value) { return String(self[i...]) }
        }
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// One element line of XCUITest's `debugDescription` (`Button, 0x…, {{x, y}, {w, h}}, identifier: 'id', …`): its
/// type, frame, quoted and unquoted values and flags (`DebugDescriptionParser` places the lines in a tree).
extension DebugDescriptionParser {
    static let quotedKeys = ["identifier", "label", "title", "placeholderValue"]
    static let knownKeys = [
        "identifier", "label", "title", "placeholderValue", "value", "pid", "traits", "hitPoint", "activationBundleId", "context", "payload",
    ]
    /// `identifier:` and the rest, made once: a value's end is looked for at every quote and comma of a line.
    static let knownKeyColons = knownKeys.map { $0 + ":" }
    static let flags = ["Keyboard Focused", "Selected", "Disabled", "Focused", "Main Window", "Secure", "Editable"]

    /// Parses `Button, 0x…, {{x, y}, {w, h}}, identifier: 'id', label: 'text', Selected`, and the Xcode 7 and 8
    /// forms, or returns nil when the line is not an element.
    static func parseElementLine(_ raw: String, number: Int) -> ParsedLine? {
        // Work on the line's own storage: converting every line to an array of Characters was the importer's
        // main cost on large dumps.
        var head = Substring(raw)
        // In columns, a tab to the next multiple of eight: a dump whose indentation an editor or a wiki turned
        // into tabs (wholly, or tabs then spaces) keeps its order of depths, which is all the tree is built from.
        var indent = 0
        while let c = head.first, c == " " || c == "\t" {
            indent = c == " " ? indent + 1 : (indent / 8 + 1) * 8
            head = head.dropFirst()
        }
        var isPath = false
        if head.first == "→" { head = head.dropFirst() } else if head.first == "↳" { head = head.dropFirst(); isPath = true }
        // The type: a capitalized word.
        guard let first = head.first, first.isUppercase, first.isASCII else { return nil }
        // Its end found by the byte (ASCII letters and digits); a non-ASCII byte there may be a mark that combines
        // with the letter before it, so the characters decide then.
        func isAlphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        var typeEnd = head.utf8.firstIndex { !isAlphanumeric($0) } ?? head.endIndex
        if typeEnd != head.endIndex, head.utf8[typeEnd] >= 0x80 {
            typeEnd = head.firstIndex { !(($0.isLetter || $0.isNumber) && $0.isASCII) } ?? head.endIndex
        }
        let type = String(head[..<typeEnd])
        var rest = head[typeEnd...]
        if rest.utf8HasPrefix(" (Main)") { rest = rest.dropFirst(7) }
        // After the type: `, 0x…`, ` 0x…:`, `, {{`, `, identifier:`… Anything else is prose.
        var r = rest
        var sawAddress = false
        if r.utf8HasPrefix(",") { r = r.dropFirst() }
        r = r.drop { $0 == " " }
        if r.utf8HasPrefix("0x") {
            r = r.dropFirst(2).drop { $0.isHexDigit }
            if r.utf8HasPrefix(":") { r = r.dropFirst() }
            sawAddress = true
        }
        var e = Element(type: type)
        var sawAttribute = false
        var isXcode7 = false
        while !r.isEmpty {
            r = r.drop { $0 == " " || $0 == "," }
            if r.isEmpty { break }
            if r.utf8HasPrefix(")}") { break }
            if r.utf8HasPrefix("{{") {
                guard let (frame, after) = parseFrame(r) else { return nil }
                e.frame = frame
                r = after
                sawAttribute = true
                continue
            }
            if r.utf8HasPrefix("<XCAccessibilityElement") { isXcode7 = true; break }  // Xcode 7: the rest is the element's private identity
            if let flag = flags.first(where: { r.utf8HasPrefix($0) && isTokenEnd(r.dropFirst($0.count)) }) {
                switch flag {
                case "Selected": e.isSelected = true
                case "Disabled": e.isEnabled = false
                case "Focused", "Keyboard Focused": e.hasFocus = true
                default: break
                }
                r = r.dropFirst(flag.count)
                sawAttribute = true
                continue
            }
            guard let k = knownKeyColons.firstIndex(where: { r.utf8HasPrefix($0) }) else {
                // Unknown token: skip to the next separator.
                if let comma = r.utf8Range(of: ", ") { r = r[comma.upperBound...] } else { r = "" }
                continue
            }
            let key = knownKeys[k]
            r = r.dropFirst(key.count + 1).drop { $0 == " " }
            sawAttribute = true
            if quotedKeys.contains(key) {
                let value: String
                if r.first == "'" {
                    // No quote closes it on this line: the value goes on past the line (`continuedElement`) or was
                    // cut off.
                    guard let end = closingQuote(r) else { return nil }
                    value = String(r[r.index(after: r.startIndex)..<end])
                    r = r[r.index(after: end)...]
                } else {
                    value = unquotedValue(&r)  // written without quotes: read as a value is
                }
                switch key {
                case "identifier": e.identifier = value
                case "label": e.label = value
                case "title": e.title = value
                default: e.placeholderValue = value
                }
            } else if key == "value" {
                e.value = unquotedValue(&r)
            } else if key == "hitPoint" || key == "payload" {
                if let close = r.firstIndex(of: "}") { r = r[r.index(after: close)...] } else { r = "" }
            } else {
                if let comma = r.utf8Range(of: ", ") { r = r[comma.upperBound...] } else { r = "" }
            }
        }
        guard sawAddress || sawAttribute else { return nil }
        return ParsedLine(indent: indent, element: e, line: number, isPathStep: isPath, isXcode7: isXcode7)
    }

    /// `Other, 0x…`, `Button 0x…:`, `Window (Main), {{`: the start of an element line, whether or not it parses.
    static func looksLikeElementStart(_ line: String) -> Bool {
        var t = Substring(line.trimmingWhitespace())
        if t.first == "→" || t.first == "↳" { t = t.dropFirst() }
        guard let f = t.first, f.isUppercase, f.isASCII else { return false }
        let word = t.prefix { $0.isLetter || $0.isNumber }
        var after = t.dropFirst(word.count)
        if after.utf8HasPrefix(" (Main)") { after = after.dropFirst(7) }
        return after.utf8HasPrefix(", 0x") || after.utf8HasPrefix(" 0x") || after.utf8HasPrefix(", {{") || after.utf8HasPrefix(", identifier:")
            || after.utf8HasPrefix(", label:") || after.utf8HasPrefix(", pid:")
    }

    /// A line that ends where more was due: after a key, a comma, or inside braces or quotes.
    static func isDangling(_ line: String) -> Bool {
        let t = line.trimmingWhitespace()
        if t.hasSuffix(":") || t.hasSuffix(",") && !t.hasSuffix("}},") { return true }
        return braceBalance(t) > 0
    }

    static func isTokenEnd(_ s: Substring) -> Bool {
        s.isEmpty || s.utf8HasPrefix(",") || s.utf8HasPrefix(" ") || s.utf8HasPrefix(")")
    }

    /// `{{x, y}, {w, h}}` (the last brace may be missing at the end of a line), numbers may be `-0.0` or `inf`.
    static func parseFrame(_ s: Substring) -> (Rect, Substring)? {
        // Any text may arrive here (an element snapshot's `NS.rectval` is a stranger's string): it must open with
        // `{{` and close after that.
        guard s.utf8HasPrefix("{{") else { return nil }
        let open = s.index(s.startIndex, offsetBy: 2)
        let rest = s[open...]
        guard let close = rest.utf8Range(of: "}}") ?? (rest.hasSuffix("}") ? rest.index(before: rest.endIndex)..<rest.endIndex : nil) else {
            return nil
        }
        let inner = s[open..<close.lowerBound]
        guard let numbers = frameNumbers(inner) else { return nil }
        func finite(_ d: Double) -> Double { d.isFinite ? max(-ArchiveDecoder.maxCoordinate, min(ArchiveDecoder.maxCoordinate, d)) : 0 }
        let rect = Rect(x: finite(numbers.0), y: finite(numbers.1), width: max(0, finite(numbers.2)), height: max(0, finite(numbers.3)))
        return (rect, s[close.upperBound...])
    }

    /// The numbers of a frame's inside (`0.0, 0.0}, {440.0, 956.0`): its words between commas, braces and spaces
    /// that read as numbers, when there are exactly four; others are passed over. Split by the byte, as the
    /// separators are ASCII, and each word read in place: the common number (`JSONParser.simpleNumber`, the value
    /// strtod gives) without making a string of it, any other through `Double`. Splitting into an array of words
    /// and reading each through a string was 12,000 instructions a frame.
    static func frameNumbers(_ inner: Substring) -> (Double, Double, Double, Double)? {
        func isSeparator(_ c: UInt8) -> Bool { c == 0x2C || c == 0x7B || c == 0x7D || c == 0x20 }
        let read = inner.utf8.withContiguousStorageIfAvailable { b -> (Double, Double, Double, Double)? in
            var values = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            var i = 0
            while i < b.count {
                if isSeparator(b[i]) { i += 1; continue }
                var j = i
                while j < b.count, !isSeparator(b[j]) { j += 1 }
                let word = UnsafeBufferPointer(rebasing: b[i..<j])
                let value: Double?
                if let simple = JSONParser.simpleNumber(word, at: 0), simple.end == word.count {
                    value = simple.value
                } else {
                    value = Double(String(decoding: word, as: UTF8.self))
                }
                i = j
                guard let v = value else { continue }
                switch count {
                case 0: values.0 = v
                case 1: values.1 = v
                case 2: values.2 = v
                case 3: values.3 = v
                default: return nil
                }
                count += 1
            }
            return count == 4 ? values : nil
        }
        if let read { return read }
        let numbers = inner.utf8.split(whereSeparator: isSeparator).compactMap { Double(Substring($0)) }
        return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
    }

    /// Quoted values are not escaped (`label: 'YOU'RE'`): the closing quote is the first one followed by
    /// `, <key>:` for a key this reader knows, `, <Flag>` or a frame; else the first followed by `, <word>:` for
    /// any key-like word (a key a newer Xcode prints, `hint: '…'`, which would otherwise end up in the label);
    /// else the last, before a closing `)}` or the end of the line. Nil when none closes the value on this line.
    static func closingQuote(_ s: Substring) -> Substring.Index? {
        var i = s.index(after: s.startIndex)
        var beforeOtherKey: Substring.Index?
        while i < s.endIndex {
            // Quotes found by the byte, each then taken as the character it starts (a quote a mark combines with
            // is not one), so that only the few quotes of a line are looked at as characters.
            guard let q = s.utf8[i...].firstIndex(of: 0x27) else { break }
            i = q
            if s[i] == "'" {
                let after = s[s.index(after: i)...]
                let t = after.trimmingTrailingCommaSpace()
                if t.isEmpty || t == ")}" { return beforeOtherKey ?? i }
                if after.utf8HasPrefix(", ") {
                    let next = after.dropFirst(2)
                    if knownKeyColons.contains(where: { next.utf8HasPrefix($0) }) { return i }
                    if flags.contains(where: { next.utf8HasPrefix($0) && isTokenEnd(next.dropFirst($0.count)) }) { return i }
                    if next.utf8HasPrefix("{{") { return i }
                    if beforeOtherKey == nil, startsWithKeyLikeWord(next) { beforeOtherKey = i }
                }
            }
            i = s.index(after: i)
        }
        return beforeOtherKey
    }

    /// `userInputLabels:`, `hint:`: a lower-case ASCII word of letters and a colon.
    static func startsWithKeyLikeWord(_ s: Substring) -> Bool {
        let word = s.utf8.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        guard let first = word.first, (0x61...0x7A).contains(first) else { return false }
        return word.endIndex < s.utf8.endIndex && s.utf8[word.endIndex] == 0x3A
    }

    /// An unquoted value, up to the next `, <key>:` or `, <Flag>` or the end of the line, trimmed, without a
    /// trailing comma or enclosing quotes; `r` moves past it.
    static func unquotedValue(_ r: inout Substring) -> String {
        let end = unquotedEnd(r)
        var value = String(r[..<end]).trimmingWhitespace()
        if value.hasSuffix(",") { value.removeLast() }
        if value.count >= 2, value.first == "'", value.last == "'" { value = String(value.dropFirst().dropLast()) }
        r = r[end...]
        return value
    }

    /// An unquoted value ends before `, <key>:` or `, <Flag>` or at the end of the line.
    static func unquotedEnd(_ s: Substring) -> Substring.Index {
        var search = s.startIndex
        while let comma = s[search...].utf8Range(of: ", ") {
            let next = s[comma.upperBound...]
            if knownKeyColons.contains(where: { next.utf8HasPrefix($0) })
                || flags.contains(where: { next.utf8HasPrefix($0) && isTokenEnd(next.dropFirst($0.count)) })
            {
                return comma.lowerBound
            }
            search = comma.upperBound
        }
        return s.endIndex
    }
}

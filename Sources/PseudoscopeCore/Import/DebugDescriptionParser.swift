/// Reads XCUITest `debugDescription` text (Xcode 7 to 27): `Element subtree:` trees, flat `from input {( … )}`
/// lists, query `Output: {` lists and `Path to element:` chains, in that order of preference.
///
/// Apple does not document the format; docs/import.md lists the variants and how each maps to elements.
enum DebugDescriptionParser {
    /// Where a line belongs.
    enum Section { case loose, attributes, tree, path, query, flatList }

    struct ParsedLine {
        var indent: Int
        var element: Element
        var line: Int
        var isPathStep: Bool
        /// Written in Xcode 7's form, which prints no labels.
        var isXcode7 = false
    }

    static func parse(_ text: String, file: String, limits: LoadLimits) throws -> ImportedDump {
        let lines = joinSplitFrames(text.splitLines().map { String($0) })
        var section = Section.loose
        var treeBlocks: [[ParsedLine]] = []
        var looseLines: [ParsedLine] = []
        var flat: [ParsedLine] = []
        var queryOutput: [ParsedLine] = []
        var currentQueryOutput: [ParsedLine] = []
        var path: [ParsedLine] = []
        var notes: [String] = []
        var elided = 0
        var valueCutAtEnd: Int?  // the line of an element whose quoted value runs to the end of the dump
        var unreadable: [Int] = []  // lines that start like an element but could not be read

        var k = 0
        while k < lines.count {
            let number = k + 1
            let raw = lines[k]
            k += 1
            var line = stripPrefixes(raw)
            let content = line.trimmingWhitespace()
            if content.isEmpty { continue }
            // Compared by the byte (`utf8HasPrefix`): every line is asked a dozen times.
            let starts = content.utf8HasPrefix
            if starts("Attributes:") { section = .attributes; continue }
            if starts("Element subtree:") { section = .tree; treeBlocks.append([]); continue }
            if starts("Path to element:") { section = .path; continue }
            if starts("Query chain:") { section = .query; continue }
            if content.hasSuffix("from input {(") { section = .flatList; flat = []; continue }
            if section == .flatList && starts(")}") { section = .loose; continue }
            if starts("Output: {") { currentQueryOutput = []; if section != .query { section = .query }; continue }
            if section == .query && content == "}" { if !currentQueryOutput.isEmpty { queryOutput = currentQueryOutput }; continue }
            if starts("t =") || starts("(lldb)") || starts("↪") || starts("→Find:") || starts("Find:") { continue }
            if content == "..." || content == "…" || content.allSatisfy({ $0 == "." || $0 == " " }) { elided += 1; continue }

            // Strip a `/* */` or `*` comment frame and the arrows that mark roots and path steps.
            if content.hasPrefix("* ") || content == "*" { line = line.replacingFirst("*", with: " ") }
            // A line that is not an element is passed over; a dump cut mid-element is detected at the end.
            var element = parseElementLine(line, number: number)
            if element == nil {
                switch continuedElement(line, before: k, in: lines, prefixed: line.utf8.count != raw.utf8.count, number: number) {
                case .element(let joined, let used): element = joined; k += used
                case .cutAtEnd: valueCutAtEnd = number
                case .none: if looksLikeElementStart(line) { unreadable.append(number) }
                }
            }
            guard let parsed = element else { continue }
            switch section {
            case .attributes:
                // The receiver's own line: its subtree follows and repeats it.
                continue
            case .tree: treeBlocks[treeBlocks.count - 1].append(parsed)
            case .path: path.append(parsed)
            case .query: currentQueryOutput.append(parsed)
            case .flatList: flat.append(parsed)
            case .loose:
                if parsed.isPathStep { path.append(parsed) } else { looseLines.append(parsed) }
            }
        }
        if section == .query, !currentQueryOutput.isEmpty { queryOutput = currentQueryOutput }

        var builder = HierarchyBuilder(limits: limits, file: file)
        let tree = (treeBlocks + [looseLines]).filter { !$0.isEmpty }
        var structure = ImportFacts.Structure.complete
        var used: [ParsedLine] = []
        if !tree.isEmpty {
            for block in tree {
                // Indentation is relative to each block's root; deeper lines are children of the last shallower one.
                let base = block[0].indent
                for p in block { try builder.add(p.element, level: max(0, p.indent - base) + 1, line: p.line) }
            }
            used = tree.flatMap { $0 }
        } else if !flat.isEmpty {
            for p in flat { try builder.add(p.element, level: 1, line: p.line) }
            notes.append("a flat list of \(flat.count) elements: the dump holds no hierarchy, so no element's parent, children or siblings are known")
            structure = .flatList
            used = flat
        } else if !queryOutput.isEmpty {
            for p in queryOutput { try builder.add(p.element, level: 1, line: p.line) }
            notes.append("the elements of a query's output: the dump holds no hierarchy, so no element's parent, children or siblings are known")
            structure = .queryOutput
            used = queryOutput
        } else if !path.isEmpty {
            for (k, p) in path.enumerated() { try builder.add(p.element, level: k + 1, line: p.line) }
            notes.append("only a path to an element: each step is the parent of the next, and their other children are unknown")
            structure = .pathOnly
            used = path
        }
        // A dump cut off mid-element ends in a line that starts like an element but is broken or dangling; one whose
        // element subtree runs to the end of the text, with no `Path to element:` after it, may have been cut after
        // a whole line. Either way the elements open at the end may have children nobody saw.
        var incompleteNote: String?
        let lastContent = lines.lastIndex { !$0.trimmingWhitespace().isEmpty }
        if builder.elements.count > 0, let k = lastContent {
            let last = stripPrefixes(lines[k])
            if let start = valueCutAtEnd, start < k + 1 {
                incompleteNote = "the dump stops at line \(k + 1) inside a quoted value begun at line \(start)"
                builder.markOpenElementsCut()
            } else if looksLikeElementStart(last) && (parseElementLine(last, number: k + 1) == nil || isDangling(last)) {
                incompleteNote = "the dump stops at line \(k + 1) in the middle of an element (\"\(last.trimmingWhitespace().prefix(40))\")"
                builder.markOpenElementsCut()
            } else if section == .tree && structure == .complete {
                notes.append(
                    "the element subtree runs to the end of the dump (no 'Path to element:' follows): its last elements may have more children")
                builder.markOpenElementsCut()
            }
        }
        // Said, not passed over in silence: the element is missing, and the lines below it that were its children
        // now hang under the element above it. (The last line is the incomplete note's.)
        unreadable.removeAll { $0 == lastContent.map { $0 + 1 } }
        if let first = unreadable.first {
            notes.append(
                unreadable.count == 1
                    ? "line \(first) starts like an element but could not be read: it is left out, and the elements below it may hang under the wrong parent"
                    : "\(unreadable.count) lines that start like elements could not be read (the first: line \(first)): they are left out, and the elements below them may hang under the wrong parent"
            )
        }
        let (elements, addedRoot) = builder.finish()
        if addedRoot { notes.append("an Application root was added above the dump's top-level elements") }
        if elided > 0 { notes.append("\(elided) elided line\(elided == 1 ? "" : "s") ('...') left out") }
        var dump = ImportedDump(format: .debugDescription, elements: elements, notes: notes)
        dump.incompleteNote = incompleteNote
        dump.structure = structure
        // Xcode 7 printed no labels: a label that is missing there was never written, not missing from the app.
        dump.labelsRecorded = !(used.allSatisfy(\.isXcode7) && !used.isEmpty)
        if !dump.labelsRecorded { notes.append("Xcode 7's format prints no labels: missing labels are not judged") }
        dump.notes = notes
        return dump
    }

    /// Joins a line whose frame was split by a stray newline (`{393.0, 852.0}` + newline + `}`) with the next.
    static func joinSplitFrames(_ lines: [String]) -> [String] {
        var out: [String] = []
        var k = 0
        while k < lines.count {
            var line = lines[k]
            while k + 1 < lines.count, braceBalance(line) > 0, line.utf8Contains("{{"), parseElementLine(lines[k + 1], number: 0) == nil,
                !lines[k + 1].trimmingWhitespace().isEmpty
            {
                line += lines[k + 1].trimmingWhitespace()
                k += 1
                out.append("")  // keep line numbers stable
            }
            out.append(line)
            k += 1
        }
        return out
    }

    static func braceBalance(_ s: String) -> Int {
        var b = 0
        for c in s.utf8 { if c == 0x7B { b += 1 } else if c == 0x7D { b -= 1 } }  // by the byte: braces are ASCII
        return b
    }

    /// How many lines, and bytes, a value with line breaks may run over (a label of a few paragraphs): each line
    /// taken parses the element again, so an unclosed quote in a hostile dump costs at most this much.
    static let maxContinuationLines = 64
    static let maxContinuationBytes = 64 << 10

    /// A quoted value printed with its line breaks (`label: 'Shipped.` newline `Arrives tomorrow.'`: XCUITest
    /// prints labels as they are): the element's line goes on over the next lines until its quote closes. Each
    /// read line was an element lost, and the rest of the label read as prose or as an element of its own.
    /// Gives the element and how many more lines it took; `.cutAtEnd` when the dump ends before the quote
    /// closes (a dump cut inside a label); `.none` when another element's line or the bounds below come first.
    static func continuedElement(_ line: String, before next: Int, in lines: [String], prefixed: Bool, number: Int) -> Continuation {
        guard line.utf8Contains(": '"), looksLikeElementStart(line) else { return .none }
        var joined = line
        var used = 0
        while used < maxContinuationLines, joined.utf8.count < maxContinuationBytes {
            guard next + used < lines.count else { return used > 0 ? .cutAtEnd : .none }
            let more = prefixed ? stripPrefixes(lines[next + used]) : lines[next + used]
            if looksLikeElementStart(more), parseElementLine(more, number: 0) != nil { return .none }
            joined += "\n" + more
            used += 1
            if let parsed = parseElementLine(joined, number: number) { return .element(parsed, lines: used) }
        }
        return .none
    }

    enum Continuation {
        case element(ParsedLine, lines: Int)
        case cutAtEnd
        case none
    }

    /// Removes what logs and mail put before each line: `[Xcode] `, `[debug] [XCUITest] `, a timestamp
    /// (`2024-03-01T10:22:33.1234567Z ` as CI logs write it, NSLog's `2024-03-01 10:22:33.123456+0100
    /// Runner[1234:5678] `, Appium's `2024-03-01 10:22:33:123 - `), and quoting (`> `). One space after each is
    /// taken with it, so the indentation after them is kept.
    static func stripPrefixes(_ line: String) -> String {
        // (Asked by the byte: Foundation's `contains` of a string was a tenth of reading a large dump.)
        var s = Substring(line.utf8.contains(0x0D) ? line.replacingOccurrences(of: "\r", with: "") : line)
        while true {
            // The blanks skipped by the byte (a mark combining with a blank starts none of the prefixes either way).
            let t = s[(s.utf8.firstIndex { $0 != 0x20 } ?? s.endIndex)...]
            if let rest = afterTimestamp(t) {
                s = rest
            } else if t.first == ">" {
                s = t.dropFirst()
                if s.first == " " { s = s.dropFirst() }
            } else if t.first == "[", let close = t.firstIndex(of: "]"), t.distance(from: t.startIndex, to: close) < 40,
                t[t.index(after: close)...].first == " "
            {
                s = t[t.index(after: close)...].dropFirst()
            } else {
                return String(s)
            }
        }
    }

    /// The rest of a line after a leading timestamp (`YYYY-MM-DD`, a space or `T`, `HH:MM:SS`, an optional
    /// fraction and zone), its space, and what loggers write after it: ` - ` (Appium), or a process with its
    /// pid and thread (`Runner[1234:5678] `, NSLog). Nil when the line does not start with one.
    static func afterTimestamp(_ t: Substring) -> Substring? {
        guard let lead = t.utf8.first, lead >= 0x30, lead <= 0x39 else { return nil }  // most lines: at once
        let b = Array(t.utf8.prefix(40))
        func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
        func digits(_ at: Int, _ n: Int) -> Bool { (at..<(at + n)).allSatisfy(isDigit) }
        func byte(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue! }
        guard digits(0, 4), byte(4, "-"), digits(5, 2), byte(7, "-"), digits(8, 2), byte(10, " ") || byte(10, "T"),
            digits(11, 2), byte(13, ":"), digits(14, 2), byte(16, ":"), digits(17, 2)
        else { return nil }
        var i = 19
        if byte(i, ".") || byte(i, ",") || byte(i, ":"), isDigit(i + 1) { i += 1; while isDigit(i) { i += 1 } }
        if byte(i, "Z") {
            i += 1
        } else if byte(i, "+") || byte(i, "-"), digits(i + 1, 2) {
            i += 3
            if byte(i, ":") { i += 1 }
            if digits(i, 2) { i += 2 }
        }
        guard byte(i, " ") else { return nil }
        var rest = t.dropFirst(i + 1)  // every byte so far is ASCII: one character each
        if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        // NSLog's process (its name may hold spaces): `Name[1234:5678] `, the bracket holding the pid and thread.
        if let open = rest.prefix(80).firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]"),
            rest[rest.index(after: close)...].first == " ", !rest[..<open].contains(where: { $0 == "," || $0 == "'" || $0 == "{" })
        {
            let inside = rest[rest.index(after: open)..<close].split(separator: ":", omittingEmptySubsequences: false)
            if inside.count == 2, inside[0].allSatisfy(\.isNumber), !inside[0].isEmpty, inside[1].allSatisfy(\.isHexDigit), !inside[1].isEmpty {
                rest = rest[rest.index(after: close)...].dropFirst()
            }
        }
        return rest
    }

    // MARK: - One element line

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

extension Substring {
    func trimmingTrailingCommaSpace() -> Substring {
        var t = self
        while let l = t.last, l == "," || l == " " { t = t.dropLast() }
        return t
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}

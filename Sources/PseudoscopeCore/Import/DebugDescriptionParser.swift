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

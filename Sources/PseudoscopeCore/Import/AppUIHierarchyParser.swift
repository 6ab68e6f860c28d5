/// Reads the "App UI hierarchy for <bundle id>" text that Xcode 15 and later attach to a failed UI test
/// (docs/import.md). It is close to `debugDescription` but not the same, and read as that it lost every element
/// with a quoted value: the root is the first line, children are indented two spaces a level, there is no
/// `Element subtree:` header and no arrow, and every element line ends with a trailer naming the accessibility
/// element, which the debugDescription reader took for part of the last quoted value:
///
///     Application, 0x102640050, pid: 21560, label: 'Hello QA Guru' <App element pid: 21560>
///       Window (Main), 0x10126a040, {{0.0, 0.0}, {393.0, 852.0}} <AX element pid: 21560, elementOrHash.elementID: 4319115328.4>
///         StaticText, 0x101216ac0, {{149.2, 441.2}, {94.7, 20.3}}, label: 'Hello, world!' <AX element pid: …>
///
/// macOS writes `<AX element pid: 748, token: 7AIAAAAAAABv…=>` and `title:` / `Disabled`. With the trailer taken
/// away, the rest of each line reads as a debugDescription element line. Every line that holds an element
/// becomes one: a line whose attributes do not read keeps its type and place in the tree, with a note.
enum AppUIHierarchyParser {
    /// Whether `text` is this format: some line ends with an element trailer (checked over the first lines only,
    /// so that a large dump of another format is not scanned twice).
    static func recognizes(_ text: String) -> Bool {
        guard text.utf8Contains(" element pid: ") else { return false }
        // The first 64 lines that hold anything decide; the rest of a large dump is not split to find them.
        return text.splitLines(omittingEmpty: true, limit: 64).contains { line in
            trailerStart(Substring(DebugDescriptionParser.stripPrefixes(String(line)))) != nil
        }
    }

    /// How many more lines a label with line breaks may take before the line that ends it with the trailer.
    static let maxContinuationLines = 64
    static let maxContinuationBytes = 64 << 10

    static func parse(_ text: String, file: String, limits: LoadLimits) throws -> ImportedDump {
        let lines = text.splitLines().map { DebugDescriptionParser.stripPrefixes(String($0)) }
        // The last line that begins an element: one without its trailer there is where the text was cut.
        let lastStart = lines.lastIndex { DebugDescriptionParser.looksLikeElementStart($0) } ?? -1
        var builder = HierarchyBuilder(limits: limits, file: file)
        var baseIndent: Int?
        var unreadable: [Int] = []
        var unterminated: Int?  // the line of an element whose trailer never came (the text was cut)
        var skipped = 0
        var k = 0
        while k < lines.count {
            let number = k + 1
            var line = lines[k]
            k += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            // A label printed with its line breaks goes on over the next lines until one ends with the trailer.
            var body: Substring
            if let t = trailerStart(Substring(line)) {
                body = Substring(line)[..<t]
            } else {
                guard DebugDescriptionParser.looksLikeElementStart(line) else { skipped += 1; continue }
                // The trailer ends a line and holds no line break: each next line is asked alone, so a run of
                // lines without one costs each line once (asking the joined text again each time was quadratic).
                var used = 0
                var bytes = line.utf8.count
                var found = false
                while used < maxContinuationLines, bytes < maxContinuationBytes, k + used < lines.count {
                    let next = lines[k + used]
                    let ends = trailerStart(Substring(next)) != nil
                    // The next element begins: this line's trailer is missing, not later (a line broken in the middle).
                    if ends, DebugDescriptionParser.looksLikeElementStart(next) { break }
                    used += 1
                    bytes += next.utf8.count + 1
                    if ends { found = true; break }
                }
                if found, let t = trailerStart(Substring(([line] + lines[k..<(k + used)]).joined(separator: "\n"))) {
                    line = ([line] + lines[k..<(k + used)]).joined(separator: "\n")
                    body = Substring(line)[..<t]
                    k += used
                } else {
                    body = Substring(line)
                    // Only the text's last element can have been cut; one with elements after it is a broken line,
                    // kept as it reads, and the lines after it are read on their own.
                    if number - 1 == lastStart {
                        unterminated = number
                        k = lines.count
                    }
                }
            }
            let indent = indentation(line)
            let base = baseIndent ?? indent
            baseIndent = base
            var element: Element
            if let parsed = DebugDescriptionParser.parseElementLine(String(body), number: number) {
                element = parsed.element
            } else {
                // Kept where it stands, with its type: dropping it would hang its children under the element above.
                element = Element(type: typeWord(body) ?? "Other")
                unreadable.append(number)
            }
            try builder.add(element, level: max(0, indent - base) / 2 + 1, line: number)
        }
        var notes: [String] = []
        if let first = unreadable.first {
            notes.append(
                unreadable.count == 1
                    ? "line \(first) holds an element whose attributes could not be read: it is kept with its type only"
                    : "\(unreadable.count) lines hold elements whose attributes could not be read (the first: line \(first)): they are kept with their types only"
            )
        }
        if skipped > 0 { notes.append("\(skipped) line\(skipped == 1 ? "" : "s") that hold no element left out") }
        var incomplete: String?
        if let n = unterminated {
            incomplete = "the hierarchy stops at line \(n) in the middle of an element (its closing '<AX element …>' never came)"
            builder.markOpenElementsCut()
        } else if text.utf8.count == capBytes {
            // Observed on macOS: a file of exactly this many bytes, ending on a whole line. Xcode may stop there.
            notes.append(
                "the text is exactly \(capBytes) bytes long, which may be where Xcode stopped writing it: elements after its last line may be missing"
            )
        }
        let (elements, addedRoot) = builder.finish()
        if addedRoot { notes.append("an Application root was added above the hierarchy's top-level elements") }
        var dump = ImportedDump(format: .appUIHierarchy, elements: elements, notes: notes)
        dump.incompleteNote = incomplete
        return dump
    }

    /// The size of the one real macOS hierarchy seen, which ends on a whole line at exactly this many bytes.
    static let capBytes = 40_000

    /// Where the element trailer starts in a line (the space before `<`), or nil: ` <AX element pid: N, …>` or
    /// ` <App element pid: N>` at the very end. Any words before `element pid:` are taken, so a reworded trailer
    /// of a later Xcode still ends the line's last value.
    static func trailerStart(_ line: Substring) -> Substring.Index? {
        if let decided = asciiTrailerStart(line) { return decided }
        return characterTrailerStart(line)
    }

    /// `trailerStart` character by character, for a line whose end is not ASCII.
    static func characterTrailerStart(_ line: Substring) -> Substring.Index? {
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
        guard end > line.startIndex, line[line.index(before: end)] == ">" else { return nil }
        let content = line[..<end]
        guard let open = content.lastIndex(of: "<"), open > line.startIndex, line[line.index(before: open)] == " " else { return nil }
        let inside = content[content.index(after: open)..<content.index(before: end)]
        // `AX element pid: 21560, …`, `App element pid: 748`: letters and spaces, then `element pid:` and digits.
        guard let r = inside.utf8Range(of: "element pid: ") else { return nil }
        let words = inside[..<r.lowerBound]
        guard words.allSatisfy({ ($0.isLetter && $0.isASCII) || $0 == " " }), !words.isEmpty else { return nil }
        let after = inside[r.upperBound...]
        guard let digit = after.first, digit.isASCII, digit.isNumber else { return nil }
        return line.index(before: open)
    }

    /// `trailerStart` by the byte, where that gives the same answer (nil when it cannot tell): when the line's end
    /// from the byte before the space before its last `<` is ASCII, each of those bytes is a character of its own
    /// (no rule of grapheme breaking joins two ASCII characters, and the line holds no line break), so the bytes
    /// say what the characters say. Breaking characters backwards from the end was half of reading an App UI
    /// hierarchy (36,000 instructions a line of 120 characters).
    static func asciiTrailerStart(_ line: Substring) -> Substring.Index?? {
        let u = line.utf8
        var end = u.endIndex
        while end > u.startIndex, u[u.index(before: end)] == 0x20 { end = u.index(before: end) }
        guard end > u.startIndex else { return .some(nil) }
        guard u[u.index(before: end)] == UInt8(ascii: ">") else { return u[u.index(before: end)] < 0x80 ? .some(nil) : nil }
        var open = u.index(before: end)
        while open > u.startIndex, u[open] != UInt8(ascii: "<") {
            guard u[open] < 0x80 else { return nil }
            open = u.index(before: open)
        }
        guard u[open] == UInt8(ascii: "<") else { return nil }
        guard open > u.startIndex else { return .some(nil) }
        let space = u.index(before: open)
        if space > u.startIndex, u[u.index(before: space)] >= 0x80 { return nil }
        for b in u[space..<u.endIndex] where b >= 0x80 { return nil }
        guard u[space] == 0x20 else { return .some(nil) }
        let inside = line[u.index(after: open)..<u.index(before: end)]
        guard let r = inside.utf8Range(of: "element pid: ") else { return .some(nil) }
        let words = inside.utf8[inside.utf8.startIndex..<r.lowerBound]
        guard !words.isEmpty, words.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 == 0x20 }) else { return .some(nil) }
        let after = inside.utf8[r.upperBound...]
        guard let digit = after.first, (0x30...0x39).contains(digit) else { return .some(nil) }
        return .some(space)
    }

    static func indentation(_ line: String) -> Int {
        var n = 0
        for c in line.utf8 {
            if c == 0x20 { n += 1 } else if c == 0x09 { n = (n / 8 + 1) * 8 } else { break }
        }
        return n
    }

    /// The capitalized word a line starts with (`Button`), for a line whose attributes do not read.
    static func typeWord(_ body: Substring) -> String? {
        let t = body.drop { $0 == " " || $0 == "\t" }
        let word = t.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = word.first, first.isUppercase else { return nil }
        return String(word)
    }
}

/// The rules about what elements say: hard-coded and concatenated strings, accessible labels, IME composition,
/// and what right-to-left layout must flip.
extension LayoutChecker {
    // MARK: hardcoded-text

    static let localizedTextTypes: Set<String> = [
        "StaticText", "Button", "Link", "TextView", "Switch", "Toggle", "Tab", "MenuItem", "Cell", "SegmentedControl", "Alert", "Sheet",
    ]

    func testDataStrings() -> Set<String> {
        var out = Set<String>()
        var stack: [JSONValue] = archive.testData.members.map(\.value)
        while let v = stack.popLast() {
            switch v {
            case .string(let s): out.insert(s.trimmingWhitespace())
            case .number(let d, let literal): out.insert(JSONValue.numberText(d, literal))
            case .array(let a): stack += a
            case .object(let o): stack += o.members.map(\.value)
            default: break
            }
        }
        out.remove("")
        return out
    }

    /// In an expanded run: visible text without the run's pseudo-localization marks (the gate's `［…］`, or the
    /// scheme detected in the run: Xcode's bounded strings, double length, bracketed pseudo-locales).
    func hardcodedText(into out: inout [Finding]) {
        let marks = scheme ?? .fullwidthBrackets
        let data = testDataStrings()
        let inText = TestDataIndex(data)
        var flaggedLabels: [Int: String] = [:]
        for i in h.indices where !kinds[i].isDisjoint(with: [.localizedText, .field]) {
            let e = h[i]
            let isField = kinds[i].contains(.field) && e.type != "TextView"
            // A field's value is what the user typed; its placeholder is localized.
            let text = (isField ? e.placeholderValue : e.label).trimmingWhitespace()
            guard !text.isEmpty, isVisible(i), !isSystemChrome[i], !marks.marksTrimmed(text) else { continue }
            if TextClassifier.isNumericLike(text) || TextClassifier.isPunctuationOnly(text) { continue }
            // Test data is fixed and not localized: a name or a server message may appear as it is, or inside a sentence.
            if data.contains(text) || inText.candidates(in: text).contains(where: { text.contains($0) }) { continue }
            // A button's inner StaticText repeats its label: report once.
            if let p = e.parent, flaggedLabels[p] == text { flaggedLabels[i] = text; continue }
            flaggedLabels[i] = text
            out.append(
                finding(
                    .hardcodedText, .review, i,
                    "\"\(DisplayWidth.clip(text, to: 60))\" has no \(marks.rawValue) marks: it bypassed the localization layer"))
        }
    }

    // MARK: pseudo-in-control-run

    /// A visible string of a run whose strings must be untouched (`normal`, a locale run) that carries a
    /// transform's marks (`PseudoMarks.transformMark`): the transform changes strings outside its modes.
    func pseudoInControlRun(into out: inout [Finding]) {
        var reported: [Int: String] = [:]
        let shown = h.indices.filter { i in !kinds[i].isDisjoint(with: [.localizedText, .field]) && isVisible(i) && !isSystemChrome[i] }
        // Each shown element's text, trimmed once: every test below reads it.
        let texts = shown.map { i in
            (kinds[i].contains(.field) && h[i].type != "TextView" ? h[i].placeholderValue : h[i].label).trimmingWhitespace()
        }
        let worded = texts.map { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        // Xcode's Double-Length pseudolanguage leaves no mark on a string alone ("Bora Bora" is a real name): the
        // run is judged as a whole, and doubled strings count when most of its strings with letters are doubled.
        let doubled = texts.indices.map { n in worded[n] && PseudoScheme.doubleLength.marksTrimmed(texts[n]) }
        let doubledCount = doubled.filter { $0 }.count
        let doubledRun = doubledCount >= 3 && doubledCount * 2 >= worded.filter { $0 }.count
        for (n, i) in shown.enumerated() where worded[n] {
            let text = texts[n]
            guard
                let mark = PseudoMarks.transformMark(trimmed: text)
                    ?? (doubledRun && doubled[n] ? "Xcode's double-length doubling (most of the run's strings are doubled)" : nil)
            else { continue }
            // A button's inner StaticText repeats its label: report once.
            if let p = h[i].parent, reported[p] == text { reported[i] = text; continue }
            reported[i] = text
            let run = archive.mode == .normal ? "the normal (control) run" : "a locale run"
            out.append(
                finding(
                    .pseudoInControlRun, .blocking, i,
                    "\"\(DisplayWidth.clip(text, to: 60))\" carries \(mark) in \(run): the transform changes strings outside its modes"))
        }
    }

    // MARK: concatenated-string

    /// Two or more marked pieces in one string: the text was assembled from separately localized parts, and
    /// its word order will be wrong in languages that order them differently.
    func concatenatedStrings(into out: inout [Finding]) {
        guard let marks = scheme, marks != .doubleLength else { return }
        var reported: [Int: String] = [:]
        for i in h.indices where kinds[i].contains(.localizedText) && isVisible(i) && !isSystemChrome[i] {
            let text = h[i].label
            let pieces = TextClassifier.markedPieces(text, scheme: marks)
            guard pieces >= 2 else { continue }
            if let p = h[i].parent, reported[p] == text { reported[i] = text; continue }
            reported[i] = text
            out.append(
                finding(
                    .concatenatedString, .review, i,
                    "\"\(DisplayWidth.clip(text, to: 60))\" is assembled from \(pieces) localized pieces: use one string with placeholders, so that translators can order the words",
                    [("pieces", Double(pieces))]))
        }
    }

    // MARK: missing-accessible-label

    static let labelRequiredTypes: Set<String> = [
        "Button", "Switch", "Toggle", "TextField", "SecureTextField", "SearchField", "Link", "Slider",
        "SegmentedControl", "Stepper", "Cell",
    ]

    func missingLabels(into out: inout [Finding]) {
        // A format that prints no labels (Xcode 7) cannot show that one is missing.
        guard archive.imported?.labelsRecorded != false else { return }
        for i in h.indices where kinds[i].contains(.labelRequired) && !isSystemChrome[i] && h[i].title.isEmpty && h[i].placeholderValue.isEmpty {
            // Asked in place first: most controls are labelled, and a copy of the element retains all its strings.
            guard h[i].label.trimmingWhitespace().isEmpty else { continue }
            let e = h[i]
            if e.type == "Cell" {
                // A cell is read by its text children; when they were cut off, or the dump lists no children, they may exist.
                if e.childrenUnknown || !relationsKnown { continue }
                let hasText = ((i + 1)..<h.subtreeEnd(i)).contains { !h[$0].label.isEmpty || !h[$0].value.isEmpty }
                if hasText { continue }
            }
            // A control inside a labelled control is reached, and read, through the outer one.
            if let a = interactiveAncestor(of: i), !h[a].label.trimmingWhitespace().isEmpty { continue }
            let hint = e.identifier.isEmpty ? "" : " (identifier '\(e.identifier)' is not read by VoiceOver)"
            if kinds[i].contains(.field), !e.value.isEmpty, archive.imported?.valuesMayBePlaceholders == true {
                out.append(
                    finding(
                        .missingAccessibleLabel, .review, i,
                        "\(e.type) has no accessible label; its only text \"\(DisplayWidth.clip(e.value, to: 40))\" may be its placeholder (this source reports an empty field's placeholder as its value), which VoiceOver reads but which is gone once the user types\(hint)"
                    ))
                continue
            }
            out.append(finding(.missingAccessibleLabel, .blocking, i, "\(e.type) has no accessible label, title or placeholder\(hint)"))
        }
    }

    // MARK: validation-during-composition

    static let fieldTypes: Set<String> = ["TextField", "SecureTextField", "SearchField", "TextView"]
    static let submitWords = ["submit", "confirm", "continue", "next", "save"]
    static let validationWords = ["error", "validation"]

    func validationDuringComposition(into out: inout [Finding]) {
        // What each container shows, looked at once per container: fields composing in the same container share it
        // (the field itself is never a reason: it is no StaticText or Button), and an archive marking thousands of
        // fields must not walk the screen for each.
        var reasonsByScope: [Int: [String]] = [:]
        for i in h.indices where kinds[i].contains(.field) {
            guard let marked = h[i].markedText, !marked.isEmpty else { continue }
            // The field's container: the subtree of its topmost ancestor below the window (the screen's content).
            let path = h.path(to: i)
            let top = windowIndex ?? 0
            let scopeRoot = path.first { h[$0].depth == h[top].depth + 1 && h.isAncestor(top, of: $0) } ?? 0
            let reasons = reasonsByScope[scopeRoot] ?? compositionReasons(in: scopeRoot)
            reasonsByScope[scopeRoot] = reasons
            if !reasons.isEmpty {
                out.append(
                    finding(
                        .validationDuringComposition, .blocking, i,
                        "field is composing \"\(marked)\" (IME marked text) while " + reasons.joined(separator: " and ")))
            }
        }
    }

    /// A shown validation message or an enabled submit-like button in the subtree of `scopeRoot`: what must not
    /// happen while a field of it is composing.
    func compositionReasons(in scopeRoot: Int) -> [String] {
        var reasons: [String] = []
        for j in scopeRoot..<h.subtreeEnd(scopeRoot) {
            let e = h[j]
            let id = e.identifier.lowercased()
            if e.type == "StaticText", isVisible(j), LayoutChecker.validationWords.contains(where: id.contains) {
                reasons.append("validation message \(e.reference) is shown")
            }
            if e.type == "Button", e.isEnabled, isVisible(j) {
                let key = TextClassifier.keywordText(e)
                if LayoutChecker.submitWords.contains(where: key.contains) {
                    reasons.append("submit-like \(e.reference) is enabled")
                }
            }
        }
        return reasons
    }

    // MARK: rtl-not-mirrored (one archive)

    /// The back button of each navigation bar: the bar's leading button, whatever its label (UIKit shows the
    /// previous screen's title on it). Leading means before the bar's title in reading order, which is the
    /// accessibility order in both directions; without a title, a button that says it goes back.
    func backButtons() -> [(button: Int, bar: Int)] {
        var out: [(Int, Int)] = []
        for bar in h.indices where h[bar].type == "NavigationBar" && !h[bar].frame.isEmpty {
            let range = (bar + 1)..<h.subtreeEnd(bar)
            let title = range.first { h[$0].type == "StaticText" }
            let buttons = range.filter { h[$0].type == "Button" && !h[$0].frame.isEmpty && interactiveAncestorBelow(bar, $0) == nil }
            if let t = title, let first = buttons.first, first < t {
                out.append((first, bar))
            } else if let named = buttons.first(where: { TextClassifier.contains(TextClassifier.keywordText(h[$0]), "back") }) {
                out.append((named, bar))
            }
        }
        return out
    }

    /// An interactive element between `top` (exclusive) and `i` (exclusive), if any.
    func interactiveAncestorBelow(_ top: Int, _ i: Int) -> Int? {
        var p = h[i].parent
        while let q = p, q != top {
            if kinds[q].contains(.interactive) { return q }
            p = h[q].parent
        }
        return nil
    }

    /// Symbols that point one physical way whatever the layout direction, and the two that follow it.
    static let physicalDirectionSymbols = ["chevron.left", "chevron.right", "arrow.left", "arrow.right"]
    /// What every word the rule looks for holds (`mayNameDirection`), as bytes.
    static let directionStems = ["left", "right", "ward"].map { Array($0.utf8) }

    /// Whether an element's identifier or label may name a direction: every word `rtlNotMirrored` looks for holds
    /// `left`, `right` or `ward`, and a text without them in any letter case holds none of the words once
    /// lower-cased (`TextClassifier.holdsIgnoringASCIICase`). Most elements end here, before their keyword text is
    /// made.
    func mayNameDirection(_ i: Int) -> Bool {
        LayoutChecker.directionStems.contains {
            TextClassifier.holdsIgnoringASCIICase(h[i].identifier, $0) || TextClassifier.holdsIgnoringASCIICase(h[i].label, $0)
        }
    }

    func rtlNotMirrored(into out: inout [Finding]) {
        var isBack = [Bool](repeating: false, count: h.count)
        for (i, bar) in backButtons() {
            isBack[i] = true
            let barFrame = h[bar].frame
            if h[i].frame.midX < barFrame.midX {
                out.append(
                    finding(
                        .rtlNotMirrored, .blocking, i,
                        "the navigation bar's back button sits in its left half (centre at \(formatPoints(h[i].frame.midX)) pt of \(formatPoints(barFrame.width)) pt); in RTL it belongs on the right",
                        [("centerX", h[i].frame.midX), ("barWidth", barFrame.width)]))
            }
        }
        // The symbol inside a back button is reported with the button.
        for i in h.indices where isBack[i] {
            for k in (i + 1)..<h.subtreeEnd(i) { isBack[k] = true }
        }
        let screen = window ?? h.extent
        for i in h.indices where !isBack[i] && isVisible(i) && mayNameDirection(i) {
            let container = h[i].parent.map { h[$0].frame } ?? screen
            let inLeftHalf = h[i].frame.midX < container.midX
            let key = TextClassifier.keywordText(h[i])
            func names(_ needle: String) -> Bool { TextClassifier.contains(key, needle) }
            var message: String?
            for name in LayoutChecker.physicalDirectionSymbols where names(name) {
                message = "names the physical-direction symbol '\(name)', which is not flipped in RTL (use the .backward/.forward variant)"
                break
            }
            if message == nil {
                if names("backward") && inLeftHalf {
                    message = "'backward' symbol still in the left half of its container, where LTR puts it"
                } else if names("forward") && !inLeftHalf {
                    message = "'forward' symbol still in the right half of its container, where LTR puts it"
                }
            }
            if let m = message { out.append(finding(.rtlNotMirrored, .review, i, m, [("centerX", h[i].frame.midX)])) }
        }
    }
}

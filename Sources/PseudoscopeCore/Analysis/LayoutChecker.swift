/// Finds the layout gate's faults in one archive. Pure: the same archive always gives the same findings in
/// the same order (blocking first, then tree order, then rule order).
public struct LayoutChecker: Sendable {
    public let archive: Archive
    let h: Hierarchy
    let window: Rect
    /// Whether each element lies inside a scrolling container, whose content may legitimately extend beyond it.
    let inScrollView: [Bool]
    /// What each element's type is, looked up once: the rules ask these questions of every element.
    let kinds: [Kind]

    struct Kind: OptionSet, Sendable {
        let rawValue: UInt8
        static let interactive = Kind(rawValue: 1)
        static let text = Kind(rawValue: 2)
        static let localizedText = Kind(rawValue: 4)
        static let labelRequired = Kind(rawValue: 8)
        static let field = Kind(rawValue: 16)
    }

    static let kindByType: [String: Kind] = {
        var t: [String: Kind] = [:]
        for name in Element.interactiveTypes { t[name, default: []].insert(.interactive) }
        for name in Element.textTypes { t[name, default: []].insert(.text) }
        for name in localizedTextTypes { t[name, default: []].insert(.localizedText) }
        for name in labelRequiredTypes { t[name, default: []].insert(.labelRequired) }
        for name in fieldTypes { t[name, default: []].insert(.field) }
        return t
    }()

    public init(_ archive: Archive) {
        self.archive = archive
        h = archive.hierarchy
        window = archive.hierarchy.windowFrame
        var scroll = [Bool](repeating: false, count: h.count)
        for i in h.indices {
            if let p = h[i].parent { scroll[i] = scroll[p] || h[p].isScrollContainer }
        }
        inScrollView = scroll
        kinds = archive.hierarchy.elements.map { LayoutChecker.kindByType[$0.type] ?? [] }
    }



    /// All findings, sorted. The rules are independent and pure, so they run on every core; element paths are
    /// filled in afterwards, in one pass that names every path step once.
    public func findings() -> [Finding] {
        let checker = self
        var rules: [@Sendable () -> [Finding]] = [
            { checker.textTruncated() }, { checker.outside() }, { checker.primaryActions() }, { checker.missingLabels() },
            { checker.validationDuringComposition() }, { checker.overlappingText() }, { checker.smallHitRegions() },
        ]
        if archive.mode == .expanded { rules.append { checker.hardcodedText() } }
        if archive.mode == .rtl { rules.append { checker.rtlNotMirrored() } }
        var out = ConcurrentMap.map(rules) { $0() }.flatMap { $0 }
        if out.contains(where: { $0.elementPath.isEmpty && $0.element != nil }) {
            let namer = PathNamer(h)
            for k in out.indices where out[k].elementPath.isEmpty {
                if let i = out[k].element { out[k].elementPath = namer.path(i) }
            }
        }
        return LayoutChecker.sorted(out)
    }

    public static func sorted(_ findings: [Finding]) -> [Finding] {
        let ruleOrder = Dictionary(uniqueKeysWithValues: Rule.allCases.enumerated().map { ($1, $0) })
        // Sort small keys, not the findings: moving findings around copies all their strings.
        let keys = findings.enumerated().map { k, f in (f.severity.rank, f.element ?? -1, ruleOrder[f.rule]!, k) }
        return keys.sorted { $0 < $1 }.map { findings[$0.3] }
    }

    func finding(_ rule: Rule, _ severity: Severity, _ i: Int, _ message: String, _ evidence: [(name: String, value: Double)] = []) -> Finding {
        let e = h[i]
        return Finding(rule: rule, severity: severity, element: i, elementPath: "", elementType: e.type,
                       identifier: e.identifier, label: e.displayText, frame: e.frame, message: message, evidence: evidence)
    }

    /// Visible means: a frame with area that meets the window.
    func isVisible(_ i: Int) -> Bool {
        let f = h[i].frame
        return !f.isEmpty && f.intersection(window) != nil
    }

    // MARK: text-truncated

    func textTruncated() -> [Finding] {
        var out: [Finding] = []
        for i in h.indices {
            let e = h[i]
            guard let want = e.intrinsicContentSize, !e.displayText.isEmpty || kinds[i].contains(.text) else { continue }
            let dw = want.width - e.frame.width, dh = want.height - e.frame.height
            let tol = CheckThresholds.truncationTolerance
            guard dw > tol || dh > tol else { continue }
            var parts: [String] = []
            var evidence: [(name: String, value: Double)] = []
            if dw > tol {
                let hidden = want.width > 0 ? Int((dw / want.width * 100).rounded()) : 0
                parts.append("text needs \(formatPoints(want.width)) pt, frame is \(formatPoints(e.frame.width)) pt wide (-\(formatPoints(dw)) pt, \(hidden)% hidden)")
                evidence += [("neededWidth", want.width), ("frameWidth", e.frame.width), ("hiddenPercent", Double(hidden))]
            }
            if dh > tol {
                parts.append("text needs \(formatPoints(want.height)) pt, frame is \(formatPoints(e.frame.height)) pt high (-\(formatPoints(dh)) pt)")
                evidence += [("neededHeight", want.height), ("frameHeight", e.frame.height)]
            }
            out.append(finding(.textTruncated, .blocking, i, parts.joined(separator: "; "), evidence))
        }
        return out
    }

    // MARK: outside-window / outside-parent

    /// How far `f` sticks out of `bounds`, as "38 pt below" style phrases and the largest overhang.
    static func overhang(_ f: Rect, _ bounds: Rect) -> (phrases: [String], amount: Double) {
        var phrases: [String] = []
        var amount = 0.0
        let tol = CheckThresholds.containmentTolerance
        func add(_ d: Double, _ text: String) {
            guard d > tol else { return }
            phrases.append("\(formatPoints(d)) pt \(text)")
            amount = max(amount, d)
        }
        if f.minY >= bounds.maxY { add(f.minY - bounds.maxY, "below") } else { add(f.maxY - bounds.maxY, "past the bottom of") }
        if f.maxY <= bounds.minY { add(bounds.minY - f.maxY, "above") } else { add(bounds.minY - f.minY, "past the top of") }
        if f.minX >= bounds.maxX { add(f.minX - bounds.maxX, "right of") } else { add(f.maxX - bounds.maxX, "past the right edge of") }
        if f.maxX <= bounds.minX { add(bounds.minX - f.maxX, "left of") } else { add(bounds.minX - f.minX, "past the left edge of") }
        return (phrases, amount)
    }

    func outside() -> [Finding] {
        var out: [Finding] = []
        var reportedOutside = [Bool](repeating: false, count: h.count)
        let windowIndex = h.windowIndex
        // Pre-order makes the window's subtree one range: no ancestor walks (deep trees stay linear).
        let windowSubtree = windowIndex..<h.subtreeEnd(windowIndex)
        for i in h.indices where i != 0 && i != windowIndex {
            let e = h[i]
            guard !e.frame.isEmpty, !inScrollView[i], windowSubtree.contains(i) else { continue }
            let tol = CheckThresholds.containmentTolerance
            let insideWindow = window.contains(e.frame, tolerance: tol)
            if insideWindow, let p = e.parent, p == 0 || h[p].frame.isEmpty || h[p].frame.contains(e.frame, tolerance: tol) { continue }
            let matters = !kinds[i].isDisjoint(with: [.text, .interactive])
            let parentOutside = e.parent.map { reportedOutside[$0] } ?? false
            let (phrases, amount) = insideWindow ? ([], 0) : LayoutChecker.overhang(e.frame, window)
            if !phrases.isEmpty {
                reportedOutside[i] = true
                // Report text and controls each; containers only at the top of an off-screen subtree.
                if matters || !parentOutside {
                    let message = (e.frame.intersection(window) == nil ? "off-screen: " : "clipped: ") + phrases.joined(separator: ", ") + " the window"
                    out.append(finding(.outsideWindow, matters ? .blocking : .review, i, message, [("overhang", amount)]))
                }
                continue
            }
            guard let p = e.parent, p != 0, !h[p].frame.isEmpty else { continue }
            let (pp, pa) = LayoutChecker.overhang(e.frame, h[p].frame)
            if !pp.isEmpty {
                out.append(finding(.outsideParent, .review, i, "clipped by its parent \(h[p].reference): " + pp.joined(separator: ", ") + " it", [("overhang", pa)]))
            }
        }
        return out
    }

    // MARK: primary-action-unreachable

    func primaryActions() -> [Finding] {
        // The failing element counts as a primary action when it is one a user acts on (a truncated label that
        // failed the gate is not an action, and static text is rarely hittable).
        var ids: [String] = []
        let failing = archive.failure.identifier
        let failingIsAction = archive.failingIndex.map { h[$0].isInteractive } ?? true
        for id in (failingIsAction ? [failing] : []) + archive.primaryActions where !id.isEmpty && !ids.contains(id) { ids.append(id) }
        var out: [Finding] = []
        for id in ids {
            guard let i = h.firstIndex(identifier: id) else {
                out.append(Finding(rule: .primaryActionUnreachable, severity: .blocking, element: nil, elementPath: "(missing)",
                                   elementType: "?", identifier: id, label: "", frame: nil,
                                   message: "primary action '\(id)' is missing from the hierarchy"))
                continue
            }
            let e = h[i]
            var reasons: [String] = []
            var evidence: [(name: String, value: Double)] = []
            if e.frame.isEmpty {
                reasons.append("zero size")
            } else {
                let (phrases, amount) = LayoutChecker.overhang(e.frame, window)
                if !phrases.isEmpty {
                    let off = e.frame.intersection(window) == nil
                    reasons.append((off ? "off-screen: " : "partly off-screen: ") + phrases.joined(separator: ", ") + " the window")
                    evidence.append(("overhang", amount))
                }
            }
            if !e.isHittable {
                if let cover = coveringElement(i) {
                    reasons.append("covered by \(h[cover].reference) at its hit point")
                } else if reasons.isEmpty {
                    reasons.append("not hittable (nothing in the archive covers it: hidden, transparent or under a system overlay)")
                } else {
                    reasons.append("not hittable")
                }
            }
            if !reasons.isEmpty {
                out.append(finding(.primaryActionUnreachable, .blocking, i, reasons.joined(separator: "; "), evidence))
            }
        }
        return out
    }

    /// The offline hit test: the topmost element later in tree order, neither ancestor nor descendant of `i`,
    /// whose frame contains `i`'s centre. Later in tree order is drawn on top.
    public func coveringElement(_ i: Int) -> Int? {
        let f = h[i].frame
        let end = h.subtreeEnd(i)
        var j = h.count - 1
        while j >= end {
            let g = h[j].frame
            if !g.isEmpty, g.contains(x: f.midX, y: f.midY), !h.isAncestor(j, of: i) {
                // Name the whole overlay (the toast), not the text inside it.
                var top = j
                while let p = h[top].parent, p >= end, !h.isAncestor(p, of: i), h[p].frame.contains(x: f.midX, y: f.midY) { top = p }
                return top
            }
            j -= 1
        }
        return nil
    }

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

    func hardcodedText() -> [Finding] {
        let data = testDataStrings()
        var out: [Finding] = []
        var flaggedLabels: [Int: String] = [:]
        for i in h.indices {
            let e = h[i]
            let isField = e.type == "TextField" || e.type == "SearchField" || e.type == "SecureTextField"
            guard !kinds[i].isDisjoint(with: [.localizedText, .field]) else { continue }
            // A field's value is what the user typed; its placeholder is localized.
            let text = (isField ? e.placeholderValue : e.label).trimmingWhitespace()
            guard !text.isEmpty, isVisible(i), !TextClassifier.hasMarkers(text) else { continue }
            if TextClassifier.isNumericLike(text) || TextClassifier.isPunctuationOnly(text) { continue }
            // Test data is fixed and not localized: a name or a server message may appear as it is, or inside a sentence.
            if data.contains(text) || data.contains(where: { $0.count >= 3 && text.contains($0) }) { continue }
            // A button's inner StaticText repeats its label: report once.
            if let p = e.parent, flaggedLabels[p] == text { flaggedLabels[i] = text; continue }
            flaggedLabels[i] = text
            out.append(finding(.hardcodedText, .review, i, "\"\(DisplayWidth.clip(text, to: 60))\" has no ［…］ markers: it bypassed the localization layer"))
        }
        return out
    }

    // MARK: rtl-not-mirrored (one archive)

    func rtlNotMirrored() -> [Finding] {
        var out: [Finding] = []
        var isBack = [Bool](repeating: false, count: h.count)
        for bar in h.indices where h[bar].type == "NavigationBar" && !h[bar].frame.isEmpty {
            let barFrame = h[bar].frame
            for i in (bar + 1)..<h.subtreeEnd(bar) where h[i].type == "Button" {
                let key = TextClassifier.keywordText(h[i])
                guard key.contains("back") else { continue }
                isBack[i] = true
                if h[i].frame.midX < barFrame.midX {
                    out.append(finding(.rtlNotMirrored, .blocking, i,
                                       "back button sits in the left half of the navigation bar (centre at \(formatPoints(h[i].frame.midX)) pt of \(formatPoints(barFrame.width)) pt); in RTL it belongs on the right",
                                       [("centerX", h[i].frame.midX), ("barWidth", barFrame.width)]))
                }
            }
        }
        // The symbol inside a back button is reported with the button.
        for i in h.indices where isBack[i] {
            for k in (i + 1)..<h.subtreeEnd(i) { isBack[k] = true }
        }
        for i in h.indices where !isBack[i] && isVisible(i) {
            let key = TextClassifier.keywordText(h[i])
            let container = h[i].parent.map { h[$0].frame } ?? window
            let inLeftHalf = h[i].frame.midX < container.midX
            var message: String?
            for name in ["chevron.left", "chevron.right", "arrow.left", "arrow.right"] where key.contains(name) {
                message = "names the physical-direction symbol '\(name)', which is not flipped in RTL (use the .backward/.forward variant)"
                break
            }
            if message == nil {
                if key.contains("backward") && inLeftHalf {
                    message = "'backward' symbol still in the left half of its container, where LTR puts it"
                } else if key.contains("forward") && !inLeftHalf {
                    message = "'forward' symbol still in the right half of its container, where LTR puts it"
                }
            }
            if let m = message { out.append(finding(.rtlNotMirrored, .review, i, m, [("centerX", h[i].frame.midX)])) }
        }
        return out
    }

    // MARK: missing-accessible-label

    static let labelRequiredTypes: Set<String> = [
        "Button", "Switch", "Toggle", "TextField", "SecureTextField", "SearchField", "Link", "Slider",
        "SegmentedControl", "Stepper", "Cell",
    ]

    func missingLabels() -> [Finding] {
        var out: [Finding] = []
        for i in h.indices where kinds[i].contains(.labelRequired) {
            let e = h[i]
            guard e.label.trimmingWhitespace().isEmpty, e.title.isEmpty, e.placeholderValue.isEmpty else { continue }
            if e.type == "Cell" {
                // A cell is read by its text children.
                let hasText = ((i + 1)..<h.subtreeEnd(i)).contains { !h[$0].label.isEmpty || !h[$0].value.isEmpty }
                if hasText { continue }
            }
            let hint = e.identifier.isEmpty ? "" : " (identifier '\(e.identifier)' is not read by VoiceOver)"
            out.append(finding(.missingAccessibleLabel, .blocking, i, "\(e.type) has no accessible label, title or placeholder\(hint)"))
        }
        return out
    }

    // MARK: validation-during-composition

    static let fieldTypes: Set<String> = ["TextField", "SecureTextField", "SearchField", "TextView"]
    static let submitWords = ["submit", "confirm", "continue", "next", "save"]
    static let validationWords = ["error", "validation"]

    func validationDuringComposition() -> [Finding] {
        var out: [Finding] = []
        for i in h.indices where kinds[i].contains(.field) {
            guard let marked = h[i].markedText, !marked.isEmpty else { continue }
            // The field's container: the subtree of its topmost ancestor below the window (the screen's content).
            let path = h.path(to: i)
            let windowIndex = h.windowIndex
            let scopeRoot = path.first { h[$0].depth == h[windowIndex].depth + 1 && h.isAncestor(windowIndex, of: $0) } ?? 0
            var reasons: [String] = []
            for j in scopeRoot..<h.subtreeEnd(scopeRoot) where j != i {
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
            if !reasons.isEmpty {
                out.append(finding(.validationDuringComposition, .blocking, i,
                                   "field is composing \"\(marked)\" (IME marked text) while " + reasons.joined(separator: " and ")))
            }
        }
        return out
    }

    // MARK: overlapping-text

    /// Siblings compared with each element at most: a pathological screen (thousands of siblings stacked in one
    /// place) costs linear time, and an element past the cap is still reported by the ones before it.
    static let overlapComparisonsPerElement = 64

    func overlappingText() -> [Finding] {
        var out: [Finding] = []
        let tol = CheckThresholds.overlapTolerance
        for p in h.indices {
            guard h[p].children.count > 1 else { continue }
            let kids = h[p].children.filter { !kinds[$0].isDisjoint(with: [.text, .interactive]) && isVisible($0) }
            guard kids.count > 1 else { continue }
            // Sweep by top edge: only elements whose vertical ranges meet are compared, and at most a fixed number
            // per element. Each element is reported once, naming its first overlapping sibling and counting the rest.
            let sorted = kids.sorted { h[$0].frame.minY < h[$1].frame.minY || (h[$0].frame.minY == h[$1].frame.minY && $0 < $1) }
            var first: [Int: (other: Int, overlap: Rect)] = [:]
            var others: [Int: Int] = [:]
            func record(_ a: Int, _ b: Int, _ r: Rect) {
                let (lo, hi) = (min(a, b), max(a, b))
                if let f = first[lo] {
                    others[lo, default: 0] += 1
                    if hi < f.other { first[lo] = (hi, r) }
                } else {
                    first[lo] = (hi, r)
                }
            }
            for (k, a) in sorted.enumerated() {
                let fa = h[a].frame
                var m = k + 1
                while m < sorted.count, m - k <= LayoutChecker.overlapComparisonsPerElement, h[sorted[m]].frame.minY < fa.maxY - tol {
                    let b = sorted[m]
                    if let r = fa.intersection(h[b].frame), r.width > tol, r.height > tol { record(a, b, r) }
                    m += 1
                }
            }
            for (a, f) in first.sorted(by: { $0.key < $1.key }) {
                let n = others[a, default: 0]
                let more = n == 0 ? "" : " and \(n) other sibling\(n == 1 ? "" : "s")"
                out.append(finding(.overlappingText, .review, a,
                                   "overlaps its sibling \(h[f.other].reference) by \(formatPoints(f.overlap.width))×\(formatPoints(f.overlap.height)) pt\(more)",
                                   [("overlapWidth", f.overlap.width), ("overlapHeight", f.overlap.height), ("otherSiblings", Double(n))]))
            }
        }
        return out
    }

    // MARK: small-hit-region

    func smallHitRegions() -> [Finding] {
        let minSize = CheckThresholds.minimumHitSize
        var out: [Finding] = []
        for i in h.indices where kinds[i].contains(.interactive) && isVisible(i) {
            let f = h[i].frame
            guard f.width < minSize || f.height < minSize else { continue }
            out.append(finding(.smallHitRegion, .review, i,
                               "hit region is \(formatPoints(f.width))×\(formatPoints(f.height)) pt, smaller than \(formatPoints(minSize))×\(formatPoints(minSize)) pt",
                               [("width", f.width), ("height", f.height)]))
        }
        return out
    }
}

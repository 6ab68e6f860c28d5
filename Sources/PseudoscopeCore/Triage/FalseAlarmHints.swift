/// Why a finding may be a false alarm, from the screen itself (docs/triage.md): the gate's own design names what
/// makes a layout check unreliable. A hint never changes a severity. Each hint concerns only the findings its
/// cause can explain: a rule it can mislead, on an element its cause touches (a window on top covers the element;
/// the spinner loads the container the element is in; the element shows the test data of another length). A hint
/// on everything teaches users to ignore it.
public enum FalseAlarmHints {
    /// One reason the screen gives, with the findings it concerns.
    struct Hint {
        var text: String
        var rules: Set<Rule>
        /// The elements whose findings it concerns.
        var elements: ElementSet
    }

    /// Elements, by subtree ranges and single indices; `all` for every element.
    struct ElementSet {
        var all = false
        var ranges: [Range<Int>] = []
        var single: Set<Int> = []
        func contains(_ i: Int) -> Bool { all || single.contains(i) || ranges.contains { $0.contains(i) } }
    }

    /// Layout that may still move while a screen loads.
    static let layoutRules: Set<Rule> = [
        .textTruncated, .truncationHeadroom, .overlappingText, .outsideWindow, .outsideParent,
        .primaryActionUnreachable, .rtlNotMirrored, .smallHitRegion,
    ]
    /// What something drawn on top of an element can make it look like: unreachable, overlapped, moved out.
    static let coveredRules: Set<Rule> = [.primaryActionUnreachable, .overlappingText, .outsideWindow]
    /// What a text of another length than the archived test data changes.
    static let textLengthRules: Set<Rule> = [.textTruncated, .truncationHeadroom, .overlappingText]

    /// The screen's hints, as `info` lists them.
    public static func hints(_ a: Archive) -> [String] { screenHints(a).map(\.text) }

    /// The hints that concern one finding: its rule is one the hint's cause can mislead, and its element one the
    /// cause touches.
    static func hints(for rule: Rule, element: Int?, among hints: [Hint]) -> [String] {
        hints.compactMap { h in
            guard h.rules.contains(rule), let i = element, h.elements.contains(i) else { return nil }
            return h.text
        }
    }

    static func screenHints(_ a: Archive) -> [Hint] {
        let h = a.hierarchy
        guard a.hierarchyNote == nil, h.count > 0 else { return [] }
        var out: [Hint] = []
        func name(_ i: Int) -> String { TerminalText.sanitize(h[i].reference) }
        func shown(_ i: Int) -> Bool { !h[i].frame.isEmpty && h[i].isVisible != false }
        /// The elements whose frames meet `frame`, outside the subtree of `except`.
        func meeting(_ frame: Rect, outside except: Int) -> Set<Int> {
            let end = h.subtreeEnd(except)
            return Set(h.indices.filter { ($0 < except || $0 >= end) && !h[$0].frame.isEmpty && h[$0].frame.intersection(frame) != nil })
        }
        /// The container an element belongs to: its nearest ancestor below the window (the window itself when none).
        func container(of i: Int) -> Int {
            var c = i
            while let p = h[c].parent, h[p].type != "Window", h[p].type != "Application" { c = p }
            return h[c].parent.map { h[$0].type == "Window" ? $0 : c } ?? c
        }

        // The elements the hints start from, found in one walk.
        var loading: Int?, dialog: Int?, springboard: Int?
        var windows: [Int] = []  // shown, and not the keyboard's
        // Fields read in place: `for e in h.elements` copied every element, all its strings retained and released.
        for i in h.indices {
            func isSpringboard() -> Bool { [h[i].identifier, h[i].label, h[i].title].contains { $0.lowercased().contains("springboard") } }
            switch h[i].type {
            case "ActivityIndicator", "ProgressIndicator": if loading == nil, shown(i) { loading = i }
            case "Alert", "Sheet": if dialog == nil, shown(i) { dialog = i }
            case "Window":
                if shown(i), !h[i].isKeyboardWindow { windows.append(i) }
                if springboard == nil, isSpringboard() { springboard = i }
            case "Application": if springboard == nil, isSpringboard() { springboard = i }
            default: break
            }
        }
        // Something still loading: layout may still move in its container.
        if let i = loading {
            let c = container(of: i)
            var set = ElementSet(ranges: [c..<h.subtreeEnd(c)])
            set.single = meeting(h[i].frame, outside: c)
            out.append(Hint(text: "may be a false alarm: \(name(i)) visible (the screen may still be loading)", rules: layoutRules, elements: set))
        }
        // A system dialog or another app on top: what the test saw is not (only) the app's screen.
        if let i = dialog {
            out.append(
                Hint(
                    text: "may be a false alarm: \(name(i)) present (a dialog covers the screen)", rules: coveredRules,
                    elements: ElementSet(single: meeting(h[i].frame, outside: i))))
        } else if let i = springboard {
            // The springboard's own elements are not the app's, and what it draws over covers the app's.
            var set = ElementSet(ranges: [i..<h.subtreeEnd(i)])
            if h[i].type == "Window" { set.single = meeting(h[i].frame, outside: i) }
            out.append(
                Hint(
                    text: "may be a false alarm: \(name(i)) present (the system's springboard is on screen)",
                    rules: coveredRules.union([.smallHitRegion]), elements: set))
        }
        // Another window on top: the elements under its content.
        if windows.count > 1 {
            var covered = Set<Int>()
            for (k, w) in windows.enumerated() {
                // What a later window draws: its shown descendants that are content (text, a control, a leaf).
                let content = (w + 1)..<h.subtreeEnd(w)
                let drawn = content.filter {
                    shown($0) && (h[$0].children.isEmpty || !h[$0].displayText.isEmpty || Element.interactiveTypes.contains(h[$0].type))
                }
                .map { h[$0].frame }
                guard !drawn.isEmpty else { continue }
                let grid = FrameGrid(drawn)
                for below in windows[..<k] {
                    // (A window nested in another's subtree covers the rest of it, not itself.)
                    for e in (below + 1)..<h.subtreeEnd(below)
                    where !(w..<content.upperBound).contains(e) && !h[e].frame.isEmpty && h[e].isVisible != false {
                        if grid.meets(h[e].frame) { covered.insert(e) }
                    }
                }
            }
            if !covered.isEmpty {
                out.append(
                    Hint(
                        text:
                            "may be a false alarm: \(windows.count) windows on screen (another scene or a system window may be on top of this element)",
                        rules: coveredRules, elements: ElementSet(single: covered)))
            }
        }
        // Test data that the screen shows with another length than the archive's fixed data: the run did not use
        // the data it says, so that element's text length (and truncation) may differ from a rerun.
        for (key, value) in a.testData.members {
            guard case .string(let fixed) = value, fixed.count >= 4 else { continue }
            let showing = h.indices.filter { differsInLength(shown: h[$0].displayText, fixed: fixed) }
            if let i = showing.first {
                out.append(
                    Hint(
                        text:
                            "may be a false alarm: \(name(i)) shows test data '\(TerminalText.sanitize(key))' with another length than the archive's (\(h[i].displayText.count) vs \(fixed.count) characters)",
                        rules: textLengthRules, elements: ElementSet(single: Set(showing))))
                break
            }
        }
        return out
    }

    /// The text starts like the fixed value (a common start of at least 4 characters and half the value) but
    /// goes on differently: `Order #123456789` for `Order #12345`, `Zoë Ångstr` for `Zoë Ångström`. Equal text,
    /// or the value followed by a word boundary (`Zoë` in `Zoë Ångström` as a first name), is not a difference.
    static func differsInLength(shown: String, fixed: String) -> Bool {
        // Most texts differ in their first byte: no characters are made for them (this runs for every element).
        guard shown.utf8.first == fixed.utf8.first, shown.first == fixed.first, shown != fixed else { return false }
        let a = Array(shown), b = Array(fixed)
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        guard common >= 4, common * 2 >= b.count else { return false }
        if common == b.count {
            // The whole value, then more: only a continuation of the same token counts.
            let next = a[common]
            return next.isLetter || next.isNumber
        }
        return a.count != b.count
    }
}

extension Element {
    /// The keyboard's own window (a second window every text entry brings): not a sign of a foreign scene.
    var isKeyboardWindow: Bool { identifier.lowercased().contains("keyboard") || label.lowercased().contains("keyboard") }
}

/// Frames in buckets of a coarse grid over their bounds, so that asking whether a frame meets any of them looks
/// at the few in its buckets: a large screen in two windows asked every element about every frame on top.
struct FrameGrid {
    let frames: [Rect]
    let bounds: Rect
    let columns = 32, rows = 32
    var buckets: [[Int]]

    init(_ frames: [Rect]) {
        self.frames = frames
        bounds = frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
        buckets = Array(repeating: [], count: 32 * 32)
        for (k, f) in frames.enumerated() {
            let (c0, c1, r0, r1) = cells(f)
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 { for c in c0...c1 { buckets[r * columns + c].append(k) } }
        }
    }

    /// The grid cells a frame touches (empty ranges when it lies outside the bounds).
    func cells(_ f: Rect) -> (Int, Int, Int, Int) {
        guard let cut = f.intersection(bounds), bounds.width > 0, bounds.height > 0 else { return (1, 0, 1, 0) }
        // Clamped as a Double first: a frame of absurd size must not trap on its way to an Int.
        func cell(_ v: Double, _ n: Int) -> Int { v.isFinite ? Int(min(Double(n - 1), max(0, v * Double(n)))) : 0 }
        func col(_ x: Double) -> Int { cell((x - bounds.minX) / bounds.width, columns) }
        func row(_ y: Double) -> Int { cell((y - bounds.minY) / bounds.height, rows) }
        return (col(cut.minX), col(cut.maxX), row(cut.minY), row(cut.maxY))
    }

    func meets(_ f: Rect) -> Bool {
        let (c0, c1, r0, r1) = cells(f)
        guard c0 <= c1, r0 <= r1 else { return false }
        for r in r0...r1 {
            for c in c0...c1 where buckets[r * columns + c].contains(where: { frames[$0].intersection(f) != nil }) { return true }
        }
        return false
    }
}

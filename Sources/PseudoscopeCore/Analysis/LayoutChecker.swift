/// What the checks may read besides the archive: the app's string tables (`--strings`).
public struct CheckContext: Sendable {
    public var strings: StringCatalog?

    public init(strings: StringCatalog? = nil) {
        self.strings = strings
    }
}

/// Finds the layout gate's faults in one archive. Pure: the same archive always gives the same findings in
/// the same order (blocking first, then tree order, then rule order).
///
/// The rules judge only what the archive really records: an unknown window measures nothing against the
/// window, an element known to be invisible gets no finding about where it sits, siblings of a flat list are
/// not siblings, and children cut off by a fragment's end are not assumed absent (docs/checks.md).
public struct LayoutChecker: Sendable {
    public let archive: Archive
    let h: Hierarchy
    /// The window's frame; nil when the archive has none (see `Hierarchy.windowIndex`).
    let window: Rect?
    let windowIndex: Int?
    /// Whether each element lies inside a scrolling container, whose content may legitimately extend beyond it.
    let inScrollView: [Bool]
    /// Whether each element is the system's, not the app's: the status bar and the keyboard. The app neither
    /// lays out nor localizes them, so the layout and text rules leave them alone.
    let isSystemChrome: [Bool]
    /// What each element's type is, looked up once: the rules ask these questions of every element.
    let kinds: [Kind]
    /// Whether parents, children and siblings are real (false for flat lists and paths).
    let relationsKnown: Bool
    /// The pseudo-localization scheme the run's strings are marked with, if any.
    public let scheme: PseudoScheme?
    /// The app's string tables (`--strings`): the locale-run rules read them.
    let strings: StringCatalog?

    struct Kind: OptionSet, Sendable {
        let rawValue: UInt8
        static let interactive = Kind(rawValue: 1)
        static let text = Kind(rawValue: 2)
        static let localizedText = Kind(rawValue: 4)
        static let labelRequired = Kind(rawValue: 8)
        static let field = Kind(rawValue: 16)
        /// The system's own (status bar, keyboard), and a scrolling container: looked up with the rest, so that
        /// each element's type is hashed once.
        static let systemChrome = Kind(rawValue: 32)
        static let scrolls = Kind(rawValue: 64)
    }

    static let kindByType: [String: Kind] = {
        var t: [String: Kind] = [:]
        for name in Element.interactiveTypes { t[name, default: []].insert(.interactive) }
        for name in Element.textTypes { t[name, default: []].insert(.text) }
        for name in localizedTextTypes { t[name, default: []].insert(.localizedText) }
        for name in labelRequiredTypes { t[name, default: []].insert(.labelRequired) }
        for name in fieldTypes { t[name, default: []].insert(.field) }
        for name in systemChromeTypes { t[name, default: []].insert(.systemChrome) }
        for name in Element.scrollingTypes { t[name, default: []].insert(.scrolls) }
        return t
    }()

    public init(_ archive: Archive, context: CheckContext = CheckContext()) {
        self.archive = archive
        strings = context.strings
        h = archive.hierarchy
        windowIndex = archive.hierarchy.windowIndex
        window = archive.hierarchy.windowFrame
        var scroll = [Bool](repeating: false, count: h.count)
        var chrome = [Bool](repeating: false, count: h.count)
        var kinds = [Kind](repeating: [], count: h.count)
        var labels: [String] = []
        // Fields read in place: `for e in elements` copied every element, all its strings retained and released.
        for i in h.indices {
            kinds[i] = LayoutChecker.kindByType[h[i].type] ?? []
            chrome[i] = kinds[i].contains(.systemChrome)
            if let p = h[i].parent {
                scroll[i] = scroll[p] || kinds[p].contains(.scrolls)
                chrome[i] = chrome[i] || chrome[p]
            }
            // The labels the pseudo-scheme is detected from, by the type classes just looked up.
            if kinds[i].contains(.localizedText), !h[i].label.isEmpty { labels.append(h[i].label) }
        }
        inScrollView = scroll
        relationsKnown = archive.imported?.structure.relationsKnown ?? true
        if !relationsKnown { LayoutChecker.markKeyboardKeys(h, &chrome) }
        isSystemChrome = chrome
        self.kinds = kinds
        scheme = TextClassifier.detectScheme(labels)
    }

    /// All findings, sorted. The rules run one after another: they once ran on every core, but measured with
    /// another process busy on the second core that was slower, not faster (threads waiting on a shared core,
    /// for rules of a few milliseconds), and a run set already checks its archives on every core. Element paths
    /// are filled in afterwards, naming only the children of the ancestors of elements with findings.
    ///
    public func findings() -> [Finding] { findings(named: true) }

    /// `named: false` leaves out what only a reader of each finding needs (its path, fingerprint and hints), for a
    /// list that shows counts: the archive list without a baseline or a previous run (`Engine`).
    public func findings(named: Bool) -> [Finding] {
        // No hierarchy (a bundle run that holds none): nothing to measure, and no finding about its absence.
        guard archive.hierarchyNote == nil else { return [] }
        let checker = self
        var rules: [(inout [Finding]) -> Void] = [
            { checker.textTruncated(into: &$0) }, { checker.outside(into: &$0) }, { checker.primaryActions(into: &$0) },
            { checker.missingLabels(into: &$0) }, { checker.validationDuringComposition(into: &$0) },
            { checker.overlappingText(into: &$0) }, { checker.smallHitRegions(into: &$0) },
        ]
        switch archive.mode {
        case .normal: rules.append { checker.truncationHeadroom(into: &$0) }
        case .expanded: rules += [{ checker.hardcodedText(into: &$0) }, { checker.concatenatedStrings(into: &$0) }]
        case .rtl: rules.append { checker.rtlNotMirrored(into: &$0) }
        }
        // A locale run (a real language, readable strings): against the app's tables, or the strings the run showed.
        if archive.mode != .expanded, isLocaleRun { rules.append { checker.localeRunStrings(into: &$0) } }
        // The control run, and a locale run, show strings untouched: a pseudo mark there is the transform leaking.
        if archive.mode == .normal || (archive.mode != .expanded && isLocaleRun) { rules.append { checker.pseudoInControlRun(into: &$0) } }
        // Every rule appends to one list: merging lists of their own copied every finding of all but the largest
        // (retaining all its strings) and then released the originals. Their order here does not matter: they are
        // sorted below, and each rule's findings keep their own order.
        var out: [Finding] = []
        for rule in rules { rule(&out) }
        if named { name(&out) }
        return LayoutChecker.sorted(consume out)
    }

    /// Fills in each finding's path, fingerprint and the screen's hints.
    func name(_ out: inout [Finding]) {
        let hints = out.isEmpty ? [] : FalseAlarmHints.screenHints(archive)
        let screen = archive.screen
        var unnamed: [Int] = [], elements: [Int] = []  // findings without a path, and their elements
        for k in out.indices where out[k].elementPath.isEmpty {
            if let i = out[k].element { unnamed.append(k); elements.append(i) }
        }
        if !unnamed.isEmpty {
            var paths = PathNamer.paths(of: elements, in: h)
            for n in unnamed.indices { swap(&out[unnamed[n]].elementPath, &paths[n]) }
        }
        // Every stack's members named at once: naming them stack by stack walked a flat parent once a stack.
        var stacked: [Int] = [], members: [Int] = []
        for k in out.indices { if let s = out[k].stack { stacked.append(k); members += s.members } }
        var memberPaths = members.isEmpty ? [] : PathNamer.paths(of: members, in: h)
        var next = 0
        for k in stacked {
            var s = out[k].stack!
            s.paths = Array(memberPaths[next..<(next + s.members.count)])
            next += s.members.count
            out[k].stack = s
        }
        memberPaths.removeAll()
        for k in out.indices {
            // A stack is known by its frames (not its members, whose count may change from run to run).
            if let stack = out[k].stack {
                out[k].fingerprint = Fingerprint.ofStack(out[k].rule, screen: screen, frames: stack.frames)
                if !hints.isEmpty { out[k].hints = FalseAlarmHints.hints(for: out[k].rule, element: out[k].element, among: hints) }
                continue
            }
            // From its fields: calling the finding's method copied the whole finding.
            out[k].fingerprint = Fingerprint.of(
                out[k].rule, screen: screen, identifier: out[k].identifier,
                elementPath: out[k].elementPath)
            if !hints.isEmpty { out[k].hints = FalseAlarmHints.hints(for: out[k].rule, element: out[k].element, among: hints) }
        }
    }

    /// Blocking first, then by element and rule; findings alike in all three keep the order they were found in.
    /// (Their places are sorted, not the findings: moving a finding retains and releases all its strings.)
    public static func sorted(_ findings: [Finding]) -> [Finding] {
        func key(_ k: Int) -> (Int, Int, Int, Int) { (findings[k].severity.rank, findings[k].element ?? -1, findings[k].rule.index, k) }
        return findings.indices.sorted { key($0) < key($1) }.map { findings[$0] }
    }

    func finding(_ rule: Rule, _ severity: Severity, _ i: Int, _ message: String, _ evidence: [(name: String, value: Double)] = []) -> Finding {
        // Fields read in place: `let e = h[i]` copied the whole element (retaining and releasing all its strings).
        Finding(
            rule: rule, severity: severity, element: i, elementPath: "", elementType: h[i].type,
            identifier: h[i].identifier, label: h[i].label, text: h[i].displayText, frame: h[i].frame, message: message, evidence: evidence)
    }

    static let systemChromeTypes: Set<String> = ["StatusBar", "Keyboard", "Key"]

    /// In a flat list (XCUITest's `from input` list, a query's elements) nothing has a parent to inherit the
    /// keyboard from: an element whose frame lies inside a keyboard's is the keyboard's (`shift`, `Return`, the
    /// emoji and dictation buttons), not the app's.
    static func markKeyboardKeys(_ h: Hierarchy, _ chrome: inout [Bool]) {
        // A keyboard is the screen's lower part: one whose frame covers most of the screen (a hidden keyboard
        // reported with the window's frame) would claim the app's own elements.
        let screen = h.screenFrame
        let keyboards = h.indices.filter { h[$0].type == "Keyboard" && !h[$0].frame.isEmpty }.map { h[$0].frame }
            .filter { screen.isEmpty || $0.height <= screen.height * 0.6 }
        guard !keyboards.isEmpty else { return }
        for i in h.indices where !chrome[i] && !h[i].frame.isEmpty {
            let f = h[i].frame
            if keyboards.contains(where: { k in f.minX >= k.minX - 1 && f.maxX <= k.maxX + 1 && f.minY >= k.minY - 1 && f.maxY <= k.maxY + 1 }) {
                chrome[i] = true
            }
        }
    }

    /// On screen as far as the archive tells: a frame with area, not marked invisible, and meeting the window
    /// when the window is known.
    func isVisible(_ i: Int) -> Bool {
        // Fields read in place: no copy of the element (this runs for most elements in several rules).
        let f = h[i].frame
        guard !f.isEmpty, h[i].isVisible != false else { return false }
        guard let w = window else { return true }
        return f.intersection(w) != nil
    }

    /// The nearest interactive ancestor, if any: a control inside a control is reached through the outer one.
    func interactiveAncestor(of i: Int) -> Int? {
        guard relationsKnown else { return nil }
        var p = h[i].parent
        while let q = p {
            if kinds[q].contains(.interactive) { return q }
            p = h[q].parent
        }
        return nil
    }

    /// Whether two frames are the same within a point: a container drawn around a control, a control repeated
    /// inside itself.
    static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs(a.width - b.width) <= 1 && abs(a.height - b.height) <= 1
    }
}

/// Which screen keys are read for.
public enum KeyContext: Sendable {
    case inspector, comparison, runSet
}

/// The key tables, one per screen: the key handler and the help overlay both read them.
public enum KeyMap {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var action: Action
        public var help: String
    }

    static let movement: [Binding] = [
        Binding(keys: [.char("j"), .down], action: .moveDown, help: "next row"),
        Binding(keys: [.char("k"), .up], action: .moveUp, help: "previous row"),
        Binding(keys: [.char("g"), .home], action: .top, help: "first row"),
        Binding(keys: [.char("G"), .end], action: .bottom, help: "last row"),
        Binding(keys: [.pageDown, .char(" ")], action: .pageDown, help: "page down"),
        Binding(keys: [.pageUp], action: .pageUp, help: "page up"),
        Binding(keys: [.ctrl("d")], action: .halfPageDown, help: "half a page down"),
        Binding(keys: [.ctrl("u")], action: .halfPageUp, help: "half a page up"),
    ]

    static let common: [Binding] = [
        Binding(keys: [.char("a")], action: .toggleASCII, help: "ASCII / Unicode glyphs"),
        Binding(keys: [.char("?"), .function(1)], action: .help, help: "this help"),
        Binding(keys: [.ctrl("l")], action: .repaint, help: "repaint the screen"),
    ]

    public static let comparisonBindings: [Binding] = movement + [
        Binding(keys: [.char("]"), .char("n"), .char("f")], action: .nextDifference, help: "next difference"),
        Binding(keys: [.char("["), .char("N"), .char("F")], action: .previousDifference, help: "previous difference"),
        Binding(keys: [.tab, .backTab], action: .switchSide, help: "show the other run (narrow terminals)"),
    ] + common + [
        Binding(keys: [.char("q"), .escape], action: .closeOrQuit, help: "back to the list; quit"),
        Binding(keys: [.char("Q"), .ctrl("c")], action: .quitNow, help: "quit now"),
    ]

    public static let runSetBindings: [Binding] = movement + [
        Binding(keys: [.enter], action: .open, help: "open the archive in the inspector"),
        Binding(keys: [.char("c")], action: .compareGroup, help: "compare the group's runs (rtl against LTR)"),
        Binding(keys: [.char("s")], action: .cycleSort, help: "sort by blocking count, test, mode"),
        Binding(keys: [.char("/")], action: .startSearch, help: "filter by text"),
        Binding(keys: [.char("m")], action: .cycleModeFilter, help: "filter by mode"),
        Binding(keys: [.char("b")], action: .cycleSeverityFilter, help: "filter by severity"),
        Binding(keys: [.escape], action: .escape, help: "clear the filters"),
    ] + common + [
        Binding(keys: [.char("q")], action: .closeOrQuit, help: "close the overlay; quit"),
        Binding(keys: [.char("Q"), .ctrl("c")], action: .quitNow, help: "quit now"),
    ]

    public static func bindings(for context: KeyContext) -> [Binding] {
        switch context {
        case .inspector: return bindings
        case .comparison: return comparisonBindings
        case .runSet: return runSetBindings
        }
    }

    public static let bindings: [Binding] = movement + [
        Binding(keys: [.char("l"), .right], action: .expandOrFirstChild, help: "expand; if expanded, first child"),
        Binding(keys: [.char("h"), .left], action: .collapseOrParent, help: "collapse; if collapsed or a leaf, parent"),
        Binding(keys: [.enter], action: .toggleExpanded, help: "toggle expanded"),
        Binding(keys: [.char("+")], action: .expandSubtree, help: "expand the subtree"),
        Binding(keys: [.char("-")], action: .collapseSubtree, help: "collapse the subtree"),
        Binding(keys: [.char("*")], action: .expandAll, help: "expand everything"),
        Binding(keys: [.tab], action: .nextPane, help: "next pane"),
        Binding(keys: [.backTab], action: .previousPane, help: "previous pane"),
        Binding(keys: [.char("/")], action: .startSearch, help: "search identifier, label, value, type"),
        Binding(keys: [.char("n")], action: .nextMatch, help: "next match"),
        Binding(keys: [.char("N")], action: .previousMatch, help: "previous match"),
        Binding(keys: [.char("f"), .char("]")], action: .nextFinding, help: "next finding"),
        Binding(keys: [.char("F"), .char("[")], action: .previousFinding, help: "previous finding"),
        Binding(keys: [.char("x")], action: .jumpToFailing, help: "jump to the failing element"),
        Binding(keys: [.char("z")], action: .toggleZoom, help: "zoom the wireframe to the selection"),
        Binding(keys: [.char("m")], action: .toggleMirror, help: "RTL mirror view of an LTR run"),
        Binding(keys: [.char("i")], action: .toggleDetailsTab, help: "details: element / archive"),
    ] + common + [
        Binding(keys: [.escape], action: .escape, help: "close the overlay, cancel the search"),
        Binding(keys: [.char("q")], action: .closeOrQuit, help: "close the overlay; quit"),
        Binding(keys: [.char("Q"), .ctrl("c")], action: .quitNow, help: "quit now"),
    ]

    static func table(_ bindings: [Binding]) -> [Key: Action] {
        var t: [Key: Action] = [:]
        for b in bindings { for k in b.keys where t[k] == nil { t[k] = b.action } }
        return t
    }

    static let tables: [KeyContext: [Key: Action]] = [
        .inspector: table(bindings), .comparison: table(comparisonBindings), .runSet: table(runSetBindings),
    ]

    /// The action for a key in the current mode: while searching, typing edits the query.
    public static func action(for key: Key, searching: Bool, context: KeyContext = .inspector) -> Action? {
        switch key {
        case .resize(let w, let h): return .resize(width: w, height: h)
        case .click(let x, let y): return .click(x: x, y: y)
        case .wheelUp: return .scrollUp
        case .wheelDown: return .scrollDown
        default: break
        }
        if searching {
            switch key {
            case .enter: return .searchCommit
            case .escape: return .searchCancel
            case .backspace: return .searchBackspace
            case .char(let c): return .searchType(c)
            case .ctrl("c"): return .quitNow
            default: break
            }
        }
        return tables[context]?[key]
    }

    /// Help lines generated from the table: `j ↓          next row`.
    public static func helpLines(for context: KeyContext = .inspector) -> [String] {
        bindings(for: context).map { b in
            let keys = b.keys.map(\.name).joined(separator: " ")
            return keys.padding(toLength: 14, withPad: " ", startingAt: 0) + b.help
        } + ["", "Mouse: click a tree row or a box to select it; the wheel scrolls."]
    }
}

extension String {
    func padding(toLength n: Int, withPad pad: String, startingAt: Int) -> String {
        let w = count
        return w >= n ? self + " " : self + String(repeating: " ", count: n - w)
    }
}

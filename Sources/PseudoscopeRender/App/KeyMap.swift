/// The one table of keys: the key handler and the help overlay both read it.
public enum KeyMap {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var action: Action
        public var help: String
    }

    public static let bindings: [Binding] = [
        Binding(keys: [.char("j"), .down], action: .moveDown, help: "next row"),
        Binding(keys: [.char("k"), .up], action: .moveUp, help: "previous row"),
        Binding(keys: [.char("l"), .right], action: .expandOrFirstChild, help: "expand; if expanded, first child"),
        Binding(keys: [.char("h"), .left], action: .collapseOrParent, help: "collapse; if collapsed or a leaf, parent"),
        Binding(keys: [.enter], action: .toggleExpanded, help: "toggle expanded"),
        Binding(keys: [.char("+")], action: .expandSubtree, help: "expand the subtree"),
        Binding(keys: [.char("-")], action: .collapseSubtree, help: "collapse the subtree"),
        Binding(keys: [.char("*")], action: .expandAll, help: "expand everything"),
        Binding(keys: [.char("g"), .home], action: .top, help: "first row"),
        Binding(keys: [.char("G"), .end], action: .bottom, help: "last row"),
        Binding(keys: [.pageDown, .char(" ")], action: .pageDown, help: "page down"),
        Binding(keys: [.pageUp], action: .pageUp, help: "page up"),
        Binding(keys: [.ctrl("d")], action: .halfPageDown, help: "half a page down"),
        Binding(keys: [.ctrl("u")], action: .halfPageUp, help: "half a page up"),
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
        Binding(keys: [.char("a")], action: .toggleASCII, help: "ASCII / Unicode glyphs"),
        Binding(keys: [.char("?"), .function(1)], action: .help, help: "this help"),
        Binding(keys: [.ctrl("l")], action: .repaint, help: "repaint the screen"),
        Binding(keys: [.escape], action: .escape, help: "close the overlay, cancel the search"),
        Binding(keys: [.char("q")], action: .closeOrQuit, help: "close the overlay; quit"),
        Binding(keys: [.char("Q"), .ctrl("c")], action: .quitNow, help: "quit now"),
    ]

    static let table: [Key: Action] = {
        var t: [Key: Action] = [:]
        for b in bindings { for k in b.keys where t[k] == nil { t[k] = b.action } }
        return t
    }()

    /// The action for a key in the current mode: while searching, typing edits the query.
    public static func action(for key: Key, searching: Bool) -> Action? {
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
        return table[key]
    }

    /// Help lines generated from the table: `j ↓          next row`.
    public static func helpLines() -> [String] {
        bindings.map { b in
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

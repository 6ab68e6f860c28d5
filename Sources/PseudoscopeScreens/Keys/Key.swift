/// A key press as the terminal driver decodes it, independent of curses.
public enum Key: Hashable, Sendable {
    case char(Character)
    case ctrl(Character)
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, tab, backTab, escape, backspace
    case function(Int)
    case resize(width: Int, height: Int)
    case click(x: Int, y: Int)
    case wheelUp, wheelDown
    /// Text the terminal marked as pasted (bracketed paste): text for the prompt it lands in, never keys.
    case paste(String)
    /// Input that means nothing here (an unknown function key, a mouse event we do not use).
    case ignored

    /// How the key is written in the help overlay.
    public var name: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .function(let n): return "F\(n)"
        case .resize: return "resize"
        case .click: return "click"
        case .wheelUp: return "wheel up"
        case .wheelDown: return "wheel down"
        case .paste: return "paste"
        case .ignored: return "(ignored)"
        }
    }
}

import PseudoscopeCore
import PseudoscopeDrawing

/// What a screen has in common with every other: its size, its glyphs, the help overlay and the status message.
public struct ScreenChrome: Sendable {
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var glyphs: Glyphs
    public internal(set) var showingHelp = false
    /// The help overlay's scroll position (a short terminal cannot show every key at once).
    public internal(set) var helpScroll = ScrollPosition()
    /// A message for the status line, cleared by the next key.
    public internal(set) var message: String?

    public init(width: Int, height: Int, glyphs: Glyphs) {
        self.width = width
        self.height = height
        self.glyphs = glyphs
    }

    mutating func toggleGlyphs() { glyphs = glyphs.isASCII ? .unicode : .ascii }

    /// Rows of help the overlay shows at this height (two for its frame, two for its title).
    var helpPageRows: Int { max(1, height - 6) }

    /// Keys while the help overlay is open: scroll it, close it, or quit. Any other key is ignored: the overlay is
    /// modal.
    public static let helpKeys = KeyTable<OverlayMessage>(
        screen: "Help",
        bindings: [
            KeyBinding([.char("j"), .down], .scroll(1), "scroll down"),
            KeyBinding([.char("k"), .up], .scroll(-1), "scroll up"),
            KeyBinding([.pageDown, .char(" "), .ctrl("d")], .page(1), "page down"),
            KeyBinding([.pageUp, .ctrl("u")], .page(-1), "page up"),
            KeyBinding([.char("g"), .home], .top, "top"),
            KeyBinding([.char("G"), .end], .bottom, "bottom"),
            KeyBinding([.wheelDown], .scroll(3), "scroll down"),
            KeyBinding([.wheelUp], .scroll(-3), "scroll up"),
            KeyBinding([.char("q"), .escape, .char("?"), .function(1)], .close, "close the help"),
            KeyBinding([.char("Q"), .ctrl("c")], .quit, "quit now"),
        ], notes: [])

    /// A key while the help overlay is open; returns the effects.
    mutating func helpKey(_ key: Key, lines: Int) -> [Effect] {
        guard let m = ScreenChrome.helpKeys.message(for: key) else { return [] }
        switch m {
        case .close: showingHelp = false
        case .quit: return [.quit]
        default: helpScroll.apply(m, contentRows: lines, pageRows: helpPageRows)
        }
        return []
    }

    mutating func openHelp() {
        showingHelp = true
        helpScroll.reset()
    }
}

/// Messages every screen understands the same way.
public enum ChromeMessage: Equatable, Sendable {
    case toggleASCII, help, notes, close, quitNow, repaint
    case resize(width: Int, height: Int)
}

extension ScreenChrome {
    /// Applies a message every screen shares; the screen then reacts to a new size itself.
    mutating func update(_ m: ChromeMessage) -> [Effect] {
        switch m {
        case .toggleASCII: toggleGlyphs()
        case .help: openHelp()
        case .notes: return [.showNotes]
        case .close: return [.close]
        case .quitNow: return [.quit]
        case .repaint: return [.repaint]
        case .resize(let w, let h):
            width = w
            height = h
        }
        return []
    }
}

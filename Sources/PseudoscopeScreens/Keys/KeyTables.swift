import PseudoscopeCore
import PseudoscopeDrawing

/// Every screen's key table, in the order the documentation lists them.
public enum KeyTables {
    public static var all: [KeyDocumentation] {
        [InspectorState.keys.documentation, RunSetState.keys.documentation, ComparisonState.keys.documentation]
    }

    /// The movement keys, worded for what a screen's rows are (`row`, `archive`, `element`).
    static func movement<M>(_ wrap: (Movement) -> M, row: String, down: String? = nil, up: String? = nil) -> [KeyBinding<M>] {
        [
            KeyBinding([.char("j"), .down], wrap(.down), down ?? "next \(row)"),
            KeyBinding([.char("k"), .up], wrap(.up), up ?? "previous \(row)"),
            KeyBinding([.char("g"), .home], wrap(.top), "first \(row)"),
            KeyBinding([.char("G"), .end], wrap(.bottom), "last \(row)"),
            KeyBinding([.pageDown, .char(" ")], wrap(.pageDown), "page down"),
            KeyBinding([.pageUp], wrap(.pageUp), "page up"),
            KeyBinding([.ctrl("d")], wrap(.halfPageDown), "half a page down"),
            KeyBinding([.ctrl("u")], wrap(.halfPageUp), "half a page up"),
        ]
    }

    /// What a key does while the user types a search, a filter or an answer: printable keys edit the text.
    enum Typing: Sendable { case input(String), backspace, commit, cancel }

    static let typing = KeyTable<Typing>(
        screen: "Typing",
        bindings: [
            KeyBinding([.enter], .commit, "take the text"),
            KeyBinding([.escape], .cancel, "cancel, restoring what was there before"),
            KeyBinding([.backspace], .backspace, "delete the last character"),
            // As a shell's line editor does: Ctrl-C drops the line, and a second one (no longer typing) quits.
            KeyBinding([.ctrl("c")], .cancel, "cancel, as Esc does (again: quit)"),
        ], notes: ["Any other character is typed; pasted text is typed whole."],
        otherKeys: { key in
            switch key {
            case .char(let c): return .input(String(c))
            // Pasted text is typed text, all of it, with its line ends and escapes shown: never Enter or Esc.
            case .paste(let text): return .input(KeySequence.pastedText(text))
            default: return nil
            }
        })

    /// Every table of keys a mode of a screen reads, by name, with the keys each binds twice: the screens' own, and
    /// the modal ones (help, notes, typing, the copy menu).
    public static var modal: [(name: String, duplicates: [Key])] {
        [
            (InspectorState.keys.screen, InspectorState.keys.duplicateKeys), (RunSetState.keys.screen, RunSetState.keys.duplicateKeys),
            (ComparisonState.keys.screen, ComparisonState.keys.duplicateKeys), (ScreenChrome.helpKeys.screen, ScreenChrome.helpKeys.duplicateKeys),
            (AppState.noteKeys.screen, AppState.noteKeys.duplicateKeys), (typing.screen, typing.duplicateKeys),
            (InspectorState.copyMenuKeys.screen, InspectorState.copyMenuKeys.duplicateKeys),
        ]
    }

    /// Keys every screen shares, so their help reads the same everywhere.
    static func common<M>(_ wrap: (ChromeMessage) -> M) -> [KeyBinding<M>] {
        [
            KeyBinding([.char("a")], wrap(.toggleASCII), "ASCII / Unicode glyphs"),
            KeyBinding([.char("?"), .function(1)], wrap(.help), "this help (j k PgUp PgDn scroll it)"),
            KeyBinding([.char("!")], wrap(.notes), "the session's notes (a bundle that passed, inputs not read, pairing, locale)"),
            KeyBinding([.ctrl("l")], wrap(.repaint), "repaint the screen"),
        ]
    }
}

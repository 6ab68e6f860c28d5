import PseudoscopeCore

/// One line of a key table: the keys, the message they send to their screen, and what it does.
public struct KeyBinding<Message: Sendable>: Sendable {
    public let keys: [Key]
    public let message: Message
    public let help: String

    public init(_ keys: [Key], _ message: Message, _ help: String) {
        self.keys = keys
        self.message = message
        self.help = help
    }
}

/// A screen's keys: the one source that key handling, the help overlay, the README and the man page read.
public struct KeyTable<Message: Sendable>: Sendable {
    /// The screen's name in documentation: `Inspector`, `Archive list`, `Comparison`.
    public let screen: String
    public let bindings: [KeyBinding<Message>]
    /// What the table cannot say by itself (typing a search, the mouse).
    public let notes: [String]
    private let lookup: [Key: Message]

    public init(screen: String, bindings: [KeyBinding<Message>], notes: [String]) {
        self.screen = screen
        self.bindings = bindings
        self.notes = notes
        var t: [Key: Message] = [:]
        for b in bindings { for k in b.keys where t[k] == nil { t[k] = b.message } }
        lookup = t
    }

    public func message(for key: Key) -> Message? { lookup[key] }

    /// Help lines: `j ↓            next row`, then the notes.
    public var helpLines: [String] {
        bindings.map { b in
            let keys = b.keys.map(\.name).joined(separator: " ")
            return keys.padded(to: 14) + b.help
        } + [""] + notes
    }

    /// The table for documentation: each binding's key names and help.
    public var documentation: KeyDocumentation {
        KeyDocumentation(screen: screen, rows: bindings.map { ($0.keys.map(\.name), $0.help) }, notes: notes)
    }
}

/// A key table without its messages, for the generated README, help and man page.
public struct KeyDocumentation: Sendable {
    public let screen: String
    public let rows: [(keys: [String], help: String)]
    public let notes: [String]
}

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

    /// What a key does while the user types a search or a filter: printable keys edit the text.
    enum Typing { case input(String), backspace, commit, cancel, quit }

    static func typing(_ key: Key) -> Typing? {
        switch key {
        case .enter: return .commit
        case .escape: return .cancel
        case .backspace: return .backspace
        case .char(let c): return .input(String(c))
        // Pasted text is typed text, all of it, with its line ends and escapes shown: never Enter or Esc.
        case .paste(let text): return .input(KeySequence.pastedText(text))
        case .ctrl("c"): return .quit
        default: return nil
        }
    }

    /// Keys every screen shares, so their help reads the same everywhere.
    static func common<M>(_ wrap: (ChromeMessage) -> M) -> [KeyBinding<M>] {
        [
            KeyBinding([.char("a")], wrap(.toggleASCII), "ASCII / Unicode glyphs"),
            KeyBinding([.char("?"), .function(1)], wrap(.help), "this help (j k PgUp PgDn scroll it)"),
            KeyBinding([.ctrl("l")], wrap(.repaint), "repaint the screen"),
        ]
    }
}

extension String {
    /// The string followed by spaces up to `width` display columns (at least one space).
    public func padded(to width: Int) -> String {
        let w = DisplayWidth.of(self)
        return self + String(repeating: " ", count: max(1, width - w))
    }
}

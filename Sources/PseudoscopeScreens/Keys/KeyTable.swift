import PseudoscopeCore
import PseudoscopeDrawing

/// A screen's keys: the one source that key handling, the help overlay, the README and the man page read.
public struct KeyTable<Message: Sendable>: Sendable {
    /// The screen's name in documentation: `Inspector`, `Archive list`, `Comparison`.
    public let screen: String
    public let bindings: [KeyBinding<Message>]
    /// What the table cannot say by itself (typing a search, the mouse).
    public let notes: [String]
    /// Keys bound more than once: the first binding wins, and a test fails on any (`KeyTables.modal`).
    public let duplicateKeys: [Key]
    private let lookup: [Key: Message]
    /// The message for a key no binding names (a typed character, a copy menu's item), if any.
    private let otherKeys: (@Sendable (Key) -> Message?)?
    /// Whether the help ends with the legend of what the screen's drawings show (the screens that draw a wireframe).
    public let showsLegend: Bool

    public init(
        screen: String, bindings: [KeyBinding<Message>], notes: [String], legend: Bool = false, otherKeys: (@Sendable (Key) -> Message?)? = nil
    ) {
        self.screen = screen
        showsLegend = legend
        self.bindings = bindings
        self.notes = notes
        self.otherKeys = otherKeys
        var t: [Key: Message] = [:]
        var twice: [Key] = []
        for b in bindings {
            for k in b.keys {
                if t[k] == nil { t[k] = b.message } else { twice.append(k) }
            }
        }
        lookup = t
        duplicateKeys = twice
    }

    public func message(for key: Key) -> Message? { lookup[key] ?? otherKeys?(key) }

    /// Help lines: `j ↓            next row`, then the notes.
    public var helpLines: [String] {
        bindings.map { b in
            let keys = b.keys.map(\.name).joined(separator: " ")
            return keys.padded(to: 14) + b.help
        } + [""] + notes
    }

    /// The help overlay's lines: the keys, the notes and, for a screen that draws, the legend in the glyphs drawn.
    public func helpLines(glyphs: Glyphs) -> [String] {
        helpLines + (showsLegend ? ["", "Drawn: " + glyphs.legend] : [])
    }

    /// The table for documentation: each binding's key names and help.
    public var documentation: KeyDocumentation {
        KeyDocumentation(screen: screen, rows: bindings.map { ($0.keys.map(\.name), $0.help) }, notes: notes)
    }
}

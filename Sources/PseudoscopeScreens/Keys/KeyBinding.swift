import PseudoscopeCore
import PseudoscopeDrawing

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

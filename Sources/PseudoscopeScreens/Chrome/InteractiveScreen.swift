import PseudoscopeCore
import PseudoscopeDrawing

/// A screen of the interactive program: its key table, how a key becomes one of its messages, and `update`.
protocol InteractiveScreen {
    associatedtype Message: Sendable
    static var keys: KeyTable<Message> { get }
    var chrome: ScreenChrome { get set }
    /// The message a key sends in the screen's current mode (typing a search takes printable keys).
    func message(for key: Key) -> Message?
    mutating func update(_ m: Message) -> [Effect]
}

extension InteractiveScreen {
    /// A key from the terminal: the help overlay takes it when open, otherwise its message is applied.
    mutating func handle(_ key: Key) -> [Effect] {
        if chrome.showingHelp, !isResize(key) {
            chrome.message = nil
            return chrome.helpKey(key, lines: Self.keys.helpLines(glyphs: .unicode).count)
        }
        guard let m = message(for: key) else { return [] }
        return update(m)
    }
}

func isResize(_ key: Key) -> Bool {
    if case .resize = key { return true }
    return false
}

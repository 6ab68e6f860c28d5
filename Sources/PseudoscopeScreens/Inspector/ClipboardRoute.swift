import Foundation

/// Where a copy (OSC 52) goes, as far as the program can know, so the status line claims no more than that. A
/// terminal never says whether it took the sequence: outside tmux the text is "sent to the terminal". Inside tmux,
/// tmux's own settings decide (read once at start: `set-clipboard`, `allow-passthrough`), and with `set-clipboard
/// external` and passthrough off it drops the sequence: said, with what to do.
public enum ClipboardRoute: Equatable, Sendable {
    /// No tmux: the terminal's (it may ignore OSC 52; nothing answers).
    case terminal
    /// tmux with `set-clipboard on`: into tmux's buffer, and on to the terminal outside.
    case tmuxBuffer
    /// tmux with passthrough on and `set-clipboard` not on: passed through to the terminal outside.
    case tmuxPassthrough
    /// tmux drops it: `set-clipboard` and `allow-passthrough` as tmux reported them.
    case tmuxDrops(setClipboard: String, passthrough: String)
    /// Inside tmux, but its settings could not be read.
    case tmuxUnknown

    /// From tmux's answers (`show-options -gv set-clipboard`, `allow-passthrough`); nil answers: unknown.
    public static func tmux(setClipboard: String?, passthrough: String?) -> ClipboardRoute {
        guard let set = setClipboard?.trimmingCharacters(in: .whitespacesAndNewlines), !set.isEmpty else { return .tmuxUnknown }
        let pass = passthrough?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "off"
        if set == "on" { return .tmuxBuffer }
        if pass == "on" || pass == "all" { return .tmuxPassthrough }
        return .tmuxDrops(setClipboard: set, passthrough: pass.isEmpty ? "off" : pass)
    }

    /// The status line after a copy of `what` (`count` characters).
    public func status(_ what: String, count: Int) -> String {
        switch self {
        case .terminal: return "Sent the \(what) to your terminal's clipboard (OSC 52, \(count) characters); not there? Enter shows it plain"
        case .tmuxBuffer: return "Copied the \(what) into tmux's buffer and sent it on to your terminal (\(count) characters)"
        case .tmuxPassthrough: return "Sent the \(what) through tmux to your terminal (OSC 52, \(count) characters)"
        case .tmuxDrops: return "Not copied: tmux drops clipboard sequences here; Enter shows the \(what) plain (README: Copying in tmux)"
        case .tmuxUnknown: return "Sent the \(what) through tmux (its settings unknown); not there? Enter shows it plain"
        }
    }

    /// The copy overlay's lines: what happened and what to do.
    public var explanation: [String] {
        switch self {
        case .terminal:
            return [
                "Sent to your terminal as OSC 52; a terminal does not say whether it took it.",
                "Not on your clipboard? Enter shows it plain, to select by hand.",
            ]
        case .tmuxBuffer:
            return [
                "tmux (set-clipboard on) took it into its buffer (prefix ] pastes) and sent it on.",
                "Not on your laptop's clipboard? Your terminal may not take OSC 52: Enter shows it plain.",
            ]
        case .tmuxPassthrough:
            return [
                "Passed through tmux (allow-passthrough on) to your terminal.",
                "Not on your clipboard? Enter shows it plain, to select by hand.",
            ]
        case .tmuxDrops(let set, let pass):
            return [
                "tmux drops it: set-clipboard \(set), allow-passthrough \(pass).",
                "In tmux: set -g set-clipboard on (README: Copying in tmux). Enter shows it plain now.",
            ]
        case .tmuxUnknown:
            return [
                "Sent through tmux; its settings could not be read, so whether it arrived is unknown.",
                "In tmux: set -g set-clipboard on. Enter shows it plain, to select by hand.",
            ]
        }
    }
}

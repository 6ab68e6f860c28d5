import Foundation

/// Copying to the user's clipboard through the terminal: OSC 52 travels over SSH to the laptop's terminal.
/// Inside tmux the sequence is wrapped for tmux's passthrough, which tmux forwards when `allow-passthrough`
/// is on (and handles itself when `set-clipboard` is on).
enum Clipboard {
    /// Inside tmux, both forms: the plain one, which tmux takes into its buffer and passes to the outer terminal
    /// with `set -g set-clipboard on`, and the passthrough one, which reaches the outer terminal with
    /// `allow-passthrough on` (tmux drops it otherwise). Where both work, the clipboard is set twice alike.
    static func osc52(_ text: String, insideTmux: Bool) -> [UInt8] {
        let payload = Data(text.utf8).base64EncodedString()
        let sequence = "\u{1B}]52;c;\(payload)\u{07}"
        guard insideTmux else { return Array(sequence.utf8) }
        return Array((sequence + "\u{1B}Ptmux;\u{1B}\(sequence)\u{1B}\\").utf8)
    }
}

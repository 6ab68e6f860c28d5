import Foundation
import PseudoscopeScreens

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

    /// Where copies go in this session: inside tmux, by tmux's own settings (`set-clipboard`, `allow-passthrough`,
    /// asked of the tmux the session runs in, at most a second each); outside, the terminal's.
    static func route(insideTmux: Bool) -> ClipboardRoute {
        guard insideTmux else { return .terminal }
        return .tmux(setClipboard: tmuxOption("set-clipboard"), passthrough: tmuxOption("allow-passthrough"))
    }

    /// `tmux show-options -gv NAME`, or nil when tmux does not answer (not found, an old tmux without the option).
    static func tmuxOption(_ name: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "show-options", "-gv", name]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        guard (try? process.run()) != nil else { return nil }
        if done.wait(timeout: .now() + 1) == .timedOut {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile().prefix(64), as: UTF8.self)
    }
}

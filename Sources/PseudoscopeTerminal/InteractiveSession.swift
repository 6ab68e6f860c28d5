import Foundation
import PseudoscopeRender

/// Runs the inspector on the terminal until the user quits; returns the exit status.
public enum InteractiveSession {
    public static func run(_ initial: InspectorState, useColor: Bool) throws -> Int32 {
        let terminal = CursesTerminal()
        try terminal.start(useColor: useColor)
        defer {
            terminal.stop()
            if let note = terminal.note { FileHandle.standardError.write(Data("pseudoscope: \(note)\n".utf8)) }
        }
        var state = initial
        let size = terminal.size
        state.apply(.resize(width: size.width, height: size.height))
        // A fault-injection switch for the end-to-end test of the crash path: the terminal must come back.
        let injectCrash = ProcessInfo.processInfo.environment["PSEUDOSCOPE_FAULT"] == "crash-after-first-frame"
        var first = true
        while !state.quit {
            terminal.draw(InspectorScreen.render(state), fullRepaint: state.needsFullRepaint)
            if first && injectCrash { fatalError("injected fault: PSEUDOSCOPE_FAULT=crash-after-first-frame") }
            first = false
            guard let key = terminal.readKey() else { continue }
            if let action = KeyMap.action(for: key, searching: state.searchQuery != nil) { state.apply(action) }
        }
        return 0
    }
}

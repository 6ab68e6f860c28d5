import CNcurses
import Foundation
import Glibc
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

/// Runs the interactive program on the terminal until it finishes: read keys, update, perform effects, draw.
public enum InteractiveSession {
    /// Runs `app`. `engine` judges what the effects ask for (loading, pairing, opening, pictures, baselines).
    /// Returns the exit status.
    public static func run(_ initial: AppState, engine: Engine, options: SessionOptions) throws -> Int32 {
        let wake = WakePipe()
        let terminal = CursesTerminal(options: options)
        try terminal.start(wakeDescriptor: wake.writeEnd)
        var replacedOutsideASCII = false  // some text was drawn as `?` (a locale that is not UTF-8)
        defer {
            terminal.stop()
            // After the screen is given back: in ASCII where the locale is not UTF-8, as every message is.
            func say(_ line: String) {
                FileHandle.standardError.write(Data("pseudoscope: \(options.localeIsUTF8 ? line : TerminalText.asciiOnly(line))\n".utf8))
            }
            if let note = terminal.note { say(note) }
            if replacedOutsideASCII, !options.localeIsUTF8 { say(TerminalEnvironment.outsideASCIIHint) }
        }
        let runner = EffectRunner(engine: engine, wake: wake, maxImagePixels: options.maxImagePixels)
        var app = initial
        // What the terminal said when it started (a TERM without an entry here) is a note of the session too.
        if let note = terminal.note { _ = app.update(.note(note)) }
        let size = terminal.size
        _ = app.update(.key(.resize(width: size.width, height: size.height)))
        _ = app.update(.paletteDetected(colors: terminal.paletteSize))
        _ = app.update(.clipboardDetected(Clipboard.route(insideTmux: options.insideTmux)))
        // Graphics by what the terminal answers, asked when a screenshot is first shown (a terminal that does
        // not answer costs its wait then, not at start). Inside tmux, symbols: its passthrough is off by default.
        var graphicsKnown = false
        func detectGraphics() {
            guard !graphicsKnown else { return }
            graphicsKnown = true
            let graphics: GraphicsChoice
            if let chosen = options.graphics {
                graphics = chosen
            } else if options.insideTmux {
                graphics = .symbols
            } else if let answered = GraphicsAnswer.parse(terminal.ask(GraphicsAnswer.query, until: GraphicsAnswer.isComplete, milliseconds: 300)) {
                graphics = .graphics(answered)
            } else {
                graphics = options.termProgram == "iTerm.app" ? .graphics(.iterm) : .symbols
            }
            let cell = terminal.cellPixels
            _ = app.update(.graphicsDetected(graphics, cellWidth: cell.width, cellHeight: cell.height))
        }
        if let chosen = options.graphics {
            graphicsKnown = true;
            _ = app.update(.graphicsDetected(chosen, cellWidth: terminal.cellPixels.width, cellHeight: terminal.cellPixels.height))
        }
        var fullRepaint = false
        var first = true
        // Times in a row the terminal was reported readable but gave no key: a terminal that is gone.
        var emptyWakeups = 0
        func perform(_ effects: [Effect]) {
            for e in effects {
                switch e {
                case .repaint: fullRepaint = true
                case .copy(let text, _): terminal.writeRaw(Clipboard.osc52(text, insideTmux: options.insideTmux))
                case .showPlain(let text, let what):
                    terminal.showOutsideCurses(PlainHandover.page(text, what: what, localeIsUTF8: options.localeIsUTF8))
                    fullRepaint = true
                case .loadPicture:
                    detectGraphics()
                    runner.perform(e)
                default: runner.perform(e)
                }
            }
        }
        perform(app.start())
        while !app.isFinished {
            var frame = app.render()
            if frame.replacedOutsideASCII && !replacedOutsideASCII && !options.localeIsUTF8 {
                // Said while the session is on, not only after it.
                _ = app.update(.note(TerminalEnvironment.outsideASCIIHint))
                frame = app.render()
            }
            replacedOutsideASCII = replacedOutsideASCII || frame.replacedOutsideASCII
            terminal.draw(frame, fullRepaint: fullRepaint)
            fullRepaint = false
            if first, let fault = options.fault {
                switch fault {
                case .crashAfterFirstFrame: fatalError("injected fault: crash after the first frame")
                case .stackOverflowOnAWorker: runner.onWorker { _ = InteractiveSession.overflow(0) }
                }
            }
            first = false
            // Ctrl-C cancels a prompt being typed into; outside one it ends the program (status 130).
            terminal.setTyping(app.isTyping)
            // Wait for a key, a result of background work, or a continue after a stop.
            var fds = [
                pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let n = poll(&fds, 2, -1)
            if n < 0 && errno != EINTR { break }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let interrupted = wake.drain()
                terminal.checkResizeAfterContinue()
                for message in runner.takeMessages() { perform(app.update(message)) }
                // Ctrl-C while a prompt was open reached us as a byte on the pipe, not as the end of the program.
                if interrupted { perform(app.update(.key(.ctrl("c")))) }
            }
            // Every key already waiting (a paste, a held key, a resize after EINTR), without blocking.
            var keys = 0
            while !app.isFinished, let key = terminal.readKey() {
                keys += 1
                if key == .ignored { continue }
                perform(app.update(.key(key)))
            }
            let terminalReady = fds[0].revents != 0
            emptyWakeups = terminalReady && keys == 0 ? emptyWakeups + 1 : 0
            // The terminal went away without a hangup signal (a closed pty, a revoked tty): it reports hang-up or
            // readiness with nothing to read, forever. End rather than spin.
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && keys == 0 { break }
            if emptyWakeups >= 50 { break }
        }
        return 0
    }
}

/// A pipe whose read end wakes the event loop: background work and the SIGCONT handler write a byte to it.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func signal() {
        var b: UInt8 = 1
        _ = write(writeEnd, &b, 1)
    }

    /// Empties the pipe; true when the interrupt handler wrote to it (a Ctrl-C for the open prompt).
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        var interrupted = false
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { break }
            if buffer[0..<n].contains(UInt8(ascii: "i")) { interrupted = true }
        }
        return interrupted
    }
}

extension InteractiveSession {
    /// Recurses until the stack runs out (the injected fault `stack-overflow-on-a-worker`): the work after the call
    /// keeps it from becoming a loop.
    static func overflow(_ n: Int) -> Int {
        guard n < Int.max else { return n }  // never reached: the stack runs out first
        var frame = [n]
        frame.append(overflow(n + 1))
        return frame.reduce(0, +)
    }
}

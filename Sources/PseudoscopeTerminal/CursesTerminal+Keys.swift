import CNcurses
import Foundation
import Glibc
import PseudoscopeCore
import PseudoscopeScreens

/// Keys from curses: what waits in the input, escape sequences curses did not decode, bracketed paste.
extension CursesTerminal {
    /// The next key already waiting, or nil (input never blocks: the event loop waits in `poll`).
    func readKey() -> Key? {
        var ch: wint_t = 0
        let r = wget_wch(ps_stdscr(), &ch)
        if r == ERR { return nil }
        if r == KEY_CODE_YES {
            switch Int32(ch) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_NPAGE: return .pageDown
            case KEY_PPAGE: return .pageUp
            case KEY_BTAB: return .backTab
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            case KEY_RESIZE:
                let s = size
                return .resize(width: s.width, height: s.height)
            case KEY_MOUSE:
                var event = MEVENT()
                guard getmouse(&event) == OK else { return .ignored }
                if event.bstate & ps_button4_pressed() != 0 { return .wheelUp }
                if ps_button5_pressed() != 0, event.bstate & ps_button5_pressed() != 0 { return .wheelDown }
                if event.bstate & ps_button1_pressed() != 0 { return .click(x: Int(event.x), y: Int(event.y)) }
                return .ignored
            default:
                let f1 = Int32(KEY_F0) + 1
                if Int32(ch) >= f1, Int32(ch) < f1 + 12 { return .function(Int(Int32(ch) - f1 + 1)) }
                // The terminal description's keys with modifiers (xterm's Ctrl-↑ is `kUP5`): as the plain key.
                guard let name = keyname(Int32(ch)) else { return .ignored }
                return KeySequence.modifiedKey(named: String(cString: name))
            }
        }
        switch ch {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return escapeSequence()
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(ch) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return .ignored }
            return .char(Character(scalar))
        }
    }

    /// After an Esc: the rest of a key's sequence that curses did not recognise (`KeySequence`). Curses hands
    /// over an Esc alone only after `ESCDELAY` without a known key, so what follows is waiting already; within a
    /// sequence the next character may still be on its way over a slow link, and gets a moment to arrive.
    private func escapeSequence() -> Key {
        var body: [Unicode.Scalar] = []
        defer { nodelay(ps_stdscr(), true) }
        while body.count < KeySequence.longest {
            wtimeout(ps_stdscr(), body.isEmpty ? 0 : 50)
            var ch: wint_t = 0
            let r = wget_wch(ps_stdscr(), &ch)
            if r == ERR { return body.isEmpty ? .escape : .ignored }
            if r == KEY_CODE_YES {
                // A key curses knows (or a resize) cuts the sequence short: it is read next, on its own.
                ungetch(Int32(ch))
                return body.isEmpty ? .escape : .ignored
            }
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return .ignored }
            body.append(scalar)
            switch KeySequence.decode(body) {
            case .incomplete: continue
            case .pasteBegins: return readPaste()
            case .key(let key): return key
            case .notASequence:
                // Alt-x or an Esc typed before a key: the Esc, then that key.
                unget_wch(wchar_t(ch))
                return .escape
            }
        }
        return .ignored
    }

    /// The text of a bracketed paste, up to its end marker. A paste arrives at once, but over a slow link it may
    /// come in pieces: each piece gets a moment; a paste whose end never comes ends when nothing more arrives. A
    /// key curses knows (a resize) ends it too, and is read next. Beyond `KeySequence.longestPaste` characters
    /// the rest is read and dropped.
    private func readPaste() -> Key {
        defer { nodelay(ps_stdscr(), true) }
        var text: [Unicode.Scalar] = []
        var tail: [Unicode.Scalar] = []  // the last characters read, to find the end marker
        var kept = 0
        while true {
            wtimeout(ps_stdscr(), 300)
            var ch: wint_t = 0
            let r = wget_wch(ps_stdscr(), &ch)
            if r == ERR { break }
            if r == KEY_CODE_YES {
                ungetch(Int32(ch))
                break
            }
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { continue }
            tail.append(scalar)
            if tail.count > KeySequence.pasteEnd.count { tail.removeFirst() }
            if tail == KeySequence.pasteEnd {
                text.removeLast(min(text.count, KeySequence.pasteEnd.count - 1))
                break
            }
            if kept < KeySequence.longestPaste * 2 {
                text.append(scalar)
                kept += 1
            }
        }
        return .paste(String(String.UnicodeScalarView(text)))
    }
}

import CNcurses
import Foundation
import PseudoscopeRender

/// The only code that talks to curses: starts and restores the terminal, decodes keys, copies canvases.
///
/// One owner for the terminal's life: locale, `newterm`, signal handlers, the stderr log, `endwin`.
public final class CursesTerminal {
    public enum StartError: Error, CustomStringConvertible {
        case unknownTerminal(String)
        case noTerminal
        public var description: String {
            switch self {
            case .unknownTerminal(let t): return "no terminfo entry for TERM='\(t)' nor for xterm-256color or xterm"
            case .noTerminal: return "cannot open the terminal for keys (/dev/tty)"
            }
        }
    }

    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var savedStderr: Int32 = -1
    public let logPath: String
    private var colorPairs = false
    /// A note for after the session, e.g. that TERM was replaced.
    public private(set) var note: String?
    private var active = false
    private var blocking = true
    private var failedReads = 0
    /// Set when a blocking read fails: the terminal is gone (the SSH link closed without a SIGHUP, /dev/tty was
    /// revoked). Reading again would fail at once, forever, so the session must end instead of spinning.
    public private(set) var inputClosed = false

    public init() {
        let dir = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        logPath = "\(dir)/pseudoscope-\(getpid()).log"
    }

    /// Starts curses. `useColor` is the user's choice (NO_COLOR, --color); colours are used only when the
    /// terminal has them too.
    public func start(useColor: Bool) throws {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        if isatty(STDIN_FILENO) == 0 {
            guard let tty = fopen("/dev/tty", "r") else { throw StartError.noTerminal }
            input = tty
        }
        // Exported LINES/COLUMNS would otherwise override the real window size.
        use_tioctl(true)
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        screen = newterm(nil, stdout, input ?? stdin)
        if screen == nil {
            for fallback in ["xterm-256color", "xterm"] {
                screen = newterm(fallback, stdout, input ?? stdin)
                if screen != nil { note = "TERM='\(term)' has no terminfo entry here; used \(fallback)"; break }
            }
        }
        guard screen != nil else { throw StartError.unknownTerminal(term) }
        set_term(screen)
        active = true
        redirectStderr()
        ps_install_signal_handlers(savedStderr, logPath)
        cbreak()
        noecho()
        nonl()
        keypad(ps_stdscr(), true)
        curs_set(0)
        if ProcessInfo.processInfo.environment["ESCDELAY"] == nil { set_escdelay(25) }
        mousemask(ps_all_mouse_events(), nil)
        mouseinterval(0)
        if useColor && has_colors() {
            start_color()
            let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
            for role in StyleRole.allCases {
                if let fg = CursesTerminal.foreground(role) { init_pair(Int16(role.rawValue) + 1, fg, background) }
            }
            colorPairs = true
        }
    }

    /// Restores the terminal. Safe to call twice.
    public func stop() {
        guard active else { return }
        active = false
        endwin()
        ps_reset_signal_handlers()
        if let s = screen { delscreen(s) }
        screen = nil
        restoreStderr()
        if let i = input { fclose(i) }
    }

    public var size: (width: Int, height: Int) {
        (Int(getmaxx(ps_stdscr())), Int(getmaxy(ps_stdscr())))
    }

    // MARK: - Drawing

    /// Copies the canvas to the screen. Curses sends only the cells that changed since the last frame.
    public func draw(_ canvas: Canvas, fullRepaint: Bool = false) {
        werase(ps_stdscr())
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let cell = canvas[x, y]
                if cell.width == 0 { x += 1; continue }
                // Runs of ASCII in one role go out together; other graphemes are placed one by one at their own
                // column so that a width disagreement with the terminal cannot shift the rest of the row.
                var run = cell.grapheme
                var end = x + 1
                if cell.grapheme.utf8.count == 1 {
                    while end < canvas.width {
                        let next = canvas[end, y]
                        guard next.role == cell.role, next.width == 1, next.grapheme.utf8.count == 1 else { break }
                        run += next.grapheme
                        end += 1
                    }
                } else {
                    end = x + Int(cell.width)
                }
                setAttributes(cell.role)
                var wide = run.unicodeScalars.map { wchar_t(truncatingIfNeeded: $0.value) } + [0]
                mvaddwstr(Int32(y), Int32(x), &wide)
                x = end
            }
        }
        if fullRepaint { clearok(ps_stdscr(), true) }
        wrefresh(ps_stdscr())
    }

    private func setAttributes(_ role: StyleRole) {
        var attrs = CursesTerminal.attributes(role)
        if colorPairs, CursesTerminal.foreground(role) != nil { attrs |= ps_color_pair(Int32(role.rawValue) + 1) }
        wattrset(ps_stdscr(), Int32(truncatingIfNeeded: attrs))
    }

    /// Attributes carry the meaning without colour: reverse for selection, bold for emphasis.
    static func attributes(_ role: StyleRole) -> attr_t {
        switch role {
        case .normal: return 0
        case .dim, .ancestor: return ps_a_dim()
        case .header, .title, .focusedPane, .failing, .blocking: return ps_a_bold()
        case .review, .match: return ps_a_underline()
        case .selected, .status: return ps_a_reverse()
        case .window, .onlyInA, .onlyInB: return 0
        }
    }

    static func foreground(_ role: StyleRole) -> Int16? {
        switch role {
        case .blocking, .onlyInA: return Int16(COLOR_RED)
        case .review: return Int16(COLOR_YELLOW)
        case .failing: return Int16(COLOR_MAGENTA)
        case .window, .focusedPane: return Int16(COLOR_CYAN)
        case .onlyInB: return Int16(COLOR_GREEN)
        default: return nil
        }
    }

    // MARK: - Keys

    /// How long `readKey` waits: negative blocks, otherwise it returns nil after that many milliseconds.
    public func setInputTimeout(milliseconds: Int32) {
        blocking = milliseconds < 0
        wtimeout(ps_stdscr(), milliseconds)
    }

    /// Blocks until a key, a resize or a mouse event arrives (or the input timeout passes).
    public func readKey() -> Key? {
        var ch: wint_t = 0
        let r = wget_wch(ps_stdscr(), &ch)
        if r == ERR {
            // A timeout answers ERR too; only blocking reads that keep failing mean the input is gone.
            if blocking && errno != EINTR {
                failedReads += 1
                if failedReads >= 50 { inputClosed = true }
            }
            return nil
        }
        failedReads = 0
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
                guard getmouse(&event) == OK else { return nil }
                if event.bstate & ps_button4_pressed() != 0 { return .wheelUp }
                if ps_button5_pressed() != 0, event.bstate & ps_button5_pressed() != 0 { return .wheelDown }
                if event.bstate & ps_button1_pressed() != 0 { return .click(x: Int(event.x), y: Int(event.y)) }
                return nil
            default:
                let f1 = Int32(KEY_F0) + 1
                if Int32(ch) >= f1, Int32(ch) < f1 + 12 { return .function(Int(Int32(ch) - f1 + 1)) }
                return nil
            }
        }
        switch ch {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(ch) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return nil }
            return .char(Character(scalar))
        }
    }

    // MARK: - stderr

    private func redirectStderr() {
        fflush(stderr)
        savedStderr = dup(STDERR_FILENO)
        let fd = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if fd >= 0 {
            dup2(fd, STDERR_FILENO)
            close(fd)
        }
    }

    private func restoreStderr() {
        guard savedStderr >= 0 else { return }
        fflush(stderr)
        dup2(savedStderr, STDERR_FILENO)
        close(savedStderr)
        savedStderr = -1
        let size = (try? FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int) ?? 0
        if size > 0 {
            FileHandle.standardError.write(Data("pseudoscope: messages from the session are in \(logPath)\n".utf8))
        } else {
            unlink(logPath)
        }
    }
}

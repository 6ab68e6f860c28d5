import CNcurses
import Foundation
import Glibc
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// The only code that talks to curses: starts and restores the terminal, decodes keys, copies canvases.
///
/// One owner for the terminal's life: locale, `newterm`, signal handlers, the stderr log, `endwin`.
public final class CursesTerminal {
    public enum StartError: Error, CustomStringConvertible {
        case unknownTerminal(String)
        case noTerminal
        public var description: String {
            switch self {
            case .unknownTerminal(let t): return "no terminfo entry for TERM=\(CursesTerminal.shown(t)) nor for xterm-256color or xterm"
            case .noTerminal: return "cannot open the terminal for keys (/dev/tty)"
            }
        }
    }

    let options: SessionOptions
    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var savedStderr: Int32 = -1
    private var log: SessionLog?
    private var colorPairs = false
    private var active = false
    /// A note for after the session, e.g. that TERM was replaced.
    public private(set) var note: String?

    public init(options: SessionOptions) {
        self.options = options
    }

    /// The descriptor keys arrive on: the terminal itself, or /dev/tty when stdin carries an archive.
    var inputDescriptor: Int32 { input.map { fileno($0) } ?? STDIN_FILENO }

    /// `TERM` as a message quotes it: sanitized, and cut at 40 characters (it can be anything the client sent),
    /// in ASCII (the message may reach a terminal whose locale is not UTF-8).
    static func shown(_ term: String) -> String {
        "'" + TerminalText.sanitize(String(term.prefix(40))) + (term.count > 40 ? "...'" : "'")
    }

    /// Starts curses. Colours are used when the user wants them and the terminal has them.
    func start(wakeDescriptor: Int32) throws {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        if isatty(STDIN_FILENO) == 0 {
            guard let tty = fopen("/dev/tty", "r") else { throw StartError.noTerminal }
            input = tty
        }
        // Exported LINES/COLUMNS would otherwise override the real window size.
        use_tioctl(true)
        let term = options.term
        screen = term.isEmpty ? nil : newterm(term, ps_stdout(), input ?? ps_stdin())
        if screen == nil {
            for fallback in ["xterm-256color", "xterm"] {
                screen = newterm(fallback, ps_stdout(), input ?? ps_stdin())
                if screen != nil {
                    note = "TERM=\(CursesTerminal.shown(term)) has no terminfo entry here; used \(fallback)"
                    break
                }
            }
        }
        guard screen != nil else {
            if let i = input { fclose(i); input = nil }
            throw StartError.unknownTerminal(term)
        }
        set_term(screen)
        // Three bytes fewer for each attribute change: a selection move sends about a tenth less.
        ps_drop_charset_selects()
        active = true
        redirectStderr()
        ps_install_signal_handlers(savedStderr, log?.fd ?? -1, log?.path ?? "", wakeDescriptor)
        cbreak()
        noecho()
        nonl()
        keypad(ps_stdscr(), true)
        nodelay(ps_stdscr(), true)
        curs_set(0)
        // The cursor is hidden: curses need not move it back after each update (a cursor move per frame).
        leaveok(ps_stdscr(), true)
        if !options.escapeDelaySet { set_escdelay(25) }
        mousemask(ps_all_mouse_events(), nil)
        mouseinterval(0)
        // Pasted text arrives marked, so that a paste is text for a prompt, never a stream of keys.
        ps_set_bracketed_paste(1)
        if options.useColor && has_colors() {
            start_color()
            let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
            for role in StyleRole.allCases {
                if let fg = CursesTerminal.foreground(role) { init_pair(Int16(role.rawValue) + 1, fg, background) }
            }
            colorPairs = true
        }
    }

    /// Restores the terminal. Safe to call twice.
    func stop() {
        guard active else { return }
        active = false
        ps_set_bracketed_paste(0)
        endwin()
        ps_reset_signal_handlers()
        if let s = screen { delscreen(s) }
        screen = nil
        restoreStderr()
        if let i = input { fclose(i) }
        input = nil
    }

    /// The colours the terminal's palette has (`COLORS`), or 0 when colour is off or the terminal has none.
    var paletteSize: Int { colorPairs ? Int(ps_colors()) : 0 }

    var size: (width: Int, height: Int) {
        (Int(getmaxx(ps_stdscr())), Int(getmaxy(ps_stdscr())))
    }

    /// After a stop and continue: pick up a resize that happened meanwhile (it sent no SIGWINCH to a stopped
    /// program).
    func checkResizeAfterContinue() {
        if ps_take_continued() != 0 { ps_check_resize(inputDescriptor) }
    }

    // MARK: - Drawing

    /// Copies the canvas to the screen. Curses sends only the cells that changed since the last frame.
    func draw(_ canvas: Canvas, fullRepaint: Bool = false) {
        picturePairs.beginFrame()
        paint(canvas)
        if picturePairs.startOverIfRanOut() {
            picturePairs.beginFrame()
            paint(canvas)
        }
        if fullRepaint { clearok(ps_stdscr(), true) }
        wrefresh(ps_stdscr())
        drawOverlays(canvas, fullRepaint: fullRepaint)
        lastFrame = canvas
    }

    private func paint(_ canvas: Canvas) {
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
                        guard next.role == cell.role, next.color == cell.color, next.width == 1, next.grapheme.utf8.count == 1 else { break }
                        run += next.grapheme
                        end += 1
                    }
                } else {
                    end = x + Int(cell.width)
                }
                if let color = cell.color, colorPairs { setImageColor(color) } else { setAttributes(cell.role) }
                var wide = run.unicodeScalars.map { wchar_t(truncatingIfNeeded: $0.value) } + [0]
                mvaddwstr(Int32(y), Int32(x), &wide)
                x = end
            }
        }
    }

    /// The last frame drawn, to tell when a picture's cells were drawn over (and the picture must be sent again).
    private var lastFrame: Canvas?
    private var sentOverlays: [Int] = []

    /// Pictures by graphics protocol, written at their cells after curses has sent the frame: again only when
    /// the picture changed or its cells were redrawn.
    private func drawOverlays(_ canvas: Canvas, fullRepaint: Bool) {
        var sent: [Int] = []
        for o in canvas.overlays {
            let changed =
                fullRepaint || !sentOverlays.contains(o.key)
                || lastFrame.map { last in
                    (o.y..<(o.y + o.rows)).contains { y in
                        (o.x..<(o.x + o.columns)).contains { x in
                            last.contains(x: x, y: y) && canvas.contains(x: x, y: y) && last[x, y] != canvas[x, y]
                        }
                    }
                } ?? true
            if changed {
                var bytes = Array("\u{1B}7\u{1B}[\(o.y + 1);\(o.x + 1)H".utf8)
                if o.payload.starts(with: Array("\u{1B}_G".utf8)) { bytes = Array("\u{1B}_Ga=d,d=A\u{1B}\\".utf8) + bytes }
                writeRaw(bytes + o.payload + Array("\u{1B}8".utf8))
            }
            sent.append(o.key)
        }
        sentOverlays = sent
    }

    /// Asks the terminal something and collects its answer (until `complete` says it is whole, or the time is up).
    /// Used once, right after start, before any key is read.
    func ask(_ query: [UInt8], until complete: ([UInt8]) -> Bool, milliseconds: Int) -> [UInt8] {
        writeRaw(query)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while !complete(answer), answer.count < 4096 {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0 else { break }
            var fds = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, left) > 0 else { break }
            let n = read(inputDescriptor, &buffer, buffer.count)
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        return answer
    }

    /// A cell's size in pixels, when the terminal reports its window in pixels; else 10×20.
    var cellPixels: (width: Int, height: Int) {
        var ws = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0, ws.ws_xpixel > 0, ws.ws_ypixel > 0 else {
            return (10, 20)
        }
        return (Int(ws.ws_xpixel) / Int(ws.ws_col), Int(ws.ws_ypixel) / Int(ws.ws_row))
    }

    /// Colour pairs for a picture's cells (`PicturePairs`); a cell whose colours the palette lacks is drawn in the
    /// default colours.
    private lazy var picturePairs = PicturePairs(first: Int32(StyleRole.allCases.count + 1), limit: min(ps_color_pairs(), 32767))

    private func setImageColor(_ c: CellColor) {
        // A direct-colour terminal takes 0xRRGGBB where a palette terminal takes an index.
        let (fg, bg) = ps_colors() > 256 ? c.directColor : (c.foreground, c.background)
        var pair: Int32 = 0
        if fg < ps_colors(), bg < ps_colors() {
            switch picturePairs.pair(foreground: fg, background: bg) {
            case .known(let n): pair = n
            case .new(let n):
                if init_extended_pair(n, fg, bg) == OK { pair = n } else { picturePairs.refuse(foreground: fg, background: bg) }
            case .none: break
            }
        }
        wattr_set(ps_stdscr(), 0, Int16(truncatingIfNeeded: pair), nil)
    }

    /// The pair goes beside the attributes, not into them: `COLOR_PAIR` keeps eight bits of it, so a picture's
    /// 300th pair was drawn in the colours of its 44th.
    private func setAttributes(_ role: StyleRole) {
        let pair = colorPairs && CursesTerminal.foreground(role) != nil ? Int16(role.rawValue) + 1 : 0
        wattr_set(ps_stdscr(), CursesTerminal.attributes(role), pair, nil)
    }

    /// Attributes carry the meaning without colour: reverse for selection, bold for emphasis.
    static func attributes(_ role: StyleRole) -> attr_t {
        switch role {
        case .normal: return 0
        case .dim, .ancestor: return ps_a_dim()
        case .header, .title, .focusedPane, .failing, .blocking: return ps_a_bold()
        case .review, .match: return ps_a_underline()
        case .ghost: return ps_a_bold()
        case .selected, .status: return ps_a_reverse()
        case .window, .onlyInA, .onlyInB, .image: return 0
        }
    }

    static func foreground(_ role: StyleRole) -> Int16? {
        switch role {
        case .blocking, .onlyInA: return Int16(COLOR_RED)
        case .review: return Int16(COLOR_YELLOW)
        case .failing: return Int16(COLOR_MAGENTA)
        case .window, .focusedPane: return Int16(COLOR_CYAN)
        case .onlyInB, .ghost: return Int16(COLOR_GREEN)
        default: return nil
        }
    }

    /// Shows `text` on the terminal's own screen, outside curses, until a key is pressed: the alternate screen is
    /// left (curses turns the mouse off with it, so the terminal selects again), the text is written as it is, and
    /// the terminal wraps it, so a selection by hand takes it whole; it stays in the scrollback.
    func showOutsideCurses(_ text: String) {
        guard active else { return }
        ps_set_bracketed_paste(0)
        def_prog_mode()
        endwin()
        writeRaw(Array(text.utf8))
        // Keys one at a time again, not echoed, without curses taking the screen back yet.
        reset_prog_mode()
        var fds = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, -1) < 0, errno == EINTR {}
        // The key, and whatever its sequence brought with it (an arrow's bytes), are taken and dropped.
        var drop = [UInt8](repeating: 0, count: 256)
        repeat {
            _ = read(inputDescriptor, &drop, drop.count)
            fds[0].revents = 0
        } while poll(&fds, 1, 30) > 0
        ps_set_bracketed_paste(1)
        clearok(ps_stdscr(), true)
        wrefresh(ps_stdscr())
    }

    /// Writes bytes to the terminal around curses (OSC 52 for the clipboard), after curses has sent its frame.
    /// Whether a prompt takes typed text: the interrupt signal then becomes the prompt's Ctrl-C (`ps_set_typing`).
    func setTyping(_ on: Bool) { ps_set_typing(on ? 1 : 0) }

    func writeRaw(_ bytes: [UInt8]) {
        fflush(ps_stdout())
        // A terminal that takes no more is left alone: nothing to report it to.
        _ = FileAccess.writeAll(bytes, to: STDOUT_FILENO)
    }

    // MARK: - stderr

    private func redirectStderr() {
        fflush(nil)
        log = SessionLog.create(in: options.logDirectory)
        guard let log = log else { return }
        savedStderr = dup(STDERR_FILENO)
        dup2(log.fd, STDERR_FILENO)
    }

    private func restoreStderr() {
        guard savedStderr >= 0, let log = log else { return }
        fflush(nil)
        dup2(savedStderr, STDERR_FILENO)
        close(savedStderr)
        savedStderr = -1
        if log.isEmpty {
            unlink(log.path)
        } else {
            note = (note.map { $0 + "\n" } ?? "") + "messages from the session are in \(log.path)"
        }
        close(log.fd)
        self.log = nil
    }
}

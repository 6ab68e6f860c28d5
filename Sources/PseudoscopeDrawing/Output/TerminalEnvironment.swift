import PseudoscopeImage

/// The environment as read once at start-up, so the decisions below are pure functions tests can call.
public struct TerminalEnvironment: Sendable {
    public var stdoutIsTerminal: Bool
    public var variables: [String: String]

    public init(stdoutIsTerminal: Bool, variables: [String: String]) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.variables = variables
    }

    public var term: String { variables["TERM"] ?? "" }

    /// `NO_COLOR` set to anything non-empty forbids colour (no-color.org).
    public var noColor: Bool { !(variables["NO_COLOR"] ?? "").isEmpty }

    /// Said once (on stderr) when text outside ASCII was shown as `?` because the locale is not UTF-8.
    public static let outsideASCIIHint =
        "note: the locale is not UTF-8 (LC_ALL, LC_CTYPE, LANG), so text outside ASCII is shown as '?'; LANG=C.UTF-8 shows it as it is"

    /// The locale's character set is UTF-8: the first non-empty of LC_ALL, LC_CTYPE, LANG decides, as in C.
    public var localeIsUTF8: Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = variables[key], !v.isEmpty {
                let l = v.lowercased()
                return l.contains("utf-8") || l.contains("utf8")
            }
        }
        return false
    }

    /// Interactive only on a terminal that is not `dumb`.
    public var canBeInteractive: Bool { stdoutIsTerminal && term != "dumb" && !term.isEmpty }

    /// Colour in plain output: `always` wins over everything, `never` and NO_COLOR forbid, `auto` needs a terminal
    /// that says what it is: with `TERM` unset or `dumb` nothing is known of its colours, so none are sent.
    public func useColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: return stdoutIsTerminal && !noColor && term != "dumb" && !term.isEmpty
        }
    }

    /// The colours a screenshot's cells use: none without colour (monochrome symbols), 24-bit in plain output
    /// when `COLORTERM` says the terminal has them, else the 256-colour palette where `TERM` names it, else 16.
    /// Curses draws from palettes only, so the interactive screen never asks for 24-bit colour; once curses has
    /// started, the terminal's own palette size replaces this guess from names (`AppMessage.paletteDetected`).
    public func imageDepth(useColor: Bool, interactive: Bool) -> ColorDepth {
        guard useColor else { return .none }
        let colorterm = (variables["COLORTERM"] ?? "").lowercased()
        if !interactive && (colorterm == "truecolor" || colorterm == "24bit") { return .truecolor }
        return term.contains("256") || colorterm == "truecolor" || colorterm == "24bit" ? .indexed256 : .indexed16
    }

    /// ASCII glyphs with `--ascii`, and whenever the locale is not UTF-8 (box drawing would turn to mojibake).
    public func glyphs(forceASCII: Bool) -> Glyphs {
        forceASCII || !localeIsUTF8 ? .ascii : .unicode
    }
}

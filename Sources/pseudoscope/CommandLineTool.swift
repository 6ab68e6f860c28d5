import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens
import PseudoscopeTerminal

let toolVersion = "0.3.0"
/// The date the manual page carries: the version's, so the page is the same whenever it is generated.
let releaseDate = "2026-11-30"

/// `pseudoscope 0.3.0 (commit 1a2b3c4)`, or `(built from a checkout)`.
var versionLine: String {
    "pseudoscope \(toolVersion) (" + (BuildInfo.commit.map { "commit \($0)" } ?? "built from a checkout, commit not recorded") + ")\n"
}

/// Dispatches to a command and turns errors into one-line messages and exit statuses.
struct CommandLineTool {
    var arguments: [String]
    let environment: TerminalEnvironment

    func run() -> Int32 {
        do {
            guard let first = arguments.first else {
                printError(Help.general)
                return ExitCode.usage
            }
            let rest = Array(arguments.dropFirst())
            switch first {
            case "--help", "-h":
                try StandardOutput.write(Help.general)
                return ExitCode.success
            case "--version", "-V":
                try StandardOutput.write(versionLine)
                return ExitCode.success
            default:
                break
            }
            if let spec = Commands.named(first), rest.contains("--help") || rest.contains("-h") {
                try StandardOutput.write(Help.forCommand(spec))
                return ExitCode.success
            }
            switch first {
            case "render": return try RenderCommand(environment: environment).run(rest)
            case "tree": return try TreeCommand(environment: environment).run(rest)
            case "info": return try InfoCommand(environment: environment).run(rest)
            case "check": return try CheckCommand(environment: environment).run(rest)
            case "audit": return try AuditCommand(environment: environment).run(rest)
            case "import": return try ImportCommand().run(rest)
            case "baseline": return try BaselineCommand().run(rest)
            case "compare": return try CompareCommand(environment: environment).run(rest)
            case "open": return try OpenCommand(environment: environment).run(rest)
            case "help": return try HelpCommand().run(rest)
            default:
                // `pseudoscope ARCHIVE` opens the inspector (or renders, when stdout is not a terminal).
                if first.hasPrefix("-") && first != "-" && Commands.open.option(first.split(separator: "=").first.map(String.init) ?? first) == nil {
                    throw UsageError(message: "unknown option \(first)")
                }
                return try OpenCommand(environment: environment).run(arguments)
            }
        } catch let e as UsageError {
            // The help of the command that was given, where one was: its options are what the user needs.
            let command = arguments.first.flatMap { Commands.named($0) != nil && $0 != "help" ? $0 : nil }
            printError("pseudoscope: \(TerminalText.sanitize(e.message))\nTry 'pseudoscope \(command.map { $0 + " " } ?? "")--help'.")
            return ExitCode.usage
        } catch let e as ArchiveError {
            printError("pseudoscope: \(TerminalText.sanitize(e.description))")
            return ExitCode.invalidInput
        } catch let e as OutputError {
            printError("pseudoscope: \(e.description)")
            return ExitCode.invalidInput
        } catch let e as CursesTerminal.StartError {
            printError("pseudoscope: \(e.description)")
            return ExitCode.invalidInput
        } catch {
            printError("pseudoscope: \(TerminalText.sanitize("\(error)"))")
            return ExitCode.invalidInput
        }
    }
}

/// `help`'s options as given.
struct HelpOptions {
    var command: String?
    var markdown, man: Bool
    var completions: Completions.Shell?

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.help)
        command = p.operands.first
        markdown = p.flag("--markdown")
        man = p.flag("--man")
        completions = p.choice("--completions", Completions.Shell.self)
    }
}

/// `pseudoscope help [COMMAND] [--markdown]`.
struct HelpCommand {
    func run(_ args: [String]) throws -> Int32 {
        let o = try HelpOptions(args)
        if o.markdown {
            try StandardOutput.write(Help.markdown)
            return ExitCode.success
        }
        if o.man {
            try StandardOutput.write(ManPage.render(date: releaseDate))
            return ExitCode.success
        }
        if let shell = o.completions {
            try StandardOutput.write(Completions.render(shell))
            return ExitCode.success
        }
        guard let name = o.command else {
            try StandardOutput.write(Help.general)
            return ExitCode.success
        }
        guard let spec = Commands.named(name) else { throw UsageError(message: "help: no command '\(name)'") }
        try StandardOutput.write(Help.forCommand(spec))
        return ExitCode.success
    }
}

/// The process's environment, read once: each read of `ProcessInfo`'s builds a dictionary of every variable, and a
/// `check` asked for it three times.
let processEnvironment = ProcessInfo.processInfo.environment

/// A loader with the limits from the environment (a malformed limit is refused in one line).
func loader(_ options: DumpOptions) throws -> ArchiveLoader {
    ArchiveLoader(limits: try LoadLimits.from(environment: processEnvironment), dumpOptions: options)
}

/// The terminal's width in columns, for plain output on a terminal; nil when stdout is not one.
func terminalColumns() -> Int? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

extension TerminalEnvironment {
    /// The terminal session's settings, read from the environment once, here.
    /// The folder for temporary files: `TMPDIR`, else `/tmp`.
    var temporaryFolder: String { variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }

    func sessionOptions(useColor: Bool, graphics: String? = nil) -> SessionOptions {
        let tmp = temporaryFolder
        var o = SessionOptions(
            term: term, logDirectory: tmp, escapeDelaySet: variables["ESCDELAY"] != nil, useColor: useColor,
            insideTmux: variables["TMUX"] != nil,
            fault: variables["PSEUDOSCOPE_FAULT"].flatMap(SessionOptions.InjectedFault.init(rawValue:)))
        o.graphics = graphics.flatMap(GraphicsChoice.init(option:))
        o.termProgram = variables["TERM_PROGRAM"] ?? ""
        o.maxImagePixels = (try? ImageDecoder.maxPixels(environment: variables)) ?? ImageDecoder.defaultMaxPixels
        o.localeIsUTF8 = localeIsUTF8
        return o
    }
}

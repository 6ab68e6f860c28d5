import Foundation
import PseudoscopeCore
import PseudoscopeRender

let version = "0.1.0"

/// Dispatches to a command and turns errors into one-line messages and exit statuses.
struct CommandLineTool {
    var arguments: [String]
    let environment = TerminalEnvironment(
        stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, variables: ProcessInfo.processInfo.environment)

    static let commands = ["render", "tree", "info", "check", "import", "compare", "open"]

    func run() -> Int32 {
        do {
            guard let first = arguments.first else {
                printError(Help.general)
                return ExitCode.usage
            }
            switch first {
            case "--help", "-h", "help":
                if arguments.count > 1, let text = Help.forCommand(arguments[1]) { write(text) } else { write(Help.general) }
                return ExitCode.success
            case "--version", "-V":
                write("pseudoscope \(version)\n")
                return ExitCode.success
            default:
                break
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h"), let text = Help.forCommand(first) {
                write(text)
                return ExitCode.success
            }
            switch first {
            case "render": return try RenderCommand(environment: environment).run(rest)
            case "tree": return try TreeCommand(environment: environment).run(rest)
            case "info": return try InfoCommand(environment: environment).run(rest)
            case "check": return try CheckCommand(environment: environment).run(rest)
            case "import": return try ImportCommand().run(rest)
            case "compare": return try CompareCommand(environment: environment).run(rest)
            case "open": return try OpenCommand(environment: environment).run(rest)
            default:
                if first.hasPrefix("-") && first != "-" && !OpenCommand.acceptsOption(first) {
                    throw UsageError(message: "unknown option \(first)")
                }
                // `pseudoscope ARCHIVE` opens the inspector (or renders, when stdout is not a terminal).
                return try OpenCommand(environment: environment).run(arguments)
            }
        } catch let e as UsageError {
            printError("pseudoscope: \(TerminalText.sanitize(e.message))\nTry 'pseudoscope --help'.")
            return ExitCode.usage
        } catch let e as ArchiveError {
            printError("pseudoscope: \(TerminalText.sanitize(e.description))")
            return ExitCode.invalidInput
        } catch {
            printError("pseudoscope: \(error)")
            return ExitCode.invalidInput
        }
    }
}

func write(_ s: String) {
    FileHandle.standardOutput.write(Data(s.utf8))
}

func printError(_ s: String) {
    fflush(stdout)
    FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
}

/// The options every command that reads archives takes for dumps, which carry no mode or test name.
let dumpOptionNames: Set<String> = ["--mode", "--test"]

func dumpOptions(_ p: ParsedArguments, command: String) throws -> DumpOptions {
    DumpOptions(mode: try p.choice("--mode", Mode.self, command: command), test: p.value("--test"))
}

/// A loader with the limits from the environment.
func loader(_ options: DumpOptions) -> ArchiveLoader {
    ArchiveLoader(limits: LoadLimits.from(environment: ProcessInfo.processInfo.environment), dumpOptions: options)
}

/// The terminal's width in columns, for plain output on a terminal; nil when stdout is not one.
func terminalColumns() -> Int? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}

/// Text for the terminal or a pipe: ANSI colours when wanted, plain otherwise.
func output(_ canvas: Canvas, color: Bool) -> String {
    color ? canvas.renderANSI() : canvas.renderPlain()
}

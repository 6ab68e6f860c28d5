import Foundation
import PseudoscopeCore
import PseudoscopeRender

// The executable: parse the command line, pick the command, map its outcome to an exit status.
let environment = TerminalEnvironment(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, variables: processEnvironment)
let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment).run()
exit(status)

import Foundation
import PseudoscopeCore
import PseudoscopeRender

// The executable: parse the command line, pick the command, map its outcome to an exit status.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst())).run()
fflush(stdout)
exit(status)

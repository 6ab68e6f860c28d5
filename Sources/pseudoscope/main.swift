import CMalloc
import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

// The executable: parse the command line, pick the command, map its outcome to an exit status.

// Large blocks from the heap, not from mmap: glibc maps each block over its threshold afresh and unmaps it when
// freed, so every array that grows by doubling (a large screen's elements, its findings, the report's buffer)
// faulted in new zeroed pages at each step. From the heap, freed blocks are reused. (A tenth of `check --json`
// on 100k elements in one parent; docs/performance.md.)
_ = mallopt(M_MMAP_THRESHOLD, 1 << 30)
// And freed memory kept, not handed back: glibc trims a heap's top (and each worker thread's arena) as soon as
// 128 KiB lie free there, so a night that reads, judges and frees one archive after another gave its pages back
// and faulted them in again, zeroed, for the next (34,000 page faults and 0.27 s in the kernel for 2,000 archives,
// beside 1.8 s of work; 3,600 faults and 0.14 s with this). What a command holds at its peak stays mapped until
// it exits, an interactive session's too.
_ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
let environment = TerminalEnvironment(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, variables: processEnvironment)
// The arguments as the bytes they are: a path that is not UTF-8 (`r\xE9sultat`) must still name its file, and
// `CommandLine.arguments` replaces such bytes with U+FFFD (PathBytes).
let arguments = (1..<Int(CommandLine.argc)).map { PathBytes.string(cString: CommandLine.unsafeArgv[$0]!) }
let status = CommandLineTool(arguments: arguments, environment: environment).run()
exit(status)

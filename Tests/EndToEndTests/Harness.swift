import Foundation
import Synchronization
import XCTest

/// Runs the real `pseudoscope` binary, either plainly (pipes) or in a detached tmux session.
enum Harness {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func sample(_ name: String) -> String { repositoryRoot.appendingPathComponent("SampleArchives/\(name)").path }

    /// The binary SwiftPM built next to the test bundle.
    static var binary: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.path.hasSuffix(".xctest/Contents/MacOS") {
            dir = dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        for candidate in [dir, repositoryRoot.appendingPathComponent(".build/debug")] {
            let path = candidate.appendingPathComponent("pseudoscope").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/pseudoscope").path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// Runs the binary with pipes for stdin, stdout and stderr (so it is never interactive).
    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        // Always a pipe, empty when no text is given: what the binary reads on stdin is never the test's own.
        try launch(binary, args, stdin: Data((stdin ?? "").utf8), environment: environment, in: directory)
    }

    /// Starts `executable` in the C.UTF-8 locale with `environment` added, gives it `stdin` through a pipe
    /// (nil: /dev/null), and collects both outputs.
    static func launch(_ executable: String, _ args: [String], stdin: Data?, environment: [String: String], in directory: URL? = nil) throws -> Result
    {
        let p = Process()
        if let directory { p.currentDirectoryURL = directory }
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = stdin.map { _ in Pipe() }
        p.standardInput = input ?? FileHandle.nullDevice
        try p.run()
        if let input, let data = stdin {
            input.fileHandleForWriting.write(data)
            try input.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a large output cannot block the child.
        let outBox = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async {
            let data = reader.readDataToEndOfFile()
            outBox.withLock { $0 = data }
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let outData = outBox.withLock { $0 }
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: [UInt8](outData))
    }
}

extension Harness {
    /// Runs a bash script with `$PS` set to the binary: for what a shell does best (pipes with SIGPIPE ignored,
    /// /dev/full, FIFOs, links planted under a known pid with `exec`).
    static func shell(_ script: String, environment: [String: String] = [:]) throws -> Result {
        var env = environment
        env["PS"] = binary
        return try run(script: script, environment: env)
    }

    private static func run(script: String, environment: [String: String]) throws -> Result {
        try launch("/bin/bash", ["-c", script], stdin: nil, environment: environment)
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// A sample archive's JSON, changed by `edit` (a top-level object), written to `folder/name`.
    static func editedSample(_ sample: String, in folder: URL, name: String, _ edit: (inout [String: Any]) -> Void) throws -> URL {
        let data = try Data(contentsOf: URL(fileURLWithPath: Harness.sample(sample)).appendingPathComponent("archive.json"))
        var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        edit(&object)
        let url = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return url
    }
}

/// A detached tmux session on a private server, for driving the inspector like a user.
final class TmuxSession {
    let socket = "pseudoscope-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let name = "e2e"
    let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("ps-e2e-\(UUID().uuidString).pid").path
    let statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("ps-e2e-\(UUID().uuidString).status").path

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Starts `pseudoscope ARGS` at the given size. The shell records the program's pid and exit status.
    /// `before` runs in the program's shell first; in it `\\$\\$` is the program's pid (the shell execs it).
    init(_ args: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:], before: String = "") throws {
        let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var env = "LANG=C.UTF-8 TERM=xterm-256color"
        for (k, v) in environment.sorted(by: { $0.key < $1.key }) { env += " \(k)='\(v)'" }
        let script = "echo \\$\\$ > \(pidFile); \(before) \(env) exec '\(Harness.binary)' \(quoted)"
        let shell = "sh -c \"\(script.replacingOccurrences(of: "\"", with: "\\\""))\"; echo $? > \(statusFile); echo EXITED; sleep 60"
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", shell])
    }

    /// Starts a shell pipeline of the caller's (`$PS` is the binary, `$STATUS` the status file to write): for
    /// what a single command line cannot express, like an archive piped into the program. The session is made
    /// once, with its command: replacing a session would race the private server's exit.
    init(pipeline: String, width: Int = 100, height: Int = 30) throws {
        let script =
            "PS='\(Harness.binary)' STATUS='\(statusFile)' LANG=C.UTF-8 TERM=xterm-256color sh -c '\(pipeline.replacingOccurrences(of: "'", with: "'\\''"))'; echo EXITED; sleep 60"
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: pidFile)
        try? FileManager.default.removeItem(atPath: statusFile)
    }

    /// Runs a tmux command and returns its output.
    ///
    /// Uses posix_spawn rather than Foundation's Process: Process waits on a descriptor that the daemonized
    /// tmux server inherits, so starting the server would block until the server exits.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let argv = ["tmux", "-L", socket] + args
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // The command that starts the server gets /dev/null: the daemon must not hold our pipe.
        if args.first == "new-session" {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, "tmux", &actions, nil, &cArgs, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { throw POSIXError(.ENOENT) }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ keys: String...) throws { try send(keys) }
    func send(_ keys: [String]) throws { try tmux(["send-keys", "-t", name] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }
    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }
    /// The pane with lines the terminal wrapped joined again (`capture-pane -J`): what a program printed, whatever
    /// the pane's width.
    func captureJoined() throws -> String { try tmux(["capture-pane", "-p", "-J", "-t", name]) }
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"]) }
    var alternateScreenOn: Bool { ((try? tmux(["display-message", "-p", "-t", name, "#{alternate_on}"])) ?? "").hasPrefix("1") }

    var pid: Int32? { (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
    var exitStatus: Int32? {
        (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Waits until the screen satisfies `condition` (polling; gives up after `seconds`) and returns the last capture.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = try capture()
        while !condition(screen) {
            if Date() > deadline {
                XCTFail("timed out waiting for \(what); screen was:\n\(screen)")
                return screen
            }
            usleep(50_000)
            screen = try capture()
        }
        return screen
    }

    @discardableResult
    func waitFor(text: String, seconds: Double = 10) throws -> String {
        try waitFor("'\(text)'", seconds: seconds) { $0.contains(text) }
    }

    func waitForExit(seconds: Double = 10) throws -> Int32? {
        try waitFor("the program to exit", seconds: seconds) { $0.contains("EXITED") }
        return exitStatus
    }

    /// The screen with its colours, cell by cell, once two captures a fifth of a second apart agree (a frame
    /// being drawn after a resize is not compared half done).
    func settledCells(seconds: Double = 10) throws -> [[ScreenCell]] {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try tmux(["capture-pane", "-e", "-p", "-t", name])
        while Date() < deadline {
            usleep(200_000)
            let next = try tmux(["capture-pane", "-e", "-p", "-t", name])
            if next == last { break }
            last = next
        }
        return ScreenCell.parse(last)
    }
}

/// One cell of a captured screen: its character and the SGR colours it was drawn in (`5;231` for a palette
/// index, `2;255;255;255` for RGB, `1`–`7` for the eight theme colours; nil for the default).
struct ScreenCell: Equatable, Hashable {
    var character: Character
    var foreground: String?
    var background: String?

    /// Reads `capture-pane -e` output: text with SGR sequences (tmux writes `38;5;N`, `38;2;R;G;B`, `3N`, `39`,
    /// `0` and the attributes, which are passed over).
    static func parse(_ capture: String) -> [[ScreenCell]] {
        capture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var cells: [ScreenCell] = []
            var fg: String?, bg: String?
            var rest = Substring(line)
            while let c = rest.first {
                guard c == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") else {
                    cells.append(ScreenCell(character: c, foreground: fg, background: bg))
                    rest = rest.dropFirst()
                    continue
                }
                var p = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                rest = rest[rest.index(after: end)...]
                while let first = p.first {
                    switch first {
                    case "38", "48":
                        let n = p.count > 1 && p[1] == "2" ? 5 : 3
                        let value = p.prefix(n).dropFirst().joined(separator: ";")
                        if first == "38" { fg = value } else { bg = value }
                        p.removeFirst(min(n, p.count))
                        continue
                    case "39": fg = nil
                    case "49": bg = nil
                    case "0", "": fg = nil; bg = nil
                    default:
                        if let n = Int(first), (30...37).contains(n) { fg = String(n - 30) }
                        if let n = Int(first), (40...47).contains(n) { bg = String(n - 40) }
                    }
                    p.removeFirst()
                }
            }
            return cells
        }
    }
}

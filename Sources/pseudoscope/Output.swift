import Foundation
import Glibc
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// A failure to write what the user asked for: standard output closed or full, a report file that cannot be
/// written. One line, exit status 2.
struct OutputError: Error, CustomStringConvertible {
    var description: String
}

/// The words for an errno value: "no space left on device".
func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
}

/// Everything the program prints on standard output goes through here, so that a full disk or a closed pipe
/// (with SIGPIPE ignored, as some CI runners do) becomes one line and exit status 2, never a crash.
enum StandardOutput {
    static func write(_ s: String) throws {
        try write(Array(s.utf8))
    }

    static func write(_ bytes: [UInt8]) throws {
        if let code = FileAccess.writeAll(bytes, to: STDOUT_FILENO) {
            throw OutputError(description: "cannot write to standard output: \(systemMessage(code))")
        }
    }

    /// A report for the reader (not JSON or Markdown), as ASCII when `ascii` (`TerminalText.asciiOnly`). When
    /// that is because the locale is not UTF-8 and text outside ASCII became `?` (here, or in the canvas the
    /// text was drawn on: `replaced`), one line on stderr says how to see it.
    static func writeText(_ text: String, ascii: Bool, replaced: Bool = false) throws {
        var replaced = replaced
        try write(ascii ? TerminalText.asciiOnly(text, replaced: &replaced) : text)
        if ascii, replaced, !environment.localeIsUTF8, environment.stdoutIsTerminal {
            printError("pseudoscope: \(TerminalEnvironment.outsideASCIIHint)")
        }
    }

    /// A drawing, as `writeText`.
    static func writeCanvas(_ canvas: Canvas, color: Bool) throws {
        try writeText(color ? canvas.renderANSI() : canvas.renderPlain(), ascii: canvas.asciiOnly, replaced: canvas.replacedOutsideASCII)
    }

}

/// The first failure of an output that must not stop another one being made (`ReportStream.toStandardOutput`).
final class HeldFailure {
    var error: Error?
}

/// A report written in pieces as it is made, about a megabyte at a time, so that a night's report is never
/// whole in memory: to standard output (`toStandardOutput`) or to a report file (`ReportFile.write(to:)`'s `put`).
/// Text for the reader goes through `text`, as ASCII when `ascii` (`StandardOutput.writeText`).
struct ReportStream {
    private var buffer: [UInt8] = []
    private let put: ([UInt8]) throws -> Void
    let ascii: Bool
    /// Whether text outside ASCII became `?` on the way (`ascii`).
    private(set) var replaced = false

    init(ascii: Bool = false, put: @escaping ([UInt8]) throws -> Void) {
        self.ascii = ascii
        self.put = put
        buffer.reserveCapacity(ReportStream.piece + (1 << 16))
    }

    /// Standard output; with `held`, a failure to write it (a closed pipe, a full disk) is kept there instead of
    /// thrown, and nothing more is written.
    static func toStandardOutput(ascii: Bool = false, holdingFailureIn held: HeldFailure? = nil) -> ReportStream {
        ReportStream(ascii: ascii) { bytes in
            guard let held else { return try StandardOutput.write(bytes) }
            guard held.error == nil else { return }
            do { try StandardOutput.write(bytes) } catch { held.error = error }
        }
    }

    static let piece = 1 << 20

    /// Text for the reader.
    mutating func text(_ s: String) throws {
        var s = ascii ? TerminalText.asciiOnly(s, replaced: &replaced) : s
        s.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= ReportStream.piece { try flush() }
    }

    /// Text for the reader, written as bytes (`TextBytes`): as they are, unless made ASCII (`text(_:)`).
    mutating func text(_ t: TextBytes) throws {
        if ascii { return try text(t.string) }
        buffer.append(contentsOf: t.bytes)
        if buffer.count >= ReportStream.piece { try flush() }
    }

    /// Bytes as they are (JSON, XML, Markdown); a piece as large as the buffer goes out as it is, not copied in.
    mutating func bytes(_ b: [UInt8]) throws {
        if b.count >= ReportStream.piece {
            try flush()
            return try put(b)
        }
        buffer.append(contentsOf: b)
        if buffer.count >= ReportStream.piece { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try put(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; after text made ASCII on standard output, the one hint on how to see it.
    mutating func finish() throws {
        try flush()
        if ascii, replaced, !environment.localeIsUTF8, environment.stdoutIsTerminal {
            printError("pseudoscope: \(TerminalEnvironment.outsideASCIIHint)")
        }
    }
}

/// A line on standard error. Errors writing it are ignored: there is nowhere left to report them.
func printError(_ s: String) {
    // In a locale that is not UTF-8 nothing outside ASCII is sent (a UTF-8 label's bytes are controls there).
    let text = environment.localeIsUTF8 ? s : TerminalText.asciiOnly(s)
    let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
    _ = FileAccess.writeAll(bytes, to: STDERR_FILENO)
}

/// Writes files the user names (`import -o`, `check --junit`): never over one of the run's own inputs, never
/// over an existing file without `--force`, atomically (a temporary file beside it, then a rename), keeping the
/// mode of a file it replaces, and saying in words what went wrong ("no space left on device"). A device or a
/// FIFO (`/dev/stdout`, a pipe) is written to directly: there is no file to replace.
enum ReportFile {
    static func write(_ bytes: [UInt8], to path: String, force: Bool, inputs: [String] = []) throws {
        try write(to: path, force: force, inputs: inputs) { put in try put(bytes) }
    }

    /// `write`, with the content handed over in pieces as it is made (`produce` calls `put` with each).
    static func write(
        to path: String, force: Bool, inputs: [String] = [],
        _ produce: (_ put: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        if inputs.contains(where: { sameFile($0, path) || sameFile(($0 as NSString).appendingPathComponent("archive.json"), path) }) {
            throw ArchiveError(file: path, message: "is one of this run's inputs; refusing to write over it")
        }
        var target = path
        let st = FileAccess.status(path)
        if let st = st {
            switch FileAccess.kind(st.st_mode) {
            case .directory: throw ArchiveError(file: path, message: "is a folder")
            case .special: return try writeDirectly(to: path, produce)
            case .regular, .missing:
                guard force else { throw ArchiveError(file: path, message: "already exists; use --force to replace it") }
                // Through a link, the file it names is replaced, not the link.
                target = FileAccess.realPath(path) ?? path
            }
        }
        try FileAccess.writeAtomically(to: target, mode: st.map { $0.st_mode & 0o7777 }, reportAs: path, produce)
    }

    /// Whether `path` is a device or a FIFO, which is written to directly: `/dev/stdout` is standard output.
    static func writesDirectly(to path: String) -> Bool {
        guard let st = FileAccess.status(path), case .special = FileAccess.kind(st.st_mode) else { return false }
        return true
    }

    static func writeDirectly(to path: String, _ produce: (_ put: ([UInt8]) throws -> Void) throws -> Void) throws {
        // Non-blocking open: a FIFO nobody reads is an error, not a hang.
        let fd = FileAccess.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try produce { try writeAll($0, fd: fd, path: path) }
    }

    static func writeAll(_ bytes: [UInt8], fd: Int32, path: String) throws {
        if let code = FileAccess.writeAll(bytes, to: fd) { throw failure(path, code) }
    }

    static func failure(_ path: String, _ code: Int32) -> ArchiveError {
        ArchiveError(file: path, message: "cannot be written: \(systemMessage(code))")
    }

    /// Whether two paths name the same file (device and inode), links and `..` resolved by the system.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let sa = FileAccess.status(a), let sb = FileAccess.status(b) else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

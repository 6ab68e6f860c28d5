import Foundation

/// The one way Pseudoscope opens and walks files it was given: only regular files are read, every read stops
/// at the size limit (standard input too), and paths are compared by what they really are (device and inode,
/// links resolved), so a FIFO, a device, a link to `/dev/zero` or a link loop cannot hang or exhaust it.
public enum FileAccess {
    public enum Kind: Equatable, Sendable {
        case regular, directory, missing
        /// A FIFO, a device or a socket: never read.
        case special(String)
    }

    /// What `path` is, following links.
    public static func kind(_ path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        return kind(st.st_mode)
    }

    public static func kind(_ mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a FIFO")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        case S_IFSOCK: return .special("a socket")
        default: return .special("not a regular file")
        }
    }

    /// Reads a regular file, at most `limit` bytes. The file is opened without blocking and checked on the
    /// open descriptor, so a FIFO put in its place cannot hang the read.
    public static func readRegularFile(_ path: String, limit: Int, limitVariable: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            throw ArchiveError(file: path, message: code == ENOENT ? "no such file or folder" : "cannot be read: \(message(code))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ArchiveError(file: path, message: "cannot be read: \(message(errno))") }
        if case .special(let what) = kind(st.st_mode) {
            throw ArchiveError(file: path, message: "is \(what), not a regular file; only regular files are read")
        }
        if Int(st.st_size) > limit { throw tooLarge(path, Int(st.st_size), limit, limitVariable, exact: true) }
        return try readAll(fd, file: path, limit: limit, limitVariable: limitVariable, expected: Int(st.st_size))
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter): enough to tell a type by content
    /// without reading a video to its end.
    public static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw ArchiveError(file: path, message: "cannot be read: \(message(errno))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, kind(st.st_mode) == .regular else { throw ArchiveError(file: path, message: "is not a regular file; only regular files are read") }
        var out = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < out.count {
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 { if errno == EINTR { continue }; throw ArchiveError(file: path, message: "cannot be read: \(message(errno))") }
            if n == 0 { break }
            filled += n
        }
        return Array(out[0..<filled])
    }

    /// Reads standard input to its end, at most `limit` bytes.
    public static func readStandardInput(limit: Int, limitVariable: String) throws -> [UInt8] {
        try readAll(STDIN_FILENO, file: "<stdin>", limit: limit, limitVariable: limitVariable)
    }

    static func readAll(_ fd: Int32, file: String, limit: Int, limitVariable: String, expected: Int = 0) throws -> [UInt8] {
        var out: [UInt8] = []
        // A regular file's size is known: read it straight into one buffer of that size (no growing, no chunk
        // copies); what follows (a file that grew meanwhile, or a pipe) is read in chunks as before.
        if expected > 0 {
            out = [UInt8](unsafeUninitializedCapacity: expected) { buf, filled in
                filled = 0
                while filled < expected {
                    let n = read(fd, buf.baseAddress! + filled, expected - filled)
                    if n < 0, errno == EINTR || errno == EAGAIN { continue }
                    if n <= 0 { break }
                    filled += n
                }
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { usleep(1000); continue }  // stdin left non-blocking by another program
                throw ArchiveError(file: file, message: "cannot be read: \(message(errno))")
            }
            if n == 0 { return out }
            // Stop as soon as the limit is passed: /dev/zero on standard input ends here, not in memory.
            if out.count + n > limit { throw tooLarge(file, out.count + n, limit, limitVariable, exact: false) }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func tooLarge(_ file: String, _ size: Int, _ limit: Int, _ variable: String, exact: Bool) -> ArchiveError {
        let mib = limit / (1024 * 1024)
        let what = exact ? "file is \(size / (1024 * 1024)) MiB" : "input is longer than \(mib) MiB (reading stopped there)"
        return ArchiveError(file: file, message: "\(what), over the limit of \(mib) MiB (raise it with \(variable))")
    }

    /// The path with every link and `..` resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Device and inode: what makes two paths the same file or folder.
    public struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    public static func identity(_ path: String) -> Identity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Whether `inner` (a real path) lies in the folder `outer` (a real path) or is it.
    public static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// The words for an errno value: "no space left on device".
    public static func message(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

import Foundation
import Glibc

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
        guard PathBytes.withCPath(path, { stat($0, &st) }) == 0 else { return inZip() ? ZipFolder.kind(path) ?? .missing : .missing }
        return kind(st.st_mode)
    }

    /// Whether the call that just failed failed because a part of its path is a file: the path may then name an
    /// entry of a zip read as a folder (`ZipFolder`).
    static func inZip() -> Bool { errno == ENOTDIR }

    /// The size of the regular file at `path` (links followed), or nil when it is anything else.
    public static func regularFileSize(_ path: String) -> Int? {
        var st = stat()
        guard PathBytes.withCPath(path, { stat($0, &st) }) == 0 else {
            guard inZip(), let (_, _, entry) = ZipFolder.lookup(path), !entry.isFolder, entry.special == nil else { return nil }
            return entry.size
        }
        guard kind(st.st_mode) == .regular else { return nil }
        return Int(st.st_size)
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
    public static func readRegularFile(_ path: String, limit: Int, limitVariable: String, followLinks: Bool = true) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if inZip(), let bytes = try ZipFolder.read(path, limit: limit, limitVariable: limitVariable) { return bytes }
            let code = errno
            if code == ELOOP && !followLinks { throw ArchiveError(file: path, message: "a symbolic link where only a file belongs, not followed") }
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
    public static func readPrefix(_ path: String, count: Int, followLinks: Bool = true) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            if inZip(), let bytes = try ZipFolder.read(path, limit: count, limitVariable: "", prefix: true) { return bytes }
            throw ArchiveError(file: path, message: "cannot be read: \(message(code))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, kind(st.st_mode) == .regular else {
            throw ArchiveError(file: path, message: "is not a regular file; only regular files are read")
        }
        // Not zeroed first: only what was read is kept.
        var failure: Int32 = 0
        let out = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            filled = 0
            while filled < buffer.count {
                let n = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                if n == 0 { return }
                filled += n
            }
        }
        if failure != 0 { throw ArchiveError(file: path, message: "cannot be read: \(message(failure))") }
        return out
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
        // A regular file read to its size ends here, told by a read of a few bytes (a chunk's 64 KiB zeroed for
        // it was as much as many archives).
        if expected > 0, out.count == expected {
            let room = 64
            var probe = [UInt8](repeating: 0, count: room)
            while true {
                let n = read(fd, &probe, room)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { usleep(1000); continue }
                    throw ArchiveError(file: file, message: "cannot be read: \(message(errno))")
                }
                if n == 0 { return out }
                // The file grew meanwhile: what was read is kept and the rest is read in chunks.
                if out.count + n > limit { throw tooLarge(file, out.count + n, limit, limitVariable, exact: false) }
                out.append(contentsOf: probe[0..<n])
                break
            }
        }
        let room = 1 << 16
        var chunk = [UInt8](repeating: 0, count: room)
        while true {
            let n = read(fd, &chunk, room)
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
        // In bytes where whole MiB would hide the excess: a file of 1.5 MiB is not "1 MiB, over the limit of 1 MiB".
        let exactSize = size % (1024 * 1024) == 0 ? "\(size / (1024 * 1024)) MiB" : "\(size) bytes"
        let what = exact ? "file is \(exactSize)" : "input is longer than \(mib) MiB (reading stopped there)"
        return ArchiveError(file: file, message: "\(what), over the limit of \(mib) MiB (raise it with \(variable))")
    }

    /// The path with every link and `..` resolved, or nil when it does not exist.
    /// The path from the root as the user named it (links not resolved: the names they know), for commands a
    /// colleague runs on another box in another folder: the working folder before a relative path, `./` and
    /// `..` steps taken out. A bundle run's `#N` stays.
    public static func absolute(_ path: String) -> String {
        guard !path.isEmpty, path != "-", path != "<stdin>" else { return path }
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard let cwd = getcwd(&buffer, buffer.count) else { return path }
            full = PathBytes.string(cString: cwd) + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    public static func realPath(_ path: String) -> String? {
        guard let p = PathBytes.withCPath(path, { realpath($0, nil) }) else { return inZip() ? ZipFolder.realPath(path) : nil }
        defer { free(p) }
        return PathBytes.string(cString: p)
    }

    /// `open(2)` of a path, its bytes as they are.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        PathBytes.withCPath(path) { Glibc.open($0, flags, mode) }
    }

    /// The names in a folder (not `.` and `..`), as bytes: a name that is not UTF-8 is listed too
    /// (`FileManager` leaves such names out). Nil when the folder cannot be read.
    public static func entries(_ folder: String) -> [String]? {
        guard let dir = PathBytes.withCPath(folder, { opendir($0) }) else { return inZip() ? ZipFolder.names(folder) : nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { PathBytes.string(cString: $0) }
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// Whether `path` itself is a symbolic link (dangling or not).
    public static func isLink(_ path: String) -> Bool {
        var st = stat()
        return PathBytes.withCPath(path, { lstat($0, &st) }) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// What a folder's entry is, whether it is itself a link, and what it is the same file as (links followed):
    /// one `lstat` for an entry that is no link (most are), a `stat` after it for a link. Asking each of the
    /// three alone was three walks of the path for every archive of a night.
    public static func entry(_ path: String) -> (kind: Kind, isLink: Bool, identity: Identity?) {
        var st = stat()
        guard PathBytes.withCPath(path, { lstat($0, &st) }) == 0 else {
            guard inZip(), let kind = ZipFolder.kind(path) else { return (.missing, false, nil) }
            return (kind, false, ZipFolder.identity(path))
        }
        guard st.st_mode & S_IFMT == S_IFLNK else { return (kind(st.st_mode), false, Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))) }
        guard PathBytes.withCPath(path, { stat($0, &st) }) == 0 else { return (.missing, true, nil) }
        return (kind(st.st_mode), true, Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
    }

    /// Device and inode: what makes two paths the same file or folder.
    public struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    public static func identity(_ path: String) -> Identity? {
        var st = stat()
        guard PathBytes.withCPath(path, { stat($0, &st) }) == 0 else { return inZip() ? ZipFolder.identity(path) : nil }
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

/// Writing files the user named (a report, a baseline, an import's folders): by the path's bytes, as given.
extension FileAccess {
    /// `stat(2)`, following links; nil when the path does not exist.
    public static func status(_ path: String) -> stat? {
        var st = stat()
        if PathBytes.withCPath(path, { stat($0, &st) }) == 0 { return st }
        // An entry of a zip read as a folder: its kind and declared size, as a file's would be given.
        guard inZip(), let (_, _, entry) = ZipFolder.lookup(path) else { return nil }
        st = stat()
        st.st_mode = entry.special != nil ? S_IFLNK : entry.isFolder ? S_IFDIR | 0o555 : S_IFREG | 0o444
        st.st_size = off_t(entry.size)
        return st
    }

    public static func rename(_ from: String, _ to: String) -> Bool {
        PathBytes.withCPath(from) { a in PathBytes.withCPath(to) { b in Glibc.rename(a, b) } } == 0
    }

    public static func makeFolder(_ path: String, mode: mode_t = 0o777) -> Bool {
        PathBytes.withCPath(path) { Glibc.mkdir($0, mode) } == 0
    }

    /// Creates a folder and the folders above it that are missing.
    public static func makeFolders(_ path: String) -> Bool {
        if kind(path) == .directory { return true }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, kind(parent) == .missing, !makeFolders(parent) { return false }
        if makeFolder(path) { return true }
        // The caller reports `errno`: keep mkdir's reason (EROFS, EACCES), not the stat below's ENOENT.
        let reason = errno
        if kind(path) == .directory { return true }
        errno = reason
        return false
    }

    /// Removes a file, or a folder with everything in it (links removed, never followed).
    public static func remove(_ path: String) {
        var st = stat()
        guard PathBytes.withCPath(path, { lstat($0, &st) }) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in entries(path) ?? [] { remove((path as NSString).appendingPathComponent(name)) }
            _ = PathBytes.withCPath(path) { rmdir($0) }
        } else {
            _ = PathBytes.withCPath(path) { unlink($0) }
        }
    }

    /// Writes `bytes` to `target` atomically: a temporary file beside it, flushed, then renamed over it. The new
    /// file gets `mode` (the permissions of the file it replaces, say), else the umask's.
    public static func writeAtomically(_ bytes: [UInt8], to target: String, mode: mode_t?, reportAs path: String) throws {
        try writeAtomically(to: target, mode: mode, reportAs: path) { put in try put(bytes) }
    }

    /// Writes all of `bytes` to `fd`, again where a write was interrupted or partial: nil, or the `errno` of the
    /// write that failed. (Every writer of files, reports and standard output goes through it.)
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // (A write that takes nothing would be asked again for ever: said as an I/O error instead.)
            guard n > 0 else { return EIO }
            off += n
        }
        return nil
    }

    /// `writeAtomically`, with the content handed over in pieces as it is made (`produce` calls `put` with each):
    /// a night's JUnit report is written without ever being whole in memory. Nothing replaces `target` unless all
    /// of it was written.
    public static func writeAtomically(
        to target: String, mode: mode_t?, reportAs path: String,
        _ produce: (_ put: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        func failure(_ code: Int32) -> ArchiveError { ArchiveError(file: path, message: "cannot be written: \(message(code))") }
        let folder = (target as NSString).deletingLastPathComponent
        var template = PathBytes.bytes((folder.isEmpty ? "." : folder) + "/.pseudoscope-XXXXXX")
        template.append(0)
        let fd = template.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) } }
        guard fd >= 0 else { throw failure(errno) }
        let temp = PathBytes.string(template.dropLast())
        var ok = false
        defer {
            close(fd)
            if !ok { _ = PathBytes.withCPath(temp) { unlink($0) } }
        }
        let m = umask(0)
        umask(m)
        fchmod(fd, mode ?? (0o666 & ~m))
        try produce { buffer in
            if let code = writeAll(buffer, to: fd) { throw failure(code) }
        }
        if fsync(fd) != 0 { throw failure(errno) }
        guard rename(temp, target) else { throw failure(errno) }
        ok = true
    }
}

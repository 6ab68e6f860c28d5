import Foundation

/// The file stderr goes to while curses owns the screen.
///
/// Created exclusively (never following a planted link, never truncating someone else's file) with mode 0600,
/// and removed when the session ends with nothing in it.
struct SessionLog {
    let path: String
    let fd: Int32

    /// Opens `pseudoscope-PID.log` in `directory`, or `pseudoscope-PID-N.log` when that name is taken.
    static func create(in directory: String) -> SessionLog? {
        let pid = getpid()
        for n in 0..<100 {
            let name = n == 0 ? "pseudoscope-\(pid).log" : "pseudoscope-\(pid)-\(n).log"
            let path = (directory as NSString).appendingPathComponent(name)
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return SessionLog(path: path, fd: fd) }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    var isEmpty: Bool {
        var st = stat()
        return fstat(fd, &st) == 0 && st.st_size == 0
    }
}

import CSQLite
import Foundation
import Glibc

extension SQLiteReader {
    /// A database whose latest changes still wait in its write-ahead log (`database.sqlite3-wal` beside it, not
    /// empty): read as SQLite would read it, the log merged, without writing beside the input. Opened `immutable`,
    /// SQLite ignores the log and a bundle whose failures sit there read as having none. The database and its log
    /// are copied into a private folder in TMPDIR, merged there by SQLite, and the merged copy is opened like any
    /// other; the copy is removed as soon as it is open (the reader keeps its file), so nothing stays behind.
    ///
    /// Without a log, the copy is all there is to it: a database SQLite cannot open where it is (an entry of a zip
    /// read as a folder) is read from its private copy.
    static func openPrivateCopy(_ path: String, wal: String?, limit: Int, limitVariable: String) throws -> SQLiteReader {
        var template = Array((NSTemporaryDirectory() + "/pseudoscope-db-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(
                message:
                    "its write-ahead log cannot be merged: no private folder can be made in the temporary folder (\(String(cString: strerror(errno))))"
            )
        }
        let folder = String(cString: made)
        let copy = folder + "/database.sqlite3"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(copy + suffix) }
            rmdir(folder)
        }
        for (from, to) in [(path, copy)] + (wal.map { [($0, copy + "-wal")] } ?? []) {
            let bytes = try FileAccess.readRegularFile(from, limit: limit, limitVariable: limitVariable, followLinks: false)
            try FileAccess.writeAtomically(bytes, to: to, mode: 0o600, reportAs: to)
        }
        guard wal != nil else { return try SQLiteReader(readOnly: copy) }
        guard let library = ps_sqlite() else { throw Failure(message: String(cString: ps_sqlite_load_error())) }
        let sqlite = library.pointee
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        let rc = sqlite.sqlite3_open_v2("file:" + uriEscaped(copy), &handle, flags, nil)
        guard rc == SQLITE_OK, let h = handle else {
            let why = handle.map { text(sqlite.sqlite3_errmsg($0)) } ?? text(sqlite.sqlite3_errstr(rc))
            if let h = handle { _ = sqlite.sqlite3_close_v2(h) }
            throw Failure(message: "its write-ahead log cannot be merged: \(why)")
        }
        // Defensive on the private copy too: the log's pages are a stranger's. The merge runs in a budget of its own.
        _ = ps_sqlite_harden(h)
        var remaining = 2_000_000
        sqlite.sqlite3_progress_handler(
            h, 1000,
            { raw in
                guard let raw else { return 1 }
                let left = raw.assumingMemoryBound(to: Int.self)
                left.pointee -= 1
                return left.pointee > 0 ? 0 : 1
            }, &remaining)
        let merged = sqlite.sqlite3_exec(h, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;", nil, nil, nil)
        let why = text(sqlite.sqlite3_errmsg(h))
        _ = sqlite.sqlite3_close_v2(h)
        guard merged == SQLITE_OK else { throw Failure(message: "its write-ahead log cannot be merged: \(why)") }
        return try SQLiteReader(readOnly: copy)
    }
}

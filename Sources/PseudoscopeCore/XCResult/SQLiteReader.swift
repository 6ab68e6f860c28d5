import CSQLite
import Foundation

/// An SQLite database read as untrusted evidence: opened read-only and `immutable` (SQLite then takes no lock and
/// writes no journal, WAL or shared-memory file beside it: nothing is ever written into a bundle), defensive
/// (no writes to the schema, no untrusted functions in views or triggers), and every statement bounded by a
/// step budget, so that a hostile schema (a recursive view under a table's name) cannot hang a command.
final class SQLiteReader {
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)

        var int: Int64? {
            switch self {
            case .integer(let n): return n
            case .real(let d): return d.isFinite && abs(d) < 9e18 ? Int64(d) : nil
            case .text(let s): return Int64(s)
            case .null: return nil
            }
        }
        var double: Double? {
            switch self {
            case .integer(let n): return Double(n)
            case .real(let d): return d.isFinite ? d : nil
            case .text(let s): return Double(s)
            case .null: return nil
            }
        }
        var string: String? {
            switch self {
            case .text(let s): return s
            case .integer(let n): return String(n)
            case .real(let d): return String(d)
            case .null: return nil
            }
        }
    }

    struct Failure: Error {
        var message: String
    }

    private let db: OpaquePointer
    /// libsqlite3's functions (the library is opened on first use: only a bundle's database needs it).
    private let sqlite: ps_sqlite_api
    /// What the bounded statements have left to spend (SQLite virtual machine instructions, counted in steps
    /// of `budgetGrain`): enough for any real bundle's database many times over.
    private let budget = Budget()
    static let budgetGrain: Int32 = 1000
    static let defaultBudget = 200_000  // × 1000 instructions
    /// At most this many rows from one statement.
    static let maxRows = 1_000_000

    final class Budget {
        var left = SQLiteReader.defaultBudget
    }

    /// Opens `path` (a real path, checked by the caller to lie inside the bundle).
    init(readOnly path: String) throws {
        guard let library = ps_sqlite() else { throw Failure(message: String(cString: ps_sqlite_load_error())) }
        let sqlite = library.pointee
        self.sqlite = sqlite
        var handle: OpaquePointer?
        let uri = "file:" + SQLiteReader.uriEscaped(path) + "?mode=ro&immutable=1"
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        let rc = sqlite.sqlite3_open_v2(uri, &handle, flags, nil)
        guard rc == SQLITE_OK, let h = handle else {
            let why = handle.map { SQLiteReader.text(sqlite.sqlite3_errmsg($0)) } ?? SQLiteReader.text(sqlite.sqlite3_errstr(rc))
            if let h = handle { _ = sqlite.sqlite3_close_v2(h) }
            throw Failure(message: why)
        }
        db = h
        guard ps_sqlite_harden(h) == SQLITE_OK else {
            _ = sqlite.sqlite3_close_v2(h)
            throw Failure(message: "this SQLite library cannot open a database defensively")
        }
        let context = Unmanaged.passUnretained(budget).toOpaque()
        sqlite.sqlite3_progress_handler(
            h, SQLiteReader.budgetGrain,
            { raw in
                guard let raw = raw else { return 1 }
                let b = Unmanaged<SQLiteReader.Budget>.fromOpaque(raw).takeUnretainedValue()
                b.left -= 1
                return b.left > 0 ? 0 : 1
            }, context)
        // Reading the header proves it is a database at all: `open` succeeds on any file.
        _ = try rows("SELECT count(*) FROM sqlite_master")
    }

    deinit {
        for s in prepared.values { _ = sqlite.sqlite3_finalize(s) }
        _ = sqlite.sqlite3_close_v2(db)
    }

    /// SQLite's message (it answers with none only when out of memory).
    static func text(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) } ?? "SQLite gave no message"
    }

    /// Percent-escapes what a `file:` URI gives a meaning to (`?`, `#`, `%`) and anything outside plain ASCII.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for b in PathBytes.bytes(path) {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "/-_.~".contains(c) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    /// The names of the tables (only real tables: a view may compute anything).
    func tables() throws -> Set<String> {
        if let known = tableNames { return known }
        let names = Set(try rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.string })
        tableNames = names
        return names
    }

    /// A table's column names.
    func columns(_ table: String) throws -> Set<String> {
        guard table.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return [] }
        if let known = columnNames[table] { return known }
        let names = Set(try rows("PRAGMA table_info(\(table))").compactMap { $0.count > 1 ? $0[1].string : nil })
        columnNames[table] = names
        return names
    }

    // The schema, kept once read: the queries ask for a table or a column at every run they describe, and an
    // immutable database's schema cannot change under them (26.0.1's listing: 17 M instructions of schema reads).
    private var tableNames: Set<String>?
    private var columnNames: [String: Set<String>] = [:]

    /// Statements prepared once and run again with other parameters: the runs of a bundle ask the same few
    /// questions of each run, and compiling a statement was most of the database's cost (79 compilations, 5.3 M
    /// instructions, listing the Xcode 26.0.1 bundle). Bounded, though the queries are the code's own few.
    private var prepared: [String: OpaquePointer] = [:]
    static let maxPrepared = 64

    func statement(_ sql: String) throws -> OpaquePointer {
        if let s = prepared[sql] { return s }
        var statement: OpaquePointer?
        guard sqlite.sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let s = statement else {
            if let s = statement { _ = sqlite.sqlite3_finalize(s) }
            throw Failure(message: SQLiteReader.text(sqlite.sqlite3_errmsg(db)))
        }
        if prepared.count < SQLiteReader.maxPrepared { prepared[sql] = s }
        return s
    }

    /// Runs one statement with integer parameters and returns its rows.
    func rows(_ sql: String, _ parameters: [Int64] = []) throws -> [[Value]] {
        let s = try statement(sql)
        let kept = prepared[sql] != nil
        // Ready for its next run, whatever this one ends in: reset (which keeps the compiled program), or
        // finalized when it was not kept.
        defer {
            if kept {
                _ = sqlite.sqlite3_reset(s)
                _ = sqlite.sqlite3_clear_bindings(s)
            } else {
                _ = sqlite.sqlite3_finalize(s)
            }
        }
        for (k, p) in parameters.enumerated() { _ = sqlite.sqlite3_bind_int64(s, Int32(k + 1), p) }
        var out: [[Value]] = []
        while true {
            let rc = sqlite.sqlite3_step(s)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else {
                if rc == SQLITE_INTERRUPT { throw Failure(message: "a query took more work than any real bundle's database needs (stopped)") }
                throw Failure(message: SQLiteReader.text(sqlite.sqlite3_errmsg(db)))
            }
            guard out.count < SQLiteReader.maxRows else { throw Failure(message: "a query returned more than \(SQLiteReader.maxRows) rows") }
            let n = sqlite.sqlite3_column_count(s)
            var row: [Value] = []
            row.reserveCapacity(Int(n))
            for c in 0..<n {
                switch sqlite.sqlite3_column_type(s, c) {
                case SQLITE_INTEGER: row.append(.integer(sqlite.sqlite3_column_int64(s, c)))
                case SQLITE_FLOAT: row.append(.real(sqlite.sqlite3_column_double(s, c)))
                case SQLITE_TEXT, SQLITE_BLOB:
                    let count = Int(sqlite.sqlite3_column_bytes(s, c))
                    if let p = sqlite.sqlite3_column_text(s, c) {
                        row.append(.text(String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)))
                    } else {
                        row.append(.text(""))
                    }
                default: row.append(.null)
                }
            }
            out.append(row)
        }
        return out
    }
}

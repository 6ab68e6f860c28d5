#ifndef CSQLITE_H
#define CSQLITE_H
// Debian's libsqlite3-dev: the database.sqlite3 that Xcode 15.4 and later write into a result bundle
// (docs/xcresult.md), opened read-only and immutable so that nothing is ever written beside it.
// The header gives the types and constants only: libsqlite3 itself is opened on first use (dlopen), as only a
// bundle's database needs it, so that every other command starts without loading it.
#include <sqlite3.h>

// The functions of libsqlite3 that are called, resolved when it is opened.
#define PS_SQLITE_FUNCTIONS(X) X(sqlite3_open_v2) X(sqlite3_close_v2) X(sqlite3_errmsg) X(sqlite3_errstr) \
    X(sqlite3_prepare_v2) X(sqlite3_finalize) X(sqlite3_bind_int64) X(sqlite3_step) X(sqlite3_column_count) \
    X(sqlite3_column_type) X(sqlite3_column_int64) X(sqlite3_column_double) X(sqlite3_column_bytes) \
    X(sqlite3_column_text) X(sqlite3_progress_handler) X(sqlite3_db_config) X(sqlite3_limit) \
    X(sqlite3_open) X(sqlite3_close) X(sqlite3_exec) X(sqlite3_free) X(sqlite3_reset) X(sqlite3_clear_bindings)

typedef struct {
#define PS_SQLITE_POINTER(name) __typeof__(&name) _Nonnull name;
    PS_SQLITE_FUNCTIONS(PS_SQLITE_POINTER)
#undef PS_SQLITE_POINTER
} ps_sqlite_api;

// libsqlite3's functions, the library opened on the first call; NULL when it cannot be opened or lacks one of
// them (the message in ps_sqlite_load_error).
const ps_sqlite_api * _Nullable ps_sqlite(void);
// Why ps_sqlite() answered NULL (an empty string otherwise).
const char * _Nonnull ps_sqlite_load_error(void);

// sqlite3_db_config is variadic, which Swift cannot call: the settings a database from a stranger's bundle is
// read under, in one call. 0 on success.
int ps_sqlite_harden(sqlite3 * _Nonnull db);

#endif

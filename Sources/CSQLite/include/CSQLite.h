#ifndef CSQLITE_H
#define CSQLITE_H
// Debian's libsqlite3-dev: the database.sqlite3 that Xcode 15.4 and later write into a result bundle
// (docs/xcresult.md), opened read-only and immutable so that nothing is ever written beside it.
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: the settings a database from a stranger's bundle is
// read under, in one call. 0 on success.
int ps_sqlite_harden(sqlite3 *db);

#endif

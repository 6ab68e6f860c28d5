#include "CSQLite.h"

int ps_sqlite_harden(sqlite3 *db) {
    int rc = 0;
    // No writes to the schema or to shadow tables, whatever the SQL asks.
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    // Functions with side effects are not run from the schema (views, triggers, defaults).
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    // Views and triggers are not run at all: a "table" the queries name must be one.
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 64 << 20);
    return rc;
}

#include "CSQLite.h"
#include "CFirstUse.h"

#include <pthread.h>
#include <stdio.h>

// The soname of the libsqlite3 these headers describe: SQLite 3 has kept its ABI under this one name.
#define PS_SQLITE_SONAME "libsqlite3.so.0"

static ps_sqlite_api api;
static int loaded = 0;
static char load_error[256] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = { PS_SQLITE_FUNCTIONS(PS_FIRST_USE_NAME) };
    loaded = ps_open_library(PS_SQLITE_SONAME, "libsqlite3-0", names, (void **)&api, (int)(sizeof names / sizeof *names),
                             load_error, sizeof load_error);
}

const ps_sqlite_api *ps_sqlite(void) {
    pthread_once(&once, load);
    return loaded ? &api : NULL;
}

const char *ps_sqlite_load_error(void) {
    pthread_once(&once, load);
    return load_error;
}

int ps_sqlite_harden(sqlite3 *db) {
    const ps_sqlite_api *s = ps_sqlite();
    if (!s) return SQLITE_ERROR;
    int rc = 0;
    // No writes to the schema or to shadow tables, whatever the SQL asks.
    rc |= s->sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    // Functions with side effects are not run from the schema (views, triggers, defaults).
    rc |= s->sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    // Views and triggers are not run at all: a "table" the queries name must be one.
    rc |= s->sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    rc |= s->sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    s->sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    s->sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 64 << 20);
    return rc;
}

#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of the libsqlite3 these headers describe: SQLite 3 has kept its ABI under this one name.
#define PS_SQLITE_SONAME "libsqlite3.so.0"

static ps_sqlite_api api;
static int loaded = 0;
static char load_error[256] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen(PS_SQLITE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "%s could not be opened (Debian: apt-get install libsqlite3-0)", PS_SQLITE_SONAME);
        return;
    }
#define PS_SQLITE_SYMBOL(name) \
    api.name = (__typeof__(&name))dlsym(lib, #name); \
    if (!api.name) { snprintf(load_error, sizeof load_error, "%s has no %s", PS_SQLITE_SONAME, #name); return; }
    PS_SQLITE_FUNCTIONS(PS_SQLITE_SYMBOL)
#undef PS_SQLITE_SYMBOL
    loaded = 1;
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

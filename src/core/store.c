/* store.c: the SQLite store (store.h): schema, runs, game records and saved games. */
#include "store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The statements used often are prepared once, at open. */
enum {
    STORE_ADD_RECORD,
    STORE_GET_RECORD,
    STORE_N_STMTS
};

struct carta_store {
    sqlite3 *db;
    char path[1024];
    sqlite3_stmt *stmt[STORE_N_STMTS];
};

static const char *const store_stmt_sql[STORE_N_STMTS] = {
    "INSERT INTO records(run_id, game_index, game, seed, winner, winner_player, n_actions, "
    "record, result) VALUES (?1, ?2, ?3, ?4, ?5, ?8, ?6, ?7, ?9)",
    "SELECT record FROM records WHERE run_id = ?1 AND game_index = ?2",
};

static const char store_schema[] =
    "CREATE TABLE IF NOT EXISTS runs("
    " id INTEGER PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
    " settings TEXT NOT NULL,"
    " summary TEXT);"
    "CREATE TABLE IF NOT EXISTS records("
    " run_id INTEGER NOT NULL REFERENCES runs(id),"
    " game_index INTEGER NOT NULL,"
    " game TEXT NOT NULL,"
    " seed TEXT NOT NULL,"
    " winner INTEGER NOT NULL,"       /* the winning seat, from 0; -1: none */
    " n_actions INTEGER NOT NULL,"
    " record TEXT NOT NULL,"
    " winner_player INTEGER,"        /* the winning player, from 1 as in every report; NULL: none */
    " result TEXT,"                  /* the simulator's result of the game, to resume a run */
    " PRIMARY KEY(run_id, game_index));"
    "CREATE TABLE IF NOT EXISTS ladders("
    " id INTEGER PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
    " label TEXT NOT NULL,"
    " settings TEXT NOT NULL,"
    " ladder TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS comparisons("
    " id INTEGER PRIMARY KEY,"
    " base_run INTEGER NOT NULL REFERENCES runs(id),"
    " variant_run INTEGER NOT NULL REFERENCES runs(id),"
    " variant TEXT NOT NULL,"
    " comparison TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS saved_games("
    " name TEXT PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " saved TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
    " record TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS game_tables("
    " id TEXT PRIMARY KEY,"
    " game TEXT NOT NULL,"
    " created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
    " seats TEXT NOT NULL,"
    " record TEXT NOT NULL,"
    " over INTEGER NOT NULL);";

static carta_status store_fail(carta_store *s, carta_status status, const char *what,
                               carta_error *err)
{
    return carta_error_set(err, status, "%s: error: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

/* Runs SQL without results (schema, pragmas, transactions). */
static carta_status store_exec(carta_store *s, const char *sql, const char *what, carta_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return CARTA_OK;
    carta_status st = carta_error_set(err, CARTA_ERR_IO, "%s: error: %s: %s", s->path, what,
                                      msg ? msg : sqlite3_errmsg(s->db));
    sqlite3_free(msg);
    return st;
}

/* Reads PRAGMA user_version into *version. */
static carta_status store_user_version(carta_store *s, int *version, carta_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        sqlite3_finalize(st);
        return store_fail(s, CARTA_ERR_CORRUPT, "not a Carta store", err);
    }
    *version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return CARTA_OK;
}

static carta_status store_init_schema(carta_store *s, carta_error *err)
{
    int version = 0;
    carta_status st = store_user_version(s, &version, err);
    if (st != CARTA_OK)
        return st;
    if (version > CARTA_STORE_VERSION)
        return carta_error_set(err, CARTA_ERR_CORRUPT,
                               "%s: error: store version %d is newer than this build's (%d)",
                               s->path, version, CARTA_STORE_VERSION);
    if ((st = store_exec(s, "PRAGMA journal_mode=WAL", "cannot use a WAL journal", err)) ||
        (st = store_exec(s, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON",
                         "cannot set pragmas", err)) ||
        (st = store_exec(s, "BEGIN", "cannot begin", err)))
        return st;
    /* version 3 numbers a record's winner as the reports do (winner_player) */
    if (version >= 1 && version < 3 &&
        (st = store_exec(s, "ALTER TABLE records ADD COLUMN winner_player INTEGER",
                         "cannot add the records' winner_player", err)) != CARTA_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return st;
    }
    /* version 4 keeps each game's result, so an interrupted run resumes */
    if (version >= 1 && version < 4 &&
        (st = store_exec(s, "ALTER TABLE records ADD COLUMN result TEXT",
                         "cannot add the records' result", err)) != CARTA_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return st;
    }
    char sql[sizeof store_schema + 64];
    snprintf(sql, sizeof sql, "%sPRAGMA user_version=%d;", store_schema, CARTA_STORE_VERSION);
    if ((st = store_exec(s, sql, "cannot create the tables", err)) != CARTA_OK) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return st;
    }
    return store_exec(s, "COMMIT", "cannot commit", err);
}

carta_store *carta_store_open(const char *path, carta_error *err)
{
    carta_store *s = calloc(1, sizeof *s);
    if (!s) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    carta_status st = CARTA_OK;
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK)
        st = store_fail(s, CARTA_ERR_IO, "cannot open the database", err);
    else
        sqlite3_busy_timeout(s->db, 5000);
    if (st == CARTA_OK)
        st = store_init_schema(s, err);
    for (int i = 0; st == CARTA_OK && i < STORE_N_STMTS; i++)
        if (sqlite3_prepare_v2(s->db, store_stmt_sql[i], -1, &s->stmt[i], NULL) != SQLITE_OK)
            st = store_fail(s, CARTA_ERR_CORRUPT, "not a Carta store (unexpected tables)", err);
    if (st != CARTA_OK) {
        carta_store_close(s);
        return NULL;
    }
    return s;
}

void carta_store_close(carta_store *s)
{
    if (!s)
        return;
    for (int i = 0; i < STORE_N_STMTS; i++)
        sqlite3_finalize(s->stmt[i]);
    sqlite3_close(s->db);
    free(s);
}

carta_status carta_store_begin(carta_store *s, carta_error *err)
{
    return store_exec(s, "BEGIN", "cannot begin a transaction", err);
}

carta_status carta_store_commit(carta_store *s, carta_error *err)
{
    return store_exec(s, "COMMIT", "cannot commit", err);
}

/* Prepares a one-off statement; NULL with err set. */
static sqlite3_stmt *store_prepare(carta_store *s, const char *sql, carta_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        store_fail(s, CARTA_ERR_CORRUPT, "not a Carta store", err);
        return NULL;
    }
    return st;
}

/* Steps a statement that returns no row, then resets it. */
static carta_status store_step_done(carta_store *s, sqlite3_stmt *st, const char *what,
                                    carta_error *err)
{
    int rc = sqlite3_step(st);
    carta_status status = rc == SQLITE_DONE ? CARTA_OK : store_fail(s, CARTA_ERR_IO, what, err);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return status;
}

/* A malloc'd copy of a text column (NULL for SQL NULL); *ok is 0 if out of memory. */
static char *store_column_text(sqlite3_stmt *st, int col, int *ok)
{
    const unsigned char *text = sqlite3_column_text(st, col);
    if (!text)
        return NULL;
    char *copy = strdup((const char *)text);
    if (!copy)
        *ok = 0;
    return copy;
}

carta_status carta_store_run_new(carta_store *s, const char *game, const char *settings_json,
                                 int64_t *run_id, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "INSERT INTO runs(game, settings) VALUES (?1, ?2)", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, settings_json, -1, SQLITE_STATIC);
    carta_status status = store_step_done(s, st, "cannot add the run", err);
    if (status == CARTA_OK)
        *run_id = sqlite3_last_insert_rowid(s->db);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_run_finish(carta_store *s, int64_t run_id, const char *summary_json,
                                    carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "UPDATE runs SET summary = ?2 WHERE id = ?1", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, summary_json, -1, SQLITE_STATIC);
    carta_status status = store_step_done(s, st, "cannot store the summary", err);
    if (status == CARTA_OK && sqlite3_changes(s->db) == 0)
        status = carta_error_set(err, CARTA_ERR_UNKNOWN, "%s: error: no run %lld", s->path,
                                 (long long)run_id);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_run_get(carta_store *s, int64_t run_id, char **settings_json,
                                 char **summary_json, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT settings, summary FROM runs WHERE id = ?1", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_int64(st, 1, run_id);
    int rc = sqlite3_step(st), ok = 1;
    carta_status status = CARTA_OK;
    if (rc == SQLITE_ROW) {
        char *settings = store_column_text(st, 0, &ok), *summary = store_column_text(st, 1, &ok);
        if (!ok) {
            free(settings);
            free(summary);
            status = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", s->path);
        } else {
            if (settings_json)
                *settings_json = settings;
            else
                free(settings);
            if (summary_json)
                *summary_json = summary;
            else
                free(summary);
        }
    } else if (rc == SQLITE_DONE) {
        status = carta_error_set(err, CARTA_ERR_UNKNOWN, "%s: error: no run %lld", s->path,
                                 (long long)run_id);
    } else {
        status = store_fail(s, CARTA_ERR_IO, "cannot read the run", err);
    }
    sqlite3_finalize(st);
    return status;
}

int64_t carta_store_last_run(carta_store *s)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT max(id) FROM runs", NULL);
    int64_t id = st && sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return id;
}

carta_status carta_store_add_record(carta_store *s, const carta_store_game *row,
                                    carta_error *err)
{
    sqlite3_stmt *st = s->stmt[STORE_ADD_RECORD];
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)row->seed);
    sqlite3_bind_int64(st, 1, row->run_id);
    sqlite3_bind_int(st, 2, row->game_index);
    sqlite3_bind_text(st, 3, row->game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, seed_text, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 5, row->winner_seat);
    sqlite3_bind_int(st, 6, row->n_actions);
    sqlite3_bind_text(st, 7, row->record_json, -1, SQLITE_STATIC);
    if (row->winner_player >= 0)
        sqlite3_bind_int(st, 8, row->winner_player + 1);
    else
        sqlite3_bind_null(st, 8);
    if (row->result_json)
        sqlite3_bind_text(st, 9, row->result_json, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 9);
    return store_step_done(s, st, "cannot store the game record", err);
}

int64_t carta_store_unfinished_run(carta_store *s, const char *game, const char *settings_json)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT max(id) FROM runs WHERE game = ?1 AND "
                                        "settings = ?2 AND summary IS NULL", NULL);
    if (!st)
        return 0;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, settings_json, -1, SQLITE_STATIC);
    int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return id;
}

carta_status carta_store_each_result(carta_store *s, int64_t run_id, carta_store_result_fn fn,
                                     void *ctx, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT game_index, result FROM records WHERE run_id = ?1"
                                        " AND result IS NOT NULL ORDER BY game_index", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_int64(st, 1, run_id);
    carta_status status = CARTA_OK;
    int rc;
    while (status == CARTA_OK && (rc = sqlite3_step(st)) == SQLITE_ROW)
        status = fn(ctx, sqlite3_column_int(st, 0), (const char *)sqlite3_column_text(st, 1), err);
    if (status == CARTA_OK && rc != SQLITE_DONE)
        status = store_fail(s, CARTA_ERR_IO, "cannot read the run's results", err);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_add_comparison(carta_store *s, int64_t base_run, int64_t variant_run,
                                        const char *variant, const char *comparison_json,
                                        int64_t *id, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "INSERT INTO comparisons(base_run, variant_run, variant, "
                                        "comparison) VALUES (?1, ?2, ?3, ?4)", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_int64(st, 1, base_run);
    sqlite3_bind_int64(st, 2, variant_run);
    sqlite3_bind_text(st, 3, variant, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, comparison_json, -1, SQLITE_STATIC);
    carta_status status = store_step_done(s, st, "cannot store the comparison", err);
    if (status == CARTA_OK && id)
        *id = sqlite3_last_insert_rowid(s->db);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_add_ladder(carta_store *s, const char *game, const char *label,
                                    const char *settings_json, const char *ladder_json,
                                    int64_t *id, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "INSERT INTO ladders(game, label, settings, ladder) "
                                        "VALUES (?1, ?2, ?3, ?4)", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, label, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, settings_json, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, ladder_json, -1, SQLITE_STATIC);
    carta_status status = store_step_done(s, st, "cannot store the ladder", err);
    if (status == CARTA_OK && id)
        *id = sqlite3_last_insert_rowid(s->db);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_last_ladder(carta_store *s, const char *game, int64_t *id, char **label,
                                     char **ladder_json, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT id, label, ladder FROM ladders WHERE game = ?1 "
                                        "ORDER BY id DESC LIMIT 1", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st), ok = 1;
    carta_status status = CARTA_OK;
    *id = 0;
    *label = *ladder_json = NULL;
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(st, 0);
        *label = store_column_text(st, 1, &ok);
        *ladder_json = store_column_text(st, 2, &ok);
        if (!ok)
            status = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", s->path);
    } else if (rc != SQLITE_DONE) {
        status = store_fail(s, CARTA_ERR_IO, "cannot read the ladders", err);
    }
    sqlite3_finalize(st);
    return status;
}

/* Reads the one text column of a row selected by st (parameters bound); CARTA_ERR_UNKNOWN with
 * the message `missing` if there is no row. Resets st. */
static carta_status store_read_text(carta_store *s, sqlite3_stmt *st, char **out,
                                    const char *missing, carta_error *err)
{
    int rc = sqlite3_step(st), ok = 1;
    carta_status status = CARTA_OK;
    *out = NULL;
    if (rc == SQLITE_ROW) {
        *out = store_column_text(st, 0, &ok);
        if (!ok || !*out)
            status = carta_error_set(err, ok ? CARTA_ERR_CORRUPT : CARTA_ERR_NOMEM,
                                     "%s: error: %s", s->path, ok ? "empty record" : "out of memory");
    } else if (rc == SQLITE_DONE) {
        status = carta_error_set(err, CARTA_ERR_UNKNOWN, "%s: error: %s", s->path, missing);
    } else {
        status = store_fail(s, CARTA_ERR_IO, "cannot read", err);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return status;
}

carta_status carta_store_get_record(carta_store *s, int64_t run_id, int game_index,
                                    char **record_json, carta_error *err)
{
    sqlite3_stmt *st = s->stmt[STORE_GET_RECORD];
    char missing[96];
    snprintf(missing, sizeof missing, "run %lld has no game %d", (long long)run_id, game_index);
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_int(st, 2, game_index);
    return store_read_text(s, st, record_json, missing, err);
}

int carta_store_count_records(carta_store *s, int64_t run_id)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT count(*) FROM records WHERE run_id = ?1", NULL);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, run_id);
    int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    return n;
}

carta_status carta_store_save_game(carta_store *s, const char *name, const char *game,
                                   const char *record_json, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(
        s, "INSERT OR REPLACE INTO saved_games(name, game, record) VALUES (?1, ?2, ?3)", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, record_json, -1, SQLITE_STATIC);
    carta_status status = store_step_done(s, st, "cannot save the game", err);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_load_game(carta_store *s, const char *name, char **record_json,
                                   carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, "SELECT record FROM saved_games WHERE name = ?1", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    char missing[160];
    snprintf(missing, sizeof missing, "no saved game named '%.100s'", name);
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    carta_status status = store_read_text(s, st, record_json, missing, err);
    sqlite3_finalize(st);
    return status;
}

/* ---- tables of carta serve ---- */

carta_status carta_store_table_put(carta_store *s, const char *id, const char *game,
                                   const char *seats_json, const char *record_json, int over,
                                   carta_error *err)
{
    sqlite3_stmt *st = store_prepare(
        s, "INSERT INTO game_tables(id, game, seats, record, over) VALUES (?1, ?2, ?3, ?4, ?5) "
           "ON CONFLICT(id) DO UPDATE SET seats = ?3, record = ?4, over = ?5", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, seats_json, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, record_json, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 5, over != 0);
    carta_status status = store_step_done(s, st, "cannot store the table", err);
    sqlite3_finalize(st);
    return status;
}

carta_status carta_store_table_each(carta_store *s, int only_running, carta_store_table_fn fn,
                                    void *ctx, carta_error *err)
{
    sqlite3_stmt *st = store_prepare(s, only_running
                                     ? "SELECT id, game, seats, record, over FROM game_tables "
                                       "WHERE over = 0 ORDER BY created, id"
                                     : "SELECT id, game, seats, record, over FROM game_tables "
                                       "ORDER BY created, id", err);
    if (!st)
        return CARTA_ERR_CORRUPT;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *col[4];
        for (int i = 0; i < 4; i++)
            col[i] = (const char *)sqlite3_column_text(st, i);
        if (col[0] && col[1] && col[2] && col[3])
            fn(ctx, col[0], col[1], col[2], col[3], sqlite3_column_int(st, 4));
    }
    carta_status status = rc == SQLITE_DONE ? CARTA_OK
                                            : store_fail(s, CARTA_ERR_IO, "cannot read tables", err);
    sqlite3_finalize(st);
    return status;
}

/* store.h: Carta's SQLite storage: one database file (WAL journal) holding game records,
 * simulation runs and saved games.
 *
 * Tables (created on open if absent; `carta_store_version` in PRAGMA user_version):
 *   runs(id, game, created, settings, summary)    one `carta sim` run: its settings and summary,
 *                                                  both JSON texts (summary NULL until finished)
 *   records(run_id, game_index, game, seed, winner, n_actions, record, winner_player, result)
 *                                                  every game of a run, the record as JSON text
 *                                                  (record.h: carta_record_to_json); winner is
 *                                                  the seat (from 0, -1: none), winner_player
 *                                                  the player as every report numbers it (from
 *                                                  1, NULL: a draw or unfinished; version 3),
 *                                                  result what the simulator made of the game
 *                                                  (JSON, sim.h; version 4), to resume a run
 *   ladders(id, game, created, label, settings, ladder)
 *                                                  a `carta ladder` round robin: its label (a
 *                                                  release's name), settings and ratings (JSON,
 *                                                  sim/ladder.h; version 5)
 *   comparisons(id, base_run, variant_run, variant, comparison)
 *                                                  a card-change or rules experiment: the runs
 *                                                  without and with the variant file, its path
 *                                                  and the comparison JSON (version 4)
 *   saved_games(name, game, saved, record)         a game in progress by name (replace on save)
 *   game_tables(id, game, created, seats, record, over)
 *                                                  a table of `carta serve`: its seats (JSON, with
 *                                                  their tokens) and its record (version 2)
 * Every statement is a prepared statement with bound parameters. A store handle is not
 * thread-safe: use it from one thread at a time (the caller locks). Failures return a status
 * with err naming the file and SQLite's reason; a failed write changes nothing. */
#ifndef CARTA_STORE_H
#define CARTA_STORE_H

#include <stdint.h>

#include "status.h"

#define CARTA_STORE_VERSION 5

typedef struct carta_store carta_store;

/* Opens (creating if needed) the database at path, in WAL mode, with the tables above. A file
 * that is not a Carta store (other tables of the same names, a newer version, not SQLite) is
 * refused. NULL with err set on failure; close with carta_store_close. */
carta_store *carta_store_open(const char *path, carta_error *err);
void carta_store_close(carta_store *store);

/* Explicit transactions, to batch many inserts (outside one, each insert is its own). */
carta_status carta_store_begin(carta_store *store, carta_error *err);
carta_status carta_store_commit(carta_store *store, carta_error *err);

/* Starts a simulation run of game with settings (JSON text); writes its id to *run_id. */
carta_status carta_store_run_new(carta_store *store, const char *game, const char *settings_json,
                                 int64_t *run_id, carta_error *err);
/* Sets the summary (JSON text) of a run. CARTA_ERR_UNKNOWN if there is no such run. */
carta_status carta_store_run_finish(carta_store *store, int64_t run_id, const char *summary_json,
                                    carta_error *err);
/* The settings and summary of a run, malloc'd (the caller frees; *summary_json is NULL if the
 * run has none yet). Either out pointer may be NULL. CARTA_ERR_UNKNOWN if there is no such run. */
carta_status carta_store_run_get(carta_store *store, int64_t run_id, char **settings_json,
                                 char **summary_json, carta_error *err);
/* The id of the latest run, or 0 if there is none. */
int64_t carta_store_last_run(carta_store *store);

/* One game of a run, as carta_store_add_record stores it: its record JSON and, for queries, the
 * game id, seed, winning seat and player (from 0 both; -1: none) and number of actions; and the
 * simulator's result of the game (JSON, NULL for none), from which a run resumes. */
typedef struct carta_store_game {
    int64_t run_id;
    int game_index;
    const char *game;
    uint64_t seed;
    int winner_seat, winner_player, n_actions;
    const char *record_json, *result_json;
} carta_store_game;

/* Stores one game of a run. A second record with the same index is refused. */
carta_status carta_store_add_record(carta_store *store, const carta_store_game *row,
                                    carta_error *err);
/* The latest run of game with exactly these settings (JSON text) and no summary yet: a run
 * that was interrupted. 0 if there is none. */
int64_t carta_store_unfinished_run(carta_store *store, const char *game, const char *settings_json);
/* Calls fn with the index and result JSON of each game of a run that has a result, in index
 * order; fn's non-zero return stops with that status (err set by fn). */
typedef carta_status (*carta_store_result_fn)(void *ctx, int game_index, const char *result_json,
                                              carta_error *err);
carta_status carta_store_each_result(carta_store *store, int64_t run_id, carta_store_result_fn fn,
                                     void *ctx, carta_error *err);
/* Stores an experiment's comparison between two runs. */
carta_status carta_store_add_comparison(carta_store *store, int64_t base_run, int64_t variant_run,
                                        const char *variant, const char *comparison_json,
                                        int64_t *id, carta_error *err);

/* Stores a ladder (its settings and ratings as JSON texts) under label. */
carta_status carta_store_add_ladder(carta_store *store, const char *game, const char *label,
                                    const char *settings_json, const char *ladder_json,
                                    int64_t *id, carta_error *err);
/* The latest ladder of game: its id (0 if none), label and ladder JSON (malloc'd, the caller
 * frees; NULL if none). */
carta_status carta_store_last_ladder(carta_store *store, const char *game, int64_t *id,
                                     char **label, char **ladder_json, carta_error *err);

/* The record JSON of game game_index of a run, malloc'd (the caller frees).
 * CARTA_ERR_UNKNOWN if absent. */
carta_status carta_store_get_record(carta_store *store, int64_t run_id, int game_index,
                                    char **record_json, carta_error *err);
/* How many records a run holds (-1 on error). */
int carta_store_count_records(carta_store *store, int64_t run_id);

/* Saves a game in progress under name (replacing one of that name). */
carta_status carta_store_save_game(carta_store *store, const char *name, const char *game,
                                   const char *record_json, carta_error *err);
/* The record JSON of the saved game name, malloc'd (the caller frees). CARTA_ERR_UNKNOWN if
 * there is none of that name. */
carta_status carta_store_load_game(carta_store *store, const char *name, char **record_json,
                                   carta_error *err);

/* Stores a table of `carta serve` (replacing the one of that id): its seats and record JSON. */
carta_status carta_store_table_put(carta_store *store, const char *id, const char *game,
                                   const char *seats_json, const char *record_json, int over,
                                   carta_error *err);
/* Calls fn for each stored table (only those not over, with only_running), oldest first. */
typedef void (*carta_store_table_fn)(void *ctx, const char *id, const char *game,
                                     const char *seats_json, const char *record_json, int over);
carta_status carta_store_table_each(carta_store *store, int only_running, carta_store_table_fn fn,
                                    void *ctx, carta_error *err);

#endif

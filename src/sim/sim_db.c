/* sim_db.c: `carta sim --db FILE`: every game's record and result and the run's settings and
 * summary go into the SQLite store (core/store.h); an interrupted run resumes from the results
 * it holds (--resume). Workers hand their games here under one lock; inserts are batched into
 * transactions. */
#include "sim.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/record.h"

enum { SIM_DB_BATCH = 256 }; /* records per transaction, at most */
#define SIM_DB_BATCH_SECONDS 2.0 /* and at most this long: a killed run loses no more to resume */

struct sim_db {
    carta_store *store;
    const sim_settings *s;
    int64_t run_id;
    int in_batch;
    double batch_start;
    pthread_mutex_t lock;
};

/* The run to store into: a new one, or with resume the interrupted one of these settings. */
static carta_status db_start_run(sim_db *db, const char *path, int resume, carta_error *err)
{
    json_t *settings = sim_settings_json(db->s);
    char *text = settings ? json_dumps(settings, JSON_COMPACT) : NULL;
    json_decref(settings);
    carta_status st = CARTA_OK;
    if (!text)
        st = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
    else if (!resume)
        st = carta_store_run_new(db->store, db->s->g->id, text, &db->run_id, err);
    else if (!(db->run_id = carta_store_unfinished_run(db->store, db->s->g->id, text)))
        st = carta_error_set(err, CARTA_ERR_UNKNOWN,
                             "%s: no interrupted run of %s with these settings to resume (the "
                             "same game, games, seats, decks, seed and options)",
                             path, db->s->g->id);
    free(text);
    return st;
}

sim_db *sim_db_open(const char *path, const sim_settings *s, int resume, carta_error *err)
{
    sim_db *db = calloc(1, sizeof *db);
    if (!db) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    db->s = s;
    db->store = carta_store_open(path, err);
    if (!db->store || db_start_run(db, path, resume, err) != CARTA_OK) {
        carta_store_close(db->store);
        free(db);
        return NULL;
    }
    pthread_mutex_init(&db->lock, NULL);
    return db;
}

int64_t sim_db_run_id(const sim_db *db) { return db->run_id; }

typedef struct db_load_ctx {
    sim_db *db;
    sim_results *res;
    uint8_t *todo;
    int n_done;
} db_load_ctx;

static carta_status db_load_one(void *ctx, int game, const char *result_json, carta_error *err)
{
    db_load_ctx *c = ctx;
    const sim_settings *s = c->db->s;
    if (game < 0 || game >= s->n_games)
        return carta_error_set(err, CARTA_ERR_CORRUPT, "run %lld: game %d is not one of its %d",
                               (long long)c->db->run_id, game, s->n_games);
    json_error_t jerr;
    json_t *j = json_loads(result_json, 0, &jerr);
    sim_played *played = c->res->played ? &c->res->played[(size_t)game * s->n_players] : NULL;
    carta_status st = j ? sim_game_from_json(s, j, &c->res->games[game], played, err)
                        : carta_error_set(err, CARTA_ERR_CORRUPT, "%s", jerr.text);
    json_decref(j);
    if (st != CARTA_OK) {
        carta_error why = *err;
        carta_error_clear(err);
        return carta_error_set(err, st, "run %lld, game %d: %s", (long long)c->db->run_id, game,
                               why.msg);
    }
    c->n_done += c->todo[game];
    c->todo[game] = 0;
    return CARTA_OK;
}

carta_status sim_db_load(sim_db *db, sim_results *res, uint8_t *todo, int *n_done,
                         carta_error *err)
{
    db_load_ctx c = {db, res, todo, 0};
    carta_status st = carta_store_each_result(db->store, db->run_id, db_load_one, &c, err);
    *n_done = c.n_done;
    return st;
}

carta_status sim_db_store(sim_db *db, int game, const sim_game *result, const sim_played *played,
                          const char *record_json, carta_error *err)
{
    json_t *j = sim_game_json(db->s, result, played);
    char *result_json = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!result_json)
        return carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory");
    carta_store_game row = {
        .run_id = db->run_id, .game_index = game, .game = db->s->g->id,
        .seed = sim_game_seed(db->s->seed, game), .winner_seat = result->winner_seat,
        .winner_player = result->winner_player, .n_actions = result->actions,
        .record_json = record_json, .result_json = result_json};
    pthread_mutex_lock(&db->lock);
    carta_status st = CARTA_OK;
    if (db->in_batch == 0) {
        st = carta_store_begin(db->store, err);
        db->batch_start = carta_seconds();
    }
    if (st == CARTA_OK)
        st = carta_store_add_record(db->store, &row, err);
    if (st == CARTA_OK && (++db->in_batch == SIM_DB_BATCH ||
                           carta_seconds() - db->batch_start > SIM_DB_BATCH_SECONDS)) {
        db->in_batch = 0;
        st = carta_store_commit(db->store, err);
    }
    pthread_mutex_unlock(&db->lock);
    free(result_json);
    return st;
}

static int db_game_done(void *ctx, int game, const sim_game *result, const sim_played *played,
                        const carta_config *config, const char *const *seat_names,
                        const carta_action *actions, int n_actions, carta_error *err)
{
    sim_db *db = ctx;
    char *json = NULL;
    if (sim_record_json(db->s, config, seat_names, actions, n_actions, &json, err) != CARTA_OK)
        return 1;
    carta_status st = sim_db_store(db, game, result, played, json, err);
    free(json);
    return st != CARTA_OK;
}

sim_sink sim_db_sink(sim_db *db) { return (sim_sink){db_game_done, db}; }

carta_status sim_db_flush(sim_db *db, carta_error *err)
{
    pthread_mutex_lock(&db->lock);
    carta_status st = CARTA_OK;
    if (db->in_batch) {
        db->in_batch = 0;
        st = carta_store_commit(db->store, err);
    }
    pthread_mutex_unlock(&db->lock);
    return st;
}

static void db_close(sim_db *db)
{
    pthread_mutex_destroy(&db->lock);
    carta_store_close(db->store);
    free(db);
}

carta_status sim_db_finish(sim_db *db, json_t *summary, carta_error *err)
{
    carta_status st = sim_db_flush(db, err);
    char *text = summary ? json_dumps(summary, JSON_COMPACT | SIM_JSON_REALS) : NULL;
    if (st == CARTA_OK && !text)
        st = carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory");
    if (st == CARTA_OK)
        st = carta_store_run_finish(db->store, db->run_id, text, err);
    free(text);
    db_close(db);
    return st;
}

void sim_db_abort(sim_db *db)
{
    if (!db)
        return;
    sim_db_flush(db, NULL); /* keep the games played so far */
    db_close(db);
}

carta_status sim_db_add_comparison(const char *path, int64_t base_run, int64_t variant_run,
                                   const char *variant, json_t *comparison, carta_error *err)
{
    char *text = json_dumps(comparison, JSON_COMPACT | SIM_JSON_REALS);
    carta_store *store = text ? carta_store_open(path, err) : NULL;
    carta_status st = !text ? carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory")
                      : !store ? CARTA_ERR_IO
                               : carta_store_add_comparison(store, base_run, variant_run, variant,
                                                            text, NULL, err);
    carta_store_close(store);
    free(text);
    return st;
}

/* sim_db.c: `carta sim --db FILE`: every game's record and the run's settings and summary go
 * into the SQLite store (core/store.h). Workers hand their records here under one lock; inserts
 * are batched into transactions. */
#include "sim.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"

enum { SIM_DB_BATCH = 256 }; /* records per transaction */

struct sim_db {
    carta_store *store;
    const sim_settings *s;
    int64_t run_id;
    int in_batch;
    pthread_mutex_t lock;
};

sim_db *sim_db_open(const char *path, const sim_settings *s, carta_error *err)
{
    sim_db *db = calloc(1, sizeof *db);
    if (!db) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    db->s = s;
    db->store = carta_store_open(path, err);
    json_t *settings = db->store ? sim_settings_json(s) : NULL;
    char *text = settings ? json_dumps(settings, JSON_COMPACT) : NULL;
    json_decref(settings);
    if (!db->store || !text ||
        carta_store_run_new(db->store, s->g->id, text, &db->run_id, err) != CARTA_OK) {
        if (db->store && !text)
            carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        free(text);
        carta_store_close(db->store);
        free(db);
        return NULL;
    }
    free(text);
    pthread_mutex_init(&db->lock, NULL);
    return db;
}

int64_t sim_db_run_id(const sim_db *db) { return db->run_id; }

/* Inserts one record (lock held), opening a transaction per batch. */
static carta_status db_insert(sim_db *db, int game, const sim_game *result, uint64_t seed,
                              const char *json, carta_error *err)
{
    carta_status st = CARTA_OK;
    if (db->in_batch == 0)
        st = carta_store_begin(db->store, err);
    if (st == CARTA_OK)
        st = carta_store_add_record(db->store, db->run_id, game, db->s->g->id, seed,
                                    result->winner_seat, result->winner_player,
                                    result->actions, json, err);
    if (st == CARTA_OK && ++db->in_batch == SIM_DB_BATCH) {
        db->in_batch = 0;
        st = carta_store_commit(db->store, err);
    }
    return st;
}

static int db_game_done(void *ctx, int game, const sim_game *result, const carta_config *config,
                        const char *const *seat_names, const carta_action *actions, int n_actions,
                        carta_error *err)
{
    sim_db *db = ctx;
    carta_record rec;
    carta_record_init(&rec, db->s->g, config);
    rec.actions = (carta_action *)actions; /* borrowed: rec is not freed */
    rec.n_actions = rec.cap_actions = n_actions;
    for (int seat = 0; seat < config->n_seats; seat++)
        snprintf(rec.seat_names[seat], sizeof rec.seat_names[seat], "%s", seat_names[seat]);
    char *json = NULL;
    if (carta_record_to_json(&rec, db->s->r, &json, err) != CARTA_OK)
        return 1;
    pthread_mutex_lock(&db->lock);
    carta_status st = db_insert(db, game, result, config->seed, json, err);
    pthread_mutex_unlock(&db->lock);
    free(json);
    return st != CARTA_OK;
}

sim_sink sim_db_sink(sim_db *db) { return (sim_sink){db_game_done, db}; }

static void db_close(sim_db *db)
{
    pthread_mutex_destroy(&db->lock);
    carta_store_close(db->store);
    free(db);
}

carta_status sim_db_finish(sim_db *db, json_t *summary, carta_error *err)
{
    carta_status st = CARTA_OK;
    if (db->in_batch) {
        db->in_batch = 0;
        st = carta_store_commit(db->store, err);
    }
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
    if (db->in_batch)
        carta_store_commit(db->store, NULL); /* keep the games played so far */
    db_close(db);
}

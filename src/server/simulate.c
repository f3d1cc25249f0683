/* simulate.c: the simulation page's runs (docs/protocol.md, sim): `carta sim` (src/sim) on a
 * worker thread of the server, its progress and its summary sent to the connection that asked. */
#include "server/simulate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "core/deck_spec.h"

struct srv_sim {
    int conn;
    sim_settings set;
    char ai[CARTA_MAX_SEATS][CARTA_NAME_MAX];
    char deck[CARTA_MAX_SEATS][CARTA_NAME_MAX];
    sim_results res;
    sim_db *db;               /* the run kept in the server's store, or NULL */
    pthread_t thread;
    pthread_mutex_t *lock;    /* the server's */
    void (*wake)(void *ctx);
    void *wake_ctx;
    int games_done, finished; /* under lock: written by the workers */
    int cancel;               /* under lock: the server stops, the run stops with it */
    carta_status status;
    carta_error err;
    int reported;             /* games told so far (the loop's) */
    int joined;               /* its thread is joined (the loop's) */
};

/* Called by the simulator after each game, from its worker thread. */
static int sim_game_done(void *ctx, int game, const sim_game *result, const sim_played *played,
                         const carta_config *config, const char *const *seat_names,
                         const carta_action *actions, int n_actions, carta_error *err)
{
    (void)game, (void)result, (void)played, (void)config, (void)seat_names, (void)actions;
    (void)n_actions;
    srv_sim *sim = ctx;
    pthread_mutex_lock(sim->lock);
    int done = ++sim->games_done, step = sim->set.n_games / 50 + 1, cancel = sim->cancel;
    pthread_mutex_unlock(sim->lock);
    if (done % step == 0 && sim->wake)
        sim->wake(sim->wake_ctx);
    if (cancel)
        carta_error_set(err, CARTA_ERR_INPUT, "the server stopped");
    return cancel;
}

static void *sim_thread(void *arg)
{
    srv_sim *sim = arg;
    sim_sink sink = {sim_game_done, sim};
    carta_error err = {0};
    carta_status st = sim_run(&sim->set, &sim->res, &sink, 0, &err);
    pthread_mutex_lock(sim->lock);
    sim->status = st;
    sim->err = err;
    sim->finished = 1;
    pthread_mutex_unlock(sim->lock);
    if (sim->wake)
        sim->wake(sim->wake_ctx);
    return NULL;
}

srv_sim *srv_sim_start(const carta_game *g, const carta_rules *r, json_t *msg, int conn,
                       const char *db, pthread_mutex_t *lock, void (*wake)(void *),
                       void *wake_ctx, carta_error *err)
{
    json_t *seats = json_object_get(msg, "seats"), *decks = json_object_get(msg, "decks");
    json_t *games = json_object_get(msg, "games"), *seed = json_object_get(msg, "seed");
    int n = (int)json_array_size(seats);
    if (!json_is_array(seats) || n < g->min_seats || n > g->max_seats) {
        carta_error_set(err, CARTA_ERR_INPUT, "'seats' is a list of %d to %d AI specs, one a "
                        "player", g->min_seats, g->max_seats);
        return NULL;
    }
    if (!json_is_integer(games) || json_integer_value(games) < 1 ||
        json_integer_value(games) > SRV_SIM_GAMES) {
        carta_error_set(err, CARTA_ERR_INPUT, "'games' is 1 to %d", SRV_SIM_GAMES);
        return NULL;
    }
    if (decks && (!json_is_array(decks) || (int)json_array_size(decks) != n)) {
        carta_error_set(err, CARTA_ERR_INPUT, "'decks' is a list of %d decks, one a player", n);
        return NULL;
    }
    srv_sim *sim = calloc(1, sizeof *sim);
    if (!sim) {
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
        return NULL;
    }
    sim_settings *s = &sim->set;
    *s = (sim_settings){.g = g, .r = r, .n_players = n, .n_games = (int)json_integer_value(games),
                        .threads = 1, .rotate = g->team == NULL,
                        .seed = json_is_integer(seed) ? (uint64_t)json_integer_value(seed) : 1};
    for (int p = 0; p < n; p++) {
        const char *ai = json_string_value(json_array_get(seats, p));
        const char *deck = decks ? json_string_value(json_array_get(decks, p)) : "random";
        carta_ai *probe = ai && strlen(ai) < CARTA_NAME_MAX ? carta_ai_new(g, r, ai, 1, err)
                                                            : NULL;
        carta_ai_free(probe);
        if (!probe) {
            if (!err->msg[0])
                carta_error_set(err, CARTA_ERR_INPUT, "player %d: not an AI spec", p + 1);
            free(sim);
            return NULL;
        }
        if (!deck || strlen(deck) >= CARTA_NAME_MAX || carta_deck_spec_is_path(deck)) {
            carta_error_set(err, CARTA_ERR_INPUT, "player %d: a deck is a prebuilt deck's name "
                            "or random", p + 1);
            free(sim);
            return NULL;
        }
        snprintf(sim->ai[p], sizeof sim->ai[p], "%s", ai);
        snprintf(sim->deck[p], sizeof sim->deck[p], "%s", deck);
        s->ai_spec[p] = sim->ai[p];
        int d = 0;
        while (d < s->n_decks && strcmp(s->deck_spec[d], deck))
            d++;
        if (d == s->n_decks) {
            s->deck_spec[d] = sim->deck[p];
            s->deck_random[d] = !strcmp(deck, "random");
            if (!s->deck_random[d] &&
                g->deck_resolve(r, deck, 0, &s->deck[d], err) != CARTA_OK) {
                free(sim);
                return NULL;
            }
            s->n_decks++;
        }
        s->player_deck[p] = d;
    }
    if (db && !(sim->db = sim_db_open(db, s, 0, err))) {
        free(sim);
        return NULL;
    }
    sim->conn = conn;
    sim->lock = lock;
    sim->wake = wake;
    sim->wake_ctx = wake_ctx;
    if (pthread_create(&sim->thread, NULL, sim_thread, sim) != 0) {
        carta_error_set(err, CARTA_ERR_IO, "cannot start the simulation");
        sim_db_abort(sim->db);
        free(sim);
        return NULL;
    }
    return sim;
}

int srv_sim_conn(const srv_sim *sim)
{
    return sim->conn;
}

json_t *srv_sim_poll(srv_sim *sim, int id, int *finished)
{
    pthread_mutex_lock(sim->lock);
    int done = sim->games_done;
    *finished = sim->finished;
    pthread_mutex_unlock(sim->lock);
    if (!*finished) {
        if (done == sim->reported)
            return NULL;
        sim->reported = done;
        return json_pack("{s:s, s:i, s:i, s:i}", "type", "sim_progress", "sim", id, "done", done,
                         "games", sim->set.n_games);
    }
    pthread_join(sim->thread, NULL);
    sim->joined = 1;
    carta_error err = sim->err;
    sim_summary *sum = sim->status == CARTA_OK ? sim_summarize(&sim->res, &err) : NULL;
    json_t *summary = sum ? sim_summary_json(&sim->set, sum) : NULL;
    sim_summary_free(sum);
    json_t *msg = NULL;
    if (summary && sim->db) { /* a short transaction: the store stays free for the tables */
        json_int_t run = sim_db_run_id(sim->db);
        carta_status st = sim_db_finish(sim->db, summary, &err);
        sim->db = NULL;
        if (st == CARTA_OK)
            msg = json_pack("{s:s, s:i, s:O, s:I}", "type", "sim_done", "sim", id, "summary",
                            summary, "run", run);
    } else if (summary) {
        msg = json_pack("{s:s, s:i, s:O}", "type", "sim_done", "sim", id, "summary", summary);
    }
    json_decref(summary);
    if (!msg)
        msg = json_pack("{s:s, s:s, s:s, s:i}", "type", "error", "code", "sim_failed", "message",
                        err.msg[0] ? err.msg : "out of memory", "sim", id);
    return msg;
}

void srv_sim_free(srv_sim *sim)
{
    if (!sim)
        return;
    pthread_mutex_lock(sim->lock);
    int finished = sim->finished, joined = sim->joined;
    sim->cancel = 1;
    pthread_mutex_unlock(sim->lock);
    (void)finished;
    if (!joined)
        pthread_join(sim->thread, NULL); /* a server stopping stops its runs first */
    sim_db_abort(sim->db); /* a run stopped or failed: its row stays, without a summary */
    sim_results_free(&sim->res);
    free(sim);
}

/* sim_run.c: playing `carta sim`'s games on threads: each worker takes the next game number,
 * plays it with freshly seeded AIs into that game's result slot, and hands its record to the
 * sink; the main thread shows progress on a terminal. Scratch states and the action buffer are
 * allocated once per worker: the game loop allocates nothing beyond what the AIs need. */
#define _POSIX_C_SOURCE 200809L
#include "sim.h"

#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/clock.h"
#include "core/outcome.h"
#include "core/record.h"
#include "core/rng.h"
#include "core/view.h"

typedef struct sim_run_ctx {
    const sim_settings *s;
    sim_results *res;
    const uint8_t *todo; /* NULL: every game */
    const sim_sink *sink;
    int n_todo;
    atomic_int next, done, failed;
    carta_error error;
    pthread_mutex_t error_lock;
} sim_run_ctx;

/* Per-worker scratch. */
typedef struct sim_worker {
    void *state, *view;
    carta_action *actions; /* the game's actions so far (only with a sink) */
} sim_worker;

/* Records the first failure (game i, or -1 for none) and stops the workers. */
static void run_fail(sim_run_ctx *c, int i, const carta_error *why, const char *fallback)
{
    pthread_mutex_lock(&c->error_lock);
    if (!c->error.status && i >= 0)
        carta_error_set(&c->error, why && why->status ? why->status : CARTA_ERR_INPUT,
                        "game %d (seed %llu): %s", i,
                        (unsigned long long)sim_game_seed(c->s->seed, i),
                        why && why->msg[0] ? why->msg : fallback);
    else if (!c->error.status)
        carta_error_set(&c->error, why && why->status ? why->status : CARTA_ERR_INPUT, "%s",
                        why && why->msg[0] ? why->msg : fallback);
    pthread_mutex_unlock(&c->error_lock);
    atomic_store(&c->failed, 1);
}

/* An integer of the view at path, or -1. */
static int run_view_int(json_t *root, const char *path)
{
    json_t *v = carta_view_get(root, path);
    return json_is_integer(v) ? (int)json_integer_value(v) : -1;
}

/* The game's length and ending from its final view (docs/view.md): turns, rounds, "end". */
static void run_read_end(const sim_settings *s, sim_worker *w, sim_game *out)
{
    const carta_game *g = s->g;
    out->turns = out->rounds = -1;
    if (!g->view)
        return;
    g->observe(s->r, w->state, CARTA_NO_SEAT, w->view);
    carta_view *v = carta_view_observation(g, s->r, w->view, CARTA_NO_SEAT);
    if (!v)
        return;
    json_t *root = carta_view_json(v);
    if (root) {
        json_t *end = carta_view_get(root, "end");
        /* Arkhtide's turns count within a phase: its length is in Rounds */
        out->rounds = run_view_int(root, "round");
        out->turns = out->rounds >= 0 ? -1 : run_view_int(root, "turn");
        if (json_is_string(end))
            snprintf(out->end, sizeof out->end, "%s", json_string_value(end));
    }
    carta_view_free(v);
}

/* Marks the slot of card in deck (the first holding it) as played, or else the card among the
 * others played. */
static void run_mark_played(const carta_deck *deck, int card, sim_played *played)
{
    for (int j = 0; j < deck->n_cards; j++)
        if (deck->cards[j] == card) {
            played->bits[j / 64] |= (uint64_t)1 << (j % 64);
            return;
        }
    for (int k = 0; k < played->n_other; k++)
        if (played->other[k] == card)
            return;
    if (played->n_other < SIM_PLAYED_OTHER)
        played->other[played->n_other++] = (uint16_t)card;
}

static int run_setup(sim_run_ctx *c, int i, carta_config *config, void *state)
{
    const sim_settings *s = c->s;
    carta_error err = {0};
    memset(config, 0, sizeof *config);
    config->n_seats = s->n_players;
    config->seed = sim_game_seed(s->seed, i);
    memcpy(config->mode, s->mode, sizeof config->mode);
    config->n_options = s->n_options;
    memcpy(config->options, s->options, sizeof config->options);
    for (int p = 0; p < s->n_players; p++) {
        int seat = sim_player_seat(s->n_players, s->rotate, i, p);
        c->res->games[i].deck[p] = (uint8_t)sim_deck_index(s, i, p);
        if (sim_player_deck(s, i, p, &config->decks[seat], &err) != CARTA_OK) {
            run_fail(c, i, &err, "a deck could not be made");
            return 1;
        }
    }
    memset(state, 0, s->g->state_size);
    if (s->g->setup(s->r, state, config, &err) != CARTA_OK) {
        run_fail(c, i, &err, "the game could not be set up");
        return 1;
    }
    return 0;
}

/* Plays the actions of game i to the end (or SIM_MAX_ACTIONS). */
static void run_loop(sim_run_ctx *c, int i, carta_ai *const *ai, const carta_config *config,
                     sim_worker *w, sim_game *out)
{
    const sim_settings *s = c->s;
    const carta_game *g = s->g;
    sim_played *played = c->res->played ? &c->res->played[(size_t)i * s->n_players] : NULL;
    int seat;
    while (!atomic_load(&c->failed) && (seat = g->to_act(s->r, w->state)) != CARTA_NO_SEAT &&
           out->actions < SIM_MAX_ACTIONS) {
        carta_action action;
        carta_error err = {0};
        g->observe(s->r, w->state, seat, w->view);
        if (carta_ai_choose(ai[seat], w->view, seat, &action) != CARTA_OK) {
            run_fail(c, i, NULL, "an AI found no legal action");
            return;
        }
        int card = played ? g->action_card(s->r, w->state, action) : -1;
        if (g->apply(s->r, w->state, action, &err) != CARTA_OK) {
            run_fail(c, i, &err, "an AI's action was refused");
            return;
        }
        if (card >= 0)
            run_mark_played(&config->decks[seat], card,
                            &played[sim_seat_player(s->n_players, s->rotate, i, seat)]);
        if (w->actions)
            w->actions[out->actions] = action;
        out->actions++;
    }
}

static void run_game(sim_run_ctx *c, int i, sim_worker *w)
{
    const sim_settings *s = c->s;
    const carta_game *g = s->g;
    sim_game *out = &c->res->games[i];
    carta_config config;
    carta_ai *ai[CARTA_MAX_SEATS] = {0};
    const char *names[CARTA_MAX_SEATS] = {0};
    out->winner_player = out->winner_seat = -1;
    out->won = 0;
    if (run_setup(c, i, &config, w->state))
        return;
    int ok = 1;
    for (int seat = 0; seat < s->n_players; seat++) {
        int p = sim_seat_player(s->n_players, s->rotate, i, seat);
        carta_error err = {0};
        names[seat] = s->ai_spec[p];
        ai[seat] = carta_ai_new(g, s->r, s->ai_spec[p],
                                carta_mix64(config.seed + 1 + (uint64_t)p), &err);
        if (!ai[seat]) {
            run_fail(c, i, &err, "an AI could not be made");
            ok = 0;
        }
    }
    if (ok)
        run_loop(c, i, ai, &config, w, out);
    for (int seat = 0; seat < s->n_players; seat++)
        carta_ai_free(ai[seat]);
    if (atomic_load(&c->failed))
        return;
    out->finished = g->to_act(s->r, w->state) == CARTA_NO_SEAT;
    run_read_end(s, w, out);
    if (out->finished) {
        int seat = carta_outcome_winner(g, s->r, w->state, s->n_players); /* end: run_read_end */
        out->winner_seat = (int8_t)seat;
        out->winner_player =
            (int8_t)(seat == CARTA_NO_SEAT ? -1 : sim_seat_player(s->n_players, s->rotate, i, seat));
        double ret[CARTA_MAX_SEATS] = {0};
        g->returns(s->r, w->state, ret);
        for (int k = 0; seat != CARTA_NO_SEAT && k < s->n_players; k++)
            if (ret[k] >= 1.0) /* a side's seats share its win (carta_game.team) */
                out->won |= (uint8_t)(1u << sim_seat_player(s->n_players, s->rotate, i, k));
        int pts[CARTA_MAX_SEATS];
        out->has_points = g->points && g->points(s->r, w->state, pts);
        for (int seat = 0; out->has_points && seat < s->n_players; seat++)
            out->points[sim_seat_player(s->n_players, s->rotate, i, seat)] = (int16_t)pts[seat];
    }
    carta_error err = {0};
    const sim_played *played = c->res->played ? &c->res->played[(size_t)i * s->n_players] : NULL;
    if (c->sink && c->sink->game_done(c->sink->ctx, i, out, played, &config, names, w->actions,
                                      out->actions, &err))
        run_fail(c, i, &err, "the game could not be stored");
}

static void *run_worker(void *arg)
{
    sim_run_ctx *c = arg;
    sim_worker w = {0};
    w.state = malloc(c->s->g->state_size);
    w.view = malloc(c->s->g->state_size);
    if (c->sink)
        w.actions = malloc(SIM_MAX_ACTIONS * sizeof *w.actions);
    if (!w.state || !w.view || (c->sink && !w.actions)) {
        run_fail(c, -1, NULL, "out of memory");
    } else {
        int i;
        while (!atomic_load(&c->failed) && (i = atomic_fetch_add(&c->next, 1)) < c->s->n_games) {
            if (c->todo && !c->todo[i])
                continue;
            run_game(c, i, &w);
            atomic_fetch_add(&c->done, 1);
        }
    }
    free(w.state);
    free(w.view);
    free(w.actions);
    return NULL;
}

static void run_progress_line(int done, int total, double elapsed)
{
    double rate = elapsed > 0 ? done / elapsed : 0;
    char left[32] = "?";
    if (rate > 0) {
        long secs = (long)((total - done) / rate + 0.5);
        if (secs >= 3600)
            snprintf(left, sizeof left, "%ldh%02ldm", secs / 3600, secs / 60 % 60);
        else
            snprintf(left, sizeof left, "%ldm%02lds", secs / 60, secs % 60);
    }
    fprintf(stderr, "\r\033[K%d/%d games, %.1f games/s, %s left", done, total, rate, left);
    fflush(stderr);
}

/* Waits for the workers, redrawing the progress line at most 4 times a second. */
static void run_watch(sim_run_ctx *c, int progress)
{
    if (!progress)
        return;
    double start = carta_seconds(), last = start;
    const struct timespec nap = {0, 50 * 1000 * 1000};
    int done, drawn = 0;
    while ((done = atomic_load(&c->done)) < c->n_todo && !atomic_load(&c->failed)) {
        double now = carta_seconds();
        if (now - last >= 0.25) {
            run_progress_line(done, c->n_todo, now - start);
            last = now;
            drawn = 1;
        }
        nanosleep(&nap, NULL);
    }
    if (drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}

carta_status sim_results_init(const sim_settings *s, sim_results *res, carta_error *err)
{
    memset(res, 0, sizeof *res);
    res->s = s;
    res->games = calloc((size_t)s->n_games, sizeof *res->games);
    if (s->g->action_card)
        res->played = calloc((size_t)s->n_games * (size_t)s->n_players, sizeof *res->played);
    if (!res->games || (s->g->action_card && !res->played)) {
        sim_results_free(res);
        return carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory for %d games",
                               s->n_games);
    }
    return CARTA_OK;
}

carta_status sim_run(const sim_settings *s, sim_results *res, const sim_sink *sink, int progress,
                     carta_error *err)
{
    carta_status st = sim_results_init(s, res, err);
    return st != CARTA_OK ? st : sim_run_games(s, res, NULL, sink, progress, err);
}

carta_status sim_run_games(const sim_settings *s, sim_results *res, const uint8_t *todo,
                           const sim_sink *sink, int progress, carta_error *err)
{
    sim_run_ctx c;
    memset(&c, 0, sizeof c);
    atomic_init(&c.next, 0);
    atomic_init(&c.done, 0);
    atomic_init(&c.failed, 0);
    c.s = s;
    c.res = res;
    c.todo = todo;
    c.sink = sink;
    for (int i = 0; i < s->n_games; i++)
        c.n_todo += !todo || todo[i];
    pthread_mutex_init(&c.error_lock, NULL);
    pthread_t tid[SIM_MAX_THREADS];
    int started = 0, threads = s->threads < 1 ? 1 : s->threads;
    for (; started < threads && started < SIM_MAX_THREADS; started++)
        if (pthread_create(&tid[started], NULL, run_worker, &c) != 0)
            break;
    if (started == 0)
        run_worker(&c);
    else
        run_watch(&c, progress);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&c.error_lock);
    if (atomic_load(&c.failed))
        return carta_error_set(err, c.error.status ? c.error.status : CARTA_ERR_INPUT, "%s",
                               c.error.msg);
    return CARTA_OK;
}

void sim_results_free(sim_results *res)
{
    free(res->games);
    free(res->played);
    memset(res, 0, sizeof *res);
}

carta_status sim_record_json(const sim_settings *s, const carta_config *config,
                             const char *const *seat_names, const carta_action *actions,
                             int n_actions, char **json, carta_error *err)
{
    carta_record rec;
    carta_record_init(&rec, s->g, config);
    rec.actions = (carta_action *)actions; /* borrowed: rec is not freed */
    rec.n_actions = rec.cap_actions = n_actions;
    for (int seat = 0; seat < config->n_seats; seat++)
        snprintf(rec.seat_names[seat], sizeof rec.seat_names[seat], "%s", seat_names[seat]);
    return carta_record_to_json(&rec, s->r, json, err);
}

int sim_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SIM_MAX_THREADS ? SIM_MAX_THREADS : (int)n;
}

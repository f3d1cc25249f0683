/* soak.c: many AI games with every state checked against the contract's invariants (soak.h):
 * workers take game numbers from a counter, play each game with fresh AIs and check each state;
 * the failure of the lowest game number wins, and games past it are skipped. */
#define _POSIX_C_SOURCE 200809L
#include "soak.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/perft.h"
#include "core/clock.h"
#include "core/invariant.h"
#include "core/rng.h"

/* What one game did (for totals in game order). */
typedef struct soak_game {
    int actions, states, full_states;
    uint8_t finished;
} soak_game;

typedef struct soak_ctx {
    const carta_soak_settings *s;
    soak_game *games;
    atomic_int next, done, stop_at; /* stop_at: the lowest failing game (n_games: none) */
    atomic_int broken;              /* a failure that is not an invariant's: stop everything */
    pthread_mutex_t lock;
    carta_soak_failure failure;     /* of game stop_at */
    carta_error error;              /* the non-invariant failure */
} soak_ctx;

/* One worker's buffers: the state, the one before the last action, an observation. */
typedef struct soak_worker {
    void *state, *prev, *view;
    carta_invariant_scratch *scratch;
    carta_ai *ai[CARTA_MAX_SEATS];
} soak_worker;

uint64_t carta_soak_game_seed(uint64_t seed, int game)
{
    return carta_mix64(seed ^ (uint64_t)game);
}

static void soak_broken(soak_ctx *c, const carta_error *why, int game)
{
    pthread_mutex_lock(&c->lock);
    carta_error_set(&c->error, why->status ? why->status : CARTA_ERR_STATE, "game %d: %s", game,
                    why->msg);
    pthread_mutex_unlock(&c->lock);
    atomic_store(&c->broken, 1);
}

/* Keeps f if its game is the lowest failing one so far. */
static void soak_record(soak_ctx *c, const carta_soak_failure *f)
{
    pthread_mutex_lock(&c->lock);
    if (f->game < atomic_load(&c->stop_at)) {
        c->failure = *f;
        atomic_store(&c->stop_at, f->game);
    }
    pthread_mutex_unlock(&c->lock);
}

/* Sets up game i into w->state and makes its AIs. */
static carta_status soak_setup(const carta_soak_settings *s, int i, soak_worker *w,
                               carta_error *err)
{
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = s->n_seats;
    config.seed = carta_soak_game_seed(s->seed, i);
    memcpy(config.mode, s->mode, sizeof config.mode);
    config.n_options = s->n_options;
    memcpy(config.options, s->options, sizeof config.options);
    for (int seat = 0; seat < s->n_seats; seat++)
        if (s->g->deck_resolve(s->r, "random", carta_perft_deck_seed(config.seed, seat),
                               &config.decks[seat], err) != CARTA_OK)
            return CARTA_ERR_INPUT;
    memset(w->state, 0, s->g->state_size);
    if (s->g->setup(s->r, w->state, &config, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    for (int seat = 0; seat < s->n_seats; seat++) {
        const char *spec = s->ai_spec[(seat + i) % s->n_seats];
        w->ai[seat] = carta_ai_new(s->g, s->r, spec, carta_mix64(config.seed + 1 + (uint64_t)seat),
                                   err);
        if (!w->ai[seat])
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

static void soak_free_ais(soak_worker *w)
{
    for (int seat = 0; seat < CARTA_MAX_SEATS; seat++) {
        carta_ai_free(w->ai[seat]);
        w->ai[seat] = NULL;
    }
}

/* Checks state k of game i (terminal: the game is over). */
static carta_status soak_check(const carta_soak_settings *s, soak_worker *w, uint64_t seed,
                               int k, int terminal, soak_game *rec, carta_error *err)
{
    if (carta_invariant_check_rules(s->g, s->r, w->state, s->n_seats, w->scratch, err))
        return CARTA_ERR_STATE;
    rec->states++;
    if (k % s->every != 0 && !terminal)
        return CARTA_OK;
    uint64_t salt = carta_mix64(seed ^ ((uint64_t)k << 20));
    for (int seat = 0; seat < s->n_seats; seat++)
        if (carta_invariant_check_seat(s->g, s->r, w->state, seat, salt * 8 + (uint64_t)seat,
                                       w->scratch, err))
            return CARTA_ERR_STATE;
    rec->full_states++;
    return CARTA_OK;
}

/* Fills f for a failure of game i at state k after action (taken by seat from w->prev). */
static void soak_fail(soak_ctx *c, soak_worker *w, int i, int k, int seat, carta_action action,
                      const carta_error *why)
{
    const carta_soak_settings *s = c->s;
    carta_soak_failure f;
    memset(&f, 0, sizeof f);
    f.game = i;
    f.seed = carta_soak_game_seed(s->seed, i);
    f.action = k;
    f.seat = seat;
    if (seat >= 0)
        s->g->describe_action(s->r, w->prev, action, f.action_text, sizeof f.action_text);
    else
        snprintf(f.action_text, sizeof f.action_text, "(setup)");
    s->g->describe_state(s->r, w->state, f.where, sizeof f.where);
    f.err = *why;
    soak_record(c, &f);
}

/* Takes state k's next action: the seat to act's AI chooses on its observation, and it is
 * applied (w->prev keeps the state before). CARTA_OK, or why not. */
static carta_status soak_step(const carta_soak_settings *s, soak_worker *w, int to_act,
                              carta_action *action, carta_error *err)
{
    const carta_game *g = s->g;
    memcpy(w->prev, w->state, g->state_size);
    g->observe(s->r, w->state, to_act, w->view);
    if (carta_ai_choose(w->ai[to_act], w->view, to_act, action) != CARTA_OK)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: the AI of player %d found no "
                               "legal action", g->id, to_act + 1);
    return g->apply(s->r, w->state, *action, err);
}

/* Plays game i, checking every state; stops early if a lower game failed. */
static void soak_play(soak_ctx *c, int i, soak_worker *w, soak_game *rec)
{
    const carta_soak_settings *s = c->s;
    uint64_t seed = carta_soak_game_seed(s->seed, i);
    int seat = -1;
    carta_action action = 0;
    for (int k = 0; i < atomic_load(&c->stop_at); k++) {
        carta_error err = {0};
        int to_act = s->g->to_act(s->r, w->state);
        if (soak_check(s, w, seed, k, to_act == CARTA_NO_SEAT, rec, &err) != CARTA_OK) {
            soak_fail(c, w, i, k, seat, action, &err);
            return;
        }
        if (to_act == CARTA_NO_SEAT) {
            rec->finished = 1;
            return;
        }
        carta_status st = k == CARTA_SOAK_MAX_ACTIONS
                              ? carta_error_set(&err, CARTA_ERR_STATE,
                                                "%s: the game did not end in %d actions",
                                                s->g->id, CARTA_SOAK_MAX_ACTIONS)
                              : soak_step(s, w, to_act, &action, &err);
        if (st != CARTA_OK) {
            carta_error_set(&err, st, "%s: a legal action was refused", s->g->id);
            soak_fail(c, w, i, k, k == CARTA_SOAK_MAX_ACTIONS ? seat : to_act, action, &err);
            return;
        }
        seat = to_act;
        rec->actions++;
    }
}

static void soak_game_run(soak_ctx *c, int i, soak_worker *w)
{
    carta_error err = {0};
    soak_game *rec = &c->games[i];
    memset(rec, 0, sizeof *rec);
    if (soak_setup(c->s, i, w, &err) != CARTA_OK)
        soak_broken(c, &err, i);
    else
        soak_play(c, i, w, rec);
    soak_free_ais(w);
}

static void *soak_worker_main(void *arg)
{
    soak_ctx *c = arg;
    size_t size = c->s->g->state_size;
    soak_worker w;
    memset(&w, 0, sizeof w);
    w.state = malloc(size);
    w.prev = malloc(size);
    w.view = malloc(size);
    w.scratch = carta_invariant_scratch_new(c->s->g);
    if (!w.state || !w.prev || !w.view || !w.scratch) {
        carta_error oom = {CARTA_ERR_NOMEM, "out of memory"};
        soak_broken(c, &oom, -1);
    } else {
        int i;
        while (!atomic_load(&c->broken) && (i = atomic_fetch_add(&c->next, 1)) < c->s->n_games &&
               i < atomic_load(&c->stop_at)) {
            soak_game_run(c, i, &w);
            atomic_fetch_add(&c->done, 1);
        }
    }
    carta_invariant_scratch_free(w.scratch);
    free(w.state);
    free(w.prev);
    free(w.view);
    return NULL;
}

/* Shows "done/total games" on stderr until the workers finish: redrawn twice a second on a
 * terminal (progress 1), a new line every 10 minutes in a log (progress 2). */
static void soak_watch(soak_ctx *c)
{
    const struct timespec nap = {0, 100 * 1000 * 1000};
    double start = carta_seconds(), last = start, every = c->s->progress == 1 ? 0.5 : 600;
    int done, drawn = 0;
    while ((done = atomic_load(&c->done)) < c->s->n_games && !atomic_load(&c->broken) &&
           atomic_load(&c->next) < atomic_load(&c->stop_at)) {
        if (carta_seconds() - last >= every) {
            last = carta_seconds();
            if (c->s->progress == 1)
                fprintf(stderr, "\r\033[Ksoak: %d/%d games", done, c->s->n_games);
            else
                fprintf(stderr, "soak: %d/%d games done after %.0f s\n", done, c->s->n_games,
                        last - start);
            fflush(stderr);
            drawn = c->s->progress == 1;
        }
        nanosleep(&nap, NULL);
    }
    if (drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}

/* Totals in game order, up to and including the failing game. */
static void soak_totals(const soak_ctx *c, carta_soak_result *out)
{
    int stop = atomic_load(&c->stop_at), n = stop < c->s->n_games ? stop + 1 : c->s->n_games;
    for (int i = 0; i < n; i++) {
        out->games++;
        out->finished += c->games[i].finished;
        out->actions += c->games[i].actions;
        out->states += c->games[i].states;
        out->full_states += c->games[i].full_states;
    }
    if (stop < c->s->n_games) {
        out->failed = 1;
        out->failure = c->failure;
    }
}

static carta_status soak_threads(soak_ctx *c, carta_error *err)
{
    pthread_t tid[CARTA_SOAK_MAX_THREADS];
    int threads = c->s->threads < 1 ? 1 : c->s->threads, started = 0;
    if (threads > CARTA_SOAK_MAX_THREADS)
        threads = CARTA_SOAK_MAX_THREADS;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, soak_worker_main, c) != 0)
            break;
    if (started == 0)
        soak_worker_main(c);
    else if (c->s->progress)
        soak_watch(c);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (atomic_load(&c->broken))
        return carta_error_set(err, c->error.status, "%s: %s", c->s->g->id, c->error.msg);
    return CARTA_OK;
}

carta_status carta_soak_run(const carta_soak_settings *s, carta_soak_result *out,
                            carta_error *err)
{
    memset(out, 0, sizeof *out);
    if (s->n_seats < 1 || s->n_seats > CARTA_MAX_SEATS || s->n_games < 0 || s->every < 1)
        return carta_error_set(err, CARTA_ERR_INPUT, "soak: %d seats, %d games, every %d",
                               s->n_seats, s->n_games, s->every);
    soak_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.games = calloc((size_t)s->n_games + 1, sizeof *c.games);
    if (!c.games)
        return carta_error_set(err, CARTA_ERR_NOMEM, "soak: out of memory for %d games",
                               s->n_games);
    atomic_init(&c.next, 0);
    atomic_init(&c.done, 0);
    atomic_init(&c.stop_at, s->n_games);
    atomic_init(&c.broken, 0);
    pthread_mutex_init(&c.lock, NULL);
    carta_status st = soak_threads(&c, err);
    if (st == CARTA_OK) {
        soak_totals(&c, out);
        if (out->failed)
            st = carta_error_set(err, CARTA_ERR_STATE,
                                 "game %d (seed %llu), after action %ld ('%s' by player %d; now "
                                 "%s): %s",
                                 out->failure.game, (unsigned long long)out->failure.seed,
                                 out->failure.action, out->failure.action_text,
                                 out->failure.seat + 1, out->failure.where, out->failure.err.msg);
    }
    pthread_mutex_destroy(&c.lock);
    free(c.games);
    return st;
}

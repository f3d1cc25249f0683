/* soak.h: playing many games with AI seats and checking, after setup and after every action, that
 * every state keeps the contract's invariants (core/invariant.h); the engine of `carta soak`.
 *
 * Per state: carta_invariant_check_rules (the game's own check, the legal list agreeing with
 * to_act); on every `every`-th state of a game (the state after setup is state 0, the state after
 * action k is state k, the last state of a game is always one of them), also
 * carta_invariant_check_seat for every seat (observation hygiene, a twin that differs only in
 * what the seat cannot see, determinize conserving every card and the observation).
 *
 * Determinism: game i plays seed carta_soak_game_seed(seed, i), each seat's deck generated as
 * "random" from carta_perft_deck_seed(game seed, seat) (so `carta perft GAME --seed X` sets up the
 * same game), seat k's AI spec ai_spec[(k + i) % n_seats] seeded from the game seed and k. A
 * failure reported is the one of the lowest game number, and the totals count the games before it
 * and the failing game up to its failure: the result never depends on the thread count. */
#ifndef CARTA_SOAK_H
#define CARTA_SOAK_H

#include <stdint.h>

#include "core/game.h"

enum {
    CARTA_SOAK_MAX_ACTIONS = 100000, /* a game still on after this many actions is a failure */
    CARTA_SOAK_MAX_THREADS = 256
};

typedef struct carta_soak_settings {
    const carta_game *g;
    const carta_rules *r;
    int n_seats, n_games, threads;
    int every;                            /* per-seat checks on every every-th state (>= 1) */
    uint64_t seed;
    char mode[32];                        /* "" = the game's default for n_seats */
    int n_options;                        /* rules variants, for every game */
    carta_option options[CARTA_OPTIONS_MAX];
    const char *ai_spec[CARTA_MAX_SEATS]; /* n_seats specs ("random", "greedy", ...) */
    int progress; /* on stderr: 0 nothing, 1 a line redrawn (a terminal), 2 a line every
                     10 minutes (a log) */
} carta_soak_settings;

/* Where a soak failed. */
typedef struct carta_soak_failure {
    int game;              /* game number, 0-based */
    uint64_t seed;         /* the game's seed */
    long action;           /* actions applied when it failed (0: right after setup) */
    int seat;              /* the seat that took the last action (-1: none) */
    char action_text[160]; /* the last action's text on the state it was applied to */
    char where[160];       /* describe_state of the failing state */
    carta_error err;       /* the broken invariant */
} carta_soak_failure;

typedef struct carta_soak_result {
    long long games;       /* games played (on failure: up to and including the failing one) */
    long long finished;    /* of which ended */
    long long actions;     /* actions applied */
    long long states;      /* states checked by the rules and game check */
    long long full_states; /* of which also checked for every seat */
    int failed;            /* 1: failure says where */
    carta_soak_failure failure;
} carta_soak_result;

/* The seed of game i of a soak with base seed. */
uint64_t carta_soak_game_seed(uint64_t seed, int game);

/* Plays s->n_games games on s->threads threads. CARTA_OK with out->failed 0 when every state kept
 * its invariants; CARTA_ERR_STATE with out->failure filled (and err saying all of it in one line)
 * at the first broken one; another status (setup, an AI, memory) with err saying why. */
carta_status carta_soak_run(const carta_soak_settings *s, carta_soak_result *out,
                            carta_error *err);

#endif

/* ai.h: the AI players, speaking only the game contract (core/game.h).
 *
 * An AI is an opaque handle made from a spec string: a kind, then options after a colon,
 * "kind:key=value,key=value" ("random", "greedy", "greedy:samples=3", "mcts:ms=1000,threads=2").
 * The spec grammar is parsed generically (carta_ai_spec_parse) so every kind shares it; each kind
 * then accepts only the option keys it knows.
 *
 * An AI never sees the true state: carta_ai_choose gets the OBSERVATION for its seat
 * (game->observe) and plans on determinized copies of it. All its randomness comes from its own
 * PRNG seeded at creation, so an AI with a given seed makes the same choices from the same
 * observations, whatever the hidden cards are. Scratch states are allocated at creation; choosing
 * never allocates. An AI is not thread-safe: one per thread. */
#ifndef CARTA_AI_H
#define CARTA_AI_H

#include <stdint.h>

#include "core/game.h"

/* An option's value may be a path (weights=FILE). */
enum { CARTA_AI_MAX_OPTS = 16, CARTA_AI_KEY_MAX = 32, CARTA_AI_VALUE_MAX = 256 };

/* A parsed spec: "kind:key=value,...". Plain value. */
typedef struct carta_ai_spec {
    char kind[CARTA_AI_KEY_MAX];
    int n_opts;
    char key[CARTA_AI_MAX_OPTS][CARTA_AI_KEY_MAX];
    char value[CARTA_AI_MAX_OPTS][CARTA_AI_VALUE_MAX];
} carta_ai_spec;

/* Parses spec into out. The kind is a non-empty word ([a-z0-9_-]); each option is key=value with
 * a non-empty key, keys unique. CARTA_ERR_INPUT with the reason on a malformed spec. The kind is
 * not checked against the known kinds here. */
carta_status carta_ai_spec_parse(const char *spec, carta_ai_spec *out, carta_error *err);

/* The value of option key, or NULL if absent. */
const char *carta_ai_spec_get(const carta_ai_spec *spec, const char *key);

typedef struct carta_ai carta_ai;

/* Makes an AI for game g with opened rules r from spec, its PRNG seeded from seed. Unknown kind:
 * CARTA_ERR_UNKNOWN; bad option: CARTA_ERR_INPUT; both NULL with err set. Free with
 * carta_ai_free. r must outlive the AI. */
carta_ai *carta_ai_new(const carta_game *g, const carta_rules *r, const char *spec, uint64_t seed,
                       carta_error *err);

/* Chooses an action for seat from observation (game->observe of the true state for seat; seat
 * must be the seat to act). Writes a legal action to out. CARTA_ERR_ILLEGAL if seat is not to act
 * or nothing is legal. Never allocates. */
carta_status carta_ai_choose(carta_ai *ai, const void *observation, int seat, carta_action *out);

/* The spec the AI was made from ("greedy:samples=2"). Owned by the AI. */
const char *carta_ai_name(const carta_ai *ai);

void carta_ai_free(carta_ai *ai);

/* The kinds there are, for help texts: "random, greedy". */
const char *carta_ai_kinds(void);

#endif

/* perft.c: counting legal action sequences to a depth. */
#include "perft.h"

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

typedef struct perft_ctx {
    const carta_game *g;
    const carta_rules *r;
    int depth;
    uint64_t *counts;
    unsigned char *states;  /* depth states, one per level */
    carta_action *legal;    /* depth lists of CARTA_MAX_ACTIONS */
    carta_error *err;
} perft_ctx;

static carta_status perft_rec(perft_ctx *c, const void *state, int d)
{
    c->counts[d]++;
    if (d == c->depth)
        return CARTA_OK;
    carta_action *legal = c->legal + (size_t)d * CARTA_MAX_ACTIONS;
    unsigned char *child = c->states + (size_t)d * c->g->state_size;
    int n = c->g->legal_actions(c->r, state, legal);
    for (int i = 0; i < n; i++) {
        memcpy(child, state, c->g->state_size);
        if (c->g->apply(c->r, child, legal[i], c->err) != CARTA_OK)
            return carta_error_set(c->err, CARTA_ERR_ILLEGAL,
                                   "perft: legal action %u at depth %d was refused by apply",
                                   (unsigned)legal[i], d + 1);
        carta_status st = perft_rec(c, child, d + 1);
        if (st != CARTA_OK)
            return st;
    }
    return CARTA_OK;
}

carta_status carta_perft(const carta_game *g, const carta_rules *r, const void *state, int depth,
                         uint64_t *counts, carta_error *err)
{
    if (depth < 0 || depth > CARTA_PERFT_MAX_DEPTH)
        return carta_error_set(err, CARTA_ERR_INPUT, "perft depth must be 0..%d, not %d",
                               CARTA_PERFT_MAX_DEPTH, depth);
    memset(counts, 0, sizeof *counts * (size_t)(depth + 1));
    perft_ctx c = {g, r, depth, counts, NULL, NULL, err};
    size_t levels = depth > 0 ? (size_t)depth : 1;
    c.states = malloc(levels * g->state_size);
    c.legal = malloc(levels * CARTA_MAX_ACTIONS * sizeof *c.legal);
    carta_status st = CARTA_ERR_NOMEM;
    if (c.states && c.legal)
        st = perft_rec(&c, state, 0);
    else
        carta_error_set(err, st, "perft: out of memory");
    free(c.states);
    free(c.legal);
    return st;
}

uint64_t carta_perft_deck_seed(uint64_t seed, int seat)
{
    return carta_mix64(seed ^ (0xdec0000000000000ULL + (uint64_t)seat));
}

carta_status carta_perft_setup(const carta_game *g, const carta_rules *r, uint64_t seed,
                               int n_seats, void *state, carta_error *err)
{
    carta_config config;
    memset(&config, 0, sizeof config);
    if (n_seats < g->min_seats || n_seats > g->max_seats || n_seats > CARTA_MAX_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s is played by %d to %d seats, not %d",
                               g->id, g->min_seats, g->max_seats, n_seats);
    config.n_seats = n_seats;
    config.seed = seed;
    for (int seat = 0; seat < n_seats; seat++) {
        carta_status st = g->deck_resolve(r, "random", carta_perft_deck_seed(seed, seat),
                                          &config.decks[seat], err);
        if (st != CARTA_OK)
            return st;
    }
    return g->setup(r, state, &config, err);
}

/* perft.h: counting legal action sequences from a state, like a chess engine's perft. A fixed
 * table of these counts catches any change in what is legal. */
#ifndef CARTA_PERFT_H
#define CARTA_PERFT_H

#include <stdint.h>

#include "core/game.h"

enum { CARTA_PERFT_MAX_DEPTH = 16 };

/* For every k in 0..depth, counts[k] = the number of legal action sequences of length k from
 * state (counts[0] = 1; a game that ends early contributes only to the shorter lengths). counts
 * holds depth + 1 entries; depth is 0..CARTA_PERFT_MAX_DEPTH. Allocates its scratch states once.
 * An action that the game lists but refuses to apply is CARTA_ERR_ILLEGAL with err naming it. */
carta_status carta_perft(const carta_game *g, const carta_rules *r, const void *state, int depth,
                         uint64_t *counts, carta_error *err);

/* Sets up the game perft tables count from: n_seats seats, the given seed, and each seat's deck
 * resolved as "random" from carta_perft_deck_seed(seed, seat). state is game->state_size bytes.
 * The carta command (`carta perft`, `carta bench`, random decks in `carta play`) and the generic
 * tests all set games up this way, so a seed names the same game everywhere. */
carta_status carta_perft_setup(const carta_game *g, const carta_rules *r, uint64_t seed,
                               int n_seats, void *state, carta_error *err);

/* The seed of seat's random deck in a game with seed. */
uint64_t carta_perft_deck_seed(uint64_t seed, int seat);

#endif

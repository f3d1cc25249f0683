/* rng.h: the small PRNG that lives inside every game state (xoshiro128** seeded by splitmix64).
 *
 * Chance is part of the state: a state holds a carta_rng by value, so cloning a state clones its
 * future shuffles and die rolls, and a seed plus the list of actions replays a game bit for bit.
 * 16 bytes, no pointers. */
#ifndef CARTA_RNG_H
#define CARTA_RNG_H

#include <stdint.h>

typedef struct carta_rng {
    uint32_t s[4];
} carta_rng;

/* Seeds rng from a 64-bit seed; every seed (0 included) gives a valid generator. */
void carta_rng_seed(carta_rng *rng, uint64_t seed);

/* The next 32 random bits. */
uint32_t carta_rng_next(carta_rng *rng);

/* The next 64 random bits: two draws, the first the high half (a seed for another generator). */
uint64_t carta_rng_next64(carta_rng *rng);

/* A uniform integer in [0, n), without modulo bias; n must be > 0. */
uint32_t carta_rng_below(carta_rng *rng, uint32_t n);

/* Shuffles n items of item_size bytes each in place (Fisher-Yates). item_size <= 16. */
void carta_rng_shuffle(carta_rng *rng, void *items, int n, int item_size);

/* The index of the highest of n scores (n > 0); scores within tie of the best so far are a tie,
 * broken uniformly as they come (reservoir sampling). For the AIs' best-first picks. */
int carta_rng_argmax(carta_rng *rng, const double *score, int n, double tie);

/* splitmix64 step: used to derive independent seeds (per game of a simulation, per AI copy). */
uint64_t carta_mix64(uint64_t x);

#endif

/* essence_fixture.h: what the Essence unit tests share: the rules opened on data/essence, games
 * set up from the box, and a seat's view as JSON. */
#ifndef ESSENCE_FIXTURE_H
#define ESSENCE_FIXTURE_H

#include "core/game.h"
#include "games/essence/essence.h"

extern const carta_game *essfx_game;
extern carta_rules *essfx_rules;

/* cmocka group setup and teardown: open and close essfx_rules. */
int essfx_open(void **unused);
int essfx_close(void **unused);

/* A new game of `seats` players from the box, seeded with seed (the Avatar picks to make). */
void essfx_setup(ess_state *st, int seats, uint64_t seed);

/* The structured view of obs (an observation for seat) as compact JSON with sorted keys; the
 * caller frees it. */
char *essfx_view_json(const ess_state *obs, int seat);

#endif

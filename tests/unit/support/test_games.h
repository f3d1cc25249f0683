/* test_games.h: every registered rule system (with its card set from CARTA_DATA_DIR/<id>; High
 * Tide, the template, is the small one), for unit tests that run the same checks on each. */
#ifndef TEST_GAMES_H
#define TEST_GAMES_H

#include <stdint.h>

#include "ai/mcts.h"
#include "core/game.h"

enum { TGAME_MAX = 16 }; /* the most games tgame_open_all opens */

/* One opened game: its descriptor and its rules. */
typedef struct tgame {
    const carta_game *g;
    carta_rules *r;
} tgame;

/* Opens every registered game into games (TGAME_MAX capacity); returns
 * the count. Fails the test if one does not open. Free with tgame_close_all. */
int tgame_open_all(tgame *games);
void tgame_close_all(tgame *games, int n);

/* Sets up in state a 2-seat game (or the game's minimum seats if it cannot seat 2) with random
 * decks from seed; fails the test on error. */
void tgame_setup(const tgame *t, uint64_t seed, void *state);

/* A search for t made from an "mcts:..." spec; fails the test naming the spec on a bad one. */
carta_mcts *tgame_mcts(const tgame *t, const char *spec_text);

/* Whether a is among the legal actions of state. */
int tgame_is_legal(const tgame *t, const void *state, carta_action a);

#endif

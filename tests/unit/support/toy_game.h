/* toy_game.h: "Toy duel", a tiny two-seat hidden-hand card game implementing the whole carta_game
 * contract, for testing generic code (records, scenarios, AIs, CLI) without a real rule system.
 * It is not registered in src/games/registry.c.
 *
 * Rules: each seat has a deck of cards with a power 0..9 (card maps: `name`, `power`). At setup
 * both decks are shuffled with the state's PRNG and each seat draws 3. On its turn the active
 * seat plays one card from its hand ("play <card name>"): its power is added to that seat's score,
 * the seat draws a card, and the other seat becomes active. A seat reaching 15 wins at once;
 * when both hands are empty the higher score wins (equal scores: a draw). A seat sees its own
 * hand, both scores and played piles, and both deck lists, but not the other hand nor any deck's
 * order.
 *
 * open(NULL) uses a built-in card set of 6 cards (Spark 1, Ember 2, Torch 3, Blaze 4, Flare 5,
 * Nova 7); open(dir) loads the card files of dir. Deck specs: "random" (10 cards from the seed)
 * or card names separated by commas ("Spark, Nova, Nova").
 *
 * Scenario position: {seed, active, turn, scores: [a, b], hands: [[names], [names]],
 * decks: [[names], [names]]}; expectation: {score: [a, b], hand: [n, n], deck: [n, n],
 * active: n} (its table carta_toy_expect), or view paths into carta_toy_view's view:
 * seats.N.score, seats.N.hand, seats.N.deck, seats.N.played, turn, active. */
#ifndef TOY_GAME_H
#define TOY_GAME_H

#include <stdint.h>

#include "core/game.h"
#include "core/rng.h"

enum { TOY_HAND_MAX = 16, TOY_DECK_MAX = 40, TOY_TARGET = 15, TOY_START_HAND = 3 };
#define TOY_UNKNOWN 0xFFFFu

typedef struct carta_toy_state {
    carta_rng rng;
    int16_t active;  /* seat to play, CARTA_NO_SEAT once over */
    int16_t turn;
    int16_t score[2];
    int16_t n_hand[2], n_deck[2], n_played[2], n_list[2];
    uint16_t hand[2][TOY_HAND_MAX];   /* TOY_UNKNOWN where hidden */
    uint16_t deck[2][TOY_DECK_MAX];   /* next draw is deck[n_deck-1]; TOY_UNKNOWN where hidden */
    uint16_t played[2][TOY_DECK_MAX];
    uint16_t list[2][TOY_DECK_MAX];   /* the deck list as dealt (public) */
} carta_toy_state;

extern const carta_game carta_toy_game;

struct carta_view;
struct fy_node;
struct carta_expect_table;
/* Its YAML face (core/game_yaml.h), for a test's own lookup: the toy is in no registry. */
void carta_toy_view(const carta_rules *r, const void *obs, int seat, struct carta_view *v);
extern const struct carta_expect_table carta_toy_expect;
carta_status carta_toy_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                 carta_error *err);
carta_status carta_toy_position(const carta_rules *r, void *state, struct fy_node *pos,
                                const char *file, carta_error *err);

#endif

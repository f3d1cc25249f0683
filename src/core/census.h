/* census.h: counting every card of every seat, wherever it is, against the seat's deck list.
 *
 * A game's check (game.h) sets each seat's expected cards (its deck list, a multiset of card
 * ids), then adds every card instance it finds in the state with its owner and the place it was
 * found ("hand", "deck", "line", "pool of seat 2"), and asks the census whether each seat has
 * exactly its deck list: no card missing, none extra. The message names the card, the seat and
 * the places where a card was seen, e.g.
 *     "aember: seat 2's 'Ember Imp' is in 2 places (hand, discard) but its deck list has 1"
 *     "aember: seat 1's 'Troll' (1 in its deck list) is nowhere"
 * Places are not copied: pass strings that outlive the census (string literals).
 *
 * Cheap: a census lives on the stack, init touches only the counts, finish sorts each seat's
 * cards (n <= CARTA_CENSUS_MAX). */
#ifndef CARTA_CENSUS_H
#define CARTA_CENSUS_H

#include <stdint.h>

#include "game.h"
#include "status.h"

enum {
    CARTA_CENSUS_MAX = 2 * CARTA_DECK_MAX /* instances counted per seat (room for extras) */
};

/* One card instance seen in the state. */
typedef struct carta_census_item {
    uint16_t card;
    const char *place;
} carta_census_item;

typedef struct carta_census {
    const carta_game *game;   /* for card names and the message's prefix */
    const carta_rules *rules;
    int n_seats;
    int n_cards;              /* valid card ids are 0..n_cards-1 (the catalog's size) */
    const char *list_name;    /* what the expected cards are called ("deck list", the default) */
    int n_list[CARTA_MAX_SEATS];
    uint16_t list[CARTA_MAX_SEATS][CARTA_DECK_MAX];
    int n_seen[CARTA_MAX_SEATS];
    carta_census_item seen[CARTA_MAX_SEATS][CARTA_CENSUS_MAX];
    /* the first problem found while adding (a bad owner or card id, too many cards) */
    carta_error early;
} carta_census;

/* Starts a census of n_seats seats for game g with rules r, whose card ids are 0..n_cards-1.
 * Messages call the expected cards the seat's "deck list" unless list_name is set after. */
void carta_census_init(carta_census *c, const carta_game *g, const carta_rules *r, int n_seats,
                       int n_cards);

/* Adds n cards to seat's deck list (what it must have, each exactly once per copy listed). */
void carta_census_expect(carta_census *c, int seat, const uint16_t *cards, int n);

/* Counts one card instance of owner found at place. A bad owner or card id is reported at
 * finish, naming place. */
void carta_census_add(carta_census *c, int owner, uint16_t card, const char *place);

/* Counts the n cards of an array (a zone's cards), all owned by owner, found at place. */
void carta_census_add_all(carta_census *c, int owner, const uint16_t *cards, int n,
                          const char *place);

/* Compares what was counted with the deck lists. CARTA_OK, or CARTA_ERR_STATE with err naming
 * the first seat (in seat order) and card (in id order) missing or extra and where it was seen.
 * Sorts the census's arrays (call it once). */
carta_status carta_census_finish(carta_census *c, carta_error *err);

#endif

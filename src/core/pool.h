/* pool.h: determinize's pool: the cards of a seat's deck list that an observation does not show
 * anywhere, shuffled, to fill the cards it hides. Every rule system's determinize is this: take
 * each card seen (in any zone, in play, on the stack), shuffle what is left, fill the unknowns; so
 * every card stays in exactly one place and what the seat saw stays where it saw it. */
#ifndef CARTA_POOL_H
#define CARTA_POOL_H

#include <stdint.h>

#include "game.h"
#include "rng.h"

typedef struct carta_pool {
    const uint16_t *list; /* the deck list */
    int n_list;
    uint8_t used[CARTA_DECK_MAX]; /* per deck-list entry: seen somewhere */
    int n, next;                  /* after carta_pool_deal: the pool and the next card to give */
    uint16_t cards[CARTA_DECK_MAX];
} carta_pool;

/* Starts a pool of the n_list cards of list (at most CARTA_DECK_MAX). */
void carta_pool_init(carta_pool *p, const uint16_t *list, int n_list);
/* Card was seen somewhere: one copy of it leaves the pool (no-op if none is left). */
void carta_pool_seen(carta_pool *p, uint16_t card);
/* Every card of cards[0..n-1] but those equal to unknown was seen. */
void carta_pool_seen_all(carta_pool *p, const uint16_t *cards, int n, uint16_t unknown);
/* Gathers the cards not seen and shuffles them with rng. */
void carta_pool_deal(carta_pool *p, carta_rng *rng);
/* Replaces each unknown of cards[0..n-1] by the next pooled card (fallback when none is left). */
void carta_pool_fill(carta_pool *p, uint16_t *cards, int n, uint16_t unknown, uint16_t fallback);

#endif

/* pool.c: determinize's pool of unseen cards (pool.h). */
#include "pool.h"

#include <string.h>

void carta_pool_init(carta_pool *p, const uint16_t *list, int n_list)
{
    memset(p, 0, sizeof *p);
    p->list = list;
    p->n_list = n_list > CARTA_DECK_MAX ? CARTA_DECK_MAX : n_list;
}

void carta_pool_seen(carta_pool *p, uint16_t card)
{
    for (int i = 0; i < p->n_list; i++)
        if (!p->used[i] && p->list[i] == card) {
            p->used[i] = 1;
            return;
        }
}

void carta_pool_seen_all(carta_pool *p, const uint16_t *cards, int n, uint16_t unknown)
{
    for (int i = 0; i < n; i++)
        if (cards[i] != unknown)
            carta_pool_seen(p, cards[i]);
}

void carta_pool_deal(carta_pool *p, carta_rng *rng)
{
    p->n = p->next = 0;
    for (int i = 0; i < p->n_list; i++)
        if (!p->used[i])
            p->cards[p->n++] = p->list[i];
    carta_rng_shuffle(rng, p->cards, p->n, sizeof p->cards[0]);
}

void carta_pool_fill(carta_pool *p, uint16_t *cards, int n, uint16_t unknown, uint16_t fallback)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == unknown)
            cards[i] = p->next < p->n ? p->cards[p->next++] : fallback;
}

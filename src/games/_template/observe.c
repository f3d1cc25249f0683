/* observe.c: what a seat may know of High Tide (observe) and a consistent guess of the rest
 * (determinize). Hidden: the other seats' hands and every deck's order. Deck lists, discards and
 * the tide are public, so the unknown cards of a seat are its deck list minus what is seen. */
#include "games/_template/tide.h"

#include <string.h>

#include "core/pool.h"

void tide_zones_seen(tide_state *st)
{
    for (int p = 0; p < TIDE_SEATS; p++) {
        tide_seat *s = &st->seat[p];
        s->deck_list.seen = s->discard.seen = CARTA_SEEN_ALL;
        s->hand.seen = CARTA_SEAT_BIT(p);
        s->deck.seen = 0;
    }
}

int tide_layout_build(carta_layout *l)
{
    static tide_state probe; /* only its addresses are used */
    tide_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             carta_layout_events(l, CARTA_AT(st, events)) &&
             CARTA_LAYOUT_ITEMS(l, st, n_tide, tide);
    for (int p = 0; p < TIDE_SEATS && ok; p++)
        ok = CARTA_LAYOUT_ZONE(l, st, seat[p].deck_list) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].hand) && CARTA_LAYOUT_ZONE(l, st, seat[p].deck) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].discard);
    return ok;
}

void tide_observe(const carta_rules *r, const void *state, int seat, void *out)
{
    memmove(out, state, sizeof(tide_state));
    carta_layout_observe(&r->layout, out, seat, TIDE_UNKNOWN);
}

void tide_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    tide_state *st = state;
    if (!carta_layout_observed(&r->layout, st))
        tide_observe(r, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    for (int p = 0; p < st->n_seats; p++) {
        tide_seat *s = &st->seat[p];
        carta_pool pool;
        carta_pool_init(&pool, s->deck_list.cards, s->deck_list.n);
        carta_pool_seen_all(&pool, s->hand.cards, s->hand.n, TIDE_UNKNOWN);
        carta_pool_seen_all(&pool, s->deck.cards, s->deck.n, TIDE_UNKNOWN);
        carta_pool_seen_all(&pool, s->discard.cards, s->discard.n, TIDE_UNKNOWN);
        for (int i = 0; i < st->n_tide; i++)
            if (st->tide[i].owner == p)
                carta_pool_seen(&pool, st->tide[i].card);
        carta_pool_deal(&pool, &st->rng);
        carta_pool_fill(&pool, s->hand.cards, s->hand.n, TIDE_UNKNOWN, TIDE_UNKNOWN);
        carta_pool_fill(&pool, s->deck.cards, s->deck.n, TIDE_UNKNOWN, TIDE_UNKNOWN);
    }
}

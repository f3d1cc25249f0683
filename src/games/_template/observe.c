/* observe.c: what a seat may know of High Tide (observe) and a consistent guess of the rest
 * (determinize). Hidden: the other seats' hands and every deck's order. Deck lists, discards and
 * the tide are public, so the unknown cards of a seat are its deck list minus what is seen. */
#include "games/_template/tide.h"

#include <string.h>

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

/* The cards of seat p's deck list not seen anywhere in st, into pool; returns how many. */
static int observe_unseen(const tide_state *st, int p, uint16_t *pool)
{
    const tide_seat *s = &st->seat[p];
    uint8_t used[TIDE_DECK_MAX] = {0};
    const tide_zone *zones[] = {&s->hand, &s->deck, &s->discard};
    uint16_t seen[TIDE_DECK_MAX * 4];
    int n_seen = 0;
    for (int z = 0; z < 3; z++)
        for (int i = 0; i < zones[z]->n; i++)
            if (zones[z]->cards[i] != TIDE_UNKNOWN)
                seen[n_seen++] = zones[z]->cards[i];
    for (int i = 0; i < st->n_tide; i++)
        if (st->tide[i].owner == p)
            seen[n_seen++] = st->tide[i].card;
    for (int k = 0; k < n_seen; k++)
        for (int i = 0; i < s->deck_list.n; i++)
            if (!used[i] && s->deck_list.cards[i] == seen[k]) {
                used[i] = 1;
                break;
            }
    int n = 0;
    for (int i = 0; i < s->deck_list.n; i++)
        if (!used[i])
            pool[n++] = s->deck_list.cards[i];
    return n;
}

void tide_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    tide_state *st = state;
    if (!carta_layout_observed(&r->layout, st))
        tide_observe(r, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    for (int p = 0; p < st->n_seats; p++) {
        uint16_t pool[TIDE_DECK_MAX];
        int n = observe_unseen(st, p, pool), next = 0;
        for (int k = n - 1; k > 0; k--) {
            int j = (int)carta_rng_below(&st->rng, (uint32_t)(k + 1));
            uint16_t t = pool[k];
            pool[k] = pool[j];
            pool[j] = t;
        }
        tide_zone *zones[] = {&st->seat[p].hand, &st->seat[p].deck};
        for (int z = 0; z < 2; z++)
            for (int i = 0; i < zones[z]->n; i++)
                if (zones[z]->cards[i] == TIDE_UNKNOWN && next < n)
                    zones[z]->cards[i] = pool[next++];
    }
}

/* observe.c: what a seat may know (docs/archmajesty-plan.md, section 3, "Hidden from whom").
 * Everything is public but the order of each deck pile, which no one sees, its owner included
 * (The Deck: "You cannot look at the cards in your deck"), and the PRNG and forced dice. Hands
 * are seen by all (The Hand: "always visible to everyone else ... including the Gamemaster"), and
 * so are the Void and the combo. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/pool.h"

void am_zones_seen(am_state *st)
{
    for (int m = 0; m < AM_MAGES; m++) {
        am_mage *g = &st->mage[m];
        g->list.seen = g->void_.seen = g->hand.seen = g->combo.seen = g->limbo.seen =
            CARTA_SEEN_ALL;
        g->deck.seen = 0;
    }
}

int am_layout_build(carta_layout *l)
{
    static am_state probe; /* only its addresses are used */
    am_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             carta_layout_secret(l, CARTA_AT(st, n_dice), 1 + (int)sizeof st->dice) &&
             carta_layout_events(l, CARTA_AT(st, events)) &&
             CARTA_LAYOUT_ITEMS(l, st, pending.n, pending.frame) &&
             CARTA_LAYOUT_ITEMS(l, st, n_chars, ch) &&
             CARTA_LAYOUT_ITEMS(l, st, n_tokens, token) &&
             CARTA_LAYOUT_ITEMS(l, st, n_attacks, attack) &&
             CARTA_LAYOUT_ITEMS(l, st, n_objects, obj); /* objects: public (R92) */
    for (int m = 0; m < AM_MAGES && ok; m++)
        ok = CARTA_LAYOUT_ZONE(l, st, mage[m].list) && CARTA_LAYOUT_ZONE(l, st, mage[m].deck) &&
             CARTA_LAYOUT_ZONE(l, st, mage[m].void_) && CARTA_LAYOUT_ZONE(l, st, mage[m].hand) &&
             CARTA_LAYOUT_ZONE(l, st, mage[m].combo) && CARTA_LAYOUT_ZONE(l, st, mage[m].limbo);
    return ok;
}

void am_observe(const carta_rules *r, const void *state, int seat, void *out)
{
    memmove(out, state, sizeof(am_state));
    carta_layout_observe(&r->layout, out, seat, AM_UNKNOWN);
}

/* Each deck pile is dealt again from its mage's list minus the cards seen elsewhere. */
void am_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    am_state *st = state;
    if (!carta_layout_observed(&r->layout, st))
        am_observe(r, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    for (int m = 0; m < st->n_mages; m++) {
        am_mage *g = &st->mage[m];
        carta_pool pool;
        carta_pool_init(&pool, g->list.cards, g->list.n);
        carta_pool_seen_all(&pool, g->hand.cards, g->hand.n, AM_UNKNOWN);
        carta_pool_seen_all(&pool, g->void_.cards, g->void_.n, AM_UNKNOWN);
        carta_pool_seen_all(&pool, g->combo.cards, g->combo.n, AM_UNKNOWN);
        carta_pool_seen_all(&pool, g->limbo.cards, g->limbo.n, AM_UNKNOWN);
        carta_pool_deal(&pool, &st->rng);
        carta_pool_fill(&pool, g->deck.cards, g->deck.n, AM_UNKNOWN, AM_UNKNOWN);
    }
}

/* observe.c: what a seat may know of Essence (observe) and a consistent guess of the rest
 * (determinize). Hidden: the other seats' hands (but for cards all saw go there) and Carta
 * Essentia, the ones left in the box, the order of the Realm Stacks and the Fate Deck, and what
 * another seat declared while the response is still being declared. */
#include "games/essence/essence.h"

#include <string.h>

void ess_zones_seen(ess_state *st)
{
    for (int realm = 0; realm < ESS_REALMS; realm++)
        st->stack[realm].seen = 0;
    st->fate_deck.seen = st->carta_box.seen = 0;
    st->grave.seen = st->revealed.seen = st->fate_grave.seen = st->kept.seen = CARTA_SEEN_ALL;
    st->avatars.seen = CARTA_SEEN_ALL;
    for (int p = 0; p < ESS_SEATS; p++) {
        st->seat[p].hand.seen = CARTA_SEAT_BIT(p);
        st->seat[p].carta.seen = CARTA_SEAT_BIT(p);
    }
}

int ess_layout_build(carta_layout *l)
{
    static ess_state probe; /* only its addresses are used */
    ess_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             carta_layout_events(l, CARTA_AT(st, events)) &&
             CARTA_LAYOUT_ITEMS(l, st, pending.n, pending.frame) &&
             CARTA_LAYOUT_ITEMS(l, st, combat.n_support, combat.support) &&
             CARTA_LAYOUT_ITEMS(l, st, combat.n_interfere, combat.interfere) &&
             CARTA_LAYOUT_ZONE(l, st, grave) && CARTA_LAYOUT_ZONE(l, st, revealed) &&
             CARTA_LAYOUT_ZONE(l, st, fate_deck) && CARTA_LAYOUT_ZONE(l, st, fate_grave) &&
             CARTA_LAYOUT_ZONE(l, st, kept) && CARTA_LAYOUT_ZONE(l, st, carta_box) &&
             CARTA_LAYOUT_ZONE(l, st, avatars);
    for (int realm = 0; realm < ESS_REALMS && ok; realm++)
        ok = CARTA_LAYOUT_ZONE(l, st, stack[realm]);
    for (int p = 0; p < ESS_SEATS && ok; p++)
        ok = CARTA_LAYOUT_ZONE(l, st, seat[p].hand) && CARTA_LAYOUT_ZONE(l, st, seat[p].carta);
    return ok;
}

void ess_observe(const carta_rules *r, const void *state, int seat, void *out)
{
    memmove(out, state, sizeof(ess_state));
    ess_state *st = out;
    carta_layout_observe(&r->layout, out, seat, ESS_UNKNOWN);
    for (int p = 0; p < ESS_SEATS; p++)
        if (p != seat && st->seat[p].decl != ESS_DECL_NONE)
            st->seat[p].decl = ESS_DECL_HIDDEN;
}

/* ---- determinize: the unseen cards of each kind dealt again at random ---- */

/* The unseen cards by pool: a realm's cards (a stack holds its realm's only), the Fate cards,
 * the Carta Essentia. Each unknown slot takes a card drawn at random from its pool, so the deal
 * is a uniform random permutation and costs one draw per slot. */
enum { POOL_FATE = ESS_REALMS, POOL_CARTA, POOLS };

typedef struct unseen {
    int16_t left[CARTA_CATALOG_MAX]; /* per card id: copies not seen yet */
    int n[POOLS];
    uint16_t cards[POOLS][ESS_PILE_MAX];
} unseen;

static int unseen_pool(const ess_card *c)
{
    switch (c->kind) {
    case ESS_K_ESSENCE:
    case ESS_K_MONSTER:
    case ESS_K_UNICORN: return c->realm;
    case ESS_K_FATE: return POOL_FATE;
    case ESS_K_CARTA: return POOL_CARTA;
    default: return -1;
    }
}

static void unseen_init(unseen *u, const carta_rules *r)
{
    for (int id = 0; id < r->n_cards; id++)
        u->left[id] = (int16_t)(unseen_pool(&r->card[id]) >= 0 ? r->card[id].copies : 0);
}

static void unseen_see(unseen *u, const carta_rules *r, uint16_t card)
{
    if (card < r->n_cards && u->left[card] > 0)
        u->left[card]--;
}

static void unseen_see_all(unseen *u, const carta_rules *r, const uint16_t *cards, int n)
{
    for (int i = 0; i < n; i++)
        unseen_see(u, r, cards[i]);
}

static void unseen_deal(unseen *u, const carta_rules *r)
{
    for (int p = 0; p < POOLS; p++)
        u->n[p] = 0;
    for (int id = 0; id < r->n_cards; id++) {
        int p = unseen_pool(&r->card[id]);
        for (int k = 0; k < u->left[id] && p >= 0 && u->n[p] < ESS_PILE_MAX; k++)
            u->cards[p][u->n[p]++] = (uint16_t)id;
    }
}

/* A card drawn at random from pools first..last (the realms' for a hand); ESS_NONE if empty. */
static uint16_t unseen_take(unseen *u, int first, int last, carta_rng *rng)
{
    int total = 0;
    for (int p = first; p <= last; p++)
        total += u->n[p];
    if (!total)
        return ESS_NONE;
    int k = (int)carta_rng_below(rng, (uint32_t)total), p = first;
    while (k >= u->n[p])
        k -= u->n[p++];
    uint16_t card = u->cards[p][k];
    u->cards[p][k] = u->cards[p][--u->n[p]];
    return card;
}

static void unseen_fill(unseen *u, uint16_t *cards, int n, int first, int last, carta_rng *rng)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == ESS_UNKNOWN)
            cards[i] = unseen_take(u, first, last, rng);
}

static void determinize_frames(unseen *u, const carta_rules *r, const ess_state *st)
{
    for (int i = 0; i < st->pending.n; i++) {
        const carta_pending *f = &st->pending.frame[i];
        if (f->kind == ESS_FR_CAST) {
            for (int k = 0; k < f->arg[3]; k++)
                unseen_see(u, r, (uint16_t)f->arg[4 + k]);
            unseen_see(u, r, (uint16_t)f->arg[7]);
        } else if (f->kind == ESS_FR_ABILITY || f->kind == ESS_FR_CLAIM) {
            unseen_see(u, r, (uint16_t)f->arg[1]);
            for (int k = 4; k < 10 && f->kind == ESS_FR_CLAIM; k++)
                unseen_see(u, r, (uint16_t)f->arg[k]);
        }
    }
}

void ess_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    ess_state *st = state;
    if (!carta_layout_observed(&r->layout, st))
        ess_observe(r, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    static _Thread_local unseen u;
    unseen_init(&u, r);
    for (int k = 0; k < ESS_REALMS; k++)
        unseen_see_all(&u, r, st->stack[k].cards, st->stack[k].n);
    unseen_see_all(&u, r, st->grave.cards, st->grave.n);
    unseen_see_all(&u, r, st->revealed.cards, st->revealed.n);
    unseen_see(&u, r, st->combat.monster);
    for (int i = 0; i < st->combat.n_support; i++)
        unseen_see(&u, r, st->combat.support[i].card);
    for (int i = 0; i < st->combat.n_interfere; i++)
        unseen_see(&u, r, st->combat.interfere[i].card);
    unseen_see_all(&u, r, st->fate_deck.cards, st->fate_deck.n);
    unseen_see_all(&u, r, st->fate_grave.cards, st->fate_grave.n);
    unseen_see_all(&u, r, st->kept.cards, st->kept.n);
    unseen_see(&u, r, st->combat.fate);
    unseen_see_all(&u, r, st->carta_box.cards, st->carta_box.n);
    for (int p = 0; p < st->n_seats; p++) {
        unseen_see_all(&u, r, st->seat[p].hand.cards, st->seat[p].hand.n);
        unseen_see_all(&u, r, st->seat[p].carta.cards, st->seat[p].carta.n);
        if (st->seat[p].decl == ESS_DECL_HIDDEN)
            st->seat[p].decl = ESS_DECL_PASS; /* a guess: passing is always possible */
    }
    determinize_frames(&u, r, st);
    unseen_deal(&u, r);
    for (int k = 0; k < ESS_REALMS; k++) /* a stack holds its realm's cards only */
        unseen_fill(&u, st->stack[k].cards, st->stack[k].n, k, k, &st->rng);
    for (int p = 0; p < st->n_seats; p++) {
        unseen_fill(&u, st->seat[p].hand.cards, st->seat[p].hand.n, 0, ESS_REALMS - 1, &st->rng);
        unseen_fill(&u, st->seat[p].carta.cards, st->seat[p].carta.n, POOL_CARTA, POOL_CARTA,
                    &st->rng);
    }
    unseen_fill(&u, st->fate_deck.cards, st->fate_deck.n, POOL_FATE, POOL_FATE, &st->rng);
    unseen_fill(&u, st->carta_box.cards, st->carta_box.n, POOL_CARTA, POOL_CARTA, &st->rng);
}

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

typedef struct unseen {
    int n;
    uint16_t cards[ESS_PILE_MAX];
    int16_t left[CARTA_CATALOG_MAX]; /* per card id: copies not seen yet */
} unseen;

static void unseen_init(unseen *u, const carta_rules *r, int kind_a, int kind_b, int kind_c)
{
    u->n = 0;
    for (int id = 0; id < r->n_cards; id++) {
        int k = r->card[id].kind;
        u->left[id] = (int16_t)(k == kind_a || k == kind_b || k == kind_c ? r->card[id].copies : 0);
    }
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

static void unseen_deal(unseen *u, const carta_rules *r, carta_rng *rng)
{
    for (int id = 0; id < r->n_cards; id++)
        for (int k = 0; k < u->left[id] && u->n < ESS_PILE_MAX; k++)
            u->cards[u->n++] = (uint16_t)id;
    for (int i = u->n - 1; i > 0; i--) {
        int k = (int)carta_rng_below(rng, (uint32_t)(i + 1));
        uint16_t t = u->cards[i];
        u->cards[i] = u->cards[k];
        u->cards[k] = t;
    }
}

/* Takes the first dealt card of realm (any, if realm < 0); ESS_NONE if none is left. */
static uint16_t unseen_take(unseen *u, const carta_rules *r, int realm)
{
    for (int i = 0; i < u->n; i++)
        if (realm < 0 || r->card[u->cards[i]].realm == realm) {
            uint16_t card = u->cards[i];
            u->cards[i] = u->cards[--u->n];
            return card;
        }
    return ESS_NONE;
}

static void unseen_fill(unseen *u, const carta_rules *r, uint16_t *cards, int n, int realm)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == ESS_UNKNOWN)
            cards[i] = unseen_take(u, r, realm);
}

static void determinize_frames(unseen *realm, unseen *fate, const carta_rules *r,
                               const ess_state *st)
{
    for (int i = 0; i < st->pending.n; i++) {
        const carta_pending *f = &st->pending.frame[i];
        if (f->kind == ESS_FR_CAST) {
            for (int k = 0; k < f->arg[3]; k++)
                unseen_see(realm, r, (uint16_t)f->arg[4 + k]);
            unseen_see(fate, r, (uint16_t)f->arg[7]);
        } else if (f->kind == ESS_FR_ABILITY || f->kind == ESS_FR_CLAIM) {
            unseen_see(fate, r, (uint16_t)f->arg[1]);
            for (int k = 4; k < 10 && f->kind == ESS_FR_CLAIM; k++)
                unseen_see(realm, r, (uint16_t)f->arg[k]);
        }
    }
}

void ess_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    ess_state *st = state;
    if (!carta_layout_observed(&r->layout, st))
        ess_observe(r, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    static _Thread_local unseen realm, fate, carta;
    unseen_init(&realm, r, ESS_K_ESSENCE, ESS_K_MONSTER, ESS_K_UNICORN);
    unseen_init(&fate, r, ESS_K_FATE, -1, -1);
    unseen_init(&carta, r, ESS_K_CARTA, -1, -1);
    for (int k = 0; k < ESS_REALMS; k++)
        unseen_see_all(&realm, r, st->stack[k].cards, st->stack[k].n);
    unseen_see_all(&realm, r, st->grave.cards, st->grave.n);
    unseen_see_all(&realm, r, st->revealed.cards, st->revealed.n);
    unseen_see(&realm, r, st->combat.monster);
    for (int i = 0; i < st->combat.n_support; i++)
        unseen_see(&realm, r, st->combat.support[i].card);
    for (int i = 0; i < st->combat.n_interfere; i++)
        unseen_see(&realm, r, st->combat.interfere[i].card);
    unseen_see_all(&fate, r, st->fate_deck.cards, st->fate_deck.n);
    unseen_see_all(&fate, r, st->fate_grave.cards, st->fate_grave.n);
    unseen_see_all(&fate, r, st->kept.cards, st->kept.n);
    unseen_see(&fate, r, st->combat.fate);
    unseen_see_all(&carta, r, st->carta_box.cards, st->carta_box.n);
    for (int p = 0; p < st->n_seats; p++) {
        unseen_see_all(&realm, r, st->seat[p].hand.cards, st->seat[p].hand.n);
        unseen_see_all(&carta, r, st->seat[p].carta.cards, st->seat[p].carta.n);
        if (st->seat[p].decl == ESS_DECL_HIDDEN)
            st->seat[p].decl = ESS_DECL_PASS; /* a guess: passing is always possible */
    }
    determinize_frames(&realm, &fate, r, st);
    unseen_deal(&realm, r, &st->rng);
    unseen_deal(&fate, r, &st->rng);
    unseen_deal(&carta, r, &st->rng);
    for (int k = 0; k < ESS_REALMS; k++) /* a stack holds its realm's cards only */
        unseen_fill(&realm, r, st->stack[k].cards, st->stack[k].n, k);
    for (int p = 0; p < st->n_seats; p++) {
        unseen_fill(&realm, r, st->seat[p].hand.cards, st->seat[p].hand.n, -1);
        unseen_fill(&carta, r, st->seat[p].carta.cards, st->seat[p].carta.n, -1);
    }
    unseen_fill(&fate, r, st->fate_deck.cards, st->fate_deck.n, -1);
    unseen_fill(&carta, r, st->carta_box.cards, st->carta_box.n, -1);
}

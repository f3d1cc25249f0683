/* observe.c: what a seat may know (observe) and a consistent random guess of the rest
 * (determinize). Hidden: other seats' hands, the cards they look at (Realm picks before the
 * reveal, Seek), their face-down Realm pick and its side, and every deck order (a seat does not
 * track the order of its own shuffled decks either, but knows the cards it put under or on top
 * since the last shuffle: core/zone.h keeps who knows which card). Deck lists are treated as public (as the
 * Æmber module does), so a seat's unknown cards are its deck list minus what is visible. */
#include "games/arkhtide/arkhtide.h"

#include <string.h>

void ark_zones_seen(ark_state *st)
{
    for (int p = 0; p < ARK_SEATS; p++) {
        ark_seat *s = &st->seat[p];
        s->hand.seen = s->look.seen = CARTA_SEAT_BIT(p);
        s->chronicle.seen = s->pool.seen = CARTA_SEEN_ALL;
        s->deck.seen = s->realm_deck.seen = 0;
    }
}

int ark_layout_build(carta_layout *l)
{
    static ark_state probe; /* only its addresses are used */
    ark_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             CARTA_LAYOUT_ITEMS(l, st, n_pieces, pieces) &&
             CARTA_LAYOUT_NESTED(l, &st->pieces[0], n_attach, attach) &&
             CARTA_LAYOUT_ITEMS(l, st, n_queue, queue) &&
             CARTA_LAYOUT_ITEMS(l, st, pending.n, pending.frame) &&
             carta_layout_events(l, CARTA_AT(st, events));
    for (int p = 0; p < ARK_SEATS && ok; p++)
        ok = CARTA_LAYOUT_ZONE(l, st, seat[p].hand) && CARTA_LAYOUT_ZONE(l, st, seat[p].deck) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].chronicle) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].pool) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].realm_deck) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].look) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].pool.n, seat[p].pool_owner) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_deck_list, seat[p].deck_list);
    return ok;
}

void ark_observe(const carta_rules *rules, const void *state, int seat, void *out)
{
    ark_state *o = out;
    memmove(o, state, sizeof *o);
    carta_layout_observe(&rules->layout, o, seat, ARK_UNKNOWN);
    for (int p = 0; p < ARK_SEATS; p++) {
        ark_seat *s = &o->seat[p];
        if (p == seat)
            continue;
        if (s->pick != ARK_NO_CARD)
            s->pick = ARK_UNKNOWN;
        s->pick_side = 0;
    }
}

static void observe_take(const ark_seat *s, uint8_t *used, uint16_t card)
{
    if (card == ARK_UNKNOWN || card == ARK_NO_CARD)
        return;
    for (int i = 0; i < s->n_deck_list; i++)
        if (!used[i] && s->deck_list[i] == card) {
            used[i] = 1;
            return;
        }
}

static void observe_take_zone(const ark_seat *s, uint8_t *used, const uint16_t *cards, int n)
{
    for (int i = 0; i < n; i++)
        observe_take(s, used, cards[i]);
}

/* Marks as used every card of seat p visible anywhere in the state. */
static void observe_known(const ark_state *st, int p, uint8_t *used)
{
    const ark_seat *s = &st->seat[p];
    observe_take_zone(s, used, s->hand.cards, s->hand.n);
    observe_take_zone(s, used, s->deck.cards, s->deck.n);
    observe_take_zone(s, used, s->chronicle.cards, s->chronicle.n);
    observe_take_zone(s, used, s->realm_deck.cards, s->realm_deck.n);
    observe_take_zone(s, used, s->look.cards, s->look.n);
    observe_take(s, used, s->pick);
    for (int q = 0; q < st->n_seats; q++) /* a harvested Realm is in its harvester's pool */
        for (int i = 0; i < st->seat[q].pool.n; i++)
            if (st->seat[q].pool_owner[i] == p + 1)
                observe_take(s, used, st->seat[q].pool.cards[i]);
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *q = &st->pieces[i];
        if (q->owner == p && !(q->flags & (ARK_P_TOKEN | ARK_P_SEEKER)))
            observe_take(s, used, q->card);
        for (int a = 0; a < q->n_attach; a++)
            if (ARK_ATTACH_SEAT(q->attach[a]) == p)
                observe_take(s, used, ARK_ATTACH_CARD(q->attach[a]));
    }
    for (int r = 0; r < ARK_REALMS; r++)
        if (st->realms[r].owner == p)
            observe_take(s, used, st->realms[r].card);
}

static void observe_fill(uint16_t *cards, int n, const uint16_t *pool, int n_pool, int *next,
                         uint16_t fallback)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == ARK_UNKNOWN)
            cards[i] = *next < n_pool ? pool[(*next)++] : fallback;
}

void ark_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed)
{
    ark_state *st = state;
    if (!carta_layout_observed(&rules->layout, st))
        ark_observe(rules, st, seat, st);
    carta_rng_seed(&st->rng, carta_mix64(seed));
    for (int p = 0; p < st->n_seats; p++) {
        ark_seat *s = &st->seat[p];
        uint8_t used[ARK_DECK_LIST_MAX] = {0};
        uint16_t main[ARK_DECK_LIST_MAX], realm[ARK_DECK_LIST_MAX];
        int n_main = 0, n_realm = 0, next_main = 0, next_realm = 0;
        observe_known(st, p, used);
        uint16_t fb_main = ARK_NO_CARD, fb_realm = ARK_NO_CARD;
        for (int i = 0; i < s->n_deck_list; i++) {
            const ark_card_def *d = ark_def(rules, s->deck_list[i]);
            bool is_realm = d && d->type == ARK_REALM;
            if (is_realm)
                fb_realm = s->deck_list[i];
            else
                fb_main = s->deck_list[i];
            if (used[i])
                continue;
            if (is_realm)
                realm[n_realm++] = s->deck_list[i];
            else
                main[n_main++] = s->deck_list[i];
        }
        carta_rng_shuffle(&st->rng, main, n_main, 2);
        carta_rng_shuffle(&st->rng, realm, n_realm, 2);
        observe_fill(s->hand.cards, s->hand.n, main, n_main, &next_main, fb_main);
        if (st->phase == ARK_PHASE_REALM) {
            observe_fill(s->look.cards, s->look.n, realm, n_realm, &next_realm, fb_realm);
        } else {
            observe_fill(s->look.cards, s->look.n, main, n_main, &next_main, fb_main);
        }
        if (s->pick == ARK_UNKNOWN)
            observe_fill(&s->pick, 1, realm, n_realm, &next_realm, fb_realm);
        observe_fill(s->deck.cards, s->deck.n, main, n_main, &next_main, fb_main);
        observe_fill(s->realm_deck.cards, s->realm_deck.n, realm, n_realm, &next_realm, fb_realm);
    }
    carta_rng_seed(&st->rng, seed);
}

/* observe.c: what a seat may know (observe) and a consistent random guess of the rest
 * (determinize). Deck lists are public (KeyForge decks are), so the unknown cards of a seat are
 * its deck list minus every card of that seat that the observer can see. Which zone a seat sees,
 * and which cards it knows in zones it does not see, is kept by the zones (core/zone.h). */
#include "games/aember/aember.h"

#include <string.h>

void aember_zones_seen(aember_state *st)
{
    for (int p = 0; p < AEMBER_SEATS; p++) {
        aember_seat *s = &st->seat[p];
        s->hand.seen = s->archives.seen = CARTA_SEAT_BIT(p);
        s->discard.seen = s->purged.seen = CARTA_SEEN_ALL;
        s->deck.seen = 0;
    }
}

int aember_layout_build(carta_layout *l)
{
    static aember_state probe; /* only its addresses are used */
    aember_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             CARTA_LAYOUT_ITEMS(l, st, n_six, six) &&
             CARTA_LAYOUT_ITEMS(l, st, pending.n, pending.frame) &&
             carta_layout_events(l, CARTA_AT(st, events));
    for (int p = 0; p < AEMBER_SEATS && ok; p++) {
        ok = CARTA_LAYOUT_ZONE(l, st, seat[p].hand) && CARTA_LAYOUT_ZONE(l, st, seat[p].deck) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].discard) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].archives) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].purged) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_deck_list, seat[p].deck_list) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_line, seat[p].line) &&
             CARTA_LAYOUT_NESTED(l, &st->seat[p].line[0], n_upgrades, upgrades) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_artifacts, seat[p].artifacts) &&
             CARTA_LAYOUT_NESTED(l, &st->seat[p].artifacts[0], n_upgrades, upgrades);
    }
    return ok;
}

/* Whether seat is in the middle of searching its own deck (then it sees that deck). */
static bool observe_searching(const aember_state *st, int seat)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    return top && top->kind == AEMBER_FR_CARD && top->arg[0] == AEMBER_FROM_DECK &&
           top->arg[1] == seat && top->seat == seat;
}

void aember_observe(const carta_rules *rules, const void *state, int seat, void *out)
{
    const aember_state *st = state;
    aember_state *o = out;
    memmove(o, st, sizeof *o);
    bool searching = seat >= 0 && seat < AEMBER_SEATS && observe_searching(st, seat);
    uint8_t deck_seen = searching ? o->seat[seat].deck.seen : 0;
    if (searching)
        o->seat[seat].deck.seen |= CARTA_SEAT_BIT(seat);
    carta_layout_observe(&rules->layout, o, seat, AEMBER_UNKNOWN);
    if (searching)
        o->seat[seat].deck.seen = deck_seen;
}
static bool observe_take(const uint16_t *list, uint8_t *used, int n, uint16_t card)
{
    for (int i = 0; i < n; i++)
        if (!used[i] && list[i] == card) {
            used[i] = 1;
            return true;
        }
    return false;
}

static void observe_take_zone(const aember_seat *s, uint8_t *used, const aember_zone *z)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] != AEMBER_UNKNOWN)
            observe_take(s->deck_list, used, s->n_deck_list, z->cards[i]);
}

/* Marks as used every card of owner that is visible anywhere in the state. */
static void observe_known(const aember_state *st, int owner, uint8_t *used)
{
    const aember_seat *s = &st->seat[owner];
    observe_take_zone(s, used, &s->hand);
    observe_take_zone(s, used, &s->deck);
    observe_take_zone(s, used, &s->discard);
    observe_take_zone(s, used, &s->archives);
    observe_take_zone(s, used, &s->purged);
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *q = &st->seat[p];
        for (int i = 0; i < q->n_line; i++) {
            const aember_card_in_play *c = &q->line[i];
            if (c->owner == owner)
                observe_take(s->deck_list, used, s->n_deck_list, c->card);
            for (int u = 0; u < c->n_upgrades; u++)
                if (((c->upgrades[u] & AEMBER_UPGRADE_OWNER) != 0) == (owner == 1))
                    observe_take(s->deck_list, used, s->n_deck_list,
                                 (uint16_t)(c->upgrades[u] & ~AEMBER_UPGRADE_OWNER));
        }
        for (int i = 0; i < q->n_artifacts; i++)
            if (q->artifacts[i].owner == owner)
                observe_take(s->deck_list, used, s->n_deck_list, q->artifacts[i].card);
    }
    for (int f = 0; f < st->pending.n; f++)
        if (st->pending.frame[f].kind == AEMBER_FR_AFTER_PLAY &&
            st->pending.frame[f].seat == owner)
            observe_take(s->deck_list, used, s->n_deck_list, (uint16_t)st->pending.frame[f].arg[0]);
}

static void observe_fill(aember_zone *z, const uint16_t *pool, int n_pool, int *next,
                         uint16_t fallback)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] == AEMBER_UNKNOWN)
            z->cards[i] = *next < n_pool ? pool[(*next)++] : fallback;
}

void aember_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed)
{
    aember_state *st = state;
    if (!carta_layout_observed(&rules->layout, st))
        aember_observe(rules, st, seat, st);
    carta_rng_seed(&st->rng, carta_mix64(seed));
    for (int p = 0; p < AEMBER_SEATS; p++) {
        aember_seat *s = &st->seat[p];
        uint8_t used[AEMBER_DECK_MAX] = {0};
        uint16_t pool[AEMBER_DECK_MAX];
        int n_pool = 0, next = 0;
        observe_known(st, p, used);
        for (int i = 0; i < s->n_deck_list; i++)
            if (!used[i])
                pool[n_pool++] = s->deck_list[i];
        carta_rng_shuffle(&st->rng, pool, n_pool, 2);
        uint16_t fallback = s->n_deck_list ? s->deck_list[0] : 0;
        observe_fill(&s->hand, pool, n_pool, &next, fallback);
        observe_fill(&s->archives, pool, n_pool, &next, fallback);
        observe_fill(&s->deck, pool, n_pool, &next, fallback);
    }
    carta_rng_seed(&st->rng, seed);
}

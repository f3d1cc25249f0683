/* observe.c: what a seat may know (observe) and a consistent random guess of the rest
 * (determinize). Hidden: the opponent's hand, both decks' order and contents, and the face-down
 * Attack card until it is revealed (its owner sees it); in the events of the last apply, the
 * cards drawn and placed face down by the other seat (core/event.h, hidden through the layout). Deck lists are public (ruling), so the
 * unknown cards of a seat are its deck list minus every card of that seat the observer sees. */
#include "games/leaders/leaders.h"

#include <string.h>

void leaders_zones_seen(leaders_state *st)
{
    for (int p = 0; p < LEADERS_SEATS; p++) {
        leaders_seat *s = &st->seat[p];
        s->deck_list.seen = s->discard.seen = CARTA_SEEN_ALL;
        s->hand.seen = CARTA_SEAT_BIT(p);
        s->deck.seen = 0;
    }
}

int leaders_layout_build(carta_layout *l)
{
    static leaders_state probe; /* only its addresses are used */
    leaders_state *st = &probe;
    int ok = carta_layout_secret(l, CARTA_AT(st, rng), (int)sizeof st->rng) &&
             CARTA_LAYOUT_ITEMS(l, st, n_events, events) &&
             CARTA_LAYOUT_ITEMS(l, st, pending.n, pending.frame) &&
             carta_layout_events(l, CARTA_AT(st, happened));
    for (int p = 0; p < LEADERS_SEATS && ok; p++)
        ok = CARTA_LAYOUT_ZONE(l, st, seat[p].deck_list) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].hand) && CARTA_LAYOUT_ZONE(l, st, seat[p].deck) &&
             CARTA_LAYOUT_ZONE(l, st, seat[p].discard) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_barracks, seat[p].barracks) &&
             CARTA_LAYOUT_ITEMS(l, st, seat[p].n_graveyard, seat[p].graveyard);
    return ok;
}

void leaders_observe(const carta_rules *rules, const void *state, int seat, void *out)
{
    leaders_state *o = out;
    int active = ((const leaders_state *)state)->active;
    memmove(o, state, sizeof *o);
    carta_layout_observe(&rules->layout, o, seat, LEADERS_UNKNOWN);
    if (o->facedown != LEADERS_NONE && active != seat)
        o->facedown = LEADERS_UNKNOWN;
}

/* Marks one unused entry of list equal to card as used. */
static void observe_take(const leaders_zone *list, uint8_t *used, uint16_t card)
{
    for (int i = 0; i < list->n; i++)
        if (!used[i] && list->cards[i] == card) {
            used[i] = 1;
            return;
        }
}

/* The cards of owner's deck list that the state does not show anywhere, into pool. */
static int observe_pool(const leaders_state *st, int owner, uint16_t *pool)
{
    const leaders_seat *s = &st->seat[owner];
    uint8_t used[LEADERS_ZONE_MAX] = {0};
    const leaders_zone *zones[3] = {&s->hand, &s->deck, &s->discard};
    for (int z = 0; z < 3; z++)
        for (int i = 0; i < zones[z]->n; i++)
            if (zones[z]->cards[i] != LEADERS_UNKNOWN)
                observe_take(&s->deck_list, used, zones[z]->cards[i]);
    for (int i = 0; i < st->n_events; i++)
        if (((st->events[i] & LEADERS_EVENT_SEAT1) != 0) == (owner == 1))
            observe_take(&s->deck_list, used, (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1));
    if (st->active == owner && st->facedown != LEADERS_NONE && st->facedown != LEADERS_UNKNOWN)
        observe_take(&s->deck_list, used, st->facedown);
    int n = 0;
    for (int i = 0; i < s->deck_list.n; i++)
        if (!used[i])
            pool[n++] = s->deck_list.cards[i];
    return n;
}

static void observe_fill(leaders_zone *z, const uint16_t *pool, int n_pool, int *next)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] == LEADERS_UNKNOWN)
            z->cards[i] = *next < n_pool ? pool[(*next)++] : LEADERS_UNKNOWN;
}

void leaders_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed)
{
    leaders_state *st = state;
    if (!carta_layout_observed(&rules->layout, st))
        leaders_observe(rules, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    for (int p = 0; p < LEADERS_SEATS; p++) {
        uint16_t pool[LEADERS_ZONE_MAX];
        int n = observe_pool(st, p, pool), next = 0;
        carta_rng_shuffle(&st->rng, pool, n, sizeof pool[0]);
        if (st->active == p && st->facedown == LEADERS_UNKNOWN) {
            /* The face-down card is an Attack card: prefer one from the pool. */
            for (int i = 0; i < n; i++) {
                const leaders_def *d = leaders_def_of(rules, pool[i]);
                if (d && d->type == LEADERS_T_ATTACK) {
                    uint16_t t = pool[0];
                    pool[0] = pool[i];
                    pool[i] = t;
                    break;
                }
            }
            st->facedown = n > 0 ? pool[next++] : LEADERS_UNKNOWN;
        }
        observe_fill(&st->seat[p].hand, pool, n, &next);
        observe_fill(&st->seat[p].deck, pool, n, &next);
    }
}

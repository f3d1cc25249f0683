/* observe.c: what a seat may know (observe) and a consistent random guess of the rest
 * (determinize). Hidden: the opponent's hand, both decks' order and contents, and the face-down
 * Attack card until it is revealed (its owner sees it); in the events of the last apply, the
 * cards drawn and placed face down by the other seat (core/event.h, hidden through the layout). Deck lists are public (ruling), so the
 * unknown cards of a seat are its deck list minus every card of that seat the observer sees. */
#include "games/leaders/leaders.h"

#include <string.h>

#include "core/pool.h"

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

/* Marks as seen every card of owner that the state shows somewhere. */
static void observe_seen(const leaders_state *st, int owner, carta_pool *pool)
{
    const leaders_seat *s = &st->seat[owner];
    carta_pool_seen_all(pool, s->hand.cards, s->hand.n, LEADERS_UNKNOWN);
    carta_pool_seen_all(pool, s->deck.cards, s->deck.n, LEADERS_UNKNOWN);
    carta_pool_seen_all(pool, s->discard.cards, s->discard.n, LEADERS_UNKNOWN);
    for (int i = 0; i < st->n_events; i++)
        if (((st->events[i] & LEADERS_EVENT_SEAT1) != 0) == (owner == 1))
            carta_pool_seen(pool, (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1));
    if (st->active == owner && st->facedown != LEADERS_NONE && st->facedown != LEADERS_UNKNOWN)
        carta_pool_seen(pool, st->facedown);
}

/* The next pooled card for the face-down card, an Attack card if the pool has one. */
static uint16_t observe_facedown(const carta_rules *rules, carta_pool *pool)
{
    for (int i = pool->next; i < pool->n; i++) {
        const leaders_def *d = leaders_def_of(rules, pool->cards[i]);
        if (d && d->type == LEADERS_T_ATTACK) {
            uint16_t t = pool->cards[pool->next];
            pool->cards[pool->next] = pool->cards[i];
            pool->cards[i] = t;
            break;
        }
    }
    return pool->next < pool->n ? pool->cards[pool->next++] : LEADERS_UNKNOWN;
}

void leaders_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed)
{
    leaders_state *st = state;
    if (!carta_layout_observed(&rules->layout, st))
        leaders_observe(rules, st, seat, st);
    carta_rng_seed(&st->rng, seed);
    for (int p = 0; p < LEADERS_SEATS; p++) {
        leaders_seat *s = &st->seat[p];
        carta_pool pool;
        carta_pool_init(&pool, s->deck_list.cards, s->deck_list.n);
        observe_seen(st, p, &pool);
        carta_pool_deal(&pool, &st->rng);
        if (st->active == p && st->facedown == LEADERS_UNKNOWN)
            st->facedown = observe_facedown(rules, &pool);
        carta_pool_fill(&pool, s->hand.cards, s->hand.n, LEADERS_UNKNOWN, LEADERS_UNKNOWN);
        carta_pool_fill(&pool, s->deck.cards, s->deck.n, LEADERS_UNKNOWN, LEADERS_UNKNOWN);
    }
}

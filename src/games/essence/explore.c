/* explore.c: the Exploration Phase (3.2): the stack chosen, the Explore Limit fixed by the hand
 * size at its start, cards revealed until the limit or a Monster. */
#include "games/essence/essence.h"

/* 3.2 "HAND SIZE ► EXPLORE LIMIT": 6 or less: three cards; 7 or 8: two; 9 or more: one. */
int ess_explore_limit(const carta_rules *r, const ess_state *st)
{
    (void)r;
    int hand = st->seat[st->active].hand.n;
    return hand <= 6 ? 3 : hand <= 8 ? 2 : 1;
}

int ess_can_explore(const carta_rules *r, const ess_state *st, int realm)
{
    if (st->stack[realm].n)
        return 1;
    for (int i = 0; i < st->grave.n; i++) {
        const ess_card *c = ess_card_of(r, st->grave.cards[i]);
        if (c->realm == realm &&
            (c->kind == ESS_K_ESSENCE || c->kind == ESS_K_MONSTER || c->kind == ESS_K_UNICORN))
            return 1;
    }
    return 0;
}

void ess_explore_begin(const carta_rules *r, ess_state *st, int realm)
{
    int limit = ess_explore_limit(r, st);
    if (realm == ESS_FOREST)
        limit += ess_passive(r, st, st->active, ESS_PA_EXPLORE_FOREST);
    st->phase = ESS_PHASE_EXPLORE;
    st->explore_realm = (uint8_t)realm;
    st->explore_limit = (uint8_t)limit;
    st->turn_flags |= ESS_T_EXPLORED;
    carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1,
                    ESS_W_EXPLORES + realm, limit + st->explore_bonus, realm);
    /* 4.1: a spell may pause the game "amidst any other action including ... exploration": the
     * opponents may answer the choice of a stack before its first card (settle reveals it) */
    ess_respond_open(r, st, ESS_WHEN_EXPLORE);
}

static int explore_room(const ess_state *st)
{
    int limit = st->explore_limit + st->explore_bonus;
    return st->revealed.n < (limit < ESS_REVEAL_MAX ? limit : ESS_REVEAL_MAX);
}

int ess_explore_goes_on(const carta_rules *r, const ess_state *st)
{
    return !(st->turn_flags & ESS_T_CAVE_IN) && explore_room(st) &&
           ess_can_explore(r, st, st->explore_realm);
}

/* The revealed Essences join the active player's hand, seen by all. */
static void explore_collect(ess_state *st)
{
    while (st->revealed.n) {
        uint16_t card = carta_zone_take(CARTA_ZONE_REF(&st->revealed), 0, NULL);
        ess_hand_add(st, st->active, card, CARTA_SEEN_ALL);
        carta_event_move(&st->events, st->active, card, CARTA_SEEN_ALL, ESS_W_REVEALED,
                         ESS_W_HAND, ESS_W_TAKES);
    }
}

void ess_explore_next(const carta_rules *r, ess_state *st)
{
    int realm = st->explore_realm;
    if (ess_stack_top(r, st, realm) < 0) {
        ess_explore_end(r, st);
        return;
    }
    ess_pile *stack = &st->stack[realm];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(stack), stack->n - 1, NULL);
    carta_event_add(&st->events, CARTA_EV_REVEAL, st->active, -1, card, CARTA_SEEN_ALL, -1, 0,
                    st->revealed.n + 1, realm);
    if (ess_card_of(r, card)->kind == ESS_K_MONSTER) { /* "that ends the Exploration" */
        explore_collect(st);
        ess_combat_begin(r, st, card, realm, 0);
        return;
    }
    carta_zone_push(CARTA_ZONE_REF(&st->revealed), card, 0);
    if (!ess_explore_goes_on(r, st))
        ess_explore_end(r, st);
    else
        ess_respond_open(r, st, ESS_WHEN_EXPLORE);
}

void ess_explore_end(const carta_rules *r, ess_state *st)
{
    (void)r;
    explore_collect(st);
    carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1,
                    ESS_W_ENDS_EXPLORATION, 0, 0);
    st->phase = ESS_PHASE_ARCANE;
}

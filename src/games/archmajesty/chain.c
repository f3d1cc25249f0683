/* chain.c: CHAIN (CARD TERMINOLOGY, CHAIN; ruling R112): "A chained effect repeats itself
 * targeting a different character within range of the previous target. If a chained effect
 * doesn't have a specified range, use the range of the original effect." A card's {chain: N}
 * after its stage's attack repeats that attack (and the effects between) up to N times, each
 * time on a character of the other side not yet targeted by the chain, within range of the
 * previous target, the caster's pick. */
#include "games/archmajesty/archmajesty.h"

#include "core/assert.h"

static int chain_targeted(const am_attack *a, int t)
{
    if (a->chained[t / 8] & (1 << t % 8))
        return 1;
    for (int i = 0; i < a->n; i++)
        if (a->roll[i].target == t)
            return 1;
    return 0;
}

/* The previous target t may be chained from to u: the first target of attack a within range. */
static int chain_from(const am_state *st, const am_attack *a, int range, int u)
{
    for (int i = 0; i < a->n; i++)
        if (am_char_dist(st, a->roll[i].target, u) <= range)
            return a->roll[i].target;
    return -1;
}

static int chain_ok(const am_state *st, const am_attack *a, int ch, int range, int u)
{
    const am_char *c = &st->ch[u];
    return c->side != st->ch[ch].side && !(c->flags & (AM_C_KO | AM_C_GONE)) &&
           !chain_targeted(a, u) && chain_from(st, a, range, u) >= 0;
}

int am_chain_actions(const am_state *st, const carta_pending *f, carta_action *out)
{
    const am_attack *a = &st->attack[f->arg[1]];
    int n = 0;
    for (int u = 0; u < st->n_chars; u++)
        if (chain_ok(st, a, f->arg[0], f->arg[2], u))
            out[n++] = AM_ACT(AM_A_CHAIN, u, 0);
    return n;
}

int am_chain_offer(const carta_rules *r, am_state *st, int ch, int slot, int links, int range)
{
    (void)r;
    const am_attack *a = &st->attack[slot];
    carta_pending probe = {.kind = AM_F_CHAIN, .arg = {(int16_t)ch, (int16_t)slot,
                                                       (int16_t)range}};
    carta_action buf[AM_CHARS];
    if (a->chain >= links || (st->ch[ch].flags & AM_C_KO) || st->phase == AM_P_OVER ||
        am_chain_actions(st, &probe, buf) == 0)
        return 0; /* the chain ends: its links made, or nobody left in range */
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CHAIN, am_seat_of(st, ch));
    *f = probe;
    f->seat = (int8_t)am_seat_of(st, ch);
    return 1;
}

void am_chain_apply(const carta_rules *r, am_state *st, carta_action a)
{
    const carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CHAIN);
    int u = AM_A(a), range = f->arg[2];
    int from = chain_from(st, &st->attack[f->arg[1]], range, u);
    carta_pending_pop(&st->pending);
    am_tell(st, u, AM_W_CHAINED, 0, 0);
    am_cast_relink(r, st, u, from, range);
}

int am_chain_reaches(const am_state *st, const am_attack *a, int target)
{
    const am_char *t = &st->ch[target];
    return !(t->flags & (AM_C_KO | AM_C_GONE)) &&
           am_char_dist(st, a->chain_from - 1, target) <= a->chain_range;
}

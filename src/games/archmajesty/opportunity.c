/* opportunity.c: OPPORTUNITY as a trigger (CARD TERMINOLOGY, OPPORTUNITY; ruling R117):
 * "Opportunity has no intrinsic properties, but can act as a trigger for certain cards and
 * abilities. An enemy provides opportunity when... They enter or exit a square next to you. They
 * target you or an ally with an attack or effect." The ability with handler `opportunist` answers
 * it: when an enemy provides opportunity to its mage, the mage may make a basic attack against
 * that enemy (BASIC ATTACKS: melee or ranged, whichever reaches), once a round. */
#include "games/archmajesty/archmajesty.h"

/* OPPORTUNITY frame arguments */
enum { O_CH = 0, O_ENEMY };

/* Whether mage m's opportunist ability is ready and its character able to answer. */
static int opportunity_ready(const carta_rules *r, const am_state *st, int m)
{
    int slot = am_ability_slot(r, st, m, AM_H_OPPORTUNIST);
    const am_char *c = &st->ch[st->mage[m].ch];
    return slot >= 0 && !(st->mage[m].round_used & (1u << slot)) &&
           !(c->flags & (AM_C_KO | AM_C_GONE)) && st->phase != AM_P_OVER &&
           st->n_attacks < AM_ATTACKS && st->pending.n < CARTA_PENDING_MAX - 8;
}

int am_opportunity_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                           carta_action *out)
{
    int n = 0;
    for (int k = 0; k < 2; k++)
        if (am_reaches(r, st, f->arg[O_CH], &r->basic[k], f->arg[O_ENEMY]))
            out[n++] = AM_ACT(AM_A_SEIZE, f->arg[O_ENEMY], k);
    out[n++] = AM_ACT(AM_A_SEIZE, f->arg[O_ENEMY], 2);
    return n;
}

/* Asks mage m whether to seize the opportunity enemy provides (when a basic attack reaches). */
static void opportunity_offer(const carta_rules *r, am_state *st, int m, int enemy)
{
    int ch = st->mage[m].ch;
    carta_pending probe = {.kind = AM_F_OPPORTUNITY, .arg = {(int16_t)ch, (int16_t)enemy}};
    carta_action buf[3];
    if (st->ch[enemy].side == st->ch[ch].side || !opportunity_ready(r, st, m) ||
        am_opportunity_actions(r, st, &probe, buf) < 2)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_OPPORTUNITY, m);
    *f = probe;
    f->seat = (int8_t)m;
    am_tell(st, enemy, AM_W_OPPORTUNITY, m + 1, 0);
}

void am_opportunity_moved(const carta_rules *r, am_state *st, int ch, int from)
{
    am_minion_opportunity_moved(r, st, ch, from); /* a minion's ability (R135) */
    for (int m = 0; m < st->n_mages; m++) {
        int at = st->ch[st->mage[m].ch].cell, large = st->ch[ch].large;
        if (am_block_dist(from, large, at, 0) == 1 || am_dist_to(st, ch, at) == 1)
            opportunity_offer(r, st, m, ch);
    }
}

void am_opportunity_attacked(const carta_rules *r, am_state *st, int slot)
{
    am_minion_opportunity_attacked(r, st, slot); /* a minion's ability (R135) */
    const am_attack *a = &st->attack[slot];
    for (int m = 0; m < st->n_mages; m++) {
        int targets_side = 0;
        for (int i = 0; i < a->n; i++)
            targets_side |= st->ch[a->roll[i].target].side == AM_ALLIES;
        if (targets_side)
            opportunity_offer(r, st, m, a->attacker);
    }
}

void am_opportunity_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[O_CH], m = st->ch[ch].mage, kind = AM_B(a);
    carta_pending_pop(&st->pending);
    if (kind == 2)
        return;
    st->mage[m].round_used |= (uint8_t)(1u << am_ability_slot(r, st, m, AM_H_OPPORTUNIST));
    am_cast_push(st, ch, AM_CAST_BASIC, kind | (AM_A(a) + 1) << 1); /* a forced target */
}

/* opportunity.c: OPPORTUNITY as a trigger (CARD TERMINOLOGY, OPPORTUNITY; ruling R117):
 * "Opportunity has no intrinsic properties, but can act as a trigger for certain cards and
 * abilities. An enemy provides opportunity when... They enter or exit a square next to you. They
 * target you or an ally with an attack or effect." The ability with handler `opportunist` answers
 * it: when an enemy provides opportunity to its mage, the mage may make a basic attack against
 * that enemy (BASIC ATTACKS: melee or ranged, whichever reaches), once a round. A card in the
 * mage's hand with an "Opportunity:" effect answers it too: the mage may put it into the Void
 * for that effect (R151, R152). One answer per opportunity. */
#include "games/archmajesty/archmajesty.h"

/* OPPORTUNITY frame arguments: O_SEIZE, whether the opportunist's basic attack is offered */
enum { O_CH = 0, O_ENEMY, O_SEIZE };
/* AM_A_SEIZE's b: a basic attack (0 melee, 1 ranged), letting it pass, or a hand card + O_CARD */
enum { O_PASS = 2, O_CARD = 3 };

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
    int n = 0, enemy = f->arg[O_ENEMY];
    for (int k = 0; k < 2 && f->arg[O_SEIZE]; k++)
        if (am_reaches(r, st, f->arg[O_CH], &r->basic[k], enemy))
            out[n++] = AM_ACT(AM_A_SEIZE, enemy, k);
    const am_hand *hand = &st->mage[st->ch[f->arg[O_CH]].mage].hand;
    for (int i = 0; i < hand->n; i++)
        if (am_first_copy(hand, i) && am_spell_of(r, hand->cards[i])->opportunity)
            out[n++] = AM_ACT(AM_A_SEIZE, enemy, O_CARD + i);
    out[n++] = AM_ACT(AM_A_SEIZE, enemy, O_PASS);
    return n;
}

/* Asks mage m whether to seize the opportunity enemy provides: with its opportunist ability (when
 * ready and a basic attack reaches) or a card's Opportunity effect. */
static void opportunity_offer(const carta_rules *r, am_state *st, int m, int enemy)
{
    int ch = st->mage[m].ch;
    if (st->ch[enemy].side == st->ch[ch].side || (st->ch[ch].flags & (AM_C_KO | AM_C_GONE)) ||
        st->phase == AM_P_OVER || st->pending.n >= CARTA_PENDING_MAX - 8)
        return;
    int seize = opportunity_ready(r, st, m) && (am_reaches(r, st, ch, &r->basic[0], enemy) ||
                                                 am_reaches(r, st, ch, &r->basic[1], enemy));
    carta_pending probe = {.kind = AM_F_OPPORTUNITY,
                           .arg = {(int16_t)ch, (int16_t)enemy, (int16_t)seize}};
    /* a deck as built (public, R32) with an "Opportunity:" card is asked at every
     * opportunity, whatever its hand holds: the question tells nobody what is in it (R152) */
    if (!probe.arg[O_SEIZE] && !(st->mage[m].traits & AM_TRAIT_OPPORTUNITY))
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
    if (kind == O_PASS)
        return;
    if (kind >= O_CARD) { /* the card to the Void, its Opportunity effect resolves (R151) */
        int ref = am_spell_of(r, st->mage[m].hand.cards[kind - O_CARD])->opportunity;
        am_to_void(st, m, kind - O_CARD, AM_W_OPPORTUNITY_CARD);
        am_cast_push(st, ch, AM_CAST_PITCH, ref);
        return;
    }
    st->mage[m].round_used |= (uint8_t)(1u << am_ability_slot(r, st, m, AM_H_OPPORTUNIST));
    am_cast_push(st, ch, AM_CAST_BASIC, kind | (AM_A(a) + 1) << 1); /* a forced target */
}

/* ability.c: the Avatars' abilities (5.1 AVATARS AND THEIR ABILITIES) and the Fate Bonuses
 * (2.4 FATE AND THE FATE DECK). An active ability is used once a turn in its phase and makes a
 * Fate check; a passive one applies by itself alongside the action it names. */
#include "games/essence/essence.h"

#include "core/assert.h"

int ess_passive(const carta_rules *r, const ess_state *st, int seat, int on)
{
    uint16_t avatar = st->seat[seat].avatar;
    if (avatar == ESS_NONE || avatar == ESS_UNKNOWN)
        return 0;
    const ess_card *c = ess_card_of(r, avatar);
    return c->pas_on == on ? c->pas_amount : 0;
}

int ess_ability_usable(const carta_rules *r, const ess_state *st, int seat, int when)
{
    uint16_t avatar = st->seat[seat].avatar;
    if (avatar == ESS_NONE || !st->seat[seat].uses)
        return 0;
    const ess_card *c = ess_card_of(r, avatar);
    if (c->act_when != when || (when == ESS_WHEN_THEIR_COMBAT) == (seat == st->active))
        return 0;
    switch (c->act_effect) {
    case ESS_AB_ATTACK_FATE:
    case ESS_AB_INVULNERABLE:
    case ESS_AB_WILLPOWER_FATE: return st->combat.monster != ESS_NONE;
    case ESS_AB_DRAW_STACK:
        return ess_can_explore(r, st, ESS_FOREST) || ess_can_explore(r, st, ESS_MINES) ||
               ess_can_explore(r, st, ESS_UNDERWORLD);
    case ESS_AB_DRAW_FOREST: return ess_can_explore(r, st, ESS_FOREST);
    default: return 1;
    }
}

void ess_ability_begin(const carta_rules *r, ess_state *st, int seat)
{
    (void)r;
    st->seat[seat].uses--;
    carta_pending *f = carta_pending_push(&st->pending, ESS_FR_ABILITY, seat);
    f->arg[0] = ESS_ST_FATE;
    f->arg[1] = (int16_t)ESS_NONE;
    carta_event_add(&st->events, CARTA_EV_ACT, seat, -1, st->seat[seat].avatar, CARTA_SEEN_ALL,
                    -1, ESS_W_USES, 0, 0);
}

static void ability_effect(const carta_rules *r, ess_state *st, carta_pending *f,
                           const ess_card *c)
{
    int seat = f->seat, number = f->arg[2];
    switch (c->act_effect) {
    case ESS_AB_EXPLORE:
        st->explore_bonus = (uint8_t)(st->explore_bonus + c->act_amount);
        f->arg[3] |= ESS_CAST_FATE_KEPT; /* 3.1: "placed right above the Avatar card" */
        carta_event_add(&st->events, CARTA_EV_COUNTER, seat, -1, -1, 0, -1, ESS_W_EXPLORE_LIMIT,
                        c->act_amount, st->explore_bonus);
        break;
    case ESS_AB_ATTACK_FATE: ess_combat_add(st, number, 0); break;
    case ESS_AB_WILLPOWER_FATE: ess_combat_add(st, 0, number); break;
    case ESS_AB_INVULNERABLE:
        st->combat.flags |= ESS_C_INVULNERABLE;
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_INVULNERABLE, 0, 0);
        break;
    case ESS_AB_DRAW_FOREST:
        for (int k = 0; k < (c->act_amount ? c->act_amount : 1); k++)
            ess_draw(r, st, seat, ESS_FOREST, ESS_W_DRAWS);
        break;
    default: break;
    }
    if (c->act_effect == ESS_AB_ATTACK_FATE || c->act_effect == ESS_AB_WILLPOWER_FATE)
        ess_combat_told(r, st);
}

int ess_ability_step(const carta_rules *r, ess_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int seat = f->seat;
    const ess_card *avatar = ess_card_of(r, st->seat[seat].avatar);
    if (f->arg[0] == ESS_ST_FATE) {
        int fate = ess_fate_draw(r, st, seat, ESS_CHECK_ABILITY);
        const ess_card *c = ess_card_of(r, fate);
        f->arg[1] = (int16_t)fate;
        f->arg[2] = c->number;
        f->arg[0] = ESS_ST_EFFECT;
        ess_bonus_offer(r, st, seat, fate, ESS_CHECK_ABILITY);
        return 0;
    }
    int works = f->arg[2] >= avatar->act_fate;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, st->seat[seat].avatar, CARTA_SEEN_ALL,
                    -1, works ? ESS_W_ABILITY_WORKS : ESS_W_ABILITY_FAILS, f->arg[2],
                    avatar->act_fate);
    if (works)
        ability_effect(r, st, f, avatar);
    ess_fate_done(st, (uint16_t)f->arg[1], f->arg[3] & ESS_CAST_FATE_KEPT);
    carta_pending_pop(&st->pending);
    if (works && avatar->act_effect == ESS_AB_DRAW_STACK) {
        carta_pending *s = carta_pending_push(&st->pending, ESS_FR_STACK, seat);
        s->arg[0] = ESS_FOR_DRAW;
        s->arg[1] = avatar->act_amount ? avatar->act_amount : 1;
    }
    return 0;
}

/* 2.4: "The Fate Bonus is always optional"; one that lasts the whole turn keeps its Fate card
 * beside the Avatar until the end of the turn. */
/* v + a, at most hi. */
static int8_t bonus_add(int v, int a, int hi) { return (int8_t)(v + a > hi ? hi : v + a); }

void ess_bonus_apply(const carta_rules *r, ess_state *st, int seat, int fate, int check)
{
    const ess_card *c = ess_card_of(r, fate);
    carta_pending *below = carta_pending_top(&st->pending);
    int a = c->bonus_amount;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, fate, CARTA_SEEN_ALL, -1, ESS_W_BONUS,
                    a, check);
    switch (c->bonus) {
    case ESS_BO_ATTACK: ess_combat_add(st, a, 0); break;
    case ESS_BO_ATTACK_TURN:
        st->turn_attack = bonus_add(st->turn_attack, a, 100);
        st->combat.flags |= ESS_C_FATE_KEPT;
        break;
    case ESS_BO_LOOT: st->combat.loot = bonus_add(st->combat.loot, a, 100); break;
    case ESS_BO_INVULNERABLE: st->combat.flags |= ESS_C_INVULNERABLE; break;
    case ESS_BO_REFUND:
        if (below && below->kind == ESS_FR_CAST)
            below->arg[9] |= ESS_CAST_REFUND;
        break;
    case ESS_BO_KEEP:
        if (below && below->kind == ESS_FR_CAST)
            below->arg[9] |= ESS_CAST_KEEP;
        break;
    case ESS_BO_SPELL_TURN:
        st->turn_spell_fate = bonus_add(st->turn_spell_fate, a, 6);
        if (below && below->kind == ESS_FR_CAST) {
            below->arg[8] = bonus_add(below->arg[8], a, 6);
            below->arg[9] |= ESS_CAST_FATE_KEPT;
        } else if (below && below->kind == ESS_FR_CLAIM) {
            below->arg[2] = bonus_add(below->arg[2], a, 6);
            below->arg[3] |= ESS_CAST_FATE_KEPT;
        }
        break;
    case ESS_BO_DRAW:
        for (int k = 0; k < (a ? a : 1); k++)
            ess_draw(r, st, seat, ESS_FOREST, ESS_W_DRAWS);
        break;
    case ESS_BO_SIX:
        if (below && below->kind == ESS_FR_ABILITY)
            below->arg[2] = 6;
        break;
    case ESS_BO_AGAIN:
        if (st->seat[seat].uses < 9)
            st->seat[seat].uses++;
        break;
    default: break;
    }
}

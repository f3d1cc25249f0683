/* ability.c: ancestry abilities with a built-in effect (CREATE-A-MAGE, Step 5; R39-R47). An
 * ability names its effect with the data key `handler:`; this file holds the one table of them,
 * and the rules ask for a handler, never for an ability's name. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

const char *const am_handler_names[] = {
    "none", "now_is_not_my_time", "battle_tendency", "machine_heart", "steel_skin",
    "claws_and_wings", "kin_of_the_cosmos", "dragon_breath", "swift_stride",
    "seaborne_athleticism", "ichor_guard",
    "emotion_eater", "steady_aim", "rooted_fury", "opportunist", NULL};

int am_ability_slot(const carta_rules *r, const am_state *st, int mage, int handler)
{
    const am_mage *g = &st->mage[mage];
    for (int i = 0; i < g->n_abilities; i++)
        if (am_thing_of(r, g->ability[i])->handler == handler)
            return i;
    return -1;
}

int am_char_has(const carta_rules *r, const am_state *st, int ch, int handler)
{
    const am_char *c = &st->ch[ch];
    return c->side == AM_ALLIES && !c->minion && am_ability_slot(r, st, c->mage, handler) >= 0;
}

void am_abilities_derive(const carta_rules *r, am_state *st, int m)
{
    static const uint8_t trait[AM_H_COUNT] = {[AM_H_CLAWS_WINGS] = AM_TRAIT_CLAWS,
                                              [AM_H_KIN_COSMOS] = AM_TRAIT_COSMOS,
                                              [AM_H_STEEL_SKIN] = AM_TRAIT_STEEL,
                                              [AM_H_STEADY_AIM] = AM_TRAIT_STEADY};
    am_mage *g = &st->mage[m];
    g->traits = 0;
    for (int i = 0; i < g->n_abilities; i++)
        g->traits |= trait[am_thing_of(r, g->ability[i])->handler];
    for (int i = 0; i < g->list.n; i++) {
        const am_spell *s = am_spell_of(r, g->list.cards[i]);
        if (s && s->opportunity)
            g->traits |= AM_TRAIT_OPPORTUNITY;
    }
}

static void ability_say(am_state *st, int ch, int word, int amount, int value)
{
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL, -1,
                    word, amount, value);
}

/* Machine Heart: "At the start of each round you gain 1 Scrap, then for each Scrap you currently
 * have you gain 5 armour points up to a maximum of 25" (R72). */
void am_ability_round_start(const carta_rules *r, am_state *st, int m)
{
    am_mage *g = &st->mage[m];
    /* Elemental Oil lasts "until the end of the round"; no attack comes between a round's end
     * and the next one's start, so it is washed off here (item.c). */
    memset(g->oil, 0, sizeof g->oil);
    if (am_ability_slot(r, st, m, AM_H_MACHINE_HEART) < 0 || (st->ch[g->ch].flags & AM_C_KO))
        return;
    am_char *c = &st->ch[g->ch]; /* the mage's own scrap, the one SCRAP speaks of (R110) */
    if (c->scrap < AM_SCRAP_MAX)
        c->scrap++;
    int ap = c->scrap * 5 > 25 ? 25 : c->scrap * 5;
    c->ap = (int16_t)(c->ap + ap);
    ability_say(st, g->ch, AM_W_SCRAP, c->scrap, ap);
}

int am_status_gained(const am_state *st, int ch, int status, int count)
{
    const am_char *c = &st->ch[ch];
    if (AM_POSITIVE(status) || c->side != AM_ALLIES || c->minion ||
        !(st->mage[c->mage].traits & AM_TRAIT_STEEL))
        return count;
    return count > 2 ? count - 2 : 0; /* Steel Skin, Stone Bones */
}

void am_add_status(am_state *st, int ch, int status, int count)
{
    am_char *c = &st->ch[ch];
    count = am_status_gained(st, ch, status, count);
    if (!count)
        return;
    int v = c->status[status] + count;
    c->status[status] = (uint8_t)(v > AM_COUNTERS ? AM_COUNTERS : v); /* R13 */
    am_tell(st, ch, AM_W_STATUS + status, count, c->status[status]);
}

/* Battle Tendency: "Whenever you form a combo with at least one card of each colour, you gain 1
 * Empower, 2 Surge, and 3 Swift counters." */
void am_ability_released(const carta_rules *r, am_state *st, int m)
{
    const am_mage *g = &st->mage[m];
    if (am_ability_slot(r, st, m, AM_H_BATTLE_TENDENCY) < 0)
        return;
    int colours = 0;
    for (int i = 0; i < g->combo.n; i++)
        colours |= am_spell_of(r, g->combo.cards[i])->colour;
    if ((colours & (AM_RED | AM_GREEN | AM_BLUE)) != (AM_RED | AM_GREEN | AM_BLUE))
        return;
    ability_say(st, g->ch, AM_W_TENDENCY, 0, 0);
    am_add_status(st, g->ch, AM_EMPOWER, 1);
    am_add_status(st, g->ch, AM_SURGE, 2);
    am_add_status(st, g->ch, AM_SWIFT, 3);
}

int am_jump_cost(const am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    return c->side == AM_ALLIES && !c->minion && (st->mage[c->mage].traits & AM_TRAIT_CLAWS) ? 1
                                                                                          : 3;
}

int am_kin_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out)
{
    const am_char *c = &st->ch[ch];
    if (c->side != AM_ALLIES || c->minion || (c->flags & AM_C_KO) ||
        !(st->mage[c->mage].traits & AM_TRAIT_COSMOS))
        return 0;
    int slot = am_ability_slot(r, st, c->mage, AM_H_KIN_COSMOS);
    int air = !(c->flags & AM_C_AIRBORNE);
    if ((st->mage[c->mage].turn_used & (1u << slot)) || am_char_at(st, c->cell, air) >= 0 ||
        am_blocked(st, c->cell, air)) /* not grounded over an object (R92) */
        return 0;
    out[0] = AM_ACT(AM_A_KIN, air, slot);
    return 1;
}

void am_kin_apply(const carta_rules *r, am_state *st, carta_action a)
{
    (void)r;
    int ch = st->active;
    am_char *c = &st->ch[ch];
    st->mage[c->mage].turn_used |= (uint8_t)(1u << AM_B(a));
    if (AM_A(a))
        c->flags |= AM_C_AIRBORNE;
    else
        c->flags &= (uint8_t)~AM_C_AIRBORNE;
    am_tell_at(st, ch, AM_A(a) ? AM_W_KIN_AIR : AM_W_KIN_GROUND);
}

int am_breath_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out)
{
    const am_char *c = &st->ch[ch];
    /* R72: it leaves 1 HP */
    if (c->side != AM_ALLIES || c->minion || (c->flags & AM_C_KO) || c->hp <= 5)
        return 0;
    const am_mage *g = &st->mage[c->mage];
    int slot = am_ability_slot(r, st, c->mage, AM_H_DRAGON_BREATH), n = 0;
    if (slot < 0 || (g->round_used & (1u << slot)))
        return 0;
    for (int i = 0; i < g->hand.n; i++)
        for (int k = 0; k < 2 && am_first_copy(&g->hand, i); k++)
            out[n++] = AM_ACT(AM_A_BREATH, k, i);
    return n;
}

void am_breath_apply(const carta_rules *r, am_state *st, carta_action a)
{
    int ch = st->active, mage = st->ch[ch].mage;
    am_mage *g = &st->mage[mage];
    g->round_used |= (uint8_t)(1u << am_ability_slot(r, st, mage, AM_H_DRAGON_BREATH));
    st->ch[ch].hp = (int16_t)(st->ch[ch].hp - 5);
    ability_say(st, ch, AM_W_BREATH, 5, st->ch[ch].hp);
    am_to_void(st, mage, AM_B(a), AM_W_DISCARDS);
    am_cast_push(st, ch, AM_CAST_BASIC, AM_A(a));
}

/* Mage m's ability of handler offers a shift of who (up to squares), unless used this round. */
static void ability_offer_shift(const carta_rules *r, am_state *st, int m, int handler, int who,
                                int squares)
{
    const am_mage *g = &st->mage[m];
    int slot = am_ability_slot(r, st, m, handler);
    if (slot < 0 || (g->round_used & (1u << slot)) || (st->ch[g->ch].flags & AM_C_KO) ||
        squares <= 0 || st->pending.n >= CARTA_PENDING_MAX - 4)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_SHIFT, m);
    f->arg[0] = (int16_t)who;
    f->arg[1] = (int16_t)squares;
    f->arg[3] = (int16_t)(slot + 1);
    f->arg[5] = (int16_t)m;
}

void am_char_moved(const carta_rules *r, am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    for (int m = 0; m < st->n_mages; m++) {
        int mine = st->mage[m].ch;
        if (c->side == AM_ENEMIES)
            ability_offer_shift(r, st, m, AM_H_SWIFT_STRIDE, mine, am_shift_distance(st, mine, 6));
        else if (mine != ch && am_char_dist(st, mine, ch) == 1 && !(c->flags & AM_C_KO))
            ability_offer_shift(r, st, m, AM_H_SEABORNE, ch, 6);
    }
}

void am_shift_taken(const carta_rules *r, am_state *st, carta_pending *f)
{
    (void)r;
    f->arg[4] = 1;
    if (f->arg[3]) /* the ability is used once it moves someone */
        st->mage[f->arg[5]].round_used |= (uint8_t)(1u << (f->arg[3] - 1));
}

/* PARRYING: "If you guard or protect against an attack that fails to hit, you parry it.";
 * AUTOMATIC PARRY: "Automatic parries count as regular parries when triggering effects." */
static int ability_parried(const am_state *st, const am_attack *a, int ch)
{
    for (int i = 0; i < a->n; i++) {
        const am_roll *ro = &a->roll[i];
        if (ro->target == ch && (ro->flags & AM_R_PARRIED))
            return 1;
        if ((ro->flags & (AM_R_HIT | AM_R_GONE)) || !ro->guard)
            continue;
        if ((ro->target == ch && (a->guarded & (1u << i))) || (a->protected_ & (1u << (ch % 8))))
            return 1;
    }
    (void)st;
    return 0;
}

void am_ichor_offer(const carta_rules *r, am_state *st, int slot, const am_spell *s)
{
    const am_attack *a = &st->attack[slot];
    if (!s->melee || st->ch[a->attacker].side != AM_ENEMIES ||
        (st->ch[a->attacker].flags & AM_C_KO) || st->n_attacks >= AM_ATTACKS)
        return;
    for (int m = 0; m < st->n_mages; m++) {
        int k = am_ability_slot(r, st, m, AM_H_ICHOR_GUARD), ch = st->mage[m].ch;
        if (k < 0 || (st->mage[m].round_used & (1u << k)) || (st->ch[ch].flags & AM_C_KO) ||
            !ability_parried(st, a, ch) || st->pending.n >= CARTA_PENDING_MAX - 4)
            continue;
        carta_pending *f = carta_pending_push(&st->pending, AM_F_ICHOR, m);
        f->arg[0] = (int16_t)ch;
        f->arg[1] = a->attacker;
    }
}

int am_ichor_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out)
{
    int n = 0, attacker = f->arg[1];
    for (int t = st->n_mages; t < st->n_chars; t++)
        for (int k = 0; k < 2; k++)
            if (t != attacker && st->ch[t].side == AM_ENEMIES &&
                am_reaches(r, st, attacker, &r->basic[k], t))
                out[n++] = AM_ACT(AM_A_ICHOR, t, k);
    out[n++] = AM_ACT(AM_A_ICHOR, 0, 2);
    return n;
}

void am_ichor_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int mage = st->ch[f->arg[0]].mage, attacker = f->arg[1];
    carta_pending_pop(&st->pending);
    if (AM_B(a) == 2)
        return;
    st->mage[mage].round_used |= (uint8_t)(1u << am_ability_slot(r, st, mage, AM_H_ICHOR_GUARD));
    am_cast_push(st, attacker, AM_CAST_BASIC, AM_B(a) | (AM_A(a) + 1) << 1);
}

/* ---- Emotion Eater (R47) ---- */

/* "At the start of each encounter, choose a negative status effect." The last mage's frame is
 * pushed first, so the first mage chooses first. */
void am_ability_encounter_start(const carta_rules *r, am_state *st)
{
    for (int m = st->n_mages - 1; m >= 0; m--)
        if (am_ability_slot(r, st, m, AM_H_EMOTION_EATER) >= 0) {
            carta_pending *f = carta_pending_push(&st->pending, AM_F_EMOTION, m);
            f->arg[0] = (int16_t)m;
        }
}

/* "Whenever you target a character with the chosen status effect, you may exploit it once. If you
 * do, you gain 1 Surge counter.": each enemy the attack targets (once however many of its rolls
 * are on it) that has a counter of the status. */
void am_emotion_offer(const carta_rules *r, am_state *st, int slot)
{
    const am_attack *a = &st->attack[slot];
    const am_char *x = &st->ch[a->attacker];
    if (x->side != AM_ALLIES || x->minion || !st->mage[x->mage].emotion ||
        am_ability_slot(r, st, x->mage, AM_H_EMOTION_EATER) < 0)
        return;
    int status = st->mage[x->mage].emotion - 1;
    for (int i = a->n - 1; i >= 0; i--) {
        int t = a->roll[i].target, seen = 0;
        for (int k = i + 1; k < a->n; k++)
            seen |= a->roll[k].target == t;
        if (seen || st->ch[t].side == x->side || !st->ch[t].status[status] ||
            (st->ch[t].flags & AM_C_GONE) || st->pending.n >= CARTA_PENDING_MAX - 4)
            continue;
        carta_pending *f = carta_pending_push(&st->pending, AM_F_EAT, x->mage);
        f->arg[0] = a->attacker;
        f->arg[1] = (int16_t)t;
        f->arg[2] = (int16_t)status;
    }
}

int am_emotion_actions(const am_state *st, const carta_pending *f, carta_action *out)
{
    int n = 0;
    if (f->kind == AM_F_EMOTION) {
        for (int s = 0; s < AM_STATUS; s++)
            if (!AM_POSITIVE(s))
                out[n++] = AM_ACT(AM_A_EMOTION, 0, s);
        return n;
    }
    const am_char *t = &st->ch[f->arg[1]];
    if (t->status[f->arg[2]] && !(t->flags & AM_C_GONE) && !(st->ch[f->arg[0]].flags & AM_C_KO))
        out[n++] = AM_ACT(AM_A_EAT, f->arg[1], f->arg[2]);
    out[n++] = AM_ACT(AM_A_NO_EAT, 0, 0);
    return n;
}

/* The exploit is the status's own effect (status.c); Stun and Freeze have none, so their counter
 * is only removed. */
void am_emotion_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0];
    carta_pending_pop(&st->pending);
    if (AM_KIND(a) == AM_A_EMOTION) {
        st->mage[ch].emotion = (uint8_t)(AM_B(a) + 1);
        ability_say(st, st->mage[ch].ch, AM_W_EMOTION + AM_B(a), 0, 0);
        return;
    }
    if (AM_KIND(a) != AM_A_EAT)
        return;
    int t = AM_A(a), s = AM_B(a);
    if (s == AM_STUN || s == AM_FREEZE) {
        st->ch[t].status[s]--;
        am_tell(st, t, AM_W_EXPLOITED + s, st->ch[t].status[s], 0);
    } else {
        am_exploit_apply(r, st, a, st->ch[ch].mage);
    }
    if (!(st->ch[ch].flags & AM_C_KO))
        am_add_status(st, ch, AM_SURGE, 1);
}

/* Steady Aim (Quickdraw Archer): "Your attacks against an enemy 4 or more squares away gain a
 * +1/+0 bonus." */
int am_steady_aim(const am_state *st, int attacker, int target)
{
    const am_char *c = &st->ch[attacker];
    return c->side == AM_ALLIES && !c->minion && (st->mage[c->mage].traits & AM_TRAIT_STEADY) &&
           am_char_dist(st, attacker, target) >= 4;
}

/* Rooted Fury (Stonefist Warrior): "Once per round, while you are grounded, when you hit an enemy
 * with a melee attack, gain 10 armour points that last until the end of the round." */
void am_rooted_fury(const carta_rules *r, am_state *st, int attacker, const am_spell *s)
{
    const am_char *c = &st->ch[attacker];
    if (c->side != AM_ALLIES || c->minion || !s->melee || (c->flags & (AM_C_AIRBORNE | AM_C_KO)))
        return;
    int slot = am_ability_slot(r, st, c->mage, AM_H_ROOTED_FURY);
    if (slot < 0 || (st->mage[c->mage].round_used & (1u << slot)))
        return;
    st->mage[c->mage].round_used |= (uint8_t)(1u << slot);
    st->ch[attacker].ap = (int16_t)(st->ch[attacker].ap + 10);
    am_tell(st, attacker, AM_W_ROOTED_FURY, 10, st->ch[attacker].ap);
}

/* item.c: personal equipment in combat (PERSONAL EQUIPMENT): channelling a card's attacks through
 * a weapon (CHANNELING SPELLS THROUGH WEAPONS; R29, R70), expending consumables (CONSUMABLE ITEMS;
 * R52, R71; Ward Stone's bonus, R74), and the choice at 0 HP that Sacred Leaf and Now Is Not My
 * Time give. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

enum { TYPE_METAL = 10, TYPE_FLORA = 7 }; /* indexes of am_type_names */

/* Elemental Oil's choices: "Fire & Burn, Toxic & Poison, Wind & Whirlwind, Water & Splash, or
 * Metal & Expose" (the types are indexes of am_type_names). */
const uint8_t am_oil_status[5] = {AM_BURN, AM_POISON, AM_WHIRLWIND, AM_SPLASH, AM_EXPOSE};
const uint8_t am_oil_type[5] = {2, 11, 5, 3, 10};

/* The reach of weapon w for spell s, or 0 when s cannot be channelled through it: a melee card
 * through a melee weapon, a ranged card through a ranged one (R70). */
static int item_reach(const am_thing *w, const am_spell *s)
{
    if (!s->range || s->roll == AM_ROLL_NONE)
        return 0;
    return s->melee ? w->melee : w->ranged;
}

static const am_thing *item_weapon(const carta_rules *r, const am_state *st, int ch, int i)
{
    const am_char *c = &st->ch[ch];
    if (c->side != AM_ALLIES || i < 0 || i >= st->mage[c->mage].n_items)
        return NULL;
    int id = st->mage[c->mage].item[i];
    return am_type_of(r, id) == AM_T_WEAPON ? am_thing_of(r, id) : NULL;
}

int am_channel_offered(const carta_rules *r, const am_state *st, int ch, const am_spell *s)
{
    const am_char *c = &st->ch[ch];
    for (int i = 0; c->side == AM_ALLIES && i < st->mage[c->mage].n_items; i++) {
        const am_thing *w = item_weapon(r, st, ch, i);
        if (w && item_reach(w, s))
            return 1;
    }
    return 0;
}

const am_spell *am_channelled(const carta_rules *r, const am_state *st, int ch, const am_spell *s,
                              int channel, am_spell *buf)
{
    const am_thing *w = channel > 0 ? item_weapon(r, st, ch, (channel & 15) - 1) : NULL;
    if (!w && s->melee && s->roll != AM_ROLL_NONE && st->ch[ch].side == AM_ALLIES &&
        (st->mage[st->ch[ch].mage].traits & AM_TRAIT_CLAWS)) {
        *buf = *s; /* Claws & Wings: an unchannelled melee attack gains +2/+2 */
        buf->x = (int8_t)(buf->x + 2);
        buf->y = (int8_t)(buf->y + 2);
        return buf;
    }
    if (!w)
        return s;
    *buf = *s;
    int reach = item_reach(w, s);
    buf->range = (uint8_t)reach;
    buf->melee = (uint8_t)(s->melee && reach <= 1); /* L1289: a longer melee reach spans layers */
    buf->x = (int8_t)(buf->x + w->x);
    buf->y = (int8_t)(buf->y + w->y);
    if (w->piercing)
        buf->keywords |= AM_K_PIERCING;
    buf->knell = (uint8_t)(buf->knell + w->knell); /* "Multiple sources of Knell stack" */
    if (channel >> 4)
        buf->types |= 1u << ((channel >> 4) == 1 ? TYPE_METAL : TYPE_FLORA);
    int oil = st->mage[st->ch[ch].mage].oil[(channel & 15) - 1];
    for (int e = 0; e < 5; e++) /* Elemental Oil: "gain the chosen element" */
        if (oil & (1 << e))
            buf->types |= 1u << am_oil_type[e];
    return buf;
}

int am_channel_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out)
{
    int ch = f->arg[0], n = 0;
    const am_spell *s = am_spell_ref(r, f->arg[1]);
    for (int i = 0; i < st->mage[st->ch[ch].mage].n_items; i++) {
        const am_thing *w = item_weapon(r, st, ch, i);
        for (int t = 0; w && item_reach(w, s) && t < 3; t++)
            out[n++] = AM_ACT(AM_A_CHANNEL, i, t);
    }
    out[n++] = AM_ACT(AM_A_NO_WEAPON, 0, 0);
    return n;
}

void am_channel_push(am_state *st, int ch, int ref)
{
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CHANNEL, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    f->arg[1] = (int16_t)ref;
}

/* The choice goes to the CAST frame below as (item + 1) | added type << 4; 0: no weapon. */
void am_channel_apply(const carta_rules *r, am_state *st, carta_action a)
{
    (void)r;
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0], mage = st->ch[ch].mage;
    carta_pending_pop(&st->pending);
    int channel = AM_KIND(a) == AM_A_CHANNEL ? (AM_A(a) + 1) | AM_B(a) << 4 : 0;
    am_cast_channel_set(st, channel);
    if (channel)
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1,
                        st->mage[mage].item[AM_A(a)], CARTA_SEEN_ALL, -1,
                        AM_W_CHANNELS + AM_B(a), 0, 0);
}

/* ---- consumables (PERSONAL EQUIPMENT, CONSUMABLE ITEMS; List: Consumables; R52, R71) ---- */

static const am_thing *item_consumable(const carta_rules *r, const am_mage *g, int i)
{
    const am_thing *t = am_thing_of(r, g->item[i]);
    return am_type_of(r, g->item[i]) == AM_T_CONSUMABLE && t->use && g->used[i] < t->uses ? t
                                                                                          : NULL;
}

/* Whether item i is the first of its name with uses left: one action per consumable name. */
static int item_first_usable(const carta_rules *r, const am_mage *g, int i)
{
    for (int k = 0; k < i; k++)
        if (g->item[k] == g->item[i] && item_consumable(r, g, k))
            return 0;
    return 1;
}

/* A Grenado's 3x3 area ("place a 3x3 area within range"), placed as a card's (area.c): its
 * centre within range and in sight, holding an enemy (Fire) or a character (Smoke) (R71, R90).
 * The smoke stays: each of its placements is a choice of its own. */
static am_area_rule item_area_rule(const am_state *st, int user, const am_thing *t)
{
    int smoke = t->use == AM_USE_SMOKE;
    return (am_area_rule){st->ch[user].cell, t->reach, 3, 3, st->ch[user].side,
                          smoke ? AM_WHOM_CHARACTERS : AM_WHOM_ENEMIES, 0, smoke, 0, 0,
                          st->ch[user].large};
}

/* The 3x3 area centred on centre: its top left square. */
static int item_area_at(int centre) { return centre - AM_W - 1; }

/* Ward Stone's bonus: 1 + the frame index of each Guard or Protect declared and not yet resolved
 * (an EFFECT frame, answer.c: arg0 the action, 1 the character taking it, 2 its Guard Value) by a
 * character within reach of user (R74). */
static int item_ward_targets(const am_state *st, int user, const am_thing *t, int i,
                             carta_action *out)
{
    int n = 0;
    for (int k = 0; k < st->pending.n; k++) {
        const carta_pending *f = &st->pending.frame[k];
        if (f->kind == AM_F_EFFECT && (f->arg[0] == AM_A_GUARD || f->arg[0] == AM_A_PROTECT) &&
            am_char_dist(st, user, f->arg[1]) <= t->reach)
            out[n++] = AM_ACT(AM_A_USE, i, 1 + k);
    }
    return n;
}

/* Elemental Oil: b = mage * 40 + weapon * 5 + element, a weapon of a mage within reach. */
static int item_oil_targets(const carta_rules *r, const am_state *st, int user, const am_thing *t,
                            int i, carta_action *out)
{
    int n = 0;
    for (int m = 0; m < st->n_mages; m++) {
        int ch = st->mage[m].ch;
        if ((st->ch[ch].flags & (AM_C_KO | AM_C_GONE)) ||
            am_char_dist(st, user, ch) > t->reach)
            continue;
        for (int w = 0; w < st->mage[m].n_items; w++)
            for (int e = 0; item_weapon(r, st, ch, w) && e < 5; e++)
                out[n++] = AM_ACT(AM_A_USE, i, m * 40 + w * 5 + e);
    }
    return n;
}

static int item_targets(const carta_rules *r, const am_state *st, int user, const am_thing *t,
                        int i, carta_action *out)
{
    int n = 0;
    if (t->use == AM_USE_TOKEN) { /* Ward Stone: its token, or +amount to a guard or protect */
        out[0] = AM_ACT(AM_A_USE, i, 0);
        return 1 + (t->amount ? item_ward_targets(st, user, t, i, out + 1) : 0);
    }
    if (t->use == AM_USE_OIL)
        return item_oil_targets(r, st, user, t, i, out);
    if (t->use == AM_USE_FIRE || t->use == AM_USE_SMOKE) {
        am_place places[2 * AM_CELLS];
        am_area_rule rule = item_area_rule(st, user, t);
        int k = am_area_places(st, &rule, places, 2 * AM_CELLS);
        for (int p = 0; p < k; p++)
            out[n++] = AM_ACT(AM_A_USE, i, places[p].centre);
        return n;
    }
    for (int c = 0; c < st->n_chars; c++) /* heal, draw: an ally within range */
        if (st->ch[c].side == AM_ALLIES && !(st->ch[c].flags & AM_C_GONE) &&
            am_char_dist(st, user, c) <= t->reach &&
            (t->use == AM_USE_HEAL || !(st->ch[c].flags & AM_C_KO || st->ch[c].minion)))
            out[n++] = AM_ACT(AM_A_USE, i, c);
    return n;
}

int am_use_actions(const carta_rules *r, const am_state *st, int seat, int slow_ok,
                   carta_action *out)
{
    if (seat >= st->n_mages || (st->ch[st->mage[seat].ch].flags & AM_C_KO))
        return 0;
    const am_mage *g = &st->mage[seat];
    int n = 0;
    for (int i = 0; i < g->n_items; i++) {
        const am_thing *t = item_consumable(r, g, i);
        if (t && t->use != AM_USE_LEAF && (slow_ok || !t->slow) && item_first_usable(r, g, i))
            n += item_targets(r, st, g->ch, t, i, out + n);
    }
    return n;
}

static void item_grenade_fire(const carta_rules *r, am_state *st, int user, int centre,
                              const am_thing *t)
{
    static const uint32_t types = 1u << 0 | 1u << 10 | 1u << 2; /* Physical, Metal, Fire */
    for (int i = 0; i < st->n_chars && st->phase != AM_P_OVER; i++) {
        const am_char *c = &st->ch[i];
        if (c->side != st->ch[user].side && !(c->flags & (AM_C_GONE | AM_C_KO)) &&
            am_area_holds_char(st, item_area_at(centre), 0x33, i)) {
            am_tell(st, i, AM_W_AUTO_HIT, 0, 0);
            am_damage(r, st, i, t->amount, types, 0, -1);
        }
    }
}

static void item_say(am_state *st, int ch, int word, int amount, int value)
{
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL, -1,
                    word, amount, value);
}

void am_use_apply(const carta_rules *r, am_state *st, carta_action a)
{
    int seat = am_to_act(r, st), i = AM_A(a), b = AM_B(a);
    am_mage *g = &st->mage[seat];
    const am_thing *t = am_thing_of(r, g->item[i]);
    g->used[i]++;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, g->item[i], CARTA_SEEN_ALL, -1,
                    AM_W_USES, t->uses - g->used[i], 0);
    switch (t->use) {
    case AM_USE_HEAL: am_heal(st, b, t->amount); return;
    case AM_USE_DRAW: am_draw(st, st->ch[b].mage, 1); return;
    case AM_USE_FIRE: item_grenade_fire(r, st, g->ch, b, t); return;
    case AM_USE_SMOKE:
        if (st->n_smoke < 2)
            st->smoke[st->n_smoke++] = (uint8_t)item_area_at(b);
        item_say(st, g->ch, AM_W_SMOKE, b % AM_W + 1, b / AM_W + 1);
        return;
    case AM_USE_OIL: { /* until the end of the round (cleared at the next one's start) */
        int m = b / 40, w = b / 5 % 8, e = b % 5;
        st->mage[m].oil[w] |= (uint8_t)(1u << e);
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, st->mage[m].item[w], CARTA_SEEN_ALL,
                        -1, AM_W_OIL + e, m + 1, 0);
        return;
    }
    default: /* AM_USE_TOKEN */
        if (b) { /* Ward Stone: "Grant a +5 bonus to a single guard or protect action." */
            carta_pending *f = &st->pending.frame[b - 1];
            f->arg[2] = (int16_t)(f->arg[2] + t->amount); /* the EFFECT frame's value */
            item_say(st, g->ch, AM_W_WARD, t->amount, 0);
            return;
        }
        for (int k = 0; k < t->token_count && st->n_tokens < AM_TOKENS; k++)
            st->token[st->n_tokens++] = (am_token){g->ch, t->token_kind, t->token_range,
                                                   t->token_value};
        item_say(st, g->ch, AM_W_TOKENS, t->token_count, 0);
        return;
    }
}

/* "On hit: They gain 1 status counter of the chosen type." (Elemental Oil), offered for Status
 * Conversion as a card's inflicted counters are. */
void am_oil_hit(const carta_rules *r, am_state *st, int slot, int i)
{
    const am_attack *a = &st->attack[slot];
    const am_char *x = &st->ch[a->attacker];
    int t = a->roll[i].target;
    if (x->side != AM_ALLIES || !a->channel ||
        !item_weapon(r, st, a->attacker, (a->channel & 15) - 1))
        return;
    int oil = st->mage[x->mage].oil[(a->channel & 15) - 1];
    for (int e = 0; e < 5 && !(st->ch[t].flags & AM_C_GONE); e++) {
        if (!(oil & (1 << e)))
            continue;
        int s = am_oil_status[e], gained = am_status_gained(st, t, s, 1);
        am_add_status(st, t, s, 1);
        if (gained && st->ch[t].side != x->side && !(st->ch[t].flags & AM_C_KO))
            am_offer_conversion(st, a->attacker, t, s, gained);
    }
}

int am_smoke_bonus(const am_state *st, int ch)
{
    for (int k = 0; k < st->n_smoke; k++)
        if (am_area_holds_char(st, st->smoke[k], 0x33, ch))
            return 5;
    return 0;
}

int am_smoke_at(const am_state *st, int k) { return st->smoke[k]; }

/* ---- reduced to 0 HP: Sacred Leaf, Now Is Not My Time ---- */

int am_leaf_item(const carta_rules *r, const am_state *st, int mage)
{
    const am_mage *g = &st->mage[mage];
    for (int i = 0; i < g->n_items; i++) {
        const am_thing *t = item_consumable(r, g, i);
        if (t && t->use == AM_USE_LEAF)
            return i;
    }
    return -1;
}

static int item_not_my_time(const carta_rules *r, const am_state *st, int mage)
{
    int slot = am_ability_slot(r, st, mage, AM_H_NOT_MY_TIME);
    return slot >= 0 && !(st->mage[mage].spent & (1u << slot)) ? slot : -1;
}

int am_zero_hp_offer(const carta_rules *r, am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    if (c->side != AM_ALLIES || c->minion ||
        (am_leaf_item(r, st, c->mage) < 0 && item_not_my_time(r, st, c->mage) < 0))
        return 0;
    for (int k = 0; k < st->pending.n; k++)
        if (st->pending.frame[k].kind == AM_F_ZERO_HP && st->pending.frame[k].arg[0] == ch)
            return 1;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_ZERO_HP, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    return 1;
}

int am_zero_hp_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out)
{
    int n = 0, mage = st->ch[f->arg[0]].mage, leaf = am_leaf_item(r, st, mage);
    int slot = item_not_my_time(r, st, mage);
    if (leaf >= 0)
        out[n++] = AM_ACT(AM_A_STAND, 0, leaf);
    if (slot >= 0)
        out[n++] = AM_ACT(AM_A_STAND, 1, slot);
    out[n++] = AM_ACT(AM_A_FALL, 0, 0);
    return n;
}

void am_zero_hp_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0], mage = st->ch[ch].mage;
    am_mage *g = &st->mage[mage];
    carta_pending_pop(&st->pending);
    if (AM_KIND(a) == AM_A_FALL) {
        am_knock_out(r, st, ch);
        return;
    }
    if (AM_A(a) == 0) {
        g->used[AM_B(a)]++;
        carta_event_add(&st->events, CARTA_EV_NOTE, mage, -1, g->item[AM_B(a)], CARTA_SEEN_ALL,
                        -1, AM_W_USES, 0, 0);
    } else {
        g->spent |= (uint8_t)(1u << AM_B(a));
        am_char *c = &st->ch[ch];
        int v = c->status[AM_EMPOWER] + 2;
        c->status[AM_EMPOWER] = (uint8_t)(v > AM_COUNTERS ? AM_COUNTERS : v);
        am_tell(st, ch, AM_W_STATUS + AM_EMPOWER, 2, c->status[AM_EMPOWER]);
    }
    st->ch[ch].hp = 1;
    am_tell(st, ch, AM_W_ONE_HP, 0, 0);
}

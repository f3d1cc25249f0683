/* minion_ability.c: Minion Abilities (MINIONS: "Minions always have at least one active or
 * passive ability ... These abilities are described referring to "you", which in this case
 * refers to the Minion itself. You, the player who controls it, are always referred to as the
 * controller.") and a minion's own Start and End Phases. A minion's sheet names ability entries;
 * one with a `trigger` resolves its `effect` (compiled as a utility card) on the minion, on an
 * ally its controller picks (`to: ally`) or on its controller (`to: controller`). Its turn is its
 * controller's ("Minions always take their turn at the same time as their controller"), so what
 * lasts on it until the start or end of its turn ends in its controller's Start or End Phase.
 * An ability without a trigger is active: its controller uses it as a Command (R142-R145).
 * Rulings R128-R130, R142-R145. */
#include "games/archmajesty/archmajesty.h"

/* ---- passive abilities: the mage's keys hp, mp and resist, on the minion (R128) ---- */

int am_minion_hp(const carta_rules *r, int sheet)
{
    const am_minion_sheet *m = am_minion_of(r, sheet);
    int hp = am_enemy_of(r, sheet)->hp;
    for (int k = 0; m && k < m->n_abilities; k++)
        hp += am_thing_of(r, m->ability[k])->hp;
    return hp > 1 ? hp : 1;
}

int am_minion_move(const carta_rules *r, int sheet)
{
    const am_minion_sheet *m = am_minion_of(r, sheet);
    int mp = am_enemy_of(r, sheet)->move;
    for (int k = 0; m && k < m->n_abilities; k++)
        mp += am_thing_of(r, m->ability[k])->mp;
    return mp;
}

uint32_t am_minion_resist(const carta_rules *r, int sheet)
{
    const am_minion_sheet *m = am_minion_of(r, sheet);
    uint32_t resist = 0;
    for (int k = 0; m && k < m->n_abilities; k++)
        resist |= am_thing_of(r, m->ability[k])->resist;
    return resist;
}

int am_controller_of(const am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    return c->minion && c->mage != AM_NONE ? st->mage[c->mage].ch : ch;
}

int am_minion_op_ok(const am_op *op, int active)
{
    int k = op->kind, to = op->to;
    if (k == AM_OP_DRAW || k == AM_OP_MILL || k == AM_OP_TOKEN)
        return to == AM_TO_CONTROLLER; /* a minion has no deck, and spends no tokens */
    if (k == AM_OP_ATTACK || k == AM_OP_INFLICT || k == AM_OP_PUSH || k == AM_OP_PULL ||
        k == AM_OP_SHIFT) /* a target on the map: a CAST frame's, in the controller's turn */
        return active && to == AM_TO_SELF;
    return k == AM_OP_GAIN || k == AM_OP_HEAL || k == AM_OP_ARMOUR || k == AM_OP_DEFENCE ||
           k == AM_OP_BOOST;
}

static int minion_able(const am_state *st, int ch)
{
    return st->ch[ch].minion && !(st->ch[ch].flags & (AM_C_KO | AM_C_GONE));
}

/* One effect of the ability: "you" is the minion ch. */
static void ability_op(const carta_rules *r, am_state *st, int ch, const am_op *op, int ability)
{
    if (op->to == AM_TO_ALLY || op->to == AM_TO_OTHER_ALLY) {
        if (st->pending.n < CARTA_PENDING_MAX - 4) /* room kept for what the frame asks */
            am_ally_offer(r, st, ch, op, ability, 0); /* "Ally": at any distance (R129) */
        return;
    }
    int who = op->to == AM_TO_CONTROLLER ? am_controller_of(st, ch) : ch;
    if (st->ch[who].flags & (AM_C_KO | AM_C_GONE))
        return;
    if (op->timing != AM_NOW)
        am_lasting_add(r, st, who, op, ability, ch);
    else
        am_self_effect(r, st, who, op);
}

/* Minion ch's abilities of that trigger resolve, in the order its sheet lists them. */
static void ability_trigger(const carta_rules *r, am_state *st, int ch, int trigger)
{
    const am_minion_sheet *m = am_minion_of(r, st->ch[ch].def);
    for (int k = 0; m && k < m->n_abilities && minion_able(st, ch); k++) {
        const am_thing *t = am_thing_of(r, m->ability[k]);
        if (t->trigger != trigger || !t->effect)
            continue;
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, m->ability[k],
                        CARTA_SEEN_ALL, st->ch[ch].def, AM_W_MINION_ABILITY, 0, 0);
        const am_spell *s = &r->spell[t->effect - 1];
        for (int i = 0; i < s->n_ops; i++)
            ability_op(r, st, ch, &s->op[i], m->ability[k]);
    }
}

void am_minion_phase(const carta_rules *r, am_state *st, int mage, int which)
{
    for (int i = st->n_mages; i < st->n_chars; i++) {
        if (!st->ch[i].minion || st->ch[i].mage != mage || (st->ch[i].flags & AM_C_GONE))
            continue;
        am_lasting_phase(r, st, i, which);
        if (which == AM_P_START)
            st->ch[i].ability_turn = 0; /* its turn begins: "once during your turn" anew */
        ability_trigger(r, st, i, which == AM_P_START ? AM_TRIG_TURN_START : AM_TRIG_TURN_END);
    }
}

void am_minion_hit(const carta_rules *r, am_state *st, int slot)
{
    const am_attack *a = &st->attack[slot];
    if (!a->hits || !minion_able(st, a->attacker))
        return;
    for (int i = 0; i < a->n; i++)
        if ((a->roll[i].flags & AM_R_HIT) && st->ch[a->roll[i].target].side == AM_ENEMIES) {
            ability_trigger(r, st, a->attacker, AM_TRIG_HIT); /* once an attack */
            return;
        }
}

void am_minion_attacked(const carta_rules *r, am_state *st, int slot)
{
    const am_attack *a = &st->attack[slot];
    for (int i = 0; i < a->n; i++) {
        int t = a->roll[i].target, seen = 0;
        for (int k = 0; k < i; k++)
            seen |= a->roll[k].target == t;
        if (!seen && minion_able(st, t))
            ability_trigger(r, st, t, AM_TRIG_ATTACKED);
    }
}

/* ---- OPPORTUNITY (R135) ---- */

void am_minion_opportunity_moved(const carta_rules *r, am_state *st, int ch, int from)
{
    if (st->ch[ch].side != AM_ENEMIES)
        return;
    for (int i = st->n_mages; i < st->n_chars; i++) {
        int at = st->ch[i].cell;
        if (minion_able(st, i) && (am_dist(from, at) == 1 || am_dist(st->ch[ch].cell, at) == 1))
            ability_trigger(r, st, i, AM_TRIG_OPPORTUNITY);
    }
}

/* "They target you or an ally with an attack or effect": any character of the minion's side. */
void am_minion_opportunity_attacked(const carta_rules *r, am_state *st, int slot)
{
    const am_attack *a = &st->attack[slot];
    int allies = 0;
    for (int i = 0; i < a->n; i++)
        allies |= st->ch[a->roll[i].target].side == AM_ALLIES;
    if (!allies || st->ch[a->attacker].side != AM_ENEMIES)
        return;
    for (int i = st->n_mages; i < st->n_chars; i++)
        if (minion_able(st, i))
            ability_trigger(r, st, i, AM_TRIG_OPPORTUNITY);
}

/* ---- active abilities: Commands (R142-R145) ---- */

/* Whether an enemy of character i stands within d squares of it: a shift before the attack
 * could bring it into reach (sight is judged after the shift). */
static int ability_enemy_within(const am_state *st, int i, int d)
{
    for (int e = 0; e < st->n_chars; e++)
        if (st->ch[e].side != st->ch[i].side && !(st->ch[e].flags & (AM_C_KO | AM_C_GONE)) &&
            am_char_dist(st, i, e) <= d)
            return 1;
    return 0;
}

/* Whether minion i may use ability k of its sheet now: active, not used this turn (unless it
 * repeats), paid for, and with an enemy in reach if it attacks (within the range and a shift
 * that comes first, if it has one). */
static int ability_usable(const carta_rules *r, const am_state *st, int i, int k)
{
    const am_char *c = &st->ch[i];
    const am_thing *t = am_thing_of(r, am_minion_of(r, c->def)->ability[k]);
    if (t->trigger != AM_TRIG_ACTIVE || c->cp < t->cost ||
        (!t->repeat && (c->ability_turn & (1u << k))) || st->n_attacks >= AM_ATTACKS ||
        st->pending.n >= CARTA_PENDING_MAX - 8)
        return 0;
    const am_spell *s = &r->spell[t->effect - 1];
    int attacks = 0, shift = 0;
    for (int o = 0; o < s->n_ops; o++) {
        attacks |= s->op[o].kind == AM_OP_ATTACK;
        if (s->op[o].kind == AM_OP_SHIFT)
            shift += am_shift_distance(st, i, s->op[o].count);
    }
    if (!attacks)
        return 1;
    return shift ? ability_enemy_within(st, i, s->range + shift) : am_enemy_can_reach(r, st, i, s);
}

int am_minion_ability_actions(const carta_rules *r, const am_state *st, int i, carta_action *out)
{
    const am_minion_sheet *m = am_minion_of(r, st->ch[i].def);
    int n = 0;
    for (int k = 0; m && k < m->n_abilities; k++)
        if (ability_usable(r, st, i, k))
            out[n++] = AM_ACT(AM_A_ORDER, i, AM_COMMANDS + k);
    return n;
}

void am_minion_ability_use(const carta_rules *r, am_state *st, int i, int k)
{
    am_char *c = &st->ch[i];
    int id = am_minion_of(r, c->def)->ability[k];
    const am_thing *t = am_thing_of(r, id);
    c->cp = (uint8_t)(c->cp - t->cost);
    c->ability_turn |= (uint8_t)(1u << k);
    am_tell(st, i, AM_W_ORDER_ABILITY, t->cost, c->cp);
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, i), -1, id, CARTA_SEEN_ALL, c->def,
                    AM_W_MINION_ABILITY, 0, 0);
    am_cast_push(st, i, AM_CAST_ABILITY, t->effect - 1);
}

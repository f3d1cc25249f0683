/* combo.c: the Cast action (COMBAT, Cast Action; CARD BREAKDOWN, Edge Colours, Combo
 * Requirements, Multi-Stage Cards), the Cantrip and Illuminate actions, and the resolution of a
 * card's stages, which an enemy's attack template shares: targets, the attack, then its effects. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/assert.h"

/* CAST frame arguments */
enum { C_CH = 0, C_KIND, C_CARD, C_STAGE, C_OP, C_FAILED, C_ATTACK, C_BEGUN, C_CARD_FAILED,
       C_CHANNEL };
/* C_BEGUN: 0 the card not begun, 1 begun, 2 + k its CHOICE copy k picked: an option, or a
 * set of options (R111, R131) */
enum { BEGUN_CHOSEN = 2 };
enum { CHANNEL_UNASKED = -1 };
enum { KIND_COMBO = AM_CAST_COMBO, KIND_TEMPLATE = AM_CAST_TEMPLATE,
       KIND_CANTRIP = AM_CAST_CANTRIP, KIND_BASIC = AM_CAST_BASIC, KIND_PITCH = AM_CAST_PITCH,
       KIND_FORETOLD = AM_CAST_FORETOLD, KIND_LINGER = AM_CAST_LINGER,
       KIND_ABILITY = AM_CAST_ABILITY };
enum { ATTACK_NONE = -1, ATTACK_TARGETING = -2 };
/* TARGET frame arguments: the attacker, the spell, the most targets, how many picked, the
 * channel, then the targets picked */
enum { T_CH = 0, T_SPELL, T_MAX, T_N, T_CHANNEL, T_PICKED };
enum { T_CAP = CARTA_PENDING_ARGS - T_PICKED };
/* AREA frame arguments: the placer, the spell, the channel, the op */
enum { A_CH = 0, A_SPELL, A_CHANNEL, A_OP };
#define BASIC_REF 1024

const am_spell *am_spell_ref(const carta_rules *r, int ref)
{
    return ref >= BASIC_REF ? &r->basic[ref - BASIC_REF] : &r->spell[ref];
}

/* Edge Colours: "the colour of one edge must match with at least one colour on the other card's
 * connected edge. Gold edges count as any single colour"; black connects to nothing. */
int am_edges_fit(int right, int left)
{
    if ((right | left) & AM_BLACK)
        return 0;
    return (right | left) & AM_GOLD ? 1 : (right & left) != 0;
}

/* Combo Requirements, judged as the card is added, the combo counted with it (R28). */
static int combo_requirements(const carta_rules *r, const am_combo *combo, const am_spell *s)
{
    int n = combo->n + 1, colours[3] = {0, 0, 0};
    for (int i = 0; i <= combo->n; i++) {
        const am_spell *c = i < combo->n ? am_spell_of(r, combo->cards[i]) : s;
        for (int k = 0; k < 3; k++)
            colours[k] += (c->colour >> k) & 1;
    }
    for (int k = 0; k < 3; k++)
        if (colours[k] < s->req_colour[k])
            return 0;
    return n >= s->req_cards;
}

/* Combo Limit: five, one more per Haste exploited this round, two less while Stunned (Player). */
static int combo_limit(const am_state *st, int mage)
{
    const am_mage *g = &st->mage[mage];
    int limit = g->combo_max + g->haste - (am_stunned(st, g->ch) ? 2 : 0);
    return limit > AM_COMBO ? AM_COMBO : limit < 0 ? 0 : limit;
}

int am_cantrip_allowed(const am_state *st, int mage)
{
    const am_mage *g = &st->mage[mage];
    return !am_stunned(st, g->ch) || g->cantrips == 0; /* Stun, Player: one Cantrip a turn */
}

/* Whether s may be the next card of the combo. */
static int combo_can_add(const carta_rules *r, const am_state *st, int mage, const am_spell *s)
{
    const am_combo *combo = &st->mage[mage].combo;
    if ((s->edge[0] == AM_BLACK && s->edge[1] == AM_BLACK) || combo->n >= combo_limit(st, mage))
        return 0;
    if (combo->n) {
        const am_spell *last = am_spell_of(r, combo->cards[combo->n - 1]);
        if (!am_edges_fit(last->edge[1], s->edge[0]))
            return 0;
    }
    return combo_requirements(r, combo, s);
}

int am_fading(const am_state *st, int mage)
{
    const am_mage *g = &st->mage[mage];
    return g->void_.n >= g->list.n / 2; /* Fading: "half or more of your deck (rounded down)" */
}

int am_main_cast_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out)
{
    const am_mage *g = &st->mage[mage];
    int n = 0;
    if (st->ch[g->ch].flags & AM_C_KO)
        return 0;
    for (int i = 0; i < g->hand.n; i++) {
        if (!am_first_copy(&g->hand, i))
            continue;
        const am_spell *s = am_spell_of(r, g->hand.cards[i]);
        if (!g->cast && combo_can_add(r, st, mage, s))
            out[n++] = AM_ACT(AM_A_CAST, 0, i);
        if ((s->keywords & (AM_K_CANTRIP | AM_K_TRICK)) && am_cantrip_allowed(st, mage) &&
            g->limbo.n < AM_LIMBO)
            out[n++] = AM_ACT(AM_A_CANTRIP, 0, i);
    }
    n += am_pitch_actions(r, st, mage, out + n);
    if (!g->illuminated && am_fading(st, mage))
        out[n++] = AM_ACT(AM_A_ILLUMINATE, 0, 0);
    return n;
}

/* PITCH: "If a [Pitch] effect has [Slow] it can be used during any character's turn, but only if
 * no other action is currently being resolved" (R120): no card, attack or answer on the stack,
 * and no window open on a declared action. */
static int combo_resolving_any(const am_state *st)
{
    for (int k = 0; k < st->pending.n; k++) {
        int kind = st->pending.frame[k].kind;
        if (kind == AM_F_CAST || kind == AM_F_ATTACK || kind == AM_F_EFFECT)
            return 1;
    }
    return 0;
}

/* PITCH: "You may discard a card with [Pitch] as an interrupt in order to resolve the
 * corresponding pitch effect" (R85): a mage not knocked out, each distinct card once, not with the
 * stack nearly full nor while AM_ATTACKS attacks resolve at once. */
int am_pitch_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out)
{
    const am_mage *g = &st->mage[mage];
    int n = 0;
    if ((st->ch[g->ch].flags & AM_C_KO) || st->pending.n > CARTA_PENDING_MAX - 8 ||
        st->n_attacks >= AM_ATTACKS)
        return 0;
    int busy = combo_resolving_any(st);
    for (int i = 0; i < g->hand.n; i++) {
        const am_spell *s = am_spell_of(r, g->hand.cards[i]);
        if (am_first_copy(&g->hand, i) && s->pitch && !(busy && (s->keywords & AM_K_SLOW_PITCH)))
            out[n++] = AM_ACT(AM_A_PITCH, 0, i);
    }
    return n;
}

int am_pitch_declare(const carta_rules *r, am_state *st, int mage, int i)
{
    int ref = am_spell_of(r, st->mage[mage].hand.cards[i])->pitch;
    am_to_void(st, mage, i, AM_W_PITCHES);
    return ref;
}

/* ---- targets ---- */

static int combo_target_ok(const carta_rules *r, const am_state *st, const carta_pending *f,
                           int t)
{
    int ch = f->arg[T_CH];
    am_spell buf;
    const am_spell *s = am_channelled(r, st, ch, am_spell_ref(r, f->arg[T_SPELL]),
                                      f->arg[T_CHANNEL], &buf);
    if (st->ch[t].side == st->ch[ch].side || !am_reaches(r, st, ch, s, t))
        return 0;
    int taunter = st->ch[ch].taunter - 1; /* TAUNT: the taunter only, while it can be (R87) */
    if (taunter >= 0 && t != taunter && am_reaches(r, st, ch, s, taunter) &&
        !(st->ch[t].minion && st->ch[t].mage == st->ch[taunter].mage)) /* "and any Minions you
                                                                          control" (R105) */
        return 0;
    for (int k = 0; k < f->arg[T_N]; k++)
        if (f->arg[T_PICKED + k] == t)
            return 0;
    return 1;
}

/* R146: object k as a target, unless picked already or its attacker taunted by one it reaches. */
static int combo_object_ok(const carta_rules *r, const am_state *st, const carta_pending *f,
                           int k)
{
    int ch = f->arg[T_CH], taunter = st->ch[ch].taunter - 1;
    am_spell buf;
    const am_spell *s = am_channelled(r, st, ch, am_spell_ref(r, f->arg[T_SPELL]),
                                      f->arg[T_CHANNEL], &buf);
    if (!am_object_targetable(st, ch, s, k) ||
        (taunter >= 0 && am_reaches(r, st, ch, s, taunter)))
        return 0;
    for (int i = 0; i < f->arg[T_N]; i++)
        if (f->arg[T_PICKED + i] == AM_OBJECT_TARGET + k)
            return 0;
    return 1;
}

static int combo_targets(const carta_rules *r, const am_state *st, const carta_pending *f,
                         carta_action *out)
{
    int n = 0;
    for (int t = 0; t < st->n_chars; t++)
        if (combo_target_ok(r, st, f, t))
            out[n++] = AM_ACT(AM_A_TARGET, t, 0);
    for (int k = 0; k < st->n_objects; k++)
        if (st->obj[k].hp && combo_object_ok(r, st, f, k))
            out[n++] = AM_ACT(AM_A_TARGET, AM_OBJECT_TARGET + k, 0);
    if (f->arg[T_N])
        out[n++] = AM_ACT(AM_A_TARGETS_DONE, 0, 0);
    return n;
}

/* ---- areas (area.c) ---- */

/* The rule placing the area of the AREA frame's op: the spell as channelled gives the range. */
static am_area_rule combo_area_rule(const carta_rules *r, const am_state *st,
                                    const carta_pending *f)
{
    int ch = f->arg[A_CH];
    am_spell buf;
    const am_spell *s = am_channelled(r, st, ch, am_spell_ref(r, f->arg[A_SPELL]),
                                      f->arg[A_CHANNEL], &buf);
    const am_op *op = &am_spell_ref(r, f->arg[A_SPELL])->op[f->arg[A_OP]];
    am_area_rule rule = {st->ch[ch].cell, s->range, op->x, op->y, st->ch[ch].side, op->arg,
                         op->value, 0, 0, 0, st->ch[ch].large /* R149 */};
    if (op->count) /* a lingering area may go anywhere, and attacks nobody yet (R137) */
        rule.lasting = rule.empty_ok = 1;
    else
        rule.only = am_taunt_mask(st, ch); /* a taunted placer: its taunter only (R138) */
    return rule;
}

static int combo_area_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                              carta_action *out)
{
    am_place places[2 * AM_CELLS];
    am_area_rule rule = combo_area_rule(r, st, f);
    int n = am_area_places(st, &rule, places, 2 * AM_CELLS);
    for (int k = 0; k < n; k++)
        out[k] = AM_ACT(AM_A_AREA, places[k].at, places[k].w << 4 | places[k].h);
    return n;
}

/* Whether the area may be placed anywhere now; with_taunt: heeding the placer's taunt (R138). */
static int combo_area_can(const carta_rules *r, const am_state *st, int ch, int ref, int op,
                          int with_taunt)
{
    carta_pending probe = {.kind = AM_F_AREA};
    probe.arg[A_CH] = (int16_t)ch;
    probe.arg[A_SPELL] = (int16_t)ref;
    probe.arg[A_OP] = (int16_t)op;
    am_place place;
    am_area_rule rule = combo_area_rule(r, st, &probe);
    if (!with_taunt)
        rule.only = 0;
    return am_area_places(st, &rule, &place, 1);
}

/* A taunted placer may declare an area that cannot hold its taunter: it then ceases to be
 * taunted (R87). */
int am_area_offered(const carta_rules *r, const am_state *st, int ch, int ref, int op)
{
    return combo_area_can(r, st, ch, ref, op, 0);
}

int am_combo_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out)
{
    int n = 0;
    switch (f->kind) {
    case AM_F_COMBO: {
        const am_mage *g = &st->mage[f->arg[0]];
        for (int i = 0; i < g->hand.n; i++)
            if (am_first_copy(&g->hand, i) &&
                combo_can_add(r, st, f->arg[0], am_spell_of(r, g->hand.cards[i])))
                out[n++] = AM_ACT(AM_A_ADD, 0, i);
        out[n++] = AM_ACT(AM_A_RELEASE, 0, 0);
        return n;
    }
    case AM_F_BETWEEN:
        n = am_grid_actions(st, f->arg[0], out);
        out[n++] = AM_ACT(AM_A_NEXT, 0, 0);
        return n;
    case AM_F_TARGET:
        return combo_targets(r, st, f, out);
    case AM_F_AREA:
        return combo_area_actions(r, st, f, out);
    default: /* AM_F_SHIFT */
        for (int d = 0; d < 8; d++)
            if (am_can_enter(st, f->arg[0], am_step(st, st->ch[f->arg[0]].cell, d)))
                out[n++] = AM_ACT(AM_A_SHIFT, d, 0);
        if (f->arg[2] <= 0 || !n) /* a shift of "1-2 squares" takes its first square if it can */
            out[n++] = AM_ACT(AM_A_STOP, 0, 0);
        return n;
    }
}

/* ---- resolving ---- */

/* The spell the CAST frame resolves now, or NULL when it is done; *ref gets its reference. */
static const am_spell *combo_current(const carta_rules *r, const am_state *st,
                                     const carta_pending *f, int *ref)
{
    const am_char *c = &st->ch[f->arg[C_CH]];
    if (f->arg[C_KIND] == KIND_BASIC) {
        if (f->arg[C_CARD] < 0)
            return NULL;
        *ref = BASIC_REF + (f->arg[C_CARD] & 1); /* the rest: a forced target + 1 */
        return &r->basic[f->arg[C_CARD] & 1];
    }
    if (f->arg[C_KIND] == KIND_TEMPLATE) {
        if (f->arg[C_CARD] < 0)
            return NULL;
        const am_enemy *e = am_enemy_of(r, c->def);
        *ref = e->templ[f->arg[C_CARD]];
        return &r->spell[*ref];
    }
    if (f->arg[C_KIND] == KIND_FORETOLD) { /* the foretold card due (R116) */
        int d = am_foretold_due(st);
        if (f->arg[C_CARD] < 0 || d < 0)
            return NULL;
        *ref = r->index[st->foretold[d].card];
        return &r->spell[*ref];
    }
    if (f->arg[C_KIND] == KIND_LINGER) { /* a lingering area's stage (R137) */
        if (f->arg[C_CARD] < 0 || (f->arg[C_CARD] & 15) >= st->n_linger)
            return NULL;
        *ref = st->linger[f->arg[C_CARD] & 15].ref;
        return &r->spell[*ref];
    }
    if (f->arg[C_KIND] == KIND_PITCH || f->arg[C_KIND] == KIND_ABILITY) { /* the pitch
                                      effect's own entry (R85), a minion's ability's (R143) */
        if (f->arg[C_CARD] < 0)
            return NULL;
        *ref = f->arg[C_CARD];
        return &r->spell[*ref];
    }
    const am_mage *g = &st->mage[c->mage];
    if (f->arg[C_KIND] == KIND_CANTRIP) {
        if (f->arg[C_CARD] > 0 || !g->limbo.n)
            return NULL;
        *ref = r->index[g->limbo.cards[g->limbo.n - 1]];
        return &r->spell[*ref];
    }
    if (f->arg[C_CARD] >= g->combo.n)
        return NULL;
    *ref = r->index[g->combo.cards[f->arg[C_CARD]]];
    return &r->spell[*ref];
}

/* The same, the option picked (CHOICE, R111) in place of the card once it is picked. */
static const am_spell *combo_resolving(const carta_rules *r, const am_state *st,
                                       const carta_pending *f, int *ref)
{
    const am_spell *s = combo_current(r, st, f, ref);
    if (s && f->arg[C_BEGUN] >= BEGUN_CHOSEN) {
        *ref = s->choice + f->arg[C_BEGUN] - BEGUN_CHOSEN;
        s = &r->spell[*ref];
    }
    return s;
}

static void combo_say(am_state *st, int ch, int card, int word, int amount)
{
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, card, CARTA_SEEN_ALL, -1,
                    word, amount, 0);
}

static void combo_finish(am_state *st, carta_pending *f)
{
    const am_char *c = &st->ch[f->arg[C_CH]];
    if (f->arg[C_ATTACK] >= 0)
        st->n_attacks--;
    if (f->arg[C_KIND] == KIND_CANTRIP) {
        am_mage *g = &st->mage[c->mage];
        uint16_t card = g->limbo.cards[g->limbo.n - 1];
        carta_zone_move(CARTA_ZONE_REF(&g->limbo), g->limbo.n - 1, CARTA_ZONE_REF(&g->void_));
        carta_event_move(&st->events, c->mage, card, CARTA_SEEN_ALL, AM_W_COMBO, AM_W_VOID,
                         AM_W_TO_VOID);
    } else if (f->arg[C_KIND] == KIND_COMBO) {
        am_mage *g = &st->mage[c->mage];
        while (g->combo.n) {
            uint16_t card = g->combo.cards[0];
            carta_zone_move(CARTA_ZONE_REF(&g->combo), 0, CARTA_ZONE_REF(&g->void_));
            carta_event_move(&st->events, c->mage, card, CARTA_SEEN_ALL, AM_W_COMBO, AM_W_VOID,
                             AM_W_TO_VOID);
        }
    } else if (f->arg[C_KIND] == KIND_FORETOLD && am_foretold_due(st) >= 0) {
        am_foretold_done(st);
        carta_pending_pop(&st->pending);
        am_foretold_resolve_next(st, 0); /* the next one due, if any (R116) */
        return;
    }
    carta_pending_pop(&st->pending);
}

/* Whether an op's condition holds, given the stage's attack (or none). */
static int combo_condition(const am_state *st, const carta_pending *f, const am_op *op)
{
    if (op->on == AM_ON_ALWAYS)
        return 1;
    int slot = f->arg[C_ATTACK];
    int hits = slot >= 0 ? st->attack[slot].hits : 0;
    if (op->on == AM_ON_FIXED || op->on == AM_ON_PARRIED) { /* FIXED, PARRYING (R114) */
        if (slot < 0)
            return 0; /* its attack found no target */
        const am_attack *a = &st->attack[slot];
        for (int i = 0; i < a->n; i++) {
            const am_roll *ro = &a->roll[i];
            int parried = (ro->flags & AM_R_PARRIED) ||
                          (ro->guard && (ro->flags & AM_R_ROLLED) && !(ro->flags & AM_R_HIT));
            if (op->on == AM_ON_FIXED ? (ro->flags & AM_R_FIXED) != 0 : parried)
                return 1;
        }
        return 0;
    }
    return op->on == AM_ON_HIT ? hits > 0 : hits == 0;
}

/* An effect of the caster's own on itself, now or when it waited for (lasting.c). */
void am_self_effect(const carta_rules *r, am_state *st, int ch, const am_op *op)
{
    (void)r;
    int mage = st->ch[ch].mage;
    switch (op->kind) {
    case AM_OP_GAIN: am_add_status(st, ch, op->arg, op->count); return;
    case AM_OP_HEAL: am_heal(st, ch, op->count); return;
    case AM_OP_DRAW:
        if (mage != AM_NONE && !st->ch[ch].minion)
            am_draw(st, mage, op->count);
        return;
    case AM_OP_MILL:
        for (int k = 0; k < op->count && mage != AM_NONE && !st->ch[ch].minion &&
                        st->mage[mage].deck.n; k++) {
            am_mage *g = &st->mage[mage];
            uint16_t card = g->deck.cards[g->deck.n - 1];
            carta_zone_move(CARTA_ZONE_REF(&g->deck), g->deck.n - 1, CARTA_ZONE_REF(&g->void_));
            carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_DECK, AM_W_VOID,
                             AM_W_MILLS);
        }
        return;
    case AM_OP_ARMOUR:
        st->ch[ch].ap = (int16_t)(st->ch[ch].ap + op->count);
        am_tell(st, ch, AM_W_AP_GAINED, op->count, st->ch[ch].ap);
        return;
    default: /* AM_OP_TOKEN */
        for (int k = 0; k < op->count && st->n_tokens < AM_TOKENS; k++)
            st->token[st->n_tokens++] = (am_token){(uint8_t)ch, op->arg, op->range, op->value};
        combo_say(st, ch, -1, AM_W_TOKENS, op->count);
        return;
    }
}

/* An effect other than an attack. */
static void combo_effect(const carta_rules *r, am_state *st, carta_pending *f, const am_op *op,
                         int card)
{
    int ch = f->arg[C_CH];
    if (op->cond == AM_IF_BLOODIED && op->kind != AM_OP_INFLICT && !am_bloodied(st, ch))
        return; /* "if you are bloodied" (R75) */
    if (op->to == AM_TO_CONTROLLER) { /* a minion's template: on its controller (R129) */
        ch = am_controller_of(st, ch);
    } else if (op->to) { /* on an ally the caster picks (R118, R132), or each one (R134) */
        const am_spell *s = am_spell_of(r, card);
        if (op->to == AM_TO_EACH_ALLY)
            am_each_ally(r, st, ch, op, card, s ? s->range : 0);
        else
            am_ally_offer(r, st, ch, op, card, s ? s->range : 0);
        return;
    }
    if (op->timing != AM_NOW) { /* a modifier that lasts, or an effect that waits */
        am_lasting_add(r, st, ch, op, card, ch);
        return;
    }
    switch (op->kind) {
    case AM_OP_INFLICT: {
        if (f->arg[C_ATTACK] < 0)
            return; /* its attack had no target */
        const am_attack *a = &st->attack[f->arg[C_ATTACK]];
        for (int i = a->n - 1; i >= 0; i--) {
            int t = a->roll[i].target;
            if (!((a->roll[i].flags & AM_R_HIT) || (op->on == AM_ON_MISS && !(a->roll[i].flags &
                                                                              AM_R_GONE))) ||
                (st->ch[t].flags & AM_C_GONE) ||
                (op->cond == AM_IF_BLOODIED && !am_bloodied(st, t)) ||
                (op->cond == AM_IF_VULNERABLE && !am_vulnerable(st, t)))
                continue;
            int gained = am_status_gained(st, t, op->arg, op->count);
            am_add_status(st, t, op->arg, op->count);
            if (!AM_POSITIVE(op->arg) && gained && st->ch[t].side != st->ch[ch].side &&
                !(st->ch[t].flags & AM_C_KO))
                am_offer_conversion(st, ch, t, op->arg, gained); /* Status Conversion */
        }
        return;
    }
    case AM_OP_GAIN: case AM_OP_HEAL: case AM_OP_DRAW: case AM_OP_MILL: case AM_OP_ARMOUR:
    case AM_OP_TOKEN:
        am_self_effect(r, st, ch, op);
        return;
    case AM_OP_PARRY:
        am_parry_auto(r, st, ch);
        return;
    case AM_OP_SUMMON: /* SUMMON: failing for the command limit fails the stages below (R102) */
        if (!am_summon_op(r, st, ch, am_spell_of(r, card)))
            f->arg[C_FAILED] = 1;
        return;
    case AM_OP_SACRIFICE: /* SACRIFICE: with no minion to sacrifice nothing is triggered (R103) */
        if (!am_sacrifice_op(st, ch))
            f->arg[C_FAILED] = 1;
        return;
    case AM_OP_CLEANSE: /* CLEANSE: up to count of the caster's counters, its choice (R113) */
        am_cleanse_ask(st, ch, ch, op->count);
        return;
    case AM_OP_SCRAP:
        am_scrap_gain(st, ch, op->count);
        return;
    case AM_OP_STREW:
        if (f->arg[C_ATTACK] >= 0)
            am_scrap_strew(st, f->arg[C_ATTACK], op->count);
        return;
    case AM_OP_TAUNT: { /* TAUNT: each character hit (on: hit) is taunted by the caster (R87) */
        if (f->arg[C_ATTACK] < 0)
            return;
        const am_attack *a = &st->attack[f->arg[C_ATTACK]];
        for (int i = 0; i < a->n; i++) {
            int t = a->roll[i].target;
            if (!(a->roll[i].flags & AM_R_HIT) || (st->ch[t].flags & (AM_C_KO | AM_C_GONE)) ||
                st->ch[t].side == st->ch[ch].side)
                continue;
            st->ch[t].taunter = (uint8_t)(ch + 1);
            am_tell(st, t, AM_W_TAUNTED, 0, 0);
        }
        return;
    }
    case AM_OP_PUSH: case AM_OP_PULL: case AM_OP_CARRY: case AM_OP_TELEPORT:
    case AM_OP_AIRBORNE: case AM_OP_GROUNDED: case AM_OP_LIFT:
        am_forced_op(st, ch, f->arg[C_ATTACK], op);
        return;
    case AM_OP_PLACE_OBJECT: /* R147 */
        am_place_op(st, ch, am_spell_of(r, card), op->count);
        return;
    case AM_OP_PUSH_OBJECT: case AM_OP_PULL_OBJECT: /* R155 */
        am_move_object_op(st, ch, am_spell_of(r, card), op);
        return;
    default: { /* AM_OP_SHIFT */
        int squares = am_shift_distance(st, ch, op->count); /* Freeze halves a willing shift */
        if (!squares)
            return;
        carta_pending *s = carta_pending_push(&st->pending, AM_F_SHIFT, am_seat_of(st, ch));
        s->arg[0] = (int16_t)ch;
        s->arg[1] = (int16_t)squares;
        return;
    }
    }
}

/* The attack op: its targets first (a TARGET frame), then the attack itself. */
static void combo_attack_op(const carta_rules *r, am_state *st, carta_pending *f, int ref,
                            const am_op *op)
{
    if (f->arg[C_KIND] == KIND_FORETOLD) { /* FORETOLD: the predetermined targets (R116) */
        uint8_t targets[AM_FORETOLD_TARGETS];
        int n = am_foretold_targets(r, st, f->arg[C_CH], am_spell_ref(r, ref), targets);
        n = n < op->count ? n : op->count;
        if (!n || st->n_attacks >= AM_ATTACKS) {
            f->arg[C_FAILED] = 1;
            f->arg[C_OP]++;
            return;
        }
        f->arg[C_ATTACK] = (int16_t)st->n_attacks;
        am_attack *a = &st->attack[st->n_attacks];
        am_attack_declare(r, st, f->arg[C_CH], am_spell_ref(r, ref), 0, f->arg[C_STAGE], targets,
                          n);
        if (f->arg[C_BEGUN] >= BEGUN_CHOSEN)
            a->variant = (uint8_t)(f->arg[C_BEGUN] - BEGUN_CHOSEN + 1);
        return;
    }
    if (f->arg[C_KIND] == KIND_BASIC && f->arg[C_CARD] >> 1) { /* Ichor Guard's forced target */
        uint8_t t = (uint8_t)((f->arg[C_CARD] >> 1) - 1);
        int ch = f->arg[C_CH], k = f->arg[C_CARD] & 1;
        if (!am_reaches(r, st, ch, &r->basic[k], t) || st->n_attacks >= AM_ATTACKS) {
            f->arg[C_FAILED] = 1;
            f->arg[C_OP]++;
            return;
        }
        f->arg[C_ATTACK] = (int16_t)st->n_attacks;
        am_attack_declare(r, st, ch, &r->basic[k], 0x80 | k, 0, &t, 1);
        return;
    }
    int taunter = st->ch[f->arg[C_CH]].taunter - 1;
    if (taunter >= 0 && !am_reaches(r, st, f->arg[C_CH], am_spell_ref(r, ref), taunter)) {
        st->ch[f->arg[C_CH]].taunter = 0; /* TAUNT: "If a taunted enemy can't target you with an
                                             attack or effect, they cease to be taunted" (R87) */
        am_tell(st, f->arg[C_CH], AM_W_UNTAUNTED, 0, 0);
    }
    carta_pending probe = {.kind = AM_F_TARGET};
    probe.arg[T_CH] = f->arg[C_CH];
    probe.arg[T_SPELL] = (int16_t)ref;
    probe.arg[T_CHANNEL] = f->arg[C_CHANNEL];
    carta_action buf[AM_CHARS + AM_OBJECTS + 1];
    if (combo_targets(r, st, &probe, buf) == 0) {
        f->arg[C_FAILED] = 1; /* no target in reach: the stage fails */
        f->arg[C_OP]++;
        return;
    }
    f->arg[C_ATTACK] = ATTACK_TARGETING;
    carta_pending *t = carta_pending_push(&st->pending, AM_F_TARGET, am_seat_of(st, f->arg[C_CH]));
    *t = probe;
    t->seat = (int8_t)am_seat_of(st, f->arg[C_CH]);
    t->arg[T_MAX] = (int16_t)(op->count < T_CAP ? op->count : T_CAP);
}

static am_attack *combo_declare(const carta_rules *r, am_state *st, int ch, int ref,
                                const uint8_t *targets, int n);

/* An area placed already: a foretold card's, fixed as it was foretold, attacks those within it
 * now (R136); a lingering area's, the one who set it off (R137). */
static void combo_area_fixed(const carta_rules *r, am_state *st, carta_pending *f, int ref)
{
    const am_op *op = &am_spell_ref(r, ref)->op[f->arg[C_OP]];
    uint8_t targets[AM_TARGETS];
    am_place p = {0};
    int n = 0;
    if (f->arg[C_KIND] == KIND_FORETOLD) {
        n = am_foretold_area(r, st, f->arg[C_CH], op, &p, targets);
    } else {
        const am_linger *l = &st->linger[f->arg[C_CARD] & 15];
        targets[0] = (uint8_t)(f->arg[C_CARD] >> 4);
        p = (am_place){l->at, (uint8_t)(l->wh >> 4), (uint8_t)(l->wh & 15), l->at};
        n = am_area_holds_char(st, l->at, l->wh, targets[0]) &&
            !(st->ch[targets[0]].flags & (AM_C_KO | AM_C_GONE));
    }
    if (!n || st->n_attacks >= AM_ATTACKS) {
        f->arg[C_FAILED] = 1;
        f->arg[C_OP]++;
        return;
    }
    if (f->arg[C_KIND] == KIND_FORETOLD) /* objects within it (R141) */
        am_objects_hit(r, st, f->arg[C_CH], am_spell_ref(r, ref), op->arg, p.at, p.w << 4 | p.h);
    am_attack *at = combo_declare(r, st, f->arg[C_CH], ref, targets, n);
    at->area_at = p.at;
    at->area_wh = (uint8_t)(p.w << 4 | p.h);
}

/* The area op: where the area goes first (an AREA frame), then the attack on those within it. */
static void combo_area_op(const carta_rules *r, am_state *st, carta_pending *f, int ref)
{
    int ch = f->arg[C_CH];
    if (f->arg[C_KIND] == KIND_FORETOLD || f->arg[C_KIND] == KIND_LINGER) {
        combo_area_fixed(r, st, f, ref);
        return;
    }
    if (st->ch[ch].taunter && !combo_area_can(r, st, ch, ref, f->arg[C_OP], 1)) {
        st->ch[ch].taunter = 0; /* TAUNT: its area cannot hold the taunter (R87, R138) */
        am_tell(st, ch, AM_W_UNTAUNTED, 0, 0);
    }
    if (!am_area_offered(r, st, ch, ref, f->arg[C_OP]) || st->n_attacks >= AM_ATTACKS) {
        f->arg[C_FAILED] = 1; /* nobody it could attack: the stage fails */
        f->arg[C_OP]++;
        return;
    }
    f->arg[C_ATTACK] = ATTACK_TARGETING;
    carta_pending *a = carta_pending_push(&st->pending, AM_F_AREA, am_seat_of(st, ch));
    a->arg[A_CH] = (int16_t)ch;
    a->arg[A_SPELL] = (int16_t)ref;
    a->arg[A_CHANNEL] = f->arg[C_CHANNEL];
    a->arg[A_OP] = f->arg[C_OP];
}

/* A lingering area's CAST frame starts at the stage and the op of its area (R137). */
static void combo_linger_begin(const am_spell *s, carta_pending *f)
{
    int op = 0;
    while (op < s->n_ops && s->op[op].kind != AM_OP_AREA)
        op++;
    int stage = 0;
    while (stage < s->n_stages - 1 && s->stage_end[stage] <= op)
        stage++;
    f->arg[C_STAGE] = (int16_t)stage;
    f->arg[C_OP] = (int16_t)op;
}

void am_cast_step(const carta_rules *r, am_state *st, carta_pending *f)
{
    int ref = 0;
    const am_spell *s = combo_resolving(r, st, f, &ref);
    int ch = f->arg[C_CH];
    if (!s || (st->ch[ch].flags & AM_C_KO)) {
        combo_finish(st, f);
        return;
    }
    if (!f->arg[C_BEGUN]) {
        f->arg[C_BEGUN] = 1;
        f->arg[C_STAGE] = f->arg[C_OP] = f->arg[C_FAILED] = f->arg[C_CARD_FAILED] = 0;
        f->arg[C_ATTACK] = ATTACK_NONE;
        f->arg[C_CHANNEL] = CHANNEL_UNASKED;
        if (f->arg[C_KIND] == KIND_LINGER)
            combo_linger_begin(s, f);
        if (f->arg[C_KIND] == KIND_COMBO && f->arg[C_CARD] > 0) {
            carta_pending *b = carta_pending_push(&st->pending, AM_F_BETWEEN, am_seat_of(st, ch));
            b->arg[0] = (int16_t)ch; /* Moving & Casting */
            return;
        }
    }
    if (f->arg[C_BEGUN] == 1 && s->n_choices) {
        am_choice_offer(r, st, ch, ref); /* CHOICE: an option first (R111) */
        return;
    }
    if (f->arg[C_ATTACK] == ATTACK_TARGETING)
        return; /* the TARGET frame above declares the attack */
    int stage = f->arg[C_STAGE];
    if (stage >= s->n_stages) {
        if (f->arg[C_CARD_FAILED] && (f->arg[C_KIND] == KIND_FORETOLD ||
                                      f->arg[C_KIND] == KIND_ABILITY ||
                                      (f->arg[C_KIND] < KIND_BASIC &&
                                       f->arg[C_KIND] != KIND_TEMPLATE)))
            combo_say(st, ch, s->id,
                      AM_W_CANNOT_RESOLVE, 0);
        f->arg[C_BEGUN] = 0;
        f->arg[C_CARD] = f->arg[C_KIND] == KIND_TEMPLATE || f->arg[C_KIND] == KIND_BASIC ||
                         f->arg[C_KIND] == KIND_PITCH || f->arg[C_KIND] == KIND_FORETOLD ||
                         f->arg[C_KIND] == KIND_ABILITY ||
                         f->arg[C_KIND] == KIND_LINGER
                             ? -1 : f->arg[C_CARD] + 1;
        return;
    }
    int end = s->stage_end[stage];
    if (f->arg[C_OP] >= end) {
        if (f->arg[C_ATTACK] >= 0)
            st->n_attacks--; /* attacks resolve last in, first out */
        f->arg[C_ATTACK] = ATTACK_NONE;
        if (f->arg[C_FAILED]) { /* Multi-Stage Cards: the stages below fail */
            f->arg[C_CARD_FAILED] = f->arg[C_KIND] != KIND_LINGER;
            f->arg[C_STAGE] = s->n_stages;
            return;
        }
        f->arg[C_STAGE] = f->arg[C_KIND] == KIND_LINGER ? s->n_stages : f->arg[C_STAGE] + 1;
        return;
    }
    const am_op *op = &s->op[f->arg[C_OP]];
    if (am_op_attacks(op->kind) && f->arg[C_ATTACK] == ATTACK_NONE &&
        f->arg[C_CHANNEL] == CHANNEL_UNASKED) {
        f->arg[C_CHANNEL] = 0;
        if (f->arg[C_KIND] != KIND_TEMPLATE && f->arg[C_KIND] != KIND_FORETOLD &&
            f->arg[C_KIND] != KIND_LINGER && f->arg[C_KIND] != KIND_ABILITY &&
            am_channel_offered(r, st, ch, s))
            am_channel_push(st, ch, ref);
        return;
    }
    if (op->kind == AM_OP_AREA && f->arg[C_ATTACK] == ATTACK_NONE) {
        combo_area_op(r, st, f, ref);
        return;
    }
    if (op->kind == AM_OP_ATTACK && f->arg[C_ATTACK] == ATTACK_NONE) {
        combo_attack_op(r, st, f, ref, op);
        return;
    }
    if (am_op_attacks(op->kind)) { /* its attack has resolved */
        const am_attack *a = &st->attack[f->arg[C_ATTACK]];
        if (!a->chain && !a->hits)
            f->arg[C_FAILED] = 1;
        else if (a->chain && a->hits) /* CHAIN: a link that hits carries the stage (R112) */
            f->arg[C_FAILED] = 0;
        f->arg[C_OP]++;
        return;
    }
    f->arg[C_OP]++;
    if (!combo_condition(st, f, op))
        return;
    if (op->kind == AM_OP_CHAIN && f->arg[C_ATTACK] >= 0)
        am_chain_offer(r, st, ch, f->arg[C_ATTACK], op->count, op->range ? op->range : s->range);
    else if (op->kind == AM_OP_PAY_SCRAP && !am_scrap_pay_offer(st, ch, op->count))
        f->arg[C_OP] = s->stage_end[stage]; /* "pay X scrap": unpaid, the stage's rest is not */
    else if (op->kind != AM_OP_CHAIN && op->kind != AM_OP_PAY_SCRAP)
        combo_effect(r, st, f, op, s->id);
}

void am_cast_skip_stage(const carta_rules *r, am_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CAST);
    int ref = 0;
    const am_spell *s = combo_resolving(r, st, f, &ref);
    f->arg[C_OP] = s->stage_end[f->arg[C_STAGE]];
}

/* The template argument of an attack the CAST frame f declares. */
static int combo_templ(const carta_pending *f)
{
    return f->arg[C_KIND] == KIND_TEMPLATE ? f->arg[C_CARD]
           : f->arg[C_KIND] == KIND_BASIC ? 0x80 | (f->arg[C_CARD] & 1) : 0;
}

/* The stage's attack declared on targets by ch for the CAST frame on top (chosen or within an
 * area): its weapon channel, and a CHOICE's option, whose entries the attack uses (R111). */
static am_attack *combo_declare(const carta_rules *r, am_state *st, int ch, int ref,
                                const uint8_t *targets, int n)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CAST);
    f->arg[C_ATTACK] = (int16_t)st->n_attacks;
    am_attack *a = &st->attack[st->n_attacks];
    am_attack_declare(r, st, ch, am_spell_ref(r, ref), combo_templ(f), f->arg[C_STAGE], targets,
                      n);
    a->channel = (uint8_t)f->arg[C_CHANNEL];
    if (f->arg[C_BEGUN] >= BEGUN_CHOSEN)
        a->variant = (uint8_t)(f->arg[C_BEGUN] - BEGUN_CHOSEN + 1);
    return a;
}

/* CHAIN: the stage's attack op once more, on one target, its range from the previous (R112). */
void am_cast_relink(const carta_rules *r, am_state *st, int target, int from, int range)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CAST && f->arg[C_ATTACK] == st->n_attacks - 1);
    int ref = 0;
    const am_spell *s = combo_resolving(r, st, f, &ref);
    am_attack prev = st->attack[f->arg[C_ATTACK]];
    int op = f->arg[C_OP] - 1;
    while (op > 0 && s->op[op].kind != AM_OP_ATTACK)
        op--;
    f->arg[C_OP] = (int16_t)op;
    st->n_attacks--; /* the link before is done: its slot is this one's */
    uint8_t t = (uint8_t)target;
    f->arg[C_ATTACK] = (int16_t)st->n_attacks;
    am_attack *a = &st->attack[st->n_attacks];
    am_attack_declare(r, st, f->arg[C_CH], s, combo_templ(f), f->arg[C_STAGE], &t, 1);
    a->channel = prev.channel;
    a->variant = prev.variant;
    a->chain = (uint8_t)(prev.chain + 1);
    a->chain_from = (uint8_t)(from + 1);
    a->chain_range = (uint8_t)range;
    memcpy(a->chained, prev.chained, sizeof a->chained);
    for (int i = 0; i < prev.n; i++)
        a->chained[prev.roll[i].target / 8] |= (uint8_t)(1 << prev.roll[i].target % 8);
}

/* ---- apply ---- */

/* CHOICE: option k picked for the card the CAST frame on top resolves (R111). */
void am_cast_choose(am_state *st, int k)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CAST);
    f->arg[C_BEGUN] = (int16_t)(BEGUN_CHOSEN + k);
}

void am_cast_channel_set(am_state *st, int channel)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CAST);
    f->arg[C_CHANNEL] = (int16_t)channel;
}

carta_pending *am_cast_push(am_state *st, int ch, int kind, int card)
{
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CAST, am_seat_of(st, ch));
    f->arg[C_CH] = (int16_t)ch;
    f->arg[C_KIND] = (int16_t)kind;
    f->arg[C_CARD] = (int16_t)card;
    f->arg[C_ATTACK] = ATTACK_NONE;
    return f;
}

void am_cantrip_declare(am_state *st, int mage, int i)
{
    am_mage *g = &st->mage[mage];
    uint16_t card = g->hand.cards[i];
    g->cantrips++;
    carta_zone_move(CARTA_ZONE_REF(&g->hand), i, CARTA_ZONE_REF(&g->limbo));
    carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_HAND, AM_W_COMBO,
                     AM_W_CANTRIPS);
}

static void combo_to_combo(am_state *st, int mage, int hand_index, int verb)
{
    am_mage *g = &st->mage[mage];
    uint16_t card = g->hand.cards[hand_index];
    carta_zone_move(CARTA_ZONE_REF(&g->hand), hand_index, CARTA_ZONE_REF(&g->combo));
    carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_HAND, AM_W_COMBO, verb);
}

static void combo_target_pick(const carta_rules *r, am_state *st, carta_pending *t, int target)
{
    carta_action buf[AM_CHARS + AM_OBJECTS + 1];
    if (target >= 0) {
        t->arg[T_PICKED + t->arg[T_N]++] = (int16_t)target;
        if (t->arg[T_N] < t->arg[T_MAX] && combo_targets(r, st, t, buf) > 1)
            return;
    }
    uint8_t targets[T_CAP];
    uint32_t objects = 0;
    int n = 0, picked = t->arg[T_N] < T_CAP ? t->arg[T_N] : T_CAP;
    for (int k = 0; k < picked; k++) {
        int p = t->arg[T_PICKED + k];
        if (p >= AM_OBJECT_TARGET)
            objects |= 1u << (p - AM_OBJECT_TARGET);
        else
            targets[n++] = (uint8_t)p;
    }
    int ch = t->arg[T_CH], ref = t->arg[T_SPELL];
    carta_pending_pop(&st->pending);
    am_objects_struck(r, st, ch, am_spell_ref(r, ref), objects); /* R146: as declared */
    if (n) {
        combo_declare(r, st, ch, ref, targets, n);
        return;
    }
    carta_pending *f = carta_pending_top(&st->pending); /* objects only: no attack to roll */
    f->arg[C_ATTACK] = ATTACK_NONE;
    f->arg[C_OP]++;
}

/* The area placed: the attack on each character of its kind within it (Multi-Attacks). */
static void combo_area_place(const carta_rules *r, am_state *st, carta_pending *t,
                             carta_action a)
{
    am_area_rule rule = combo_area_rule(r, st, t);
    am_place places[2 * AM_CELLS], p = {0};
    int n = am_area_places(st, &rule, places, 2 * AM_CELLS);
    for (int k = 0; k < n; k++)
        if (places[k].at == AM_A(a) && (places[k].w << 4 | places[k].h) == AM_B(a))
            p = places[k];
    uint8_t targets[AM_TARGETS];
    int count = am_area_targets(st, &rule, &p, targets), ch = t->arg[A_CH], ref = t->arg[A_SPELL];
    int t_op = t->arg[A_OP];
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL, -1,
                    AM_W_AREA, p.w, p.h);
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL, -1,
                    AM_W_AREA_CENTRE, p.centre % AM_W + 1, p.centre / AM_W + 1);
    carta_pending_pop(&st->pending);
    if (rule.empty_ok) { /* it lingers: no attack now (R137) */
        carta_pending *f = carta_pending_top(&st->pending);
        am_linger_place(r, st, ch, ref, t_op, &p);
        f->arg[C_ATTACK] = ATTACK_NONE;
        f->arg[C_OP]++;
        return;
    }
    CARTA_ASSERT(count > 0);
    am_objects_hit(r, st, ch, am_spell_ref(r, ref), rule.whom, p.at, p.w << 4 | p.h); /* R141 */
    am_attack *at = combo_declare(r, st, ch, ref, targets, count);
    at->area_at = p.at;
    at->area_wh = (uint8_t)(p.w << 4 | p.h);
}

/* The SHIFT frame ends; a character that shifted may set off an ability (am_char_moved). */
static void combo_shift_done(const carta_rules *r, am_state *st)
{
    const carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0], moved = f->arg[4];
    carta_pending_pop(&st->pending);
    if (moved)
        am_char_moved(r, st, ch);
}

void am_combo_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = st->active;
    int mage = ch != AM_NONE ? st->ch[ch].mage : AM_NONE;
    switch (AM_KIND(a)) {
    case AM_A_CAST: {
        carta_pending *c = carta_pending_push(&st->pending, AM_F_COMBO, mage);
        c->arg[0] = (int16_t)mage;
        st->mage[mage].cast = 1;
        combo_to_combo(st, mage, AM_B(a), AM_W_CASTS);
        return;
    }
    case AM_A_ADD:
        combo_to_combo(st, f->arg[0], AM_B(a), AM_W_ADDS);
        return;
    case AM_A_RELEASE: {
        int m = f->arg[0];
        carta_pending_pop(&st->pending);
        combo_say(st, st->mage[m].ch, -1, AM_W_RELEASES, st->mage[m].combo.n);
        st->mage[m].haste = 0; /* Haste: "the next combo you form this round" */
        am_ability_released(r, st, m);
        am_cast_push(st, st->mage[m].ch, KIND_COMBO, 0);
        return;
    }
    case AM_A_CANTRIP:
        am_cantrip_declare(st, mage, AM_B(a));
        am_cast_push(st, ch, KIND_CANTRIP, 0);
        return;
    case AM_A_PITCH: /* in the mage's own Main Phase: the effect resolves after the window */
        am_cast_push(st, ch, KIND_PITCH, am_pitch_declare(r, st, mage, AM_B(a)));
        return;
    case AM_A_ILLUMINATE: {
        am_mage *g = &st->mage[mage];
        g->illuminated = 1;
        while (g->void_.n)
            carta_zone_move(CARTA_ZONE_REF(&g->void_), 0, CARTA_ZONE_REF(&g->deck));
        carta_zone_shuffle(CARTA_ZONE_REF(&g->deck), &st->rng);
        combo_say(st, ch, -1, AM_W_ILLUMINATES, 0);
        return;
    }
    case AM_A_ATTACK: {
        am_char *c = &st->ch[ch];
        c->uses[AM_A(a)]++;
        c->attacks_left--;
        am_cast_push(st, ch, KIND_TEMPLATE, AM_A(a));
        return;
    }
    case AM_A_NEXT:
        carta_pending_pop(&st->pending);
        return;
    case AM_A_TARGET:
        combo_target_pick(r, st, f, AM_A(a));
        return;
    case AM_A_TARGETS_DONE:
        combo_target_pick(r, st, f, -1);
        return;
    case AM_A_AREA:
        combo_area_place(r, st, f, a);
        return;
    case AM_A_SHIFT: {
        int who = f->arg[0];
        am_char *c = &st->ch[who];
        int from = c->cell;
        c->cell = (uint8_t)am_step(st, c->cell, AM_A(a));
        am_tell_at(st, who, AM_W_SHIFTED_TO);
        am_shift_taken(r, st, f);
        f->arg[2]--;
        if (--f->arg[1] <= 0)
            combo_shift_done(r, st);
        am_opportunity_moved(r, st, who, from); /* OPPORTUNITY (R117) */
        am_scrap_entered(st, who); /* SCRAP on the square entered (R110) */
        am_linger_entered(st, who, from); /* a lingering area entered (R137) */
        return;
    }
    default: /* AM_A_STOP */
        combo_shift_done(r, st);
        return;
    }
}

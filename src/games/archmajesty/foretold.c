/* foretold.c: FORETOLD/X (CARD TERMINOLOGY, FORETOLD/X; ruling R116): "After the draw phase ends,
 * you may play a card or resolve an attack with [Foretold] as a [Cantrip]. If you do, you must
 * determine who your targets are [...]. After X turns have passed, or at the end of the round
 * (whichever comes first), resolve the effects of the [Foretold] effect(s) against the
 * predetermined targets as a [Trick]. If a predetermined target moves out of the range of the
 * foretold effect, that effect automatically fails against that target." A mage foretells in
 * its Cycling Step decision (after the Draw Step); the card waits in its stack (limbo) with a
 * record in am_state.foretold; combo.c resolves it as AM_CAST_FORETOLD. A card whose attack is an
 * area has its placement fixed as it is foretold, and attacks those within it as it resolves
 * (R136). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/assert.h"

/* The card's first attack op (on chosen targets or an area), or NULL. */
static const am_op *foretold_attack(const am_spell *s)
{
    for (int i = 0; i < s->n_ops; i++)
        if (am_op_attacks(s->op[i].kind))
            return &s->op[i];
    return NULL;
}

enum { FORETELL_AREA = 5 }; /* FORETELL frame argument: 1 when it asks the area's placement */

/* The rule placing a foretold area: from the caster's square, within the card's range; each
 * placement its own choice, for those within it will be those there when it resolves (R136). */
static am_area_rule foretold_area_rule(const am_state *st, int ch, const am_spell *s,
                                       const am_op *op)
{
    return (am_area_rule){st->ch[ch].cell, s->range, op->x, op->y, st->ch[ch].side, op->arg,
                          op->value, 1, 0, 0, st->ch[ch].large};
}

int am_foretell_asks_area(const carta_pending *f)
{
    return f->kind == AM_F_FORETELL && f->arg[FORETELL_AREA];
}

static int foretold_in_reach(const carta_rules *r, const am_state *st, int ch, const am_spell *s,
                             int t)
{
    return st->ch[t].side != st->ch[ch].side && am_reaches(r, st, ch, s, t);
}

int am_foretell_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out)
{
    const am_mage *g = &st->mage[mage];
    int n = 0;
    if (st->n_foretold >= AM_FORETOLD || g->limbo.n >= AM_LIMBO - 1 ||
        (st->ch[g->ch].flags & AM_C_KO))
        return 0;
    for (int i = 0; i < g->hand.n; i++) {
        const am_spell *s = am_spell_of(r, g->hand.cards[i]);
        if (!am_first_copy(&g->hand, i) || !s->foretold)
            continue;
        const am_op *attack = foretold_attack(s);
        int reach = !attack; /* a card without an attack needs no target */
        am_place place;
        am_area_rule rule = attack ? foretold_area_rule(st, g->ch, s, attack) : (am_area_rule){0};
        if (attack && attack->kind == AM_OP_AREA)
            reach = am_area_places(st, &rule, &place, 1) > 0;
        for (int t = 0; t < st->n_chars && !reach && attack->kind == AM_OP_ATTACK; t++)
            reach = foretold_in_reach(r, st, g->ch, s, t);
        if (reach)
            out[n++] = AM_ACT(AM_A_FORETELL, 0, i);
    }
    return n;
}

int am_foresee_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out)
{
    const am_foretold *fo = &st->foretold[st->n_foretold - 1];
    const am_spell *s = &r->spell[f->arg[1]];
    int ch = st->mage[f->arg[0]].ch, n = 0;
    if (f->arg[FORETELL_AREA]) { /* where the area will be (R136) */
        am_place places[2 * AM_CELLS];
        am_area_rule rule = foretold_area_rule(st, ch, s, foretold_attack(s));
        n = am_area_places(st, &rule, places, 2 * AM_CELLS);
        for (int k = 0; k < n; k++)
            out[k] = AM_ACT(AM_A_AREA, places[k].at, places[k].w << 4 | places[k].h);
        return n;
    }
    for (int t = 0; t < st->n_chars; t++) {
        int picked = 0;
        for (int k = 0; k < fo->n; k++)
            picked |= fo->target[k] == t;
        if (!picked && foretold_in_reach(r, st, ch, s, t))
            out[n++] = AM_ACT(AM_A_FORESEE, t, 0);
    }
    if (fo->n)
        out[n++] = AM_ACT(AM_A_FORESEEN, 0, 0);
    return n;
}

static void foretell(const carta_rules *r, am_state *st, int mage, int i)
{
    am_mage *g = &st->mage[mage];
    uint16_t card = g->hand.cards[i];
    const am_spell *s = am_spell_of(r, card);
    carta_zone_move(CARTA_ZONE_REF(&g->hand), i, CARTA_ZONE_REF(&g->limbo));
    carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_HAND, AM_W_COMBO,
                     AM_W_FORETELLS);
    am_foretold *fo = &st->foretold[st->n_foretold++];
    memset(fo, 0, sizeof *fo);
    fo->card = card;
    fo->mage = (uint8_t)mage;
    fo->turns = s->foretold;
    const am_op *attack = foretold_attack(s);
    if (!attack)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_FORETELL, mage);
    f->arg[0] = (int16_t)mage;
    f->arg[1] = (int16_t)r->index[card];
    f->arg[2] = (int16_t)(attack->count < AM_FORETOLD_TARGETS ? attack->count
                                                               : AM_FORETOLD_TARGETS);
    f->arg[FORETELL_AREA] = attack->kind == AM_OP_AREA;
}

void am_foretold_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    if (AM_KIND(a) == AM_A_FORETELL) {
        CARTA_ASSERT(f && f->kind == AM_F_CYCLE);
        foretell(r, st, f->arg[0], AM_B(a));
        return;
    }
    CARTA_ASSERT(f && f->kind == AM_F_FORETELL);
    am_foretold *fo = &st->foretold[st->n_foretold - 1];
    if (AM_KIND(a) == AM_A_AREA) { /* the area's placement, fixed (R136) */
        fo->area_at = (uint8_t)AM_A(a);
        fo->area_wh = (uint8_t)AM_B(a);
        carta_event_add(&st->events, CARTA_EV_NOTE, f->arg[0], -1, -1, CARTA_SEEN_ALL, -1,
                        AM_W_AREA, AM_B(a) >> 4, AM_B(a) & 15);
    }
    if (AM_KIND(a) == AM_A_FORESEE) {
        fo->target[fo->n++] = (uint8_t)AM_A(a);
        am_tell(st, AM_A(a), AM_W_FORESEEN, 0, 0);
        carta_action buf[AM_CHARS + 1];
        if (fo->n < f->arg[2] && am_foresee_actions(r, st, f, buf) > 1)
            return;
    }
    carta_pending_pop(&st->pending);
}

void am_foretold_tick(am_state *st)
{
    for (int i = 0; i < st->n_foretold; i++)
        st->foretold[i].turns -= st->foretold[i].turns > 0;
}

int am_foretold_due(const am_state *st)
{
    for (int i = 0; i < st->n_foretold; i++)
        if (!st->foretold[i].turns)
            return i;
    return -1;
}

int am_foretold_resolve_next(am_state *st, int round_end)
{
    for (int i = 0; round_end && i < st->n_foretold; i++)
        st->foretold[i].turns = 0;
    int d = am_foretold_due(st);
    if (d < 0 || st->phase == AM_P_OVER)
        return 0;
    const am_foretold *fo = &st->foretold[d];
    int ch = st->mage[fo->mage].ch;
    carta_event_add(&st->events, CARTA_EV_NOTE, fo->mage, -1, fo->card, CARTA_SEEN_ALL, -1,
                    AM_W_FORETOLD_RESOLVES, 0, 0);
    am_cast_push(st, ch, AM_CAST_FORETOLD, 0);
    return 1;
}

int am_foretold_targets(const carta_rules *r, am_state *st, int ch, const am_spell *s,
                        uint8_t *out)
{
    int d = am_foretold_due(st), n = 0;
    for (int k = 0; d >= 0 && k < st->foretold[d].n; k++) {
        int t = st->foretold[d].target[k];
        if (am_reaches(r, st, ch, s, t)) /* moved out of range: it fails against that target */
            out[n++] = (uint8_t)t;
        else
            am_tell(st, t, AM_W_OUT_OF_REACH, 0, 0);
    }
    return n;
}

void am_foretold_done(am_state *st)
{
    int d = am_foretold_due(st);
    CARTA_ASSERT(d >= 0);
    am_foretold fo = st->foretold[d];
    am_mage *g = &st->mage[fo.mage];
    for (int i = g->limbo.n - 1; i >= 0; i--)
        if (g->limbo.cards[i] == fo.card) {
            carta_zone_move(CARTA_ZONE_REF(&g->limbo), i, CARTA_ZONE_REF(&g->void_));
            carta_event_move(&st->events, fo.mage, fo.card, CARTA_SEEN_ALL, AM_W_COMBO,
                             AM_W_VOID, AM_W_TO_VOID);
            break;
        }
    memmove(&st->foretold[d], &st->foretold[d + 1],
            (size_t)(st->n_foretold - d - 1) * sizeof st->foretold[0]);
    st->n_foretold--;
    memset(&st->foretold[st->n_foretold], 0, sizeof st->foretold[0]);
}

int am_foretold_area(const carta_rules *r, const am_state *st, int ch, const am_op *op,
                     am_place *p, uint8_t *out)
{
    int d = am_foretold_due(st);
    if (d < 0 || !st->foretold[d].area_wh)
        return 0;
    const am_foretold *fo = &st->foretold[d];
    int w = fo->area_wh >> 4, h = fo->area_wh & 15;
    int centre = fo->area_at + (h - 1) / 2 * AM_W + (w - 1) / 2; /* R91's nearest-first order */
    *p = (am_place){fo->area_at, (uint8_t)w, (uint8_t)h, (uint8_t)centre};
    am_area_rule rule = foretold_area_rule(st, ch, am_spell_of(r, fo->card), op);
    return am_area_targets(st, &rule, p, out);
}

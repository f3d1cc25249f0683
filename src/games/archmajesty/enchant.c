/* enchant.c: ENCHANTMENT (CARD TERMINOLOGY, ENCHANTMENT): "An enchantment is a specific type of
 * persistent effect that modifies a unit or object. Most enchantments have an upkeep requirement
 * that must be met to maintain its effects." An effect with `to: ally` or `to: other_ally` goes
 * to an ally the caster picks within the card's range (R118; an ally still holding the same
 * enchantment cannot be picked, R86's example): a gain, heal, armour, modifier, token, draw,
 * mill, cleanse or shift (R132, R133); `to: each_ally` to each one (R134); an enchantment card
 * with {upkeep: N} asks its caster, at each of its Start Phases, to discard N cards or let the
 * enchantment end (R119). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/assert.h"

/* ALLY frame arguments: the op, unpacked */
enum { A_CH = 0, A_KIND, A_COUNT, A_ARG, A_X, A_Y, A_TIMING, A_CARD, A_TO, A_RANGE };
/* UPKEEP frame arguments */
enum { U_MAGE = 0, U_CARD, U_PAID };

/* A token's value and range ride in A_X and A_Y (a boost's +X/+Y otherwise). */
static am_op enchant_op(const carta_pending *f)
{
    am_op op = {.kind = (uint8_t)f->arg[A_KIND], .count = (uint8_t)f->arg[A_COUNT],
                .arg = (uint8_t)f->arg[A_ARG], .x = (int8_t)f->arg[A_X],
                .y = (int8_t)f->arg[A_Y], .timing = (uint8_t)f->arg[A_TIMING]};
    if (op.kind == AM_OP_TOKEN) {
        op.value = (uint8_t)f->arg[A_X];
        op.range = (uint8_t)f->arg[A_Y];
        op.x = op.y = 0;
    }
    return op;
}

/* Draw, mill and tokens need a mage: a minion has no deck and spends its controller's tokens
 * (R133). */
static int enchant_needs_mage(int kind)
{
    return kind == AM_OP_DRAW || kind == AM_OP_MILL || kind == AM_OP_TOKEN;
}

static int enchant_ally_ok(const carta_rules *r, const am_state *st, const carta_pending *f,
                           int u)
{
    int ch = f->arg[A_CH];
    const am_char *c = &st->ch[u];
    am_op op = enchant_op(f);
    return c->side == st->ch[ch].side && !(c->flags & (AM_C_KO | AM_C_GONE)) &&
           (u != ch || f->arg[A_TO] != AM_TO_OTHER_ALLY) &&
           (!enchant_needs_mage(op.kind) || !c->minion) &&
           (!f->arg[A_RANGE] || am_char_dist(st, u, ch) <= f->arg[A_RANGE]) &&
           !am_lasting_enchanted(r, st, u, &op, f->arg[A_CARD]);
}

int am_ally_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                    carta_action *out)
{
    int n = 0;
    for (int u = 0; u < st->n_chars; u++)
        if (enchant_ally_ok(r, st, f, u))
            out[n++] = AM_ACT(AM_A_ENCHANT, u, 0);
    return n;
}

void am_ally_offer(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                   int range)
{
    carta_pending probe = {.kind = AM_F_ALLY};
    int token = op->kind == AM_OP_TOKEN;
    int16_t args[] = {(int16_t)ch, op->kind, op->count, op->arg,
                      token ? op->value : op->x, token ? op->range : op->y, op->timing,
                      (int16_t)card, op->to, (int16_t)range};
    for (int k = 0; k < CARTA_PENDING_ARGS; k++)
        probe.arg[k] = args[k];
    carta_action buf[AM_CHARS];
    if (!am_ally_actions(r, st, &probe, buf))
        return; /* nobody to enchant: the effect does nothing */
    carta_pending *f = carta_pending_push(&st->pending, AM_F_ALLY, am_seat_of(st, ch));
    *f = probe;
    f->seat = (int8_t)am_seat_of(st, ch);
}

/* The effect of caster ch on ally u: a lasting one, a cleanse or a shift the caster decides
 * (R132), or one of the caster's own kinds done to u. */
static void enchant_effect(const carta_rules *r, am_state *st, int ch, int u, const am_op *op,
                           int card)
{
    if (op->timing != AM_NOW) {
        am_lasting_add_ally(r, st, u, op, card, ch);
        return;
    }
    if (op->kind == AM_OP_CLEANSE) {
        am_cleanse_ask(st, ch, u, op->count);
        return;
    }
    if (op->kind == AM_OP_SHIFT) {
        int squares = am_shift_distance(st, u, op->count);
        if (!squares)
            return;
        carta_pending *s = carta_pending_push(&st->pending, AM_F_SHIFT, am_seat_of(st, ch));
        s->arg[0] = (int16_t)u;
        s->arg[1] = (int16_t)squares;
        return;
    }
    am_self_effect(r, st, u, op);
}

static void enchant_ally(const carta_rules *r, am_state *st, int u)
{
    const carta_pending *f = carta_pending_top(&st->pending);
    am_op op = enchant_op(f);
    int ch = f->arg[A_CH], card = f->arg[A_CARD];
    carta_pending_pop(&st->pending);
    am_tell(st, u, AM_W_ENCHANTS, 0, 0);
    enchant_effect(r, st, ch, u, &op, card);
}

void am_each_ally(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                  int range)
{
    carta_pending probe = {.kind = AM_F_ALLY};
    int16_t args[] = {(int16_t)ch, op->kind, op->count, op->arg, op->x, op->y, op->timing,
                      (int16_t)card, AM_TO_ALLY, (int16_t)range};
    for (int k = 0; k < CARTA_PENDING_ARGS; k++)
        probe.arg[k] = args[k];
    for (int u = 0; u < st->n_chars; u++)
        if (enchant_ally_ok(r, st, &probe, u))
            enchant_effect(r, st, ch, u, op, card);
}

/* ---- upkeep ---- */

static int upkeep_card_of(const carta_rules *r, const am_lasting *l)
{
    const am_spell *s = am_spell_of(r, l->card);
    return s && (s->keywords & AM_K_ENCHANTMENT) && s->upkeep ? s->upkeep : 0;
}

/* The next enchantment of ch's with an upkeep not yet asked this Start Phase (card id), or -1:
 * each card's enchantments are kept or ended together. */
static int upkeep_next(const carta_rules *r, const am_state *st, int ch, int after)
{
    int best = -1;
    for (int i = 0; i < st->n_lasting; i++) {
        const am_lasting *l = &st->lasting[i];
        if (l->by == ch + 1 && upkeep_card_of(r, l) && l->card > after &&
            (best < 0 || l->card < best))
            best = l->card;
    }
    return best;
}

static void upkeep_ask(const carta_rules *r, am_state *st, int ch, int after)
{
    int card = upkeep_next(r, st, ch, after), m = st->ch[ch].mage;
    if (card < 0 || m == AM_NONE)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_UPKEEP, m);
    f->arg[U_MAGE] = (int16_t)m;
    f->arg[U_CARD] = (int16_t)card;
}

void am_upkeep_phase(const carta_rules *r, am_state *st, int ch)
{
    if (st->ch[ch].side == AM_ALLIES)
        upkeep_ask(r, st, ch, -1);
}

int am_upkeep_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out)
{
    const am_mage *g = &st->mage[f->arg[U_MAGE]];
    int need = am_spell_of(r, f->arg[U_CARD])->upkeep, n = 0;
    if (g->hand.n >= need - f->arg[U_PAID])
        for (int i = 0; i < g->hand.n; i++)
            if (am_first_copy(&g->hand, i))
                out[n++] = AM_ACT(AM_A_UPKEEP, 0, i);
    out[n++] = AM_ACT(AM_A_UPKEEP_END, 0, 0);
    return n;
}

/* The enchantments of card made by ch end now. */
static void upkeep_end(am_state *st, int ch, int card)
{
    for (int i = 0; i < st->n_lasting;) {
        am_lasting *l = &st->lasting[i];
        if (l->by == ch + 1 && l->card == card) {
            am_tell(st, l->ch, AM_W_UPKEEP_ENDS, 0, 0);
            memmove(l, l + 1, (size_t)(st->n_lasting - i - 1) * sizeof *l);
            st->lasting[--st->n_lasting] = (am_lasting){0};
        } else {
            i++;
        }
    }
}

void am_enchant_apply(const carta_rules *r, am_state *st, carta_action a)
{
    if (AM_KIND(a) == AM_A_ENCHANT) {
        enchant_ally(r, st, AM_A(a));
        return;
    }
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_UPKEEP);
    int m = f->arg[U_MAGE], card = f->arg[U_CARD], ch = st->mage[m].ch;
    if (AM_KIND(a) == AM_A_UPKEEP) {
        am_to_void(st, m, AM_B(a), AM_W_UPKEEP);
        if (++f->arg[U_PAID] < am_spell_of(r, card)->upkeep)
            return;
    } else {
        upkeep_end(st, ch, card);
    }
    carta_pending_pop(&st->pending);
    upkeep_ask(r, st, ch, card);
}

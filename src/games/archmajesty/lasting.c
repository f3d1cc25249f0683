/* lasting.c: effects keyed on a turn's Start and End Phases (COMBAT, Start Phase, End Phase):
 * modifiers that last "until the start of your next turn" and effects that wait for "the end of
 * your turn" (R73). Each is owned by the character whose turns it counts. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

static void lasting_remove(am_state *st, int i)
{
    memmove(&st->lasting[i], &st->lasting[i + 1],
            (size_t)(st->n_lasting - i - 1) * sizeof st->lasting[0]);
    st->n_lasting--;
    memset(&st->lasting[st->n_lasting], 0, sizeof st->lasting[0]);
}

/* ENCHANTMENT: "Unless otherwise specified, enchantment effects do not stack" (R86): whether ch
 * already holds this modifier (kind and timing) of the enchantment card. */
static int lasting_enchanted(const am_state *st, int ch, const am_op *op, int card)
{
    for (int i = 0; i < st->n_lasting; i++) {
        const am_lasting *l = &st->lasting[i];
        if (l->ch == ch && l->card == card && l->kind == op->kind && l->timing == op->timing)
            return 1;
    }
    return 0;
}

int am_lasting_enchanted(const carta_rules *r, const am_state *st, int ch, const am_op *op,
                         int card)
{
    const am_spell *s = am_spell_of(r, card);
    return s && (s->keywords & AM_K_ENCHANTMENT) &&
           (op->kind == AM_OP_DEFENCE || op->kind == AM_OP_BOOST) &&
           lasting_enchanted(st, ch, op, card);
}

/* What an effect of op's timing is told as: counted in its owner's turns, or in its caster's
 * when an ally was given it (R150). */
static int lasting_word(const am_op *op, int by_caster)
{
    int ally = by_caster && op->timing != AM_ROUND_END;
    if (op->kind == AM_OP_DEFENCE)
        return (ally ? AM_W_ALLY_DEFENCE_UNTIL : AM_W_DEFENCE_UNTIL) + op->timing;
    if (op->kind == AM_OP_BOOST)
        return (ally ? AM_W_ALLY_BOOST_UNTIL : AM_W_BOOST_UNTIL) + op->timing;
    return AM_W_WAITS + op->timing;
}

static void lasting_add(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                        int by, int clock)
{
    if (am_lasting_enchanted(r, st, ch, op, card)) {
        am_tell(st, ch, AM_W_NO_STACK, 0, 0);
        return;
    }
    if (st->n_lasting >= AM_LASTING) {
        am_tell(st, ch, AM_W_CANNOT_RESOLVE, 0, 0); /* R73: at most AM_LASTING at once */
        return;
    }
    st->lasting[st->n_lasting++] = (am_lasting){
        .ch = (uint8_t)ch, .timing = op->timing, .kind = op->kind, .count = op->count,
        .arg = op->arg, .value = op->value, .range = op->range, .x = op->x, .y = op->y,
        .card = (uint16_t)card, .by = (uint8_t)(by + 1), .clock = (uint8_t)clock};
    int word = lasting_word(op, clock != ch);
    if (op->kind == AM_OP_BOOST)
        am_tell(st, ch, word, op->x, op->y);
    else
        am_tell(st, ch, word, op->kind == AM_OP_DEFENCE ? op->count : 0, 0);
}

void am_lasting_add(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                    int by)
{
    lasting_add(r, st, ch, op, card, by, ch);
}

void am_lasting_add_ally(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                         int by)
{
    lasting_add(r, st, ch, op, card, by, by);
}

/* A modifier ends, or a waiting effect resolves. */
static void lasting_fire(const carta_rules *r, am_state *st, int i)
{
    am_lasting l = st->lasting[i];
    lasting_remove(st, i);
    if (l.kind == AM_OP_DEFENCE) {
        am_tell(st, l.ch, AM_W_DEFENCE_ENDS, l.count, 0);
    } else if (l.kind == AM_OP_BOOST) {
        am_tell(st, l.ch, AM_W_BOOST_ENDS, l.x, l.y);
    } else if (!(st->ch[l.ch].flags & AM_C_GONE)) {
        am_op op = {.kind = l.kind, .count = l.count, .arg = l.arg, .value = l.value,
                    .range = l.range};
        am_tell(st, l.ch, AM_W_WAITED, 0, 0);
        am_self_effect(r, st, l.ch, &op);
    }
}

/* What ends or resolves at a character's Start Phase (which: AM_P_START) or End Phase. */
void am_lasting_phase(const carta_rules *r, am_state *st, int ch, int which)
{
    for (int i = 0; i < st->n_lasting;) {
        am_lasting *l = &st->lasting[i];
        int due = 0;
        if (l->clock == ch && which == AM_P_START) {
            due = l->timing == AM_NEXT_TURN_START;
            l->flags |= AM_L_STARTED;
        } else if (l->clock == ch) {
            due = l->timing == AM_TURN_END ||
                  (l->timing == AM_NEXT_TURN_END && (l->flags & AM_L_STARTED));
        }
        if (due)
            lasting_fire(r, st, i);
        else
            i++;
    }
}

/* Whether l is counted in the turns of a caster knocked out or removed: its turns do not come,
 * so the effect ends with the round (R150). */
static int lasting_caster_down(const am_state *st, const am_lasting *l)
{
    return l->clock != l->ch && (st->ch[l->clock].flags & (AM_C_KO | AM_C_GONE));
}

/* The round's end: "until the end of the round" ends; so does whatever a removed character
 * owned, and what a fallen caster's turns would have ended. */
void am_lasting_round_end(const carta_rules *r, am_state *st)
{
    for (int i = 0; i < st->n_lasting;) {
        if (st->lasting[i].timing == AM_ROUND_END || lasting_caster_down(st, &st->lasting[i]))
            lasting_fire(r, st, i);
        else if (st->ch[st->lasting[i].ch].flags & AM_C_GONE)
            lasting_remove(st, i);
        else
            i++;
    }
}

int am_lasting_defence(const am_state *st, int ch)
{
    int bonus = 0;
    for (int i = 0; i < st->n_lasting; i++)
        if (st->lasting[i].ch == ch && st->lasting[i].kind == AM_OP_DEFENCE)
            bonus += st->lasting[i].count;
    return bonus;
}

void am_lasting_boost(const am_state *st, int ch, int *x, int *y)
{
    *x = *y = 0;
    for (int i = 0; i < st->n_lasting; i++)
        if (st->lasting[i].ch == ch && st->lasting[i].kind == AM_OP_BOOST) {
            *x += st->lasting[i].x;
            *y += st->lasting[i].y;
        }
}

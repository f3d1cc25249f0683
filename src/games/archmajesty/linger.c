/* linger.c: lingering areas (CARD BREAKDOWN, AUTOMATIC HIT: "the Scrapfire Traps card [...] only
 * deals damage when an enemy enters a square within the card's lingering area effect"; ruling
 * R137). A card's area with `lasts` attacks nobody as it is placed: it stays on the map for the
 * round or some turns, and each character of the kind it attacks that enters it (from outside, by
 * its own movement, a shift or forced movement, R148) or starts its turn within it is attacked by
 * the area's stage, on that character alone (combo.c resolves it as AM_CAST_LINGER). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

void am_linger_place(const carta_rules *r, am_state *st, int ch, int ref, int op,
                     const am_place *p)
{
    const am_spell *s = am_spell_ref(r, ref);
    const am_op *o = &s->op[op];
    int seat = am_seat_of(st, ch);
    if (st->n_linger >= AM_LINGERS) { /* no room on the map's record: it fades at once */
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, s->id, CARTA_SEEN_ALL, -1,
                        AM_W_LINGER_FADES, 0, 0);
        return;
    }
    st->linger[st->n_linger++] = (am_linger){(uint16_t)ref, s->id, (uint8_t)ch, (uint8_t)op,
                                             p->at, (uint8_t)(p->w << 4 | p->h), o->count,
                                             o->arg};
    int round = o->count == AM_LASTS_ROUND;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, CARTA_SEEN_ALL, -1,
                    round ? AM_W_LINGERS_ROUND : AM_W_LINGERS_TURNS, o->count, 0);
}

/* Whether lingering area l attacks ch: of its kind for its placer's side, not knocked out, and
 * its placer still up to make the attack. */
static int linger_attacks(const am_state *st, const am_linger *l, int ch)
{
    const am_char *c = &st->ch[ch], *by = &st->ch[l->by];
    if ((c->flags & (AM_C_KO | AM_C_GONE)) || (by->flags & (AM_C_KO | AM_C_GONE)))
        return 0;
    return l->whom == AM_WHOM_CHARACTERS || (l->whom == AM_WHOM_ALLIES) == (c->side == by->side);
}

/* Area k attacks ch: its stage resolves on ch (above whatever set it off). */
static void linger_spring(am_state *st, int k, int ch)
{
    if (st->n_attacks >= AM_ATTACKS || st->pending.n > CARTA_PENDING_MAX - 8 ||
        st->phase == AM_P_OVER)
        return;
    am_tell(st, ch, AM_W_LINGER_CAUGHT, 0, 0);
    am_cast_push(st, st->linger[k].by, AM_CAST_LINGER, k | ch << 4);
}

int am_linger_entering(const am_state *st, int ch, int from, int done)
{
    int mask = 0;
    for (int k = st->n_linger - 1; k >= 0; k--) {
        const am_linger *l = &st->linger[k];
        if (!(done >> k & 1) && am_area_holds_char(st, l->at, l->wh, ch) &&
            !am_area_holds_block(l->at, l->wh, st->ch[ch].large, from) && linger_attacks(st, l, ch))
            mask |= 1 << k;
    }
    return mask;
}

void am_linger_spring(am_state *st, int ch, int mask)
{
    for (int k = st->n_linger - 1; k >= 0; k--)
        if (mask >> k & 1)
            linger_spring(st, k, ch);
}

void am_linger_entered(am_state *st, int ch, int from)
{
    am_linger_spring(st, ch, am_linger_entering(st, ch, from, 0));
}

void am_linger_turn_start(am_state *st, int ch)
{
    for (int k = st->n_linger - 1; k >= 0; k--) {
        const am_linger *l = &st->linger[k];
        if (am_area_holds_char(st, l->at, l->wh, ch) && linger_attacks(st, l, ch))
            linger_spring(st, k, ch);
    }
}

/* Area k fades: told, its record gone. */
static void linger_fade(am_state *st, int k)
{
    const am_linger *l = &st->linger[k];
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, l->by), -1, l->card,
                    CARTA_SEEN_ALL, -1, AM_W_LINGER_FADES, 0, 0);
    memmove(&st->linger[k], &st->linger[k + 1],
            (size_t)(st->n_linger - k - 1) * sizeof st->linger[0]);
    st->n_linger--;
    memset(&st->linger[st->n_linger], 0, sizeof st->linger[0]);
}

void am_linger_tick(am_state *st)
{
    for (int k = st->n_linger - 1; k >= 0; k--)
        if (st->linger[k].lasts != AM_LASTS_ROUND && --st->linger[k].lasts == 0)
            linger_fade(st, k);
}

void am_linger_round_end(am_state *st)
{
    for (int k = st->n_linger - 1; k >= 0; k--)
        if (st->linger[k].lasts == AM_LASTS_ROUND)
            linger_fade(st, k);
}

/* scrap.c: SCRAP (CARD TERMINOLOGY, SCRAP; ruling R110): "Each character can carry any amount of
 * scrap. Whenever a character enters a square with one or more scrap, they may grab or drop any
 * amount of that scrap. If an effect tells you to "pay" a certain amount of scrap, remove that
 * amount from your character." A character's scrap is am_char.scrap, a square's am_state.scrap;
 * both are public and capped at AM_SCRAP_MAX. */
#include "games/archmajesty/archmajesty.h"

#include "core/assert.h"

/* SCRAP frame arguments: the character, scrap grabbed, scrap dropped in this visit */
enum { S_CH = 0, S_GRABBED, S_DROPPED };

static int scrap_add(int have, int n)
{
    return have + n > AM_SCRAP_MAX ? AM_SCRAP_MAX : have + n;
}

void am_scrap_gain(am_state *st, int ch, int n)
{
    am_char *c = &st->ch[ch];
    c->scrap = (uint8_t)scrap_add(c->scrap, n);
    am_tell(st, ch, AM_W_SCRAP_GAINS, n, c->scrap);
}

void am_scrap_strew(am_state *st, int slot, int n)
{
    const am_attack *a = &st->attack[slot];
    for (int i = 0; i < a->n; i++) {
        int t = a->roll[i].target;
        if (!(a->roll[i].flags & AM_R_HIT) || (st->ch[t].flags & AM_C_GONE))
            continue;
        int cell = st->ch[t].cell;
        st->scrap[cell] = (uint8_t)scrap_add(st->scrap[cell], n);
        am_tell(st, t, AM_W_SCRAP_STREWN, n, st->scrap[cell]);
    }
}

/* Only a grounded character reaches the scrap lying on its square (R110). */
void am_scrap_entered(am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    if (!st->scrap[c->cell] || (c->flags & (AM_C_AIRBORNE | AM_C_KO | AM_C_GONE)) ||
        st->phase == AM_P_OVER)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_SCRAP, am_seat_of(st, ch));
    f->arg[S_CH] = (int16_t)ch;
}

void am_scrap_spill(am_state *st, int ch)
{
    am_char *c = &st->ch[ch];
    if (!c->scrap)
        return;
    st->scrap[c->cell] = (uint8_t)scrap_add(st->scrap[c->cell], c->scrap);
    am_tell(st, ch, AM_W_SCRAP_SPILLS, c->scrap, st->scrap[c->cell]);
    c->scrap = 0;
}

int am_scrap_pay_offer(am_state *st, int ch, int n)
{
    if (st->ch[ch].scrap < n)
        return 0;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_PAY_SCRAP, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    f->arg[1] = (int16_t)n;
    return 1;
}

/* One scrap at a time, grabbing or dropping in one visit, not both (so it ends). */
int am_scrap_actions(const am_state *st, const carta_pending *f, carta_action *out)
{
    int n = 0;
    if (f->kind == AM_F_PAY_SCRAP) {
        out[n++] = AM_ACT(AM_A_PAY_SCRAP, f->arg[1], 0);
        out[n++] = AM_ACT(AM_A_NO_PAY, 0, 0);
        return n;
    }
    const am_char *c = &st->ch[f->arg[S_CH]];
    int here = st->scrap[c->cell];
    if (!f->arg[S_DROPPED] && here && c->scrap < AM_SCRAP_MAX)
        out[n++] = AM_ACT(AM_A_GRAB, 0, 0);
    if (!f->arg[S_GRABBED] && c->scrap && here < AM_SCRAP_MAX)
        out[n++] = AM_ACT(AM_A_DROP, 0, 0);
    out[n++] = AM_ACT(AM_A_SCRAP_DONE, 0, 0);
    return n;
}

void am_scrap_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && (f->kind == AM_F_SCRAP || f->kind == AM_F_PAY_SCRAP));
    int ch = f->arg[S_CH];
    am_char *c = &st->ch[ch];
    switch (AM_KIND(a)) {
    case AM_A_PAY_SCRAP:
        c->scrap = (uint8_t)(c->scrap - f->arg[1]);
        am_tell(st, ch, AM_W_SCRAP_PAYS, f->arg[1], c->scrap);
        carta_pending_pop(&st->pending);
        return;
    case AM_A_NO_PAY:
        carta_pending_pop(&st->pending);
        am_cast_skip_stage(r, st);
        return;
    case AM_A_GRAB:
        c->scrap++;
        st->scrap[c->cell]--;
        f->arg[S_GRABBED]++;
        am_tell(st, ch, AM_W_SCRAP_GRABS, c->scrap, st->scrap[c->cell]);
        return;
    case AM_A_DROP:
        c->scrap--;
        st->scrap[c->cell]++;
        f->arg[S_DROPPED]++;
        am_tell(st, ch, AM_W_SCRAP_DROPS, c->scrap, st->scrap[c->cell]);
        return;
    default: /* AM_A_SCRAP_DONE */
        carta_pending_pop(&st->pending);
        return;
    }
}

/* choice.c: CHOICE (CARD TERMINOLOGY, CHOICE; rulings R111, R131): a card that presents options is
 * asked, as it begins to resolve, which one its caster picks, or with `choose: N` which N, one
 * decision each; the card then resolves as the picked options' copy of it (cards.c compiles each
 * option, and each set of N, so: the card's entries and stages with the options' bonuses and
 * effects), ignoring the options not picked. */
#include "games/archmajesty/archmajesty.h"

#include "core/assert.h"

/* CHOICE frame arguments: the caster, the card's index in r->spell, the options picked so far
 * (bit per option). */
enum { CH_CH = 0, CH_SPELL, CH_PICKED };

int am_choice_offer(const carta_rules *r, am_state *st, int ch, int spell)
{
    if (!r->spell[spell].n_choices)
        return 0;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CHOICE, am_seat_of(st, ch));
    f->arg[CH_CH] = (int16_t)ch;
    f->arg[CH_SPELL] = (int16_t)spell;
    return 1;
}

int am_choice_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out)
{
    (void)st;
    const am_spell *s = &r->spell[f->arg[CH_SPELL]];
    int n = 0;
    for (int k = 0; k < s->n_choices; k++)
        if (!(f->arg[CH_PICKED] & (1 << k)))
            out[n++] = AM_ACT(AM_A_CHOOSE, k, f->arg[CH_SPELL]);
    return n;
}

/* The copy of the card for the options of mask: option k alone is copy k; a set of s->pick
 * options comes after the options, in the order of the masks (cards.c, read_choice). */
static int choice_copy(const am_spell *s, int mask)
{
    int k = 0;
    if (s->pick <= 1) {
        while (!(mask & (1 << k)))
            k++;
        return k;
    }
    int copy = s->n_choices;
    for (int m = 1; m < mask; m++)
        copy += __builtin_popcount((unsigned)m) == s->pick;
    return copy;
}

void am_choice_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CHOICE);
    int ch = f->arg[CH_CH], k = AM_A(a);
    const am_spell *s = &r->spell[f->arg[CH_SPELL]];
    f->arg[CH_PICKED] = (int16_t)(f->arg[CH_PICKED] | 1 << k);
    int mask = f->arg[CH_PICKED];
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, s->id, CARTA_SEEN_ALL,
                    -1, AM_W_CHOOSES, k + 1, 0);
    if (__builtin_popcount((unsigned)mask) < (s->pick > 1 ? s->pick : 1))
        return; /* "option(s)": the next one is asked (R131) */
    carta_pending_pop(&st->pending);
    am_cast_choose(st, choice_copy(s, mask));
}

const am_spell *am_choice_variant(const carta_rules *r, const am_spell *s, int variant)
{
    return variant && variant <= s->n_variants ? &r->spell[s->choice + variant - 1] : s;
}

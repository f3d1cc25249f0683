/* choice.c: CHOICE (CARD TERMINOLOGY, CHOICE; ruling R111): a card that presents options is
 * asked, as it begins to resolve, which one its caster picks; the card then resolves as that
 * option's copy of it (cards.c compiles each option so: the card's entries and stages, with the
 * option's bonus and effects), ignoring the options not picked. */
#include "games/archmajesty/archmajesty.h"

#include "core/assert.h"

int am_choice_offer(const carta_rules *r, am_state *st, int ch, int spell)
{
    if (!r->spell[spell].n_choices)
        return 0;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CHOICE, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    f->arg[1] = (int16_t)spell;
    return 1;
}

int am_choice_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out)
{
    (void)st;
    const am_spell *s = &r->spell[f->arg[1]];
    for (int k = 0; k < s->n_choices; k++)
        out[k] = AM_ACT(AM_A_CHOOSE, k, f->arg[1]);
    return s->n_choices;
}

void am_choice_apply(const carta_rules *r, am_state *st, carta_action a)
{
    const carta_pending *f = carta_pending_top(&st->pending);
    CARTA_ASSERT(f && f->kind == AM_F_CHOICE);
    int ch = f->arg[0], k = AM_A(a);
    const am_spell *s = &r->spell[f->arg[1]];
    carta_pending_pop(&st->pending);
    am_cast_choose(st, k);
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, s->id, CARTA_SEEN_ALL,
                    -1, AM_W_CHOOSES, k + 1, 0);
}

const am_spell *am_choice_variant(const carta_rules *r, const am_spell *s, int variant)
{
    return variant && variant <= s->n_choices ? &r->spell[s->choice + variant - 1] : s;
}

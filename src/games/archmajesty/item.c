/* item.c: personal equipment in combat (PERSONAL EQUIPMENT): channelling a card's attacks through
 * a weapon (CHANNELING SPELLS THROUGH WEAPONS; R29, R70). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

enum { TYPE_METAL = 10, TYPE_FLORA = 7 }; /* indexes of am_type_names */

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
    if (channel >> 4)
        buf->types |= 1u << ((channel >> 4) == 1 ? TYPE_METAL : TYPE_FLORA);
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

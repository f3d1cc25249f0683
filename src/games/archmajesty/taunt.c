/* taunt.c: TAUNT's movement (CARD TERMINOLOGY, TAUNT; ruling R115): "If they use melee attacks,
 * they will move closer to you in order to hit you." A taunted enemy with a melee attack template
 * may run only to a square nearer its taunter (king distance), and may jump only to reach an
 * airborne taunter; its other actions are as ever. Its attacks' targets are combo.c's (R87); an
 * area it places attacks only those am_taunt_mask names (R138). */
#include "games/archmajesty/archmajesty.h"

static int taunt_melee(const carta_rules *r, const am_state *st, int ch)
{
    const am_enemy *e = am_enemy_of(r, st->ch[ch].def);
    for (int t = 0; e && t < e->n_templates; t++)
        if (r->spell[e->templ[t]].melee)
            return 1;
    return 0;
}

static int taunt_move_ok(const am_state *st, int ch, const am_char *taunter, carta_action a)
{
    const am_char *c = &st->ch[ch];
    if (AM_KIND(a) == AM_A_JUMP)
        return (taunter->flags & AM_C_AIRBORNE) != 0;
    if (AM_KIND(a) != AM_A_RUN)
        return 1;
    int to = am_step(st, c->cell, AM_A(a));
    return am_block_dist(to, c->large, taunter->cell, taunter->large) <
           am_block_dist(c->cell, c->large, taunter->cell, taunter->large);
}

int am_taunt_moves(const carta_rules *r, const am_state *st, int ch, carta_action *out, int n)
{
    const am_char *c = &st->ch[ch];
    if (!c->taunter || c->side != AM_ENEMIES || !taunt_melee(r, st, ch))
        return n;
    const am_char *taunter = &st->ch[c->taunter - 1];
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (taunt_move_ok(st, ch, taunter, out[i]))
            out[kept++] = out[i];
    return kept;
}

uint32_t am_taunt_mask(const am_state *st, int ch)
{
    int taunter = st->ch[ch].taunter - 1;
    if (taunter < 0)
        return 0;
    uint32_t mask = 1u << taunter;
    for (int i = 0; i < st->n_chars; i++)
        if (st->ch[i].minion && st->ch[i].mage == st->ch[taunter].mage &&
            st->ch[taunter].mage != AM_NONE)
            mask |= 1u << i;
    return mask;
}

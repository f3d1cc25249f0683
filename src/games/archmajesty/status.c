/* status.c: status effects (STATUS EFFECTS): exploiting them (own positive, enemies' negative),
 * the continuous Stun and Freeze at their Basic and Player strengths, Status Conversion, and the
 * Cleanse action. An exploit resolves as it is declared: its counter is its cost (R9). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

/* Player strength: "Player, Companion, Mini-boss, and Boss-type characters" (Stun & Freeze). */
static int status_player_strength(const am_char *c) { return c->rank >= AM_MINIBOSS; }

int am_stunned(const am_state *st, int ch) { return st->ch[ch].status[AM_STUN] > 0; }

int am_vulnerable(const am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    int counters = 0, adjacent = 0;
    for (int s = AM_SURGE + 1; s < AM_STATUS; s++)
        counters += c->status[s];
    if (counters >= 3)
        return 1;
    for (int i = 0; i < st->n_chars; i++)
        adjacent += st->ch[i].side != c->side && !(st->ch[i].flags & (AM_C_KO | AM_C_GONE)) &&
                    am_char_dist(st, i, ch) == 1;
    return adjacent >= 2;
}

/* Attacks an enemy makes this turn: Stun, Basic "2 less ... to a minimum of 0. If you make 2 or
 * more ..., 1 less to a minimum of 1" (R7); a Mini-boss or Boss loses 2, to at least 1 (R8). */
int am_attacks_per_turn(const carta_rules *r, const am_state *st, int ch)
{
    int n = am_enemy_of(r, st->ch[ch].def)->attacks;
    if (!am_stunned(st, ch))
        return n;
    if (status_player_strength(&st->ch[ch]))
        return n - 2 < 1 ? 1 : n - 2;
    return n >= 2 ? n - 1 : 0;
}

/* The move points a movement ability costs ch, or -1 if it may not spend any (Freeze). */
int am_move_cost(const am_state *st, int ch, int base)
{
    const am_char *c = &st->ch[ch];
    if (!c->status[AM_FREEZE])
        return base;
    return status_player_strength(c) ? base * 2 : -1;
}

/* A willing shift of n squares: Freeze halves it, rounded down. */
int am_shift_distance(const am_state *st, int ch, int n)
{
    return st->ch[ch].status[AM_FREEZE] ? n / 2 : n;
}

/* The character of seat that exploits now: a mage seat's mage; for the Gamemaster the enemy
 * whose turn it is, else the first enemy able to act; -1 if none (Knocked Out: "cannot exploit
 * status counters"). */
static int status_exploiter(const am_state *st, int seat)
{
    if (seat < st->n_mages)
        return st->ch[st->mage[seat].ch].flags & AM_C_KO ? -1 : st->mage[seat].ch;
    if (st->active != AM_NONE && st->ch[st->active].side == AM_ENEMIES &&
        !(st->ch[st->active].flags & AM_C_KO))
        return st->active;
    for (int i = st->n_mages; i < st->n_chars; i++)
        if (st->ch[i].side == AM_ENEMIES && !(st->ch[i].flags & (AM_C_KO | AM_C_GONE)))
            return i;
    return -1;
}

static int status_any(const am_char *c)
{
    unsigned any = 0;
    for (int s = 0; s < AM_STATUS; s++)
        any |= c->status[s];
    return any != 0;
}

/* Whether exploiter may exploit status on target now. */
static int status_can_exploit(const am_state *st, int exploiter, int target, int status)
{
    const am_char *x = &st->ch[exploiter], *t = &st->ch[target];
    if (!t->status[status] || (t->flags & AM_C_GONE))
        return 0;
    if (AM_POSITIVE(status)) /* "only exploit positive status effects on yourself" */
        return target == exploiter && status != AM_EMPOWER; /* Empower: on hit (R10) */
    if (t->side == x->side) /* "cannot exploit negative status effects on allies" */
        return 0;
    switch (status) {
    case AM_STUN: case AM_FREEZE: return 0; /* continuous: no exploit effect */
    case AM_SPLASH: return st->active != AM_NONE && st->ch[st->active].side == x->side;
    case AM_EXPOSE: return !(t->flags & AM_C_EXPOSED);   /* "doesn't stack" */
    case AM_WEAKEN: return !(t->flags & AM_C_WEAKENED);
    case AM_GRAVITY: /* R6; Kin of the Cosmos: "Enemies cannot exploit Gravity ... on you" */
        return (t->flags & AM_C_AIRBORNE) &&
               !(t->side == AM_ALLIES && !t->minion &&
                 (st->mage[t->mage].traits & AM_TRAIT_COSMOS));
    default: return 1;
    }
}

int am_exploit_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out)
{
    (void)r;
    int x = status_exploiter(st, seat), n = 0;
    if (x < 0)
        return 0;
    for (int t = 0; t < st->n_chars; t++) {
        const am_char *c = &st->ch[t];
        /* positive counters only on the exploiter itself, negative ones only on its enemies */
        if ((t != x && c->side == st->ch[x].side) || !status_any(c))
            continue;
        for (int s = t == x ? 0 : AM_SURGE + 1; s < (t == x ? AM_SURGE + 1 : AM_STATUS); s++)
            if (status_can_exploit(st, x, t, s))
                out[n++] = AM_ACT(AM_A_EXPLOIT, t, s);
    }
    return n;
}

static const uint32_t status_damage_type[AM_STATUS] = {
    [AM_BURN] = 1u << 2, [AM_POISON] = 1u << 11, [AM_WHIRLWIND] = 1u << 5}; /* fire toxic wind */

void am_exploit_apply(const carta_rules *r, am_state *st, carta_action a, int seat)
{
    int t = AM_A(a), s = AM_B(a);
    am_char *c = &st->ch[t];
    c->status[s]--;
    am_tell(st, t, AM_W_EXPLOITED + s, c->status[s], 0);
    switch (s) {
    case AM_SWIFT: c->mp = (uint8_t)(c->mp + 2 > 99 ? 99 : c->mp + 2); break;
    case AM_HASTE: st->mage[c->mage].haste++; break;
    case AM_SURGE: am_heal(st, t, 5); break;
    case AM_BURN: case AM_POISON: case AM_WHIRLWIND:
        am_damage(r, st, t, 5, status_damage_type[s], 0, -1);
        am_check_end(r, st);
        break;
    case AM_SPLASH: {
        carta_pending *f = carta_pending_push(&st->pending, AM_F_SHIFT, seat);
        f->arg[0] = (int16_t)t;
        f->arg[1] = 2;
        f->arg[2] = 1; /* "Shift the exploited character 1-2 squares" */
        break;
    }
    case AM_EXPOSE: c->flags |= AM_C_EXPOSED; break;
    case AM_WEAKEN: c->flags |= AM_C_WEAKENED; break;
    default: /* AM_GRAVITY: grounded, landing on the nearest free square (L1305) */
        if (c->flags & AM_C_AIRBORNE)
            am_land(st, t);
        break;
    }
}

/* ---- Status Conversion ---- */

/* After negative counters were inflicted on target: offer their conversion into 5 damage. */
void am_offer_conversion(am_state *st, int attacker, int target, int status, int count)
{
    carta_pending *f = carta_pending_push(&st->pending, AM_F_CONVERT, am_seat_of(st, attacker));
    f->arg[0] = (int16_t)target;
    f->arg[1] = (int16_t)status;
    f->arg[2] = (int16_t)count;
}

int am_convert_actions(const am_state *st, const carta_pending *f, carta_action *out)
{
    (void)st;
    (void)f;
    out[0] = AM_ACT(AM_A_CONVERT, 0, 0);
    out[1] = AM_ACT(AM_A_CONVERT, 1, 0);
    out[2] = AM_ACT(AM_A_KEEP_STATUS, 0, 0);
    return 3;
}

void am_convert_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int t = f->arg[0], s = f->arg[1], count = f->arg[2];
    carta_pending_pop(&st->pending);
    if (AM_KIND(a) == AM_A_KEEP_STATUS || (st->ch[t].flags & AM_C_GONE))
        return;
    am_char *c = &st->ch[t];
    c->status[s] = (uint8_t)(c->status[s] > count ? c->status[s] - count : 0);
    am_tell(st, t, AM_W_CONVERTED, 5, 0);
    am_damage(r, st, t, 5, AM_A(a) ? 2u : 1u, 0, -1); /* Physical or Magical (R12) */
    am_check_end(r, st);
}

/* ---- Cleanse ---- */

/* Cleanse: "discard a card or a single Guard or Protect token, then remove at least 1 and up to 5
 * status counters from any status effects you currently have." */
int am_cleanse_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out)
{
    if (seat >= st->n_mages)
        return 0;
    const am_mage *g = &st->mage[seat];
    const am_char *c = &st->ch[g->ch];
    int counters = 0;
    for (int s = 0; s < AM_STATUS; s++)
        counters += c->status[s];
    if (!counters || (c->flags & AM_C_KO))
        return 0;
    return am_payments(r, st, g->ch, 1u << AM_TOKEN_GUARD | 1u << AM_TOKEN_PROTECT, 0,
                           AM_A_CLEANSE, 0, out);
}

int am_cleanse_choices(const am_state *st, const carta_pending *f, carta_action *out)
{
    const am_char *c = &st->ch[f->arg[0]];
    int n = 0;
    int limit = f->arg[2] ? f->arg[2] : 5; /* a card's CLEANSE names its own count (R113) */
    for (int s = 0; s < AM_STATUS && f->arg[1] < limit; s++)
        if (c->status[s])
            out[n++] = AM_ACT(AM_A_REMOVE, 0, s);
    if (f->arg[1] >= 1)
        out[n++] = AM_ACT(AM_A_CLEANSE_DONE, 0, 0);
    return n;
}

void am_cleanse_ask(am_state *st, int by, int who, int count)
{
    int counters = 0;
    for (int s = 0; s < AM_STATUS; s++)
        counters += st->ch[who].status[s];
    if (!counters)
        return;
    carta_pending *c = carta_pending_push(&st->pending, AM_F_CLEANSE, am_seat_of(st, by));
    c->arg[0] = (int16_t)who;
    c->arg[2] = (int16_t)count;
}

void am_cleanse_apply(const carta_rules *r, am_state *st, carta_action a, int seat)
{
    if (AM_KIND(a) == AM_A_CLEANSE) {
        int ch = st->mage[seat].ch;
        am_pay(r, st, ch, AM_B(a), 0, AM_W_CLEANSES);
        carta_pending *f = carta_pending_push(&st->pending, AM_F_CLEANSE, seat);
        f->arg[0] = (int16_t)ch;
        return;
    }
    carta_pending *f = carta_pending_top(&st->pending);
    if (AM_KIND(a) == AM_A_REMOVE) {
        am_char *c = &st->ch[f->arg[0]];
        c->status[AM_B(a)]--;
        am_tell(st, f->arg[0], AM_W_CLEANSED + AM_B(a), c->status[AM_B(a)], 0);
        int left = 0;
        for (int s = 0; s < AM_STATUS; s++)
            left += c->status[s];
        if (++f->arg[1] < (f->arg[2] ? f->arg[2] : 5) && left)
            return;
    }
    carta_pending_pop(&st->pending);
}

/* answer.c: interrupts (COMBAT, Interruption; Fix, Guard and Protect Actions). A window
 * (core/window.h) asks every seat in turn, from the one after the declarer's (R16): before and
 * after each roll of an attack, in each turn's Start and End Phase, and after a declared action.
 * An answer pays its cost at once, goes on the stack as an EFFECT frame and reopens the window;
 * once every seat has passed in a row the stack resolves last first. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

/* EFFECT frame arguments */
enum { E_KIND = 0, E_CH, E_VALUE, E_ATTACK, E_ROLL };

/* A window not about an attack leaves out the seat that declared (or whose phase it is): it could
 * have played its interrupt first (R16). */
void am_window_open(const carta_rules *r, am_state *st, int attack, int declarer_seat)
{
    (void)r;
    uint8_t out = attack == AM_WIN_FREE ? (uint8_t)(1u << declarer_seat) : 0;
    if (carta_window_open(&st->window, (declarer_seat + 1) % st->n_seats, st->n_seats, out))
        st->window_attack = (uint8_t)attack;
    else
        carta_window_close(&st->window);
}

/* The seat's characters able to answer: not knocked out (Knocked Out: "cannot take actions"). */
static int answer_controls(const am_state *st, int seat, int ch)
{
    return am_seat_of(st, ch) == seat && !(st->ch[ch].flags & (AM_C_KO | AM_C_GONE));
}

int am_payments(const carta_rules *r, const am_state *st, int ch, unsigned token_kinds,
                int need_protect, int kind, int a, carta_action *out)
{
    int n = 0;
    /* MINIONS: "A Minion's controller may spend their own cards/tokens to fix an attack made by
     * that Minion, or to guard that Minion." (R101) */
    int payer = st->ch[ch].minion ? st->mage[st->ch[ch].mage].ch : ch;
    if (st->ch[payer].flags & AM_C_KO) /* Knocked Out: "cannot take actions" */
        return 0;
    if (st->ch[ch].side == AM_ALLIES) {
        const am_hand *h = &st->mage[st->ch[ch].mage].hand;
        for (int i = 0; i < h->n; i++) {
            const am_spell *s = am_spell_of(r, h->cards[i]);
            if (am_first_copy(h, i) && (!need_protect || s->protect))
                out[n++] = AM_ACT(kind, a, i);
        }
    }
    for (int t = 0; t < st->n_tokens; t++) {
        const am_token *k = &st->token[t];
        int same = 0; /* one action per kind of token */
        for (int u = 0; u < t; u++)
            same |= memcmp(&st->token[u], k, sizeof *k) == 0;
        if (k->owner == payer && (token_kinds & (1u << k->kind)) && !same)
            out[n++] = AM_ACT(kind, a, AM_TOKEN_PAY + t);
    }
    return n;
}

/* The Protect range of what b pays with: the card's Protect/X, or the token's range. */
static int answer_protect_range(const carta_rules *r, const am_state *st, int ch, int b)
{
    if (b >= AM_TOKEN_PAY)
        return st->token[b - AM_TOKEN_PAY].range;
    return am_spell_of(r, st->mage[st->ch[ch].mage].hand.cards[b])->protect;
}

int am_answer_actions(const carta_rules *r, const am_state *st, carta_action *out)
{
    int seat = st->window.seat, n = 0;
    if (st->window_attack == AM_WIN_FREE) { /* a phase or a declared action: interrupts only */
        n = am_interrupt_actions(r, st, seat, out);
        out[n++] = AM_ACT(AM_A_PASS, 0, 0);
        return n;
    }
    const am_attack *a = &st->attack[st->window_attack];
    const am_spell *s = am_attack_spell(r, a);
    /* Fix: the attacker's, once per attack, not on an automatic hit (R19). */
    if (answer_controls(st, seat, a->attacker) && s->roll != AM_ROLL_AUTO &&
        !(a->fixes & 1))
        n += am_payments(r, st, a->attacker, 1u << AM_TOKEN_STRIKE, 0, AM_A_FIX, 0, out + n);
    int overwhelm = (s->keywords & AM_K_OVERWHELM) != 0;
    for (int i = 0; i < a->n && !overwhelm; i++) {
        const am_roll *ro = &a->roll[i];
        if (ro->flags & AM_R_GONE)
            continue;
        if (st->ch[ro->target].flags & AM_C_EXPOSED)
            continue; /* Expose: the attack gains Overwhelm */
        /* Guard: the target's, once per attack. */
        if (!(a->guarded & (1u << i)) && answer_controls(st, seat, ro->target))
            n += am_payments(r, st, ro->target, 1u << AM_TOKEN_GUARD, 0, AM_A_GUARD, i, out + n);
        /* Protect: an ally of the target (itself included) within range, once per attack. */
        for (int p = 0; p < st->n_chars; p++) {
            if (!answer_controls(st, seat, p) || st->ch[p].side != st->ch[ro->target].side ||
                (a->protected_ & (1u << (p & 7))) || st->ch[p].minion) /* a minion protects
                                                                          no one (R101) */
                continue;
            carta_action buf[AM_HAND + AM_TOKENS];
            int k = am_payments(r, st, p, 1u << AM_TOKEN_PROTECT, 1, AM_A_PROTECT, i | p << 3, buf);
            for (int j = 0; j < k; j++)
                if (am_char_dist(st, p, ro->target) <=
                    answer_protect_range(r, st, p, AM_B(buf[j])))
                    out[n++] = buf[j];
        }
    }
    n += am_interrupt_actions(r, st, seat, out + n);
    out[n++] = AM_ACT(AM_A_PASS, 0, 0);
    return n;
}

/* What any seat may do at interruption speed: a Trick (Cantrip action, TRICK: "cast using the
 * Cantrip action at Interruption speed"), an exploit, a Cleanse. Not with the stack nearly full,
 * nor a Trick while AM_ATTACKS attacks resolve at once (it may declare another). */
int am_interrupt_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out)
{
    int n = 0;
    if (st->pending.n > CARTA_PENDING_MAX - 8)
        return 0;
    if (seat < st->n_mages && !(st->ch[st->mage[seat].ch].flags & AM_C_KO) &&
        st->mage[seat].limbo.n < AM_LIMBO && st->n_attacks < AM_ATTACKS) {
        const am_mage *g = &st->mage[seat];
        for (int i = 0; i < g->hand.n; i++)
            if (am_first_copy(&g->hand, i) &&
                (am_spell_of(r, g->hand.cards[i])->keywords & AM_K_TRICK) &&
                am_cantrip_allowed(st, seat))
                out[n++] = AM_ACT(AM_A_CANTRIP, 0, i);
        n += am_pitch_actions(r, st, seat, out + n);
    }
    n += am_exploit_actions(r, st, seat, out + n);
    n += am_cleanse_actions(r, st, seat, out + n);
    n += am_use_actions(r, st, seat, 0, out + n);
    return n;
}

int am_pay(const carta_rules *r, am_state *st, int ch, int b, int strike, int word)
{
    if (b >= AM_TOKEN_PAY) {
        int t = b - AM_TOKEN_PAY, v = st->token[t].value;
        memmove(&st->token[t], &st->token[t + 1], (size_t)(st->n_tokens - t - 1) *
                                                      sizeof st->token[0]);
        st->n_tokens--;
        memset(&st->token[st->n_tokens], 0, sizeof st->token[0]);
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, 0, -1,
                        word == AM_W_FIXES ? AM_W_TOKEN_FIX : word == AM_W_GUARDS
                        ? AM_W_TOKEN_GUARD : word == AM_W_CLEANSES ? AM_W_CLEANSES
                        : AM_W_TOKEN_PROTECT, v, 0);
        return v;
    }
    int mage = st->ch[ch].mage;
    const am_spell *s = am_spell_of(r, st->mage[mage].hand.cards[b]);
    am_to_void(st, mage, b, word);
    return strike ? s->strike : s->guard;
}

void am_answer_apply(const carta_rules *r, am_state *st, carta_action a)
{
    if (AM_KIND(a) == AM_A_PASS) {
        carta_event_add(&st->events, CARTA_EV_NOTE, st->window.seat, -1, -1, 0, -1, AM_W_PASSES,
                        0, 0);
        if (carta_window_pass(&st->window))
            st->window_attack = AM_NONE;
        return;
    }
    int kind = AM_KIND(a), seat = st->window.seat;
    if (kind == AM_A_EXPLOIT || kind == AM_A_CLEANSE) {
        carta_window_answer(&st->window, 0);
        if (kind == AM_A_EXPLOIT)
            am_exploit_apply(r, st, a, seat);
        else
            am_cleanse_apply(r, st, a, seat);
        return;
    }
    if (kind == AM_A_PITCH) { /* PITCH: the card to the Void, its effect on the stack (R85) */
        carta_pending *f = carta_pending_push(&st->pending, AM_F_EFFECT, seat);
        f->arg[E_KIND] = AM_A_PITCH;
        f->arg[E_CH] = (int16_t)st->mage[seat].ch;
        f->arg[E_VALUE] = (int16_t)am_pitch_declare(r, st, seat, AM_B(a));
        carta_window_answer(&st->window, 0);
        return;
    }
    if (kind == AM_A_CANTRIP) { /* a Trick goes on the stack */
        int ch = st->mage[seat].ch;
        am_cantrip_declare(st, seat, AM_B(a));
        carta_pending *f = carta_pending_push(&st->pending, AM_F_EFFECT, seat);
        f->arg[E_KIND] = AM_A_CANTRIP;
        f->arg[E_CH] = (int16_t)ch;
        carta_window_answer(&st->window, 0);
        return;
    }
    am_attack *at = &st->attack[st->window_attack];
    int roll = AM_A(a) & 7, ch, value;
    if (kind == AM_A_FIX) {
        ch = at->attacker;
        at->fixes |= 1;
        value = am_pay(r, st, ch, AM_B(a), 1, AM_W_FIXES);
    } else if (kind == AM_A_GUARD) {
        ch = at->roll[roll].target;
        at->guarded |= (uint8_t)(1u << roll);
        value = am_pay(r, st, ch, AM_B(a), 0, AM_W_GUARDS);
    } else {
        ch = AM_A(a) >> 3;
        at->protected_ |= (uint8_t)(1u << (ch & 7));
        value = am_pay(r, st, ch, AM_B(a), 0, AM_W_PROTECTS);
    }
    carta_pending *f = carta_pending_push(&st->pending, AM_F_EFFECT, st->window.seat);
    f->arg[E_KIND] = (int16_t)kind;
    f->arg[E_CH] = (int16_t)ch;
    f->arg[E_VALUE] = (int16_t)value;
    f->arg[E_ATTACK] = st->window_attack;
    f->arg[E_ROLL] = (int16_t)roll;
    carta_window_answer(&st->window, 0);
}

/* A declared Fix, Guard or Protect resolves: a Fix sets the natural result to the Strike Value
 * (Fix Action), of a multi-attack each roll it raises (before the rolls: every one; R19: the
 * attacker's choice of the rolls that use it); a Guard or Protect adds its Guard Value to the
 * Defence the roll is against. */
/* [Shield] items: "Whenever you guard yourself (or protect an ally), increase the Defence bonus
 * by +2" (List: Melee Weapons: Buckler, Shield, Tower Shield). */
static int answer_shield(const carta_rules *r, const am_state *st, int ch, int kind)
{
    if (st->ch[ch].side != AM_ALLIES || st->ch[ch].minion)
        return 0;
    const am_mage *g = &st->mage[st->ch[ch].mage];
    int bonus = 0;
    for (int i = 0; i < g->n_items; i++) {
        const am_thing *t = am_thing_of(r, g->item[i]);
        bonus += kind == AM_A_GUARD ? t->guard_bonus : t->protect_bonus;
    }
    return bonus;
}

void am_effect_resolve(const carta_rules *r, am_state *st, carta_pending *f)
{
    if (f->arg[E_KIND] == AM_A_CANTRIP) {
        int ch = f->arg[E_CH];
        carta_pending_pop(&st->pending);
        am_cast_push(st, ch, AM_CAST_CANTRIP, 0);
        return;
    }
    if (f->arg[E_KIND] == AM_A_PITCH) {
        int ch = f->arg[E_CH], ref = f->arg[E_VALUE];
        carta_pending_pop(&st->pending);
        am_cast_push(st, ch, AM_CAST_PITCH, ref);
        return;
    }
    am_attack *a = &st->attack[f->arg[E_ATTACK]];
    int value = f->arg[E_VALUE];
    if (f->arg[E_KIND] == AM_A_FIX) {
        for (int i = 0; i < a->n; i++) {
            am_roll *ro = &a->roll[i];
            if (a->n == 1 || !(ro->flags & AM_R_ROLLED) || ro->natural < value) {
                ro->natural = (uint8_t)value;
                ro->flags |= AM_R_FIXED;
            }
        }
    } else {
        am_roll *ro = &a->roll[f->arg[E_ROLL]];
        ro->guard = (uint8_t)(ro->guard + value + answer_shield(r, st, f->arg[E_CH],
                                                                f->arg[E_KIND]));
        ro->flags |= AM_R_GUARDED;
    }
    carta_pending_pop(&st->pending);
}

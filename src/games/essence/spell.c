/* spell.c: casting the Aether's spells (4.1 SPELL CASTING, 4.2 LIGHT MAGIC AND DARK MAGIC):
 * who may cast which side and when, paying the Spell Cost, the Spell Fate, Perfect Spellcast and
 * Spell Fail, each spell's effect, and the flip. */
#include "games/essence/essence.h"

#include "core/assert.h"

/* 1.3: Unicorn Blood replaces any Essence; "Gray Essences ... can be produced by discarding any
 * Essence or Monster Card"; 4.1: "Only a complete set of correctly colored Essences". */
int ess_pays(const carta_rules *r, int card, int color)
{
    const ess_card *c = ess_card_of(r, card);
    if (c->kind == ESS_K_UNICORN)
        return 1;
    if (color == ESS_GREY)
        return c->kind == ESS_K_ESSENCE || c->kind == ESS_K_MONSTER;
    return c->kind == ESS_K_ESSENCE && c->realm == color;
}

/* Whether seat's hand, without the card at index skip (-1: none), pays the symbols from `paid`
 * on of spell side's cost. Coloured symbols come first (cards.c sorts them): each is paid by its
 * Essence where the hand has one, by Unicorn Blood otherwise; grey by whatever is left. */
int ess_can_pay(const carta_rules *r, const ess_state *st, int seat, int side, int paid,
                int skip)
{
    const ess_card *spell = ess_card_of(r, side);
    const ess_pile *hand = &st->seat[seat].hand;
    int essence[ESS_REALMS] = {0}, unicorn = 0, other = 0;
    for (int i = 0; i < hand->n; i++) {
        if (i == skip)
            continue;
        const ess_card *c = ess_card_of(r, hand->cards[i]);
        if (c->kind == ESS_K_UNICORN)
            unicorn++;
        else if (c->kind == ESS_K_ESSENCE)
            essence[c->realm]++;
        else if (c->kind == ESS_K_MONSTER)
            other++;
    }
    int grey = 0;
    for (int k = paid; k < spell->n_cost; k++) {
        int color = spell->cost[k];
        if (color == ESS_GREY)
            grey++;
        else if (essence[color])
            essence[color]--;
        else if (unicorn)
            unicorn--;
        else
            return 0;
    }
    return unicorn + other + essence[0] + essence[1] + essence[2] >= grey;
}

/* What a spell needs to act on at all (a spell with nothing to act on is not cast). */
static int spell_has_target(const carta_rules *r, const ess_state *st, const ess_card *spell)
{
    switch (spell->effect) {
    case ESS_SP_SUMMONING:
    case ESS_SP_INSTIGATION:
        return st->combat.monster == ESS_NONE &&
               (ess_can_explore(r, st, ESS_FOREST) || ess_can_explore(r, st, ESS_MINES) ||
                ess_can_explore(r, st, ESS_UNDERWORLD));
    case ESS_SP_EMPOWER:
    case ESS_SP_FURY:
    case ESS_SP_DREAD: return st->combat.monster != ESS_NONE;
    case ESS_SP_MUTINY:
        return st->combat.monster != ESS_NONE && st->combat.n_support > 0 &&
               st->combat.n_interfere < ESS_INTERFERE_MAX;
    case ESS_SP_FORESIGHT:
    case ESS_SP_CAVE_IN: return st->phase == ESS_PHASE_EXPLORE;
    case ESS_SP_RESTORATION: return st->grave.n > 0;
    case ESS_SP_PLUNDER: return st->seat[st->active].hand.n > 0;
    default: return 1;
    }
}

/* 4.1: "the Spell must be face up and the player must be in the correct phase of the turn";
 * 4.2: the Light side for the active player, the other for opponents. */
int ess_spell_castable(const carta_rules *r, const ess_state *st, int seat, int slot, int when)
{
    int side = st->aether[slot];
    const ess_card *spell = ess_card_of(r, side);
    int active = seat == st->active;
    if (spell->dark == active || (active && (st->turn_flags & ESS_T_SUFFOCATED)))
        return 0;
    if (spell->spell_when != ESS_WHEN_ANY && spell->spell_when != when)
        return 0;
    return spell_has_target(r, st, spell) && ess_can_pay(r, st, seat, side, 0, -1);
}

void ess_flip(ess_state *st, const carta_rules *r, int slot, int seat)
{
    uint16_t old = st->aether[slot];
    st->aether[slot] = ess_card_of(r, old)->back;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat >= 0 ? seat : st->active, -1, old,
                    CARTA_SEEN_ALL, st->aether[slot], ESS_W_FLIPS, slot + 1, 0);
}

void ess_cast_begin(const carta_rules *r, ess_state *st, int seat, int slot)
{
    (void)r;
    carta_pending *f = carta_pending_push(&st->pending, ESS_FR_CAST, seat);
    f->arg[0] = (int16_t)slot;
    f->arg[1] = (int16_t)st->aether[slot];
    f->arg[2] = ESS_ST_PAY;
    for (int k = 4; k < 8; k++)
        f->arg[k] = (int16_t)ESS_NONE;
    carta_event_add(&st->events, CARTA_EV_ACT, seat, -1, st->aether[slot], CARTA_SEEN_ALL, -1,
                    ESS_W_CASTS, slot, 0);
}

int ess_pay_options(const carta_rules *r, const ess_state *st, const carta_pending *f,
                    uint16_t *out)
{
    const ess_card *spell = ess_card_of(r, f->arg[1]);
    const ess_pile *hand = &st->seat[f->seat].hand;
    int color = spell->cost[f->arg[3]], n = 0;
    for (int i = 0; i < hand->n; i++) {
        int seen = 0;
        for (int k = 0; k < n && !seen; k++)
            seen = out[k] == hand->cards[i];
        if (!seen && ess_pays(r, hand->cards[i], color) &&
            ess_can_pay(r, st, f->seat, f->arg[1], f->arg[3] + 1, i))
            out[n++] = hand->cards[i];
    }
    return n;
}

void ess_pay(ess_state *st, carta_pending *f, int card)
{
    uint16_t c = ess_hand_take(st, f->seat, card, NULL);
    f->arg[4 + f->arg[3]] = (int16_t)c;
    f->arg[3]++;
    carta_event_move(&st->events, f->seat, c, CARTA_SEEN_ALL, ESS_W_HAND, ESS_W_PAYMENT,
                     ESS_W_PAYS);
}

/* 4.1: "the Essences used to pay for the Spell Cost" go to the Graveyard once the spell is
 * resolved, or back to the caster (a Spell Fail, a refund). */
static void cast_payment(ess_state *st, carta_pending *f, int to_hand)
{
    for (int k = 0; k < f->arg[3]; k++) {
        uint16_t card = (uint16_t)f->arg[4 + k];
        if (to_hand) {
            ess_hand_add(st, f->seat, card, CARTA_SEEN_ALL);
            carta_event_move(&st->events, f->seat, card, CARTA_SEEN_ALL, ESS_W_PAYMENT,
                             ESS_W_HAND, ESS_W_TAKES_BACK);
        } else {
            ess_to_grave(st, f->seat, card, CARTA_SEEN_ALL, ESS_W_PAYMENT);
        }
        f->arg[4 + k] = (int16_t)ESS_NONE;
    }
    f->arg[3] = 0;
}

static void cast_fate_away(ess_state *st, carta_pending *f)
{
    ess_fate_done(st, (uint16_t)f->arg[7], f->arg[9] & ESS_CAST_FATE_KEPT);
    f->arg[7] = (int16_t)ESS_NONE;
}

/* Plunder: a card at random from the active player's hand, seen by both. */
static void spell_plunder(ess_state *st, int seat)
{
    ess_pile *hand = &st->seat[st->active].hand;
    int i = (int)carta_rng_below(&st->rng, hand->n);
    uint8_t known;
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(hand), i, &known);
    uint8_t seen = (uint8_t)(known | CARTA_SEAT_BIT(seat) | CARTA_SEAT_BIT(st->active));
    ess_hand_add(st, seat, card, seen);
    carta_event_add(&st->events, CARTA_EV_STEAL, seat, st->active, card, seen, -1, ESS_W_STEALS,
                    1, hand->n);
}

static void spell_mutiny(ess_state *st)
{
    ess_combat *c = &st->combat;
    ess_minion m = c->support[--c->n_support];
    c->support[c->n_support] = (ess_minion){0};
    m.flags = ESS_M_MUTINY;
    c->interfere[c->n_interfere++] = m;
    carta_event_move(&st->events, st->active, m.card, CARTA_SEEN_ALL, ESS_W_SUPPORT,
                     ESS_W_INTERFERENCE, ESS_W_MUTINY);
}

static void spell_effect(const carta_rules *r, ess_state *st, carta_pending *f)
{
    const ess_card *spell = ess_card_of(r, f->arg[1]);
    int seat = f->seat, slot = f->arg[0];
    carta_pending *next;
    switch (spell->effect) {
    case ESS_SP_SUMMONING:
    case ESS_SP_INSTIGATION:
        next = carta_pending_push(&st->pending, ESS_FR_STACK, seat);
        next->arg[0] = spell->effect == ESS_SP_SUMMONING ? ESS_FOR_SUMMONING
                                                         : ESS_FOR_INSTIGATION;
        break;
    case ESS_SP_EMPOWER:
        ess_combat_add(st, spell->amount, 0);
        st->combat.flags |= ESS_C_INVULNERABLE;
        carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1,
                        ESS_W_INVULNERABLE, 0, 0);
        break;
    case ESS_SP_MUTINY: spell_mutiny(st); break;
    case ESS_SP_EQUILIBRIUM:
        for (int s = 0; s < ESS_SPELLS; s++)
            if (s != slot)
                ess_flip(st, r, s, seat);
        break;
    case ESS_SP_SUFFOCATION:
        st->turn_flags |= ESS_T_SUFFOCATED;
        carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1,
                        ESS_W_SUFFOCATED, 0, 0);
        break;
    case ESS_SP_FURY: ess_combat_add(st, spell->amount, 0); break;
    case ESS_SP_DREAD: ess_combat_add(st, 0, spell->amount); break;
    case ESS_SP_FORESIGHT:
        st->explore_bonus = (uint8_t)(st->explore_bonus + spell->amount);
        carta_event_add(&st->events, CARTA_EV_COUNTER, st->active, -1, -1, 0, -1,
                        ESS_W_EXPLORE_LIMIT, spell->amount,
                        st->explore_limit + st->explore_bonus);
        break;
    case ESS_SP_CAVE_IN: st->turn_flags |= ESS_T_CAVE_IN; break;
    case ESS_SP_RESTORATION: carta_pending_push(&st->pending, ESS_FR_GRAVE, seat); break;
    case ESS_SP_PLUNDER: spell_plunder(st, seat); break;
    default: break;
    }
    if (spell->effect == ESS_SP_FURY || spell->effect == ESS_SP_DREAD ||
        spell->effect == ESS_SP_EMPOWER || spell->effect == ESS_SP_MUTINY)
        ess_combat_told(r, st);
}

/* Summoning and Instigation: "Reveal cards from a realm stack ... until you encounter a
 * monster"; the cards revealed before it go to the Graveyard (docs/rulings/essence.md). */
void ess_spell_reveal_monster(const carta_rules *r, ess_state *st, int seat, int realm,
                              int summoning)
{
    uint16_t passed[ESS_PILE_MAX];
    int n = 0, monster = -1;
    while (monster < 0 && ess_stack_top(r, st, realm) >= 0) {
        ess_pile *stack = &st->stack[realm];
        uint16_t card = carta_zone_take(CARTA_ZONE_REF(stack), stack->n - 1, NULL);
        carta_event_add(&st->events, CARTA_EV_REVEAL, seat, -1, card, CARTA_SEEN_ALL, -1, 0,
                        n + 1, realm);
        if (ess_card_of(r, card)->kind == ESS_K_MONSTER)
            monster = card;
        else
            passed[n++] = card;
    }
    for (int k = 0; k < n; k++)
        ess_to_grave(st, seat, passed[k], CARTA_SEEN_ALL, ess_realm_word(realm));
    if (monster < 0)
        return;
    ess_combat_begin(r, st, (uint16_t)monster, realm, summoning ? ESS_C_LOOT_IS_DAMAGE : 0);
    carta_pending *cast = carta_pending_top(&st->pending);
    CARTA_ASSERT(cast && cast->kind == ESS_FR_CAST);
    cast->arg[2] = ESS_ST_WAIT;
}

static int cast_spell_fate(const carta_rules *r, const ess_state *st, int seat, int fate)
{
    int n = ess_card_of(r, fate)->number + ess_passive(r, st, seat, ESS_PA_SPELL_FATE) +
            (seat == st->active ? st->turn_spell_fate : 0);
    return n > 6 ? 6 : n;
}

int ess_cast_step(const carta_rules *r, ess_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    const ess_card *spell = ess_card_of(r, f->arg[1]);
    int seat = f->seat;
    switch (f->arg[2]) {
    case ESS_ST_PAY: {
        if (f->arg[3] < spell->n_cost) {
            uint16_t options[ESS_PILE_MAX];
            int n = ess_pay_options(r, st, f, options);
            CARTA_ASSERT(n > 0); /* castable means payable */
            if (n > 1)
                return 1;
            ess_pay(st, f, options[0]); /* one kind of card pays it: no choice */
            return 0;
        }
        f->arg[2] = ESS_ST_FATE;
        return 0;
    }
    case ESS_ST_FATE: {
        int fate = ess_fate_draw(r, st, seat, ESS_CHECK_SPELL);
        f->arg[7] = (int16_t)fate;
        f->arg[8] = (int16_t)cast_spell_fate(r, st, seat, fate);
        f->arg[2] = ESS_ST_EFFECT;
        ess_bonus_offer(r, st, seat, fate, ESS_CHECK_SPELL);
        return 0;
    }
    case ESS_ST_EFFECT:
        if (f->arg[8] <= 1) { /* Spell Fail */
            carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, f->arg[1], CARTA_SEEN_ALL, -1,
                            ESS_W_SPELL_FAIL, f->arg[8], 0);
            cast_payment(st, f, 1);
            ess_flip(st, r, f->arg[0], seat);
            cast_fate_away(st, f);
            carta_pending_pop(&st->pending);
            return 0;
        }
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, f->arg[1], CARTA_SEEN_ALL, -1,
                        f->arg[8] >= 6 ? ESS_W_PERFECT : ESS_W_SPELL_WORKS, f->arg[8], 0);
        f->arg[2] = ESS_ST_DONE;
        spell_effect(r, st, f);
        return 0;
    case ESS_ST_DONE:
        cast_payment(st, f, f->arg[9] & ESS_CAST_REFUND);
        f->arg[2] = ESS_ST_FLIP;
        if (f->arg[8] >= 6 || (f->arg[9] & ESS_CAST_KEEP)) {
            carta_pending *k = carta_pending_push(&st->pending, ESS_FR_KEEP, seat);
            k->arg[0] = f->arg[0];
        }
        return 0;
    case ESS_ST_FLIP:
        if (!(f->arg[9] & ESS_CAST_KEPT))
            ess_flip(st, r, f->arg[0], seat);
        cast_fate_away(st, f);
        carta_pending_pop(&st->pending);
        return 0;
    default: CARTA_ASSERT(!"a cast in no stage"); return 1;
    }
}

/* combat.c: the Combat Phase (3.3): the Combat Fate, the Support and Interference Stacks, the
 * outcome, Loot and Damage, Invulnerable Minions. */
#include "games/essence/essence.h"

#include <string.h>

#include "core/assert.h"

static int8_t combat_clamp(int v) { return (int8_t)(v > 100 ? 100 : v < -100 ? -100 : v); }

void ess_combat_begin(const carta_rules *r, ess_state *st, uint16_t monster, int realm,
                      int flags)
{
    (void)r;
    memset(&st->combat, 0, sizeof st->combat);
    st->combat.monster = monster;
    st->combat.fate = ESS_NONE;
    st->combat.realm = (uint8_t)realm;
    st->combat.flags = (uint8_t)flags;
    st->phase = ESS_PHASE_COMBAT;
    carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, monster, CARTA_SEEN_ALL, -1,
                    ESS_W_FIGHTS, 0, 0);
}

/* "At the start of combat ... perform a Fate Check": the Fate Number is the base Attack
 * Strength; a Fate of the Warrior offers its bonus to the active player. */
void ess_combat_fate(const carta_rules *r, ess_state *st)
{
    int fate = ess_fate_draw(r, st, st->active, ESS_CHECK_COMBAT);
    st->combat.fate = (uint16_t)fate;
    ess_bonus_offer(r, st, st->active, fate, ESS_CHECK_COMBAT);
}

static int combat_fate_number(const carta_rules *r, const ess_state *st)
{
    return st->combat.fate == ESS_NONE ? 0 : ess_card_of(r, st->combat.fate)->number;
}

/* 3.3: "Minions whose Support Strength matches the Combat Fate cause a Critical Hit, which
 * doubles their Support Strength." */
static int combat_support(const carta_rules *r, const ess_state *st, const ess_minion *m)
{
    int s = ess_card_of(r, m->card)->support;
    return s == combat_fate_number(r, st) ? 2 * s : s;
}

int ess_attack_strength(const carta_rules *r, const ess_state *st)
{
    int a = combat_fate_number(r, st) + st->combat.attack + st->turn_attack;
    for (int i = 0; i < st->combat.n_support; i++)
        a += combat_support(r, st, &st->combat.support[i]);
    return a;
}

int ess_monster_willpower(const carta_rules *r, const ess_state *st)
{
    int w = ess_card_of(r, st->combat.monster)->willpower + st->combat.willpower;
    for (int i = 0; i < st->combat.n_interfere; i++) {
        const ess_minion *m = &st->combat.interfere[i];
        w += ess_card_of(r, m->card)->interference;
        if (!(m->flags & ESS_M_MUTINY))
            w += ess_passive(r, st, m->owner, ESS_PA_INTERFERENCE);
    }
    return w;
}

int ess_has_minion(const carta_rules *r, const ess_state *st, int seat)
{
    const ess_pile *hand = &st->seat[seat].hand;
    for (int i = 0; i < hand->n; i++)
        if (ess_card_of(r, hand->cards[i])->kind == ESS_K_MONSTER)
            return 1;
    return 0;
}

void ess_combat_told(const carta_rules *r, ess_state *st)
{
    carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1, ESS_W_ATTACK,
                    ess_attack_strength(r, st), ess_monster_willpower(r, st));
}

void ess_support(const carta_rules *r, ess_state *st, int card)
{
    ess_hand_take(st, st->active, card, NULL);
    ess_combat *c = &st->combat;
    CARTA_ASSERT(c->n_support < ESS_SUPPORT_MAX);
    c->support[c->n_support++] = (ess_minion){.card = (uint16_t)card,
                                              .owner = (uint8_t)st->active};
    carta_event_move(&st->events, st->active, card, CARTA_SEEN_ALL, ESS_W_HAND, ESS_W_SUPPORT,
                     ESS_W_SUPPORTS);
    if (ess_card_of(r, card)->support == combat_fate_number(r, st))
        carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, card, CARTA_SEEN_ALL, -1,
                        ESS_W_CRITICAL, 2 * ess_card_of(r, card)->support, 0);
    ess_combat_told(r, st);
}

void ess_interfere(const carta_rules *r, ess_state *st, int seat, int card)
{
    ess_combat *c = &st->combat;
    ess_hand_take(st, seat, card, NULL);
    c->interfere[c->n_interfere++] = (ess_minion){.card = (uint16_t)card, .owner = (uint8_t)seat};
    c->interfered |= CARTA_SEAT_BIT(seat);
    carta_event_move(&st->events, seat, card, CARTA_SEEN_ALL, ESS_W_HAND, ESS_W_INTERFERENCE,
                     ESS_W_INTERFERES);
    ess_combat_told(r, st);
}

void ess_combat_add(ess_state *st, int attack, int willpower)
{
    st->combat.attack = combat_clamp(st->combat.attack + attack);
    st->combat.willpower = combat_clamp(st->combat.willpower + willpower);
}

void ess_combat_resolve(const carta_rules *r, ess_state *st)
{
    ess_combat *c = &st->combat;
    const ess_card *monster = ess_card_of(r, c->monster);
    int seat = st->active, attack = ess_attack_strength(r, st);
    int willpower = ess_monster_willpower(r, st);
    if (attack >= willpower) { /* "equal or higher" */
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, c->monster, CARTA_SEEN_ALL, -1,
                        ESS_W_WINS_COMBAT, attack, willpower);
        ess_hand_add(st, seat, c->monster, CARTA_SEEN_ALL);
        carta_event_move(&st->events, seat, c->monster, CARTA_SEEN_ALL, ESS_W_COMBAT,
                         ESS_W_HAND, ESS_W_TAKES);
        c->monster = ESS_NONE;
        int loot = (c->flags & ESS_C_LOOT_IS_DAMAGE ? monster->damage : monster->loot) + c->loot +
                   ess_passive(r, st, seat, ESS_PA_WIN_LOOT);
        for (int k = 0; k < loot; k++)
            if (!ess_draw(r, st, seat, c->realm, ESS_W_LOOTS))
                break;
        ess_combat_cleanup(r, st);
        return;
    }
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, c->monster, CARTA_SEEN_ALL, -1,
                    ESS_W_LOSES_COMBAT, attack, willpower);
    int damage = monster->damage - ess_passive(r, st, seat, ESS_PA_LESS_DAMAGE);
    carta_zone_insert(CARTA_ZONE_REF(&st->stack[c->realm]), 0, c->monster, CARTA_SEEN_ALL);
    carta_event_move(&st->events, seat, c->monster, CARTA_SEEN_ALL, ESS_W_COMBAT, ESS_W_BOTTOM,
                     0);
    c->monster = ESS_NONE;
    if (damage > 0 && st->seat[seat].hand.n > 0) {
        carta_pending *f = carta_pending_push(&st->pending, ESS_FR_DAMAGE, seat);
        f->arg[0] = (int16_t)damage;
        return;
    }
    ess_combat_cleanup(r, st);
}

/* "After Combat, the Support Stacks and Interference Stacks are placed into the Graveyard, and
 * the Combat Fate is put into the Graveyard of Fates unless it is applicable for the whole
 * turn"; Invulnerable Minions return to the active player's hand and lose the status. */
void ess_combat_cleanup(const carta_rules *r, ess_state *st)
{
    ess_combat *c = &st->combat;
    int seat = st->active;
    for (int i = 0; i < c->n_support; i++) {
        const ess_minion *m = &c->support[i];
        if ((m->flags & ESS_M_INVULNERABLE) || (c->flags & ESS_C_INVULNERABLE)) {
            ess_hand_add(st, seat, m->card, CARTA_SEEN_ALL);
            carta_event_move(&st->events, seat, m->card, CARTA_SEEN_ALL, ESS_W_SUPPORT,
                             ESS_W_HAND, ESS_W_RETURNS);
        } else {
            ess_to_grave(st, m->owner, m->card, CARTA_SEEN_ALL, ESS_W_SUPPORT);
        }
    }
    for (int i = 0; i < c->n_interfere; i++)
        ess_to_grave(st, c->interfere[i].owner, c->interfere[i].card, CARTA_SEEN_ALL,
                     ESS_W_INTERFERENCE);
    ess_fate_done(st, c->fate, c->flags & ESS_C_FATE_KEPT);
    memset(c, 0, sizeof *c);
    c->monster = c->fate = ESS_NONE;
    st->phase = ESS_PHASE_ARCANE;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_PHASE_ARCANE, 0, 0);
    carta_pending *top = carta_pending_top(&st->pending);
    if (top && top->kind == ESS_FR_CAST && top->arg[2] == ESS_ST_WAIT)
        top->arg[2] = ESS_ST_DONE;
    (void)r;
}

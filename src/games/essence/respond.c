/* respond.c: the opponents' part in the active player's turn: after each card an exploration
 * reveals, and whenever the active player passes in combat or the Arcane Phase, every opponent
 * who can do something declares at the same moment, unseen by the others (core/simultaneous.h):
 * interfere with a Minion (3.3), cast a spell of the Aether (4.1: "the game is 'paused'"), use an
 * ability, or pass. Then the declared spells and abilities resolve, in the order the active player
 * chooses (4.2: "If multiple players want to cast a spell at the same time the active player
 * always decides who goes first"), and the Minions join the Interference Stack, highest
 * Interference Strength first (3.3). A seat with nothing it can do is never asked. */
#include "games/essence/essence.h"

#include "core/assert.h"

static int respond_can_interfere(const carta_rules *r, const ess_state *st, int seat, int when)
{
    return when == ESS_WHEN_COMBAT && st->combat.monster != ESS_NONE &&
           !(st->combat.interfered & CARTA_SEAT_BIT(seat)) &&
           st->combat.n_interfere < ESS_INTERFERE_MAX && ess_has_minion(r, st, seat);
}

int ess_respond_options(const carta_rules *r, const ess_state *st, int seat, int when)
{
    if (respond_can_interfere(r, st, seat, when))
        return 1;
    if (when == ESS_WHEN_COMBAT && ess_ability_usable(r, st, seat, ESS_WHEN_THEIR_COMBAT))
        return 1;
    for (int s = 0; s < ESS_SPELLS; s++)
        if (ess_spell_castable(r, st, seat, s, when))
            return 1;
    return 0;
}

int ess_respond_open(const carta_rules *r, ess_state *st, int when)
{
    uint8_t seats = 0;
    for (int p = 0; p < st->n_seats; p++)
        if (p != st->active && ess_respond_options(r, st, p, when))
            seats |= CARTA_SEAT_BIT(p);
    if (!seats)
        return 0;
    st->responding = seats;
    st->respond_phase = (uint8_t)when;
    for (int p = 0; p < ESS_SEATS; p++)
        st->seat[p].decl = ESS_DECL_NONE;
    return 1;
}

int ess_respond_next(const ess_state *st)
{
    for (int k = 1; k < st->n_seats; k++) {
        int p = (st->active + k) % st->n_seats;
        if ((st->responding & CARTA_SEAT_BIT(p)) && st->seat[p].decl == ESS_DECL_NONE)
            return p;
    }
    return -1;
}

/* Every seat asked has declared: what each declared is told to all, then resolved. */
void ess_respond_declared(const carta_rules *r, ess_state *st)
{
    int acted = 0, when = st->respond_phase;
    carta_pending queue = {0};
    for (int p = 0; p < ESS_SEATS; p++) {
        uint16_t decl = st->seat[p].decl;
        queue.arg[p] = (int16_t)(p < st->n_seats && (st->responding & CARTA_SEAT_BIT(p))
                                     ? decl : ESS_DECL_PASS);
        st->seat[p].decl = ESS_DECL_NONE;
        if (!(st->responding & CARTA_SEAT_BIT(p)))
            continue;
        if (decl == ESS_DECL_PASS) {
            carta_event_add(&st->events, CARTA_EV_NOTE, p, -1, -1, 0, -1, ESS_W_PASSES, 0, 0);
            continue;
        }
        acted = 1;
        int card = decl >= ESS_DECL_MINION  ? decl - ESS_DECL_MINION
                   : decl >= ESS_DECL_SPELL ? st->aether[decl - ESS_DECL_SPELL]
                                            : st->seat[p].avatar;
        carta_event_add(&st->events, CARTA_EV_NOTE, p, -1, card, CARTA_SEEN_ALL, -1,
                        decl >= ESS_DECL_MINION  ? ESS_W_WILL_INTERFERE
                        : decl >= ESS_DECL_SPELL ? ESS_W_WILL_CAST
                                                 : ESS_W_WILL_USE,
                        0, 0);
    }
    st->responding = 0;
    if (acted) {
        carta_pending *f = carta_pending_push(&st->pending, ESS_FR_QUEUE, st->active);
        for (int k = 0; k < ESS_SEATS; k++)
            f->arg[k] = queue.arg[k];
        f->arg[4] = (int16_t)when;
        return;
    }
    /* nobody wants to go on: after a reveal the active player goes on exploring; in combat and
     * the Arcane Phase the active player had passed, so the phase ends */
    if (when == ESS_WHEN_COMBAT)
        ess_combat_resolve(r, st);
    else if (when == ESS_WHEN_ARCANE)
        st->phase = ESS_PHASE_END;
}

int ess_order_seats(const ess_state *st, const carta_pending *queue)
{
    int seats = 0;
    for (int p = 0; p < st->n_seats; p++) {
        int d = queue->arg[p];
        if (d == ESS_DECL_ABILITY || (d >= ESS_DECL_SPELL && d < ESS_DECL_MINION))
            seats |= 1 << p;
    }
    return seats;
}

/* Seat's declared spell or ability starts, if it still can (a card flipped by an earlier one,
 * a Minion no longer needed: the declaration fizzles). */
void ess_queue_start(const carta_rules *r, ess_state *st, carta_pending *queue, int seat)
{
    int decl = queue->arg[seat], when = queue->arg[4];
    queue->arg[seat] = ESS_DECL_PASS;
    if (decl == ESS_DECL_ABILITY && ess_ability_usable(r, st, seat, ESS_WHEN_THEIR_COMBAT)) {
        ess_ability_begin(r, st, seat);
        return;
    }
    if (decl >= ESS_DECL_SPELL && decl < ESS_DECL_MINION &&
        ess_spell_castable(r, st, seat, decl - ESS_DECL_SPELL, when)) {
        ess_cast_begin(r, st, seat, decl - ESS_DECL_SPELL);
        return;
    }
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_FIZZLES, 0, 0);
}

/* The interfering Minions, highest Interference Strength first (equal: in turn order from the
 * active player's left), while the Interference Stack has room. */
static void queue_interfere(const carta_rules *r, ess_state *st, carta_pending *queue)
{
    int order[ESS_SEATS], n = 0;
    for (int k = 1; k < st->n_seats; k++) {
        int p = (st->active + k) % st->n_seats;
        if (queue->arg[p] >= ESS_DECL_MINION)
            order[n++] = p;
    }
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0; k--) {
            int a = ess_card_of(r, queue->arg[order[k - 1]] - ESS_DECL_MINION)->interference +
                    ess_passive(r, st, order[k - 1], ESS_PA_INTERFERENCE);
            int b = ess_card_of(r, queue->arg[order[k]] - ESS_DECL_MINION)->interference +
                    ess_passive(r, st, order[k], ESS_PA_INTERFERENCE);
            if (b <= a)
                break;
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        int p = order[i], card = queue->arg[p] - ESS_DECL_MINION;
        queue->arg[p] = ESS_DECL_PASS;
        if (respond_can_interfere(r, st, p, ESS_WHEN_COMBAT) && ess_hand_index(st, p, card) >= 0)
            ess_interfere(r, st, p, card);
        else
            carta_event_add(&st->events, CARTA_EV_NOTE, p, -1, card, CARTA_SEEN_ALL, -1,
                            ESS_W_FIZZLES, 0, 0);
    }
}

int ess_queue_step(const carta_rules *r, ess_state *st)
{
    carta_pending *queue = carta_pending_top(&st->pending);
    int seats = ess_order_seats(st, queue), count = __builtin_popcount((unsigned)seats);
    if (count >= 2) {
        queue->seat = st->active;
        return 1;
    }
    if (count == 1) {
        ess_queue_start(r, st, queue, __builtin_ctz((unsigned)seats));
        return 0;
    }
    queue_interfere(r, st, queue);
    carta_pending_pop(&st->pending);
    return 0;
}

/* evaluate.c: a heuristic value of an Essence state for the AI: how near each Avatar is to its
 * Carta Essentia (the Runes and Unicorn Blood it holds toward it), and the strength of its
 * Minions for the combats ahead. A seat's Carta it cannot see counts as the best one for it. */
#include "games/essence/essence.h"

static double eval_progress(const carta_rules *r, const ess_state *st, int seat)
{
    uint16_t carta = st->seat[seat].carta.n ? st->seat[seat].carta.cards[0] : ESS_UNKNOWN;
    if (carta != ESS_UNKNOWN)
        return ess_runes_within_reach(r, st, seat, carta) / 6.0;
    int best = 0;
    for (int id = 0; id < r->n_cards; id++)
        if (r->card[id].kind == ESS_K_CARTA) {
            int held = ess_runes_within_reach(r, st, seat, id);
            best = held > best ? held : best;
        }
    return best / 6.0;
}

static double eval_minions(const carta_rules *r, const ess_state *st, int seat)
{
    const ess_pile *hand = &st->seat[seat].hand;
    int support = 0;
    for (int i = 0; i < hand->n; i++)
        if (hand->cards[i] != ESS_UNKNOWN && ess_card_of(r, hand->cards[i])->kind == ESS_K_MONSTER)
            support += ess_card_of(r, hand->cards[i])->support;
    return support > 30 ? 1.0 : support / 30.0;
}

static double eval_seat(const carta_rules *r, const ess_state *st, int seat)
{
    double progress = eval_progress(r, st, seat);
    return progress * progress + 0.15 * eval_minions(r, st, seat) +
           0.01 * (st->seat[seat].hand.n > 10 ? 10 : st->seat[seat].hand.n);
}

double ess_evaluate(const carta_rules *r, const void *state, int seat)
{
    const ess_state *st = state;
    if (st->phase == ESS_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double mine = eval_seat(r, st, seat), best = 0;
    for (int p = 0; p < st->n_seats; p++)
        if (p != seat) {
            double v = eval_seat(r, st, p);
            best = v > best ? v : best;
        }
    double v = mine - best;
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

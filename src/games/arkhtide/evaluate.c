/* evaluate.c: a heuristic value of a state for one seat: Quintessence and Willpower against the
 * best opponent, the Soul it holds on Realms, cards and Arkhé in reserve. */
#include "games/arkhtide/arkhtide.h"

static double evaluate_seat(const carta_rules *rules, const ark_state *st, int seat)
{
    const ark_seat *s = &st->seat[seat];
    if (s->flags & ARK_S_ELIMINATED)
        return -10.0;
    double v = 1.0 * s->quintessence + 0.6 * s->willpower + 0.1 * s->hand.n + 0.05 * s->arkhe;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != seat)
            continue;
        v += 0.3 * ark_stat(rules, st, i, ARK_STAT_SOUL);
        if (!(p->flags & ARK_P_SEEKER))
            v += 0.4 - (ark_critically_wounded(rules, st, i) ? 0.4 : 0.0);
    }
    return v;
}

double ark_evaluate(const carta_rules *rules, const void *state, int seat)
{
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER) {
        if (st->winner >= 0)
            return st->winner == seat ? 1.0 : -1.0;
        return (st->tied & (1u << seat)) ? 0.0 : -1.0;
    }
    double mine = evaluate_seat(rules, st, seat), best = -1e9;
    for (int s = 0; s < st->n_seats; s++)
        if (s != seat && !(st->seat[s].flags & ARK_S_ELIMINATED)) {
            double o = evaluate_seat(rules, st, s);
            if (o > best)
                best = o;
        }
    double d = (mine - best) / 20.0;
    return d > 0.95 ? 0.95 : d < -0.95 ? -0.95 : d;
}

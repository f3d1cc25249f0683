/* evaluate.c: a heuristic value of a state for a seat, in [-1, 1], for greedy play and search. */
#include "games/aember/aember.h"

/* A seat's material in "Æmber-equivalents": keys dominate, then Æmber toward the next key,
 * captured Æmber (likely to return), the board, the hand, and chains as a penalty. */
static double evaluate_seat(const carta_rules *rules, const aember_state *st, int p)
{
    const aember_seat *s = &st->seat[p];
    int cost = aember_key_cost(rules, st, p);
    double v = 10.0 * s->keys;
    double pool = s->aember < cost ? s->aember : cost + 0.3 * (s->aember - cost);
    v += 1.2 * pool;
    for (int i = 0; i < s->n_line; i++) {
        int power = aember_power(rules, st, p, i) - s->line[i].damage;
        v += 0.8 + 0.15 * (power > 0 ? power : 0);
        v -= 0.5 * s->line[i].aember; /* captured on our creature: ours to lose */
    }
    for (int i = 0; i < st->seat[!p].n_line; i++)
        v += 0.5 * st->seat[!p].line[i].aember; /* captured from us: may come back */
    v += 0.5 * s->n_artifacts + 0.25 * s->hand.n + 0.1 * s->archives.n - 0.3 * s->chains;
    return v;
}

double aember_evaluate(const carta_rules *rules, const void *state, int seat)
{
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double d = evaluate_seat(rules, st, seat) - evaluate_seat(rules, st, !seat);
    double x = d / 30.0;
    return x / (1.0 + (x < 0 ? -x : x)) * 0.99; /* squash into (-1, 1), never a certain result */
}

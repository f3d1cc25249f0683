/* evaluate.c: a heuristic value of a state for a seat, in [-1, 1], for greedy play and search. */
#include "games/leaders/leaders.h"

/* A seat's strength: its Leader's health dominates, then the Units on the board (health and
 * damage, a bonus for pressing into the enemy field), the Barracks and the hand. */
static double evaluate_seat(const carta_rules *rules, const leaders_state *st, int p)
{
    double v = 0;
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        if (ch->kind == LEADERS_NONE || ch->owner != p)
            continue;
        const leaders_def *d = leaders_def_of(rules, ch->kind);
        if (ch->flags & LEADERS_C_LEADER) {
            v += 3.0 * ch->health;
            continue;
        }
        v += 1.5 + 0.4 * ch->health + 0.6 * (d ? d->damage : 0);
        if (!leaders_in_field(p, c))
            v += 0.5;
    }
    const leaders_seat *s = &st->seat[p];
    v += 0.6 * s->n_barracks + 0.4 * s->hand.n + 0.05 * s->deck.n;
    return v;
}

double leaders_evaluate(const carta_rules *rules, const void *state, int seat)
{
    const leaders_state *st = state;
    if (st->phase == LEADERS_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double d = evaluate_seat(rules, st, seat) - evaluate_seat(rules, st, 1 - seat);
    double x = d / 30.0;
    return x / (1.0 + (x < 0 ? -x : x)) * 0.99;
}

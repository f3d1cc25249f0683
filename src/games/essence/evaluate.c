/* evaluate.c: a heuristic value of an Essence state for the AI: how near each Avatar is to its
 * Carta Essentia (the Runes and Unicorn Blood it holds toward it), and the strength of its
 * Minions for the combats ahead. A seat's Carta it cannot see counts as the best one for it.
 * The weights are data (ess_eval_table, the compiled-in values; data/essence/ai/evaluation.yaml,
 * read at open); carta tune fits them on ess_eval_features. */
#include "games/essence/essence.h"

const carta_eval_weight ess_eval_table[ESS_EVW_COUNT] = {
    {"progress", "the square of the share of its Carta's six Runes within reach", 1.0},
    {"minions", "the Support of the Monsters in hand, as a share of 30 (at most 1)", 0.15},
    {"hand", "a card in hand (up to 10)", 0.01},
    {"scale", "the lead that maps to a certain win (not a feature)", 1.0},
};

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

/* A seat's value by the weights w; its features into f unless NULL. */
static inline double eval_seat(const carta_rules *r, const double *w, const ess_state *st,
                               int seat, double *f)
{
    double progress = eval_progress(r, st, seat), minions = eval_minions(r, st, seat);
    int hand = st->seat[seat].hand.n > 10 ? 10 : st->seat[seat].hand.n;
    if (f) {
        f[ESS_EVW_PROGRESS] = progress * progress;
        f[ESS_EVW_MINIONS] = minions;
        f[ESS_EVW_HAND] = hand;
        f[ESS_EVW_SCALE] = 0;
    }
    return w[ESS_EVW_PROGRESS] * progress * progress + w[ESS_EVW_MINIONS] * minions +
           w[ESS_EVW_HAND] * hand;
}

/* The opponent of seat with the best value (-1 if none), its value in *best (at least 0). */
static int eval_best_opponent(const carta_rules *r, const double *w, const ess_state *st,
                              int seat, double *best)
{
    int who = -1;
    double top = 0;
    for (int p = 0; p < st->n_seats; p++)
        if (p != seat) {
            double v = eval_seat(r, w, st, p, NULL);
            if (who < 0 || v > top) {
                who = p;
                top = v;
            }
        }
    *best = top > 0 ? top : 0;
    return who;
}

double ess_evaluate_with(const carta_rules *r, const double *w, const void *state, int seat)
{
    const ess_state *st = state;
    if (st->phase == ESS_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double best;
    eval_best_opponent(r, w, st, seat, &best);
    double v = (eval_seat(r, w, st, seat, NULL) - best) / w[ESS_EVW_SCALE];
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

double ess_evaluate(const carta_rules *r, const void *state, int seat)
{
    return ess_evaluate_with(r, r->eval_w, state, seat);
}

void ess_eval_features(const carta_rules *r, const void *state, int seat, double *out)
{
    const ess_state *st = state;
    double best, theirs[ESS_EVW_COUNT];
    int who = eval_best_opponent(r, r->eval_w, st, seat, &best);
    eval_seat(r, r->eval_w, st, seat, out);
    if (who < 0)
        return;
    eval_seat(r, r->eval_w, st, who, theirs);
    for (int i = 0; i < ESS_EVW_SCALE; i++)
        out[i] -= theirs[i];
}

/* mcts_playout.c: the play-out of an ISMCTS iteration: random actions, or epsilon-greedy ones
 * (playout=eps:E: with chance 1 - E the action whose result game->evaluate scores best for the
 * seat to act, among at most MCTS_PROBE_MAX of the legal ones; playout=expert:E: the game's
 * expert's choice instead, made from the acting seat's observation of the determinization, so
 * the expert sees in a play-out only what it would see in a game). */
#include <string.h>

#include "mcts_impl.h"

/* Whether to take a random action now: always for playout=random, else with chance eps. */
static int random_step(mcts_worker *w)
{
    double eps = w->m->opt.eps;
    if (eps >= 1.0)
        return 1;
    return eps > 0 && carta_rng_below(&w->rng, 1u << 24) < (uint32_t)(eps * (1u << 24));
}

/* The index among the n legal actions (w->legal) whose one-ply result is best for the seat to
 * act. Beyond MCTS_PROBE_MAX actions, a run of that many from a random start is scored. */
static int best_one_ply(mcts_worker *w, int n, int seat)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    carta_error err = {0};
    int count = n < MCTS_PROBE_MAX ? n : MCTS_PROBE_MAX;
    int start = n > count ? (int)carta_rng_below(&w->rng, (uint32_t)n) : 0, best = start;
    double best_v = -2;
    for (int k = 0; k < count; k++) {
        int i = (start + k) % n;
        memcpy(w->probe, w->state, g->state_size);
        if (g->apply(r, w->probe, w->legal[i], &err) != CARTA_OK)
            continue;
        double v = carta_ai_evaluate(&w->m->eval, g, r, w->probe, seat);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return best;
}

/* The expert's choice for the seat to act, from its observation of the determinization; its
 * legal actions (those of the observation, the seat's own) are left in w->legal. -1: none. */
static int expert_step(mcts_worker *w, int seat)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    g->observe(r, w->state, seat, w->seen);
    int n = g->legal_actions(r, w->seen, w->legal);
    if (n <= 1)
        return n - 1;
    int i = g->expert(r, w->seen, seat, w->legal, n, w->scratch, carta_rng_next64(&w->rng));
    return i >= 0 && i < n ? i : -1;
}

void mcts_playout(mcts_worker *w, long max)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    carta_error err = {0};
    for (long k = 0; k < max; k++) {
        int n = g->legal_actions(r, w->state, w->legal);
        if (n <= 0)
            return;
        int i = random_step(w) ? (int)carta_rng_below(&w->rng, (uint32_t)n)
                : n == 1       ? 0
                : w->m->opt.expert ? expert_step(w, g->to_act(r, w->state))
                                   : best_one_ply(w, n, g->to_act(r, w->state));
        if (i < 0 || g->apply(r, w->state, w->legal[i], &err) != CARTA_OK)
            return;
    }
}

/* settle.c: one action ahead, the decisions it leaves open settled best-first (settle.h). */
#include "settle.h"

#include <string.h>

#include "rng.h"

#define SETTLE_TIE 1e-9

static void *settle_slot(const carta_settle *s, int depth)
{
    return (unsigned char *)s->scratch + (size_t)depth * s->game->state_size;
}

double carta_settle_after(const carta_settle *s, const void *state, int seat, carta_action action,
                          int depth)
{
    void *copy = settle_slot(s, depth);
    carta_error err = {0};
    memcpy(copy, state, s->game->state_size);
    if (s->game->apply(s->rules, copy, action, &err) != CARTA_OK)
        return s->refused;
    return carta_settle_state(s, copy, seat, depth);
}

/* The decider's best over its legal actions, for seat (the negation when it is the other seat);
 * the tally as it stands when it has none. */
static double settle_best(const carta_settle *s, const void *state, int seat, int decider,
                          int depth)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = s->game->legal_actions(s->rules, state, legal);
    if (n == 0)
        return s->tally(s->rules, state, seat);
    double best = -1e300;
    for (int i = 0; i < n; i++) {
        double v = carta_settle_after(s, state, decider, legal[i], depth - 1);
        best = v > best ? v : best;
    }
    return decider == seat ? best : -best;
}

double carta_settle_state(const carta_settle *s, const void *state, int seat, int depth)
{
    if (depth <= 0)
        return s->tally(s->rules, state, seat);
    carta_settle_step step = s->step(s->rules, state, seat);
    switch (step.kind) {
    case CARTA_SETTLE_TAKE: return carta_settle_after(s, state, seat, step.action, depth - 1);
    case CARTA_SETTLE_BEST: return settle_best(s, state, seat, step.decider, depth);
    default: return s->tally(s->rules, state, seat);
    }
}

void carta_settle_scores(const carta_settle *s, const void *obs, int seat,
                         const carta_action *legal, int n, int depth, void *guess, uint64_t seed,
                         double *score)
{
    memcpy(guess, obs, s->game->state_size);
    s->game->determinize(s->rules, guess, seat, seed);
    double now = s->tally(s->rules, guess, seat);
    for (int i = 0; i < n; i++) {
        if (s->rests && s->rests(guess, legal[i])) {
            score[i] = s->rest_score;
            continue;
        }
        score[i] = carta_settle_after(s, guess, seat, legal[i], depth) - now;
        if (s->prior)
            score[i] += s->prior(s->rules, guess, seat, legal[i], score[i]);
    }
}

int carta_settle_choose(const carta_settle *s, const void *obs, int seat, const carta_action *legal,
                        int n, int depth, void *guess, uint64_t seed)
{
    double score[CARTA_MAX_ACTIONS];
    carta_settle_scores(s, obs, seat, legal, n, depth, guess, seed, score);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    return carta_rng_argmax(&rng, score, n, SETTLE_TIE);
}

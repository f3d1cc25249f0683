/* settle.c: one action ahead, the decisions it leaves open settled best-first (settle.h). */
#include "settle.h"

#include <string.h>

#include "rng.h"

#define SETTLE_TIE 1e-9

/* Where a walk stands: the scratch slot its next copy takes (one per copy deep) and the seat's
 * own next actions it may still look at (carta_settle.follow). */
typedef struct settle_at {
    int level, follow;
} settle_at;

static double settle_walk(const carta_settle *s, const void *state, int seat, int depth,
                          settle_at at);

static double settle_apply(const carta_settle *s, const void *state, int seat, carta_action action,
                           int depth, settle_at at)
{
    void *copy = (unsigned char *)s->scratch + (size_t)at.level * s->game->state_size;
    carta_error err = {0};
    memcpy(copy, state, s->game->state_size);
    if (s->game->apply(s->rules, copy, action, &err) != CARTA_OK)
        return s->refused;
    at.level++;
    return settle_walk(s, copy, seat, depth, at);
}

/* The decider's best over its legal actions, for seat (the negation when it is the other seat);
 * the tally as it stands when it has none. */
static double settle_best(const carta_settle *s, const void *state, int seat, int decider,
                          int depth, settle_at at)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = s->game->legal_actions(s->rules, state, legal);
    if (n == 0)
        return s->tally(s->rules, s->ctx, state, seat);
    double best = -1e300;
    for (int i = 0; i < n; i++) {
        double v = settle_apply(s, state, decider, legal[i], depth - 1, at);
        best = v > best ? v : best;
    }
    return decider == seat ? best : -best;
}

static double settle_walk(const carta_settle *s, const void *state, int seat, int depth,
                          settle_at at)
{
    carta_settle_step step = {.kind = CARTA_SETTLE_STOP};
    if (depth > 0 || at.follow > 0)
        step = s->step(s->rules, state, seat);
    if (depth > 0 && step.kind == CARTA_SETTLE_TAKE)
        return settle_apply(s, state, seat, step.action, depth - 1, at);
    if (depth > 0 && step.kind == CARTA_SETTLE_BEST)
        return settle_best(s, state, seat, step.decider, depth, at);
    if (at.follow > 0 && step.kind == CARTA_SETTLE_STOP &&
        s->game->to_act(s->rules, state) == seat) {
        at.follow--; /* nothing left open: the seat's next action, settled the same way */
        return settle_best(s, state, seat, seat, s->follow_depth + 1, at);
    }
    return s->tally(s->rules, s->ctx, state, seat);
}

double carta_settle_after(const carta_settle *s, const void *state, int seat, carta_action action,
                          int depth)
{
    return settle_apply(s, state, seat, action, depth, (settle_at){0, s->follow});
}

double carta_settle_state(const carta_settle *s, const void *state, int seat, int depth)
{
    return settle_walk(s, state, seat, depth, (settle_at){0, s->follow});
}

void carta_settle_scores(const carta_settle *s, const void *obs, int seat,
                         const carta_action *legal, int n, int depth, void *guess, uint64_t seed,
                         double *score)
{
    memcpy(guess, obs, s->game->state_size);
    s->game->determinize(s->rules, guess, seat, seed);
    double now = s->tally(s->rules, s->ctx, guess, seat);
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

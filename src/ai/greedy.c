/* greedy.c: the greedy AI: one ply, each action scored by game->evaluate averaged over a few
 * determinizations of the observation; ties broken by the AI's own PRNG. Options: samples=N,
 * weights=FILE (the evaluation's weights, ai_eval.h). */
#include "ai_impl.h"

#include <stdlib.h>
#include <string.h>

enum { GREEDY_DEFAULT_SAMPLES = 2, GREEDY_MAX_SAMPLES = 64 };
#define GREEDY_TIE_EPSILON 1e-12
#define GREEDY_ILLEGAL_SCORE (-2.0) /* below any evaluation, which lies in [-1, 1] */

/* The mean evaluation for seat of applying action to each determinized base state. */
static double score_action(carta_ai *ai, int seat, carta_action action)
{
    const carta_game *g = ai->game;
    size_t size = g->state_size;
    unsigned char *work = ai->states + (size_t)ai->samples * size;
    double total = 0;
    for (int k = 0; k < ai->samples; k++) {
        carta_error err = {0};
        memcpy(work, ai->states + (size_t)k * size, size);
        if (g->apply(ai->rules, work, action, &err) != CARTA_OK)
            total += GREEDY_ILLEGAL_SCORE;
        else
            total += carta_ai_evaluate(&ai->eval, g, ai->rules, work, seat);
    }
    return total / ai->samples;
}

static carta_status greedy_choose(carta_ai *ai, const void *observation, int seat, int n_legal,
                                  carta_action *out)
{
    const carta_game *g = ai->game;
    size_t size = g->state_size;
    if (n_legal == 1) {
        *out = ai->legal[0];
        return CARTA_OK;
    }
    /* The same determinizations for every action (common random numbers). */
    for (int k = 0; k < ai->samples; k++) {
        unsigned char *base = ai->states + (size_t)k * size;
        memcpy(base, observation, size);
        g->determinize(ai->rules, base, seat, carta_rng_next64(&ai->rng));
    }
    double best = 0;
    int best_i = -1, ties = 0;
    for (int i = 0; i < n_legal; i++) {
        double score = score_action(ai, seat, ai->legal[i]);
        if (best_i < 0 || score > best + GREEDY_TIE_EPSILON) {
            best = score;
            best_i = i;
            ties = 1;
        } else if (score >= best - GREEDY_TIE_EPSILON) {
            ties++;
            if (carta_rng_below(&ai->rng, (uint32_t)ties) == 0)
                best_i = i;
        }
    }
    *out = ai->legal[best_i];
    return CARTA_OK;
}

carta_status carta_ai_greedy_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err)
{
    static const char *const allowed[] = {"samples", "weights", NULL};
    carta_status st = carta_ai_check_options(spec, allowed, err);
    if (st != CARTA_OK)
        return st;
    ai->samples = GREEDY_DEFAULT_SAMPLES;
    const char *samples = carta_ai_spec_get(spec, "samples");
    if (samples) {
        char *end;
        long n = strtol(samples, &end, 10);
        if (*end || n < 1 || n > GREEDY_MAX_SAMPLES)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "AI 'greedy': samples must be 1..%d, not '%s'",
                                   GREEDY_MAX_SAMPLES, samples);
        ai->samples = (int)n;
    }
    if (!ai->game->evaluate || !ai->game->determinize)
        return carta_error_set(err, CARTA_ERR_UNKNOWN,
                               "AI 'greedy' needs game '%s' to evaluate and determinize",
                               ai->game->id);
    st = carta_ai_eval_init(&ai->eval, ai->game, "greedy", carta_ai_spec_get(spec, "weights"),
                            err);
    if (st != CARTA_OK)
        return st;
    ai->states = malloc((size_t)(ai->samples + 1) * ai->game->state_size);
    if (!ai->states)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI 'greedy'");
    ai->choose = greedy_choose;
    return CARTA_OK;
}

/* expert.c: the scripted expert AI: the rule system's own rules of thumb (carta_game.expert),
 * given the observation, the legal actions, scratch space and a seed from the AI's PRNG. */
#include "ai_impl.h"

#include <stdlib.h>

static carta_status expert_choose(carta_ai *ai, const void *observation, int seat, int n_legal,
                                  carta_action *out)
{
    if (n_legal == 1) {
        *out = ai->legal[0];
        return CARTA_OK;
    }
    uint64_t seed = carta_rng_next64(&ai->rng);
    int i = ai->game->expert(ai->rules, observation, seat, ai->legal, n_legal, ai->states, seed);
    if (i < 0 || i >= n_legal)
        return CARTA_ERR_ILLEGAL; /* a game's expert broke its contract */
    *out = ai->legal[i];
    return CARTA_OK;
}

carta_status carta_ai_expert_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err)
{
    static const char *const allowed[] = {NULL};
    carta_status st = carta_ai_check_options(spec, allowed, err);
    if (st != CARTA_OK)
        return st;
    if (!ai->game->expert)
        return carta_error_set(err, CARTA_ERR_UNKNOWN, "game '%s' has no expert AI yet",
                               ai->game->id);
    ai->states = malloc(CARTA_EXPERT_SCRATCH * ai->game->state_size);
    if (!ai->states)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI 'expert'");
    ai->choose = expert_choose;
    return CARTA_OK;
}

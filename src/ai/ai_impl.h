/* ai_impl.h: the private layout of an AI, shared by the files of src/ai. */
#ifndef CARTA_AI_IMPL_H
#define CARTA_AI_IMPL_H

#include "ai.h"
#include "ai_eval.h"
#include "core/rng.h"

struct carta_ai {
    const carta_game *game;
    const carta_rules *rules;
    char name[512];
    carta_rng rng;
    /* The kind's decision; called with seat already checked to be the seat to act. */
    carta_status (*choose)(carta_ai *ai, const void *observation, int seat, int n_legal,
                           carta_action *out);
    int samples;           /* greedy: determinizations averaged per action */
    carta_ai_eval eval;    /* greedy: the evaluation's weights (weights=FILE) */
    unsigned char *states; /* greedy: samples base states + 1 work; expert: CARTA_EXPERT_SCRATCH */
    carta_action legal[CARTA_MAX_ACTIONS];
    void *kind_data;                  /* a kind's own data (search trees...), or NULL */
    void (*free_kind)(carta_ai *ai);  /* frees kind_data; called by carta_ai_free if set */
};

/* Kind constructors: read their options from spec, set ai->choose and allocate scratch.
 * CARTA_ERR_INPUT on an unknown or bad option. */
carta_status carta_ai_random_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err);
carta_status carta_ai_greedy_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err);
carta_status carta_ai_mcts_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err);
carta_status carta_ai_expert_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err);

/* Refuses any option of spec not listed in allowed (a NULL-terminated list). */
carta_status carta_ai_check_options(const carta_ai_spec *spec, const char *const *allowed,
                                    carta_error *err);

#endif

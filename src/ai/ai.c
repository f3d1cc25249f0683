/* ai.c: making, running and freeing AIs; the kind table; the random AI. */
#include "ai_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ai_kind {
    const char *name;
    carta_status (*init)(carta_ai *ai, const carta_ai_spec *spec, carta_error *err);
} ai_kind;

static const ai_kind kinds[] = {
    {"random", carta_ai_random_init},
    {"greedy", carta_ai_greedy_init},
    {"mcts", carta_ai_mcts_init},
    {"expert", carta_ai_expert_init},
};

const char *carta_ai_kinds(void) { return "random, greedy, mcts, expert"; }

carta_status carta_ai_check_options(const carta_ai_spec *spec, const char *const *allowed,
                                    carta_error *err)
{
    for (int i = 0; i < spec->n_opts; i++) {
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(*a, spec->key[i]) == 0;
        if (!ok)
            return carta_error_set(err, CARTA_ERR_INPUT, "AI '%s' has no option '%s'",
                                   spec->kind, spec->key[i]);
    }
    return CARTA_OK;
}

static carta_status random_choose(carta_ai *ai, const void *observation, int seat, int n_legal,
                                  carta_action *out)
{
    (void)observation;
    (void)seat;
    *out = ai->legal[carta_rng_below(&ai->rng, (uint32_t)n_legal)];
    return CARTA_OK;
}

carta_status carta_ai_random_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err)
{
    static const char *const allowed[] = {NULL};
    ai->choose = random_choose;
    return carta_ai_check_options(spec, allowed, err);
}

carta_ai *carta_ai_new(const carta_game *g, const carta_rules *r, const char *spec, uint64_t seed,
                       carta_error *err)
{
    carta_ai_spec parsed;
    if (carta_ai_spec_parse(spec, &parsed, err) != CARTA_OK)
        return NULL;
    const ai_kind *kind = NULL;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, parsed.kind) == 0)
            kind = &kinds[i];
    if (!kind) {
        carta_error_set(err, CARTA_ERR_UNKNOWN, "unknown AI '%s' (the AIs are: %s)", parsed.kind,
                        carta_ai_kinds());
        return NULL;
    }
    carta_ai *ai = calloc(1, sizeof *ai);
    if (!ai) {
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI '%s'", spec);
        return NULL;
    }
    ai->game = g;
    ai->rules = r;
    snprintf(ai->name, sizeof ai->name, "%s", spec);
    carta_rng_seed(&ai->rng, seed);
    if (kind->init(ai, &parsed, err) != CARTA_OK) {
        carta_ai_free(ai);
        return NULL;
    }
    return ai;
}

carta_status carta_ai_choose(carta_ai *ai, const void *observation, int seat, carta_action *out)
{
    const carta_game *g = ai->game;
    if (g->to_act(ai->rules, observation) != seat)
        return CARTA_ERR_ILLEGAL;
    int n = g->legal_actions(ai->rules, observation, ai->legal);
    if (n <= 0)
        return CARTA_ERR_ILLEGAL;
    return ai->choose(ai, observation, seat, n, out);
}

const char *carta_ai_name(const carta_ai *ai) { return ai->name; }

void carta_ai_free(carta_ai *ai)
{
    if (!ai)
        return;
    if (ai->free_kind)
        ai->free_kind(ai);
    free(ai->states);
    free(ai);
}

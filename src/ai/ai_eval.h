/* ai_eval.h: the evaluation an AI scores states with. By default the game's evaluate, with the
 * weights its rules read at open (data/GAME/ai/evaluation.yaml); with the option weights=FILE,
 * the game's evaluate_with and the AI's own copy of the weights, read once when the AI is made,
 * so two AIs sharing one rules weigh apart and nothing global is shared (docs/ai.md,
 * "Evaluations as data"). A plain value: copying it keeps its weights. */
#ifndef CARTA_AI_EVAL_H
#define CARTA_AI_EVAL_H

#include "core/eval_weights.h"
#include "core/game.h"

typedef struct carta_ai_eval {
    int own; /* 1: w below, else the rules' own weights */
    double w[CARTA_EVAL_WEIGHTS_MAX];
} carta_ai_eval;

/* Sets e to the rules' own weights if path is NULL, else reads path as game g's weights file
 * (keys left out keep their compiled-in values). CARTA_ERR_INPUT with err naming the AI kind
 * and the file (and its line and key) if the file is missing or bad, or g has no weights. */
carta_status carta_ai_eval_init(carta_ai_eval *e, const carta_game *g, const char *kind,
                                const char *path, carta_error *err);

/* game->evaluate of state for seat, with e's weights. */
static inline double carta_ai_evaluate(const carta_ai_eval *e, const carta_game *g,
                                       const carta_rules *r, const void *state, int seat)
{
    return e->own ? g->evaluate_with(r, e->w, state, seat) : g->evaluate(r, state, seat);
}

#endif

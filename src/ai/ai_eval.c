/* ai_eval.c: an AI's own evaluation weights (ai_eval.h). */
#include "ai_eval.h"

#include <string.h>
#include <unistd.h>

carta_status carta_ai_eval_init(carta_ai_eval *e, const carta_game *g, const char *kind,
                                const char *path, carta_error *err)
{
    memset(e, 0, sizeof *e);
    if (!path)
        return CARTA_OK;
    if (!g->eval_weights || !g->evaluate_with || g->n_eval_weights > CARTA_EVAL_WEIGHTS_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI '%s': weights=%s: game '%s' has no evaluation weights", kind,
                               path, g->id);
    if (access(path, R_OK) != 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI '%s': weights file '%s' cannot be read",
                               kind, path);
    carta_error load = {0};
    if (carta_eval_weights_load(path, g->eval_weights, g->n_eval_weights, e->w, &load) !=
        CARTA_OK)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI '%s': bad weights file: %s", kind,
                               load.msg);
    e->own = 1;
    return CARTA_OK;
}

/* apply.c: applying an action that may not be legal (game.h, carta_apply_checked). */
#include <stdio.h>

#include "game.h"

int carta_action_is_legal(const carta_game *g, const carta_rules *r, const void *state,
                          carta_action action)
{
    static _Thread_local carta_action legal[CARTA_MAX_ACTIONS];
    int n = g->legal_actions(r, state, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == action)
            return 1;
    return 0;
}

carta_status carta_apply_checked(const carta_game *g, const carta_rules *r, void *state,
                                 carta_action action, carta_error *err)
{
    if (carta_action_is_legal(g, r, state, action))
        return g->apply(r, state, action, err);
    if (g->to_act(r, state) == CARTA_NO_SEAT)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "%s: the game is over", g->id);
    char where[160];
    g->describe_state(r, state, where, sizeof where);
    return carta_error_set(err, CARTA_ERR_ILLEGAL, "%s: action %u is not legal now (%s)", g->id,
                           (unsigned)action, where);
}

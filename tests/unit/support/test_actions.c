/* test_actions.c: cards by name and actions by text, through the carta_game contract. */
#include "test_actions.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

uint16_t tact_card(const carta_game *g, const carta_rules *r, const char *name)
{
    int id = g->card_id(r, name);
    if (id < 0)
        fail_msg("no card '%s' in the %s card set", name, g->id);
    return (uint16_t)id;
}

/* Whether an action whose text is exactly text is legal in state; if so, writes it to out
 * (out may be NULL). */
static bool tact_find(const carta_game *g, const carta_rules *r, const void *state,
                      const char *text, carta_action *out)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    char buf[256];
    int n = g->legal_actions(r, state, legal);
    for (int i = 0; i < n; i++) {
        g->describe_action(r, state, legal[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            if (out)
                *out = legal[i];
            return true;
        }
    }
    return false;
}

bool tact_has(const carta_game *g, const carta_rules *r, const void *state, const char *text)
{
    return tact_find(g, r, state, text, NULL);
}

void tact_apply(const carta_game *g, const carta_rules *r, void *state, const char *text)
{
    carta_action a = 0;
    if (!tact_find(g, r, state, text, &a)) {
        carta_action legal[CARTA_MAX_ACTIONS];
        char buf[256];
        int n = g->legal_actions(r, state, legal);
        for (int i = 0; i < n; i++) {
            g->describe_action(r, state, legal[i], buf, sizeof buf);
            fprintf(stderr, "  legal: %s\n", buf);
        }
        fail_msg("no legal action '%s' (%d legal, listed above)", text, n);
    }
    carta_error err;
    carta_error_clear(&err);
    if (g->apply(r, state, a, &err) != CARTA_OK)
        fail_msg("'%s' refused: %s", text, err.msg);
}

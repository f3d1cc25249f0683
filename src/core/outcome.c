/* outcome.c: who won and why, from returns, teams and the view's "end" (outcome.h). */
#include "outcome.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "view.h"

static void outcome_end(const carta_game *g, const carta_rules *r, const void *state,
                        carta_outcome *out)
{
    if (!g->view)
        return;
    void *obs = malloc(g->state_size);
    if (!obs)
        return;
    g->observe(r, state, CARTA_NO_SEAT, obs);
    carta_view *v = carta_view_observation(g, r, obs, CARTA_NO_SEAT);
    json_t *end = v ? carta_view_get(carta_view_json(v), "end") : NULL;
    if (json_is_string(end))
        snprintf(out->end, sizeof out->end, "%s", json_string_value(end));
    carta_view_free(v);
    free(obs);
}

/* The outcome but its "end", which needs a view (outcome_end). */
static void outcome_returns(const carta_game *g, const carta_rules *r, const void *state,
                            int n_seats, carta_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->n_seats = n_seats;
    out->over = g->to_act(r, state) == CARTA_NO_SEAT;
    if (!out->over)
        return;
    g->returns(r, state, out->returns);
    double best = out->returns[0], worst = out->returns[0];
    for (int s = 1; s < n_seats; s++) {
        best = out->returns[s] > best ? out->returns[s] : best;
        worst = out->returns[s] < worst ? out->returns[s] : worst;
    }
    int team = -1;
    for (int s = 0; s < n_seats && best > worst; s++) {
        if (out->returns[s] != best)
            continue;
        int t = g->team ? g->team(r, state, s) : s;
        out->shared |= out->winners && t != team;
        out->winners |= CARTA_SEAT_BIT(s);
        team = t;
    }
}

void carta_outcome_of(const carta_game *g, const carta_rules *r, const void *state, int n_seats,
                      carta_outcome *out)
{
    outcome_returns(g, r, state, n_seats, out);
    if (out->over)
        outcome_end(g, r, state, out);
}

int carta_outcome_first_winner(const carta_outcome *o)
{
    for (int s = 0; s < o->n_seats && !o->shared; s++)
        if (o->winners & CARTA_SEAT_BIT(s))
            return s;
    return CARTA_NO_SEAT;
}

int carta_outcome_winner(const carta_game *g, const carta_rules *r, const void *state,
                         int n_seats)
{
    carta_outcome o; /* the reason is not needed: no view is built */
    outcome_returns(g, r, state, n_seats, &o);
    return carta_outcome_first_winner(&o);
}

void carta_outcome_text(const carta_outcome *o, const char *const *names, carta_text *out)
{
    if (!o->over) {
        carta_text_printf(out, "not over");
        return;
    }
    int n = 0;
    for (int s = 0; s < o->n_seats; s++)
        n += (o->winners & CARTA_SEAT_BIT(s)) != 0;
    if (!n)
        carta_text_printf(out, "a draw");
    else if (!names)
        carta_text_printf(out, "%s", n == 1 ? "player " : "players ");
    for (int s = 0, told = 0; s < o->n_seats; s++) {
        if (!(o->winners & CARTA_SEAT_BIT(s)))
            continue;
        const char *sep = !told ? "" : told == n - 1 ? " and " : ", ";
        if (names)
            carta_text_printf(out, "%s%s", sep, names[s]);
        else
            carta_text_printf(out, "%s%d", sep, s + 1);
        told++;
    }
    if (n)
        carta_text_printf(out, " %s", n == 1 ? "wins" : o->shared ? "tie" : "win");
    if (o->end[0])
        carta_text_printf(out, " (%s)", o->end);
}

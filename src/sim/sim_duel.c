/* sim_duel.c: a match between two AI specs (sim.h), for carta ladder and carta tune --by match. */
#include "sim/sim.h"

#include "core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plays games with a as player 1 and b as player 2 into score (a's points, b's points). */
static carta_status duel_leg(const sim_duel *d, const char *a, const char *b, int games,
                             uint64_t seed, double *score, carta_error *err)
{
    sim_settings *s = calloc(1, sizeof *s); /* large: it holds its decks */
    if (!s)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory for a match");
    s->g = d->g;
    s->r = d->r;
    s->n_players = 2;
    s->rotate = d->g->team == NULL;
    s->n_games = games;
    s->threads = d->threads;
    s->seed = seed;
    snprintf(s->mode, sizeof s->mode, "%s", d->mode ? d->mode : "");
    s->n_options = d->n_options;
    memcpy(s->options, d->options, sizeof s->options);
    s->ai_spec[0] = a;
    s->ai_spec[1] = b;
    s->n_decks = 1;
    s->deck_spec[0] = d->decks;
    s->deck_random[0] = !strcmp(d->decks, "random");
    carta_error deck_err = {0};
    if (!s->deck_random[0] &&
        d->g->deck_resolve(d->r, d->decks, 0, &s->deck[0], &deck_err) != CARTA_OK) {
        free(s);
        return carta_error_set(err, CARTA_ERR_INPUT, "decks '%s': %s", d->decks, deck_err.msg);
    }
    sim_results res;
    sim_summary *sum = NULL;
    carta_status st = sim_run(s, &res, NULL, d->progress, err);
    if (st == CARTA_OK && !(sum = sim_summarize(&res, err)))
        st = CARTA_ERR_NOMEM;
    if (st == CARTA_OK) {
        double half = 0.5 * (sum->draws + sum->unfinished);
        score[0] += sum->wins[0] + half;
        score[1] += sum->wins[1] + half;
    }
    sim_summary_free(sum);
    sim_results_free(&res);
    free(s);
    return st;
}

carta_status sim_duel_play(const sim_duel *d, const char *a, const char *b, int games,
                           uint64_t seed, double *score_a, double *score_b, carta_error *err)
{
    double score[2] = {0, 0};
    int first = d->g->team ? games / 2 : games;
    carta_status st = duel_leg(d, a, b, first, seed, score, err);
    if (st == CARTA_OK && first < games) {
        double swapped[2] = {0, 0};
        st = duel_leg(d, b, a, games - first, carta_mix64(seed), swapped, err);
        score[0] += swapped[1];
        score[1] += swapped[0];
    }
    if (st == CARTA_OK) {
        *score_a = score[0];
        *score_b = score[1];
    }
    return st;
}

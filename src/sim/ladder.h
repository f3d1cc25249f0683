/* ladder.h: `carta ladder`: a round robin of AIs and their Elo ratings with 95% intervals
 * (docs/ai.md, "The ladder"). Every pair of AIs plays the same number of games (sim.h, seats
 * rotating; in a game of sides, each AI on each side half the time); the ratings are the
 * Bradley-Terry maximum of the results with draws as half a win, and a prior of one virtual draw
 * between each AI and a virtual opponent at the anchor's rating, as BayesElo does, so that an AI
 * that wins or loses every game still gets a finite rating. The first AI is the anchor, at 0;
 * each interval is from the curvature of the likelihood (the observed information) at the
 * ratings, relative to the anchor. */
#ifndef CARTA_SIM_LADDER_H
#define CARTA_SIM_LADDER_H

#include <jansson.h>

#include "core/status.h"

enum { LADDER_MAX_AIS = 16 };

/* Results of a round robin: score[i][j] is i's points against j (a win 1, a draw 0.5),
 * games[i][j] the games they played (symmetric). */
typedef struct ladder_results {
    int n;
    const char *ai[LADDER_MAX_AIS];
    double score[LADDER_MAX_AIS][LADDER_MAX_AIS];
    int games[LADDER_MAX_AIS][LADDER_MAX_AIS];
} ladder_results;

typedef struct ladder_rating {
    double elo, lo, hi; /* relative to the anchor (the first AI), with its 95% interval */
    double score;       /* points over games played, all opponents */
    int games;
} ladder_rating;

/* Fits the ratings of r into out[r->n]. CARTA_ERR_INPUT if an AI played no game, or the results
 * do not connect every AI to the anchor. */
carta_status ladder_fit(const ladder_results *r, ladder_rating *out, carta_error *err);

/* The ladder as JSON: the AIs, their ratings, the pairs' results. New reference. */
json_t *ladder_json(const ladder_results *r, const ladder_rating *ratings);

#endif

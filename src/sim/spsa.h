/* spsa.h: simultaneous perturbation stochastic approximation (Spall 1992), for carta tune --by
 * match: weights are tuned by the results of matches between two perturbed copies of them. Each
 * round moves every weight at once by +-c_k of its unit, plays the copy with + against the copy
 * with -, and steps the weights along the perturbation in proportion to the match score. The
 * search runs in units: weight i is x[i] * unit[i], so a weight of 10 and one of 0.1 move by
 * the same share of themselves. */
#ifndef CARTA_SPSA_H
#define CARTA_SPSA_H

#include "core/rng.h"

enum { SPSA_MAX_K = 32 };

typedef struct spsa {
    int k;                   /* weights tuned */
    int rounds;              /* planned rounds (sets the step schedule) */
    double c, a;             /* the first round's perturbation and step, in units */
    double unit[SPSA_MAX_K]; /* each weight's unit */
    double x[SPSA_MAX_K];    /* the weights, in units */
    int round;               /* rounds done */
    int sign[SPSA_MAX_K];    /* this round's perturbation, +1 or -1 */
    carta_rng rng;
} spsa;

/* Starts from weights w[k] (k <= SPSA_MAX_K): each unit is |w[i]|, at least floor > 0. c is
 * the first perturbation (0.2: +-20% of each unit), a the first step for a score of 1. Returns
 * -1 if k or the settings are out of range. */
int spsa_init(spsa *s, const double *w, int k, int rounds, double c, double a, double floor,
              uint64_t seed);

/* Draws this round's perturbation and writes the two weight sets to play: plus and minus. */
void spsa_perturb(spsa *s, double *plus, double *minus);

/* Ends the round: score in [-1, 1] is how much plus beat minus by ((wins of plus - wins of
 * minus) / games). */
void spsa_update(spsa *s, double score);

/* The current weights. */
void spsa_weights(const spsa *s, double *w);

#endif

/* spsa.c: SPSA on match scores (spsa.h). The gains follow Spall's schedule, a_k = a (A + 1)^0.602
 * / (A + k)^0.602 with A a tenth of the rounds, and c_k = c / k^0.101, so the first round's step
 * and perturbation are a and c and both shrink slowly enough to keep learning from noisy
 * matches. */
#include "sim/spsa.h"

#include <math.h>
#include <string.h>

int spsa_init(spsa *s, const double *w, int k, int rounds, double c, double a, double floor,
              uint64_t seed)
{
    if (k < 1 || k > SPSA_MAX_K || rounds < 1 || !(c > 0) || !(a > 0) || !(floor > 0))
        return -1;
    memset(s, 0, sizeof *s);
    s->k = k;
    s->rounds = rounds;
    s->c = c;
    s->a = a;
    for (int i = 0; i < k; i++) {
        s->unit[i] = fabs(w[i]) > floor ? fabs(w[i]) : floor;
        s->x[i] = w[i] / s->unit[i];
    }
    carta_rng_seed(&s->rng, seed);
    return 0;
}

static double spsa_c(const spsa *s)
{
    return s->c / pow(s->round + 1, 0.101);
}

static double spsa_a(const spsa *s)
{
    double stability = s->rounds / 10.0;
    return s->a * pow(stability + 1, 0.602) / pow(stability + s->round + 1, 0.602);
}

void spsa_perturb(spsa *s, double *plus, double *minus)
{
    double c = spsa_c(s);
    for (int i = 0; i < s->k; i++) {
        s->sign[i] = carta_rng_below(&s->rng, 2) ? 1 : -1;
        plus[i] = (s->x[i] + c * s->sign[i]) * s->unit[i];
        minus[i] = (s->x[i] - c * s->sign[i]) * s->unit[i];
    }
}

void spsa_update(spsa *s, double score)
{
    /* The gradient's estimate along weight i is score * sign_i / (2 c_k); its gain is scaled by
     * 2 c so that the first round steps by a * score. */
    double step = spsa_a(s) * score * s->c / spsa_c(s);
    for (int i = 0; i < s->k; i++)
        s->x[i] += step * s->sign[i];
    s->round++;
}

void spsa_weights(const spsa *s, double *w)
{
    for (int i = 0; i < s->k; i++)
        w[i] = s->x[i] * s->unit[i];
}

/* ladder.c: the ratings of a round robin (ladder.h): Bradley-Terry by Newton's method on the
 * natural-log strengths, the anchor held at 0, and intervals from the inverse of the observed
 * information. At most 16 AIs: the matrices are small and dense. */
#include "sim/ladder.h"

#include <math.h>
#include <string.h>

#define ELO_PER_NAT (400.0 / 2.302585092994046) /* 400 / ln 10 */

enum { K = LADDER_MAX_AIS - 1 }; /* free parameters at most: all but the anchor */

static double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Inverts the k-by-k matrix a into inv (Gauss-Jordan, partial pivoting); 0 if singular. */
static int invert(int k, double a[K][K], double inv[K][K])
{
    double m[K][2 * K];
    for (int i = 0; i < k; i++)
        for (int j = 0; j < 2 * k; j++)
            m[i][j] = j < k ? a[i][j] : (j - k == i);
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int i = c + 1; i < k; i++)
            if (fabs(m[i][c]) > fabs(m[p][c]))
                p = i;
        if (fabs(m[p][c]) < 1e-12)
            return 0;
        for (int j = 0; j < 2 * k; j++) {
            double t = m[c][j];
            m[c][j] = m[p][j];
            m[p][j] = t;
        }
        double d = m[c][c];
        for (int j = 0; j < 2 * k; j++)
            m[c][j] /= d;
        for (int i = 0; i < k; i++)
            if (i != c && m[i][c] != 0) {
                double f = m[i][c];
                for (int j = 0; j < 2 * k; j++)
                    m[i][j] -= f * m[c][j];
            }
    }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            inv[i][j] = m[i][k + j];
    return 1;
}

/* The gradient g and the information matrix info (minus the Hessian) of the log-likelihood, with
 * the prior, at strengths theta (theta[0], the anchor, is 0); parameter a is AI a + 1. */
static void ladder_slopes(const ladder_results *r, const double *theta, double g[K],
                          double info[K][K])
{
    int k = r->n - 1;
    memset(info, 0, sizeof(double) * K * K);
    for (int a = 0; a < k; a++) {
        double q = logistic(theta[a + 1]); /* the prior: one draw against the anchor's level */
        g[a] = 0.5 - q;
        info[a][a] = q * (1 - q);
    }
    for (int i = 0; i < r->n; i++)
        for (int j = 0; j < r->n; j++) {
            if (i == j || !r->games[i][j])
                continue;
            double p = logistic(theta[i] - theta[j]), n = r->games[i][j];
            if (i > 0)
                g[i - 1] += r->score[i][j] - n * p;
            if (i > 0)
                info[i - 1][i - 1] += n * p * (1 - p);
            if (i > 0 && j > 0)
                info[i - 1][j - 1] -= n * p * (1 - p);
        }
}

carta_status ladder_fit(const ladder_results *r, ladder_rating *out, carta_error *err)
{
    if (r->n < 2 || r->n > LADDER_MAX_AIS)
        return carta_error_set(err, CARTA_ERR_INPUT, "a ladder has 2 to %d AIs", LADDER_MAX_AIS);
    for (int i = 0; i < r->n; i++) {
        out[i] = (ladder_rating){0};
        for (int j = 0; j < r->n; j++) {
            out[i].games += r->games[i][j];
            out[i].score += r->score[i][j];
        }
        if (!out[i].games)
            return carta_error_set(err, CARTA_ERR_INPUT, "%s played no game", r->ai[i]);
        out[i].score /= out[i].games;
    }
    int k = r->n - 1;
    double theta[LADDER_MAX_AIS] = {0}, g[K], info[K][K], cov[K][K];
    for (int it = 0; it < 100; it++) {
        ladder_slopes(r, theta, g, info);
        if (!invert(k, info, cov))
            return carta_error_set(err, CARTA_ERR_INPUT, "the results do not fix the ratings");
        double most = 0;
        for (int a = 0; a < k; a++) {
            double step = 0;
            for (int b = 0; b < k; b++)
                step += cov[a][b] * g[b];
            step = fmax(-2, fmin(2, step)); /* at most 2 nats (~350 Elo) a step */
            theta[a + 1] += step;
            most = fmax(most, fabs(step));
        }
        if (most < 1e-10)
            break;
    }
    ladder_slopes(r, theta, g, info);
    if (!invert(k, info, cov))
        return carta_error_set(err, CARTA_ERR_INPUT, "the results do not fix the ratings");
    for (int i = 0; i < r->n; i++) {
        double sd = i ? sqrt(cov[i - 1][i - 1]) : 0;
        out[i].elo = ELO_PER_NAT * theta[i];
        out[i].lo = ELO_PER_NAT * (theta[i] - 1.96 * sd);
        out[i].hi = ELO_PER_NAT * (theta[i] + 1.96 * sd);
    }
    return CARTA_OK;
}

json_t *ladder_json(const ladder_results *r, const ladder_rating *ratings)
{
    json_t *ais = json_array(), *pairs = json_array();
    for (int i = 0; i < r->n; i++) {
        json_array_append_new(ais, json_pack("{s:s, s:f, s:f, s:f, s:f, s:i}", "ai", r->ai[i],
                                             "elo", ratings[i].elo, "ci_low", ratings[i].lo,
                                             "ci_high", ratings[i].hi, "score", ratings[i].score,
                                             "games", ratings[i].games));
        for (int j = i + 1; j < r->n; j++)
            if (r->games[i][j])
                json_array_append_new(pairs, json_pack("{s:s, s:s, s:i, s:f}", "ai", r->ai[i],
                                                       "against", r->ai[j], "games",
                                                       r->games[i][j], "score",
                                                       r->score[i][j]));
    }
    return json_pack("{s:s, s:o, s:o}", "anchor", r->ai[0], "ratings", ais, "pairs", pairs);
}

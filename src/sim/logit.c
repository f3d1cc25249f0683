/* logit.c: logistic regression by iteratively reweighted least squares (logit.h). */
#include "logit.h"

#include <math.h>
#include <string.h>

enum { LOGIT_MAX_STEPS = 50 };
#define LOGIT_TOL 1e-9

/* Solves the k x k system a z = g by Gaussian elimination with partial pivoting (a and g are
 * overwritten); a pivot near 0 leaves that unknown at 0. */
static void logit_solve(double a[LOGIT_MAX_K][LOGIT_MAX_K], double *g, int k, double *z)
{
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        if (p != c) {
            for (int j = 0; j < k; j++) {
                double t = a[c][j];
                a[c][j] = a[p][j];
                a[p][j] = t;
            }
            double t = g[c];
            g[c] = g[p];
            g[p] = t;
        }
        if (fabs(a[c][c]) < 1e-12)
            continue;
        for (int r = c + 1; r < k; r++) {
            double f = a[r][c] / a[c][c];
            for (int j = c; j < k; j++)
                a[r][j] -= f * a[c][j];
            g[r] -= f * g[c];
        }
    }
    for (int c = k - 1; c >= 0; c--) {
        double s = g[c];
        for (int j = c + 1; j < k; j++)
            s -= a[c][j] * z[j];
        z[c] = fabs(a[c][c]) < 1e-12 ? 0.0 : s / a[c][c];
    }
}

/* One Newton step: the gradient and Hessian of the penalized log-likelihood at b; returns the
 * largest change of a weight. */
static double logit_step(const double *x, const double *y, int n, int k, double ridge, double *b)
{
    double h[LOGIT_MAX_K][LOGIT_MAX_K] = {{0}}, g[LOGIT_MAX_K] = {0}, z[LOGIT_MAX_K] = {0};
    for (int i = 0; i < n; i++) {
        const double *xi = x + (size_t)i * k;
        double s = 0;
        for (int j = 0; j < k; j++)
            s += b[j] * xi[j];
        double p = 1.0 / (1.0 + exp(-s)), w = p * (1 - p);
        for (int j = 0; j < k; j++) {
            g[j] += (y[i] - p) * xi[j];
            for (int m = 0; m < k; m++)
                h[j][m] += w * xi[j] * xi[m];
        }
    }
    for (int j = 0; j < k; j++) {
        g[j] -= ridge * b[j];
        h[j][j] += ridge;
    }
    logit_solve(h, g, k, z);
    double most = 0;
    for (int j = 0; j < k; j++) {
        b[j] += z[j];
        most = fabs(z[j]) > most ? fabs(z[j]) : most;
    }
    return most;
}

int logit_fit(const double *x, const double *y, int n, int k, double ridge, double *b)
{
    if (k < 1 || k > LOGIT_MAX_K || n < 1)
        return -1;
    memset(b, 0, sizeof *b * (size_t)k);
    int steps = 0;
    while (steps < LOGIT_MAX_STEPS) {
        steps++;
        if (logit_step(x, y, n, k, ridge, b) < LOGIT_TOL)
            break;
    }
    return steps;
}

/* logit.h: logistic regression by Newton's method (IRLS), for carta tune: the weights b that
 * make P(y = 1 | x) = 1 / (1 + exp(-b.x)) fit samples best, with a small ridge for stability. */
#ifndef CARTA_LOGIT_H
#define CARTA_LOGIT_H

enum { LOGIT_MAX_K = 32 };

/* Fits b (k weights, k <= LOGIT_MAX_K, no intercept) to n samples: x[i * k + j] the j-th
 * feature of sample i, y[i] in [0, 1]. ridge >= 0 is added to the Hessian's diagonal (and
 * penalizes b's size). A feature that never varies gets weight 0. Returns the Newton steps
 * taken (at most 50), or -1 if k or n is out of range. */
int logit_fit(const double *x, const double *y, int n, int k, double ridge, double *b);

#endif

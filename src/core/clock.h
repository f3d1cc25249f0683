/* clock.h: time for measuring (benchmarks, progress lines, budgets): a monotonic clock in seconds,
 * never the wall clock, which may jump. */
#ifndef CARTA_CLOCK_H
#define CARTA_CLOCK_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double carta_seconds(void);

#endif

/* Summary statistics over repetitions. Pure C; unit-tested on hand-computed vectors. */
#ifndef WB_STATS_H
#define WB_STATS_H

#include <stddef.h>

typedef struct wb_summary {
    size_t n;
    double min, max, mean, median;
    double stddev;   /* sample standard deviation (n - 1); NaN when n < 2 */
    double cv;       /* stddev / mean; NaN when undefined */
} wb_summary;

/* Summarise x[0..n-1]. scratch must hold n doubles (it is sorted); x is left alone.
 * Returns 0, or -1 when n == 0. */
int wb_summarize(const double *x, size_t n, double *scratch, wb_summary *out);

/* Median of an already sorted array. */
double wb_median_sorted(const double *sorted, size_t n);

#endif

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

/* hyperfine's outlier test: modified Z-scores (x - median) / (1.4826 * MAD), where 1.4826 turns
 * the median absolute deviation into a standard deviation estimate (the threshold that makes an
 * outlier is a trust rule: WB_TRUST_OUTLIER_Z in include/wb_trust.h). z[] gets one score per
 * value (0 when the MAD is 0); scratch holds n doubles. */
void wb_modified_zscores(const double *x, size_t n, double *scratch, double *z);

#endif

/* How two sets of repetitions compare, as one value: the ratio of one to the other with its 95%
 * interval, the rank test the interval comes from, the verdict, and the least difference these
 * repetitions could have shown. Every comparison winbench prints is one of these (the report's,
 * the run's own between its variants, the gate's), so that two outputs can never give two
 * verdicts. Distribution-free, on the logarithms of the values (a ratio is a shift of logs):
 *   unpaired (two machines, two runs): the Hodges-Lehmann shift, the median of every pair's
 *   difference, with the interval of the Mann-Whitney U statistic's distribution (Bauer 1972);
 *   paired (the rounds of one interleaved run: repetition k of A against repetition k of B):
 *   the median of the Walsh averages of the pairs' differences, with the interval of the
 *   Wilcoxon signed-rank statistic's distribution.
 * The interval and the test are one statistic's: the interval excludes 1 exactly when the test
 * rejects at 5%. Exact distributions, computed, for at most 50 a side without ties (zeros and
 * ties of paired differences included); the normal approximation beyond. docs/statistics.md.
 * Pure C. */
#ifndef WB_COMPARE_H
#define WB_COMPARE_H

#include <stddef.h>

#define WB_ALPHA 0.05
#define WB_COMPARE_EXACT_MAX 50

typedef enum wb_cmp_verdict {
    WB_CMP_NONE,          /* nothing was compared (no values, or values that are not all above 0) */
    WB_CMP_DIFFERS,       /* the 95% interval of the ratio excludes 1 */
    WB_CMP_SAME,          /* it holds 1: no difference these repetitions can show */
    WB_CMP_CANNOT_TELL    /* too few repetitions for any outcome to reach p < 0.05 */
} wb_cmp_verdict;

/* A shift between two sets of values (a less b) with its 95% interval. */
typedef struct wb_shift {
    double est, lo, hi;       /* the estimate and the interval (NaN when none can be had) */
    double p;                 /* the two-sided p of the rank test the interval inverts (NaN: too few) */
    double smallest_p;        /* the least p these counts allow: 2 / C(n1 + n2, n1), or 2 / 2^pairs */
    int exact;                /* 1: the exact distribution, 0: the normal approximation */
    int paired;
    size_t n1, n2;            /* the values a side (paired: the pairs, both) */
} wb_shift;

/* Unpaired: a[0..na-1] less b[0..nb-1]. 0, or -1 out of memory. */
int wb_shift_unpaired(const double *a, size_t na, const double *b, size_t nb, wb_shift *out);
/* Paired: a[i] less b[i] for i < n. 0, or -1 out of memory. */
int wb_shift_paired(const double *a, const double *b, size_t n, wb_shift *out);

/* A ratio mine / base: the shift of their logarithms, turned back. */
typedef struct wb_ratio {
    wb_shift log;             /* of log(mine) less log(base) */
    double ratio, lo, hi;     /* exp of its estimate and interval (NaN where those are) */
    int verdict;              /* WB_CMP_* */
    /* the least ratio (above 1) these repetitions, at their spread, could have told from 1:
     * exp of the interval's half-width (a difference that large, seen, would put the interval's
     * bound on 1); NaN without an interval */
    double detectable;
    int processes;            /* 1: compared by processes (wb_compare_processes), log.n1/n2 their counts */
} wb_ratio;

/* mine[0..nm-1] over base[0..nb-1]; paired: nm == nb and mine[i] with base[i]. Values that are
 * not all above 0 (or a side empty) give WB_CMP_NONE. 0, or -1 out of memory. */
int wb_compare_ratio(const double *mine, size_t nm, const double *base, size_t nb, int paired, wb_ratio *out);
/* What the same spread would let n a side (n pairs) detect: about the half-width scaled by the
 * square root of the counts (NaN when c has no interval). */
double wb_ratio_detectable_at(const wb_ratio *c, size_t n);
/* The least n a side (pairs) at which c's spread would detect `ratio` (above 1), at most cap; 0
 * when even cap would not (or c has no interval). */
size_t wb_ratio_reps_for(const wb_ratio *c, double ratio, size_t cap);
/* a's ratio over b's (an interaction: is A/B on one machine A/B on the other?), its interval from
 * the two intervals' half-widths on the log scale added in quadrature, and "differs" only where
 * that interval excludes 1; too few on either side: cannot tell. */
void wb_ratio_of_ratios(const wb_ratio *a, const wb_ratio *b, wb_ratio *out);

/* Between processes (src/core/compare_processes.c): mine[0..nm-1] over base[0..nb-1], each a
 * process's value (the geometric mean of its repetitions), by Student's t on their logs with
 * pooled variance, df = nm + nb - 2: the ratio of the geometric means, its 95% interval, the
 * verdict (DIFFERS when the interval excludes 1), and the detectable ratio (exp of the
 * half-width). A side of one process: CANNOT_TELL. 0 (-1 is never returned; values not all
 * above 0 give WB_CMP_NONE). */
int wb_compare_processes(const double *mine, size_t nm, const double *base, size_t nb, wb_ratio *out);
/* Student's t: the two-sided p of t with df degrees of freedom, and the t whose p is WB_ALPHA. */
double wb_t_two_sided_p(double t, double df);
double wb_t_critical(double df);

/* How a set of repetitions, each of a process, spreads on the log scale (about a fraction of the
 * value: 0.03 is 3%): between processes (the spread of their true offsets, one-way random
 * effects) and within a process (the repetitions' about their process's mean). */
typedef struct wb_spread {
    size_t processes, values;
    double between;   /* NaN with fewer than 2 processes; 0 when the processes vary no more than their repetitions */
    double within;    /* NaN when no process has 2 repetitions */
} wb_spread;
/* v[i] of process[i] (any numbers naming the processes), i < n. */
void wb_spread_split(const double *v, const size_t *process, size_t n, wb_spread *out);

/* The ranks (1-based) of the order statistics that bound the p-quantile (0 < p < 1) of n samples
 * with at least 95% confidence, from the binomial distribution of how many samples lie below it
 * (exact); 0 (and *lo, *hi 0) when the samples are too few for a bound on both sides (a p99.9 of
 * 500 samples: nothing says which of them lies beyond the p99.9). */
int wb_quantile_ranks(unsigned long long n, double p, unsigned long long *lo, unsigned long long *hi);
/* How precisely v[0..n-1] knows its median: the larger side of the median's distribution-free
 * 95% interval (the order statistics at wb_quantile_ranks' ranks) over the median: 0.02 is
 * +-2%. NaN with fewer than 6 values (no such interval) or a median not above 0. */
double wb_median_precision(const double *v, size_t n);
/* The fewest samples for which wb_quantile_ranks bounds the p-quantile on both sides: the least
 * n with max(p, 1 - p)^n <= 2.5% (all n on one side of it is then unlikely enough). */
unsigned long long wb_quantile_min_samples(double p);

#endif

/* The two-sided Mann-Whitney U test (Wilcoxon rank-sum): is one group of repetitions different
 * from another? Rank-based, so a skewed or heavy-tailed timing distribution does not mislead it
 * the way it misleads a t-test. Pure C; unit-tested against values computed independently. */
#ifndef WB_MANNWHITNEY_H
#define WB_MANNWHITNEY_H

#include <stddef.h>

/* Groups smaller than this on either side get no p-value: too few repetitions to tell. */
#define WB_MWU_MIN_N 3
/* The exact distribution is used when both groups have at most this many values and there
 * are no ties; otherwise the normal approximation with tie and continuity corrections. */
#define WB_MWU_EXACT_MAX 50

typedef struct wb_mwu {
    double u;        /* U of the first group: pairs (a, b) with a > b, ties counting one half */
    double p;        /* two-sided p-value; NaN when a group has fewer than WB_MWU_MIN_N values */
    int exact;       /* 1: from the exact distribution, 0: the normal approximation */
} wb_mwu;

/* a[0..na-1] against b[0..nb-1]. Returns 0, or -1 when memory ran out (p is NaN then). */
int wb_mann_whitney(const double *a, size_t na, const double *b, size_t nb, wb_mwu *out);
/* The exact null distribution of U for n1 and n2 values without ties: counts[u] arrangements
 * of the C(n1 + n2, n1) give U = u, u = 0 .. n1 * n2 (malloc'd; NULL out of memory). */
double *wb_mwu_counts(size_t n1, size_t n2);
/* P(|Z| >= |z|) for a standard normal Z. */
double wb_normal_two_sided_p(double z);

#endif

/* Mann-Whitney U (include/wb_mannwhitney.h). */
#include "core/wb_mannwhitney.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ranked {
    double v;
    int group;   /* 0: a, 1: b */
} ranked;

static int by_value(const void *x, const void *y)
{
    double a = ((const ranked *)x)->v, b = ((const ranked *)y)->v;
    return a < b ? -1 : a > b;
}

/* erfc(x) for x >= 0 from erf, which every CRT's math.h declares (Wine's MSVC-style one lacks
 * erfc): 1 - erf(x) below 4 (erfc(4) is 1.5e-8, still to 1e-8 of itself), the asymptotic series
 * above, where 1 - erf(x) would round to 0 (erfc(6) is 2e-17) and a p-value of 0 is not a
 * p-value. */
static double upper_tail(double x)
{
    double sum = 1.0, term = 1.0;
    int n;
    if (x < 4.0) return 1.0 - erf(x);
    for (n = 1; n <= 12; n++) {   /* the 12th term is 3e-7 of the first at x = 4 */
        term *= -(2.0 * n - 1.0) / (2.0 * x * x);
        sum += term;
    }
    return exp(-x * x) / (x * 1.7724538509055160) * sum;   /* sqrt(pi) */
}

/* The number of arrangements of n1 + n2 values giving each U = 0 .. n1*n2, by the recurrence
 * f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u) (the largest value is in group one, adding j
 * to U, or in group two), kept as two layers of i (50 a side: 51 x 2501 counts, not 51^2 x 2501).
 * Doubles: C(40, 20) is 1.4e11, exact; C(100, 50) is 1e29, to a double's precision, which the
 * tail sums a p-value is made of keep. */
double *wb_mwu_counts(size_t n1, size_t n2)
{
    size_t umax = n1 * n2, i, j, u, slice = umax + 1;
    double *prev = (double *)calloc((n2 + 1) * slice, sizeof *prev), *cur = (double *)calloc((n2 + 1) * slice, sizeof *cur);
    double *out = (double *)malloc(slice * sizeof *out), *swap;
    if (prev == NULL || cur == NULL || out == NULL) {
        free(prev), free(cur), free(out);
        return NULL;
    }
    for (j = 0; j <= n2; j++) prev[j * slice] = 1;   /* i = 0: one arrangement, U = 0 */
    for (i = 1; i <= n1; i++) {
        cur[0] = 1;                                   /* j = 0 */
        for (j = 1; j <= n2; j++)
            for (u = 0; u <= i * j; u++)
                cur[j * slice + u] = (u >= j ? prev[j * slice + u - j] : 0) + (u <= i * (j - 1) ? cur[(j - 1) * slice + u] : 0);
        swap = prev, prev = cur, cur = swap;
    }
    memcpy(out, &prev[n2 * slice], slice * sizeof *out);
    free(prev), free(cur);
    return out;
}

int wb_mann_whitney(const double *a, size_t na, const double *b, size_t nb, wb_mwu *out)
{
    size_t n = na + nb, i, k;
    ranked *r;
    double rank_sum_a = 0, tie_term = 0;
    int ties = 0;
    out->u = NAN;
    out->p = NAN;
    out->exact = 0;
    if (na == 0 || nb == 0) return 0;
    r = (ranked *)malloc(n * sizeof *r);
    if (r == NULL) return -1;
    for (i = 0; i < na; i++) r[i].v = a[i], r[i].group = 0;
    for (i = 0; i < nb; i++) r[na + i].v = b[i], r[na + i].group = 1;
    qsort(r, n, sizeof *r, by_value);
    /* Mid-ranks for ties; Sum(t^3 - t) over tie groups for the variance's correction. */
    for (i = 0; i < n; i = k) {
        double mid;
        for (k = i + 1; k < n && r[k].v == r[i].v; k++)
            ;
        mid = ((double)(i + 1) + (double)k) / 2.0;   /* ranks i+1 .. k */
        if (k - i > 1) {
            double t = (double)(k - i);
            ties = 1;
            tie_term += t * t * t - t;
        }
        for (; i < k; i++)
            if (r[i].group == 0) rank_sum_a += mid;
    }
    free(r);
    out->u = rank_sum_a - (double)na * ((double)na + 1) / 2.0;
    if (na < WB_MWU_MIN_N || nb < WB_MWU_MIN_N) return 0;

    if (!ties && na <= WB_MWU_EXACT_MAX && nb <= WB_MWU_EXACT_MAX) {
        size_t umax = na * nb, u = (size_t)(out->u + 0.5);
        double *f = wb_mwu_counts(na, nb), total = 0, below = 0, above = 0;
        if (f == NULL) return -1;
        for (i = 0; i <= umax; i++) {
            total += f[i];
            if (i <= u) below += f[i];
            if (i >= u) above += f[i];
        }
        free(f);
        out->p = 2.0 * (below < above ? below : above) / total;
        if (out->p > 1.0) out->p = 1.0;
        out->exact = 1;
        return 0;
    }
    {
        double n1 = (double)na, n2 = (double)nb, nn = n1 + n2;
        double mean = n1 * n2 / 2.0;
        double var = n1 * n2 / 12.0 * ((nn + 1.0) - tie_term / (nn * (nn - 1.0)));
        double dev = fabs(out->u - mean) - 0.5;   /* continuity correction */
        if (dev < 0) dev = 0;
        out->p = var > 0 ? upper_tail(dev / sqrt(var) / sqrt(2.0)) : 1.0;
        if (out->p > 1.0) out->p = 1.0;
    }
    return 0;
}

double wb_normal_two_sided_p(double z)
{
    return upper_tail(fabs(z) / sqrt(2.0));
}

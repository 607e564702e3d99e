/* Comparisons with their intervals (wb_compare.h): Hodges-Lehmann shifts with the rank tests'
 * distribution-free intervals, the ratios made of them, and the quantiles' order-statistic
 * bounds. */
#include "core/wb_compare.h"
#include "core/wb_mannwhitney.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Z_975 1.959963984540054   /* the standard normal's 97.5th percentile */

static int by_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static void shift_clear(wb_shift *out, int paired, size_t n1, size_t n2)
{
    memset(out, 0, sizeof *out);
    out->est = out->lo = out->hi = out->p = NAN;
    out->smallest_p = 1.0;
    out->paired = paired;
    out->n1 = n1;
    out->n2 = n2;
}

/* The smallest u with P(U <= u) >= alpha / 2 under counts[0..max] (whose sum is total): the
 * interval's order statistics are the k-th from each end, k this u (0: no interval). */
static size_t critical_count(const double *counts, size_t max, double total)
{
    double cum = 0;
    size_t u;
    for (u = 0; u <= max; u++) {
        cum += counts[u];
        if (cum >= WB_ALPHA / 2 * total) return u;
    }
    return 0;
}

/* The same from the normal approximation of a statistic of mean and variance given. */
static size_t critical_normal(double mean, double var)
{
    double k = floor(mean - Z_975 * sqrt(var));
    return k > 0 ? (size_t)k : 0;
}

/* The estimate (the median) and the interval (the k-th from each end, 1-based) of sorted
 * values v[0..n-1]. */
static void from_sorted(const double *v, size_t n, size_t k, wb_shift *out)
{
    out->est = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    if (k >= 1 && k <= n / 2 + 1 && n + 1 > k) {
        out->lo = v[k - 1];
        out->hi = v[n - k];
    }
}

static int has_ties(const double *a, size_t na, const double *b, size_t nb)
{
    size_t n = na + nb, i;
    double *all = (double *)malloc(n * sizeof *all);
    int ties = 0;
    if (all == NULL) return 1;
    memcpy(all, a, na * sizeof *a);
    memcpy(all + na, b, nb * sizeof *b);
    qsort(all, n, sizeof *all, by_double);
    for (i = 1; i < n && !ties; i++) ties = all[i] == all[i - 1];
    free(all);
    return ties;
}

int wb_shift_unpaired(const double *a, size_t na, const double *b, size_t nb, wb_shift *out)
{
    size_t n = na * nb, i, j, k;
    double *d;
    wb_mwu t;
    shift_clear(out, 0, na, nb);
    if (na == 0 || nb == 0) return 0;
    {   /* the most extreme ranking is one of C(na + nb, na) equally likely ones, on either side */
        double c = 1.0;
        for (i = 1; i <= na; i++) c = c * (double)(nb + i) / (double)i;
        out->smallest_p = 2.0 / c > 1.0 ? 1.0 : 2.0 / c;
    }
    if ((d = (double *)malloc(n * sizeof *d)) == NULL) return -1;
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) d[i * nb + j] = a[i] - b[j];
    qsort(d, n, sizeof *d, by_double);
    if (wb_mann_whitney(a, na, b, nb, &t) != 0) {
        free(d);
        return -1;
    }
    out->p = t.p;
    out->exact = na <= WB_COMPARE_EXACT_MAX && nb <= WB_COMPARE_EXACT_MAX && !has_ties(a, na, b, nb);
    if (out->exact) {
        double *counts = wb_mwu_counts(na, nb), total = 0;
        if (counts == NULL) {
            free(d);
            return -1;
        }
        for (i = 0; i <= n; i++) total += counts[i];
        k = critical_count(counts, n, total);
        free(counts);
    } else {
        k = critical_normal((double)n / 2, (double)na * (double)nb * (double)(na + nb + 1) / 12.0);
    }
    from_sorted(d, n, out->smallest_p < WB_ALPHA ? k : 0, out);
    free(d);
    return 0;
}

/* The exact null distribution of the signed-rank statistic W+ of n pairs: counts[w], w = 0 ..
 * n(n + 1) / 2 (each pair's rank joins W+ or not: 2^n equally likely; exact in doubles to 53). */
static double *signed_rank_counts(size_t n)
{
    size_t max = n * (n + 1) / 2, k, w;
    double *c = (double *)calloc(max + 1, sizeof *c);
    if (c == NULL) return NULL;
    c[0] = 1;
    for (k = 1; k <= n; k++)
        for (w = k * (k + 1) / 2; w >= k; w--) c[w] += c[w - k];
    return c;
}

typedef struct ranked_abs {
    double v;
    int positive;
} ranked_abs;

static int by_abs(const void *x, const void *y)
{
    double a = ((const ranked_abs *)x)->v, b = ((const ranked_abs *)y)->v;
    return a < b ? -1 : a > b;
}

/* The signed-rank test of d[0..n-1]: W+ (mid-ranks of |d| for ties, zeros dropped, as Wilcoxon's
 * own rule), its two-sided p, exact when nothing was dropped or tied; *used the pairs ranked. */
static int signed_rank_p(const double *d, size_t n, wb_shift *out, size_t *used)
{
    ranked_abs *r = (ranked_abs *)malloc((n ? n : 1) * sizeof *r);
    size_t m = 0, i, k;
    double wplus = 0, tie_term = 0;
    int ties = 0;
    if (r == NULL) return -1;
    for (i = 0; i < n; i++)
        if (d[i] != 0) r[m].v = fabs(d[i]), r[m++].positive = d[i] > 0;
    qsort(r, m, sizeof *r, by_abs);
    for (i = 0; i < m; i = k) {
        double mid, t;
        for (k = i + 1; k < m && r[k].v == r[i].v; k++) {}
        mid = ((double)(i + 1) + (double)k) / 2.0;
        t = (double)(k - i);
        if (k - i > 1) ties = 1, tie_term += t * t * t - t;
        for (; i < k; i++)
            if (r[i].positive) wplus += mid;
    }
    free(r);
    *used = m;
    out->exact = m == n && !ties && m <= WB_COMPARE_EXACT_MAX;
    if (m == 0) return 0;
    if (out->exact) {
        size_t max = m * (m + 1) / 2, w = (size_t)(wplus + 0.5);
        double *c = signed_rank_counts(m), total = 0, below = 0, above = 0;
        if (c == NULL) return -1;
        for (i = 0; i <= max; i++) {
            total += c[i];
            if (i <= w) below += c[i];
            if (i >= w) above += c[i];
        }
        free(c);
        out->p = 2.0 * (below < above ? below : above) / total;
    } else {
        double mm = (double)m, mean = mm * (mm + 1) / 4;
        double var = mm * (mm + 1) * (2 * mm + 1) / 24 - tie_term / 48;
        double dev = fabs(wplus - mean) - 0.5;   /* continuity correction */
        out->p = var > 0 ? wb_normal_two_sided_p((dev > 0 ? dev : 0) / sqrt(var)) : 1.0;
    }
    if (out->p > 1.0) out->p = 1.0;
    return 0;
}

int wb_shift_paired(const double *a, const double *b, size_t n, wb_shift *out)
{
    size_t nw = n * (n + 1) / 2, i, j, w = 0, k, used = 0;
    double *d, *walsh;
    shift_clear(out, 1, n, n);
    if (n == 0) return 0;
    out->smallest_p = 2.0 / pow(2.0, (double)n) > 1.0 ? 1.0 : 2.0 / pow(2.0, (double)n);
    d = (double *)malloc(n * sizeof *d);
    walsh = (double *)malloc(nw * sizeof *walsh);
    if (d == NULL || walsh == NULL) {
        free(d), free(walsh);
        return -1;
    }
    for (i = 0; i < n; i++) d[i] = a[i] - b[i];
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++) walsh[w++] = (d[i] + d[j]) / 2;
    qsort(walsh, nw, sizeof *walsh, by_double);
    if (signed_rank_p(d, n, out, &used) != 0) {
        free(d), free(walsh);
        return -1;
    }
    if (out->exact) {
        double *c = signed_rank_counts(n), total = 0;
        if (c == NULL) {
            free(d), free(walsh);
            return -1;
        }
        for (i = 0; i <= nw; i++) total += c[i];
        k = critical_count(c, nw, total);
        free(c);
    } else {
        double nn = (double)n;
        k = critical_normal(nn * (nn + 1) / 4, nn * (nn + 1) * (2 * nn + 1) / 24);
    }
    from_sorted(walsh, nw, out->smallest_p < WB_ALPHA ? k : 0, out);
    free(d), free(walsh);
    return 0;
}

int wb_compare_ratio(const double *mine, size_t nm, const double *base, size_t nb, int paired, wb_ratio *out)
{
    double *lm, *lb;
    size_t i;
    int rc;
    memset(out, 0, sizeof *out);
    out->ratio = out->lo = out->hi = out->detectable = NAN;
    shift_clear(&out->log, paired, nm, nb);
    out->verdict = WB_CMP_NONE;
    if (nm == 0 || nb == 0 || (paired && nm != nb)) return 0;
    for (i = 0; i < nm; i++)
        if (!(mine[i] > 0)) return 0;
    for (i = 0; i < nb; i++)
        if (!(base[i] > 0)) return 0;
    lm = (double *)malloc(nm * sizeof *lm);
    lb = (double *)malloc(nb * sizeof *lb);
    if (lm == NULL || lb == NULL) {
        free(lm), free(lb);
        return -1;
    }
    for (i = 0; i < nm; i++) lm[i] = log(mine[i]);
    for (i = 0; i < nb; i++) lb[i] = log(base[i]);
    rc = paired ? wb_shift_paired(lm, lb, nm, &out->log) : wb_shift_unpaired(lm, nm, lb, nb, &out->log);
    free(lm), free(lb);
    if (rc != 0) return -1;
    out->ratio = exp(out->log.est);
    if (out->log.smallest_p >= WB_ALPHA || out->log.lo != out->log.lo) {
        out->verdict = WB_CMP_CANNOT_TELL;
        return 0;
    }
    out->lo = exp(out->log.lo);
    out->hi = exp(out->log.hi);
    out->detectable = exp((out->log.hi - out->log.lo) / 2);
    out->verdict = out->log.lo > 0 || out->log.hi < 0 ? WB_CMP_DIFFERS : WB_CMP_SAME;
    return 0;
}

/* The interval's half-width's scale at n a side against the comparison's own counts. */
static double width_scale(const wb_ratio *c, size_t n)
{
    const wb_shift *s = &c->log;
    if (s->paired) return sqrt((double)s->n1 / (double)n);
    return sqrt((2.0 / (double)n) / (1.0 / (double)s->n1 + 1.0 / (double)s->n2));
}

double wb_ratio_detectable_at(const wb_ratio *c, size_t n)
{
    if (!(c->detectable > 0) || n == 0) return NAN;
    return exp(log(c->detectable) * width_scale(c, n));
}

size_t wb_ratio_reps_for(const wb_ratio *c, double ratio, size_t cap)
{
    size_t n;
    if (!(c->detectable > 0) || !(ratio > 1)) return 0;
    for (n = 2; n <= cap; n++)
        if (wb_ratio_detectable_at(c, n) <= ratio) return n;
    return 0;
}

void wb_ratio_of_ratios(const wb_ratio *a, const wb_ratio *b, wb_ratio *out)
{
    double ha, hb, h, est;
    memset(out, 0, sizeof *out);
    out->ratio = out->lo = out->hi = out->detectable = NAN;
    shift_clear(&out->log, 0, a->log.n1, b->log.n1);
    out->verdict = WB_CMP_NONE;
    if (a->verdict == WB_CMP_NONE || b->verdict == WB_CMP_NONE) return;
    est = a->log.est - b->log.est;
    out->log.est = est;
    out->ratio = exp(est);
    if (a->verdict == WB_CMP_CANNOT_TELL || b->verdict == WB_CMP_CANNOT_TELL) {
        out->verdict = WB_CMP_CANNOT_TELL;
        return;
    }
    ha = (a->log.hi - a->log.lo) / 2;
    hb = (b->log.hi - b->log.lo) / 2;
    h = sqrt(ha * ha + hb * hb);
    out->log.lo = est - h;
    out->log.hi = est + h;
    out->lo = exp(est - h);
    out->hi = exp(est + h);
    out->detectable = exp(h);
    out->verdict = est - h > 0 || est + h < 0 ? WB_CMP_DIFFERS : WB_CMP_SAME;
}

/* log P(B = k) for B ~ Binomial(n, p). */
static double log_pmf(unsigned long long n, double p, unsigned long long k)
{
    double nn = (double)n, kk = (double)k;
    return lgamma(nn + 1) - lgamma(kk + 1) - lgamma(nn - kk + 1) + kk * log(p) + (nn - kk) * log1p(-p);
}

/* l: the largest with P(B < l) <= alpha/2, summed up from where the lower tail's mass begins
 * (8 standard deviations below the mean: what lies below is under 1e-15); 0 when P(B = 0)
 * already exceeds it. */
static unsigned long long lower_rank(unsigned long long n, double p)
{
    double sd = sqrt((double)n * p * (1 - p)), start = floor((double)n * p - 8 * sd - 1), sum = 0, l;
    unsigned long long k = start > 0 ? (unsigned long long)start : 0;
    l = log_pmf(n, p, k);
    for (; k <= n; k++) {
        sum += exp(l);
        if (sum > WB_ALPHA / 2) return k;   /* P(B <= k - 1) <= alpha/2 < P(B <= k) */
        l += log((double)(n - k)) - log((double)(k + 1)) + log(p) - log1p(-p);
    }
    return 0;
}

/* u: the smallest with P(B >= u) <= alpha/2, summed down from the upper tail's end; 0 when
 * P(B = n) already exceeds it. */
static unsigned long long upper_rank(unsigned long long n, double p)
{
    double sd = sqrt((double)n * p * (1 - p)), start = ceil((double)n * p + 8 * sd + 1), sum = 0, l;
    unsigned long long k = start < (double)n ? (unsigned long long)start : n;
    l = log_pmf(n, p, k);
    for (;;) {
        sum += exp(l);
        if (sum > WB_ALPHA / 2) return k < n ? k + 1 : 0;   /* P(B >= k + 1) <= alpha/2 < P(B >= k) */
        if (k == 0) return 0;
        l += log((double)k) - log((double)(n - k + 1)) + log1p(-p) - log(p);
        k--;
    }
}

int wb_quantile_ranks(unsigned long long n, double p, unsigned long long *lo, unsigned long long *hi)
{
    unsigned long long l, u;
    *lo = *hi = 0;
    if (n == 0 || !(p > 0 && p < 1)) return 0;
    l = lower_rank(n, p);
    u = upper_rank(n, p);
    if (l == 0 || u == 0 || u > n) return 0;
    *lo = l;
    *hi = u;
    return 1;
}

unsigned long long wb_quantile_min_samples(double p)
{
    double q = p > 0.5 ? p : 1 - p;
    unsigned long long n;
    if (!(p > 0 && p < 1)) return 0;
    n = (unsigned long long)ceil(log(WB_ALPHA / 2) / log(q));
    while (n > 1 && pow(q, (double)(n - 1)) <= WB_ALPHA / 2) n--;   /* log's rounding, either way */
    while (pow(q, (double)n) > WB_ALPHA / 2) n++;
    return n;
}

/* Two sides measured in several processes each, compared by their processes (wb_compare.h):
 * each process is one value (the mean of the logarithms of its repetitions), and the two sets
 * of processes are compared by Student's t on those logs, pooled variance. A process's offset
 * (where its heap, its threads and its timer landed) moves all its repetitions together, so the
 * repetitions of one process are not independent samples of the machine: compared by their
 * repetitions, two runs of one configuration as two processes were called different in 4 of 18
 * A/A pairs. By processes, the unit is what varies independently (Kalibera & Jones 2013). Few
 * processes allow no distribution-free test at 5% (3 and 3: no ranking is rarer than 0.1), so
 * the test is t's, on logs, whose offsets are near normal where a rank test needs 4 and 4.
 * Pure C. */
#include "wb_compare.h"

#include <math.h>
#include <string.h>

/* The regularized incomplete beta I_x(a, b), by its continued fraction (Lentz), the usual way:
 * the fraction converges for x < (a + 1) / (a + b + 2), the symmetry I_x(a,b) = 1 - I_1-x(b,a)
 * serves the rest. */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1), h;
    int m;
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    h = d;
    for (m = 1; m <= 300; m++) {
        double mm = m, num = mm * (b - mm) * x / ((a + 2 * mm - 1) * (a + 2 * mm)), delta;
        d = 1 + num * d;
        c = 1 + num / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        num = -(a + mm) * (a + b + mm) * x / ((a + 2 * mm) * (a + 2 * mm + 1));
        d = 1 + num * d;
        c = 1 + num / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        delta = d * c;
        h *= delta;
        if (fabs(delta - 1) < 1e-15) break;
    }
    return h;
}

static double incomplete_beta(double a, double b, double x)
{
    double front;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double wb_t_two_sided_p(double t, double df)
{
    if (t != t || !(df > 0)) return NAN;
    return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

double wb_t_critical(double df)
{
    double lo = 0, hi = 1000;
    int i;
    if (!(df > 0)) return NAN;
    for (i = 0; i < 200; i++) {   /* the p falls as t grows: bisect to where it is WB_ALPHA */
        double mid = (lo + hi) / 2;
        if (wb_t_two_sided_p(mid, df) > WB_ALPHA) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

static int logs_mean_var(const double *v, size_t n, double *mean, double *ss)
{
    size_t i;
    double sum = 0;
    for (i = 0; i < n; i++) {
        if (!(v[i] > 0)) return -1;
        sum += log(v[i]);
    }
    *mean = sum / (double)n;
    *ss = 0;
    for (i = 0; i < n; i++) *ss += (log(v[i]) - *mean) * (log(v[i]) - *mean);
    return 0;
}

int wb_compare_processes(const double *mine, size_t nm, const double *base, size_t nb, wb_ratio *out)
{
    double mm, sm, mb, sb, df, se, half;
    memset(out, 0, sizeof *out);
    out->ratio = out->lo = out->hi = out->detectable = NAN;
    out->log.est = out->log.lo = out->log.hi = out->log.p = NAN;
    out->log.n1 = nm;
    out->log.n2 = nb;
    out->log.smallest_p = 0;   /* t can reach any p */
    out->processes = 1;
    out->verdict = WB_CMP_NONE;
    if (nm == 0 || nb == 0 || logs_mean_var(mine, nm, &mm, &sm) != 0 || logs_mean_var(base, nb, &mb, &sb) != 0) return 0;
    out->log.est = mm - mb;
    out->ratio = exp(out->log.est);
    if (nm < 2 || nb < 2) {   /* no spread between processes on a side of one */
        out->verdict = WB_CMP_CANNOT_TELL;
        out->log.smallest_p = 1;
        return 0;
    }
    df = (double)(nm + nb - 2);
    se = sqrt((sm + sb) / df * (1.0 / (double)nm + 1.0 / (double)nb));
    half = wb_t_critical(df) * se;
    out->log.lo = out->log.est - half;
    out->log.hi = out->log.est + half;
    out->log.p = se > 0 ? wb_t_two_sided_p(out->log.est / se, df) : out->log.est != 0 ? 0 : 1;
    out->lo = exp(out->log.lo);
    out->hi = exp(out->log.hi);
    out->detectable = exp(half);
    out->verdict = out->log.lo > 0 || out->log.hi < 0 ? WB_CMP_DIFFERS : WB_CMP_SAME;
    return 0;
}

void wb_spread_split(const double *v, const size_t *process, size_t n, wb_spread *out)
{
    /* one-way random effects on the logs: the mean squares between and within processes, and
     * the between component (MSB - MSW) / n0, n0 the processes' effective size (unequal sizes:
     * (N - sum n_i^2 / N) / (k - 1)); below zero it is none */
    double sum_all = 0, ssb = 0, ssw = 0, sq = 0, msb, msw, n0;
    size_t i, j, k = 0;
    memset(out, 0, sizeof *out);
    out->between = out->within = NAN;
    for (i = 0; i < n; i++) {
        if (!(v[i] > 0)) return;
        sum_all += log(v[i]);
    }
    for (i = 0; i < n; i++) {   /* each process once, at its first value */
        double sum = 0, cnt = 0, mean;
        for (j = 0; j < i && process[j] != process[i]; j++) {}
        if (j < i) continue;
        for (j = i; j < n; j++)
            if (process[j] == process[i]) sum += log(v[j]), cnt++;
        mean = sum / cnt;
        for (j = i; j < n; j++)
            if (process[j] == process[i]) ssw += (log(v[j]) - mean) * (log(v[j]) - mean);
        ssb += cnt * (mean - sum_all / (double)n) * (mean - sum_all / (double)n);
        sq += cnt * cnt;
        k++;
    }
    out->processes = k;
    out->values = n;
    if (n <= k) return;   /* no repetition beside another in a process: nothing within */
    msw = ssw / (double)(n - k);
    out->within = sqrt(msw);
    if (k < 2) return;
    msb = ssb / (double)(k - 1);
    n0 = ((double)n - sq / (double)n) / (double)(k - 1);
    out->between = msb > msw ? sqrt((msb - msw) / n0) : 0;
}

/* A summary row that agrees with itself: see summary_rules.h. The rules run in two passes:
 * first what is taken from the repetitions, then what is made of the summary's own figures
 * (a ratio of two totals, a latency less a floor), so that those agree with the row too. */
#include "wb_sort.h"
#include "summary_rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parts_text.h"

/* The repetitions in the middle of metric `by`: *lo and *hi (the same one for an odd count of
 * repetitions that have it), or -1 when none has it. */
static void middle_reps(const double *per_rep, size_t n, size_t stride, int by, double *scratch, long *lo, long *hi)
{
    size_t i, have = 0;
    double mid_lo, mid_hi;
    *lo = *hi = -1;
    for (i = 0; i < n; i++)
        if (per_rep[(size_t)by * stride + i] == per_rep[(size_t)by * stride + i]) scratch[have++] = per_rep[(size_t)by * stride + i];
    if (have == 0) return;
    wb_sort_doubles(scratch, have);
    mid_lo = scratch[(have - 1) / 2];
    mid_hi = scratch[have / 2];
    for (i = 0; i < n; i++) {   /* the first repetition of each middle value */
        double v = per_rep[(size_t)by * stride + i];
        if (*lo < 0 && v == mid_lo) *lo = (long)i;
        else if (*hi < 0 && v == mid_hi) *hi = (long)i;
    }
    if (*hi < 0) *hi = *lo;
}

/* A rule's `by` or `of`: a metric's index, or WB_SUM_NS_ROW for "ns_per_op" (the time per
 * operation, a common column: a whole and its parts are taken from the repetition of the
 * median headline), or -1. */
static int column_index(const wb_module *m, const char *name)
{
    if (name && strcmp(name, "ns_per_op") == 0) return WB_SUM_NS_ROW;
    return wb_metric_index(m, name);
}

/* One rule taken from the repetitions; NAN where none had the figures. */
static double from_reps(const wb_module *m, const wb_metric_summary *r, int k, const double *per_rep, size_t n,
                        size_t stride, const wb_hist *pooled, double *scratch, double median)
{
    const double *v = per_rep + (size_t)k * stride;
    int by = column_index(m, r->by), of = wb_metric_index(m, r->of);
    double acc = 0, w = 0, total = 0, grand;
    size_t i, have = 0;
    long lo, hi;
    switch (r->how) {
    case WB_SUM_TOTAL: case WB_SUM_LEAST: case WB_SUM_MOST:
        for (i = 0; i < n; i++) {
            if (v[i] != v[i]) continue;
            acc = have == 0 ? v[i] : r->how == WB_SUM_TOTAL ? acc + v[i] : r->how == WB_SUM_LEAST ? fmin(acc, v[i])
                                                                                               : fmax(acc, v[i]);
            have++;
        }
        return have ? acc : NAN;
    case WB_SUM_MEAN_BY:
        for (i = 0; by >= 0 && i < n; i++)
            if (v[i] == v[i] && per_rep[(size_t)by * stride + i] > 0)
                acc += v[i] * per_rep[(size_t)by * stride + i], w += per_rep[(size_t)by * stride + i];
        return w > 0 ? acc / w : NAN;
    case WB_SUM_SD_BY:   /* within each repetition, and between their means */
        if (by < 0 || of < 0) return median;
        for (i = 0; i < n; i++)
            if (per_rep[(size_t)by * stride + i] > 0 && per_rep[(size_t)of * stride + i] == per_rep[(size_t)of * stride + i])
                acc += per_rep[(size_t)of * stride + i] * per_rep[(size_t)by * stride + i], total += per_rep[(size_t)by * stride + i];
        if (total < 2) return NAN;
        grand = acc / total;
        acc = 0;
        for (i = 0; i < n; i++) {
            double cnt = per_rep[(size_t)by * stride + i], mean = per_rep[(size_t)of * stride + i];
            if (!(cnt > 0) || mean != mean) continue;
            acc += (cnt - 1) * (v[i] == v[i] ? v[i] * v[i] : 0) + cnt * (mean - grand) * (mean - grand);
        }
        return sqrt(acc / (total - 1));
    case WB_SUM_HIST_MEAN:
        return pooled && pooled->count ? wb_hist_mean(pooled) / r->scale : median;
    case WB_SUM_HIST_PERCENTILE:
        return pooled && pooled->count ? (double)wb_hist_percentile(pooled, r->p) / r->scale : median;
    case WB_SUM_MEDIAN_REP:
        if (by < 0) return median;
        middle_reps(per_rep, n, stride, by, scratch, &lo, &hi);
        if (lo < 0) return median;
        return v[lo] == v[lo] && v[hi] == v[hi] ? (v[lo] + v[hi]) / 2 : v[lo] == v[lo] ? v[lo] : v[hi];
    default:
        return median;
    }
}

void wb_apply_summary_rules(const wb_module *m, const double *per_rep, size_t n, size_t stride, const wb_hist *pooled,
                            double *scratch, double *out)
{
    const wb_metric_summary *r;
    if (m->summary_rules == NULL || n == 0) return;
    for (r = m->summary_rules; r->column; r++) {
        int k = wb_metric_index(m, r->column);
        if (k >= 0 && r->how != WB_SUM_RATIO && r->how != WB_SUM_DIFFERENCE)
            out[k] = from_reps(m, r, k, per_rep, n, stride, pooled, scratch, out[k]);
    }
    for (r = m->summary_rules; r->column; r++) {
        int k = wb_metric_index(m, r->column), by = wb_metric_index(m, r->by), of = wb_metric_index(m, r->of);
        if (k < 0 || by < 0 || of < 0) continue;
        if (r->how == WB_SUM_RATIO) out[k] = out[by] > 0 ? out[of] / out[by] : NAN;
        else if (r->how == WB_SUM_DIFFERENCE) out[k] = out[of] - out[by];
    }
}

int wb_summary_rules_check(const wb_module *m, char *err, size_t cap)
{
    const wb_metric_summary *r;
    for (r = m->summary_rules; r && r->column; r++) {
        const char *bad = wb_metric_index(m, r->column) < 0 ? r->column
                        : r->by && column_index(m, r->by) < 0 ? r->by
                        : r->of && wb_metric_index(m, r->of) < 0 ? r->of : NULL;
        if (bad) {   /* a misspelt name would leave the median, silently */
            snprintf(err, cap, "%s's summary rule for %s names %s, which is none of its metrics", m->name, r->column, bad);
            return -1;
        }
    }
    return 0;
}

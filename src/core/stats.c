/* Summary statistics over repetitions. */
#include "core/wb_stats.h"
#include "wb_sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Median of an already sorted array. */
static double median_sorted(const double *sorted, size_t n)
{
    if (n == 0) return NAN;
    if (n % 2 == 1) return sorted[n / 2];
    return (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
}

void wb_sort_doubles(double *v, size_t n)
{
    if (n > 1) qsort(v, n, sizeof *v, cmp_double);
}

void wb_sort_u64(uint64_t *v, size_t n)
{
    if (n > 1) qsort(v, n, sizeof *v, cmp_u64);
}

double wb_median_doubles(double *v, size_t n)
{
    wb_sort_doubles(v, n);
    return median_sorted(v, n);
}

uint64_t wb_median_u64(uint64_t *v, size_t n)
{
    if (n == 0) return 0;
    wb_sort_u64(v, n);
    return v[(n - 1) / 2];
}


int wb_summarize(const double *x, size_t n, double *scratch, wb_summary *out)
{
    size_t i;
    double sum = 0.0, ss = 0.0;

    if (n == 0) return -1;
    memcpy(scratch, x, n * sizeof *x);
    wb_sort_doubles(scratch, n);

    out->n = n;
    out->min = scratch[0];
    out->max = scratch[n - 1];
    out->median = median_sorted(scratch, n);
    for (i = 0; i < n; i++) sum += x[i];
    out->mean = sum / (double)n;
    /* Two passes: the sum of squared deviations does not cancel the way sum(x^2) - n*mean^2
     * does when the values are large and close together (rates of 1e6 +- 0.1%). */
    for (i = 0; i < n; i++) ss += (x[i] - out->mean) * (x[i] - out->mean);
    out->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : NAN;
    out->cv = (n > 1 && out->mean != 0.0) ? out->stddev / out->mean : NAN;
    return 0;
}

void wb_modified_zscores(const double *x, size_t n, double *scratch, double *z)
{
    double median, mad;
    size_t i;
    if (n == 0) return;
    memcpy(scratch, x, n * sizeof *x);
    wb_sort_doubles(scratch, n);
    median = median_sorted(scratch, n);
    for (i = 0; i < n; i++) scratch[i] = fabs(x[i] - median);
    wb_sort_doubles(scratch, n);
    mad = median_sorted(scratch, n);
    for (i = 0; i < n; i++) z[i] = mad > 0 ? (x[i] - median) / (1.4826 * mad) : 0.0;
}

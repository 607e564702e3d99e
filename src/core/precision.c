/* How precisely a set of repetitions knows its median (wb_compare.h: wb_median_precision): the
 * distribution-free 95% interval of the median, the order statistics whose ranks bound it
 * (wb_quantile_ranks), as a fraction of the median. What --precision repeats until. Pure C. */
#include "wb_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double wb_median_precision(const double *v, size_t n)
{
    unsigned long long lo, hi;
    double *s, median, half;
    if (n == 0 || !wb_quantile_ranks(n, 0.5, &lo, &hi)) return NAN;
    if ((s = (double *)malloc(n * sizeof *s)) == NULL) return NAN;
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, by_value);
    median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    half = median - s[lo - 1] > s[hi - 1] - median ? median - s[lo - 1] : s[hi - 1] - median;
    free(s);
    return median > 0 ? half / median : NAN;
}

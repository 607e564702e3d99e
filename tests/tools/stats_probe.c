/* The comparison statistics of src/core/wb_compare.h for an outside check (stats_check.py, SciPy):
 * reads one case a line from stdin and prints the result a line.
 *   U NA NB A... B...   the unpaired shift of A less B: "est lo hi p exact smallest_p"
 *   P N N A... B...     the paired shift of A[i] less B[i]: the same
 *   Q N P               the ranks bounding the P-quantile of N samples: "ok lo hi"
 * Built natively from the portable core (tests/statistics.sh). */
#include <stdio.h>
#include <stdlib.h>

#include "core/wb_compare.h"

static int read_values(double *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (scanf("%lf", &v[i]) != 1) return -1;
    return 0;
}

int main(void)
{
    char kind[4];
    while (scanf("%3s", kind) == 1) {
        size_t na, nb;
        double *a, *b;
        wb_shift s;
        if (kind[0] == 'Q') {
            unsigned long long n, lo, hi;
            double p;
            int ok;
            if (scanf("%llu %lf", &n, &p) != 2) return 1;
            ok = wb_quantile_ranks(n, p, &lo, &hi);
            printf("%d %llu %llu\n", ok, lo, hi);
            continue;
        }
        if (scanf("%lu %lu", (unsigned long *)&na, (unsigned long *)&nb) != 2) return 1;
        a = (double *)malloc((na ? na : 1) * sizeof *a);
        b = (double *)malloc((nb ? nb : 1) * sizeof *b);
        if (a == NULL || b == NULL || read_values(a, na) != 0 || read_values(b, nb) != 0) return 1;
        if (kind[0] == 'U') wb_shift_unpaired(a, na, b, nb, &s);
        else wb_shift_paired(a, b, na, &s);
        printf("%.17g %.17g %.17g %.17g %d %.17g\n", s.est, s.lo, s.hi, s.p, s.exact, s.smallest_p);
        free(a);
        free(b);
    }
    return 0;
}

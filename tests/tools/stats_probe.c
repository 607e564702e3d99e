/* The comparison statistics of src/core/wb_compare.h for an outside check (stats_check.py, SciPy):
 * reads one case a line from stdin and prints the result a line.
 *   U NA NB A... B...   the unpaired shift of A less B: "est lo hi p exact smallest_p"
 *   P N N A... B...     the paired shift of A[i] less B[i]: the same
 *   Q N P               the ranks bounding the P-quantile of N samples: "ok lo hi"
 *   M P                 the fewest samples that bound the P-quantile: "n"
 *   R NM NB PAIRED M... B...   the ratio of M over B: "ratio lo hi verdict detectable"
 *   I NA NB NC ND A... B... C... D...   (A/B) over (C/D), each unpaired: "ratio lo hi verdict"
 *   T NM NB M... B...   by processes (each value one): "ratio lo hi verdict p"
 *   S N V... P...       the spread split of V[i] of process P[i]: "processes between within"
 *   D N V...            how precisely V knows its median: "fraction"
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

/* R: one ratio; I: the ratio of two, each of two sides read as R's are (unpaired). */
static int ratio_case(char kind)
{
    unsigned long n[4] = { 0, 0, 0, 0 }, paired = 0;
    double *v[4] = { NULL, NULL, NULL, NULL };
    wb_ratio r[3];
    int sides = kind == 'R' ? 2 : 4, i, rc = -1;
    if (kind == 'R' && scanf("%lu %lu %lu", &n[0], &n[1], &paired) != 3) return -1;
    if (kind == 'I' && scanf("%lu %lu %lu %lu", &n[0], &n[1], &n[2], &n[3]) != 4) return -1;
    for (i = 0; i < sides; i++)
        if ((v[i] = (double *)malloc((n[i] ? n[i] : 1) * sizeof *v[i])) == NULL || read_values(v[i], n[i]) != 0) goto done;
    if (wb_compare_ratio(v[0], n[0], v[1], n[1], (int)paired, &r[0]) != 0) goto done;
    if (kind == 'R') {
        printf("%.17g %.17g %.17g %d %.17g\n", r[0].ratio, r[0].lo, r[0].hi, r[0].verdict, r[0].detectable);
    } else {
        if (wb_compare_ratio(v[2], n[2], v[3], n[3], 0, &r[1]) != 0) goto done;
        wb_ratio_of_ratios(&r[0], &r[1], &r[2]);
        printf("%.17g %.17g %.17g %d\n", r[2].ratio, r[2].lo, r[2].hi, r[2].verdict);
    }
    rc = 0;
done:
    for (i = 0; i < 4; i++) free(v[i]);
    return rc;
}

static int process_case(char kind)
{
    unsigned long n[2] = { 0, 0 };
    double *v[2] = { NULL, NULL };
    size_t *which = NULL, i;
    int rc = -1;
    if (kind == 'T' && scanf("%lu %lu", &n[0], &n[1]) != 2) return -1;
    if (kind == 'S' && scanf("%lu", &n[0]) != 1) return -1;
    if (kind == 'S') n[1] = n[0];
    for (i = 0; i < 2; i++)
        if ((v[i] = (double *)malloc((n[i] ? n[i] : 1) * sizeof *v[i])) == NULL || read_values(v[i], n[i]) != 0) goto done;
    if (kind == 'T') {
        wb_ratio r;
        wb_compare_processes(v[0], n[0], v[1], n[1], &r);
        printf("%.17g %.17g %.17g %d %.17g\n", r.ratio, r.lo, r.hi, r.verdict, r.log.p);
    } else {
        wb_spread sp;
        if ((which = (size_t *)malloc((n[0] ? n[0] : 1) * sizeof *which)) == NULL) goto done;
        for (i = 0; i < n[0]; i++) which[i] = (size_t)v[1][i];
        wb_spread_split(v[0], which, n[0], &sp);
        printf("%lu %.17g %.17g\n", (unsigned long)sp.processes, sp.between, sp.within);
    }
    rc = 0;
done:
    free(v[0]), free(v[1]), free(which);
    return rc;
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
        if (kind[0] == 'M') {
            double p;
            if (scanf("%lf", &p) != 1) return 1;
            printf("%llu\n", wb_quantile_min_samples(p));
            continue;
        }
        if (kind[0] == 'D') {
            unsigned long n;
            double *v;
            if (scanf("%lu", &n) != 1 || (v = (double *)malloc((n ? n : 1) * sizeof *v)) == NULL) return 1;
            if (read_values(v, n) != 0) return 1;
            printf("%.17g\n", wb_median_precision(v, n));
            free(v);
            continue;
        }
        if (kind[0] == 'T' || kind[0] == 'S') {
            if (process_case(kind[0]) != 0) return 1;
            continue;
        }
        if (kind[0] == 'R' || kind[0] == 'I') {
            if (ratio_case(kind[0]) != 0) return 1;
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

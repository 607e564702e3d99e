/* Statistics on vectors whose results were worked out by hand. */
#include <math.h>
#include "core/wb_mannwhitney.h"
#include "core/wb_shuffle.h"
#include "core/wb_stats.h"
#include "wb_trust.h"
#include "wbtest.h"

static void test_even_vector(void)
{
    /* mean 5; deviations^2 sum to 32; sample variance 32/7; median (4+5)/2. */
    const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    double scratch[8];
    wb_summary s;
    ok(wb_summarize(x, 8, scratch, &s) == 0, "summarize failed");
    ok(s.n == 8, "n: expected 8, got %lu", (unsigned long)s.n);
    ok_near(s.min, 2, 0);
    ok_near(s.max, 9, 0);
    ok_near(s.mean, 5, 1e-15);
    ok_near(s.median, 4.5, 1e-15);
    ok_near(s.stddev, sqrt(32.0 / 7.0), 1e-12);   /* 2.138089935299395 */
    ok_near(s.cv, sqrt(32.0 / 7.0) / 5.0, 1e-12);
}

static void test_odd_unsorted(void)
{
    /* sorted 1 3 8 10 13: median 8, mean 7, squares 36+16+1+9+36 = 98, variance 24.5 */
    const double x[] = { 10, 1, 13, 3, 8 };
    double scratch[5];
    wb_summary s;
    wb_summarize(x, 5, scratch, &s);
    ok_near(s.median, 8, 0);
    ok_near(s.mean, 7, 1e-15);
    ok_near(s.stddev, sqrt(24.5), 1e-12);
    ok(x[0] == 10 && x[1] == 1, "input must not be reordered");
}

static void test_single_and_empty(void)
{
    const double x[] = { 3.5 };
    double scratch[1];
    wb_summary s;
    ok(wb_summarize(x, 1, scratch, &s) == 0, "n=1 summarizes");
    ok_near(s.median, 3.5, 0);
    ok(s.stddev != s.stddev, "stddev of one value is undefined (NaN), got %g", s.stddev);
    ok(s.cv != s.cv, "cv of one value is undefined (NaN), got %g", s.cv);
    ok(wb_summarize(x, 0, scratch, &s) == -1, "n=0 is refused");
}

static void test_large_close_values(void)
{
    /* Rates around 1e9 differing by 1: a one-pass formula loses this to cancellation.
     * Values 1e9+1, 1e9+2, 1e9+3: stddev exactly 1. */
    const double x[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3 };
    double scratch[3];
    wb_summary s;
    wb_summarize(x, 3, scratch, &s);
    ok_near(s.stddev, 1.0, 1e-9);
    ok_near(s.mean, 1e9 + 2, 1e-15);
}

static void test_outliers(void)
{
    /* sorted 9 9 10 10 11 11 50: median 10; deviations 0 0 1 1 1 1 40: MAD 1; the 50 scores
     * 40 / 1.4826 = 26.98, a 9 scores -1 / 1.4826 */
    const double x[] = { 10, 9, 11, 50, 9, 11, 10 };
    double scratch[7], z[7];
    wb_modified_zscores(x, 7, scratch, z);
    ok_near(z[3], 40.0 / 1.4826, 1e-12);
    ok(z[3] > WB_TRUST_OUTLIER_Z, "50 is an outlier (z %.2f)", z[3]);
    ok_near(z[1], -1.0 / 1.4826, 1e-12);
    ok(z[0] == 0, "the median scores 0");
    {
        const double same[] = { 5, 5, 5 };
        wb_modified_zscores(same, 3, scratch, z);
        ok(z[0] == 0 && z[2] == 0, "no spread: no outliers");
    }
}

/* Mann-Whitney U against values computed independently (a Python enumeration of every split
 * for the exact cases; the normal approximation's formula re-done in Python for the others). */
static void test_mann_whitney(void)
{
    const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
    const double a2[] = { 1.1, 2.2, 3.3, 4.4, 7.7, 9.9 }, b2[] = { 5.5, 6.6, 8.8, 10.1, 11.2, 12.3, 13.4 };
    const double t1[] = { 10, 12, 12, 13, 15, 15, 15 }, t2[] = { 12, 14, 15, 16, 16, 18 };
    double l1[30], l2[30];
    wb_mwu r;
    int i;
    /* exact, no ties: every one of a below every one of b: 2 / C(10, 5) */
    ok(wb_mann_whitney(a, 5, b, 5, &r) == 0 && r.exact, "exact distribution used");
    ok_near(r.u, 0, 0);
    ok_near(r.p, 2.0 / 252.0, 1e-12);
    wb_mann_whitney(b, 5, a, 5, &r);
    ok_near(r.u, 25, 0);
    ok_near(r.p, 2.0 / 252.0, 1e-12);   /* two-sided: the same either way round */
    wb_mann_whitney(a2, 6, b2, 7, &r);
    ok_near(r.u, 5, 0);
    ok_near(r.p, 0.022144522144522144, 1e-12);
    /* ties: the normal approximation with tie and continuity corrections */
    wb_mann_whitney(t1, 7, t2, 6, &r);
    ok(!r.exact, "ties: normal approximation");
    ok_near(r.u, 9.5, 0);
    ok_near(r.p, 0.10852830228572992, 1e-9);
    /* 30 each, no ties: exact (SciPy's mannwhitneyu(method="exact"): 3.835434409846774e-08;
     * the normal approximation 0.5 took here said 3.52e-07) */
    for (i = 0; i < 30; i++) l1[i] = i + 1.0, l2[i] = i + 16.5;
    wb_mann_whitney(l1, 30, l2, 30, &r);
    ok(r.exact, "30 a side: exact");
    ok_near(r.u, 105, 0);
    ok_near(r.p, 3.835434409846774e-08, 1e-9);
    /* 60 a side: the normal approximation */
    {
        double m1[60], m2[60];
        for (i = 0; i < 60; i++) m1[i] = i + 1.0, m2[i] = i + 30.5;
        wb_mann_whitney(m1, 60, m2, 60, &r);
        ok(!r.exact, "60 a side: normal approximation");
    }
    /* too few to tell */
    wb_mann_whitney(a, 2, b, 5, &r);
    ok(r.p != r.p, "2 repetitions: no p-value (got %g)", r.p);
    /* identical groups: no evidence of a difference */
    wb_mann_whitney(a, 5, a, 5, &r);
    ok(r.p > 0.99, "the same values: p %g", r.p);
}

/* The interleaving's order: a permutation, the same for the same seed, another for another, and
 * every position taken by every item over many draws (a shuffle that never moved the last item,
 * or always kept the first, would fail). splitmix64's first output for seed 0 is its published
 * test value. */
static void test_shuffle(void)
{
    uint64_t s = 0, a = 42, b = 42, c = 43;
    unsigned x[7], y[7], z[7], seen[7][7] = { { 0 } }, i, k, round, differ = 0;
    uint64_t first = wb_rng_next(&s);
    ok(first == 0xE220A8397B1DCDAFull, "splitmix64(0) = %016llx", (unsigned long long)first);
    for (i = 0; i < 7; i++) x[i] = y[i] = z[i] = i;
    wb_shuffle(x, 7, &a);
    wb_shuffle(y, 7, &b);
    wb_shuffle(z, 7, &c);
    for (i = 0; i < 7; i++) {
        unsigned found = 0;
        for (k = 0; k < 7; k++) found += x[k] == i;
        ok(found == 1, "item %u once in the order", i);
        ok(x[i] == y[i], "the same seed, the same order");
        differ |= x[i] != z[i];
    }
    ok(differ, "another seed, another order");
    for (round = 0; round < 2000; round++) {
        for (i = 0; i < 7; i++) x[i] = i;
        wb_shuffle(x, 7, &s);
        for (i = 0; i < 7; i++) seen[x[i]][i]++;
    }
    for (i = 0; i < 7; i++)
        for (k = 0; k < 7; k++) ok(seen[i][k] > 200, "item %u at position %u %u times of 2000", i, k, seen[i][k]);
}

static const wbt_case cases[] = {
    { "shuffle", test_shuffle, 0 },
    { "mann_whitney", test_mann_whitney, 0 },
    { "outliers", test_outliers, 0 },
    { "even_vector", test_even_vector, 0 },
    { "odd_unsorted", test_odd_unsorted, 0 },
    { "single_and_empty", test_single_and_empty, 0 },
    { "large_close_values", test_large_close_values, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

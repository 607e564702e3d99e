/* Statistics on vectors whose results were worked out by hand. */
#include <math.h>
#include "wb_stats.h"
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
    ok(z[3] > WB_OUTLIER_THRESHOLD, "50 is an outlier (z %.2f)", z[3]);
    ok_near(z[1], -1.0 / 1.4826, 1e-12);
    ok(z[0] == 0, "the median scores 0");
    {
        const double same[] = { 5, 5, 5 };
        wb_modified_zscores(same, 3, scratch, z);
        ok(z[0] == 0 && z[2] == 0, "no spread: no outliers");
    }
}

static const wbt_case cases[] = {
    { "outliers", test_outliers },
    { "even_vector", test_even_vector },
    { "odd_unsorted", test_odd_unsorted },
    { "single_and_empty", test_single_and_empty },
    { "large_close_values", test_large_close_values },
    { NULL, NULL }
};
WBT_MAIN(cases)

/* The histogram: exact small values, bounded relative error, percentiles by hand. */
#include <stdlib.h>
#include "wb_hist.h"
#include "wbtest.h"

static void test_buckets(void)
{
    uint64_t v, lo, hi;
    unsigned i, prev = 0;
    int contiguous = 1, bounded = 1, monotonic = 1;
    for (i = 0; i < 256; i++) ok(wb_hist_index(i) == i, "small values are exact: %u -> %u", i, wb_hist_index(i));
    ok(wb_hist_index(255) == 255 && wb_hist_index(256) == 256, "256 opens the first log bucket");
    ok(wb_hist_index(UINT64_MAX) == WB_HIST_BUCKETS - 1, "the largest value fits: %u", wb_hist_index(UINT64_MAX));
    for (i = 0; i + 1 < WB_HIST_BUCKETS; i++) {
        uint64_t lo2, hi2;
        wb_hist_bucket_range(i, &lo, &hi);
        wb_hist_bucket_range(i + 1, &lo2, &hi2);
        if (hi + 1 != lo2) contiguous = 0;
        if (wb_hist_index(lo) != i || wb_hist_index(hi) != i) bounded = 0;
        /* half a bucket's width over its lowest value: the reporting error */
        if (lo >= 256 && (double)(hi - lo) / 2.0 / (double)lo > 0.004) bounded = 0;
    }
    ok(contiguous, "buckets tile the range without gaps");
    ok(bounded, "every bucket maps back to itself and is within 0.4%% of its values");
    for (v = 1; v < ((uint64_t)1 << 40); v = v * 3 + 1) {
        unsigned idx = wb_hist_index(v);
        if (idx < prev) monotonic = 0;
        prev = idx;
    }
    ok(monotonic, "index grows with the value");
}

static void test_percentiles(void)
{
    wb_hist *h = (wb_hist *)calloc(1, sizeof *h);
    uint64_t v;
    if (!h) return;
    wb_hist_reset(h);
    ok(wb_hist_percentile(h, 50) == 0 && wb_hist_mean(h) == 0, "empty histogram reads 0");
    for (v = 1; v <= 100; v++) wb_hist_record(h, v);   /* exact range: percentiles are the values */
    ok(h->count == 100 && h->min == 1 && h->max == 100, "count/min/max");
    ok(wb_hist_percentile(h, 50) == 50, "p50 of 1..100 is 50, got %llu", (unsigned long long)wb_hist_percentile(h, 50));
    ok(wb_hist_percentile(h, 99) == 99, "p99 is 99, got %llu", (unsigned long long)wb_hist_percentile(h, 99));
    ok(wb_hist_percentile(h, 99.9) == 100, "p99.9 rounds up to 100");
    ok(wb_hist_percentile(h, 100) == 100 && wb_hist_percentile(h, 0) == 1, "p100 = max, p0 = min");
    ok_near(wb_hist_mean(h), 50.5, 1e-12);

    wb_hist_reset(h);
    for (v = 0; v < 1000; v++) wb_hist_record(h, 1000000);   /* 1 ms in ns */
    wb_hist_record(h, 50000000);                              /* one 50 ms outlier */
    ok_near((double)wb_hist_percentile(h, 50), 1000000.0, 0.004);
    ok_near((double)wb_hist_percentile(h, 99.9), 1000000.0, 0.004);
    ok(wb_hist_percentile(h, 100) == 50000000, "max is exact");
    ok_near(wb_hist_mean(h), (1000.0 * 1e6 + 5e7) / 1001.0, 1e-12);
    free(h);
}

static const wbt_case cases[] = {
    { "buckets", test_buckets, 0 },
    { "percentiles", test_percentiles, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

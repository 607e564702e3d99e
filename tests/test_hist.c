/* The histogram: exact small values, bounded relative error, percentiles by hand. */
#include <stdlib.h>
#include <string.h>
#include "core/wb_hdr.h"
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

    wb_hist_reset(h);   /* 99.9% of 2000 is exactly the 1998th (not the 1999th by a rounding error) */
    for (v = 1; v <= 2000; v++) wb_hist_record(h, v < 1998 ? 1 : v - 1800);
    ok(wb_hist_percentile(h, 99.9) == 198, "p99.9 of 2000 is the 1998th value, 198: got %llu",
       (unsigned long long)wb_hist_percentile(h, 99.9));
    free(h);
}


/* A small LCG: the same samples on every machine. */
static uint64_t next(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 33;
}

/* Encoded and decoded: every bucket's count back, so every percentile; min and max come back
 * as their buckets' ends (the encoding keeps counts alone, as HdrHistogram's does). */
static void test_hdr_round_trip(void)
{
    wb_hist *h = (wb_hist *)calloc(1, sizeof *h), *back = (wb_hist *)calloc(1, sizeof *back);
    static const double ps[] = { 10, 50, 90, 99, 99.9 };
    uint64_t x = 7;
    size_t need, i;
    char *text, err[128] = "";
    unsigned b;
    int same = 1;
    for (i = 0; i < 20000; i++) wb_hist_record(h, 20000 + next(&x) % 3000000);      /* 20 us .. 3 ms */
    for (i = 0; i < 50; i++) wb_hist_record(h, 40000000000ull + next(&x));          /* 40 s stalls */
    wb_hist_record(h, 3);
    need = wb_hdr_encode(h, NULL, 0);
    text = (char *)malloc(need + 1);
    ok(wb_hdr_encode(h, text, need + 1) == need && strlen(text) == need && need % 4 == 0, "base64 of %lu characters",
       (unsigned long)need);
    ok(strncmp(text, "HISTF", 5) == 0, "starts as HdrHistogram's compressed V2 cookie does in base64: %.8s", text);
    ok(wb_hdr_decode(text, back, err, sizeof err) == 0, "decoded: %s", err);
    for (b = 0; b < WB_HIST_BUCKETS; b++) same &= h->buckets[b] == back->buckets[b];
    ok(same && back->count == h->count, "every bucket's count back (%llu samples)", (unsigned long long)back->count);
    for (i = 0; i < sizeof ps / sizeof ps[0]; i++)
        ok(wb_hist_percentile(back, ps[i]) == wb_hist_percentile(h, ps[i]), "p%g: %llu, encoded %llu", ps[i],
           (unsigned long long)wb_hist_percentile(back, ps[i]), (unsigned long long)wb_hist_percentile(h, ps[i]));
    ok(back->min == 3 && back->max >= h->max && back->max - h->max < h->max / 100, "min %llu, max %llu of %llu",
       (unsigned long long)back->min, (unsigned long long)back->max, (unsigned long long)h->max);
    /* what is not an encoding is refused, never read as counts */
    ok(wb_hdr_decode("HISTFAAAA", back, err, sizeof err) != 0, "not base64: %s", err);
    text[need / 2] = text[need / 2] == 'A' ? 'B' : 'A';
    ok(wb_hdr_decode(text, back, err, sizeof err) != 0, "one character changed: %s", err);
    ok(wb_hdr_decode("AAAAAAAAAAAA", back, err, sizeof err) != 0, "another cookie: %s", err);
    wb_hist_reset(h);
    ok(wb_hdr_encode(h, text, need + 1) == 0 && text[0] == '\0', "an empty histogram: an empty cell");
    free(text), free(h), free(back);
}

/* Two repetitions with known, different distributions: the p99 of both together is the merged
 * histogram's, not the median (or mean) of their p99s. A: 1000 samples at 100 us; B: 1000 at
 * 200 us of which 100 at 5 ms. Together: 2000 samples, the top 1% (20) all 5 ms: p99 = 5 ms.
 * A's p99 is 100 us and B's 5 ms: their median (the mean of two) is 2.55 ms. */
static void test_merge(void)
{
    wb_hist *a = (wb_hist *)calloc(1, sizeof *a), *b = (wb_hist *)calloc(1, sizeof *b);
    wb_hist *both = (wb_hist *)calloc(1, sizeof *both), *merged = (wb_hist *)calloc(1, sizeof *merged);
    unsigned i;
    for (i = 0; i < 1000; i++) {
        wb_hist_record(a, 100000);
        wb_hist_record(b, i < 100 ? 5000000 : 200000);
        wb_hist_record(both, 100000);
        wb_hist_record(both, i < 100 ? 5000000 : 200000);
    }
    wb_hist_merge(merged, a);
    wb_hist_merge(merged, b);
    ok(merged->count == 2000 && merged->min == 100000 && merged->max == 5000000, "count, min, max of the two");
    ok(wb_hist_percentile(merged, 99) == wb_hist_percentile(both, 99), "merged p99 %llu = the union's %llu",
       (unsigned long long)wb_hist_percentile(merged, 99), (unsigned long long)wb_hist_percentile(both, 99));
    ok_near((double)wb_hist_percentile(merged, 99), 5000000.0, 0.004);
    ok_near((double)wb_hist_percentile(merged, 90), 200000.0, 0.004);   /* 1900th of 2000: B's 200 us */
    ok(wb_hist_percentile(a, 99) == 100000, "A's own p99: 100 us");
    ok_near((double)wb_hist_percentile(b, 99), 5000000.0, 0.004);   /* B's own: 5 ms, within its bucket */
    free(a), free(b), free(both), free(merged);
}

static const wbt_case cases[] = {
    { "buckets", test_buckets, 0 },
    { "percentiles", test_percentiles, 0 },
    { "hdr_round_trip", test_hdr_round_trip, 0 },
    { "merge", test_merge, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

/* Log-linear histogram: see include/wb_hist.h. */
#include "wb_hist.h"

#include <string.h>

/* Portable floor(log2(v)) for v > 0: no compiler builtins, six steps. */
static unsigned floor_log2(uint64_t v)
{
    unsigned r = 0;
    if (v >> 32) { v >>= 32; r += 32; }
    if (v >> 16) { v >>= 16; r += 16; }
    if (v >> 8)  { v >>= 8;  r += 8; }
    if (v >> 4)  { v >>= 4;  r += 4; }
    if (v >> 2)  { v >>= 2;  r += 2; }
    if (v >> 1)  { r += 1; }
    return r;
}

unsigned wb_hist_index(uint64_t v)
{
    unsigned e, shift;
    if (v < 256) return (unsigned)v;
    e = floor_log2(v);            /* 8..63 */
    shift = e - 7;                /* keeps 8 significant bits: v >> shift in [128, 255] */
    return 256 + (e - 8) * 128 + (unsigned)((v >> shift) - 128);
}

void wb_hist_bucket_range(unsigned index, uint64_t *lo, uint64_t *hi)
{
    unsigned e, shift;
    uint64_t sub;
    if (index < 256) {
        *lo = *hi = index;
        return;
    }
    e = (index - 256) / 128 + 8;
    sub = (index - 256) % 128 + 128;
    shift = e - 7;
    *lo = sub << shift;
    *hi = *lo + ((uint64_t)1 << shift) - 1;
}

void wb_hist_reset(wb_hist *h)
{
    memset(h, 0, sizeof *h);
}

void wb_hist_record(wb_hist *h, uint64_t v)
{
    if (h->count == 0 || v < h->min) h->min = v;
    if (v > h->max) h->max = v;
    h->count++;
    h->sum += (double)v;
    h->buckets[wb_hist_index(v)]++;
}

void wb_hist_merge(wb_hist *into, const wb_hist *from)
{
    unsigned i;
    if (from->count == 0) return;
    if (into->count == 0 || from->min < into->min) into->min = from->min;
    if (from->max > into->max) into->max = from->max;
    into->count += from->count;
    into->sum += from->sum;
    for (i = 0; i < WB_HIST_BUCKETS; i++) into->buckets[i] += from->buckets[i];
}

double wb_hist_mean(const wb_hist *h)
{
    return h->count ? h->sum / (double)h->count : 0.0;
}

uint64_t wb_hist_at_rank(const wb_hist *h, uint64_t rank)
{
    uint64_t seen = 0, lo, hi, mid;
    unsigned i;
    if (h->count == 0) return 0;
    if (rank < 1) rank = 1;
    if (rank > h->count) rank = h->count;
    for (i = 0; i < WB_HIST_BUCKETS; i++) {
        seen += h->buckets[i];
        if (seen >= rank) break;
    }
    wb_hist_bucket_range(i, &lo, &hi);
    mid = lo + (hi - lo) / 2;
    if (mid < h->min) mid = h->min;
    if (mid > h->max) mid = h->max;
    return mid;
}

uint64_t wb_hist_percentile(const wb_hist *h, double p)
{
    uint64_t rank;
    if (h->count == 0) return 0;
    if (p <= 0) return h->min;
    if (p >= 100) return h->max;
    {   /* ceil(p% of count), without the floating-point error that made 99.9% of 2000 (1998)
         * 1998.0000000000002, so 1999: one sample further into a sparse tail */
        double exact = p * (double)h->count / 100.0;
        rank = (uint64_t)exact;
        if ((double)rank < exact - 1e-9 * exact) rank++;
    }
    return wb_hist_at_rank(h, rank);
}

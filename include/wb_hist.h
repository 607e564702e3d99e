/* A fixed-memory log-linear histogram (HdrHistogram's idea, simplified): exact below 256,
 * then 128 linear sub-buckets per power of two, so a reported value is within 0.4% of the
 * recorded one and an hour of samples takes no more memory than a second. Pure C. */
#ifndef WB_HIST_H
#define WB_HIST_H

#include <stdint.h>

#define WB_HIST_BUCKETS (256 + 56 * 128)

typedef struct wb_hist {
    uint64_t count;
    uint64_t min, max;
    double sum;
    uint64_t buckets[WB_HIST_BUCKETS];
} wb_hist;

void     wb_hist_reset(wb_hist *h);
void     wb_hist_record(wb_hist *h, uint64_t value);
/* The value at percentile p (0 < p <= 100): the smallest bucket holding at least p% of the
 * samples, reported at the bucket's middle and clamped to [min, max]. 0 when empty. */
uint64_t wb_hist_percentile(const wb_hist *h, double p);
/* The rank-th smallest sample (1-based, clamped to [1, count]), as wb_hist_percentile reports
 * one: its bucket's middle, clamped to [min, max]. 0 when empty. An order statistic, for the
 * bounds of a percentile's interval (wb_quantile_ranks). */
uint64_t wb_hist_at_rank(const wb_hist *h, uint64_t rank);
double   wb_hist_mean(const wb_hist *h);
/* from's samples added to into's: the histogram of both together (repetitions pooled). */
void     wb_hist_merge(wb_hist *into, const wb_hist *from);

/* The bucket index of a value and the value range a bucket covers (the HDR codec maps them). */
unsigned wb_hist_index(uint64_t value);
void     wb_hist_bucket_range(unsigned index, uint64_t *lo, uint64_t *hi);

#endif

/* The split of a timed loop's wall time into its typical pace and the time lost to the machine
 * (include/wb_pace.h). */
#include "wb_pace.h"

#include <math.h>
#include <stdlib.h>

#include "wb_sort.h"

int wb_pace_open(wb_pace *p, size_t chunks)
{
    p->n = 0;
    p->t0 = 0;
    p->cap = chunks ? chunks : 1;
    p->stamp = (uint64_t *)malloc(p->cap * sizeof *p->stamp);
    p->scratch = (uint64_t *)malloc(p->cap * sizeof *p->scratch);
    if (p->stamp == NULL || p->scratch == NULL) {
        wb_pace_close(p);
        return -1;
    }
    return 0;
}

void wb_pace_close(wb_pace *p)
{
    free(p->stamp);
    free(p->scratch);
    p->stamp = p->scratch = NULL;
    p->cap = p->n = 0;
}

/* A chunk's time: from the stamp before it (t0 for the first) to its own. */
static uint64_t chunk_ticks(const wb_pace *p, size_t i)
{
    return p->stamp[i] - (i ? p->stamp[i - 1] : p->t0);
}

/* The k-th smallest of the n sorted values at quantile q (the lower one: a measured time). */
static double quantile_of(const uint64_t *sorted, size_t n, double q)
{
    size_t i = (size_t)(q * (double)(n - 1));
    return (double)sorted[i < n ? i : n - 1];
}

/* The typical chunk is the lower quartile, not the median: on a machine that slows most chunks
 * (a VM whose host takes the CPU every few milliseconds) the median is itself slowed, where a
 * quarter of the chunks run clean up to three in four slowed. The noise is read below it, where
 * no slowed chunk falls: p25 - p5 is 0.971 standard deviations of a normal noise. A chunk above
 * the typical one by six such deviations, but at least 2% of it (so that a quiet loop does not
 * call the tail of its own spread "the machine") and at most 10%, was slowed from outside. The
 * cap keeps a wide spread from hiding the machine: a VM's chunks can run at two speeds, 20-40%
 * apart (its virtual CPU on two hosts' cores), which read as a wide noise and hid every 4 ms
 * stall in 2 ms chunks; and beside busy threads a chunk preempted for part of its time is
 * slower by less than a whole slice. Either is the machine's: the loop's code ran at the
 * typical chunk's pace, as the call timed beside the loop (its preempted rounds left out). */
/* Chunk i's operations: the first's own count, then chunk_ops each, the last what was left. */
static double ops_of(size_t i, uint64_t first_ops, uint64_t chunk_ops, uint64_t ops)
{
    const double before = i == 0 ? 0 : (double)first_ops + (double)(i - 1) * (double)chunk_ops;
    const double size = i == 0 ? (double)first_ops : (double)chunk_ops;
    const double left = (double)ops - before;
    return left < size ? (left > 0 ? left : 0) : size;
}

void wb_pace_split(wb_pace *p, uint64_t t1, uint64_t first_ops, uint64_t chunk_ops, uint64_t ops, wb_pace_result *out)
{
    const double wall = t1 > p->t0 ? (double)(t1 - p->t0) : 0;
    size_t i, full = 0;
    double excess = 0, sigma, margin;
    out->pace_ticks = out->machine_ticks = out->typical_ticks = out->cut_ticks = NAN;
    out->chunks = p->n;
    out->slow = 0;
    if (chunk_ops == 0) return;
    /* the full chunks (of chunk_ops: not the first of another size, nor a short last one) give
     * the typical one */
    for (i = 0; i < p->n; i++)
        if (ops_of(i, first_ops, chunk_ops, ops) == (double)chunk_ops) p->scratch[full++] = chunk_ticks(p, i);
    if (full < WB_PACE_MIN_CHUNKS) return;
    wb_sort_u64(p->scratch, full);
    out->typical_ticks = quantile_of(p->scratch, full, 0.25);
    sigma = (out->typical_ticks - quantile_of(p->scratch, full, 0.05)) / 0.971;
    margin = 6 * sigma;
    if (margin < 0.02 * out->typical_ticks) margin = 0.02 * out->typical_ticks;
    if (margin > 0.1 * out->typical_ticks) margin = 0.1 * out->typical_ticks;
    out->cut_ticks = out->typical_ticks + margin;
    for (i = 0; i < p->n; i++) {
        /* a chunk of another size is held to its share of the typical one */
        const double k = ops_of(i, first_ops, chunk_ops, ops) / (double)chunk_ops, t = (double)chunk_ticks(p, i);
        if (k > 0 && t > out->cut_ticks * k) {
            excess += t - out->typical_ticks * k;
            out->slow++;
        }
    }
    if (excess > wall) excess = wall;
    out->machine_ticks = excess;
    out->pace_ticks = wall - excess;
}

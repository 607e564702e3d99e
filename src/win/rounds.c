/* Alternating chunks and the means of their combinations over the rounds no preemption
 * stretched (include/wb_rounds.h). */
#include "wb_sort.h"
#include "wb_rounds.h"

#include <math.h>
#include <stdlib.h>

#include "wb_clock.h"

/* As wb_floor_time's chunks (src/win/floors.c says why): about 250 us, at most 4096 operations. */
#define CHUNK_US 250
#define MAX_CHUNK_OPS 4096
/* The fewest rounds a part is the mean of where the budget allows: the chunk is made smaller so
 * that a small budget still gives this many. */
#define MIN_ROUNDS 8

/* k operations of size_by that last about CHUNK_US: from one operation, then from each chunk
 * that lasted under half of it (the first calls of a procedure are often far slower than the
 * rest), at most 12 tries. The operations it ran are added to *done. */
static uint64_t chunk_size(wb_floor_chunk size_by, const void *arg, uint64_t *done)
{
    const uint64_t want = wb_clock_freq() / 1000000 * CHUNK_US;
    uint64_t k = 1;
    int tries;
    for (tries = 0; tries < 12; tries++) {
        uint64_t t0 = wb_ticks(), t, next;
        size_by(arg, k);
        t = wb_ticks() - t0;
        *done += k;
        if (t >= want / 2 || k >= MAX_CHUNK_OPS) break;
        next = t ? want * k / t : k * 16;
        if (next <= k) break;
        k = next > MAX_CHUNK_OPS ? MAX_CHUNK_OPS : next;
    }
    return k;
}

/* Each side's k: its sizer's, or that of the first side with the same sizer (side 0's for none). */
static void size_sides(wb_rounds *r, const wb_round_sizer *size_by, uint64_t most)
{
    unsigned s, t;
    uint64_t sizing = 0;   /* not counted: a small budget still gets its rounds */
    for (s = 0; s < r->sides; s++) {
        const wb_round_sizer *z = size_by[s].chunk ? &size_by[s] : &size_by[0];
        for (t = 0; t < s; t++) {
            const wb_round_sizer *y = size_by[t].chunk ? &size_by[t] : &size_by[0];
            if (y->chunk == z->chunk && y->arg == z->arg) break;
        }
        r->k[s] = t < s ? r->k[t] : chunk_size(z->chunk, z->arg, &sizing);
        if (r->k[s] > most) r->k[s] = most;
    }
}

int wb_rounds_run(wb_rounds *r, const wb_round_sizer *size_by, wb_round_fn round, void *arg, unsigned sides,
                  wb_floor_budget b)
{
    uint64_t done = 0, start;
    r->n = 0;
    r->sides = sides > WB_ROUND_SIDES ? WB_ROUND_SIDES : sides;
    if (b.n == 0 || size_by[0].chunk == NULL) return -1;
    start = wb_ticks();
    size_sides(r, size_by, b.n / MIN_ROUNDS ? b.n / MIN_ROUNDS : 1);
    while (r->n < WB_ROUNDS_MAX && done < b.n && wb_ticks() - start < b.ticks * r->sides) {
        if (round(arg, r->k, r->ticks[r->n]) != 0) return r->n ? 0 : -1;
        r->n++;
        done += r->k[0];
    }
    return 0;
}

/* One operation untimed first: the side before this one in the round ran other code, and the
 * first call after it pays for that (cold branch predictors and caches), an amount per chunk
 * and not per operation. Without it, chunks of --work 2000's 70 calls read the twin's dispatch
 * 20% higher than --work 0's chunks of 400 did (under Wine: 370 against 305 ns), where the timed
 * loop, one call after another, pays nothing of the kind. */
uint64_t wb_chunk_ticks(wb_floor_chunk chunk, const void *arg, uint64_t k)
{
    uint64_t t0;
    if (chunk == NULL) return 0;
    chunk(arg, 1);
    t0 = wb_ticks();
    chunk(arg, k);
    return wb_ticks() - t0;
}

/* A round is kept when none of its sides was stretched: each side's ticks at most Q3 + 3 IQR of
 * that side's over all rounds (a preemption only ever lengthens a chunk). */
static unsigned keep_rounds(const wb_rounds *r, unsigned char *kept)
{
    uint64_t v[WB_ROUNDS_MAX], fence[WB_ROUND_SIDES];
    unsigned i, s, n = 0;
    for (s = 0; s < r->sides; s++) {
        for (i = 0; i < r->n; i++) v[i] = r->ticks[i][s];
        wb_sort_u64(v, r->n);
        fence[s] = v[(3 * (r->n - 1)) / 4] + 3 * (v[(3 * (r->n - 1)) / 4] - v[(r->n - 1) / 4]);
    }
    for (i = 0; i < r->n; i++) {
        kept[i] = 1;
        for (s = 0; s < r->sides; s++)
            if (r->ticks[i][s] > fence[s]) kept[i] = 0;
        n += kept[i];
    }
    return n;
}

double wb_rounds_part_ns(const wb_rounds *r, const int *coef, double *pm_ns)
{
    unsigned char kept[WB_ROUNDS_MAX];
    unsigned i, s, n;
    double per_tick, sum = 0, sumsq = 0, mean, var;
    *pm_ns = NAN;
    if (r->n == 0) return NAN;
    for (s = 0; s < r->sides; s++)
        if (coef[s] && r->k[s] == 0) return NAN;
    n = keep_rounds(r, kept);
    if (n == 0) return NAN;
    for (i = 0; i < r->n; i++) {
        double v = 0;
        if (!kept[i]) continue;
        for (s = 0; s < r->sides; s++)
            if (coef[s]) v += (double)coef[s] * (double)r->ticks[i][s] / (double)r->k[s];
        sum += v;
        sumsq += v * v;
    }
    per_tick = 1e9 / (double)wb_clock_freq();
    mean = sum / n;
    var = n > 1 ? (sumsq - sum * mean) / (n - 1) : NAN;
    /* the mean's 95% interval (1.96 standard errors; the rounds number 8 to 512) */
    *pm_ns = var == var ? 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)n) * per_tick : NAN;
    return mean * per_tick;
}

double wb_part_or_zero(double ns, double pm_ns)
{
    if (ns != ns || ns >= 0) return ns;
    return ns + pm_ns >= 0 ? 0.0 : NAN;
}

/* Parts that a preemption cannot fake. A part that is a subtraction (SendMessage less the window
 * procedure called directly, say) is only as good as the two sides' agreement about the machine
 * they ran on: timed in loops of their own, one after the other, a preemption or a CPU that
 * changes speed lands in one side and not the other, and the part moves by all of it (0.5 saw
 * a dispatch of -2211 ns beside a procedure of 3058). Here the sides run in alternating chunks,
 * A B A B ... (a round is one chunk of each side, each about 250 us), and a part is the mean over
 * rounds of a combination of one round's sides, per operation (A/kA - B/kB), with its 95% interval,
 * over the rounds no preemption stretched (each side within Q3 + 3 IQR of its own): a preemption
 * lands in one round, which is left out, and the parts, means over the same rounds, add up to
 * the whole. (Medians of A, B and A - B do not add up: on a VM whose two virtual CPUs ran at two
 * speeds the rounds were bimodal, and the medians fell in different modes, 8-15% apart.)
 *
 * Each side's chunk is timed by the thread that runs it (two QPC reads around it), nothing is
 * allocated or printed inside a round, and the rounds' arithmetic is done after them. */
#ifndef WB_ROUNDS_H
#define WB_ROUNDS_H

#include <stdint.h>

#include "wb_floors.h"

#define WB_ROUND_SIDES 6
#define WB_ROUNDS_MAX 512

typedef struct wb_rounds {
    uint64_t k[WB_ROUND_SIDES];                  /* operations per chunk, by side */
    unsigned n, sides;                           /* rounds done; sides in each */
    uint64_t ticks[WB_ROUNDS_MAX][WB_ROUND_SIDES];   /* QPC ticks of each round's chunks */
} wb_rounds;

/* One round: k[side] operations of each side, each side's chunk timed into ticks[side]; 0, or
 * -1 when a side could not run (the round and the rest are dropped). */
typedef int (*wb_round_fn)(void *arg, const uint64_t *k, uint64_t *ticks);

/* What sizes a side's chunks: k of its operations last about 250 us (as wb_floor_time's). A
 * side whose sizer is the same (chunk and argument) as an earlier side's takes that side's k,
 * so that the sides of one combination can share theirs; a NULL chunk takes side 0's. Sized
 * each by its own, a fast side is not run in the chunks of a slow one: what a chunk pays for the
 * side before it is spread over as many of its operations whatever runs beside (sized by the
 * slowest, --work 2000's twin chunks held 70 SendMessage calls against --work 0's 400, and read
 * the twin's dispatch 15-20% higher), and a slow side's chunk is not stretched to milliseconds
 * that a busy neighbour preempts (sized by the fastest, --work 2000's procedure read 1.6 to 2.3
 * times its work beside two busy threads). */
typedef struct wb_round_sizer {
    wb_floor_chunk chunk;
    const void *arg;
} wb_round_sizer;

/* Sizes each side's chunks (size_by[side], `sides` of them), then runs rounds until side 0 has
 * run b.n operations, or the rounds have taken b.ticks for each side, or WB_ROUNDS_MAX rounds;
 * at least 8 rounds where the budget's operations allow (the chunks are made smaller for it).
 * 0, or -1 when a round failed before any was done. */
int wb_rounds_run(wb_rounds *r, const wb_round_sizer *size_by, wb_round_fn round, void *arg, unsigned sides,
                  wb_floor_budget b);

/* QPC ticks of k operations of chunk (two reads around it), after one operation untimed (the
 * first after another side's code pays for that side); 0 for no chunk (a side a configuration
 * does not have). For a round's sides. */
uint64_t wb_chunk_ticks(wb_floor_chunk chunk, const void *arg, uint64_t k);

/* A part: over the kept rounds, the mean of sum(coef[s] x ticks[s] / k[s]), in ns per operation, and in
 * *pm_ns the half-width of its 95% interval (1.96 standard errors). NaN for no rounds. */
double wb_rounds_part_ns(const wb_rounds *r, const int *coef, double *pm_ns);

/* What a row writes for a part that is a difference: the value where its interval lies above
 * zero; 0 where the interval covers zero ("~0", its width beside it); NaN where the whole
 * interval is below zero (the side taken off costs more than the whole: that side is not a
 * part of this whole here, and the row's warning says so). A time is never written below 0. */
double wb_part_or_zero(double ns, double pm_ns);

#endif

/* Parts that a preemption cannot fake. A part that is a subtraction (SendMessage less the window
 * procedure called directly, say) is only as good as the two sides' agreement about the machine
 * they ran on: timed in loops of their own, one after the other, a preemption or a CPU that
 * changes speed lands in one side and not the other, and the part moves by all of it (0.5 saw
 * a dispatch of -2211 ns beside a procedure of 3058). Here the sides run in alternating chunks of
 * the same size, A B A B ... (a round is one chunk of each side, well under a millisecond), and a part
 * is the mean over rounds of a combination of one round's sides (A - B), with its 95% interval,
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

#define WB_ROUND_SIDES 4
#define WB_ROUNDS_MAX 512

typedef struct wb_rounds {
    uint64_t k;                                  /* operations per chunk, the same for every side */
    unsigned n, sides;                           /* rounds done; sides in each */
    uint64_t ticks[WB_ROUNDS_MAX][WB_ROUND_SIDES];   /* QPC ticks of each round's chunks */
} wb_rounds;

/* One round: k operations of each side, each side's chunk timed into ticks[side]; 0, or -1
 * when a side could not run (the round and the rest are dropped). */
typedef int (*wb_round_fn)(void *arg, uint64_t k, uint64_t *ticks);

/* Sizes the chunks by side 0 (size_by, k of its operations: about 250 us a chunk, as
 * wb_floor_time's), then runs rounds until side 0 has run b.n operations, or the rounds have
 * taken b.ticks for each side, or WB_ROUNDS_MAX rounds; at least 8 rounds where the budget's
 * operations allow (the chunk is made smaller for it). 0, or -1 when a round failed before any
 * was done. */
int wb_rounds_run(wb_rounds *r, wb_floor_chunk size_by, const void *size_arg, wb_round_fn round, void *arg,
                  unsigned sides, wb_floor_budget b);

/* QPC ticks of k operations of chunk (two reads around it); 0 for no chunk (a side a
 * configuration does not have). For a round's sides. */
uint64_t wb_chunk_ticks(wb_floor_chunk chunk, const void *arg, uint64_t k);

/* A part: over the kept rounds, the mean of sum(coef[s] x ticks[s]), in ns per operation, and in
 * *pm_ns the half-width of its 95% interval (1.96 standard errors). NaN for no rounds. */
double wb_rounds_part_ns(const wb_rounds *r, const int *coef, double *pm_ns);

/* What a row writes for a part that is a difference: the value where its interval lies above
 * zero; 0 where the interval covers zero ("~0", its width beside it); NaN where the whole
 * interval is below zero (the side taken off costs more than the whole: that side is not a
 * part of this whole here, and the row's warning says so). A time is never written below 0. */
double wb_part_or_zero(double ns, double pm_ns);

#endif

/* A timed loop's own time, split in two (src/core/pace.c): the loop reads the QPC after every
 * chunk of equal work (wb_pace_mark: one read and one store a chunk, nothing else), and after
 * it wb_pace_split divides its wall time, to the tick, into
 *   the typical pace: every chunk at the typical chunk's time (the lower quartile), or within
 *                its noise; and
 *   the machine: what slower chunks took over the typical one (a preemption, an interrupt
 *                storm, a neighbour on the CPU), the time the loop's own code did not run.
 * The two add up to the wall time. The split assumes every full chunk does the same work, so
 * that a chunk slower than its noise was slowed from outside; a slowdown that stretches every
 * chunk alike (a busy SMT sibling, a lower clock) stays in the pace, where only the stall probe
 * and the machines' facts can tell it. Pure C, for every layer. */
#ifndef WB_PACE_H
#define WB_PACE_H

#include <stddef.h>
#include <stdint.h>

typedef struct wb_pace {
    uint64_t *stamp;              /* the QPC after each chunk */
    uint64_t *scratch;            /* for the typical chunk, after the loop */
    size_t cap, n;
    uint64_t t0;
} wb_pace;

typedef struct wb_pace_result {
    double pace_ticks, machine_ticks;   /* add up to the wall time; NaN both with too few chunks */
    double typical_ticks;                /* the typical full chunk's time: their lower quartile */
    double cut_ticks;                   /* a full chunk above this ran slower than its noise */
    size_t chunks, slow;                /* chunks, and how many of them were slowed */
} wb_pace_result;

/* Fewer full chunks than this tell no typical chunk from its noise: no split. */
#define WB_PACE_MIN_CHUNKS 8

/* Room for chunks stamps (allocated here, before any timed loop): 0, or -1 out of memory. */
int  wb_pace_open(wb_pace *p, size_t chunks);
void wb_pace_close(wb_pace *p);

static __inline void wb_pace_begin(wb_pace *p, uint64_t t0)
{
    p->t0 = t0;
    p->n = 0;
}

/* After each chunk, with the QPC just read. A chunk past the room is not stamped: the split
 * then holds it in the last stamped chunk's time, as wall time of the pace or the machine. */
static __inline void wb_pace_mark(wb_pace *p, uint64_t t)
{
    if (p->n < p->cap) p->stamp[p->n++] = t;
}

/* The loop's wall time t0 (wb_pace_begin) to t1 split; first_ops: the first chunk's operations
 * (a loop may size its chunks by timing a first, smaller one), chunk_ops: every other full
 * chunk's, ops: all of them (the last chunk may be short). */
void wb_pace_split(wb_pace *p, uint64_t t1, uint64_t first_ops, uint64_t chunk_ops, uint64_t ops, wb_pace_result *out);
/* The chunk size that takes about target_ticks, from a first chunk of first_ops that took
 * first_ticks, within [least, most]: integers only, to be called inside a timed loop (wb_clock.h:
 * no double there on x86). */
static __inline uint64_t wb_pace_size(uint64_t first_ops, uint64_t first_ticks, uint64_t target_ticks, uint64_t least,
                                      uint64_t most)
{
    uint64_t c = first_ticks ? first_ops * target_ticks / first_ticks : most;
    return c < least ? least : c > most ? most : c;
}

#endif

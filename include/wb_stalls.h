/* Time a running thread does not get: a thread spins reading QPC, and every step between two
 * reads longer than a threshold is a gap, the CPU taken from it (an interrupt or DPC storm,
 * another thread, the hypervisor descheduling the virtual CPU, an SMI, a power state). What
 * took a long gap is read from what Windows gives without a driver, around it: the CPU's DPC and
 * interrupt time (NtQuerySystemInformation, XP on) and the time the thread itself ran
 * (QueryThreadCycleTime, Vista on). The `stalls` benchmark spins one such thread per CPU; the
 * runner spins one after every repetition of every benchmark (--stalls). */
#ifndef WB_STALLS_H
#define WB_STALLS_H

#include <windows.h>
#include <stdint.h>
#include "wb_hist.h"

/* What took a gap, and its name in the CSV's columns (gaps_interrupts, ...). */
#define WB_STALL_KINDS(X)                                                                          \
    X(WB_STALL_INTERRUPTS, "interrupts") X(WB_STALL_PREEMPTED, "preempted")                         \
    X(WB_STALL_INVISIBLE, "invisible") X(WB_STALL_UNKNOWN, "unknown")
#define WB_STALL_KIND_ID(id, name) id,
enum { WB_STALL_KINDS(WB_STALL_KIND_ID) WB_STALL_KIND_COUNT };
#undef WB_STALL_KIND_ID
const char *wb_stall_kind_name(int kind);

/* What the counters said across one gap, each NaN where the OS gives no such counter: the
 * CPU's DPC and interrupt time (ns), the time the spinning thread was charged (ns), its
 * context switches. */
typedef struct wb_stall_counters {
    double dpc_int_ns, ran_ns, switches;
} wb_stall_counters;

/* The kind of a gap of gap_ns, from the counters' change across it: interrupts / DPCs when the
 * CPU's DPC and interrupt time rose by half of it or more; preempted when the thread was
 * switched out (a switch counted, or it was charged less than half of it); invisible when a
 * counter says it was neither (none moved: the hypervisor, an SMI, power management);
 * unknown when the OS gave no counter that could tell. */
int wb_stall_kind(double gap_ns, const wb_stall_counters *delta);

/* One gap: where it began (QPC) and how long it was (ticks). */
typedef struct wb_gap {
    uint64_t at, ticks;
    int kind;
} wb_gap;

/* One spinning thread's record. The caller sets the first block (gaps and hist are its: nothing
 * is allocated while spinning); wb_spin_for_gaps fills the rest. */
typedef struct wb_spin_log {
    uint64_t threshold;      /* ticks: a step longer is a gap */
    uint64_t long_gap;       /* ticks: a gap longer is classified (0: none is) */
    int cpu;                 /* the CPU the thread is pinned to, for its DPC time; -1: not pinned */
    wb_gap *gaps;            /* room for cap gaps, in order (more are counted, not kept) */
    size_t cap;
    wb_hist *hist;           /* every gap's length in ns, or NULL */
    /* results */
    size_t kept;
    uint64_t count, lost, longest, longest_at, turns, spun;   /* ticks, but count and turns */
    uint64_t kinds[WB_STALL_KIND_COUNT];
} wb_spin_log;

/* Spin on this thread from now until QPC reaches t_end (or *stop is set), recording every gap
 * into log. Between gaps, every 10 ms or so, the counters are read again (when long_gap is
 * set), and that read's own time is never counted as a gap. */
void wb_spin_for_gaps(wb_spin_log *log, uint64_t t_end, const volatile LONG *stop);

/* ns one turn of the spinning loop takes on this thread: the 10th percentile of 200 batches of
 * 20 us, which a preemption cannot raise (it lands in few of them). A threshold must be well
 * above it. */
double wb_spin_turn_ns(void);

/* Which counters this Windows gives the classification, in words ("DPC and interrupt time;
 * thread cycle time"), or "none"; under Wine they read zero. */
const char *wb_stall_counters_read(void);

#endif

/* The timing core: QueryPerformanceCounter, read as rarely as possible, and CPU times. */
#ifndef WB_CLOCK_H
#define WB_CLOCK_H

#include <windows.h>
#include <stdint.h>
#include "wb_x87.h"

typedef struct wb_clock_info {
    uint64_t freq;              /* QPC ticks per second, read once at start-up */
    uint64_t resolution_ticks;  /* smallest non-zero difference of two consecutive reads */
    double   call_ns;           /* cost of one QPC call: minimum over many batches */
} wb_clock_info;

/* Read the frequency (once per process) and measure resolution and call cost (~20 ms). */
void wb_clock_init(wb_clock_info *info);
uint64_t wb_clock_freq(void);

/* One QPC read. The hot paths call this twice per repetition, nothing more. */
static __inline uint64_t wb_ticks(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return (uint64_t)t.QuadPart;
}

/* Ticks to seconds. Floating point on purpose: ticks * 1e9 / freq overflows 64 bits after
 * ~30 min at 10 MHz, while a double keeps 15 significant digits (libuv's uv__hrtime reasoning). */
double wb_ticks_to_s(uint64_t ticks);

/* timeBeginPeriod(1) for the length of a run, so that Sleep(1) sleeps ~1 ms instead of a 15.6 ms
 * clock tick; winmm is loaded at run time. It raises the interrupt rate for the whole system
 * while in effect, so benchmarks that use it say so. Returns 1 when in effect; pass that to
 * wb_timer_1ms_end. */
int  wb_timer_1ms_begin(void);
void wb_timer_1ms_end(int in_effect);
/* How many such periods are in effect now (the runner asks, to judge Sleep(1)). */
int  wb_timer_1ms_active(void);
/* timeGetTime (winmm, loaded at run time); GetTickCount where winmm is missing. */
DWORD wb_time_get_time(void);

/* Peak working set of this process in KiB (0 when it cannot be read). src/memory.c */
uint64_t wb_peak_working_set_kb(void);

/* CPU time used so far, in 100 ns units (FILETIME), split as Windows accounts it. */
typedef struct wb_cpu_times {
    uint64_t user, kernel;
} wb_cpu_times;

int wb_cpu_thread(wb_cpu_times *out);    /* the calling thread */

/* Everything read at the start and at the end of one timed interval. */
typedef struct wb_interval {
    uint64_t t0, t1;
    wb_cpu_times proc0, proc1, thr0, thr1;
    DWORD tick0, tick1;     /* GetTickCount beside the QPC reads: catches QPC leaps (KB274323) */
    DWORD mm0, mm1;         /* timeGetTime too: a leap is QPC against both (Wine's GetTickCount alone lags) */
    wb_x87_saved x87;       /* the thread's x87 state, reset for the interval (wb_x87.h) */
} wb_interval;

/* CPU times are read outside the QPC pair so their cost is not in the interval. Begin first
 * puts the thread's x87 state back to a fresh program's (wb_x87.h: otherwise, under Wine, the
 * printing before the interval costs every SendMessage in it 3%); end puts its control word
 * back. Between the two, a timed loop should not use the x87: on x86 that means no double
 * arithmetic in it (integers only), on x64 no long double and no printf. */
void wb_interval_begin(wb_interval *iv);
void wb_interval_end(wb_interval *iv);

#endif

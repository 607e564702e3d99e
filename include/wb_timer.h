/* The timer and CPU accounting a run really had: the clock tick, the effective timer
 * resolution, what Sleep(1) takes, cycle counts, and what decides them (power plan, QPC
 * source). Everything newer than XP is resolved at run time; 0 / "" means unknown here. */
#ifndef WB_TIMER_H
#define WB_TIMER_H

#include <stddef.h>
#include <stdint.h>

/* The clock tick in ms: GetSystemTimeAdjustment's increment, or where that is 0 (Wine)
 * NtQueryTimerResolution's coarsest value. CPU times on XP / 2003 are sampled at this tick.
 * WINBENCH_TEST_TICK_MS overrides it (tests provoke the cpu_coarse warning with it). */
double wb_tick_ms(void);

/* NtQueryTimerResolution's current value in ms: what Sleep and timers get right now. */
double wb_timer_resolution_ms(void);
/* All three of its values in ms: the coarsest (the default tick), the finest it can be set to,
 * and the current. 0, or -1 (all 0) where ntdll lacks the call. */
int wb_timer_resolution_range(double *coarsest_ms, double *finest_ms, double *current_ms);
/* timeBeginPeriod(ms)'s own answer: 0 (TIMERR_NOERROR), 97 (TIMERR_NOCANDO), or -1 without winmm.
 * A 0 must be paired with wb_timer_end_period(ms). */
int wb_timer_begin_period(unsigned ms);
void wb_timer_end_period(unsigned ms);
/* 1 when a top-level window of this process can be seen: visible (WS_VISIBLE), not minimised,
 * and on a monitor (Windows 11 may ignore the timer resolution of a process whose windows are
 * all minimised, occluded or invisible; occlusion by other windows is not judged here), else 0. */
int wb_process_has_visible_window(void);

/* What Sleep(1) took in a thread of its own, beside whatever the process does meanwhile (four
 * calls every 100 ms): the resolution this process really had then (from Windows 10 2004 on, no
 * longer the system-wide figure). Started before, stopped after; stop gives the median in ms
 * (0: none timed). */
#define WB_SLEEP_PROBE_KEEP 1024
typedef struct wb_sleep_probe {
    void *thread;
    volatile long stop;
    unsigned n;                   /* Sleep(1) calls timed; the last WB_SLEEP_PROBE_KEEP are kept */
    double ms[WB_SLEEP_PROBE_KEEP];
} wb_sleep_probe;
int wb_sleep_probe_start(wb_sleep_probe *p);   /* 0, or -1 (no thread: nothing is timed) */
double wb_sleep_probe_stop(wb_sleep_probe *p);

/* The median of n timed Sleep(1) calls, in ms (n at most 64). */
double wb_sleep1_ms(unsigned n);


/* The CPU cycles the calling thread has used (QueryThreadCycleTime, Vista+); -1 where absent. */
int wb_thread_cycles(uint64_t *out);
/* Cycles per second of the counter QueryThreadCycleTime reads (the TSC), measured against QPC
 * on first use (~60 ms); 0 where cycle counts are unavailable, and where the TSC is not
 * invariant (CPUID 0x80000007 EDX[8]): QueryThreadCycleTime's documentation says not to turn
 * its cycles into time, and a TSC that follows the core's clock would not be a time. Callers
 * leave their cycle-derived times empty then, and keep the cycles as cycles. */
double wb_cycles_hz(void);

/* The active power plan's name ("Balanced", "Always On"); "" when it cannot be read. */
void wb_power_plan(char *buf, size_t cap);

/* The QPC source guessed from its frequency: "ACPI PM timer", "HPET", "TSC", ... */
const char *wb_qpc_source(uint64_t freq, unsigned cpu_mhz, unsigned os_major, int wine);

#endif

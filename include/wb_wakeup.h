/* The ways a Windows thread is woken, each on a schedule, and when each wake-up came: the OS's
 * floor under sockloop's loops and idle's pump, measured by `winbench wakeup` and by
 * calibrate's Sleep(1) check. The calling thread is the one woken. */
#ifndef WB_WAKEUP_H
#define WB_WAKEUP_H

#include <windows.h>
#include <stdint.h>
#include "wb_error.h"

/* X(id, name, woken by another thread at a rate (1) or by a timer every period (0)) */
#define WB_WAKE_SOURCES(X)                                                                        \
    X(WB_WAKE_SLEEP, "sleep", 0) X(WB_WAKE_WAIT, "wait", 0) X(WB_WAKE_MMTIMER, "mmtimer", 0)          \
    X(WB_WAKE_WAITABLE, "waitable", 0) X(WB_WAKE_HIRES, "hires", 0) X(WB_WAKE_QUEUE, "queue", 0)      \
    X(WB_WAKE_EVENT, "event", 1) X(WB_WAKE_MESSAGE, "message", 1) X(WB_WAKE_PORT, "port", 1)
#define WB_WAKE_ID(id, name, by_thread) id,
enum { WB_WAKE_SOURCES(WB_WAKE_ID) WB_WAKE_COUNT };
#undef WB_WAKE_ID

const char *wb_wake_name(int source);
/* 1: another thread wakes the waiter at a rate; 0: a timer (or the waiter's own wait) every period. */
int wb_wake_by_thread(int source);
/* What the source's wait is, in words, for the CSV ("Sleep(period)", "timeSetEvent(TIME_PERIODIC)"). */
const char *wb_wake_call(int source);
/* NULL when this Windows has the source, else why not (hires before Windows 10 1803). */
const char *wb_wake_unavailable(int source);

/* One measured stretch of wake-ups. The schedule is t0 + k * period_ticks (k = 1, 2, ...): a
 * wake-up's lateness is from its place there, never from the wake-up before, so a late one
 * makes the next ones late too (no coordinated omission). t0 is when the stretch starts; for a
 * periodic timer it is set by the timer's own phase instead: the least late of its first 64
 * firings is taken as on time (a timer fires on its clock's ticks, which QPC's start need not
 * meet: without this, a timer on time would read up to a tick early or late at random). A
 * wake-up before its time is counted (early) and is 0 late in the percentiles. */
typedef struct wb_wake_plan {
    int source;
    uint64_t period_ticks;        /* QPC ticks between intended wake-ups */
    DWORD period_ms;              /* the timers' period (and sleep's and wait's timeout) */
    uint64_t duration_ticks;      /* no wake-up is intended after t0 + this */
    uint64_t max_wakes;           /* stop after this many (0: the end decides) */
    uint64_t spin_ticks;          /* busy this long after each wake-up (a test hook: known work) */
    const volatile LONG *stop;    /* Ctrl+C: ends the stretch at the next wake-up */
    /* After each wake-up: k its place in the schedule (>= 1), intended and woke in QPC ticks. */
    void (*each)(void *arg, uint64_t k, uint64_t intended, uint64_t woke);
    void *arg;
} wb_wake_plan;

typedef struct wb_wake_result {
    uint64_t t0;                  /* QPC at the schedule's start (a timer's: by its phase) */
    uint64_t wakes;               /* times the waiter woke for one */
    uint64_t fired;               /* times the source fired (a timer's callbacks, a thread's sets) */
    uint64_t expected;            /* times the schedule called for, over the stretch */
} wb_wake_result;

/* Runs the stretch on the calling thread. 0, or -1 with err (a call that failed). */
int wb_wake_run(const wb_wake_plan *plan, wb_wake_result *out, wb_error *err);

#endif

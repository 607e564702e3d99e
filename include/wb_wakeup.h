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

/* One measured stretch of wake-ups. Each wake-up's lateness is its own, measured from the
 * moment it was due, so that no wake-up's lateness is carried into the next (a schedule of
 * t0 + k x period would add every Sleep's overshoot, and every tick a periodic timer rounds
 * to, to every later wake-up: lateness growing with the run's length):
 *   sleep, wait      the call's own time-out: from the moment of the call + period;
 *   a periodic timer due times t0 + j x period; a wake-up serves the earliest due time that no
 *                    earlier one served and is late from it; later due times already past are
 *                    coalesced into it (a 1 ms timer firing every 15.6 ms: ~14.6 ms late, 14 of
 *                    15 due times coalesced, however long the run). t0 is moved into the timer's
 *                    own phase (the least late of its first 64 wake-ups; back by less than a
 *                    period, forward by at most phase_max_ticks): its clock's ticks need not meet
 *                    QPC's start;
 *   a one-shot timer re-armed by the waiter (hires where Windows refuses a periodic one): from
 *                    the due time it was armed for;
 *   event, message, port  from the moment the other thread set or posted it (a QPC stamp taken
 *                    just before the call); the setter's own lateness against its schedule
 *                    t0 + k x (1 / rate) is handed over apart (each_set), never the waiter's.
 * A wake-up before its due time is counted (early) and is 0 late in the percentiles. */
typedef struct wb_wake_plan {
    int source;
    uint64_t period_ticks;        /* QPC ticks between due times (a timer's) or sets (a thread's) */
    DWORD period_ms;              /* the timers' period (and sleep's and wait's timeout) */
    uint64_t duration_ticks;      /* nothing is due after t0 + this */
    uint64_t max_wakes;           /* stop after this many (0: the end decides) */
    uint64_t phase_max_ticks;     /* a periodic timer's phase moves t0 by at most this */
    int one_shot;                 /* waitable, hires: a one-shot timer re-armed each period */
    /* Test hooks (include/wb_test_hooks.h), 0 when unset: */
    uint64_t spin_ticks;          /* busy this long after each wake-up (known work) */
    uint64_t late_ticks;          /* busy this long before each wake-up is stamped: woken late */
    uint64_t setter_delay_ticks;  /* the setting thread busy this long past each due time */
    int fail_start;               /* the source cannot be made: its first call fails, as a refusing Windows's */
    const volatile LONG *stop;    /* Ctrl+C: ends the stretch at the next wake-up */
    /* After each wake-up, on the woken thread: due the moment its lateness is from, woke when
     * it woke (QPC ticks), coalesced the due times it took with it. */
    void (*each)(void *arg, uint64_t due, uint64_t woke, uint64_t coalesced);
    /* After each set or post, on the setting thread: when it was due and when it was made. */
    void (*each_set)(void *arg, uint64_t due, uint64_t set);
    void *arg;
} wb_wake_plan;

typedef struct wb_wake_result {
    uint64_t t0;                  /* QPC at the schedule's start (a timer's: by its phase) */
    uint64_t wakes;               /* wake-ups that served a due time */
    uint64_t fired;               /* times the source fired (a timer's callbacks, a thread's sets) */
    uint64_t expected;            /* due times over the stretch (sleep, wait: the calls made) */
    uint64_t coalesced;           /* due times taken by a wake-up with an earlier one */
    uint64_t spare;               /* a timer's wake-ups with no due time left to serve (not in wakes) */
    int64_t phase_ticks;          /* how far a periodic timer's phase moved t0 (back: below 0) */
} wb_wake_result;

/* A periodic SetWaitableTimer on a high-resolution timer: 0 accepted, else the error Windows
 * gave (87 on Windows 10 1809 / Server 2019, which accept the timer and refuse the period). */
DWORD wb_wake_hires_periodic_refused(int hook_refuses);

/* Runs the stretch on the calling thread. 0, or -1 with err (a call that failed). */
int wb_wake_run(const wb_wake_plan *plan, wb_wake_result *out, wb_error *err);

#endif

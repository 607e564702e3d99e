/* idle's pieces beside bench/idle.c (the module: the MFC idle model, its windows, the metrics). */
#ifndef IDLE_H
#define IDLE_H

#include <windows.h>
#include <stdint.h>

#include "wb_floors.h"
#include "wb_rounds.h"

/* What one of the idle loop's calls into a window is made of, as shares of it (they add up to
 * 1): USER32's part (SendMessage's or DispatchMessage's own work: the API), the MFC model's
 * handling of a mapped window (AfxWndProc, the handle and message maps: your code; 0 for a
 * window MFC does not map) and the procedure under it (a BUTTON's class procedure,
 * DefWindowProc: the API). Timed beside the run on the thread that owns the window, in
 * alternating rounds (wb_rounds.h): the call (SendMessage(hwnd, msg), or with dispatched
 * DispatchMessage of such a message), the window's procedure called directly, and for a mapped
 * window the procedure under the model. -1 when it could not be timed. */
typedef struct idle_shares {
    double user32, mfc, lower;
} idle_shares;
int idle_shares_of(HWND hwnd, UINT msg, int dispatched, int unicode, wb_floor_budget b, wb_rounds *r,
                   idle_shares *out);

/* The idle periods' own parts, so that a preemption cannot move the split. Each period's busy
 * time (wall less the waits in GetMessage, from its first OnIdle call to the next period's) and
 * the QPC ticks of its sends, OnIdle calls, PreTranslateMessage calls and dispatching are kept, period by
 * period (the first IDLE_PERIODS_CAP of a repetition); after the run the split sums only the
 * periods whose busy time is at most IDLE_PERIOD_CUT times the median period's. On a busy
 * machine a period the thread spent partly preempted is milliseconds long where a period's
 * work is hundreds of microseconds: beside one busy thread per core the UI thread was busy by
 * QPC 4.5 times what it used of the CPU, while the median period's OnIdle time did not move. */
#define IDLE_PERIODS_CAP 65536
#define IDLE_PERIOD_CUT 3
enum { IDLE_BUSY, IDLE_SENDS, IDLE_ONIDLE, IDLE_PRE, IDLE_DISPATCH, IDLE_PART_COUNT };
typedef struct idle_periods {
    uint64_t (*each)[IDLE_PART_COUNT];   /* per period, ticks */
    size_t n;
    uint64_t last[IDLE_PART_COUNT + 1];  /* the counters at the last mark: t, blocked, sends, onidle, pre, dispatch */
    int marked;
} idle_periods;
int  idle_periods_open(idle_periods *p);   /* 0, or -1 out of memory */
void idle_periods_free(idle_periods *p);
void idle_periods_reset(idle_periods *p);
/* A period boundary at QPC t, with the loop's running totals: the period before it is kept. */
void idle_periods_mark(idle_periods *p, uint64_t t, uint64_t blocked, uint64_t sends, uint64_t onidle, uint64_t pre,
                       uint64_t dispatch);
/* After the run: the kept periods' ticks summed, per part (IDLE_BUSY ...), and how many. */
typedef struct idle_period_sums {
    double ticks[IDLE_PART_COUNT];
    size_t kept, left_out;
} idle_period_sums;
void idle_periods_sum(const idle_periods *p, idle_period_sums *out);

#endif

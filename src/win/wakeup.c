/* The ways a thread is woken (include/wb_wakeup.h), each on a schedule t0 + k * period:
 *   sleep, wait   the waiter's own Sleep(period) / WaitForSingleObject(an event never set, period)
 *   mmtimer       timeSetEvent(period, TIME_PERIODIC), its callback setting an event
 *   waitable      SetWaitableTimer, periodic, its completion routine (an APC) counting each firing
 *   hires         the same timer made with CREATE_WAITABLE_TIMER_HIGH_RESOLUTION (Windows 10 1803+)
 *   queue         CreateTimerQueueTimer, periodic, its callback setting an event
 *   event         another thread's SetEvent at the rate -> WaitForSingleObject
 *   message       another thread's PostMessage to a window of the waiter's -> GetMessage
 *   port          another thread's PostQueuedCompletionStatus -> GetQueuedCompletionStatus
 * No wait is without a time-out: a source that stops firing ends the stretch at its end, never
 * hangs it. */
#include "wb_wakeup.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "wb_clock.h"
#include "winapi.h"

#define WB_WAKE_NAME(id, name, by_thread) name,
#define WB_WAKE_THREAD(id, name, by_thread) by_thread,
static const char *const names[] = { WB_WAKE_SOURCES(WB_WAKE_NAME) NULL };
static const int by_thread[] = { WB_WAKE_SOURCES(WB_WAKE_THREAD) 0 };
static const char *const calls[] = {
    "Sleep(period)", "WaitForSingleObject(an event never set, period)", "timeSetEvent(TIME_PERIODIC)",
    "SetWaitableTimer(periodic), SleepEx(alertable)", "CreateWaitableTimerExW(HIGH_RESOLUTION), SleepEx(alertable)",
    "CreateTimerQueueTimer(periodic)", "SetEvent -> WaitForSingleObject", "PostMessage -> GetMessage",
    "PostQueuedCompletionStatus -> GetQueuedCompletionStatus"
};

const char *wb_wake_name(int source) { return source >= 0 && source < WB_WAKE_COUNT ? names[source] : ""; }
int wb_wake_by_thread(int source) { return source >= 0 && source < WB_WAKE_COUNT && by_thread[source]; }
const char *wb_wake_call(int source) { return source >= 0 && source < WB_WAKE_COUNT ? calls[source] : ""; }

#define HIGH_RESOLUTION_FLAG 0x2   /* CREATE_WAITABLE_TIMER_HIGH_RESOLUTION: newer headers than XP's */
#ifndef TIME_PERIODIC              /* mmsystem.h's, which WIN32_LEAN_AND_MEAN leaves out */
#define TIME_PERIODIC 0x0001
#define TIME_CALLBACK_FUNCTION 0x0000
#endif

static HANDLE make_hires_timer(void)
{
    wb_fn_CreateWaitableTimerExW create = WB_API(CreateWaitableTimerExW);
    return create ? create(NULL, NULL, HIGH_RESOLUTION_FLAG, TIMER_ALL_ACCESS) : NULL;
}

const char *wb_wake_unavailable(int source)
{
    static char why[320];
    HANDLE h;
    if (source != WB_WAKE_HIRES) return NULL;
    if (WB_API(CreateWaitableTimerExW) == NULL) return "CreateWaitableTimerExW needs Windows Vista or later";
    h = make_hires_timer();
    if (h == NULL) {   /* ERROR_INVALID_PARAMETER before Windows 10 1803 */
        char text[128];
        DWORD code = GetLastError();
        wb_system_message(code, text, sizeof text);
        snprintf(why, sizeof why, "CreateWaitableTimerExW refused CREATE_WAITABLE_TIMER_HIGH_RESOLUTION (Windows 10 "
                 "1803 or later has it): %s (error %lu)", text, (unsigned long)code);
        return why;
    }
    CloseHandle(h);
    return NULL;
}

/* One stretch's shared state: the waiter's, and what a timer callback or a setting thread
 * hands it. */
#define PHASE_FIRINGS 64   /* a timer's phase: the least late of its first 64 firings */

typedef struct wake_run {
    const wb_wake_plan *plan;
    uint64_t t0, end;
    int phased;                   /* a periodic timer: t0 is set from its first firings */
    unsigned nfirst;
    uint64_t first_k[PHASE_FIRINGS], first_woke[PHASE_FIRINGS];
    volatile LONG fired;          /* firings so far: the latest is the wake-up's place in the schedule */
    uint64_t count_until;         /* a timer's firings after this, plus shift, are not the stretch's */
    volatile LONG shift;          /* ticks the phase moved the end: one 32-bit write, torn on no CPU */
    volatile LONG done;           /* the setting thread is at its end */
    HANDLE event, port;
    HWND window;
    uint64_t wakes;
} wake_run;

static uint64_t intended_of(const wake_run *w, uint64_t k)
{
    return w->t0 + k * w->plan->period_ticks;
}

/* A periodic timer's first firings: kept until the eighth, then its phase (t0 moved so that
 * the least late of them was on time) and they are handed over. */
static int phase_pending(wake_run *w, uint64_t k, uint64_t woke)
{
    const wb_wake_plan *p = w->plan;
    unsigned i;
    int64_t least = 0;
    if (!w->phased || w->nfirst >= PHASE_FIRINGS) return 0;
    w->first_k[w->nfirst] = k;
    w->first_woke[w->nfirst++] = woke;
    if (w->nfirst < PHASE_FIRINGS) return 1;
    for (i = 0; i < PHASE_FIRINGS; i++) {
        int64_t d = (int64_t)(w->first_woke[i] - intended_of(w, w->first_k[i]));
        if (i == 0 || d < least) least = d;
    }
    w->t0 += (uint64_t)least;
    w->end += (uint64_t)least;
    if (least > LONG_MAX / 2) least = LONG_MAX / 2;   /* over 100 s at 10 MHz: no timer's phase */
    if (least < -LONG_MAX / 2) least = -LONG_MAX / 2;
    InterlockedExchange(&w->shift, (LONG)least);
    for (i = 0; i < PHASE_FIRINGS && p->each; i++)
        p->each(p->arg, w->first_k[i], intended_of(w, w->first_k[i]), w->first_woke[i]);
    return 1;
}

/* A wake-up at its place k: handed to the plan, then the planted work, if any. */
static void woke_at(wake_run *w, uint64_t k, uint64_t woke)
{
    const wb_wake_plan *p = w->plan;
    w->wakes++;
    if (k > 0 && p->each && !phase_pending(w, k, woke)) p->each(p->arg, k, intended_of(w, k), woke);
    if (p->spin_ticks) {
        uint64_t until = wb_ticks() + p->spin_ticks;
        while (wb_ticks() < until) continue;
    }
}

/* Whether the stretch is over: its time (the schedule's end passed), Ctrl+C, or its count. */
static int over(const wake_run *w, uint64_t now)
{
    const wb_wake_plan *p = w->plan;
    return now >= w->end || *p->stop || (p->max_wakes && w->wakes >= p->max_wakes);
}

/* ---- sleep and wait: the waiter's own time-out ---------------------------------------------- */

static int run_self_timed(wake_run *w, wb_error *err)
{
    HANDLE never = NULL;
    uint64_t k, now = w->t0;
    if (w->plan->source == WB_WAKE_WAIT && (never = CreateEventA(NULL, TRUE, FALSE, NULL)) == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        return -1;
    }
    for (k = 1; !over(w, now); k++) {
        if (never) WaitForSingleObject(never, w->plan->period_ms);
        else Sleep(w->plan->period_ms);
        now = wb_ticks();
        w->fired++;
        woke_at(w, k, now);
    }
    if (never) CloseHandle(never);
    return 0;
}

/* ---- timers: a callback (or an APC) counts each firing ------------------------------------- */

/* A timer's firing, from its callback: counted while the stretch lasts. The waiter ends the
 * stretch at its first wake-up past the end, and kills the timer only then: beside busy threads
 * that can be tens of milliseconds later, and the firings in between (41 of them once, at 1 ms)
 * belong to no place in the schedule. Each timer fires from one thread (the multimedia timer's,
 * the queue's timer thread, the waiter's own APCs), so the count has one writer. 1: counted. */
static int count_firing(wake_run *w)
{
    if ((int64_t)(wb_ticks() - w->count_until) > (int64_t)w->shift) return 0;
    InterlockedIncrement(&w->fired);
    return 1;
}

static void CALLBACK mm_fired(UINT id, UINT msg, DWORD_PTR user, DWORD_PTR a, DWORD_PTR b)
{
    wake_run *w = (wake_run *)user;
    (void)id, (void)msg, (void)a, (void)b;
    if (count_firing(w)) SetEvent(w->event);
}

static VOID CALLBACK queue_fired(PVOID arg, BOOLEAN timed_out)
{
    wake_run *w = (wake_run *)arg;
    (void)timed_out;
    if (count_firing(w)) SetEvent(w->event);
}

static VOID CALLBACK apc_fired(LPVOID arg, DWORD low, DWORD high)
{
    wake_run *w = (wake_run *)arg;
    (void)low, (void)high;
    count_firing(w);   /* on the waiter's own thread, in its alertable wait */
}

/* Waits for the next firing (the event, or an APC): 1 woken, 0 timed out (100 ms). */
static int wait_firing(wake_run *w, int alertable)
{
    if (alertable) return SleepEx(100, TRUE) == WAIT_IO_COMPLETION;
    return WaitForSingleObject(w->event, 100) == WAIT_OBJECT_0;
}

static int run_timer(wake_run *w, wb_error *err)
{
    const wb_wake_plan *p = w->plan;
    const int alertable = p->source == WB_WAKE_WAITABLE || p->source == WB_WAKE_HIRES;
    HANDLE timer = NULL, queued = NULL;
    UINT mm = 0;
    uint64_t now;
    int rc = 0;
    if (!alertable && (w->event = CreateEventA(NULL, FALSE, FALSE, NULL)) == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        return -1;
    }
    w->t0 = wb_ticks();
    w->end = w->t0 + p->duration_ticks;
    w->count_until = w->end + p->period_ticks / 2;   /* set before the timer, moved by its phase */
    w->phased = 1;
    if (p->source == WB_WAKE_MMTIMER) {
        wb_fn_timeSetEvent set = WB_API(timeSetEvent);
        mm = set ? set(p->period_ms, 0, mm_fired, (DWORD_PTR)w, TIME_PERIODIC | TIME_CALLBACK_FUNCTION) : 0;
        if (mm == 0) wb_error_text(err, "timeSetEvent(%lu ms, TIME_PERIODIC) failed", (unsigned long)p->period_ms), rc = -1;
    } else if (p->source == WB_WAKE_QUEUE) {
        if (!CreateTimerQueueTimer(&queued, NULL, queue_fired, w, p->period_ms, p->period_ms, WT_EXECUTEINTIMERTHREAD))
            wb_error_win32(err, "CreateTimerQueueTimer", GetLastError()), rc = -1;
    } else {
        LARGE_INTEGER due;
        due.QuadPart = -(LONGLONG)p->period_ms * 10000;   /* relative, in 100 ns */
        timer = p->source == WB_WAKE_HIRES ? make_hires_timer() : CreateWaitableTimerA(NULL, FALSE, NULL);
        if (timer == NULL || !SetWaitableTimer(timer, &due, (LONG)p->period_ms, apc_fired, w, FALSE))
            wb_error_win32(err, timer ? "SetWaitableTimer" : "CreateWaitableTimer", GetLastError()), rc = -1;
    }
    for (now = w->t0; rc == 0 && !over(w, now);) {
        int got = wait_firing(w, alertable);
        now = wb_ticks();
        if (got) woke_at(w, (uint64_t)w->fired, now);   /* the latest firing: its place in the schedule */
    }
    if (mm) WB_API(timeKillEvent)(mm);
    if (queued) DeleteTimerQueueTimer(NULL, queued, INVALID_HANDLE_VALUE);   /* waits for a running callback */
    if (timer) {
        CancelWaitableTimer(timer);
        CloseHandle(timer);
        SleepEx(0, TRUE);   /* an APC still queued runs now, while w lives */
    }
    if (w->event) CloseHandle(w->event);
    w->event = NULL;
    return rc;
}

/* ---- another thread at a rate ----------------------------------------------------------------- */

/* Each firing at its time t0 + k * period: spinning the last 2 ms before it (Sleep cannot wait
 * less than a tick), sleeping before that. The last firing is k = 0: the end. */
static DWORD WINAPI setter_main(void *arg)
{
    wake_run *w = (wake_run *)arg;
    const wb_wake_plan *p = w->plan;
    const uint64_t two_ms = wb_clock_freq() / 500;
    uint64_t k;
    for (k = 1; !*p->stop; k++) {
        uint64_t due = intended_of(w, k), now;
        if (due > w->end || (p->max_wakes && k > p->max_wakes)) break;
        while ((now = wb_ticks()) < due)
            if (due - now > two_ms) Sleep(1);
        InterlockedExchange(&w->fired, (LONG)k);
        if (p->source == WB_WAKE_EVENT) SetEvent(w->event);
        else if (p->source == WB_WAKE_MESSAGE) PostMessageA(w->window, WM_APP, (WPARAM)k, 0);
        else PostQueuedCompletionStatus(w->port, 0, (ULONG_PTR)k, NULL);
    }
    InterlockedExchange(&w->done, 1);
    if (p->source == WB_WAKE_EVENT) SetEvent(w->event);
    else if (p->source == WB_WAKE_MESSAGE) PostMessageA(w->window, WM_APP, 0, 0);
    else PostQueuedCompletionStatus(w->port, 0, 0, NULL);
    return 0;
}

/* The waiter's side: one wake-up per delivery (an event's sets between two waits are one). */
static void take_deliveries(wake_run *w)
{
    const wb_wake_plan *p = w->plan;
    uint64_t last = 0;
    for (;;) {
        uint64_t k = 0;
        if (p->source == WB_WAKE_EVENT) {
            uint64_t now;
            LONG done;
            if (WaitForSingleObject(w->event, 1000) != WAIT_OBJECT_0) break;   /* the setter is gone */
            now = wb_ticks();
            done = w->done;   /* read before fired: once done, fired is the last */
            k = (uint64_t)w->fired;
            if (k > last) woke_at(w, k, now);   /* sets since the last wait are one wake-up, at the latest */
            last = k;
            if (done) break;
            continue;
        } else if (p->source == WB_WAKE_MESSAGE) {
            MSG m;
            if (GetMessageA(&m, w->window, WM_APP, WM_APP) <= 0) break;
            k = (uint64_t)m.wParam;
        } else {
            DWORD bytes;
            ULONG_PTR key = 0;
            OVERLAPPED *ov;
            if (!GetQueuedCompletionStatus(w->port, &bytes, &key, &ov, 1000)) break;
            k = (uint64_t)key;
        }
        if (k == 0) break;   /* the end */
        woke_at(w, k, wb_ticks());
    }
}

static int run_by_thread(wake_run *w, wb_error *err)
{
    HANDLE setter;
    int rc = 0;
    if (w->plan->source == WB_WAKE_EVENT) w->event = CreateEventA(NULL, FALSE, FALSE, NULL);
    else if (w->plan->source == WB_WAKE_PORT) w->port = CreateIoCompletionPort(INVALID_HANDLE_VALUE, NULL, 0, 1);
    else w->window = CreateWindowExA(0, "STATIC", "winbench wakeup", 0, 0, 0, 0, 0, HWND_MESSAGE, NULL, NULL, NULL);
    if (w->event == NULL && w->port == NULL && w->window == NULL) {
        wb_error_win32(err, w->plan->source == WB_WAKE_PORT ? "CreateIoCompletionPort" : w->plan->source == WB_WAKE_EVENT
                       ? "CreateEvent" : "CreateWindowEx(HWND_MESSAGE)", GetLastError());
        return -1;
    }
    w->t0 = wb_ticks();
    w->end = w->t0 + w->plan->duration_ticks;
    setter = CreateThread(NULL, 0, setter_main, w, 0, NULL);
    if (setter == NULL) {
        wb_error_win32(err, "CreateThread", GetLastError());
        rc = -1;
    } else {
        take_deliveries(w);
        WaitForSingleObject(setter, INFINITE);   /* it ends at the stretch's end, by itself */
        CloseHandle(setter);
    }
    if (w->event) CloseHandle(w->event);
    if (w->port) CloseHandle(w->port);
    if (w->window) DestroyWindow(w->window);
    return rc;
}

int wb_wake_run(const wb_wake_plan *plan, wb_wake_result *out, wb_error *err)
{
    wake_run w;
    int rc;
    const char *why = wb_wake_unavailable(plan->source);
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    w.plan = plan;
    if (why) {
        wb_error_text(err, "%s", why);
        return -1;
    }
    w.t0 = wb_ticks();
    w.end = w.t0 + plan->duration_ticks;
    if (wb_wake_by_thread(plan->source)) rc = run_by_thread(&w, err);
    else if (plan->source == WB_WAKE_SLEEP || plan->source == WB_WAKE_WAIT) rc = run_self_timed(&w, err);
    else rc = run_timer(&w, err);
    out->t0 = w.t0;
    out->wakes = w.wakes;
    out->fired = (uint64_t)w.fired;
    out->expected = plan->period_ticks ? plan->duration_ticks / plan->period_ticks : 0;
    if (plan->max_wakes && out->expected > plan->max_wakes) out->expected = plan->max_wakes;
    return rc;
}

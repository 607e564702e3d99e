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
#include <stdlib.h>
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
    if (WB_API(CreateWaitableTimerExW) == NULL)
        return "the high-resolution timer needs Windows 10 1803 or later (CreateWaitableTimerExW, Vista's, is missing here)";
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

/* A setter may run this many sets ahead of the waiter: each set's stamp waits in a slot of a
 * ring this long until the waiter has taken it (messages and packets queue; 65,536 is more
 * than a message queue holds, USERPostMessageLimit's 10,000). */
#define STAMP_RING 65536u
#define PHASE_WAKES 64    /* a periodic timer's phase: from its first 64 wake-ups */

/* One stretch's shared state: the waiter's, and what a timer callback or a setting thread
 * hands it. */
typedef struct wake_run {
    const wb_wake_plan *plan;
    uint64_t t0, end;
    uint64_t ndue;                /* due times in the stretch (a periodic timer's) */
    uint64_t next;                /* the earliest due time no wake-up has served yet (>= 1) */
    int phased;                   /* a periodic timer: t0 is moved into its phase */
    unsigned nfirst;
    uint64_t first_woke[PHASE_WAKES];
    volatile LONG fired;          /* firings (sets) so far */
    uint64_t count_until;         /* a timer's firings after this, plus shift, are not the stretch's */
    volatile LONG shift;          /* ticks the phase moved the end: one 32-bit write, torn on no CPU */
    volatile LONG done;           /* the setting thread is at its end */
    volatile LONG waiter_gone;    /* the waiter stopped taking deliveries */
    volatile LONG taken;          /* the last set the waiter has taken (the setter stays a ring behind) */
    uint64_t *stamps;             /* by thread: each set's QPC stamp, by its number mod STAMP_RING */
    HANDLE event, port;
    HWND window;
    uint64_t wakes, coalesced, calls, spare;
} wake_run;

static void spin_until(uint64_t until)
{
    while (wb_ticks() < until) continue;
}

/* The moment the waiter woke: now, or (the test hook) a fixed time later, as if the wait had
 * returned that much late. */
static uint64_t woke_now(const wake_run *w)
{
    uint64_t now = wb_ticks();
    if (w->plan->late_ticks) spin_until(now + w->plan->late_ticks), now = wb_ticks();
    return now;
}

/* A wake-up, late from due, with the due times it took along: handed to the plan. */
static void woke_at(wake_run *w, uint64_t due, uint64_t woke, uint64_t coalesced)
{
    const wb_wake_plan *p = w->plan;
    w->wakes++;
    w->coalesced += coalesced;
    if (p->each) p->each(p->arg, due, woke, coalesced);
}

/* The planted work after every wake-up (a test hook), if any: on the waiter, before it waits
 * again (a periodic timer's first wake-ups too, though they are served later). */
static void work(const wake_run *w)
{
    if (w->plan->spin_ticks) spin_until(wb_ticks() + w->plan->spin_ticks);
}

/* Whether the stretch is over: its time (the schedule's end passed), Ctrl+C, or its count. */
static int over(const wake_run *w, uint64_t now)
{
    const wb_wake_plan *p = w->plan;
    return now >= w->end || *p->stop || (p->max_wakes && w->wakes >= p->max_wakes);
}

/* ---- sleep and wait: the waiter's own time-out ---------------------------------------------- */

/* Each call is its own schedule: late from the call + period (one QPC read more a wake-up: the
 * call's own moment). */
static int run_self_timed(wake_run *w, wb_error *err)
{
    const wb_wake_plan *p = w->plan;
    HANDLE never = NULL;
    uint64_t called = w->t0, now;
    if (p->source == WB_WAKE_WAIT && (never = CreateEventA(NULL, TRUE, FALSE, NULL)) == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        return -1;
    }
    while (!over(w, called)) {
        if (never) WaitForSingleObject(never, p->period_ms);
        else Sleep(p->period_ms);
        now = woke_now(w);
        w->fired++;
        w->calls++;
        woke_at(w, called + p->period_ticks, now, 0);
        work(w);
        called = wb_ticks();
    }
    if (never) CloseHandle(never);
    return 0;
}

/* ---- timers: a callback (or an APC) counts each firing ------------------------------------- */

/* A timer's firing, from its callback: counted while the stretch lasts. The waiter ends the
 * stretch at its first wake-up past the end, and kills the timer only then: beside busy threads
 * that can be tens of milliseconds later, and the firings in between (41 of them once, at 1 ms)
 * belong to no due time. Each timer fires from one thread (the multimedia timer's, the queue's
 * timer thread, the waiter's own APCs), so the count has one writer. 1: counted. */
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

/* The due times a wake-up at `woke` serves: the earliest not yet served (due j), and with it
 * every later one already past (coalesced). Before the earliest by less than half a period: it
 * serves that one, early. Before it by more: none; it is a spare firing (Wine's multimedia
 * timer pays firings it owes in bursts, after the due times were already served). 0 when it
 * serves none (spare, or after the stretch's end). */
static uint64_t due_of(const wake_run *w, uint64_t j) { return w->t0 + j * w->plan->period_ticks; }

static int serve(wake_run *w, uint64_t woke, int hand_over)
{
    uint64_t j = w->next, last = j;
    if (j > w->ndue) return 0;
    if (woke + w->plan->period_ticks / 2 < due_of(w, j)) {
        if (hand_over) w->spare++;
        return 0;
    }
    if (woke >= due_of(w, j)) {
        last = (woke - w->t0) / w->plan->period_ticks;   /* >= j: woke is past due j */
        if (last > w->ndue) last = w->ndue;
    }
    w->next = last + 1;
    if (hand_over) woke_at(w, due_of(w, j), woke, last - j);
    return 1;
}

/* A periodic timer's first wake-ups are kept until the 64th (or the stretch's end), then its
 * phase is found: t0 moves by the least lateness among them (back, for a timer whose ticks
 * come before QPC's grid, by less than a period; forward by at most phase_max_ticks), and they
 * are served in order. */
static void settle_phase(wake_run *w)
{
    const int64_t back = -(int64_t)w->plan->period_ticks + 1, ahead = (int64_t)w->plan->phase_max_ticks;
    int64_t least = 0, move;
    unsigned i;
    int found = 0;
    uint64_t saved_next = w->next;
    for (i = 0; i < w->nfirst; i++) {   /* a dry run from the unmoved t0 */
        uint64_t j = w->next;
        int64_t late;
        if (!serve(w, w->first_woke[i], 0)) continue;   /* a spare one serves no due time: no lateness */
        late = (int64_t)(w->first_woke[i] - due_of(w, j));
        if (!found || late < least) least = late;
        found = 1;
    }
    w->next = saved_next;
    move = least < back ? back : least > ahead ? ahead : least;
    if (move > LONG_MAX / 2) move = LONG_MAX / 2;   /* over 100 s at 10 MHz: no timer's phase */
    if (move < -(LONG_MAX / 2)) move = -(LONG_MAX / 2);
    w->t0 += (uint64_t)move;
    w->end += (uint64_t)move;
    InterlockedExchange(&w->shift, (LONG)move);
    w->phased = 0;
    for (i = 0; i < w->nfirst; i++) serve(w, w->first_woke[i], 1);
}

static void timer_woke(wake_run *w, uint64_t woke)
{
    if (!w->phased) {
        if (serve(w, woke, 1)) work(w);
        return;
    }
    w->first_woke[w->nfirst++] = woke;
    if (w->nfirst == PHASE_WAKES) settle_phase(w);
    work(w);
}

/* Waits for the next firing (the event, or an APC): 1 woken, 0 timed out (100 ms). */
static int wait_firing(wake_run *w, int alertable)
{
    if (alertable) return SleepEx(100, TRUE) == WAIT_IO_COMPLETION;
    return WaitForSingleObject(w->event, 100) == WAIT_OBJECT_0;
}

static int arm_waitable(HANDLE timer, DWORD period_ms, LONG period, wake_run *w)
{
    LARGE_INTEGER due;
    due.QuadPart = -(LONGLONG)period_ms * 10000;   /* relative, in 100 ns */
    return SetWaitableTimer(timer, &due, period, apc_fired, w, FALSE) != 0;
}

/* The one-shot timer re-armed by the waiter each period: each wake-up late from the due time
 * it was armed for (the moment of arming + period). */
static int run_one_shot(wake_run *w, HANDLE timer, wb_error *err)
{
    const wb_wake_plan *p = w->plan;
    uint64_t armed = wb_ticks(), now = armed;
    while (!over(w, now)) {
        if (!arm_waitable(timer, p->period_ms, 0, w)) {
            wb_error_win32(err, "SetWaitableTimer(one-shot)", GetLastError());
            return -1;
        }
        if (!wait_firing(w, 1)) {   /* 100 ms and nothing: the timer is gone */
            now = wb_ticks();
            armed = now;
            continue;
        }
        now = woke_now(w);
        w->calls++;
        woke_at(w, armed + p->period_ticks, now, 0);
        work(w);
        now = armed = wb_ticks();
    }
    return 0;
}

/* Starts the source's timer: 0, or -1 with err. */
static int start_timer(wake_run *w, HANDLE *timer, HANDLE *queued, UINT *mm, wb_error *err)
{
    const wb_wake_plan *p = w->plan;
    if (p->source == WB_WAKE_MMTIMER) {
        wb_fn_timeSetEvent set = WB_API(timeSetEvent);
        *mm = set ? set(p->period_ms, 0, mm_fired, (DWORD_PTR)w, TIME_PERIODIC | TIME_CALLBACK_FUNCTION) : 0;
        if (*mm == 0) return wb_error_text(err, "timeSetEvent(%lu ms, TIME_PERIODIC) failed", (unsigned long)p->period_ms), -1;
    } else if (p->source == WB_WAKE_QUEUE) {
        if (!CreateTimerQueueTimer(queued, NULL, queue_fired, w, p->period_ms, p->period_ms, WT_EXECUTEINTIMERTHREAD))
            return wb_error_win32(err, "CreateTimerQueueTimer", GetLastError()), -1;
    } else {
        *timer = p->source == WB_WAKE_HIRES ? make_hires_timer() : CreateWaitableTimerA(NULL, FALSE, NULL);
        if (*timer == NULL) return wb_error_win32(err, "CreateWaitableTimer", GetLastError()), -1;
        if (!p->one_shot && !arm_waitable(*timer, p->period_ms, (LONG)p->period_ms, w))
            return wb_error_win32(err, "SetWaitableTimer(periodic)", GetLastError()), -1;
    }
    return 0;
}

static int run_timer(wake_run *w, wb_error *err)
{
    const wb_wake_plan *p = w->plan;
    const int alertable = p->source == WB_WAKE_WAITABLE || p->source == WB_WAKE_HIRES;
    HANDLE timer = NULL, queued = NULL;
    UINT mm = 0;
    uint64_t now;
    int rc;
    if (!alertable && (w->event = CreateEventA(NULL, FALSE, FALSE, NULL)) == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        return -1;
    }
    w->t0 = wb_ticks();
    w->end = w->t0 + p->duration_ticks;
    w->ndue = p->duration_ticks / p->period_ticks;
    w->next = 1;
    w->count_until = w->end + p->period_ticks / 2;   /* set before the timer, moved by its phase */
    w->phased = !p->one_shot;
    rc = start_timer(w, &timer, &queued, &mm, err);
    if (rc == 0 && p->one_shot) rc = run_one_shot(w, timer, err);
    for (now = w->t0; rc == 0 && !p->one_shot && !over(w, now);) {
        if (wait_firing(w, alertable)) timer_woke(w, now = woke_now(w));
        else now = wb_ticks();
    }
    if (w->phased && w->nfirst) settle_phase(w);   /* fewer than 64 in the whole stretch */
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

static void deliver(wake_run *w, uint64_t k)
{
    const wb_wake_plan *p = w->plan;
    if (p->source == WB_WAKE_EVENT) SetEvent(w->event);
    else if (p->source == WB_WAKE_MESSAGE) PostMessageA(w->window, WM_APP, (WPARAM)k, 0);
    else PostQueuedCompletionStatus(w->port, 0, (ULONG_PTR)k, NULL);
}

/* Each set at its time t0 + k * period: spinning the last 2 ms before it (Sleep cannot wait
 * less than a tick), sleeping before that. Its stamp, taken just before the call, is what the
 * waiter's lateness is measured from; how late the set itself was goes to each_set. The last
 * delivery is k = 0: the end. */
static DWORD WINAPI setter_main(void *arg)
{
    wake_run *w = (wake_run *)arg;
    const wb_wake_plan *p = w->plan;
    const uint64_t two_ms = wb_clock_freq() / 500;
    uint64_t k;
    for (k = 1; !*p->stop && !w->waiter_gone; k++) {
        uint64_t due = w->t0 + k * p->period_ticks, now, stamp;
        if (due > w->end || (p->max_wakes && k > p->max_wakes)) break;
        while ((now = wb_ticks()) < due)
            if (due - now > two_ms) Sleep(1);
        if (p->setter_delay_ticks) spin_until(due + p->setter_delay_ticks);
        while (k - (uint64_t)(ULONG)w->taken >= STAMP_RING && !w->waiter_gone) Sleep(1);   /* a ring behind */
        stamp = wb_ticks();
        w->stamps[k % STAMP_RING] = stamp;
        InterlockedExchange(&w->fired, (LONG)k);   /* a full barrier: the stamp is there first */
        deliver(w, k);
        if (p->each_set) p->each_set(p->arg, due, stamp);
    }
    InterlockedExchange(&w->done, 1);
    deliver(w, 0);
    return 0;
}

/* An event's wake-up: the earliest set not yet taken is the one that woke it (late from its
 * stamp); later sets made before the wake-up are coalesced into it; sets after it have set the
 * event again, and the next wait takes them. 1 while the setter goes on. */
static int event_woke(wake_run *w, uint64_t *last)
{
    uint64_t now, k, j;
    LONG done;
    if (WaitForSingleObject(w->event, 1000) != WAIT_OBJECT_0) return 0;   /* the setter is gone */
    now = woke_now(w);
    done = w->done;   /* read before fired: once done, fired is the last */
    k = (uint64_t)(ULONG)w->fired;
    if (k > *last) {
        uint64_t first = *last + 1, from = w->stamps[first % STAMP_RING];
        for (j = first; j < k && w->stamps[(j + 1) % STAMP_RING] <= now; j++) continue;
        InterlockedExchange(&w->taken, (LONG)j);   /* after the stamps are read: their slots may be reused */
        woke_at(w, from, now, j - first);
        work(w);
        *last = j;
    }
    return !done || *last < k;
}

/* The waiter's side: one wake-up per delivery (messages and packets queue: each is its own). */
static void take_deliveries(wake_run *w)
{
    const wb_wake_plan *p = w->plan;
    uint64_t last = 0;
    if (p->source == WB_WAKE_EVENT) {
        while (event_woke(w, &last)) continue;
        return;
    }
    for (;;) {
        uint64_t k = 0, now, from;
        if (p->source == WB_WAKE_MESSAGE) {
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
        now = woke_now(w);
        if (k == 0) break;   /* the end */
        from = w->stamps[k % STAMP_RING];
        InterlockedExchange(&w->taken, (LONG)k);   /* after its stamp is read: its slot may be reused */
        woke_at(w, from, now, 0);
        work(w);
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
        InterlockedExchange(&w->waiter_gone, 1);
        WaitForSingleObject(setter, INFINITE);   /* it ends at the stretch's end, by itself */
        CloseHandle(setter);
    }
    if (w->event) CloseHandle(w->event);
    if (w->port) CloseHandle(w->port);
    if (w->window) DestroyWindow(w->window);
    return rc;
}

DWORD wb_wake_hires_periodic_refused(int hook_refuses)
{
    HANDLE h = make_hires_timer();
    LARGE_INTEGER due;
    DWORD code = 0;
    if (h == NULL) return GetLastError();
    if (hook_refuses) code = ERROR_INVALID_PARAMETER;
    else {
        due.QuadPart = -(LONGLONG)10000 * 1000 * 3600;   /* an hour away: cancelled long before */
        if (!SetWaitableTimer(h, &due, 1, NULL, NULL, FALSE)) code = GetLastError();
        CancelWaitableTimer(h);
    }
    CloseHandle(h);
    return code;
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
    if (plan->period_ticks == 0) {
        wb_error_text(err, "a period of 0 ticks");
        return -1;
    }
    if (plan->fail_start) {   /* the test hook: made to fail as a Windows that refuses the source does */
        wb_error_win32(err, wb_wake_call(plan->source), ERROR_NOT_SUPPORTED);
        return -1;
    }
    w.t0 = wb_ticks();
    w.end = w.t0 + plan->duration_ticks;
    if (wb_wake_by_thread(plan->source)) {
        if ((w.stamps = (uint64_t *)calloc(STAMP_RING, sizeof *w.stamps)) == NULL) {
            wb_error_text(err, "out of memory");
            return -1;
        }
        rc = run_by_thread(&w, err);
        free(w.stamps);
    } else if (plan->source == WB_WAKE_SLEEP || plan->source == WB_WAKE_WAIT) {
        rc = run_self_timed(&w, err);
    } else {
        rc = run_timer(&w, err);
    }
    out->t0 = w.t0;
    out->wakes = w.wakes;
    out->coalesced = w.coalesced;
    out->spare = w.spare;
    out->fired = (uint64_t)(ULONG)w.fired;
    out->phase_ticks = (int64_t)w.shift;
    /* each call of a self-timed source (and of a re-armed one-shot) is its own schedule */
    if (w.calls) out->expected = w.calls;
    else out->expected = plan->duration_ticks / plan->period_ticks;
    if (plan->max_wakes && out->expected > plan->max_wakes) out->expected = plan->max_wakes;
    return rc;
}

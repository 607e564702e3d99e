/* idle's repetition (idle.h): the run (the driver thread and the UI thread's loop), its
 * metrics, and the busy time split into its parts. */
#include <math.h>

#include "idle.h"
#include "wb_clock.h"
#include "wb_process.h"
#include "wb_timer.h"

/* The busy time's four spans in seconds, from their ticks (IDLE_*) and the spans' QPC reads, of
 * which `share` are theirs: each timed span holds one of its reads and the pump another (a
 * pumped message's PreTranslateMessage and dispatch share their middle read, so the pump holds
 * one read a message; GetMessage's two are one in its wait, one in the pump). */
static void spans_s(const idle_state *st, const double *ticks, double share, double *out)
{
    const double q = st->qpc_ns * 1e-9, hz = (double)wb_clock_freq();
    out[0] = ticks[IDLE_SENDS] / hz - share * (double)st->n_sends * q;
    out[1] = (ticks[IDLE_ONIDLE] - ticks[IDLE_SENDS] + ticks[IDLE_PRE]) / hz -
             share * (double)(st->n_onidle + st->n_sends + st->n_pre) * q;
    out[2] = ticks[IDLE_DISPATCH] / hz - share * (double)st->n_dispatch * q;
    out[3] = (ticks[IDLE_BUSY] - ticks[IDLE_ONIDLE] - ticks[IDLE_PRE] - ticks[IDLE_DISPATCH]) / hz -
             share * (double)(st->n_onidle + st->n_dispatch + st->n_getmsg) * q;
}

/* The UI thread's busy time (wall less the waits in GetMessage) per idle period, split into the
 * seed's sends (split again by split_calls: USER32's, the MFC handling, the BUTTON procedure),
 * the framework's work around them (the MFC model: OnIdle's walks and maps,
 * PreTranslateMessage; or the user's OnIdle: your code), the pumped messages' dispatch (split
 * again by split_calls) and the rest, the message queue's calls (GetMessage and PeekMessage
 * returning). Over the periods idle_periods_sum keeps (a period a preemption stretched is left
 * out, and counted). The percentages are of the whole run's wall time, every period in. */
static void fill_parts(const idle_state *st, double wall, double *m)
{
    idle_period_sums k;
    double part[4], all[4], ticks[IDLE_PART_COUNT], per;
    idle_periods_sum(&st->periods, &k);
    per = k.kept ? (double)k.kept : NAN;
    spans_s(st, k.ticks, st->periods.n ? (double)k.kept / (double)st->periods.n : 0, part);
    m[M_SENDS_US] = part[0] * 1e6 / per;
    m[M_FRAMEWORK_US] = part[1] * 1e6 / per;
    m[M_PUMPED_US] = part[2] * 1e6 / per;
    m[M_PUMP_US] = part[3] * 1e6 / per;
    m[M_BUSY_US] = m[M_SENDS_US] + m[M_FRAMEWORK_US] + m[M_PUMPED_US] + m[M_PUMP_US];
    m[M_PERIODS_SPLIT] = (double)k.kept;
    m[M_PERIODS_LEFT_OUT] = (double)k.left_out;
    ticks[IDLE_BUSY] = (wall - wb_ticks_to_s(st->blocked)) * (double)wb_clock_freq();
    ticks[IDLE_SENDS] = (double)st->sends_ticks;
    ticks[IDLE_ONIDLE] = (double)st->onidle_ticks;
    ticks[IDLE_PRE] = (double)st->pre_ticks;
    ticks[IDLE_DISPATCH] = (double)st->dispatch_ticks;
    spans_s(st, ticks, 1, all);
    m[M_SENDS_PCT] = 100.0 * all[0] / wall;
    m[M_FRAMEWORK_PCT] = 100.0 * all[1] / wall;
    m[M_PUMPED_PCT] = 100.0 * all[2] / wall;
    m[M_PUMP_PCT] = 100.0 * all[3] / wall;
    m[M_QPC_US] = st->qpc_ns * 1e-3;
    /* split_calls, beside the run */
    m[M_SENDS_DISPATCH_US] = m[M_SENDS_MFC_US] = m[M_SENDS_BUTTON_US] = NAN;
    m[M_PUMPED_USER32_US] = m[M_PUMPED_MFC_US] = m[M_PUMPED_LOWER_US] = NAN;
}

/* The headline per idle period: the process's CPU over the periods (cpu_pct_machine is it times
 * the periods a second, over the CPUs), and of it what the periods' busy time does not hold:
 * the mouse's thread, the waits' kernel side, the OS's own work charged to the process. The
 * busy time is by the clock and the CPU as the OS charges it (on XP by clock ticks): where the
 * busy time is the larger, the outside is 0 and the repetition says so. */
static void fill_cpu_per_period(idle_state *st, double cpu_s, double *m)
{
    st->busy_over_cpu = 0;
    m[M_CPU_PER_PERIOD] = m[M_OUTSIDE_US] = NAN;
    if (st->idle_periods == 0) return;
    m[M_CPU_PER_PERIOD] = cpu_s * 1e6 / (double)st->idle_periods;
    if (m[M_BUSY_US] != m[M_BUSY_US]) return;
    m[M_OUTSIDE_US] = m[M_CPU_PER_PERIOD] - m[M_BUSY_US];
    if (m[M_OUTSIDE_US] < 0) {
        st->busy_over_cpu = 1;
        m[M_OUTSIDE_US] = 0;
    }
}

static void fill_metrics(idle_state *st, wb_sample *s)
{
    const wb_interval *iv = &s->iv;
    double wall = wb_ticks_to_s(iv->t1 - iv->t0);
    double user = (double)(iv->proc1.user - iv->proc0.user) * 1e-7;
    double kernel = (double)(iv->proc1.kernel - iv->proc0.kernel) * 1e-7;
    double ui = (double)(iv->thr1.user + iv->thr1.kernel - iv->thr0.user - iv->thr0.kernel) * 1e-7;
    /* Messages that reached a window procedure: the idle updates, the sends and the pumped
     * messages themselves (counted where each is delivered). */
    double delivered = (double)st->delivered;
    double *m = s->metrics;
    wb_mfc_counters mfc;
    wb_mfc_counters_get(&mfc);

    if (wall <= 0) wall = 1e-9;
    m[M_CPU_MACHINE] = 100.0 * (user + kernel) / wall / (double)st->cpus;
    m[M_CPU_USER] = 100.0 * user / wall;
    m[M_CPU_KERNEL] = 100.0 * kernel / wall;
    m[M_UI_CPU] = 100.0 * ui / wall;
    m[M_ONIDLE] = (double)st->onidle_calls;
    m[M_ONIDLE_PER_S] = (double)st->onidle_calls / wall;
    m[M_PERIODS] = (double)st->idle_periods;
    m[M_PERIODS_PER_S] = (double)st->idle_periods / wall;
    m[M_POSTED] = (double)st->posted;
    m[M_PROCESSED] = (double)st->moves_processed;
    m[M_LATE] = (double)st->late;
    m[M_DROPPED] = (double)st->dropped;
    /* Real input (--input sendinput) is coalesced: a move that finds the last one not yet read
     * replaces it, so the moves sent and read never balance and a "backlog" of their difference
     * only grows. Those moves are counted as coalesced (UIPI's silent drops of SendInput land
     * there too: neither its return value nor GetLastError tells them), and no backlog is
     * claimed. Posted moves are never merged: their backlog is real, none coalesced. */
    m[M_BACKLOG] = st->cfg.input == INPUT_SENDINPUT ? NAN : (double)st->backlog_max;
    m[M_COALESCED] = st->cfg.input == INPUT_SENDINPUT && st->posted > st->moves_processed
                         ? (double)(st->posted - st->moves_processed) : 0;
    m[M_RATE] = (double)st->posted / wall;
    m[M_PER_MOVE] = st->moves_processed ? (double)st->idle_periods / (double)st->moves_processed : 0.0;
    m[M_DELIVERED] = delivered;
    m[M_DELIVERED_PER_S] = delivered / wall;
    m[M_COST_MEAN] = wb_hist_mean(st->idle_cost) / 1000.0;
    m[M_COST_P50] = (double)wb_hist_percentile(st->idle_cost, 50) / 1000.0;
    m[M_COST_P99] = (double)wb_hist_percentile(st->idle_cost, 99) / 1000.0;
    m[M_COST_MAX] = (double)st->idle_cost->max / 1000.0;
    m[M_UI_BUSY] = 100.0 * (wall - wb_ticks_to_s(st->blocked)) / wall;
    m[M_MSGS_PER_PERIOD] = st->idle_periods ? delivered / (double)st->idle_periods : NAN;
    m[M_PRETRANSLATE] = (double)mfc.pretranslate;
    m[M_TOOLTIP_FILTERS] = (double)mfc.tooltip_filters;
    m[M_TOOLTIP_HITS] = (double)mfc.tooltip_hittests;
    m[M_LOOKUPS] = (double)mfc.lookups;
    m[M_TEMP_CREATED] = (double)mfc.temp_created;
    m[M_TEMP_FREED] = (double)mfc.temp_freed;
    m[M_NCHITTEST] = (double)mfc.nchittest;
    m[M_SETCURSOR] = (double)mfc.setcursor;
    m[M_UI_CYCLES] = NAN;
    /* the cycles as cycles, whatever the TSC; as a share of the wall only where it is invariant */
    m[M_UI_CYCLE_COUNT] = st->have_cycles ? (double)(st->cycles1 - st->cycles0) : NAN;
    if (st->have_cycles && wb_cycles_hz() > 0)
        m[M_UI_CYCLES] = 100.0 * (double)(st->cycles1 - st->cycles0) / wb_cycles_hz() / wall;
    fill_parts(st, wall, m);
    fill_cpu_per_period(st, user + kernel, m);
}

static void reset_counters(idle_state *st)
{
    st->pt_last.x = st->pt_last.y = -1;
    st->msg_last = 0;
    st->qualifying = 0;
    st->onidle_calls = st->idle_periods = st->pumped = st->moves_processed = 0;
    st->blocked = st->delivered = 0;
    st->onidle_ticks = st->sends_ticks = st->pre_ticks = st->dispatch_ticks = 0;
    st->n_onidle = st->n_sends = st->n_pre = st->n_getmsg = st->n_dispatch = 0;
    wb_mfc_free_temp_maps();   /* what the last repetition left (the seed's OnIdle never frees) */
    wb_mfc_counters_reset();
    st->period_open = 0;
    idle_periods_reset(&st->periods);
    st->processed_shared = 0;
    st->posted = st->late = st->dropped = st->backlog_max = 0;
    wb_hist_reset(st->idle_cost);
}

/* One span split by who wrote the code it runs (idle_sends.c): the time measured in the loop,
 * shared out as the call's parts share it beside the loop, so that the parts add up to it.
 * Empty where the split could not be timed; 0 where the loop made no such call. */
static void split_span(idle_state *st, HWND hwnd, UINT msg, int dispatched, wb_floor_budget b, double whole, double *out)
{
    idle_shares sh;
    out[0] = out[1] = out[2] = whole == 0 ? 0 : NAN;
    if (!(whole > 0) || hwnd == NULL || idle_shares_of(hwnd, msg, dispatched, st->unicode, b, &st->rounds, &sh) != 0)
        return;
    out[0] = whole * sh.user32;
    out[1] = whole * sh.mfc;
    out[2] = whole * sh.lower;
}

/* OnIdle's sends (SendMessage(WM_NULL) to the button) and the pumped messages (as a
 * WM_MOUSEMOVE dispatched to the window the mouse moves over: most of what the pump takes),
 * each split beside the run, at most 50 ms a side. */
static void split_calls(idle_state *st, wb_sample *sample)
{
    double *m = sample->metrics, parts[3];
    wb_floor_budget b = wb_floor_budget_of(st->n_sends * st->cfg.sends + st->n_dispatch, sample->iv.t1 - sample->iv.t0);
    if (b.ticks > wb_clock_freq() / 20) b.ticks = wb_clock_freq() / 20;
    split_span(st, st->app.button, WM_NULL, 0, b, st->cfg.sends ? m[M_SENDS_US] : 0, parts);
    m[M_SENDS_DISPATCH_US] = parts[0], m[M_SENDS_MFC_US] = parts[1], m[M_SENDS_BUTTON_US] = parts[2];
    split_span(st, st->mouse_target, WM_MOUSEMOVE, 1, b, m[M_PUMPED_US], parts);
    m[M_PUMPED_USER32_US] = parts[0], m[M_PUMPED_MFC_US] = parts[1], m[M_PUMPED_LOWER_US] = parts[2];
}

int idle_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    idle_state *st = (idle_state *)state;
    HANDLE driver;
    wb_drain_messages();
    reset_counters(st);
    st->ctx = ctx;
    wb_interval_begin(&sample->iv);
    st->t0 = sample->iv.t0;
    /* Started after the first QPC read so that its schedule begins with the interval. */
    driver = CreateThread(NULL, 0, idle_driver_main, st, 0, NULL);
    if (driver == NULL) {
        wb_error_win32(err, "CreateThread", GetLastError());
        return -1;
    }
    st->have_cycles = wb_thread_cycles(&st->cycles0) == 0;
    idle_run_loop(st);
    wb_interval_end(&sample->iv);
    idle_periods_mark(&st->periods, sample->iv.t1, st->blocked, st->sends_ticks, st->onidle_ticks, st->pre_ticks,
                      st->dispatch_ticks);
    if (st->have_cycles) st->have_cycles = wb_thread_cycles(&st->cycles1) == 0;
    WaitForSingleObject(driver, INFINITE);   /* it has posted WM_QUIT: it is ending */
    CloseHandle(driver);
    sample->ops = st->idle_periods;
    fill_metrics(st, sample);
    if (!*ctx->stop) split_calls(st, sample);   /* beside the run: after its counters are read */
    return 0;
}

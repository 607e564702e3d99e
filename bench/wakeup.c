/* wakeup: how late does this Windows wake a thread? Each mechanism (include/wb_wakeup.h: Sleep,
 * a wait's time-out, the multimedia timer, waitable timers plain and high-resolution, a timer
 * queue; and another thread's event, posted message and completion packet at a rate) is timed
 * wake-up by wake-up, each late from the moment it was due (the call + its time-out, a periodic
 * timer's due time, the other thread's set): never from a schedule that carries one wake-up's
 * lateness into the next. The timed thread is the one woken; the rows say what timer state
 * produced the numbers (the system-wide resolution, the one this process had as measured beside
 * the run, what timeBeginPeriod answered, the power throttling asked and granted, the power
 * source, whether the process has a window anybody can see). A source this Windows lacks or
 * refuses gets a row of kind "skipped" saying why, and the other sources run. */
#include <math.h>
#include "wb_warning_codes.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_hist.h"
#include "wb_module.h"
#include "wb_test_hooks.h"
#include "wb_timer.h"
#include "wb_units.h"
#include "wb_wakeup.h"
#include "wb_console.h"
#include "wb_qos.h"

#define RESOLUTIONS(X) X(RES_DEFAULT, "default") X(RES_1MS, "1")
enum { RESOLUTIONS(WB_CHOICE_ID) };

typedef struct wakeup_config {
    const char *source;           /* --source: "all" or names; a variant's own name */
    double period, duration, interval;
    wb_counts rates;              /* --rate: a thread source runs at each; a variant has one (none: a timer) */
    int resolution;
    /* set by check and expand */
    unsigned mask;                /* the sources asked for */
    int which;                    /* a variant's source (WB_WAKE_*) */
    unsigned nrates;              /* how many rates the run has */
} wakeup_config;

#define O(field) offsetof(wakeup_config, field)
static const wb_option wakeup_options[] = {
    { .name = "source", .type = WB_OPT_TEXT, .offset = O(source), .def = "all", .metavar = "NAME[,NAME...]",
      .help = "what wakes the thread: sleep, wait, mmtimer, waitable, hires, queue (timers, every --period); "
              "event, message, port (another thread, at each --rate); all" },
    { .name = "period", .type = WB_OPT_SECONDS, .offset = O(period), .def = "1ms", .unit = WB_UNIT_MS,
      .help = "the timers' period, whole milliseconds (sleep: Sleep(period); wait: its time-out)" },
    { .name = "rate", .type = WB_OPT_COUNTS, .count_unit = "/s", .offset = O(rates), .def = "1000", .min = 1, .max = 100000,
      .metavar = "HZ[,HZ...]", .help = "wake-ups a second by another thread (event, message, port); a list runs each" },
    { .name = "resolution", .type = WB_OPT_CHOICE, .offset = O(resolution), .def = "default",
      .choices = WB_CHOICES(RESOLUTIONS),
      .help = "default: the timer as the machine has it; 1: timeBeginPeriod(1) around the run" },
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "2s", .help = "length of each repetition" },
    { .name = "interval", .type = WB_OPT_SECONDS, .offset = O(interval), .def = "0.5s",
      .help = "time between interval rows (where in the run a stall happened)" },
    { .name = NULL }
};

/* --source: each name known, "all" for every one. */
static int parse_sources(wakeup_config *c, char *err, size_t cap)
{
    const char *p = c->source ? c->source : "all";
    c->mask = 0;
    while (*p) {
        size_t len = strcspn(p, ",");
        int k, found = 0;
        if (len == 3 && strncmp(p, "all", 3) == 0) c->mask = (1u << WB_WAKE_COUNT) - 1, found = 1;
        for (k = 0; k < WB_WAKE_COUNT && !found; k++)
            if (strlen(wb_wake_name(k)) == len && strncmp(p, wb_wake_name(k), len) == 0) c->mask |= 1u << k, found = 1;
        if (!found) {
            snprintf(err, cap, "--source: no source is called \"%.*s\" (sleep, wait, mmtimer, waitable, hires, queue, "
                     "event, message, port, all)", (int)len, p);
            return -1;
        }
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

static int wakeup_check(void *config, const wb_args *args, char *err, size_t cap)
{
    wakeup_config *c = (wakeup_config *)config;
    double ms = c->period * 1e3;
    (void)args;
    if (parse_sources(c, err, cap) != 0) return -1;
    if (ms < 1 || ms > 1000 || fabs(ms - floor(ms + 0.5)) > 1e-6) {
        snprintf(err, cap, "--period: %g ms: timers take whole milliseconds, 1 ms to 1 s", ms);
        return -1;
    }
    if (c->duration < 0.1 || c->duration > 3600) {
        snprintf(err, cap, "--duration: %g s is outside 0.1 s .. 1 h", c->duration);
        return -1;
    }
    if (c->interval < 0.05 || c->interval > c->duration) {
        snprintf(err, cap, "--interval: %g s: at least 50 ms and at most --duration", c->interval);
        return -1;
    }
    c->nrates = c->rates.n;
    return 0;
}

/* Every source asked for, a thread source once per rate. */
static int wakeup_expand(const void *config, int index, void *variant, char *note, size_t cap)
{
    const wakeup_config *c = (const wakeup_config *)config;
    wakeup_config *v = (wakeup_config *)variant;
    int k, n = 0;
    (void)note, (void)cap;
    for (k = 0; k < WB_WAKE_COUNT; k++) {
        unsigned r, runs = !(c->mask & (1u << k)) ? 0 : wb_wake_by_thread(k) ? c->rates.n : 1;
        for (r = 0; r < runs; r++, n++) {
            if (n != index) continue;
            v->which = k;
            v->source = wb_wake_name(k);
            v->rates.n = wb_wake_by_thread(k) ? 1 : 0;
            v->rates.v[0] = c->rates.v[r];
            return 1;   /* one this Windows lacks is set up too: its row says why it did not run */
        }
    }
    return 0;
}

static void wakeup_variant_name(const void *variant, char *name, size_t cap)
{
    const wakeup_config *v = (const wakeup_config *)variant;
    if (v->rates.n) snprintf(name, cap, "%s %llu/s", v->source, (unsigned long long)v->rates.v[0]);
    else snprintf(name, cap, "%s", v->source);
}

/* One interval's wake-ups, for its row. */
typedef struct wake_interval {
    uint64_t wakes, late_max_ns, late_sum_ns;   /* integers: on x86 a double would use the x87 mid-run */
} wake_interval;

typedef struct wakeup_state {
    wakeup_config cfg;
    uint64_t freq, spin_ticks, late_ticks, setter_delay_ticks, interval_ticks;
    wb_hist *late, *gap;          /* ns: lateness from the due time; time between wake-ups */
    wb_hist *setter_late;         /* ns: the setting thread's lateness against its schedule (its own) */
    wake_interval *iv;
    unsigned niv;
    uint64_t t0, last_woke, early;
    int64_t late_min;             /* ticks, may be below zero: a wake-up before its time */
    int one_shot;                 /* hires: Windows refused a periodic one; re-armed each period */
    char call_fact[160];
    char skip_why[256];           /* "": the source runs; else why it cannot (its row's not_run) */
    /* the timer state, for the rows */
    double res_coarsest, res_finest, res_current;
    int begun;                    /* timeBeginPeriod(1) answered 0: ended at tear-down */
    char begin_fact[40], visible_fact[64];
} wakeup_state;

static void wakeup_teardown(void *state)
{
    wakeup_state *st = (wakeup_state *)state;
    if (st == NULL) return;
    if (st->begun) wb_timer_end_period(1);
    free(st->late), free(st->gap), free(st->setter_late), free(st->iv), free(st);
}

/* What the timer is: timeBeginPeriod's answer, the system-wide resolution once asked, a window
 * anybody can see and whether it matters (the throttling asked off and the power source are
 * every row's, the runner's). What this process really gets is measured in each repetition. */
static void read_timer_state(wakeup_state *st)
{
    snprintf(st->begin_fact, sizeof st->begin_fact, "not asked");
    if (st->cfg.resolution == RES_1MS) {
        int answer = wb_timer_begin_period(1);
        st->begun = answer == 0;
        if (answer < 0) snprintf(st->begin_fact, sizeof st->begin_fact, "no winmm");
        else snprintf(st->begin_fact, sizeof st->begin_fact, "%d (%s)", answer, answer == 0 ? "TIMERR_NOERROR"
                      : answer == 97 ? "TIMERR_NOCANDO" : "an error");
    }
    wb_timer_resolution_range(&st->res_coarsest, &st->res_finest, &st->res_current);
    /* Windows 11 honours timeBeginPeriod for an unseen process only where the opt-out is granted */
    snprintf(st->visible_fact, sizeof st->visible_fact, "%s%s", wb_process_has_visible_window() ? "yes" : "no",
             wb_qos_keep_timer_resolution() ? " (exempt: the timer opt-out is granted)" : "");
}

/* Whether the source can run here, and how: the high-resolution timer that Windows 10 1809
 * makes but will not run periodically is re-armed as a one-shot; a source this Windows lacks is
 * skipped, its row saying why (one that fails once running is skipped too: wakeup_run). */
static void choose_call(wakeup_state *st)
{
    const int k = st->cfg.which;
    const char *why = wb_wake_unavailable(k);
    snprintf(st->call_fact, sizeof st->call_fact, "%s", wb_wake_call(k));
    if (why) {
        snprintf(st->skip_why, sizeof st->skip_why, "--source %s: %s", wb_wake_name(k), why);
        return;
    }
    if (k == WB_WAKE_HIRES) {
        DWORD code = wb_wake_hires_periodic_refused(wb_test_hook_number(WB_HOOK_REFUSE_PERIODIC) == 1);
        char text[128];
        if (code == 0) return;
        wb_system_message(code, text, sizeof text);
        if (code != ERROR_INVALID_PARAMETER) {
            snprintf(st->skip_why, sizeof st->skip_why, "--source hires: SetWaitableTimer(periodic): %s (error %lu)",
                     text, (unsigned long)code);
            return;
        }
        st->one_shot = 1;
        snprintf(st->call_fact, sizeof st->call_fact, "CreateWaitableTimerExW(HIGH_RESOLUTION), one-shot re-armed "
                 "each period (a periodic one refused: error %lu), SleepEx(alertable)", (unsigned long)code);
    }
}

static int wakeup_setup(const void *config, void **state, wb_error *err)
{
    wakeup_state *st = (wakeup_state *)calloc(1, sizeof *st);
    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    *state = st;
    st->cfg = *(const wakeup_config *)config;
    st->freq = wb_clock_freq();
    st->spin_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_WAKE_SPIN_US) * (double)st->freq / 1e6);
    st->late_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_WAKE_LATE_MS) * (double)st->freq / 1e3);
    st->setter_delay_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_SLOW_SETTER_MS) * (double)st->freq / 1e3);
    st->interval_ticks = (uint64_t)(st->cfg.interval * (double)st->freq);
    st->niv = (unsigned)(st->cfg.duration / st->cfg.interval) + 2;
    st->late = (wb_hist *)malloc(sizeof *st->late);
    st->gap = (wb_hist *)malloc(sizeof *st->gap);
    st->setter_late = (wb_hist *)malloc(sizeof *st->setter_late);
    st->iv = (wake_interval *)calloc(st->niv, sizeof *st->iv);
    if (st->late == NULL || st->gap == NULL || st->setter_late == NULL || st->iv == NULL) {
        wakeup_teardown(st);
        *state = NULL;
        wb_error_text(err, "out of memory");
        return -1;
    }
    choose_call(st);
    if (!st->skip_why[0]) read_timer_state(st);
    return 0;
}

/* Each wake-up, on the woken thread: integers only, nothing printed or allocated. */
static void each_wake(void *arg, uint64_t due, uint64_t woke, uint64_t coalesced)
{
    wakeup_state *st = (wakeup_state *)arg;
    int64_t late = (int64_t)(woke - due);
    uint64_t late_ns = late > 0 ? (uint64_t)late * 1000000000u / st->freq : 0;
    unsigned i = (unsigned)((woke - st->t0) / st->interval_ticks);
    (void)coalesced;
    if (late < 0) st->early++;
    if (late < st->late_min) st->late_min = late;
    wb_hist_record(st->late, late_ns);
    if (st->last_woke) wb_hist_record(st->gap, (woke - st->last_woke) * 1000000000u / st->freq);
    st->last_woke = woke;
    if (i >= st->niv) i = st->niv - 1;
    st->iv[i].wakes++;
    st->iv[i].late_sum_ns += late_ns;
    if (late_ns > st->iv[i].late_max_ns) st->iv[i].late_max_ns = late_ns;
}

/* Each set or post, on the setting thread (its own histogram): how late it was made. */
static void each_set(void *arg, uint64_t due, uint64_t set)
{
    wakeup_state *st = (wakeup_state *)arg;
    wb_hist_record(st->setter_late, set > due ? (set - due) * 1000000000u / st->freq : 0);
}

#define WAKEUP_METRICS(X)                                                                                              \
    X(M_WAKES, "wakes", NULL) X(M_FIRED, "fired", NULL) X(M_EXPECTED, "expected", NULL) X(M_MISSED, "missed", NULL)    \
    X(M_COALESCED, "coalesced", NULL) X(M_SPARE, "spare", NULL) X(M_WAKE_RATE, "wake_rate", "1/s") X(M_LATE_MEAN, "late_mean_us", "us") \
    X(M_LATE_MIN, "late_min_us", "us") X(M_LATE_P50, "late_p50_us", "us") X(M_LATE_P90, "late_p90_us", "us")           \
    X(M_LATE_P99, "late_p99_us", "us") X(M_LATE_P999, "late_p999_us", "us") X(M_LATE_MAX, "late_max_us", "us")         \
    X(M_EARLY, "early", NULL) X(M_GAP_P50, "interval_p50_us", "us") X(M_GAP_P99, "interval_p99_us", "us")              \
    X(M_SETTER_P50, "setter_late_p50_us", "us") X(M_SETTER_P99, "setter_late_p99_us", "us") X(M_PHASE, "phase_us", "us") \
    X(M_WAITER_CPU, "waiter_cpu_pct", "%") X(M_RES_SYSTEM, "res_system_ms", "ms") X(M_RES_EFFECTIVE, "res_effective_ms", "ms") \
    X(M_RES_COARSEST, "res_coarsest_ms", "ms") X(M_RES_FINEST, "res_finest_ms", "ms")
enum { WAKEUP_METRICS(WB_METRIC_ID) M_COUNT };
static const char *const wakeup_metric_names[] = { WAKEUP_METRICS(WB_METRIC_NAME) NULL };
static const char *const wakeup_metric_units[] = { WAKEUP_METRICS(WB_METRIC_UNIT) NULL };
/* The summary: wake-ups counted over every repetition, their lateness from the pooled
 * histograms (docs/csv.md says which column is which). */
static const wb_metric_summary wakeup_summary_rules[] = {
    WB_SUM_TOTAL_OF("wakes"), WB_SUM_TOTAL_OF("fired"), WB_SUM_TOTAL_OF("expected"), WB_SUM_TOTAL_OF("missed"),
    WB_SUM_TOTAL_OF("coalesced"), WB_SUM_TOTAL_OF("spare"), WB_SUM_TOTAL_OF("early"),
    { "late_mean_us", WB_SUM_HIST_MEAN, NULL, NULL, 0, 1000.0 }, { "late_min_us", WB_SUM_LEAST, NULL, NULL, 0, 0 },
    WB_SUM_US_PERCENTILE_OF("late_p50_us", 50), WB_SUM_US_PERCENTILE_OF("late_p90_us", 90),
    WB_SUM_US_PERCENTILE_OF("late_p99_us", 99), WB_SUM_US_PERCENTILE_OF("late_p999_us", 99.9),
    { "late_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    { NULL, 0, NULL, NULL, 0, 0 }
};
WB_LIST_MATCHES(wakeup_metric_names, M_COUNT, WB_MAX_METRICS, wakeup_metrics_fit);

/* res_effective_ms: what Sleep(1) took beside the repetition; res_system_ms: NtQueryTimerResolution's
 * system-wide figure at its end. */
static void fill_metrics(const wakeup_state *st, const wb_wake_result *res, double effective_ms, wb_sample *s)
{
    double coarsest, finest, system;
    double *m = s->metrics, wall = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double thr = (double)(s->iv.thr1.user + s->iv.thr1.kernel - s->iv.thr0.user - s->iv.thr0.kernel) * 1e-7;
    int i;
    for (i = 0; i < M_COUNT; i++) m[i] = NAN;
    if (wall <= 0) wall = 1e-9;
    m[M_WAKES] = (double)res->wakes;
    m[M_FIRED] = (double)res->fired;
    m[M_EXPECTED] = (double)res->expected;
    /* every due time is served by a wake-up, coalesced into one, or missed (none came for it) */
    m[M_MISSED] = res->expected > res->wakes + res->coalesced ? (double)(res->expected - res->wakes - res->coalesced) : 0;
    m[M_COALESCED] = (double)res->coalesced;
    m[M_SPARE] = (double)res->spare;
    m[M_WAKE_RATE] = (double)res->wakes / wall;
    if (st->late->count) {
        m[M_LATE_MEAN] = wb_hist_mean(st->late) / 1000.0;
        m[M_LATE_MIN] = (double)st->late_min * 1e6 / (double)st->freq;
        m[M_LATE_P50] = (double)wb_hist_percentile(st->late, 50) / 1000.0;
        m[M_LATE_P90] = (double)wb_hist_percentile(st->late, 90) / 1000.0;
        m[M_LATE_P99] = (double)wb_hist_percentile(st->late, 99) / 1000.0;
        m[M_LATE_P999] = (double)wb_hist_percentile(st->late, 99.9) / 1000.0;
        m[M_LATE_MAX] = (double)st->late->max / 1000.0;
    }
    m[M_EARLY] = (double)st->early;
    if (st->gap->count) {
        m[M_GAP_P50] = (double)wb_hist_percentile(st->gap, 50) / 1000.0;
        m[M_GAP_P99] = (double)wb_hist_percentile(st->gap, 99) / 1000.0;
    }
    if (st->setter_late->count) {
        m[M_SETTER_P50] = (double)wb_hist_percentile(st->setter_late, 50) / 1000.0;
        m[M_SETTER_P99] = (double)wb_hist_percentile(st->setter_late, 99) / 1000.0;
    }
    if (!wb_wake_by_thread(st->cfg.which) && !st->one_shot && st->cfg.which != WB_WAKE_SLEEP &&
        st->cfg.which != WB_WAKE_WAIT)
        m[M_PHASE] = (double)res->phase_ticks * 1e6 / (double)st->freq;
    m[M_WAITER_CPU] = 100.0 * thr / wall;
    if (wb_timer_resolution_range(&coarsest, &finest, &system) == 0) {
        m[M_RES_SYSTEM] = system;
        m[M_RES_COARSEST] = coarsest;
        m[M_RES_FINEST] = finest;
    }
    if (effective_ms > 0) m[M_RES_EFFECTIVE] = effective_ms;
}

/* The interval rows, after the repetition (writing them between wake-ups would make the next
 * one late): wake-ups, their mean and worst lateness, the rate. */
static void emit_intervals(const wakeup_state *st, wb_run_ctx *ctx, double wall)
{
    unsigned i, n = (unsigned)(wall / st->cfg.interval + 0.999);
    double m[WB_MAX_METRICS];
    if (n > st->niv) n = st->niv;
    for (i = 0; i < n; i++) {
        const wake_interval *w = &st->iv[i];
        double seconds = i + 1 < n ? st->cfg.interval : wall - st->cfg.interval * (double)i;
        int k;
        for (k = 0; k < M_COUNT; k++) m[k] = NAN;
        /* a last interval shorter than half of one (the tail after the schedule's end) would
         * give a rate of a few wake-ups: left out, as sockloop leaves it (they are in the totals) */
        if (seconds <= 0 || (i + 1 == n && i > 0 && seconds < st->cfg.interval / 2)) continue;
        m[M_WAKES] = (double)w->wakes;
        m[M_WAKE_RATE] = (double)w->wakes / seconds;
        if (w->wakes) {
            m[M_LATE_MEAN] = (double)w->late_sum_ns / (double)w->wakes / 1000.0;
            m[M_LATE_MAX] = (double)w->late_max_ns / 1000.0;
        }
        ctx->row(ctx, WB_ROW_INTERVAL, w->wakes, seconds, m);
    }
}

/* A source that cannot run: its repetition is the row that says why (its numbers empty). */
static int run_skipped(wakeup_state *st, wb_sample *sample)
{
    int k;
    for (k = 0; k < M_COUNT; k++) sample->metrics[k] = NAN;
    sample->skipped = st->skip_why;
    return 0;
}

/* A due time a periodic timer's phase may move: less than a period, and less than the timer
 * resolution in force (a tick of Windows' clock: what the timer's phase can be off by). */
static uint64_t phase_max(const wakeup_state *st, uint64_t period_ticks)
{
    uint64_t tick = (uint64_t)(st->res_current * 1e-3 * (double)st->freq);
    return tick > 0 && tick < period_ticks ? tick : period_ticks;
}

static int wakeup_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    wakeup_state *st = (wakeup_state *)state;
    wb_wake_plan plan;
    wb_wake_result res;
    wb_sleep_probe probe;
    double effective;
    int rc;
    if (st->skip_why[0]) return run_skipped(st, sample);
    wb_hist_reset(st->late);
    wb_hist_reset(st->gap);
    wb_hist_reset(st->setter_late);
    memset(st->iv, 0, st->niv * sizeof *st->iv);
    st->last_woke = st->early = 0;
    st->late_min = INT64_MAX;
    memset(&plan, 0, sizeof plan);
    plan.source = st->cfg.which;
    plan.period_ms = (DWORD)(st->cfg.period * 1e3 + 0.5);
    plan.period_ticks = st->cfg.rates.n ? st->freq / st->cfg.rates.v[0] : st->freq / 1000 * plan.period_ms;
    plan.spin_ticks = st->spin_ticks;
    plan.late_ticks = st->late_ticks;
    plan.setter_delay_ticks = st->setter_delay_ticks;
    plan.one_shot = st->one_shot;
    plan.fail_start = !strcmp(wb_test_hook_text(WB_HOOK_FAIL_SOURCE), wb_wake_name(st->cfg.which));
    plan.phase_max_ticks = phase_max(st, plan.period_ticks);
    plan.stop = ctx->stop;
    plan.each = each_wake;
    plan.each_set = each_set;
    plan.arg = st;
    plan.duration_ticks = (uint64_t)(st->cfg.duration * (double)st->freq);
    wb_sleep_probe_start(&probe);
    wb_interval_begin(&sample->iv);
    st->t0 = sample->iv.t0;
    rc = wb_wake_run(&plan, &res, err);
    wb_interval_end(&sample->iv);
    effective = wb_sleep_probe_stop(&probe);
    if (rc != 0) {   /* made, then refused: this source's row says why, the others run */
        snprintf(st->skip_why, sizeof st->skip_why, "--source %s: %s", wb_wake_name(st->cfg.which), err->what);
        return run_skipped(st, sample);
    }
    sample->ops = res.wakes;
    fill_metrics(st, &res, effective, sample);
    sample->latency = st->late->count ? st->late : NULL;   /* the lateness histogram, whole, for the row */
    emit_intervals(st, ctx, wb_ticks_to_s(sample->iv.t1 - sample->iv.t0));
    return 0;
}

/* ---- what the rows and the console say ------------------------------------------------------- */

#define WAKEUP_FACTS(X)                                                                             \
    X(F_CALL, "call") X(F_BEGIN_PERIOD, "begin_period") X(F_VISIBLE, "visible_window")
enum { WAKEUP_FACTS(WB_LIST_ID) F_COUNT };
static const char *const wakeup_fact_names[] = { WAKEUP_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(wakeup_fact_names, F_COUNT, WB_MAX_FACTS, wakeup_facts_fit);

static void wakeup_facts(void *state, const char **values)
{
    const wakeup_state *st = (const wakeup_state *)state;
    values[F_CALL] = st->call_fact;
    values[F_BEGIN_PERIOD] = st->begin_fact;
    values[F_VISIBLE] = st->visible_fact;
}

/* A lateness in us as people read it: "52.3 us", "1.204 ms". */
static const char *us_text(double us, char *buf, size_t cap)
{
    return us == us ? wb_format_duration(us * 1e-6, buf, cap) : "-";
}

static void print_figures(FILE *out, const double *m)
{
    char a[24], b[24], c[24], d[24], e[24];
    char f[24];
    wb_fprintf(out, "%.0f wake-ups (%.1f/s; of %.0f due: %.0f coalesced, %.0f missed), late p50 %s p90 %s p99 %s "
                 "max %s; between wake-ups p50 %s; waiter cpu %.1f%% of one CPU",
            m[M_WAKES], m[M_WAKE_RATE], m[M_EXPECTED], m[M_COALESCED], m[M_MISSED], us_text(m[M_LATE_P50], a, sizeof a),
            us_text(m[M_LATE_P90], b, sizeof b), us_text(m[M_LATE_P99], c, sizeof c), us_text(m[M_LATE_MAX], d, sizeof d),
            us_text(m[M_GAP_P50], e, sizeof e), m[M_WAITER_CPU]);
    if (m[M_SETTER_P50] == m[M_SETTER_P50])
        wb_fprintf(out, "; the setter itself late p50 %s", us_text(m[M_SETTER_P50], f, sizeof f));
    wb_fprintf(out, "\n");
}

static void wakeup_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    char name[64];
    wakeup_variant_name(variant, name, sizeof name);
    wb_fprintf(out, "  rep %u/%u %s: ", rep, reps, name);
    print_figures(out, s->metrics);
}

static void wakeup_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    const wakeup_config *v = (const wakeup_config *)variant;
    char name[64];
    wakeup_variant_name(variant, name, sizeof name);
    wb_fprintf(out, "  %s, median over %u rep%s: ", name, s->reps, s->reps == 1 ? "" : "s");
    print_figures(out, s->metrics);
    wb_fprintf(out, "    timer: this process had %.3g ms (Sleep(1) beside the run); system-wide %.3g ms (%.3g to %.3g ms "
               "possible)%s\n", s->metrics[M_RES_EFFECTIVE], s->metrics[M_RES_SYSTEM], s->metrics[M_RES_FINEST],
               s->metrics[M_RES_COARSEST], v->resolution == RES_1MS ? ", timeBeginPeriod(1) asked" : "");
}

/* A periodic timer that fired less often than asked, and wake-ups that came before their time,
 * are said: the first is the figure people miss, the second a timer that rounds its period. */
static int wakeup_rep_warnings(void *state, const wb_sample *sample,
                               void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const wakeup_state *st = (const wakeup_state *)state;
    const double *m = sample->metrics;
    char text[300];
    if (st->one_shot) {
        snprintf(text, sizeof text, "Windows refused a periodic high-resolution timer (error 87, as Windows 10 1809 "
                 "does): it was re-armed as a one-shot each period, each wake-up late from the time it was armed for");
        warn(into, WB_W(periodic_refused), text);
    }
    if (m[M_EXPECTED] > 0 && m[M_MISSED] > 0.02 * m[M_EXPECTED]) {
        snprintf(text, sizeof text, "%.0f of the %.0f due times had no wake-up (the stretch ended first, or the thread "
                 "could not keep the rate: it made %.0f sets)", m[M_MISSED], m[M_EXPECTED], m[M_FIRED]);
        warn(into, WB_W(wakes_missed), text);
    }
    if (m[M_EXPECTED] > 0 && m[M_COALESCED] > 0.02 * m[M_EXPECTED] && !wb_wake_by_thread(st->cfg.which)) {
        snprintf(text, sizeof text, "%.0f of the %.0f due times passed with no wake-up of their own (coalesced into "
                 "a later one): the source woke every %.3g ms at the median, not every period", m[M_COALESCED],
                 m[M_EXPECTED], m[M_GAP_P50] / 1000.0);
        warn(into, WB_W(wakes_coalesced), text);
    }
    if (m[M_EARLY] > 0) {
        snprintf(text, sizeof text, "%.0f wake-ups came before their time (as early as %.1f us): counted as 0 late in "
                 "the percentiles", m[M_EARLY], -m[M_LATE_MIN]);
        warn(into, WB_W(early_wakes), text);
    }
    return 0;
}

#define WAKEUP_SOURCE_NAME(id, name, by_thread) name "|"
#define WAKEUP_SOURCE_ORDER WB_WAKE_SOURCES(WAKEUP_SOURCE_NAME)
static const char *const wakeup_variant_columns[] = { "source", "period_ms", "rate", "resolution", NULL };
static const char *const wakeup_percentile_columns[] = { "late_p50_us", "late_p90_us", "late_p99_us", "late_p999_us",
                                                         "late_max_us", NULL };
static const char *const wakeup_percentile_names[] = { "p50", "p90", "p99", "p99.9", "max", NULL };
static const wb_report_spec wakeup_report = {
    .variant_columns = wakeup_variant_columns,
    .natural_column = "source",
    .natural_order = WAKEUP_SOURCE_ORDER,
    .metric = "late_p99_us",
    .unit = "p99 lateness (us)",
    .higher_is_better = 0,
    .better = "less late",
    .worse = "later",
    .percentiles.columns = wakeup_percentile_columns,
    .percentiles.names = wakeup_percentile_names,
    .percentiles.title = "lateness from the intended time, us",
    .percentiles.unit = "lateness (us)",
    .series.row = WB_ROW_INTERVAL,
    .series.metric = "late_mean_us",
    .series.metric_title = "interval mean lateness (us)",
    .series.rate = "wake_rate",
    .series.rate_title = "wake-ups/s",
    .series.line_column = "source",
    .traffic.load_column = "rate",
    .traffic.load_percentile = 2,
    .traffic.load_title = "p99 lateness (us) against the rate another thread wakes at (wake-ups/s)",
};

static double wakeup_rep_seconds(const void *variant)
{
    return ((const wakeup_config *)variant)->duration;
}

const wb_module wb_wakeup_module = {
    .name = "wakeup",
    .summary = "how late this Windows wakes a thread: Sleep, waits, multimedia, waitable, high-resolution and queue "
               "timers, and another thread's event, message and completion packet, each on a schedule",
    .op_name = "wake-up",
    .options = wakeup_options,
    .config_size = sizeof(wakeup_config),
    .check = wakeup_check,
    .setup = wakeup_setup,
    .run = wakeup_run,
    .teardown = wakeup_teardown,
    .fact_names = wakeup_fact_names,
    .facts = wakeup_facts,
    .metric_names = wakeup_metric_names,
    .metric_units = wakeup_metric_units,
    .summary_rules = wakeup_summary_rules,
    .rep_warnings = wakeup_rep_warnings,
    .print_rep = wakeup_print_rep,
    .print_summary = wakeup_print_summary,
    .fixed_schedule = 1,
    .rep_seconds = wakeup_rep_seconds,
    .latency_histogram = "each wake-up's lateness from the moment it was due (late_*_us)",
    .variant_name = wakeup_variant_name,
    .default_repeat = "1",
    .default_warmup = "0",
    .expand = wakeup_expand,
    .report = &wakeup_report,
};

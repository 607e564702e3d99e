/* calibrate: can this machine's measurements be trusted? A few seconds of checks on the clocks
 * and the CPU accounting every other benchmark relies on, as a module like the others (CSV,
 * repetitions), ending with one verdict line per check:
 *
 *   clock     QPC against GetTickCount and timeGetTime over the repetition, each interval taken
 *             between two edges of the slower clock, so its step does not blur the drift (ppm);
 *             a difference beyond 50 ms is a leap (KB274323): broken.
 *   cpus      QPC read on every CPU of the affinity mask in turn: a read lower than the one
 *             before it on another CPU is a backwards step (unsynchronised TSCs on multi-core XP).
 *   sleep     Sleep(1) with the timer as it is, and inside timeBeginPeriod(1): p50 and p99.
 *   duty      a workload busy 2 ms, asleep 8 ms (20%), measured three ways: as Windows charges it
 *             (GetThreadTimes, tick-sampled), by QPC (wall minus the time in Sleep) and in cycles
 *             (QueryThreadCycleTime, Vista+), against the 20% set.
 *
 * Test hooks (include/wb_test_hooks.h; tests/e2e_calibrate.c): WINBENCH_TEST_QPC_LEAP_MS=N adds
 * N ms to the QPC side of the clock check; WINBENCH_TEST_QPC_BACKWARDS=N adds N backwards steps
 * to the CPU check. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_sort.h"
#include "wb_module.h"
#include "wb_process.h"
#include "wb_test_hooks.h"
#include "wb_timer.h"
#include "wb_trust.h"
#include "wb_wakeup.h"
#include "wb_console.h"

#define MAX_SLEEPS 200

typedef struct calibrate_config {
    uint64_t sleeps, hops;
    double duration, duty_busy, duty_sleep, duty_time;
} calibrate_config;

#define O(field) offsetof(calibrate_config, field)
static const wb_option calibrate_options[] = {
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "3s",
      .help = "the clock check's span (the other checks run inside it)" },
    { .name = "sleeps", .type = WB_OPT_COUNT, .offset = O(sleeps), .def = "40", .min = 5, .max = MAX_SLEEPS,
      .help = "timed Sleep(1) calls per timer setting" },
    { .name = "hops", .type = WB_OPT_COUNT, .offset = O(hops), .def = "200", .min = 1, .max = 100000,
      .help = "rounds of QPC reads over every CPU of the affinity mask" },
    { .name = "duty-busy", .type = WB_OPT_SECONDS, .offset = O(duty_busy), .def = "2ms",
      .help = "busy part of the duty-cycle workload" },
    { .name = "duty-sleep", .type = WB_OPT_SECONDS, .offset = O(duty_sleep), .def = "8ms",
      .help = "asleep part of the duty-cycle workload" },
    { .name = "duty-time", .type = WB_OPT_SECONDS, .offset = O(duty_time), .def = "1s",
      .help = "how long the duty-cycle workload runs" },
    { .name = NULL }
};

static int calibrate_check(void *config, const wb_args *args, char *err, size_t cap)
{
    const calibrate_config *c = (const calibrate_config *)config;
    (void)args;
    if (c->duty_busy < 0.0005 || c->duty_sleep < 0.001) {
        snprintf(err, cap, "--duty-busy: at least 500us busy and 1ms asleep");
        return -1;
    }
    if (c->duty_time < 10 * (c->duty_busy + c->duty_sleep)) {
        snprintf(err, cap, "--duty-time: at least ten busy/asleep cycles (%g s)", 10 * (c->duty_busy + c->duty_sleep));
        return -1;
    }
    if (c->duration > 3600) {
        snprintf(err, cap, "--duration: at most 1h");
        return -1;
    }
    return 0;
}

#define CALIBRATE_METRICS(X)                                                                                           \
    X(M_CLOCK_S, "clock_s", "s") X(M_DRIFT_TICK, "drift_tick_ppm", "ppm") X(M_DRIFT_TGT, "drift_timegettime_ppm", "ppm") \
    X(M_LEAP_MS, "qpc_leap_ms", "ms") X(M_HOPS, "cpu_hops", NULL) X(M_BACKWARDS, "qpc_backwards", NULL)                \
    X(M_BACK_MAX, "qpc_backwards_max_us", "us") X(M_SLEEP_P50, "sleep1_ms_p50", "ms") X(M_SLEEP_P99, "sleep1_ms_p99", "ms") \
    X(M_SLEEP1_P50, "sleep1_ms_p50_1ms", "ms") X(M_SLEEP1_P99, "sleep1_ms_p99_1ms", "ms") X(M_DUTY_SET, "duty_pct_set", "%") \
    X(M_DUTY_OS, "duty_cpu_pct_os", "%") X(M_DUTY_BUSY, "duty_cpu_pct_busy", "%") X(M_DUTY_CYCLES, "duty_cpu_pct_cycles", "%") \
    X(M_TICK, "tick_ms_seen", "ms") X(M_DUTY_CYCLE_COUNT, "duty_cycles", NULL)
enum { CALIBRATE_METRICS(WB_METRIC_ID) M_COUNT };
WB_STATIC_ASSERT(M_COUNT <= WB_MAX_METRICS, calibrate_metrics_fit);
static const char *const calibrate_metric_names[] = { CALIBRATE_METRICS(WB_METRIC_NAME) NULL };
static const char *const calibrate_metric_units[] = { CALIBRATE_METRICS(WB_METRIC_UNIT) NULL };

typedef struct calibrate_state {
    calibrate_config cfg;
    const volatile LONG *stop;    /* the run context's stop request, for the checks' loops */
    double sleeps[MAX_SLEEPS];
} calibrate_state;

static int calibrate_setup(const void *config, void **state, wb_error *err)
{
    calibrate_state *st = (calibrate_state *)calloc(1, sizeof *st);
    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    st->cfg = *(const calibrate_config *)config;
    wb_cycles_hz();   /* measured once now, outside the checks */
    *state = st;
    return 0;
}

static void calibrate_teardown(void *state)
{
    free(state);
}

/* ---- clock: QPC at an edge of a slower clock --------------------------------------------------- */

typedef DWORD (*ms_clock_fn)(void);
static DWORD tick_count(void) { return GetTickCount(); }
static DWORD time_get_time(void) { return wb_time_get_time(); }

/* A clock read at its step pairs its new value with the QPC read right after. Seen late, the
 * pair is off by the lateness, and only ever one way (the QPC later than the step): this
 * thread preempted between the reads on a busy machine, or, under Wine, the tick count written
 * late (the wineserver, another process, writes it into the shared user data when it runs:
 * server/fd.c). Of EDGE_STEPS steps the one with the least offset from QPC is the truest
 * (the lower envelope, as NTP keeps the sample with the least delay); 8 steps of Windows'
 * 15.625 ms tick are 125 ms, every phase of that tick against the millisecond once. */
#define EDGE_STEPS 8

/* Waits for EDGE_STEPS steps of the clock and returns the QPC read of the least late one, with
 * the clock's value there in *value. A clock that does not step in 100 ms stands still: its
 * last reading is returned as it is, and the check judges it. */
static uint64_t at_edge(ms_clock_fn clock, DWORD *value)
{
    DWORD v = clock(), first_v = 0, best_v = v;
    uint64_t t = wb_ticks(), first_t = 0, best_t = t;
    double best_offset = 0;
    int step;
    for (step = 0; step < EDGE_STEPS; step++) {
        DWORD start = v;
        uint64_t t0 = wb_ticks();
        double offset;
        do {
            v = clock();
            t = wb_ticks();
        } while (v == start && wb_ticks_to_s(t - t0) < 0.1);
        if (v == start) {   /* no step in 100 ms */
            if (step == 0) {
                best_t = t;
                best_v = v;
            }
            break;
        }
        if (step == 0) {
            first_t = t;
            first_v = v;
        }
        offset = wb_ticks_to_s(t - first_t) - (double)(DWORD)(v - first_v) / 1e3;
        if (step == 0 || offset < best_offset) {
            best_offset = offset;
            best_t = t;
            best_v = v;
        }
    }
    *value = best_v;
    return best_t;
}

/* ---- cpus: QPC on every CPU in turn ---------------------------------------------------------- */

static void hop_cpus(calibrate_state *st, double *m)
{
    DWORD_PTR process = 0, bit;
    HANDLE self = GetCurrentThread();
    uint64_t last = 0, round, hops = 0, backwards = 0;
    double worst_us = 0;
    int first = 1;
    wb_usable_cpus(&process);
    for (round = 0; round < st->cfg.hops && !*st->stop; round++)
        for (bit = 1; bit != 0; bit <<= 1) {
            uint64_t t;
            if (!(process & bit) || !SetThreadAffinityMask(self, bit)) continue;
            Sleep(0);   /* let the scheduler move the thread to that CPU now */
            t = wb_ticks();
            if (!first && t < last) {
                backwards++;
                if (wb_ticks_to_s(last - t) * 1e6 > worst_us) worst_us = wb_ticks_to_s(last - t) * 1e6;
            }
            first = 0;
            last = t;
            hops++;
        }
    SetThreadAffinityMask(self, process);
    backwards += (uint64_t)wb_test_hook_number(WB_HOOK_QPC_BACKWARDS);
    if (wb_test_hook_number(WB_HOOK_QPC_BACKWARDS) > 0 && worst_us == 0) worst_us = 1;
    m[M_HOPS] = (double)hops;
    m[M_BACKWARDS] = (double)backwards;
    m[M_BACK_MAX] = worst_us;
}

/* ---- sleep: Sleep(1) as it is, and with a 1 ms period ------------------------------------------ */

/* Each Sleep(1)'s length, from its call to its wake-up: wakeup's "sleep" source (its code,
 * include/wb_wakeup.h) hands each wake-up over late from its call + the period, 1 ms. */
typedef struct sleep_lengths {
    double *ms;
    uint64_t freq;
    unsigned n;
} sleep_lengths;

static void each_sleep(void *arg, uint64_t due, uint64_t woke, uint64_t coalesced)
{
    sleep_lengths *s = (sleep_lengths *)arg;
    (void)coalesced;
    s->ms[s->n++] = ((double)(woke - due) + (double)(s->freq / 1000)) * 1e3 / (double)s->freq;
}

static void sleep_distribution(calibrate_state *st, double *p50, double *p99)
{
    sleep_lengths lengths;
    wb_wake_plan plan;
    wb_wake_result res;
    wb_error err;
    unsigned n;
    memset(&plan, 0, sizeof plan);
    lengths.ms = st->sleeps;
    lengths.n = 0;
    lengths.freq = wb_clock_freq();
    plan.source = WB_WAKE_SLEEP;
    plan.period_ms = 1;
    plan.period_ticks = lengths.freq / 1000;
    plan.max_wakes = st->cfg.sleeps;
    plan.duration_ticks = (uint64_t)1 << 62;   /* the count decides */
    plan.stop = st->stop;
    plan.each = each_sleep;
    plan.arg = &lengths;
    if (wb_wake_run(&plan, &res, &err) != 0) return;
    n = lengths.n;
    if (n == 0) return;
    wb_sort_doubles(st->sleeps, n);
    *p50 = st->sleeps[n / 2];
    *p99 = st->sleeps[(size_t)((n - 1) * 0.99 + 0.5)];
}

/* ---- duty: busy a known share of the time, measured three ways --------------------------------- */

static void duty_cycle(const calibrate_state *st, double *m)
{
    const double busy_s = st->cfg.duty_busy, sleep_s = st->cfg.duty_sleep;
    DWORD sleep_ms = (DWORD)(sleep_s * 1e3 + 0.5);
    wb_cpu_times c0, c1;
    uint64_t t0, t1, slept = 0, cyc0 = 0, cyc1 = 0;
    int have_cycles = wb_thread_cycles(&cyc0) == 0;
    volatile double sink = 0;
    wb_cpu_thread(&c0);
    t0 = wb_ticks();
    do {
        uint64_t start = wb_ticks(), before;
        while (wb_ticks_to_s(wb_ticks() - start) < busy_s) sink += 1.0;
        before = wb_ticks();
        Sleep(sleep_ms);
        slept += wb_ticks() - before;
        t1 = wb_ticks();
    } while (wb_ticks_to_s(t1 - t0) < st->cfg.duty_time && !*st->stop);
    wb_cpu_thread(&c1);
    if (have_cycles) have_cycles = wb_thread_cycles(&cyc1) == 0;
    (void)sink;
    {
        double wall = wb_ticks_to_s(t1 - t0);
        m[M_DUTY_SET] = 100.0 * busy_s / (busy_s + sleep_s);
        m[M_DUTY_OS] = 100.0 * (double)(c1.user + c1.kernel - c0.user - c0.kernel) * 1e-7 / wall;
        m[M_DUTY_BUSY] = 100.0 * (wall - wb_ticks_to_s(slept)) / wall;
        m[M_DUTY_CYCLES] = have_cycles && wb_cycles_hz() > 0 ? 100.0 * (double)(cyc1 - cyc0) / wb_cycles_hz() / wall : NAN;
        m[M_DUTY_CYCLE_COUNT] = have_cycles ? (double)(cyc1 - cyc0) : NAN;   /* cycles as cycles */
    }
}

/* ---- one repetition --------------------------------------------------------------------------- */

static int calibrate_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    calibrate_state *st = (calibrate_state *)state;
    double *m = sample->metrics;
    DWORD tick_a, tick_b, tgt_a = 0, tgt_b = 0;
    uint64_t q_tick_a, q_tick_b, q_tgt_a = 0, q_tgt_b = 0, end;
    int period = wb_timer_1ms_begin();   /* timeGetTime in 1 ms steps for the clock check */
    ms_clock_fn tgt = period ? time_get_time : NULL;
    double p50 = NAN, p99 = NAN;
    int i;
    (void)err;
    st->stop = ctx->stop;
    for (i = 0; i < WB_MAX_METRICS; i++) m[i] = NAN;

    wb_interval_begin(&sample->iv);
    q_tick_a = at_edge(tick_count, &tick_a);
    if (tgt) q_tgt_a = at_edge(tgt, &tgt_a);
    end = q_tick_a + (uint64_t)(st->cfg.duration * (double)wb_clock_freq());

    ctx->permille = 100;
    hop_cpus(st, m);
    ctx->permille = 200;
    duty_cycle(st, m);
    ctx->permille = 500;
    sleep_distribution(st, &m[M_SLEEP1_P50], &m[M_SLEEP1_P99]);   /* inside the 1 ms period */
    wb_timer_1ms_end(period);
    ctx->permille = 600;
    sleep_distribution(st, &p50, &p99);                            /* the timer as it is */
    m[M_SLEEP_P50] = p50;
    m[M_SLEEP_P99] = p99;
    period = wb_timer_1ms_begin();
    while (wb_ticks() < end && !*st->stop) {
        ctx->permille = (LONG)(600 + 400 * (1.0 - wb_ticks_to_s(end - wb_ticks()) / st->cfg.duration));
        Sleep(20);
    }
    if (tgt && period) q_tgt_b = at_edge(tgt, &tgt_b);
    q_tick_b = at_edge(tick_count, &tick_b);
    wb_interval_end(&sample->iv);
    wb_timer_1ms_end(period);

    {
        uint64_t leap = (uint64_t)(wb_test_hook_number(WB_HOOK_QPC_LEAP_MS) / 1e3 * (double)wb_clock_freq());
        double qpc_s = wb_ticks_to_s(q_tick_b - q_tick_a + leap), tick_s = (double)(DWORD)(tick_b - tick_a) / 1e3;
        m[M_CLOCK_S] = qpc_s;
        m[M_DRIFT_TICK] = tick_s > 0 ? (qpc_s - tick_s) / tick_s * 1e6 : NAN;
        m[M_LEAP_MS] = fabs(qpc_s - tick_s) * 1e3;
        if (tgt && q_tgt_b > q_tgt_a) {
            double q = wb_ticks_to_s(q_tgt_b - q_tgt_a + leap), t = (double)(DWORD)(tgt_b - tgt_a) / 1e3;
            m[M_DRIFT_TGT] = t > 0 ? (q - t) / t * 1e6 : NAN;
            if (fabs(q - t) * 1e3 > m[M_LEAP_MS]) m[M_LEAP_MS] = fabs(q - t) * 1e3;
        }
    }
    m[M_TICK] = wb_tick_ms();
    sample->ops = (uint64_t)m[M_HOPS];
    return 0;
}

/* ---- verdicts ----------------------------------------------------------------------------------- */

static void calibrate_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    const double *m = s->metrics;
    (void)variant;   /* one configuration reads the same */
    wb_fprintf(out, "  rep %u/%u: QPC vs GetTickCount %+.0f ppm, vs timeGetTime %+.0f ppm over %.1f s; "
                 "%.0f CPU hops, %.0f backwards; Sleep(1) p50 %.2f ms (1 ms period: %.2f ms); "
                 "duty %.0f%% set: %.1f%% charged, %.1f%% busy by QPC",
            rep, reps, m[M_DRIFT_TICK], m[M_DRIFT_TGT], m[M_CLOCK_S], m[M_HOPS], m[M_BACKWARDS], m[M_SLEEP_P50],
            m[M_SLEEP1_P50], m[M_DUTY_SET], m[M_DUTY_OS], m[M_DUTY_BUSY]);
    if (m[M_DUTY_CYCLES] == m[M_DUTY_CYCLES]) wb_fprintf(out, ", %.1f%% in cycles", m[M_DUTY_CYCLES]);
    wb_fprintf(out, "\n");
}

/* The four checks as values (wb_trust.h holds the thresholds): cal_clock, cal_cpus,
 * cal_timer, cal_cpu in the CSV, each "ok", "warn" or "broken". */
#define CALIBRATE_VERDICTS(X) X(V_CLOCK, "cal_clock") X(V_CPUS, "cal_cpus") X(V_TIMER, "cal_timer") X(V_CPU, "cal_cpu")
enum { CALIBRATE_VERDICTS(WB_LIST_ID) V_COUNT };
static const char *const calibrate_verdict_names[] = { CALIBRATE_VERDICTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(calibrate_verdict_names, V_COUNT, WB_MAX_FACTS, calibrate_verdicts_fit);

static void judge(const double *m, wb_verdict *v)
{
    v[V_CLOCK] = wb_trust_clock(m[M_LEAP_MS], m[M_DRIFT_TICK]);
    v[V_CPUS] = wb_trust_cpus(m[M_BACKWARDS]);
    v[V_TIMER] = wb_trust_timer(m[M_SLEEP_P50], m[M_SLEEP1_P50]);
    v[V_CPU] = wb_trust_cpu(m[M_DUTY_SET], m[M_DUTY_OS], m[M_DUTY_BUSY]);
}

static void calibrate_verdicts(const double *metrics, const char **values)
{
    wb_verdict v[V_COUNT];
    int i;
    judge(metrics, v);
    for (i = 0; i < V_COUNT; i++) values[i] = wb_verdict_name(v[i]);
}

/* One line per check: its verdict, and what to do about it. */
static void calibrate_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    const double *m = s->metrics;
    double tick = m[M_TICK];
    wb_verdict v[V_COUNT];
    (void)variant;   /* one configuration reads the same */
    judge(m, v);
    if (v[V_CLOCK] == WB_VERDICT_BROKEN)
        wb_fprintf(out, "  clock:  broken: QPC and GetTickCount differ by %.0f ms over %.1f s (a QPC leap, KB274323): "
                     "no timing on this machine can be trusted; try the /usepmtimer boot switch\n", m[M_LEAP_MS], m[M_CLOCK_S]);
    else if (v[V_CLOCK] == WB_VERDICT_WARN)
        wb_fprintf(out, "  clock:  warn: QPC drifts %+.0f ppm from GetTickCount: rates are off by that much; "
                     "compare runs on this machine only\n", m[M_DRIFT_TICK]);
    else
        wb_fprintf(out, "  clock:  ok: QPC agrees with GetTickCount (%+.0f ppm) and timeGetTime (%+.0f ppm)\n", m[M_DRIFT_TICK],
                m[M_DRIFT_TGT]);
    if (v[V_CPUS] == WB_VERDICT_BROKEN)
        wb_fprintf(out, "  cpus:   broken: QPC went backwards %.0f times (by up to %.1f us) moving between CPUs: "
                     "pin every run with --affinity 0x1\n", m[M_BACKWARDS], m[M_BACK_MAX]);
    else
        wb_fprintf(out, "  cpus:   ok: QPC never went backwards over %.0f moves between CPUs\n", m[M_HOPS]);
    if (v[V_TIMER] == WB_VERDICT_BROKEN)
        wb_fprintf(out, "  timer:  broken: Sleep(1) takes %.1f ms even with timeBeginPeriod(1) (Windows 11 power throttling?): "
                     "idle's mouse and sockloop's sender will be coarser than asked\n", m[M_SLEEP1_P50]);
    else if (v[V_TIMER] == WB_VERDICT_WARN)
        wb_fprintf(out, "  timer:  warn: Sleep(1) takes %.1f ms with the default timer, %.2f ms with timeBeginPeriod(1); "
                     "idle and sockloop raise it themselves\n", m[M_SLEEP_P50], m[M_SLEEP1_P50]);
    else
        wb_fprintf(out, "  timer:  ok: Sleep(1) takes %.2f ms (%.2f ms with timeBeginPeriod(1))\n", m[M_SLEEP_P50], m[M_SLEEP1_P50]);
    if (v[V_CPU] == WB_VERDICT_BROKEN)
        wb_fprintf(out, "  cpu:    broken: the %.0f%% workload measured %.1f%% by QPC: something else ran; rerun on a quiet machine\n",
                m[M_DUTY_SET], m[M_DUTY_BUSY]);
    else if (v[V_CPU] == WB_VERDICT_WARN)
        wb_fprintf(out, "  cpu:    warn: Windows charged %.1f%% for a %.0f%% load (clock tick %.1f ms): trust the *_busy_pct "
                     "columns; don't trust CPU%% below %.0f%% in a 15 s run (fewer than %d ticks charged)\n",
                m[M_DUTY_OS], m[M_DUTY_SET], tick, tick > 0 ? 100.0 * WB_TRUST_MIN_TICKS * tick / 1e3 / 15.0 : 0.0,
                WB_TRUST_MIN_TICKS);
    else
        wb_fprintf(out, "  cpu:    ok: a %.0f%% load was charged %.1f%% and measured %.1f%% by QPC\n", m[M_DUTY_SET], m[M_DUTY_OS],
                m[M_DUTY_BUSY]);
}

static const char *const calibrate_variant_columns[] = { "duration_s", NULL };
static const wb_report_spec calibrate_report = {
    .variant_columns = calibrate_variant_columns,
    .metric = "sleep1_ms_p50",
    .unit = "Sleep(1) (ms)",
    .higher_is_better = 0,
    .better = "finer timer",
    .worse = "coarser timer",
};

const wb_module wb_calibrate_module = {
    .name = "calibrate",
    .summary = "can this machine's measurements be trusted? QPC drift and leaps, QPC across CPUs, Sleep(1), CPU accounting",
    .op_name = "CPU hop",
    .options = calibrate_options,
    .config_size = sizeof(calibrate_config),
    .check = calibrate_check,
    .setup = calibrate_setup,
    .run = calibrate_run,
    .teardown = calibrate_teardown,
    .metric_names = calibrate_metric_names,
    .metric_units = calibrate_metric_units,
    .verdict_names = calibrate_verdict_names,
    .verdicts = calibrate_verdicts,
    .print_rep = calibrate_print_rep,
    .print_summary = calibrate_print_summary,
    .fixed_schedule = 1,
    .default_repeat = "1",
    .default_warmup = "0",
    .report = &calibrate_report,
};

/* stalls: is it the machine? One thread per usable CPU, pinned to it at the process's priority
 * (what a benchmark thread feels), spins reading QPC for --duration; every step between two reads
 * longer than --threshold is a gap: time the CPU was taken from a running thread
 * (include/wb_stalls.h). Each gap of 1 ms or more is put in a kind (interrupts / DPCs,
 * preempted, invisible, unknown) from the counters read around it. The rep row is the machine's
 * (every CPU's gaps pooled: its percentiles, its HDR histogram); a "cpu" row each CPU's; a
 * "cpu_interval" row each CPU's interval (where in the run the gaps came) and an "interval" row
 * the machine's. Nothing is allocated or
 * written while the threads spin: the gaps go to arrays made at set-up. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_clock.h"
#include "wb_console.h"
#include "wb_hist.h"
#include "wb_module.h"
#include "wb_stalls.h"
#include "wb_units.h"

#define MAX_SPINNERS 64
#define GAPS_KEPT 65536            /* a CPU's gaps kept for the interval rows (more are counted) */
#define CLASSIFY_ABOVE_S 1e-3      /* gaps this long or longer get a kind */

typedef struct stalls_config {
    double duration, interval, threshold;
} stalls_config;

#define O(field) offsetof(stalls_config, field)
static const wb_option stalls_options[] = {
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "5s",
      .help = "how long the threads spin, each repetition" },
    { .name = "interval", .type = WB_OPT_SECONDS, .offset = O(interval), .def = "1s",
      .help = "time between interval rows (where in the run the gaps came)" },
    { .name = "threshold", .type = WB_OPT_SECONDS, .offset = O(threshold), .def = "20us", .unit = WB_UNIT_US,
      .help = "a step of the spinning loop longer than this is a gap (at least 10 turns of the loop)" },
    { .name = NULL }
};
#undef O

static int stalls_check(void *config, const wb_args *args, char *err, size_t cap)
{
    stalls_config *c = (stalls_config *)config;
    (void)args;
    if (c->duration < 0.1 || c->duration > 3600) {
        snprintf(err, cap, "--duration: %g s is outside 0.1 s .. 1 h", c->duration);
        return -1;
    }
    if (c->interval < 0.05 || c->interval > c->duration) {
        snprintf(err, cap, "--interval: %g s: at least 50 ms and at most --duration", c->interval);
        return -1;
    }
    if (!(c->threshold > 0) || c->threshold > 1) {
        snprintf(err, cap, "--threshold: %g s is outside 0 .. 1 s", c->threshold);
        return -1;
    }
    return 0;
}

/* One interval's gaps: how many, the time they took, the longest and where it began. */
typedef struct tally {
    uint64_t count, lost, longest, longest_at;
} tally;

typedef struct spinner {
    HANDLE thread, start, done;   /* start and done: auto-reset, one repetition each */
    int cpu;
    wb_spin_log log;
    struct stalls_state *st;
} spinner;

typedef struct stalls_state {
    stalls_config cfg;
    spinner spin[MAX_SPINNERS];
    int n;
    volatile LONG quit;           /* teardown: the spinners return */
    uint64_t t_end;
    const volatile LONG *stop;
    double turn_ns;
    wb_hist *machine;             /* every CPU's gaps pooled */
    tally *machine_iv;     /* each interval's, every CPU's gaps pooled */
    unsigned nintervals;
    char turn_fact[32], cpus_fact[16];
    const char *counters;
} stalls_state;

/* A spinner waits for each repetition's start, spins until its end, says it is done. */
static DWORD WINAPI spinner_main(void *arg)
{
    spinner *s = (spinner *)arg;
    for (;;) {
        WaitForSingleObject(s->start, INFINITE);
        if (s->st->quit) return 0;
        wb_spin_for_gaps(&s->log, s->st->t_end, s->st->stop);
        SetEvent(s->done);
    }
}

static void stalls_teardown(void *state)
{
    stalls_state *st = (stalls_state *)state;
    int i;
    if (st == NULL) return;
    InterlockedExchange(&st->quit, 1);
    for (i = 0; i < st->n; i++) {
        if (st->spin[i].thread) {
            SetEvent(st->spin[i].start);
            WaitForSingleObject(st->spin[i].thread, 10000);
            CloseHandle(st->spin[i].thread);
        }
        if (st->spin[i].start) CloseHandle(st->spin[i].start);
        if (st->spin[i].done) CloseHandle(st->spin[i].done);
        free(st->spin[i].log.gaps);
        free(st->spin[i].log.hist);
    }
    free(st->machine);
    free(st->machine_iv);
    free(st);
}

/* One spinner for CPU cpu: its events, its arrays, its thread pinned there. */
static int make_spinner(stalls_state *st, spinner *s, int cpu, wb_error *err)
{
    s->st = st, s->cpu = cpu;
    s->log.cpu = cpu;
    s->log.threshold = (uint64_t)(st->cfg.threshold * (double)wb_clock_freq());
    s->log.long_gap = (uint64_t)(CLASSIFY_ABOVE_S * (double)wb_clock_freq());
    if (s->log.long_gap < s->log.threshold) s->log.long_gap = s->log.threshold;
    s->log.cap = GAPS_KEPT;
    s->log.gaps = (wb_gap *)calloc(GAPS_KEPT, sizeof *s->log.gaps);
    s->log.hist = (wb_hist *)calloc(1, sizeof *s->log.hist);
    s->start = CreateEventA(NULL, FALSE, FALSE, NULL);
    s->done = CreateEventA(NULL, FALSE, FALSE, NULL);
    if (!s->log.gaps || !s->log.hist || !s->start || !s->done) {
        wb_error_text(err, "out of memory (a spinner's gaps and histogram)");
        return -1;
    }
    s->thread = CreateThread(NULL, 0, spinner_main, s, CREATE_SUSPENDED, NULL);
    if (s->thread == NULL || !SetThreadAffinityMask(s->thread, (DWORD_PTR)1 << cpu)) {
        wb_error_win32(err, s->thread ? "SetThreadAffinityMask" : "CreateThread", GetLastError());
        return -1;
    }
    ResumeThread(s->thread);
    return 0;
}

static int stalls_setup(const void *config, void **state, wb_error *err)
{
    stalls_state *st = (stalls_state *)calloc(1, sizeof *st);
    DWORD_PTR process = 0, system = 0;
    int cpu;
    *state = st;
    if (st == NULL || (st->machine = (wb_hist *)calloc(1, sizeof *st->machine)) == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    memcpy(&st->cfg, config, sizeof st->cfg);
    st->nintervals = (unsigned)ceil(st->cfg.duration / st->cfg.interval) + 1;
    if ((st->machine_iv = (tally *)calloc(st->nintervals, sizeof *st->machine_iv)) == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    /* the loop's own cost: a gap must be longer than several turns of it to be one */
    st->turn_ns = wb_spin_turn_ns();
    if (st->cfg.threshold * 1e9 < 10 * st->turn_ns) {
        wb_error_text(err, "--threshold: %.1f ns is shorter than 10 turns of the spinning loop (%.1f ns a turn on "
                      "this thread): no gap could be told from the loop's own steps", st->cfg.threshold * 1e9,
                      st->turn_ns);
        return -1;
    }
    GetProcessAffinityMask(GetCurrentProcess(), &process, &system);
    for (cpu = 0; cpu < MAX_SPINNERS && cpu < (int)(8 * sizeof process); cpu++)
        if ((process >> cpu & 1) && make_spinner(st, &st->spin[st->n++], cpu, err) != 0) return -1;
    snprintf(st->turn_fact, sizeof st->turn_fact, "%.1f", st->turn_ns);
    snprintf(st->cpus_fact, sizeof st->cpus_fact, "%d", st->n);
    st->counters = wb_stall_counters_read();
    return 0;
}

/* ---- one repetition ------------------------------------------------------------------------- */

#define STALLS_METRICS(X)                                                                                    \
    X(M_CPU, "cpu", NULL) X(M_AT, "at_s", "s") X(M_GAPS, "gaps", NULL) X(M_PER_S, "stalls_per_s", "1/s")        \
    X(M_LOST_PCT, "lost_pct", "%") X(M_LOST_MS, "lost_ms", "ms") X(M_P50, "gap_p50_us", "us")                   \
    X(M_P99, "gap_p99_us", "us") X(M_MIN, "gap_min_us", "us") X(M_MAX, "gap_max_us", "us")                      \
    X(M_MAX_AT, "gap_max_at_s", "s") X(M_INTERRUPTS, "gaps_interrupts", NULL)                                   \
    X(M_PREEMPTED, "gaps_preempted", NULL) X(M_INVISIBLE, "gaps_invisible", NULL)                              \
    X(M_UNKNOWN, "gaps_unknown", NULL) X(M_TURN_NS, "turn_ns", "ns") X(M_CPUS, "cpus_spun", NULL)
enum { STALLS_METRICS(WB_METRIC_ID) M_COUNT };
static const char *const stalls_metric_names[] = { STALLS_METRICS(WB_METRIC_NAME) NULL };
static const char *const stalls_metric_units[] = { STALLS_METRICS(WB_METRIC_UNIT) NULL };
WB_LIST_MATCHES(stalls_metric_names, M_COUNT, WB_MAX_METRICS, stalls_metrics_fit);

/* A histogram's figures into a row: its percentiles, least and most, in us. */
static void hist_figures(const wb_hist *h, double *m)
{
    if (h->count == 0) return;
    m[M_P50] = (double)wb_hist_percentile(h, 50) / 1000.0;
    m[M_P99] = (double)wb_hist_percentile(h, 99) / 1000.0;
    m[M_MIN] = (double)h->min / 1000.0;
    m[M_MAX] = (double)h->max / 1000.0;
}

/* Gaps, their rate, the time they took (of `cpus` CPUs over `seconds`), and the longest's time. */
static void gap_figures(double *m, uint64_t gaps, uint64_t lost, double seconds, int cpus, double longest_at_s)
{
    m[M_GAPS] = (double)gaps;
    m[M_PER_S] = seconds > 0 ? (double)gaps / seconds : NAN;
    m[M_LOST_MS] = wb_ticks_to_s(lost) * 1e3;
    m[M_LOST_PCT] = seconds > 0 ? 100.0 * wb_ticks_to_s(lost) / (seconds * cpus) : NAN;
    if (gaps) m[M_MAX_AT] = longest_at_s;
}

static void clear(double *m)
{
    int k;
    for (k = 0; k < M_COUNT; k++) m[k] = NAN;
}

static void add_gap(tally *t, uint64_t at, uint64_t ticks)
{
    t->count++, t->lost += ticks;
    if (ticks > t->longest) t->longest = ticks, t->longest_at = at;
}

/* Interval i's row of `kind` (of n, the run `seconds` long) from its tally over `cpus` CPUs. */
static void interval_row(const stalls_state *st, wb_run_ctx *ctx, const char *kind, double cpu, unsigned i, unsigned n,
                         double seconds, const tally *t, uint64_t t0, int cpus)
{
    double m[WB_MAX_METRICS], length = i + 1 < n ? st->cfg.interval : seconds - st->cfg.interval * (double)i;
    clear(m);
    m[M_CPU] = cpu;
    m[M_AT] = st->cfg.interval * (i + 1) < seconds ? st->cfg.interval * (i + 1) : seconds;
    gap_figures(m, t->count, t->lost, length, cpus, wb_ticks_to_s(t->longest_at - t0));
    if (t->count) m[M_MAX] = wb_ticks_to_s(t->longest) * 1e6;
    ctx->row(ctx, kind, t->count, length, m);
}

/* The interval rows from each CPU's gaps kept, by where each began: a "cpu_interval" row per CPU
 * and interval, then an "interval" row per interval for the machine (every CPU pooled). */
static void emit_intervals(stalls_state *st, wb_run_ctx *ctx, uint64_t t0, double seconds)
{
    const uint64_t width = (uint64_t)(st->cfg.interval * (double)wb_clock_freq());
    unsigned n = (unsigned)ceil(seconds / st->cfg.interval - 1e-9), i;
    int c;
    if (n > st->nintervals) n = st->nintervals;
    memset(st->machine_iv, 0, n * sizeof *st->machine_iv);
    for (c = 0; c < st->n; c++) {
        const wb_spin_log *log = &st->spin[c].log;
        size_t g = 0;
        for (i = 0; i < n; i++) {
            tally t;
            memset(&t, 0, sizeof t);
            for (; g < log->kept && (log->gaps[g].at < t0 + width * (i + 1) || i + 1 == n); g++) {
                add_gap(&t, log->gaps[g].at, log->gaps[g].ticks);
                add_gap(&st->machine_iv[i], log->gaps[g].at, log->gaps[g].ticks);
            }
            interval_row(st, ctx, "cpu_interval", st->spin[c].cpu, i, n, seconds, &t, t0, 1);
        }
    }
    for (i = 0; i < n; i++) interval_row(st, ctx, WB_ROW_INTERVAL, NAN, i, n, seconds, &st->machine_iv[i], t0, st->n);
}

/* The machine's row (every CPU pooled) into the sample; each CPU's row and interval rows. */
static void fill_rows(stalls_state *st, wb_run_ctx *ctx, wb_sample *sample, uint64_t t0, double seconds)
{
    double *m = sample->metrics, c[WB_MAX_METRICS];
    uint64_t gaps = 0, lost = 0, longest = 0, longest_at = t0;
    int i, k;
    clear(m);
    wb_hist_reset(st->machine);
    for (k = M_INTERRUPTS; k <= M_UNKNOWN; k++) m[k] = 0;
    for (i = 0; i < st->n; i++) {
        const wb_spin_log *log = &st->spin[i].log;
        gaps += log->count, lost += log->lost;
        if (log->longest > longest) longest = log->longest, longest_at = log->longest_at;
        wb_hist_merge(st->machine, log->hist);
        for (k = 0; k < WB_STALL_KIND_COUNT; k++) m[M_INTERRUPTS + k] += (double)log->kinds[k];
        clear(c);
        c[M_CPU] = st->spin[i].cpu;
        gap_figures(c, log->count, log->lost, seconds, 1, wb_ticks_to_s(log->longest_at - t0));
        hist_figures(log->hist, c);
        for (k = 0; k < WB_STALL_KIND_COUNT; k++) c[M_INTERRUPTS + k] = (double)log->kinds[k];
        ctx->row(ctx, "cpu", log->count, seconds, c);
    }
    emit_intervals(st, ctx, t0, seconds);
    gap_figures(m, gaps, lost, seconds, st->n, wb_ticks_to_s(longest_at - t0));
    hist_figures(st->machine, m);
    m[M_TURN_NS] = st->turn_ns;
    m[M_CPUS] = st->n;
    sample->ops = gaps;
    sample->latency = st->machine->count ? st->machine : NULL;
}

static int stalls_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    stalls_state *st = (stalls_state *)state;
    HANDLE done[MAX_SPINNERS];
    int i;
    (void)err;
    for (i = 0; i < st->n; i++) wb_hist_reset(st->spin[i].log.hist), done[i] = st->spin[i].done;
    st->stop = ctx->stop;
    wb_interval_begin(&sample->iv);
    st->t_end = sample->iv.t0 + (uint64_t)(st->cfg.duration * (double)wb_clock_freq());
    for (i = 0; i < st->n; i++) SetEvent(st->spin[i].start);
    WaitForMultipleObjects((DWORD)st->n, done, TRUE, INFINITE);
    wb_interval_end(&sample->iv);
    /* the spinners' time (no gap begins after t_end): the main thread's own wake-up after them
     * is no part of it, and would make a last interval of a few microseconds */
    fill_rows(st, ctx, sample, sample->iv.t0,
              wb_ticks_to_s((sample->iv.t1 < st->t_end ? sample->iv.t1 : st->t_end) - sample->iv.t0));
    return 0;
}

/* ---- what the rows and the console say ------------------------------------------------------- */

#define STALLS_FACTS(X) X(F_COUNTERS, "counters")
enum { STALLS_FACTS(WB_LIST_ID) F_COUNT };
static const char *const stalls_fact_names[] = { STALLS_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(stalls_fact_names, F_COUNT, WB_MAX_FACTS, stalls_facts_fit);

static void stalls_facts(void *state, const char **values)
{
    values[F_COUNTERS] = ((const stalls_state *)state)->counters;
}

static void print_figures(FILE *out, const double *m)
{
    char p50[24], p99[24], max[24];
    wb_fprintf(out, "%.0f gaps (%.1f/s on %.0f CPUs), %.2f%% of a running thread's time lost", m[M_GAPS], m[M_PER_S],
               m[M_CPUS], m[M_LOST_PCT]);
    if (m[M_GAPS] > 0)
        wb_fprintf(out, "; gaps p50 %s p99 %s max %s (at %.2f s); of those of 1 ms or more: %.0f interrupts / DPCs, "
                   "%.0f preempted, %.0f invisible, %.0f unknown", wb_format_duration(m[M_P50] * 1e-6, p50, sizeof p50),
                   wb_format_duration(m[M_P99] * 1e-6, p99, sizeof p99), wb_format_duration(m[M_MAX] * 1e-6, max, sizeof max),
                   m[M_MAX_AT], m[M_INTERRUPTS], m[M_PREEMPTED], m[M_INVISIBLE], m[M_UNKNOWN]);
    wb_fprintf(out, "; the loop %.1f ns a turn\n", m[M_TURN_NS]);
}

static void stalls_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    (void)variant;
    wb_fprintf(out, "  rep %u/%u: ", rep, reps);
    print_figures(out, s->metrics);
}

static void stalls_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    (void)variant;
    wb_fprintf(out, "  over %u rep%s: ", s->reps, s->reps == 1 ? "" : "s");
    print_figures(out, s->metrics);
}

static const wb_metric_summary stalls_summary_rules[] = {
    WB_SUM_TOTAL_OF("gaps"), WB_SUM_TOTAL_OF("lost_ms"), WB_SUM_TOTAL_OF("gaps_interrupts"),
    WB_SUM_TOTAL_OF("gaps_preempted"), WB_SUM_TOTAL_OF("gaps_invisible"),
    WB_SUM_TOTAL_OF("gaps_unknown"), WB_SUM_US_PERCENTILE_OF("gap_p50_us", 50),
    WB_SUM_US_PERCENTILE_OF("gap_p99_us", 99), { "gap_min_us", WB_SUM_LEAST, NULL, NULL, 0, 0 },
    { "gap_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 }, { NULL, 0, NULL, NULL, 0, 0 }
};

static const char *const stalls_variant_columns[] = { "threshold_us", NULL };
static const char *const stalls_percentile_columns[] = { "gap_p50_us", "gap_p99_us", "gap_max_us", NULL };
static const char *const stalls_percentile_names[] = { "p50", "p99", "max", NULL };
static const wb_report_spec stalls_report = {
    .variant_columns = stalls_variant_columns,
    .metric = "lost_pct",
    .unit = "% of a running thread's time lost",
    .higher_is_better = 0,
    .better = "less lost",
    .worse = "more lost",
    .percentiles.columns = stalls_percentile_columns,
    .percentiles.names = stalls_percentile_names,
    .percentiles.title = "gaps in a running thread, us",
    .percentiles.unit = "gap (us)",
    .histogram.title = "gap lengths, the share of the gaps in each range",
    .histogram.unit = "gap (us)",
    .series.row = WB_ROW_INTERVAL,   /* the machine's: every CPU pooled */
    .series.metric = "lost_pct",
    .series.metric_title = "time lost to stalls, % of each interval",
    .series.rate = "stalls_per_s",
    .series.rate_title = "stalls/s",
};

static double stalls_rep_seconds(const void *variant)
{
    return ((const stalls_config *)variant)->duration;
}

const wb_module wb_stalls_module = {
    .name = "stalls",
    .summary = "is it the machine? the time a running thread does not get: gaps in a thread spinning on each CPU, "
               "how often, how long, and what took them",
    .op_name = "gap",
    .options = stalls_options,
    .config_size = sizeof(stalls_config),
    .check = stalls_check,
    .spins_every_cpu = 1,
    .setup = stalls_setup,
    .run = stalls_run,
    .teardown = stalls_teardown,
    .fact_names = stalls_fact_names,
    .facts = stalls_facts,
    .metric_names = stalls_metric_names,
    .metric_units = stalls_metric_units,
    .summary_rules = stalls_summary_rules,
    .print_rep = stalls_print_rep,
    .print_summary = stalls_print_summary,
    .fixed_schedule = 1,
    .rep_seconds = stalls_rep_seconds,
    .latency_histogram = "each gap's length (gap_*_us)",
    .default_repeat = "1",
    .default_warmup = "0",
    .report = &stalls_report,
};

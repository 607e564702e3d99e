/* The repetition loop. It measures and judges, and hands every result to the sinks as a value:
 * no file, console or environment is touched here, so it runs the same with a fake module and
 * an in-memory sink (tests/test_reps.c) as with a real benchmark and the CSV. */
#include "reps.h"
#include "wb_warning_codes.h"
#include "summary_rules.h"
#include "parts_text.h"
#include "wb_stalls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wb_measure_from_sample(const wb_sample *s, wb_measure *out)
{
    const wb_interval *iv = &s->iv;
    memset(out, 0, sizeof *out);
    out->ops = s->ops;
    out->elapsed_s = wb_ticks_to_s(iv->t1 - iv->t0);
    out->cpu_user_s = (double)(iv->proc1.user - iv->proc0.user) * 1e-7;
    out->cpu_kernel_s = (double)(iv->proc1.kernel - iv->proc0.kernel) * 1e-7;
    out->thr_user_s = (double)(iv->thr1.user - iv->thr0.user) * 1e-7;
    out->thr_kernel_s = (double)(iv->thr1.kernel - iv->thr0.kernel) * 1e-7;
    {
        const double over = s->ops_seconds > 0 ? s->ops_seconds : out->elapsed_s;
        if (over > 0) out->ops_per_s = (double)s->ops / over;
        if (out->elapsed_s > 0) out->cpu_pct = 100.0 * (out->cpu_user_s + out->cpu_kernel_s) / out->elapsed_s;
        out->ns_per_op = s->ops ? over * 1e9 / (double)s->ops : 0.0;
    }
}

static void wb_measure_add(wb_measure *t, const wb_measure *m)
{
    t->ops += m->ops;
    t->elapsed_s += m->elapsed_s;
    t->cpu_user_s += m->cpu_user_s;
    t->cpu_kernel_s += m->cpu_kernel_s;
    t->thr_user_s += m->thr_user_s;
    t->thr_kernel_s += m->thr_kernel_s;
    t->stall_probe_s += m->stall_probe_s;
    t->stall_lost_s += m->stall_lost_s;
    if (m->stall_max_us > t->stall_max_us) t->stall_max_us = m->stall_max_us;
    t->cpu_pct = t->elapsed_s > 0 ? 100.0 * (t->cpu_user_s + t->cpu_kernel_s) / t->elapsed_s : 0;
}

/* The stall probe beside a repetition (--stalls): this thread, on its CPU and at its priority,
 * spins for the probe's time; what gaps took of it (include/wb_stalls.h) is the machine's,
 * not the benchmark's. */
static void probe_stalls(const wb_rep_plan *plan, wb_measure *m)
{
    wb_spin_log log;
    if (!(plan->stall_probe_s > 0)) return;
    memset(&log, 0, sizeof log);
    log.threshold = wb_clock_freq() / 50000;   /* 20 us, as stalls' default */
    log.cpu = -1;
    wb_spin_for_gaps(&log, wb_ticks() + (uint64_t)(plan->stall_probe_s * (double)wb_clock_freq()), &wb_stop_requested);
    m->stall_probe_s = wb_ticks_to_s(log.spun);
    m->stall_lost_s = wb_ticks_to_s(log.lost);
    m->stall_max_us = wb_ticks_to_s(log.longest) * 1e6;
}

static void wb_row_stamp_now(wb_row_stamp *s)
{
    GetSystemTime(&s->utc);
    s->peak_working_set_kb = wb_peak_working_set_kb();
}

/* The sinks as the module's threads see them (ctx->say, ctx->row): one lock keeps their
 * calls apart. */
typedef struct sink_link {
    wb_sink *const *sinks;
    int n;
    CRITICAL_SECTION lock;
} sink_link;

/* EACH_SINK(l, rep, (sink, &r)): every sink that has the call, under the lock. */
#define EACH_SINK(l, member, args)                                               \
    do {                                                                         \
        int each_;                                                               \
        EnterCriticalSection(&(l)->lock);                                        \
        for (each_ = 0; each_ < (l)->n; each_++) {                               \
            wb_sink *sink = (l)->sinks[each_];                                   \
            if (sink->member) sink->member args;                                 \
        }                                                                        \
        LeaveCriticalSection(&(l)->lock);                                        \
    } while (0)

static void ctx_say(wb_run_ctx *ctx, const char *line)
{
    sink_link *l = (sink_link *)ctx->runner;
    if (ctx->rep == 0) return;   /* warm-up: not shown */
    EACH_SINK(l, line, (sink, line));
}

static void ctx_row(wb_run_ctx *ctx, const char *kind, uint64_t ops, double elapsed_s, const double *metrics)
{
    sink_link *l = (sink_link *)ctx->runner;
    wb_extra_row row;
    if (ctx->rep == 0) return;
    row.kind = kind;
    row.rep = ctx->rep;
    row.ops = ops;
    row.elapsed_s = elapsed_s;
    row.metrics = metrics;
    wb_row_stamp_now(&row.stamp);
    EACH_SINK(l, extra_row, (sink, &row));
}

static void distort_for_test(const wb_rep_plan *plan, unsigned rep, wb_sample *s)
{
    unsigned long nth = plan->reps_run ? ++*plan->reps_run : rep;
    if (rep == 1 && plan->leap_ms) s->iv.t1 += (uint64_t)((double)plan->leap_ms / 1000.0 * (double)wb_clock_freq());
    /* A fixed 30 s more, not a multiple, so that a repetition the load happened to speed up
     * cannot hide among the others' spread (twenty times a quick one did, once for each hook),
     * nor one it slowed pass for a slowed one. */
    if ((plan->slow_rep && rep == plan->slow_rep) || (plan->slow_from && nth >= plan->slow_from))
        s->iv.t1 += (uint64_t)(30.0 * (double)wb_clock_freq());
    if (plan->grow_rep && rep == plan->grow_rep) {   /* touched, so that it is in the working set; never freed */
        static char *grown;
        if (grown == NULL && (grown = (char *)malloc(8u << 20)) != NULL) memset(grown, 1, 8u << 20);
    }
}

/* The runner has refused a module whose metrics do not fit (wb_module_check_limits); the cap
 * here only keeps a direct caller (the tests) inside the arrays. */
static unsigned metric_count(const wb_module *m)
{
    unsigned n = wb_module_metric_count(m);
    return n < WB_MAX_METRICS ? n : WB_MAX_METRICS;
}

static void add_warning(void *into, const char *code, const char *text)
{
    wb_warn((wb_warnings *)into, code, "%s", text);
}

/* A fixed-schedule module's repetitions are judged on its report metric (their length is the
 * schedule's): that metric's index, or -1 to judge on the time per operation. */
static int judged_metric(const wb_module *m)
{
    unsigned k, n = metric_count(m);
    if (!m->fixed_schedule || m->report == NULL || m->report->metric == NULL) return -1;
    for (k = 0; k < n; k++)
        if (strcmp(m->metric_names[k], m->report->metric) == 0) return (int)k;
    return -1;
}

/* What the timed repetitions measured, kept for the summary: a slot per repetition. */
typedef struct rep_values {
    size_t cap, done;             /* cap: --repeat, also the stride of per_metric */
    double *rates, *ns, *cpu, *scratch, *per_metric;
    unsigned char *flags;         /* WB_REP_* of each, from the outlier rule */
    wb_hist *pooled;              /* every repetition's latency histogram added (the summary's percentiles) */
    size_t pooled_reps;           /* the repetitions that had one */
} rep_values;

static void values_free(rep_values *v)
{
    free(v->rates), free(v->ns), free(v->cpu), free(v->scratch), free(v->per_metric), free(v->flags), free(v->pooled);
}

static int values_alloc(rep_values *v, size_t reps)
{
    memset(v, 0, sizeof *v);
    v->cap = reps;
    v->rates = (double *)malloc(reps * sizeof *v->rates);
    v->ns = (double *)malloc(reps * sizeof *v->ns);
    v->cpu = (double *)malloc(reps * sizeof *v->cpu);
    v->scratch = (double *)malloc(reps * sizeof *v->scratch);
    v->per_metric = (double *)malloc(reps * (WB_SUM_NS_ROW + 1) * sizeof *v->per_metric);   /* and ns_per_op */
    v->flags = (unsigned char *)calloc(reps ? reps : 1, 1);
    v->pooled = (wb_hist *)calloc(1, sizeof *v->pooled);
    if (v->rates && v->ns && v->cpu && v->scratch && v->per_metric && v->flags && v->pooled) return 0;
    values_free(v);
    return -1;
}

static void values_add(rep_values *v, const wb_measure *me, const wb_sample *sample, unsigned nmetrics)
{
    unsigned k;
    v->rates[v->done] = me->ops_per_s;
    v->ns[v->done] = me->ns_per_op;
    v->cpu[v->done] = me->cpu_pct;
    for (k = 0; k < nmetrics; k++) v->per_metric[k * v->cap + v->done] = sample->metrics[k];
    v->per_metric[(size_t)WB_SUM_NS_ROW * v->cap + v->done] = me->ns_per_op;
    if (sample->latency) wb_hist_merge(v->pooled, sample->latency), v->pooled_reps++;
    v->done++;
}

/* A split headline's pace is the headline less the machine, in the summary as in each row: the
 * median time per operation and the median machine, so that the summary's three add up as a
 * row's do (medians of each would not). */
static void pace_of_summary(const wb_module *m, wb_variant_result *out)
{
    const wb_report_spec *spec = m->report;
    int pace, machine;
    if (spec == NULL || spec->split.pace == NULL || spec->split.machine == NULL || spec->split.headline == NULL ||
        strcmp(spec->split.headline, "ns_per_op") != 0)
        return;
    pace = wb_metric_index(m, spec->split.pace);
    machine = wb_metric_index(m, spec->split.machine->column);
    if (pace >= 0 && machine >= 0 && out->medians[machine] == out->medians[machine])
        out->medians[pace] = out->ns_median - out->medians[machine];
}

/* Medians over the complete repetitions, and what they say together. */
static void summarize(const wb_module *m, rep_values *v, wb_variant_result *out)
{
    const size_t done = v->done, stride = v->cap;
    double *scratch = v->scratch;
    wb_summary s;
    unsigned k, nmetrics = metric_count(m);
    out->reps = (unsigned)done;
    wb_summarize(v->rates, done, scratch, &out->rate);
    wb_summarize(v->ns, done, scratch, &s);
    out->ns_median = s.median;
    wb_summarize(v->cpu, done, scratch, &s);
    out->cpu_median = s.median;
    for (k = 0; k < nmetrics; k++) {
        wb_summarize(v->per_metric + k * stride, done, scratch, &s);
        out->medians[k] = s.median;
    }
    /* counts totalled, latencies pooled, parts with their whole: the row's identities kept */
    wb_apply_summary_rules(m, v->per_metric, done, stride, v->pooled_reps == done ? v->pooled : NULL, scratch,
                           out->medians);
    pace_of_summary(m, out);
    {   /* the figure the repetitions are judged on, higher is worse */
        const double *worse = v->ns;
        int k_judged = judged_metric(m);
        size_t i;
        if (k_judged >= 0) {
            for (i = 0; i < done; i++)
                scratch[i] = v->per_metric[(size_t)k_judged * stride + i] * (m->report->higher_is_better ? -1.0 : 1.0);
            worse = scratch;
        }
        wb_run_warnings(worse, done, &out->rate, v->flags, &out->warnings);
    }
    {   /* the repetitions named, as numbers for the summary row */
        size_t i, used = 0;
        for (i = 0; i < done; i++)
            if ((v->flags[i] & WB_REP_OUTLIER) && used + 12 < sizeof out->outlier_reps)
                used += (size_t)snprintf(out->outlier_reps + used, sizeof out->outlier_reps - used, "%s%lu",
                                         used ? ";" : "", (unsigned long)i + 1);
    }
    wb_row_stamp_now(&out->stamp);
}

/* The context a module's run gets: its say and row calls reach the sinks through link. */
static void ctx_init(wb_run_ctx *ctx, sink_link *link, wb_sink *const *sinks, int nsinks)
{
    memset(ctx, 0, sizeof *ctx);
    link->sinks = sinks;
    link->n = nsinks;
    InitializeCriticalSection(&link->lock);
    ctx->runner = link;
    ctx->stop = &wb_stop_requested;
    ctx->say = ctx_say;
    ctx->row = ctx_row;
}

/* A timed repetition's warnings: the runner's rules, then the module's (whose first failure
 * becomes the run's). Returns the module's verdict: 2 when no further repetition can run. */
static int judge_rep(const wb_module *m, void *state, const wb_rep_plan *plan, const wb_sample *sample,
                     wb_rep_result *r, wb_variant_result *out)
{
    int verdict = 0;
    r->warnings = *plan->context_warnings;
    wb_rep_warnings(r->rep, sample, plan->resolution_ticks, plan->tick_ms, &r->warnings);
    if (m->rep_warnings) {
        int before = r->warnings.n;
        verdict = m->rep_warnings(state, sample, add_warning, &r->warnings);
        if (verdict && !out->failure[0])
            snprintf(out->failure, sizeof out->failure, "%s",
                     r->warnings.n > before ? r->warnings.text[r->warnings.n - 1] : "a repetition failed");
    }
    wb_warn_merge_rep(&out->warnings, &r->warnings, plan->context_warnings, r->rep);
    return verdict;
}

/* One variant's repetitions: what they measured so far and how they reach the sinks. */
struct wb_reps {
    const wb_module *m;
    const wb_rep_plan *plan;
    wb_sink *const *sinks;
    int nsinks;
    wb_variant_result *out;
    wb_sample *sample;
    rep_values values;
    wb_run_ctx ctx;
    sink_link link;
};

int wb_report_metric_slot(const wb_module *m)
{
    const char *metric = m->report ? m->report->metric : NULL;
    unsigned k, n = metric_count(m);
    if (metric == NULL) return WB_REPORT_FROM_NONE;
    if (strcmp(metric, "ops_per_s") == 0) return WB_REPORT_FROM_RATE;
    if (strcmp(metric, "ns_per_op") == 0) return WB_REPORT_FROM_NS;
    if (strcmp(metric, "cpu_pct") == 0) return WB_REPORT_FROM_CPU;
    for (k = 0; k < n; k++)
        if (strcmp(m->metric_names[k], metric) == 0) return (int)k;
    return WB_REPORT_FROM_NONE;
}

size_t wb_reps_report_values(const wb_reps *L, double *out, size_t cap)
{
    const int slot = wb_report_metric_slot(L->m);
    const double *from = slot == WB_REPORT_FROM_RATE ? L->values.rates : slot == WB_REPORT_FROM_NS ? L->values.ns
                         : slot == WB_REPORT_FROM_CPU ? L->values.cpu
                         : slot >= 0 ? L->values.per_metric + (size_t)slot * L->values.cap : NULL;
    size_t i;
    if (from == NULL) return 0;
    for (i = 0; i < L->values.done && i < cap; i++) out[i] = from[i];
    return i;
}

wb_reps *wb_reps_open(const wb_module *m, const wb_rep_plan *plan, wb_sink *const *sinks, int nsinks,
                      wb_variant_result *out, wb_error *err)
{
    wb_reps *L = (wb_reps *)calloc(1, sizeof *L);
    memset(out, 0, sizeof *out);
    out->warnings = *plan->context_warnings;
    if (L == NULL || (L->sample = (wb_sample *)malloc(sizeof *L->sample)) == NULL ||
        values_alloc(&L->values, plan->repeat) != 0) {
        if (L) free(L->sample);
        free(L);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    L->m = m;
    L->plan = plan;
    L->sinks = sinks;
    L->nsinks = nsinks;
    L->out = out;
    ctx_init(&L->ctx, &L->link, sinks, nsinks);
    return L;
}

/* Repetition i of the warm-ups and timed ones together (0-based; below plan->warmup: a
 * warm-up). Returns WB_EXIT_OK, _INTERRUPTED, _RUNTIME or WB_REPS_DONE. */
static int one_rep(wb_reps *L, void *state, unsigned i, wb_error *err)
{
    const wb_rep_plan *plan = L->plan;
    const unsigned total = plan->warmup + plan->repeat;
    wb_sample *sample = L->sample;
    int warmup = i < plan->warmup, rc = WB_EXIT_OK;
    wb_rep_result r;
    if (L->out->skipped[0]) return WB_REPS_DONE;   /* cannot run here: said once, in its row */
    memset(&r, 0, sizeof r);
    memset(sample, 0, sizeof *sample);
    r.rep = warmup ? 0 : i + 1 - plan->warmup;
    r.reps = plan->repeat;
    r.sample = sample;
    L->ctx.permille = 0;
    L->ctx.rep = r.rep;
    EACH_SINK(&L->link, rep_start, (sink, i + 1, total, &L->ctx.permille));
    wb_stop_hook_rep_started(r.rep);
    if (L->m->run(state, &L->ctx, sample, err) != 0) rc = WB_EXIT_RUNTIME;
    else if (sample->skipped) {
        /* Cannot run here: one row says why, in place of its first repetition; no summary. */
        snprintf(L->out->skipped, sizeof L->out->skipped, "%s", sample->skipped);
        r.skipped = sample->skipped;
        r.rep = r.rep ? r.rep : 1;
        wb_row_stamp_now(&r.stamp);   /* no measures: the row writes none */
        r.warnings = *plan->context_warnings;
        wb_warn(&r.warnings, WB_W(skipped), "%s", sample->skipped);
        EACH_SINK(&L->link, rep, (sink, &r));
        rc = WB_REPS_DONE;
    } else if (wb_stop_requested) {
        /* Cut short: its numbers are kept, marked partial, and left out of the summary. */
        if (!warmup && sample->ops > 0) {
            r.partial = 1;
            wb_row_stamp_now(&r.stamp);
            wb_measure_from_sample(sample, &r.measure);
            r.warnings = *plan->context_warnings;
            EACH_SINK(&L->link, rep, (sink, &r));
        }
        rc = WB_EXIT_INTERRUPTED;
    } else if (!warmup) {
        distort_for_test(plan, r.rep, sample);
        wb_measure_from_sample(sample, &r.measure);
        probe_stalls(plan, &r.measure);
        wb_row_stamp_now(&r.stamp);
        values_add(&L->values, &r.measure, sample, metric_count(L->m));
        wb_measure_add(&L->out->total, &r.measure);
        if (judge_rep(L->m, state, plan, sample, &r, L->out) == 2) rc = WB_REPS_DONE;   /* no further one can run */
        EACH_SINK(&L->link, rep, (sink, &r));
    }
    return rc;
}

void wb_reps_pause(wb_reps *L)
{
    EACH_SINK(&L->link, rep_start, (sink, 0, 0, NULL));   /* no repetition runs now */
}

int wb_reps_warmup(wb_reps *L, void *state, wb_error *err)
{
    unsigned i;
    int rc = WB_EXIT_OK;
    for (i = 0; i < L->plan->warmup && rc == WB_EXIT_OK; i++) rc = one_rep(L, state, i, err);
    return rc == WB_REPS_DONE ? WB_EXIT_OK : rc;
}

int wb_reps_timed(wb_reps *L, void *state, unsigned rep, wb_error *err)
{
    return one_rep(L, state, L->plan->warmup + rep - 1, err);
}

void wb_reps_close(wb_reps *L, int rc)
{
    if (L == NULL) return;
    wb_reps_pause(L);
    if (rc == WB_EXIT_OK || rc == WB_EXIT_INTERRUPTED) L->out->interrupted = rc == WB_EXIT_INTERRUPTED;
    if ((rc == WB_EXIT_OK || rc == WB_EXIT_INTERRUPTED) && L->values.done > 0) {
        summarize(L->m, &L->values, L->out);
        EACH_SINK(&L->link, summary, (sink, L->out));
    }
    DeleteCriticalSection(&L->link.lock);
    values_free(&L->values);
    free(L->sample);
    free(L);
}

int wb_run_reps(const wb_module *m, void *state, const wb_rep_plan *plan, wb_sink *const *sinks,
                int nsinks, wb_variant_result *out, wb_error *err)
{
    wb_reps *L = wb_reps_open(m, plan, sinks, nsinks, out, err);
    unsigned rep;
    int rc;
    if (L == NULL) return WB_EXIT_RUNTIME;
    rc = wb_reps_warmup(L, state, err);
    for (rep = 1; rc == WB_EXIT_OK && rep <= plan->repeat; rep++) rc = wb_reps_timed(L, state, rep, err);
    if (rc == WB_REPS_DONE) rc = WB_EXIT_OK;   /* summarised as far as it went */
    wb_reps_close(L, rc);
    return rc;
}

/* The repetition loop (src/run/reps.c) with a fake module and an in-memory sink: warm-up,
 * repetitions, extra rows and lines from the module, a partial repetition on Ctrl+C, a
 * failing repetition, the summary and the warnings, with no window, socket or file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/reps.h"
#include "wbtest.h"

/* ---- the fake module: each repetition "takes" 10 ms of QPC time and does 100 x rep ops ---- */

typedef struct fake_state {
    unsigned runs;            /* calls to run(), warm-up included */
    unsigned stop_in_run;     /* set wb_stop_requested during this call (1-based; 0: never) */
    unsigned fail_in_run;     /* return an error from this call */
    int same_ops;             /* every repetition does 100 ops (else 100 x rep) */
    int odd_tick;             /* GetTickCount alone disagrees with QPC (timeGetTime agrees) */
} fake_state;

static const char *const fake_metric_names[] = { "rep_seen", NULL };

static int fake_run(void *state, wb_run_ctx *ctx, wb_sample *s, wb_error *err)
{
    fake_state *st = (fake_state *)state;
    uint64_t ten_ms = wb_clock_freq() / 100;
    double row_metrics[WB_MAX_METRICS];
    st->runs++;
    if (st->runs == st->fail_in_run) {
        wb_error_text(err, "fake failure in call %u", st->runs);
        return -1;
    }
    row_metrics[0] = (double)ctx->rep;
    ctx->row(ctx, "interval", 7, 0.005, row_metrics);   /* dropped during warm-up */
    ctx->say(ctx, "a line from the module");             /* likewise */
    s->iv.t0 = 1000;
    s->iv.t1 = 1000 + ten_ms + ctx->rep * (ten_ms / 100);   /* +1% a repetition: a spread for the MAD */
    s->iv.tick0 = 0;
    s->iv.tick1 = st->odd_tick ? 110 : 10;   /* GetTickCount 100 ms off, as a loaded Wine's can be */
    s->iv.mm0 = 0;
    s->iv.mm1 = 10;
    s->ops = 100u * (ctx->rep && !st->same_ops ? ctx->rep : 1);
    s->metrics[0] = (double)ctx->rep;
    if (st->runs == st->stop_in_run) {
        s->ops /= 2;   /* cut short half-way */
        InterlockedExchange(&wb_stop_requested, 1);
    }
    return 0;
}

static const wb_option no_options[] = { { .name = NULL } };

static const wb_module fake_module = {
    .name = "fake",
    .summary = "a module for the repetition loop's tests",
    .op_name = "op",
    .options = no_options,
    .run = fake_run,
    .metric_names = fake_metric_names,
};

/* ---- the in-memory sink ---------------------------------------------------------------------- */

typedef struct memory_sink {
    wb_sink base;
    unsigned starts, reps, partials, extra_rows, lines, summaries;
    unsigned rep_numbers[16], last_start_total;
    uint64_t rep_ops[16];
    char rep_warnings[16][128];
    wb_variant_result summary;
} memory_sink;

static void mem_rep_start(wb_sink *s, unsigned index, unsigned total, const volatile LONG *permille)
{
    memory_sink *m = (memory_sink *)s;
    (void)index, (void)permille;
    m->starts++;
    m->last_start_total = total;
}

static void mem_rep(wb_sink *s, const wb_rep_result *r)
{
    memory_sink *m = (memory_sink *)s;
    if (m->reps < 16) {
        m->rep_numbers[m->reps] = r->rep;
        m->rep_ops[m->reps] = r->measure.ops;
        wb_warn_codes(&r->warnings, m->rep_warnings[m->reps], sizeof m->rep_warnings[0]);
    }
    m->reps++;
    m->partials += r->partial != 0;
}

static void mem_extra_row(wb_sink *s, const wb_extra_row *row)
{
    memory_sink *m = (memory_sink *)s;
    ok(row->rep >= 1, "extra row of warm-up passed on (rep %u)", row->rep);
    ok(row->metrics[0] == (double)row->rep, "extra row's metric %g for rep %u", row->metrics[0], row->rep);
    m->extra_rows++;
}

static void mem_line(wb_sink *s, const char *text)
{
    (void)text;
    ((memory_sink *)s)->lines++;
}

static void mem_summary(wb_sink *s, const wb_variant_result *r)
{
    memory_sink *m = (memory_sink *)s;
    m->summaries++;
    m->summary = *r;
}

static void memory_sink_init(memory_sink *m)
{
    memset(m, 0, sizeof *m);
    m->base.rep_start = mem_rep_start;
    m->base.rep = mem_rep;
    m->base.extra_row = mem_extra_row;
    m->base.line = mem_line;
    m->base.summary = mem_summary;
}

static wb_warnings no_warnings;

static int run_fake(fake_state *st, unsigned warmup, unsigned repeat, unsigned long slow_rep, memory_sink *sink,
                    wb_variant_result *out, wb_error *err)
{
    wb_rep_plan plan;
    wb_sink *sinks[1];
    memset(&plan, 0, sizeof plan);
    plan.warmup = warmup;
    plan.repeat = repeat;
    plan.context_warnings = &no_warnings;
    plan.slow_rep = slow_rep;
    memory_sink_init(sink);
    sinks[0] = &sink->base;
    wb_stop_requested = 0;
    return wb_run_reps(&fake_module, st, &plan, sinks, 1, out, err);
}

/* ---- the cases -------------------------------------------------------------------------------- */

static void test_reps_and_warmup(void)
{
    fake_state st = { 0, 0, 0, 0, 0 };
    memory_sink sink;
    wb_variant_result out;
    wb_error err;
    unsigned i;
    int rc = run_fake(&st, 2, 3, 0, &sink, &out, &err);
    ok(rc == WB_EXIT_OK, "rc %d", rc);
    ok(st.runs == 5, "run() called %u times for 2 warm-up + 3 timed", st.runs);
    ok(sink.starts == 6 && sink.last_start_total == 0, "%u rep_start calls (5 + the closing one), last total %u",
       sink.starts, sink.last_start_total);
    ok(sink.reps == 3 && sink.partials == 0, "%u rep results, %u partial", sink.reps, sink.partials);
    for (i = 0; i < 3 && i < sink.reps; i++) {
        ok(sink.rep_numbers[i] == i + 1, "result %u is rep %u", i, sink.rep_numbers[i]);
        ok(sink.rep_ops[i] == 100u * (i + 1), "rep %u: %llu ops", i + 1, (unsigned long long)sink.rep_ops[i]);
    }
    ok(sink.extra_rows == 3, "%u extra rows (warm-up's dropped)", sink.extra_rows);
    ok(sink.lines == 3, "%u module lines (warm-up's dropped)", sink.lines);
    ok(sink.summaries == 1, "%u summaries", sink.summaries);
    ok(out.reps == 3 && !out.interrupted, "summary of %u reps, interrupted %d", out.reps, out.interrupted);
    ok(out.medians[0] == 2.0, "median of the metric over reps 1..3: %g", out.medians[0]);
    ok(out.total.ops == 600, "total ops %llu", (unsigned long long)out.total.ops);
    /* 100, 200, 300 ops over 10.1, 10.2, 10.3 ms */
    ok_near(out.rate.median, 200 / 0.0102, 1e-6);
    ok_near(out.rate.min, 100 / 0.0101, 1e-6);
    ok_near(out.ns_median, 0.0102 / 200 * 1e9, 1e-6);
}

static void test_partial_on_stop(void)
{
    fake_state st = { 0, 3, 0, 0, 0 };   /* Ctrl+C arrives during timed repetition 3 */
    memory_sink sink;
    wb_variant_result out;
    wb_error err;
    int rc = run_fake(&st, 0, 5, 0, &sink, &out, &err);
    ok(rc == WB_EXIT_INTERRUPTED, "rc %d", rc);
    ok(st.runs == 3, "no repetition after the stop: %u calls", st.runs);
    ok(sink.reps == 3 && sink.partials == 1, "%u results, %u partial", sink.reps, sink.partials);
    ok(sink.rep_numbers[2] == 3 && sink.rep_ops[2] == 150, "the partial one is rep %u with %llu ops",
       sink.rep_numbers[2], (unsigned long long)sink.rep_ops[2]);
    ok(sink.summaries == 1 && out.interrupted && out.reps == 2, "summary: %u reps, interrupted %d",
       out.reps, out.interrupted);
    ok(out.total.ops == 300, "the partial repetition is not in the totals: %llu", (unsigned long long)out.total.ops);
}

static void test_stop_in_warmup(void)
{
    fake_state st = { 0, 1, 0, 0, 0 };
    memory_sink sink;
    wb_variant_result out;
    wb_error err;
    int rc = run_fake(&st, 1, 3, 0, &sink, &out, &err);
    ok(rc == WB_EXIT_INTERRUPTED, "rc %d", rc);
    ok(sink.reps == 0 && sink.summaries == 0, "%u results and %u summaries after a stop in warm-up",
       sink.reps, sink.summaries);
    ok(out.interrupted && out.reps == 0, "result: interrupted %d, %u reps", out.interrupted, out.reps);
}

static void test_failure(void)
{
    fake_state st = { 0, 0, 2, 0, 0 };
    memory_sink sink;
    wb_variant_result out;
    wb_error err;
    int rc;
    memset(&err, 0, sizeof err);
    rc = run_fake(&st, 0, 3, 0, &sink, &out, &err);
    ok(rc == WB_EXIT_RUNTIME, "rc %d", rc);
    ok(strstr(err.what, "fake failure in call 2") != NULL, "error: %s", err.what);
    ok(sink.reps == 1 && sink.summaries == 0, "%u results, %u summaries", sink.reps, sink.summaries);
}

static void test_warnings(void)
{
    fake_state st = { 0, 0, 0, 1, 0 };
    memory_sink sink;
    wb_variant_result out;
    wb_error err;
    char codes[256];
    int rc = run_fake(&st, 0, 5, 4, &sink, &out, &err);   /* rep 4 30 s longer */
    ok(rc == WB_EXIT_OK, "rc %d", rc);
    wb_warn_codes(&out.warnings, codes, sizeof codes);
    ok(strstr(codes, "outliers") != NULL, "summary warnings \"%s\" name the outlier", codes);
    ok(strstr(codes, "qpc_leap") != NULL, "rep 4's QPC no longer agrees with GetTickCount: \"%s\"", codes);
    ok(strstr(sink.rep_warnings[3], "qpc_leap") != NULL, "rep 4's own row says so: \"%s\"", sink.rep_warnings[3]);
    ok(sink.rep_warnings[0][0] == '\0', "rep 1's row has no warning: \"%s\"", sink.rep_warnings[0]);
    /* The rates' spread, known by construction: one of five repetitions at a 3000th of the
     * others' rate (10 ms against 30.01 s) is a CV of 56%; five 1% apart (100 ops in
     * 10.1 .. 10.5 ms) one of 1.6%. */
    ok(strstr(codes, "cv_high") != NULL, "one rate in five at 1/3000: cv_high in \"%s\"", codes);
    memset(&st, 0, sizeof st);
    st.same_ops = 1;
    rc = run_fake(&st, 0, 5, 0, &sink, &out, &err);
    wb_warn_codes(&out.warnings, codes, sizeof codes);
    ok(rc == WB_EXIT_OK && strstr(codes, "cv_high") == NULL, "rates 1%% apart: no cv_high in \"%s\"", codes);
    /* GetTickCount alone 100 ms off (timeGetTime agreeing with QPC): that clock's, no leap */
    memset(&st, 0, sizeof st);
    st.odd_tick = 1;
    rc = run_fake(&st, 0, 5, 0, &sink, &out, &err);
    wb_warn_codes(&out.warnings, codes, sizeof codes);
    ok(rc == WB_EXIT_OK && strstr(codes, "qpc_leap") == NULL, "one millisecond clock off: no qpc_leap in \"%s\"", codes);
}

/* The outlier rule on numbers whose outliers are known by construction (not a second copy of
 * the formula): twenty values at 100 and one at 1000; repetitions that agree to 0.05% (a tiny
 * MAD, so huge Z-scores) are no outliers; the first of them slow by 50%. */
static void test_outlier_rule(void)
{
    double x[21];
    unsigned char flags[21];
    wb_summary rate;
    wb_warnings w;
    char codes[128];
    size_t i;
    for (i = 0; i < 21; i++) x[i] = 100.0;
    x[13] = 1000.0;
    memset(flags, 0, sizeof flags);
    memset(&w, 0, sizeof w);
    memset(&rate, 0, sizeof rate);
    rate.cv = NAN;
    wb_run_warnings(x, 21, &rate, flags, &w);
    wb_warn_codes(&w, codes, sizeof codes);
    ok(strstr(codes, "outliers") != NULL && flags[13] == WB_REP_OUTLIER, "the 1000 among 100s: [%s], flag %u", codes,
       flags[13]);
    for (i = 0; i < 21; i++)
        if (i != 13) ok(flags[i] == 0, "value %lu (100) flagged %u", (unsigned long)i, flags[i]);
    {   /* 0.3% off, the others 0.01% apart: a Z-score of 19.6 (over 14.8), a difference nobody would
         * call one (under 1% of the median) */
        const double close[5] = { 100.00, 100.01, 100.00, 100.01, 100.30 };
        memset(flags, 0, sizeof flags);
        memset(&w, 0, sizeof w);
        wb_run_warnings(close, 5, &rate, flags, &w);
        ok(w.n == 0 && flags[4] == 0, "no warning for a repetition 0.3%% off (%d warnings: %s)", w.n, w.n ? w.code[0] : "");
    }
    {   /* three of equal rate but for 0.02%: the MAD is 0, so the Z-score is infinite */
        const double equal[3] = { 100.00, 100.00, 100.02 };
        memset(flags, 0, sizeof flags);
        memset(&w, 0, sizeof w);
        wb_run_warnings(equal, 3, &rate, flags, &w);
        ok(w.n == 0 && flags[2] == 0, "no warning for three repetitions 0.02%% apart (%d warnings: %s)", w.n,
           w.n ? w.code[0] : "");
    }
    {
        const double slow_first[5] = { 150, 100, 100.1, 99.9, 100 };
        memset(flags, 0, sizeof flags);
        memset(&w, 0, sizeof w);
        wb_run_warnings(slow_first, 5, &rate, flags, &w);
        wb_warn_codes(&w, codes, sizeof codes);
        ok(strstr(codes, "first_slow") != NULL && (flags[0] & WB_REP_FIRST_SLOW), "a slow first one: [%s]", codes);
    }
}

/* The run's warning names every later repetition that had it: reps is a 0-terminated list of
 * the repetitions that raised "x", in order; the first one's sentence leads. */
static const char *merged(const unsigned *reps, const char *sentence, wb_warnings *run)
{
    wb_warnings one, none;
    memset(run, 0, sizeof *run);
    memset(&none, 0, sizeof none);
    for (; *reps; reps++) {
        memset(&one, 0, sizeof one);
        wb_warn(&one, "x", "%s", sentence);
        wb_warn_merge_rep(run, &one, &none, *reps);
    }
    return run->text[0];
}

/* Every repetition with the warning is named, in ranges; what does not fit is counted (a list
 * cut silently once read "(also in repetition(s) 2)" where rows 1-5 had it). */
static void test_warning_reps(void)
{
    static const unsigned five[] = { 1, 2, 3, 4, 5, 0 }, gaps[] = { 1, 2, 3, 5, 7, 8, 9, 0 };
    static unsigned odd[202];
    static wb_warnings run;
    char longest[600];
    const char *t, *more;
    unsigned i, listed = 0;
    t = merged(five, "cpu_coarse in rep 1", &run);
    ok(strcmp(t, "cpu_coarse in rep 1 (also in repetition(s) 2-5)") == 0, "1-5: [%s]", t);
    t = merged(gaps, "s", &run);
    ok(strcmp(t, "s (also in repetition(s) 2-3, 5, 7-9)") == 0, "gaps: [%s]", t);
    for (i = 0; i < 201; i++) odd[i] = 2 * i + 1;   /* 1, 3, ..., 401: no two adjacent */
    odd[201] = 0;
    memset(longest, 'a', sizeof longest - 1);
    longest[sizeof longest - 1] = '\0';
    t = merged(odd, longest, &run);   /* a sentence longer than the text: cut to leave the list room */
    more = strstr(t, ", and ");
    ok(strstr(t, " (also in repetition(s) 3, 5, 7") != NULL && more != NULL && strstr(t, "401") == NULL,
       "200 repetitions: [%s]", t);
    if (more) {
        const char *p = strstr(t, "repetition(s) ");
        unsigned long n = strtoul(more + 6, NULL, 10);
        for (; p && p < more; p++) listed += *p == ',';
        /* the listed ones (a comma between each two) and the counted ones: all 200 */
        ok(listed + 1 + n == 200, "listed %u, counted %lu: [%s]", listed + 1, n, t);
        ok(strstr(t, "more)") != NULL, "ends with the count: [%s]", t);
    }
}

static const wbt_case cases[] = {
    { "warning_reps", test_warning_reps, 0 },
    { "outlier_rule", test_outlier_rule, 0 },
    { "reps_and_warmup", test_reps_and_warmup, 0 },
    { "partial_on_stop", test_partial_on_stop, 0 },
    { "stop_in_warmup", test_stop_in_warmup, 0 },
    { "failure", test_failure, 0 },
    { "warnings", test_warnings, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

/* End-to-end tests of the summary row against its own repetitions: it keeps the identities each
 * repetition keeps. Counts are the repetitions' totals, a least and a most are theirs, the
 * latency percentiles are those of all their samples (the rep rows' latency_hdr histograms,
 * decoded and merged here by HdrHistogram's layout, not by the runner's code), and a whole with
 * its parts comes from the median repetition, so that they add up as each repetition's do. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "core/wb_hdr.h"

enum { MAX_REPS = 16 };

/* The rep rows of a variant (all of them when column is NULL), and its summary row (0: none). */
typedef struct variant_rows {
    size_t rep[MAX_REPS], n, summary;
} variant_rows;

static variant_rows rows_of(const csv_file *c, const char *column, const char *value)
{
    variant_rows v;
    size_t r;
    memset(&v, 0, sizeof v);
    for (r = 1; c->ok && r < c->t.nrows; r++) {
        if (column && strcmp(cell(c, r, column), value) != 0) continue;
        if (strcmp(cell(c, r, "row"), "rep") == 0 && v.n < MAX_REPS) v.rep[v.n++] = r;
        if (strcmp(cell(c, r, "row"), "summary") == 0) v.summary = r;
    }
    return v;
}

/* Equal to a relative precision of 1e-9, as two sums of the same doubles in another order are. */
static int same(double a, double b)
{
    return a == b || fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static void expect_total(const csv_file *c, const variant_rows *v, const char *col)
{
    double sum = 0;
    size_t i;
    for (i = 0; i < v->n; i++) sum += num(c, v->rep[i], col);
    ok(same(num(c, v->summary, col), sum), "%s: the summary's %s is the repetitions' total %.17g, not %s", col,
       cell(c, v->summary, col), sum, cell(c, v->summary, col));
}

static void expect_extreme(const csv_file *c, const variant_rows *v, const char *col, int most)
{
    double x = num(c, v->rep[0], col);
    size_t i;
    for (i = 1; i < v->n; i++) x = most ? fmax(x, num(c, v->rep[i], col)) : fmin(x, num(c, v->rep[i], col));
    ok(same(num(c, v->summary, col), x), "%s: the summary's %s, the repetitions' %s %.17g", col,
       cell(c, v->summary, col), most ? "most" : "least", x);
}

/* The percentile of all the repetitions' samples: their latency_hdr histograms merged. The
 * summary's comes from the runner's own histograms, whose buckets are HdrHistogram's (2
 * significant digits): the same within a bucket's width, 1%. */
static void expect_pooled_percentile(const csv_file *c, const variant_rows *v, const char *col, double p)
{
    wb_hist *all = (wb_hist *)calloc(1, sizeof *all), *one = (wb_hist *)calloc(1, sizeof *one);
    char err[128];
    size_t i;
    double want, got = num(c, v->summary, col);
    if (all == NULL || one == NULL) {
        ok(0, "out of memory");
        free(all), free(one);
        return;
    }
    for (i = 0; i < v->n; i++) {
        ok(wb_hdr_decode(cell(c, v->rep[i], "latency_hdr"), one, err, sizeof err) == 0, "rep %lu's histogram: %s",
           (unsigned long)i + 1, err);
        wb_hist_merge(all, one);
    }
    want = (double)wb_hist_percentile(all, p) / 1000.0;
    ok(fabs(got - want) <= 0.01 * want + 0.001, "%s: the summary's %g us is the pooled samples' p%g, %g us", col, got, p,
       want);
    free(all), free(one);
}

/* The whole and its parts of the median repetition by `by` (the module's rule: the headline the
 * whole is a part of; the mean of the two middle ones for an even count): whole - sum(parts) in
 * the summary is that of the same repetitions. */
static void expect_median_rep(const csv_file *c, const variant_rows *v, const char *by, const char *whole,
                              const char *const *parts)
{
    size_t order[MAX_REPS], i, j, lo, hi;
    double rest_summary, rest_reps = 0;
    for (i = 0; i < v->n; i++) order[i] = i;
    for (i = 1; i < v->n; i++)   /* by `by`, stable */
        for (j = i; j > 0 && num(c, v->rep[order[j - 1]], by) > num(c, v->rep[order[j]], by); j--) {
            size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    lo = order[(v->n - 1) / 2], hi = order[v->n / 2];
    ok(same(num(c, v->summary, whole), (num(c, v->rep[lo], whole) + num(c, v->rep[hi], whole)) / 2),
       "%s: the summary's %s is the median repetition's by %s", whole, cell(c, v->summary, whole), by);
    rest_summary = num(c, v->summary, whole);
    for (i = 0; parts[i]; i++) rest_summary -= num(c, v->summary, parts[i]);
    for (j = 0; j < 2; j++) {
        size_t k = j ? hi : lo;
        double rest = num(c, v->rep[k], whole);
        for (i = 0; parts[i]; i++) rest -= num(c, v->rep[k], parts[i]);
        rest_reps += rest / 2;
    }
    ok(fabs(rest_summary - rest_reps) <= 1e-6 * fabs(num(c, v->summary, whole)),
       "%s less its parts: %g in the summary, %g in its repetitions", whole, rest_summary, rest_reps);
}

/* The benchmark args[0] with the arguments after it (up to 11, NULL after the last), into csv. */
static csv_file run_to(const char *csv, const char *const *args)
{
    const char *a[12] = { NULL };
    result r;
    size_t i;
    for (i = 0; i < 12 && args[i]; i++) a[i] = args[i];
    r = run(a[0], "--quiet", "--csv", csv, a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], NULL);
    ok(r.code == 0, "%s: exit %lu: %s", a[0], r.code, r.err);
    result_free(&r);
    return load_csv_here(csv, ',');
}

/* sockloop: sent = received - duplicated + lost in each row, the summary's counts the totals,
 * its latencies those of every packet that arrived, its busy time and parts one repetition's. */
static void test_sockloop(void)
{
    static const char *const parts[] = { "own_us", "recv_us", "wait_us", NULL };
    static const char *const totals[] = { "sent", "received", "lost", "duplicated", "reordered", "unsent", "intervals", NULL };
    static const char *const args[] = { "sockloop", "--loop", "iocp", "--rate", "2000", "--duration", "1s", "--interval",
                                        "0.5s", "--repeat", "3", NULL };
    csv_file c = run_to("s.csv", args);
    variant_rows v = rows_of(&c, NULL, NULL);
    size_t i;
    ok(v.n == 3 && v.summary > 0, "3 repetitions and a summary: %lu", (unsigned long)v.n);
    if (v.n == 3 && v.summary) {
        for (i = 0; totals[i]; i++) expect_total(&c, &v, totals[i]);
        for (i = 0; i < v.n; i++)
            ok(same(num(&c, v.rep[i], "sent"), num(&c, v.rep[i], "received") - num(&c, v.rep[i], "duplicated") +
                                                 num(&c, v.rep[i], "lost")), "rep %lu: sent = received - duplicated + lost",
               (unsigned long)i + 1);
        ok(same(num(&c, v.summary, "sent"), num(&c, v.summary, "received") - num(&c, v.summary, "duplicated") +
                                             num(&c, v.summary, "lost")), "the summary: sent = received - duplicated + lost");
        expect_extreme(&c, &v, "lat_min_us", 0);
        expect_extreme(&c, &v, "lat_max_us", 1);
        expect_pooled_percentile(&c, &v, "lat_p50_us", 50);
        expect_pooled_percentile(&c, &v, "lat_p99_us", 99);
        expect_median_rep(&c, &v, "receiver_busy_us_per_pkt", "receiver_busy_us_per_pkt", parts);
    }
    wb_csv_free(&c.t);
}

/* sendmsg across threads, 4 repetitions (an even count): the parts the mean of the two middle
 * repetitions' by the headline (ns_per_op) with their whole, so that the whole less its parts is
 * theirs. */
static void test_sendmsg(void)
{
    static const char *const parts[] = { "wndproc_ns", "classproc_ns", "marshal_ns", "handoff_ns", NULL };
    static const char *const args[] = { "sendmsg", "--thread", "cross", "--target", "button", "--iterations", "5k",
                                        "--repeat", "4", NULL };
    csv_file c = run_to("m.csv", args);
    variant_rows v = rows_of(&c, NULL, NULL);
    ok(v.n == 4 && v.summary > 0, "4 repetitions and a summary: %lu", (unsigned long)v.n);
    if (v.n == 4 && v.summary) {
        expect_median_rep(&c, &v, "ns_per_op", "typical_ns", parts);
        expect_total(&c, &v, "ops");
    }
    wb_csv_free(&c.t);
}

/* idle: counts totalled, the busy time and its parts and the CPU and its split each one
 * repetition's (2: the mean of both), and a ratio of counts made from the totals. */
static void test_idle(void)
{
    static const char *const busy_parts[] = { "sends_us", "framework_us", "pumped_us", "pump_us", NULL };
    static const char *const cpu_parts[] = { "cpu_user_pct", "cpu_kernel_pct", NULL };
    static const char *const totals[] = { "idle_periods", "moves_posted", "moves_processed", "msgs_delivered",
                                          "onidle_calls", NULL };
    static const char *const args[] = { "idle", "--case", "2", "--duration", "1s", "--repeat", "2", NULL };
    csv_file c = run_to("i.csv", args);
    variant_rows v = rows_of(&c, NULL, NULL);
    size_t i;
    ok(v.n == 2 && v.summary > 0, "2 repetitions and a summary: %lu", (unsigned long)v.n);
    if (v.n == 2 && v.summary) {
        for (i = 0; totals[i]; i++) expect_total(&c, &v, totals[i]);
        expect_median_rep(&c, &v, "cpu_us_per_period", "busy_us", busy_parts);
        expect_median_rep(&c, &v, "cpu_pct_machine", "cpu_pct", cpu_parts);
        expect_extreme(&c, &v, "backlog_max", 1);
        ok(same(num(&c, v.summary, "idle_periods_per_move"),
                num(&c, v.summary, "idle_periods") / num(&c, v.summary, "moves_processed")),
           "idle_periods_per_move of the totals: %s", cell(&c, v.summary, "idle_periods_per_move"));
    }
    wb_csv_free(&c.t);
}

/* wakeup: wake-ups and their schedule totalled, lateness from every wake-up's sample. */
static void test_wakeup(void)
{
    static const char *const totals[] = { "wakes", "fired", "expected", "missed", NULL };
    static const char *const args[] = { "wakeup", "--source", "sleep", "--duration", "0.4s", "--interval", "0.2s", "--repeat", "3", NULL };
    csv_file c = run_to("w.csv", args);
    variant_rows v = rows_of(&c, "source", "sleep");
    size_t i;
    ok(v.n == 3 && v.summary > 0, "3 repetitions and a summary: %lu", (unsigned long)v.n);
    if (v.n == 3 && v.summary) {
        for (i = 0; totals[i]; i++) expect_total(&c, &v, totals[i]);
        expect_extreme(&c, &v, "late_max_us", 1);
        expect_pooled_percentile(&c, &v, "late_p50_us", 50);
        expect_pooled_percentile(&c, &v, "late_p99_us", 99);
    }
    wb_csv_free(&c.t);
}

static const wbt_case cases[] = {
    { "sockloop", test_sockloop, WBT_CPU_HEAVY },
    { "sendmsg", test_sendmsg, 0 },
    { "idle", test_idle, 0 },
    { "wakeup", test_wakeup, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

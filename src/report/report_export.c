/* The report's groups in the formats result trackers read: Google Benchmark's JSON (compare.py,
 * github-action-benchmark's googlecpp, conbench), Bencher's metric format (BMF) and
 * github-action-benchmark's customSmallerIsBetter / customBiggerIsBetter arrays. One model, four
 * shapes; docs/json.md says what each field holds and the command that feeds each tracker.
 *
 * Names: "sendmsg/target=scratch/themes=on/thread=same", a part's with its column after it
 * (".../wndproc_ns"), and "/machine=NAME" before that when the report holds more than one
 * machine: a tracker's history then meets the same name from run to run on one machine, and
 * compare.py's benchmarksfiltered mode sets two machines of one report side by side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_render.h"
#include "report_words.h"
#include "core/wb_json.h"
#include "core/wb_stats.h"
#include "win/wb_utf8.h"
#include "wb_console.h"

/* What a column's figure is, from its name's ending: a time (and its unit), a rate (per
 * second: Google Benchmark's time per operation is its inverse), or neither (a share). */
typedef enum ex_kind { EX_OTHER, EX_TIME, EX_RATE } ex_kind;

static int ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), k = strlen(end);
    return n >= k && strcmp(s + n - k, end) == 0;
}

static ex_kind kind_of(const char *column, const char **unit)
{
    static const char *const units[] = { "ns", "us", "ms", "s" };
    char end[8];
    size_t i;
    *unit = "ns";
    if (ends_with(column, "_per_s")) return EX_RATE;
    for (i = 0; i < sizeof units / sizeof units[0]; i++) {
        snprintf(end, sizeof end, "_%s", units[i]);
        if (ends_with(column, end)) {
            *unit = units[i];
            return EX_TIME;
        }
    }
    return EX_OTHER;
}

/* Seconds per unit of a time unit. */
static double unit_seconds(const char *unit)
{
    return !strcmp(unit, "ns") ? 1e-9 : !strcmp(unit, "us") ? 1e-6 : !strcmp(unit, "ms") ? 1e-3 : 1.0;
}

/* The name of group g's figure (part: NULL for its metric), as UTF-8. */
static void bench_name(const rp_report *r, const rp_group *g, const char *part, char *buf, size_t cap)
{
    char name[512], machine[256], *s;
    size_t used = (size_t)snprintf(name, sizeof name, "%s/%s", g->m->name, g->variant);
    for (s = name + strlen(g->m->name) + 1; *s; s++)
        if (*s == ' ') *s = '/';
    if (r->nmachines > 1 && used < sizeof name)
        used += (size_t)snprintf(name + used, sizeof name - used, "/machine=%s", rp_machine_name(r, g->machine, machine, sizeof machine));
    if (part && used < sizeof name) snprintf(name + used, sizeof name - used, "/%s", part);
    wb_utf8(name, buf, cap);
}

/* One exported figure: a group's metric or one of its parts, its repetitions' values. */
typedef struct ex_figure {
    const rp_group *g;
    const char *column, *part;   /* part: NULL for the metric */
    const rp_values *v;
    int higher_is_better;
} ex_figure;

/* Calls each(fig, arg) for every figure of the report with at least one value: each group's
 * metric, then its parts and floors (times, lower is better). */
static void for_each_figure(const rp_report *r, void (*each)(const ex_figure *, void *), void *arg)
{
    size_t i;
    int k, is_floor;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        const wb_report_spec *spec = wb_module_report(g->m);
        const wb_part *p;
        ex_figure fig;
        fig.g = g, fig.column = spec->metric, fig.part = NULL, fig.v = &g->values, fig.higher_is_better = spec->higher_is_better;
        if (g->values.n) each(&fig, arg);
        for (k = 0; (p = rp_part_at(g->m, k, &is_floor)) != NULL && k < RP_MAX_PARTS; k++) {
            fig.column = fig.part = p->column, fig.v = &g->parts[k], fig.higher_is_better = 0;
            if (g->parts[k].n) each(&fig, arg);
        }
    }
}

/* The repetitions' least, most, mean, median and sample standard deviation (wb_summarize's);
 * one repetition has no spread: stddev and cv 0, as Google Benchmark would write them. 0, or -1
 * out of memory (or for none). */
static int summary_of(const double *x, size_t n, wb_summary *s)
{
    double *scratch = (double *)malloc((n ? n : 1) * sizeof *scratch);
    int rc = scratch ? wb_summarize(x, n, scratch, s) : -1;
    free(scratch);
    if (rc != 0) return -1;
    if (!(s->stddev == s->stddev)) s->stddev = 0;
    if (!(s->cv == s->cv) || !(s->mean > 0)) s->cv = 0;
    return 0;
}

/* ---- Google Benchmark ---- */

typedef struct gb_state {
    const rp_report *r;
    wb_json *j;
    int first;
    long family;
    char left_out[512];          /* "idle's cpu_pct_machine, stalls' lost_pct": not times */
} gb_state;

/* One entry of benchmarks[]: an iteration (rep_index >= 0) or an aggregate (agg). */
static void gb_run(gb_state *st, const char *name, const char *run_name, size_t reps, long rep_index, const char *agg,
                   double t, const char *unit, const char *label)
{
    wb_json *j = st->j;
    char full[1100];
    int first = 1;
    snprintf(full, sizeof full, "%s%s%s", name, agg ? "_" : "", agg ? agg : "");
    wb_json_raw(j, st->first ? "\n{" : ",\n{");
    st->first = 0;
    wb_json_key_string(j, "name", full, &first);
    wb_json_key_number(j, "family_index", (double)st->family, &first);
    wb_json_key_number(j, "per_family_instance_index", 0, &first);
    wb_json_key_string(j, "run_name", run_name, &first);
    wb_json_key_string(j, "run_type", agg ? "aggregate" : "iteration", &first);
    wb_json_key_u64(j, "repetitions", reps, &first);
    if (!agg) wb_json_key_number(j, "repetition_index", (double)rep_index, &first);
    wb_json_key_number(j, "threads", 1, &first);
    if (agg) {
        wb_json_key_string(j, "aggregate_name", agg, &first);
        wb_json_key_string(j, "aggregate_unit", strcmp(agg, "cv") ? "time" : "percentage", &first);
    }
    wb_json_key_u64(j, "iterations", agg ? reps : 1, &first);
    wb_json_key_number(j, "real_time", t, &first);
    wb_json_key_number(j, "cpu_time", t, &first);
    wb_json_key_string(j, "time_unit", unit, &first);
    wb_json_key_string(j, "label", label, &first);
    wb_json_raw(j, "}");
}

static void note_left_out(gb_state *st, const ex_figure *fig)
{
    size_t used = strlen(st->left_out);
    char one[128];
    snprintf(one, sizeof one, "%s's %s", fig->g->m->name, fig->column);
    if (strstr(st->left_out, one)) return;
    snprintf(st->left_out + used, sizeof st->left_out - used, "%s%s", used ? ", " : "", one);
}

/* A figure's repetitions as runs, then their mean, median, stddev and cv, as Google Benchmark
 * writes a benchmark run with --benchmark_repetitions. A rate becomes its time per operation. */
static void gb_figure(const ex_figure *fig, void *arg)
{
    gb_state *st = (gb_state *)arg;
    const char *unit;
    ex_kind kind = kind_of(fig->column, &unit);
    char name[1024], label[256];
    double *t;
    wb_summary sum;
    size_t i, n = 0;
    if (kind == EX_OTHER) {
        note_left_out(st, fig);
        return;
    }
    t = (double *)malloc(fig->v->n * sizeof *t);
    if (!t) {
        st->j->error = 1;
        return;
    }
    for (i = 0; i < fig->v->n; i++)
        if (kind == EX_TIME || fig->v->v[i] > 0) t[n++] = kind == EX_RATE ? 1e9 / fig->v->v[i] : fig->v->v[i];
    if (n == 0) {
        free(t);
        return;
    }
    bench_name(st->r, fig->g, fig->part, name, sizeof name);
    snprintf(label, sizeof label, "winbench %s%s; cpu_time not measured (= real_time)", kind == EX_RATE ? "1 / " : "",
             fig->column);
    for (i = 0; i < n; i++) gb_run(st, name, name, n, (long)i, NULL, t[i], unit, label);
    if (summary_of(t, n, &sum) != 0) st->j->error = 1;
    gb_run(st, name, name, n, -1, "mean", sum.mean, unit, label);
    gb_run(st, name, name, n, -1, "median", sum.median, unit, label);
    gb_run(st, name, name, n, -1, "stddev", sum.stddev, unit, label);
    gb_run(st, name, name, n, -1, "cv", sum.cv, unit, label);
    st->family++;
    free(t);
}

/* Google Benchmark's context, from the machines' own: the first's host, CPUs and build, and
 * every machine as winbench read it (a report may hold a lab). */
static void gb_context(wb_json *j, const rp_report *r)
{
    char text[512];
    size_t i;
    int first = 1;
    wb_json_raw(j, "\"context\":{");
    wb_json_key_string(j, "executable", "winbench report", &first);
    if (r->nmachines) {
        wb_utf8(r->machines[0].ctx[WB_COL_HOST], text, sizeof text);
        wb_json_key_string(j, "host_name", text, &first);
        if (atoi(r->machines[0].ctx[WB_COL_CPUS]) > 0)
            wb_json_key_number(j, "num_cpus", atoi(r->machines[0].ctx[WB_COL_CPUS]), &first);
    }
    wb_json_key_string(j, "library_build_type", "release", &first);
    wb_json_key_string(j, "winbench_version", WINBENCH_VERSION, &first);
    wb_json_key(j, "winbench_machines", &first);
    wb_json_raw(j, "[");
    for (i = 0; i < r->nmachines; i++) {
        const rp_machine *m = &r->machines[i];
        int mfirst = 1, k;
        wb_json_raw(j, i ? ",{" : "{");
        wb_utf8(m->label, text, sizeof text);
        wb_json_key_string(j, "label", text, &mfirst);
        for (k = 0; k < WB_CONTEXT_COUNT; k++) {   /* the machines table's facts, by their column's name */
            char fact[400];
            if (!rp_machine_shown_column(k)) continue;
            wb_utf8(rp_machine_fact(m, k, fact, sizeof fact), text, sizeof text);
            wb_json_key_string(j, wb_context_columns[k], text, &mfirst);
        }
        rp_machine_name(r, (int)i, text, sizeof text);
        wb_json_key(j, "name", &mfirst);
        {
            char utf8[512];
            wb_utf8(text, utf8, sizeof utf8);
            wb_json_string(j, utf8);
        }
        wb_json_raw(j, "}");
    }
    wb_json_raw(j, "]},");
}

static int write_json(wb_json *j, FILE *f)
{
    int ok = !j->error && fwrite(j->text, 1, j->len, f) == j->len && fflush(f) == 0;
    wb_json_free(j);
    return ok ? 0 : -1;
}

static int rp_write_gbench(const rp_report *r, FILE *f)
{
    wb_json j;
    gb_state st;
    memset(&st, 0, sizeof st);
    wb_json_init(&j);
    st.r = r, st.j = &j, st.first = 1;
    wb_json_raw(&j, "{");
    gb_context(&j, r);
    wb_json_raw(&j, "\n\"benchmarks\":[");
    for_each_figure(r, gb_figure, &st);
    wb_json_raw(&j, "\n]}\n");
    if (st.left_out[0])
        wb_fprintf(stderr, "winbench: report: Google Benchmark: %s left out: not times (Bencher's and "
                           "github-action-benchmark's exports carry them)\n", st.left_out);
    return write_json(&j, f);
}

/* ---- Bencher (BMF) ---- */

typedef struct bmf_state {
    const rp_report *r;
    wb_json *j;
    int first;
} bmf_state;

/* { "NAME": { "MEASURE": { "value": median, "lower_value": least, "upper_value": most } } }: a
 * rate in Bencher's own throughput (operations/s), a time in its latency (ns), anything else in
 * a measure named after the column ("lost-pct"), which Bencher makes on first sight. */
static void bmf_figure(const ex_figure *fig, void *arg)
{
    bmf_state *st = (bmf_state *)arg;
    const char *unit;
    ex_kind kind = kind_of(fig->column, &unit);
    double scale = kind == EX_TIME ? unit_seconds(unit) / 1e-9 : 1.0;
    char name[1024], measure[64], *s;
    wb_summary sum;
    int first = 1;
    if (kind == EX_RATE) snprintf(measure, sizeof measure, "throughput");
    else if (kind == EX_TIME) snprintf(measure, sizeof measure, "latency");
    else {
        snprintf(measure, sizeof measure, "%s", fig->column);
        for (s = measure; *s; s++)
            if (*s == '_') *s = '-';
    }
    bench_name(st->r, fig->g, fig->part, name, sizeof name);
    wb_json_raw(st->j, st->first ? "\n" : ",\n");
    st->first = 0;
    wb_json_string(st->j, name);
    wb_json_raw(st->j, ":{");
    wb_json_string(st->j, measure);
    wb_json_raw(st->j, ":{");
    if (summary_of(fig->v->v, fig->v->n, &sum) != 0) st->j->error = 1;
    wb_json_key_number(st->j, "value", sum.median * scale, &first);
    wb_json_key_number(st->j, "lower_value", sum.min * scale, &first);
    wb_json_key_number(st->j, "upper_value", sum.max * scale, &first);
    wb_json_raw(st->j, "}}");
}

static int rp_write_bmf(const rp_report *r, FILE *f)
{
    wb_json j;
    bmf_state st;
    wb_json_init(&j);
    st.r = r, st.j = &j, st.first = 1;
    wb_json_raw(&j, "{");
    for_each_figure(r, bmf_figure, &st);
    wb_json_raw(&j, "\n}\n");
    return write_json(&j, f);
}

/* ---- github-action-benchmark ---- */

typedef struct gab_state {
    const rp_report *r;
    wb_json *j;
    int first, bigger;
    size_t left;
} gab_state;

/* { "name", "unit", "value": the median, "range": "± sd", "extra": the repetitions, least,
 * most and machine }: one tool per array, so a figure goes where its better direction does. */
static void gab_figure(const ex_figure *fig, void *arg)
{
    gab_state *st = (gab_state *)arg;
    const char *unit;
    ex_kind kind = kind_of(fig->column, &unit);
    char name[1024], text[600], machine[256], utf8[600];
    wb_summary sum;
    int first = 1;
    if (fig->higher_is_better != st->bigger) {
        st->left++;
        return;
    }
    bench_name(st->r, fig->g, fig->part, name, sizeof name);
    wb_json_raw(st->j, st->first ? "\n{" : ",\n{");
    st->first = 0;
    wb_json_key_string(st->j, "name", name, &first);
    wb_utf8(kind == EX_TIME ? unit : wb_module_report(fig->g->m)->unit, utf8, sizeof utf8);
    wb_json_key_string(st->j, "unit", fig->part ? unit : utf8, &first);
    if (summary_of(fig->v->v, fig->v->n, &sum) != 0) st->j->error = 1;
    wb_json_key_number(st->j, "value", sum.median, &first);
    snprintf(text, sizeof text, "\xC2\xB1 %.4g", sum.stddev);
    wb_json_key_string(st->j, "range", text, &first);
    snprintf(text, sizeof text, "median of %lu repetitions (winbench %s)\nleast %.6g, most %.6g\nmachine: %s",
             (unsigned long)fig->v->n, fig->column, sum.min, sum.max,
             rp_machine_name(st->r, fig->g->machine, machine, sizeof machine));
    wb_utf8(text, utf8, sizeof utf8);
    wb_json_key_string(st->j, "extra", utf8, &first);
    wb_json_raw(st->j, "}");
}

static int write_gab(const rp_report *r, FILE *f, int bigger)
{
    wb_json j;
    gab_state st;
    memset(&st, 0, sizeof st);
    wb_json_init(&j);
    st.r = r, st.j = &j, st.first = 1, st.bigger = bigger;
    wb_json_raw(&j, "[");
    for_each_figure(r, gab_figure, &st);
    wb_json_raw(&j, "\n]\n");
    if (st.left)
        wb_fprintf(stderr, "winbench: report: github-action-benchmark: %lu figure(s) where %s is better left out "
                           "(--export %s has them)\n", (unsigned long)st.left, bigger ? "less" : "more",
                   bigger ? "gab-smaller" : "gab-bigger");
    return write_json(&j, f);
}

static int rp_write_gab_smaller(const rp_report *r, FILE *f)
{
    return write_gab(r, f, 0);
}

static int rp_write_gab_bigger(const rp_report *r, FILE *f)
{
    return write_gab(r, f, 1);
}

const rp_format rp_format_gbench = { .option = "export-gbench", .label = "Google Benchmark JSON",
                                     .help = "= --export gbench FILE: the repetitions as Google Benchmark JSON, for compare.py (- for stdout)",
                                     .dest = RP_DEST_FILE, .write = rp_write_gbench };
const rp_format rp_format_bmf = { .option = "export-bmf", .label = "Bencher metric format",
                                  .help = "= --export bmf FILE: the medians as Bencher Metric Format JSON (- for stdout)",
                                  .dest = RP_DEST_FILE, .write = rp_write_bmf };
const rp_format rp_format_gab_smaller = { .option = "export-gab-smaller", .label = "customSmallerIsBetter",
                                          .help = "= --export gab-smaller FILE: the medians where less is better, for "
                                                  "github-action-benchmark (- for stdout)",
                                          .dest = RP_DEST_FILE, .write = rp_write_gab_smaller };
const rp_format rp_format_gab_bigger = { .option = "export-gab-bigger", .label = "customBiggerIsBetter",
                                         .help = "= --export gab-bigger FILE: the medians where more is better, for "
                                                 "github-action-benchmark (- for stdout)",
                                         .dest = RP_DEST_FILE, .write = rp_write_gab_bigger };

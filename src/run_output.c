/* CSV rows: one per repetition and one summary per run, each carrying the full context so that
 * files from several machines concatenate into one sheet (docs/csv.md lists every column). */
#include "run_internal.h"

#include <math.h>
#include <string.h>

static const char *const context_columns[] = {
    "timestamp_utc", "run_id", "host", "os_name", "os_version", "os_build", "os_sp", "os_server",
    "version_api", "arch", "wow64", "cpu_name", "cpu_mhz", "cpus", "hypervisor", "themes_active",
    "wine_version", "qpc_hz", "qpc_resolution_ns", "qpc_call_ns", "tool_version", "priority",
    "affinity", "repeat", "warmup", "options", "peak_working_set_kb", NULL
};

static const char *const measure_columns[] = {
    "ops", "elapsed_s", "ops_per_s", "ns_per_op", "cpu_user_s", "cpu_kernel_s", "cpu_pct",
    "thread_user_s", "thread_kernel_s", "n", "ops_per_s_min", "ops_per_s_max", "ops_per_s_mean",
    "ops_per_s_median", "ops_per_s_stddev", "ops_per_s_cv", NULL
};

void wb_utc_timestamp(char *buf, size_t cap)
{
    SYSTEMTIME t;
    GetSystemTime(&t);
    snprintf(buf, cap, "%04u-%02u-%02uT%02u:%02u:%02uZ", t.wYear, t.wMonth, t.wDay, t.wHour,
             t.wMinute, t.wSecond);
}

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
    if (out->elapsed_s > 0) {
        out->ops_per_s = (double)s->ops / out->elapsed_s;
        out->cpu_pct = 100.0 * (out->cpu_user_s + out->cpu_kernel_s) / out->elapsed_s;
    }
    out->ns_per_op = s->ops ? out->elapsed_s * 1e9 / (double)s->ops : 0.0;
}

void wb_measure_add(wb_measure *t, const wb_measure *m)
{
    t->ops += m->ops;
    t->elapsed_s += m->elapsed_s;
    t->cpu_user_s += m->cpu_user_s;
    t->cpu_kernel_s += m->cpu_kernel_s;
    t->thr_user_s += m->thr_user_s;
    t->thr_kernel_s += m->thr_kernel_s;
    t->cpu_pct = t->elapsed_s > 0 ? 100.0 * (t->cpu_user_s + t->cpu_kernel_s) / t->elapsed_s : 0;
}

void wb_csv_header(wb_run *r)
{
    const wb_option *o;
    int i;
    wb_csv_text(&r->csv, "schema");
    wb_csv_text(&r->csv, "benchmark");
    wb_csv_text(&r->csv, "label");
    wb_csv_text(&r->csv, "row");
    wb_csv_text(&r->csv, "rep");
    for (o = r->m->options; o->name; o++) wb_csv_text(&r->csv, o->name);
    for (i = 0; r->m->fact_names && r->m->fact_names[i]; i++) wb_csv_text(&r->csv, r->m->fact_names[i]);
    for (i = 0; measure_columns[i]; i++) wb_csv_text(&r->csv, measure_columns[i]);
    for (i = 0; r->m->metric_names && r->m->metric_names[i]; i++) wb_csv_text(&r->csv, r->m->metric_names[i]);
    wb_csv_text(&r->csv, "warnings");
    for (i = 0; context_columns[i]; i++) wb_csv_text(&r->csv, context_columns[i]);
    wb_csv_end_row(&r->csv);
}

static void row_start(wb_run *r, const char *kind, unsigned rep)
{
    const wb_option *o;
    char buf[256];
    int i;
    wb_csv_u64(&r->csv, WB_CSV_SCHEMA);
    wb_csv_text(&r->csv, r->m->name);
    wb_csv_text(&r->csv, r->common.label ? r->common.label : "");
    wb_csv_text(&r->csv, kind);
    if (rep) wb_csv_u64(&r->csv, rep);
    else wb_csv_empty(&r->csv);
    for (o = r->m->options; o->name; o++) {
        wb_option_value_text(o, r->variant, buf, sizeof buf);
        wb_csv_text(&r->csv, buf);
    }
    for (i = 0; r->m->fact_names && r->m->fact_names[i]; i++) wb_csv_text(&r->csv, r->facts[i]);
}

static void measures(wb_run *r, const wb_measure *m)
{
    wb_csv_u64(&r->csv, m->ops);
    wb_csv_double(&r->csv, m->elapsed_s);
    wb_csv_double(&r->csv, m->ops_per_s);
    wb_csv_double(&r->csv, m->ns_per_op);
    wb_csv_double(&r->csv, m->cpu_user_s);
    wb_csv_double(&r->csv, m->cpu_kernel_s);
    wb_csv_double(&r->csv, m->cpu_pct);
    wb_csv_double(&r->csv, m->thr_user_s);
    wb_csv_double(&r->csv, m->thr_kernel_s);
}

static void context(wb_run *r)
{
    const wb_sysinfo *si = &r->si;
    char buf[64];
    wb_utc_timestamp(buf, sizeof buf);
    wb_csv_text(&r->csv, buf);
    wb_csv_text(&r->csv, r->run_id);
    wb_csv_text(&r->csv, si->host);
    wb_csv_text(&r->csv, si->os_name);
    snprintf(buf, sizeof buf, "%u.%u", si->os_major, si->os_minor);
    wb_csv_text(&r->csv, buf);
    wb_csv_u64(&r->csv, si->os_build);
    wb_csv_text(&r->csv, si->os_csd);
    wb_csv_u64(&r->csv, (uint64_t)si->os_server);
    wb_csv_text(&r->csv, si->version_api);
    wb_csv_text(&r->csv, si->arch);
    wb_csv_u64(&r->csv, (uint64_t)si->wow64);
    wb_csv_text(&r->csv, si->cpu_name);
    wb_csv_u64(&r->csv, si->cpu_mhz);
    wb_csv_u64(&r->csv, si->cpus);
    if (si->hypervisor < 0) wb_csv_empty(&r->csv); else wb_csv_u64(&r->csv, (uint64_t)si->hypervisor);
    if (si->themes_active < 0) wb_csv_empty(&r->csv); else wb_csv_u64(&r->csv, (uint64_t)si->themes_active);
    wb_csv_text(&r->csv, si->wine);
    wb_csv_u64(&r->csv, r->clk.freq);
    wb_csv_double(&r->csv, wb_ticks_to_s(r->clk.resolution_ticks) * 1e9);
    wb_csv_double(&r->csv, r->clk.call_ns);
    wb_csv_text(&r->csv, WINBENCH_VERSION);
    wb_csv_text(&r->csv, r->priority_text);
    wb_csv_text(&r->csv, r->affinity_text);
    wb_csv_u64(&r->csv, r->common.repeat);
    wb_csv_u64(&r->csv, r->common.warmup);
    wb_csv_text(&r->csv, r->options_text);
    wb_csv_u64(&r->csv, wb_peak_working_set_kb());
}

/* The module's measures, then the warnings column (codes; empty when there are none). */
static void metrics(wb_run *r, const double *values)
{
    int i;
    char codes[512];
    for (i = 0; r->m->metric_names && r->m->metric_names[i]; i++) wb_csv_double(&r->csv, values[i]);
    if (r->row_warnings) {
        wb_csv_text(&r->csv, r->row_warnings);
    } else {
        wb_warn_codes(&r->context_warnings, codes, sizeof codes);
        wb_csv_text(&r->csv, codes);
    }
}

void wb_csv_rep_row(wb_run *r, unsigned rep, const wb_measure *m, const double *module_metrics)
{
    int i;
    row_start(r, "rep", rep);
    measures(r, m);
    for (i = 0; i < 7; i++) wb_csv_empty(&r->csv);   /* n .. ops_per_s_cv: summary rows only */
    metrics(r, module_metrics);
    context(r);
    if (wb_csv_end_row(&r->csv) == 0) r->csv_data_rows++;
}

void wb_csv_extra_row(wb_run *r, const char *kind, unsigned rep, uint64_t ops, double elapsed_s,
                      const double *module_metrics)
{
    int i;
    row_start(r, kind, rep);
    wb_csv_u64(&r->csv, ops);
    wb_csv_double(&r->csv, elapsed_s);
    wb_csv_double(&r->csv, elapsed_s > 0 ? (double)ops / elapsed_s : NAN);
    wb_csv_double(&r->csv, ops ? elapsed_s * 1e9 / (double)ops : NAN);
    for (i = 0; i < 5 + 7; i++) wb_csv_empty(&r->csv);   /* CPU columns, then the statistics */
    metrics(r, module_metrics);
    context(r);
    if (wb_csv_end_row(&r->csv) == 0) r->csv_data_rows++;
}

void wb_csv_summary_row(wb_run *r, const wb_measure *total, const wb_summary *rate, double ns_median,
                        const double *metric_medians)
{
    wb_measure m = *total;
    /* The summary's rate and cost are the medians over repetitions; ops, elapsed and CPU are
     * totals. */
    m.ops_per_s = rate->median;
    m.ns_per_op = ns_median;
    row_start(r, r->summary_kind ? r->summary_kind : "summary", 0);
    measures(r, &m);
    wb_csv_u64(&r->csv, rate->n);
    wb_csv_double(&r->csv, rate->min);
    wb_csv_double(&r->csv, rate->max);
    wb_csv_double(&r->csv, rate->mean);
    wb_csv_double(&r->csv, rate->median);
    wb_csv_double(&r->csv, rate->stddev);
    wb_csv_double(&r->csv, rate->cv);
    metrics(r, metric_medians);
    context(r);
    if (wb_csv_end_row(&r->csv) == 0) r->csv_data_rows++;
}

/* The CSV sink: one row per repetition, per extra row a module adds, and per summary, each
 * carrying the full context so that files from several machines concatenate into one sheet.
 * The columns are those of src/core/csv_columns.h, with the module's options, facts and
 * metrics between them (docs/csv.md lists every one). Each row is written and flushed as soon as
 * it is measured: a run killed at any moment leaves every finished row on disk. The sink only
 * formats values: the time and working set of a row come with it (wb_row_stamp). */
#include "sink.h"

#include <fcntl.h>
#include <io.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv_columns.h"
#include "core/wb_csv.h"
#include "wb_files.h"
#include "wb_console.h"

typedef struct csv_sink {
    wb_sink base;
    const wb_run_info *run;
    const wb_variant_info *variant;
    FILE *f;
    wb_csv csv;
    char path[MAX_PATH];
    int is_stdout, rows, header_written;
    char context[WB_CONTEXT_COUNT][64];   /* the context cells that do not change within a run */
} csv_sink;

/* What one row holds beside its measures: the cells that differ between rows. */
typedef struct row_values {
    const char *kind;
    unsigned rep;                 /* 0: empty */
    const double *metrics;
    const char *codes;            /* the warnings column */
    const char *outlier_reps;     /* summary rows: the repetitions the outlier rule named */
    int with_verdicts;            /* rep and summary rows: the module's verdicts of metrics */
    const wb_row_stamp *stamp;
} row_values;

/* One row's measures, by column; NaN cells are written empty. */
typedef struct measure_cells {
    double v[WB_MEASURE_COUNT];
} measure_cells;

static void cells_clear(measure_cells *c)
{
    int i;
    for (i = 0; i < WB_MEASURE_COUNT; i++) c->v[i] = NAN;
}

static void cells_measure(measure_cells *c, const wb_measure *m, int with_cpu)
{
    c->v[WB_COL_OPS] = (double)m->ops;
    c->v[WB_COL_ELAPSED_S] = m->elapsed_s;
    c->v[WB_COL_OPS_PER_S] = m->ops_per_s;
    c->v[WB_COL_NS_PER_OP] = m->ns_per_op;
    if (!with_cpu) return;
    c->v[WB_COL_CPU_USER_S] = m->cpu_user_s;
    c->v[WB_COL_CPU_KERNEL_S] = m->cpu_kernel_s;
    c->v[WB_COL_CPU_PCT] = m->cpu_pct;
    c->v[WB_COL_THREAD_USER_S] = m->thr_user_s;
    c->v[WB_COL_THREAD_KERNEL_S] = m->thr_kernel_s;
}

/* ISO 8601 to the millisecond: repetitions shorter than a second still read in order. */
static void utc_timestamp(const SYSTEMTIME *t, char *buf, size_t cap)
{
    snprintf(buf, cap, "%04u-%02u-%02uT%02u:%02u:%02u.%03uZ", t->wYear, t->wMonth, t->wDay, t->wHour, t->wMinute,
             t->wSecond, t->wMilliseconds);
}

static void fill_context(csv_sink *c)
{
    const wb_run_info *run = c->run;
    const wb_sysinfo *si = run->si;
#define SET(col, ...) snprintf(c->context[WB_COL_##col], sizeof c->context[0], __VA_ARGS__)
    SET(OS_VERSION, "%u.%u", si->os_major, si->os_minor);
    SET(OS_BUILD, "%u", si->os_build);
    SET(OS_SERVER, "%d", si->os_server);
    SET(WOW64, "%d", si->wow64);
    SET(CPU_MHZ, "%u", si->cpu_mhz);
    SET(CPUS, "%u", si->cpus);
    if (si->hypervisor >= 0) SET(HYPERVISOR, "%d", si->hypervisor);
    if (si->themes_active >= 0) SET(THEMES_ACTIVE, "%d", si->themes_active);
    SET(QPC_HZ, "%llu", (unsigned long long)run->clk->freq);
    wb_csv_format_double(wb_ticks_to_s(run->clk->resolution_ticks) * 1e9, c->context[WB_COL_QPC_RESOLUTION_NS],
                         sizeof c->context[0]);
    wb_csv_format_double(run->clk->call_ns, c->context[WB_COL_QPC_CALL_NS], sizeof c->context[0]);
    wb_csv_format_double(si->tick_ms > 0 ? si->tick_ms : NAN, c->context[WB_COL_TICK_MS], sizeof c->context[0]);
    SET(REPEAT, "%llu", (unsigned long long)run->common->repeat);
    SET(WARMUP, "%llu", (unsigned long long)run->common->warmup);
#undef SET
}

/* The context cells; the long texts are taken from where they live. */
static const char *context_cell(const csv_sink *c, const row_values *row, int col, char *buf, size_t cap)
{
    const wb_run_info *run = c->run;
    const wb_sysinfo *si = run->si;
    switch (col) {
    case WB_COL_TIMESTAMP_UTC: utc_timestamp(&row->stamp->utc, buf, cap); return buf;
    case WB_COL_RUN_ID: return run->run_id;
    case WB_COL_HOST: return si->host;
    case WB_COL_OS_NAME: return si->os_name;
    case WB_COL_OS_SP: return si->os_csd;
    case WB_COL_VERSION_API: return si->version_api;
    case WB_COL_ARCH: return si->arch;
    case WB_COL_CPU_NAME: return si->cpu_name;
    case WB_COL_WINE_VERSION: return si->wine;
    case WB_COL_TOOL_VERSION: return WINBENCH_VERSION;
    case WB_COL_PRIORITY: return run->priority_text;
    case WB_COL_AFFINITY: return run->affinity_text;
    case WB_COL_OPTIONS: return run->options_text;
    case WB_COL_HYPERVISOR_VENDOR: return si->hypervisor_vendor;
    case WB_COL_POWER_PLAN: return si->power_plan;
    case WB_COL_QPC_SOURCE: return si->qpc_source ? si->qpc_source : "";
    case WB_COL_TIMER_RES_MS:
        wb_csv_format_double(c->variant->timer_res_ms > 0 ? c->variant->timer_res_ms : NAN, buf, cap);
        return buf;
    case WB_COL_SLEEP1_MS:
        wb_csv_format_double(c->variant->sleep1_ms > 0 ? c->variant->sleep1_ms : NAN, buf, cap);
        return buf;
    case WB_COL_PEAK_WORKING_SET_KB:
        snprintf(buf, cap, "%llu", (unsigned long long)row->stamp->peak_working_set_kb);
        return buf;
    case WB_COL_CALIBRATION: return run->common->calibration ? run->common->calibration : "";
    case WB_COL_OUTLIER_REPS: return row->outlier_reps ? row->outlier_reps : "";
    case WB_COL_ORDER: return run->order_text ? run->order_text : "";
    case WB_COL_SEED: return run->seed_text ? run->seed_text : "";
    case WB_COL_POWER_SOURCE: return run->qos->power_source;
    case WB_COL_POWER_THROTTLING: return run->qos->throttling;
    case WB_COL_CPU_CLASSES: return run->qos->cpu_classes;
    default: return c->context[col];
    }
}

static void header_cell(void *arg, const char *name)
{
    wb_csv_text((wb_csv *)arg, name);
}

/* The column names, in the order write_row writes the cells (wb_module_columns). */
static void write_header(csv_sink *c)
{
    wb_module_columns(c->run->m, header_cell, &c->csv);
    wb_csv_end_row(&c->csv);
}

static int option_cell(void *arg, const wb_option *o, const void *config)
{
    csv_sink *c = (csv_sink *)arg;
    char buf[512];
    wb_option_value_text(o, config, buf, sizeof buf);
    wb_csv_text(&c->csv, buf);
    return 0;
}

/* One whole row: the lead columns, options, facts, measures, metrics, warnings, context. */
static void write_row(csv_sink *c, const row_values *row, const measure_cells *mc)
{
    const wb_module *m = c->run->m;
    char buf[512];
    int i;
    wb_csv_u64(&c->csv, WB_CSV_SCHEMA);
    wb_csv_text(&c->csv, m->name);
    wb_csv_text(&c->csv, c->run->common->label ? c->run->common->label : "");
    wb_csv_text(&c->csv, row->kind);
    if (row->rep) wb_csv_u64(&c->csv, row->rep);
    else wb_csv_empty(&c->csv);
    wb_options_each(m->options, c->variant->config, option_cell, c);
    for (i = 0; m->fact_names && m->fact_names[i]; i++)
        wb_csv_text(&c->csv, c->variant->facts[i] ? c->variant->facts[i] : "");
    for (i = 0; i < WB_MEASURE_COUNT; i++) {
        if (i == WB_COL_OPS || i == WB_COL_N) {   /* counts: written as integers */
            if (mc->v[i] == mc->v[i]) wb_csv_u64(&c->csv, (uint64_t)mc->v[i]);
            else wb_csv_empty(&c->csv);
        } else {
            wb_csv_double(&c->csv, mc->v[i]);
        }
    }
    for (i = 0; m->metric_names && m->metric_names[i]; i++) wb_csv_double(&c->csv, row->metrics[i]);
    if (m->verdict_names) {
        const char *verdicts[WB_MAX_FACTS] = { NULL };
        if (row->with_verdicts && m->verdicts) m->verdicts(row->metrics, verdicts);
        for (i = 0; m->verdict_names[i]; i++) wb_csv_text(&c->csv, verdicts[i] ? verdicts[i] : "");
    }
    wb_csv_text(&c->csv, row->codes);
    for (i = 0; i < WB_CONTEXT_COUNT; i++) wb_csv_text(&c->csv, context_cell(c, row, i, buf, sizeof buf));
    if (wb_csv_end_row(&c->csv) == 0) c->rows++;
}

static void csv_begin(wb_sink *s, const wb_run_info *run)
{
    csv_sink *c = (csv_sink *)s;
    c->run = run;
    fill_context(c);
}

static void csv_variant(wb_sink *s, const wb_variant_info *v)
{
    csv_sink *c = (csv_sink *)s;
    c->variant = v;
    if (!c->header_written) {
        write_header(c);
        c->header_written = 1;
    }
}

static void csv_rep(wb_sink *s, const wb_rep_result *r)
{
    csv_sink *c = (csv_sink *)s;
    measure_cells mc;
    row_values row;
    char codes[320];
    cells_clear(&mc);
    /* A partial repetition gets the generic measures only: its CPU times cover a cut interval
     * the summary does not use. */
    cells_measure(&mc, &r->measure, !r->partial);
    if (r->partial && r->measure.ops == 0) mc.v[WB_COL_NS_PER_OP] = NAN;
    wb_warn_codes(&r->warnings, codes, sizeof codes);
    memset(&row, 0, sizeof row);
    row.kind = r->partial ? WB_ROW_PARTIAL : WB_ROW_REP;
    row.rep = r->rep;
    row.metrics = r->sample->metrics;
    row.with_verdicts = !r->partial;
    row.codes = codes;
    row.stamp = &r->stamp;
    write_row(c, &row, &mc);
}

static void csv_extra_row(wb_sink *s, const wb_extra_row *row)
{
    csv_sink *c = (csv_sink *)s;
    measure_cells mc;
    cells_clear(&mc);
    mc.v[WB_COL_OPS] = (double)row->ops;
    mc.v[WB_COL_ELAPSED_S] = row->elapsed_s;
    mc.v[WB_COL_OPS_PER_S] = row->elapsed_s > 0 ? (double)row->ops / row->elapsed_s : NAN;
    mc.v[WB_COL_NS_PER_OP] = row->ops ? row->elapsed_s * 1e9 / (double)row->ops : NAN;
    {
        char codes[256];
        row_values v;
        wb_warn_codes(c->run->context_warnings, codes, sizeof codes);
        memset(&v, 0, sizeof v);
        v.kind = row->kind;
        v.rep = row->rep;
        v.metrics = row->metrics;
        v.codes = codes;
        v.stamp = &row->stamp;
        write_row(c, &v, &mc);
    }
}

static void csv_summary(wb_sink *s, const wb_variant_result *r)
{
    csv_sink *c = (csv_sink *)s;
    measure_cells mc;
    wb_measure m = r->total;
    /* The summary's rate, cost and CPU % are the medians over repetitions (the console's
     * figures too); ops, elapsed and the CPU seconds are totals. */
    m.ops_per_s = r->rate.median;
    m.ns_per_op = r->ns_median;
    m.cpu_pct = r->cpu_median;
    cells_clear(&mc);
    cells_measure(&mc, &m, 1);
    mc.v[WB_COL_N] = (double)r->rate.n;
    mc.v[WB_COL_RATE_MIN] = r->rate.min;
    mc.v[WB_COL_RATE_MAX] = r->rate.max;
    mc.v[WB_COL_RATE_MEAN] = r->rate.mean;
    mc.v[WB_COL_RATE_MEDIAN] = r->rate.median;
    mc.v[WB_COL_RATE_STDDEV] = r->rate.stddev;
    mc.v[WB_COL_RATE_CV] = r->rate.cv;
    {
        char codes[512];
        row_values v;
        wb_warn_codes(&r->warnings, codes, sizeof codes);
        memset(&v, 0, sizeof v);
        v.kind = r->interrupted ? WB_ROW_INTERRUPTED : WB_ROW_SUMMARY;
        v.metrics = r->medians;
        v.with_verdicts = !r->interrupted;
        v.codes = codes;
        v.outlier_reps = r->outlier_reps;
        v.stamp = &r->stamp;
        write_row(c, &v, &mc);
    }
}

/* Closes the file; one that holds no measurement (the run failed first) is removed. */
static int csv_end(wb_sink *s, int rc)
{
    csv_sink *c = (csv_sink *)s;
    int failed;
    (void)rc;
    if (c->f == NULL) return 0;
    failed = c->csv.error;
    wb_csv_release(&c->csv);
    if (c->is_stdout) {
        fflush(stdout);
    } else {
        if (fclose(c->f) != 0) failed = 1;
        if (c->rows == 0) DeleteFileA(c->path);
    }
    c->f = NULL;
    return failed ? -1 : 0;
}

static void csv_where(const wb_sink *s, wb_run_end *e)
{
    const csv_sink *c = (const csv_sink *)s;
    snprintf(e->rows_path, sizeof e->rows_path, "%s", c->path);
    e->rows = c->rows;
    e->rows_kind = c->run && c->run->common->tsv ? "TSV" : "CSV";
}

static void csv_close(wb_sink *s, const wb_run_end *e)
{
    (void)e;
    free(s);
}

/* Creates the file without ever replacing one unless --force. */
static int open_file(csv_sink *c, const wb_run_info *run, const char *stamp)
{
    const wb_common *common = run->common;
    const char *ext = common->tsv ? "tsv" : "csv";
    int explicit_path = common->csv != NULL, attempt;
    unsigned long code = 0;
    char msg[MAX_PATH + 300];

    if (wb_rows_on_stdout(common)) {
        c->f = stdout;
        c->is_stdout = 1;
        _setmode(_fileno(stdout), _O_BINARY);   /* rows end in CRLF already */
        snprintf(c->path, sizeof c->path, "-");
        return WB_EXIT_OK;
    }
    for (attempt = 1; attempt <= 100; attempt++) {
        if (explicit_path)
            snprintf(c->path, sizeof c->path, "%s", common->csv);
        else if (attempt == 1)
            snprintf(c->path, sizeof c->path, "winbench-%s-%s-%s.%s", run->m->name, run->si->host, stamp, ext);
        else   /* two runs in the same second: never overwrite, number the newer one */
            snprintf(c->path, sizeof c->path, "winbench-%s-%s-%s-%d.%s", run->m->name, run->si->host, stamp,
                     attempt, ext);
        c->f = wb_create_file(c->path, common->force, &code);
        if (c->f != NULL) return WB_EXIT_OK;
        if (explicit_path || (code != ERROR_FILE_EXISTS && code != ERROR_ALREADY_EXISTS)) break;
    }
    if (wb_create_file_error("csv", c->path, code, msg, sizeof msg) == WB_EXIT_USAGE)
        return wb_usage_error(run->m->name, msg);
    wb_fprintf(stderr, "winbench: %s: %s\n", run->m->name, msg);
    return WB_EXIT_RUNTIME;
}

wb_sink *wb_csv_sink_open(const wb_run_info *run, const char *stamp, int *rc)
{
    csv_sink *c = (csv_sink *)calloc(1, sizeof *c);
    if (c == NULL) {
        *rc = WB_EXIT_RUNTIME;
        wb_fprintf(stderr, "winbench: %s: out of memory\n", run->m->name);
        return NULL;
    }
    *rc = open_file(c, run, stamp);
    if (*rc != WB_EXIT_OK) {
        free(c);
        return NULL;
    }
    wb_csv_init(&c->csv, c->f, run->common->tsv ? '\t' : ',');
    if (!c->is_stdout) wb_csv_whole_rows(&c->csv);
    c->base.begin = csv_begin;
    c->base.variant = csv_variant;
    c->base.rep = csv_rep;
    c->base.extra_row = csv_extra_row;
    c->base.summary = csv_summary;
    c->base.end = csv_end;
    c->base.where = csv_where;
    c->base.close = csv_close;
    return &c->base;
}

int wb_rows_on_stdout(const wb_common *common)
{
    return common->csv != NULL && strcmp(common->csv, "-") == 0;
}

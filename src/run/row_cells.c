/* The cells of every row winbench writes: the lead columns, the module's options, facts,
 * measures, metrics and verdicts, the warnings and the context, in the order of the run's
 * layout (layout.h; src/core/csv_columns.h, docs/csv.md). The sinks only say how a cell is
 * written (row_cells.h). */
#include "row_cells.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_hdr.h"
#include "core/wb_csv.h"
#include "warnings.h"

/* What one row holds beside its measures: the cells that differ between rows. */
typedef struct row_values {
    const char *kind;
    unsigned rep;                 /* 0: empty */
    const double *metrics;
    const char *codes;            /* the warnings column */
    const char *outlier_reps;     /* summary rows: the repetitions the outlier rule named */
    int with_verdicts;            /* rep and summary rows: the module's verdicts of metrics */
    const wb_row_stamp *stamp;
    const wb_hist *latency;       /* rep rows of a module that keeps one */
    const char *not_run;          /* a skipped row: why the variant could not run */
} row_values;

/* One row's measures, by column; NaN cells have no value. */
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
    if (m->stall_probe_s > 0) {   /* the probe's share lost, pooled over the repetitions in a summary */
        c->v[WB_COL_STALL_PCT] = 100.0 * m->stall_lost_s / m->stall_probe_s;
        c->v[WB_COL_STALL_MAX_US] = m->stall_max_us;
    }
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

void wb_row_source_init(wb_row_source *src, const wb_run_info *run)
{
    const wb_sysinfo *si = run->si;
    memset(src, 0, sizeof *src);
    src->run = run;
#define SET(col, ...) snprintf(src->context[WB_COL_##col], sizeof src->context[0], __VA_ARGS__)
    SET(OS_VERSION, "%u.%u", si->os_major, si->os_minor);
    SET(OS_BUILD, "%u", si->os_build);
    SET(OS_SERVER, "%d", si->os_server);
    SET(WOW64, "%d", si->wow64);
    SET(CPU_MHZ, "%u", si->cpu_mhz);
    SET(CPUS, "%u", si->cpus);
    if (si->hypervisor >= 0) SET(HYPERVISOR, "%d", si->hypervisor);
    if (si->themes_active >= 0) SET(THEMES_ACTIVE, "%d", si->themes_active);
    SET(QPC_HZ, "%llu", (unsigned long long)run->clk->freq);
    wb_csv_format_double(wb_ticks_to_s(run->clk->resolution_ticks) * 1e9, src->context[WB_COL_QPC_RESOLUTION_NS],
                         sizeof src->context[0]);
    wb_csv_format_double(run->clk->call_ns, src->context[WB_COL_QPC_CALL_NS], sizeof src->context[0]);
    wb_csv_format_double(si->tick_ms > 0 ? si->tick_ms : NAN, src->context[WB_COL_TICK_MS], sizeof src->context[0]);
    SET(REPEAT, "%llu", (unsigned long long)run->common->repeat);
    SET(WARMUP, "%llu", (unsigned long long)run->common->warmup);
    SET(STALLS_MS, "%.10g", run->common->stalls * 1e3);
#undef SET
}

/* The context cells; the long texts are taken from where they live. */
static const char *context_cell(const wb_row_source *src, const row_values *row, int col, char *buf, size_t cap)
{
    const wb_run_info *run = src->run;
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
        wb_csv_format_double(src->variant->timer_res_ms > 0 ? src->variant->timer_res_ms : NAN, buf, cap);
        return buf;
    case WB_COL_SLEEP1_MS:
        wb_csv_format_double(src->variant->sleep1_ms > 0 ? src->variant->sleep1_ms : NAN, buf, cap);
        return buf;
    case WB_COL_PEAK_WORKING_SET_KB:
        snprintf(buf, cap, "%llu", (unsigned long long)row->stamp->peak_working_set_kb);
        return buf;
    case WB_COL_CALIBRATION: return run->common->calibration ? run->common->calibration : "";
    case WB_COL_OUTLIER_REPS: return row->outlier_reps ? row->outlier_reps : "";
    case WB_COL_ORDER: return run->order_text ? run->order_text : "";
    case WB_COL_SEED: return run->seed_text ? run->seed_text : "";
    case WB_COL_VARIANTS: return run->variants_text ? run->variants_text : "";
    case WB_COL_POWER_SOURCE: return run->qos->power_source;
    case WB_COL_POWER_THROTTLING: return run->qos->throttling;
    case WB_COL_CPU_CLASSES: return run->qos->cpu_classes;
    case WB_COL_NOT_RUN: return row->not_run ? row->not_run : "";
    default: return src->context[col];
    }
}

/* The latency histogram as HdrHistogram encodes it (a few KiB at most: built here, at the
 * repetition's end, never in its timed loop); empty without one. */
static void latency_cell(const wb_cell_out *out, const wb_hist *h)
{
    size_t need = h ? wb_hdr_encode(h, NULL, 0) : 0;
    char *text = need ? (char *)malloc(need + 1) : NULL;
    if (text != NULL && wb_hdr_encode(h, text, need + 1) == need) out->text(out->arg, text);
    else out->text(out->arg, "");
    free(text);
}

/* A lead column's cell. */
static void lead_cell(const wb_row_source *src, const row_values *row, int index, const wb_cell_out *out)
{
    switch (index) {
    case WB_COL_SCHEMA: out->count(out->arg, WB_CSV_SCHEMA); return;
    case WB_COL_BENCHMARK: out->text(out->arg, src->run->m->name); return;
    case WB_COL_LABEL: out->text(out->arg, src->run->common->label ? src->run->common->label : ""); return;
    case WB_COL_ROW: out->text(out->arg, row->kind); return;
    default:
        if (row->rep) out->count(out->arg, row->rep);
        else out->empty(out->arg);
    }
}

static void measure_cell(const measure_cells *mc, int i, const wb_cell_out *out)
{
    if (i == WB_COL_OPS || i == WB_COL_N) {   /* counts: written as integers */
        if (mc->v[i] == mc->v[i]) out->count(out->arg, (uint64_t)mc->v[i]);
        else out->empty(out->arg);
    } else {
        out->number(out->arg, mc->v[i]);
    }
}

/* One whole row, a cell for every column of the run's layout (layout.c), in its order. */
static void write_row(const wb_row_source *src, const row_values *row, const measure_cells *mc, const wb_cell_out *out)
{
    const wb_module *m = src->run->m;
    const wb_variant_info *v = src->variant;
    const wb_layout *l = src->run->layout;
    const char *verdicts[WB_MAX_FACTS] = { NULL };
    char buf[512];
    int i;
    if (row->with_verdicts && m->verdicts) m->verdicts(row->metrics, verdicts);
    for (i = 0; i < l->n; i++) {
        const wb_column *c = &l->col[i];
        switch (c->section) {
        case WB_SEC_LEAD: lead_cell(src, row, c->index, out); break;
        case WB_SEC_OPTION:
            wb_option_value_text(c->option, v->config, buf, sizeof buf);
            out->text(out->arg, buf);
            break;
        case WB_SEC_FACT: out->text(out->arg, v->facts[c->index] ? v->facts[c->index] : ""); break;
        case WB_SEC_MEASURE: measure_cell(mc, c->index, out); break;
        case WB_SEC_METRIC: out->number(out->arg, row->metrics[c->index]); break;
        case WB_SEC_VERDICT: out->text(out->arg, verdicts[c->index] ? verdicts[c->index] : ""); break;
        case WB_SEC_WARNINGS: out->text(out->arg, row->codes); break;
        case WB_SEC_CONTEXT:
            if (c->index == WB_COL_LATENCY_HDR) latency_cell(out, row->latency);
            else out->text(out->arg, context_cell(src, row, c->index, buf, sizeof buf));
            break;
        }
    }
}

void wb_row_rep(const wb_row_source *src, const wb_rep_result *r, const wb_cell_out *out)
{
    measure_cells mc;
    row_values row;
    char codes[320];
    cells_clear(&mc);
    /* A partial repetition gets the generic measures only: its CPU times cover a cut interval
     * the summary does not use. */
    if (!r->skipped) cells_measure(&mc, &r->measure, !r->partial);   /* a skipped row measured nothing */
    if (r->partial && r->measure.ops == 0) mc.v[WB_COL_NS_PER_OP] = NAN;
    wb_warn_codes(&r->warnings, codes, sizeof codes);
    memset(&row, 0, sizeof row);
    row.kind = r->skipped ? WB_ROW_SKIPPED : r->partial ? WB_ROW_PARTIAL : WB_ROW_REP;
    row.rep = r->rep;
    row.metrics = r->sample->metrics;
    row.with_verdicts = !r->partial && !r->skipped;
    row.not_run = r->skipped;
    row.codes = codes;
    row.stamp = &r->stamp;
    row.latency = r->sample->latency;
    write_row(src, &row, &mc, out);
}

void wb_row_extra(const wb_row_source *src, const wb_extra_row *extra, const wb_cell_out *out)
{
    measure_cells mc;
    row_values row;
    char codes[256];
    cells_clear(&mc);
    mc.v[WB_COL_OPS] = (double)extra->ops;
    mc.v[WB_COL_ELAPSED_S] = extra->elapsed_s;
    mc.v[WB_COL_OPS_PER_S] = extra->elapsed_s > 0 ? (double)extra->ops / extra->elapsed_s : NAN;
    mc.v[WB_COL_NS_PER_OP] = extra->ops ? extra->elapsed_s * 1e9 / (double)extra->ops : NAN;
    wb_warn_codes(src->run->context_warnings, codes, sizeof codes);
    memset(&row, 0, sizeof row);
    row.kind = extra->kind;
    row.rep = extra->rep;
    row.metrics = extra->metrics;
    row.codes = codes;
    row.stamp = &extra->stamp;
    write_row(src, &row, &mc, out);
}

void wb_row_summary(const wb_row_source *src, const wb_variant_result *r, const wb_cell_out *out)
{
    measure_cells mc;
    row_values row;
    char codes[512];
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
    wb_warn_codes(&r->warnings, codes, sizeof codes);
    memset(&row, 0, sizeof row);
    row.kind = r->interrupted ? WB_ROW_INTERRUPTED : WB_ROW_SUMMARY;
    row.metrics = r->medians;
    row.with_verdicts = !r->interrupted;
    row.codes = codes;
    row.outlier_reps = r->outlier_reps;
    row.stamp = &r->stamp;
    write_row(src, &row, &mc, out);
}

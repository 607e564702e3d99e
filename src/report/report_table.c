/* The report as a table: aligned columns for the console, tab-separated text (what --tsv
 * prints and --clip puts on the clipboard), CSV and Markdown. One list of columns serves all. */
#include "report_render.h"
#include "report_words.h"
#include "win/wb_utf8.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv_columns.h"   /* WB_NUM, WB_TEXT */
#include "core/wb_csv.h"
#include "core/wb_json.h"
#include "wb_error.h"
#include "wb_units.h"
#include "wb_console.h"

/* The table's columns, listed once: id, header and type (the JSON writes a NUM cell as a number). */
#define TABLE_COLUMNS(X)                                                                                        \
    X(C_BENCH, "benchmark", WB_TEXT) X(C_CONFIG, "configuration", WB_TEXT) X(C_MACHINE, "machine", WB_TEXT)        \
    X(C_HOST, "host", WB_TEXT) X(C_OS, "os", WB_TEXT) X(C_LABEL, "label", WB_TEXT) X(C_N, "n", WB_NUM)              \
    X(C_MEDIAN, "median", WB_NUM) X(C_STDDEV, "stddev", WB_NUM) X(C_MIN, "min", WB_NUM) X(C_MAX, "max", WB_NUM)      \
    X(C_UNIT, "unit", WB_TEXT) X(C_RATIO, "ratio", WB_NUM) X(C_RATIO_LO, "ratio_lo", WB_NUM) X(C_RATIO_HI, "ratio_hi", WB_NUM)                     \
    X(C_COMPARISON, "comparison", WB_TEXT) X(C_P, "p_value", WB_NUM) X(C_SIGNIFICANT, "significant", WB_TEXT)      \
    X(C_RATIO_TO_BASELINE, "ratio_to_baseline", WB_NUM) X(C_CALIBRATION, "calibration", WB_TEXT)                   \
    X(C_LOST, "lost", WB_NUM) X(C_LOSS_PCT, "loss_pct", WB_NUM) X(C_WHERE, "where", WB_TEXT)                       \
    X(C_AA_RATIO, "aa_ratio", WB_NUM) X(C_AA_P, "aa_p", WB_NUM) X(C_ACHIEVED, "achieved_rate", WB_NUM)             \
    X(C_UNSENT, "unsent", WB_NUM) X(C_P50, "p50", WB_NUM) X(C_P99, "p99", WB_NUM)                                  \
    X(C_PCT_FROM, "percentiles_from", WB_TEXT) X(C_POOLED, "pooled", WB_NUM)                                     \
    X(C_P50_LO, "p50_lo", WB_NUM) X(C_P50_HI, "p50_hi", WB_NUM) X(C_P99_LO, "p99_lo", WB_NUM)                      \
    X(C_P99_HI, "p99_hi", WB_NUM) X(C_PCT_WITHHELD, "percentiles_withheld", WB_TEXT)                               \
    X(C_PROCESSES, "processes", WB_NUM) X(C_BETWEEN, "between_pct", WB_NUM) X(C_WITHIN, "within_pct", WB_NUM)        \
    X(C_COMPARED_BY, "compared_by", WB_TEXT)
#define COLUMN_ID(id, name, type) id,
#define COLUMN_NAME(id, name, type) name,
#define COLUMN_TYPE(id, name, type) type,
enum { TABLE_COLUMNS(COLUMN_ID) C_COUNT };
#define RP_CELL 1024             /* a cell's room: "where" is a sentence */
static const unsigned char table_number[C_COUNT] = { TABLE_COLUMNS(COLUMN_TYPE) };
static const char *const table_header[C_COUNT] = { TABLE_COLUMNS(COLUMN_NAME) };

static void fmt(double v, char *buf, size_t cap)
{
    wb_csv_format_double(v, buf, cap);   /* '.' decimals; NaN: empty */
}

/* A percentile and its 95% interval (empty where it has none, or is withheld). */
static void percentile_cells(const rp_group *g, double p, char *value, char *lo, char *hi)
{
    double v, l, h;
    rp_group_percentile_bounds(g, rp_percentile_index(g->m, p), &v, &l, &h);
    fmt(v, value, 256);
    fmt(l, lo, 256);
    fmt(h, hi, 256);
}

static void cells_of(const rp_report *r, const rp_group *g, char cells[C_COUNT][RP_CELL])
{
    const rp_machine *m = &r->machines[g->machine];
    snprintf(cells[C_BENCH], 256, "%s", g->m->name);
    snprintf(cells[C_CONFIG], 256, "%s", g->variant);
    rp_machine_name(r, g->machine, cells[C_MACHINE], 256);
    snprintf(cells[C_HOST], 256, "%s", m->ctx[WB_COL_HOST]);
    rp_machine_fact(m, WB_COL_OS_NAME, cells[C_OS], 256);
    snprintf(cells[C_LABEL], 256, "%s", m->label);
    snprintf(cells[C_N], 256, "%lu", (unsigned long)g->values.n);
    fmt(g->median, cells[C_MEDIAN], 256);
    fmt(g->pooled, cells[C_POOLED], 256);
    fmt(g->stddev, cells[C_STDDEV], 256);
    fmt(g->min, cells[C_MIN], 256);
    fmt(g->max, cells[C_MAX], 256);
    rp_words(g, wb_module_report(g->m)->unit, cells[C_UNIT], 256);
    fmt(g->ratio, cells[C_RATIO], 256);   /* times better than its base, with its 95% interval */
    fmt(g->cmp->compared ? g->cmp->better_lo : NAN, cells[C_RATIO_LO], 256);
    fmt(g->cmp->compared ? g->cmp->better_hi : NAN, cells[C_RATIO_HI], 256);
    rp_comparison_text(r, g, cells[C_COMPARISON], 256);
    fmt(g->p, cells[C_P], 256);
    snprintf(cells[C_SIGNIFICANT], 256, "%s", rp_significant_text(g));
    fmt(g->ratio_to_baseline, cells[C_RATIO_TO_BASELINE], 256);
    fmt(rp_group_lost(g), cells[C_LOST], 256);
    fmt(g->loss_pct, cells[C_LOSS_PCT], 256);
    fmt(g->achieved_median, cells[C_ACHIEVED], 256);
    fmt(g->unsent_median, cells[C_UNSENT], 256);
    /* the latency percentiles (the spec's unit): merged from the repetitions' histograms, or
     * the median of their own (percentiles_from says which) */
    percentile_cells(g, 50, cells[C_P50], cells[C_P50_LO], cells[C_P50_HI]);
    percentile_cells(g, 99, cells[C_P99], cells[C_P99_LO], cells[C_P99_HI]);
    snprintf(cells[C_PCT_FROM], 256, "%s", rp_group_percentiles_from(g));
    rp_group_withheld(g, cells[C_PCT_WITHHELD], 256);
    rp_where_text(r, g, cells[C_WHERE], RP_CELL);
    {   /* its processes, and how its repetitions spread between them and within one */
        const wb_spread *sp = &g->cmp->noise.spread;
        cells[C_PROCESSES][0] = '\0';
        if (sp->processes) snprintf(cells[C_PROCESSES], 256, "%lu", (unsigned long)sp->processes);
        fmt(100 * sp->between, cells[C_BETWEEN], 256);
        fmt(100 * sp->within, cells[C_WITHIN], 256);
        snprintf(cells[C_COMPARED_BY], 256, "%s", !g->cmp->compared ? "" : g->cmp->paired ? "rounds"
                 : g->cmp->headline.processes ? "processes" : g->cmp->one_process ? "repetitions, one process a side"
                 : "repetitions");
    }
    /* the group against itself: its noise floor */
    fmt(g->cmp->noise.halves.ratio, cells[C_AA_RATIO], 256);
    fmt(g->cmp->noise.halves.log.p, cells[C_AA_P], 256);
    {   /* what calibrate said of the machine: "broken: clock, cpus", "ok", or "" (not run) */
        char broken[128];
        if (rp_machine_broken(m, broken, sizeof broken)[0]) snprintf(cells[C_CALIBRATION], 256, "broken: %s", broken);
        else snprintf(cells[C_CALIBRATION], 256, "%s", m->ctx[WB_COL_CALIBRATION][0] ? "ok" : "");
    }
}

/* Loss cells for people: "859" and "8.6%"; "" for a module that counts none. */
static void people_loss(const rp_group *g, char cells[C_COUNT][RP_CELL])
{
    if (rp_group_lost(g) == rp_group_lost(g)) {
        if (g->loss_pct == g->loss_pct) snprintf(cells[C_LOSS_PCT], 256, "%.2g%%", g->loss_pct);
        snprintf(cells[C_LOST], 256, "%.0f", rp_group_lost(g));
    }
    if (g->unsent_median == g->unsent_median) snprintf(cells[C_UNSENT], 256, "%.0f", g->unsent_median);
}

/* For people (the console, Markdown): the configuration shortened to what differs, the median
 * with 4 significant digits, a duration in its unit ("20.59 ms", not "2.059e+04 us"). */
static void console_cells(const rp_report *r, const rp_group *g, char cells[C_COUNT][RP_CELL])
{
    char words[256];
    const char *unit = rp_words(g, wb_module_report(g->m)->unit, words, sizeof words);
    char median[256], unit_words[256];
    cells_of(r, g, cells);
    rp_short_variant(r, g, cells[C_CONFIG], 256);
    rp_median_for_people(g, median, unit_words, sizeof median);
    snprintf(cells[C_MEDIAN], 256, "%s", median);
    if (strstr(unit, "(us)") != NULL || strstr(unit, "(ms)") != NULL) snprintf(cells[C_UNIT], 256, "%s", unit_words);
    if (cells[C_P99][0] && strstr(unit, "(us)") != NULL) {   /* "2.210 ms [2.104, 2.355]" */
        char lo[64], hi[64];
        wb_format_duration(atof(cells[C_P99]) * 1e-6, cells[C_P99], 256);
        if (cells[C_P99_LO][0] && cells[C_P99_HI][0]) {
            size_t used = strlen(cells[C_P99]);
            wb_format_duration(atof(cells[C_P99_LO]) * 1e-6, lo, sizeof lo);
            wb_format_duration(atof(cells[C_P99_HI]) * 1e-6, hi, sizeof hi);
            snprintf(cells[C_P99] + used, 256 - used, " [%s, %s]", lo, hi);
        }
    }
    if (cells[C_POOLED][0] && strstr(unit, "(us)") != NULL) wb_format_duration(g->pooled * 1e-6, cells[C_POOLED], 256);
    people_loss(g, cells);
    if (g->cmp->noise.spread.processes >= 2 && g->cmp->noise.spread.between == g->cmp->noise.spread.between)
        snprintf(cells[C_PROCESSES], 256, "%lu: %.1f%% between, %.1f%% within", (unsigned long)g->cmp->noise.spread.processes,
                 100 * g->cmp->noise.spread.between, 100 * g->cmp->noise.spread.within);
}

/* Tab-separated text: what --tsv prints and --clip puts on the clipboard. */
static char *tsv_text(const rp_report *r)
{
    size_t cap = (C_COUNT * (RP_CELL + 4) + 8) * (r->ngroups + 1), used = 0, i;   /* cells are below RP_CELL */
    char *out = (char *)malloc(cap), cells[C_COUNT][RP_CELL];
    int c;
    if (out == NULL) return NULL;
    for (c = 0; c < C_COUNT; c++) used += (size_t)sprintf(out + used, "%s%s", c ? "\t" : "", table_header[c]);
    used += (size_t)sprintf(out + used, "\r\n");
    for (i = 0; i < r->ngroups; i++) {
        cells_of(r, &r->groups[i], cells);
        for (c = 0; c < C_COUNT; c++) {
            char cell[RP_CELL];
            wb_csv_cell('\t', cells[c], cell, sizeof cell);
            used += (size_t)sprintf(out + used, "%s%s", c ? "\t" : "", cell);
        }
        used += (size_t)sprintf(out + used, "\r\n");
    }
    return out;
}

/* The columns people see (the console, Markdown): loss beside the median wherever a module
 * counts loss, since a latency of the packets that arrived says nothing of those that did not. */
static size_t people_columns(const rp_report *r, int *shown)
{
    static const int base[] = { C_BENCH, C_CONFIG, C_MACHINE, C_N, C_MEDIAN, C_UNIT };
    size_t n = 0, i;
    int loss = 0, unsent = 0, p99 = 0, pooled = 0, processes = 0;
    for (i = 0; i < r->ngroups; i++) {
        processes |= r->groups[i].cmp->noise.spread.processes >= 2;
        pooled |= r->groups[i].pooled == r->groups[i].pooled;
        loss |= wb_module_report(r->groups[i].m)->traffic.loss_column != NULL;
        p99 |= rp_percentile_index(r->groups[i].m, 99) >= 0;
        unsent |= r->groups[i].unsent_median > 0;   /* a sender fell behind: how far, beside the loss */
    }
    for (i = 0; i < sizeof base / sizeof base[0]; i++) shown[n++] = base[i];
    if (processes) shown[n++] = C_PROCESSES;   /* how the processes differ: what a comparison is judged against */
    if (pooled) shown[n++] = C_POOLED;   /* the run's own figure, beside the median repetition's */
    if (p99) shown[n++] = C_P99;
    if (loss) shown[n++] = C_LOST, shown[n++] = C_LOSS_PCT;
    if (unsent) shown[n++] = C_UNSENT;
    shown[n++] = C_COMPARISON;
    return n;
}

/* What the comparison column sets each row against, benchmark by benchmark: the baseline
 * machine, or under --compare (and in a report of one machine) a configuration column's value
 * on the same machine; a benchmark without that column says so. */
static void print_what_compares(const rp_report *r, FILE *out)
{
    char base[128];
    int b;
    if (r->compare_column == NULL && r->nmachines > 1) {
        wb_fprintf(out, "comparison: each machine against %s (another: --baseline NAME; configurations on each machine: "
                   "--compare COLUMN)\n", rp_machine_name(r, r->baseline, base, sizeof base));
        return;
    }
    for (b = 0; wb_modules[b]; b++) {
        const wb_module *m = wb_modules[b];
        const rp_group *first = rp_first_group(r, m, -1);
        const char *column = rp_compare_column(r, m);
        if (first == NULL) continue;
        if (column)
            wb_fprintf(out, "comparison: %s: each %s against %s on the same machine%s\n", m->name, column,
                       rp_base_name(r, first, base, sizeof base),
                       r->compare_column ? "" : " (one machine; another column: --compare COLUMN)");
        else if (r->nmachines > 1)
            wb_fprintf(out, "comparison: %s: no %s column: each machine against %s\n", m->name, r->compare_column,
                       rp_machine_name(r, r->baseline, base, sizeof base));
        else wb_fprintf(out, "comparison: %s: one machine and no %s column: nothing to compare\n", m->name,
                        r->compare_column ? r->compare_column : "natural");
    }
}

static void print_table(const rp_report *r, FILE *out)
{
    int shown[C_COUNT];
    size_t widths[C_COUNT], i, k;
    char cells[C_COUNT][RP_CELL];
    const size_t nshown = people_columns(r, shown);
    print_what_compares(r, out);
    for (k = 0; k < nshown; k++) widths[shown[k]] = strlen(table_header[shown[k]]);
    for (i = 0; i < r->ngroups; i++) {
        console_cells(r, &r->groups[i], cells);
        for (k = 0; k < nshown; k++)
            if (strlen(cells[shown[k]]) > widths[shown[k]]) widths[shown[k]] = strlen(cells[shown[k]]);
    }
    /* the last column unpadded: a row is as wide as what it says, not as the widest row */
    for (k = 0; k < nshown; k++)
        wb_fprintf(out, "%-*s%s", k + 1 < nshown ? (int)widths[shown[k]] : 0, table_header[shown[k]], k + 1 < nshown ? "  " : "\n");
    for (i = 0; i < r->ngroups; i++) {
        console_cells(r, &r->groups[i], cells);
        for (k = 0; k < nshown; k++)
            wb_fprintf(out, "%-*s%s", k + 1 < nshown ? (int)widths[shown[k]] : 0, cells[shown[k]], k + 1 < nshown ? "  " : "\n");
    }
    {   /* where the p99 column comes from, said once for each kind present */
        size_t merged = 0, medians = 0;
        for (i = 0; i < r->ngroups; i++) {
            merged += strcmp(rp_group_percentiles_from(&r->groups[i]), "histograms") == 0;
            medians += strcmp(rp_group_percentiles_from(&r->groups[i]), "medians") == 0;
        }
        if (merged)
            wb_fprintf(out, "p99: of all the repetitions' samples together, from their latency histograms merged (%lu "
                       "configuration%s)\n", (unsigned long)merged, merged == 1 ? "" : "s");
        if (merged)
            wb_fprintf(out, "p99 [lo, hi]: the 95%% interval of the percentile, from the order statistics around it "
                       "(distribution-free)\n");
        if (medians)
            wb_fprintf(out, "p99: the median of the repetitions' p99s, which is not the p99 of their samples together: "
                       "their rows carry no latency histogram (CSVs before 0.5; %lu configuration%s)\n",
                       (unsigned long)medians, medians == 1 ? "" : "s");
    }
    for (i = 0; i < nshown; i++)
        if (shown[i] == C_PROCESSES) {
            wb_fprintf(out, "processes: the runs its repetitions came from, each a process; between: how their offsets "
                       "spread (one-way random effects), within: the repetitions about their process's mean; two groups "
                       "of 2 processes or more are compared by processes (docs/statistics.md)\n");
            break;
        }
    for (i = 0; i < r->ngroups; i++) {   /* a percentile its samples cannot bound is not shown */
        char why[256], config[256];
        if (rp_group_withheld(&r->groups[i], why, sizeof why) == 0) continue;
        rp_short_variant(r, &r->groups[i], config, sizeof config);
        wb_fprintf(out, "withheld: %s %s: %s\n", r->groups[i].m->name, config, why);
    }
    for (i = 0; i < r->nmachines; i++) {
        char broken[128], name[128];
        if (rp_machine_broken(&r->machines[i], broken, sizeof broken)[0])
            wb_fprintf(out, "note: winbench calibrate judged %s's %s broken: its numbers may not be trusted\n",
                    rp_machine_name(r, (int)i, name, sizeof name), broken);
    }
}

int rp_write_csv(const rp_report *r, FILE *f)
{
    wb_csv w;
    char cells[C_COUNT][RP_CELL];
    size_t i;
    int c;
    wb_csv_init(&w, f, ',');
    for (c = 0; c < C_COUNT; c++) wb_csv_text(&w, table_header[c]);
    wb_csv_end_row(&w);
    for (i = 0; i < r->ngroups; i++) {
        cells_of(r, &r->groups[i], cells);
        for (c = 0; c < C_COUNT; c++) wb_csv_text(&w, cells[c]);
        wb_csv_end_row(&w);
    }
    wb_csv_release(&w);
    return w.error ? -1 : 0;
}

static int to_clipboard(const char *text)
{
    size_t len = strlen(text) + 1;
    HGLOBAL mem = GlobalAlloc(GMEM_MOVEABLE, len);
    wb_error e;
    char *p;
    if (mem == NULL || (p = (char *)GlobalLock(mem)) == NULL) {
        wb_error_win32(&e, "GlobalAlloc", GetLastError());
        wb_fprintf(stderr, "winbench: report: %s\n", e.what);
        if (mem) GlobalFree(mem);
        return -1;
    }
    memcpy(p, text, len);
    GlobalUnlock(mem);
    if (!OpenClipboard(NULL)) {
        wb_error_win32(&e, "OpenClipboard", GetLastError());
        wb_fprintf(stderr, "winbench: report: %s\n", e.what);
        GlobalFree(mem);
        return -1;
    }
    EmptyClipboard();
    if (SetClipboardData(CF_TEXT, mem) == NULL) {
        wb_error_win32(&e, "SetClipboardData", GetLastError());
        wb_fprintf(stderr, "winbench: report: %s\n", e.what);
        CloseClipboard();
        GlobalFree(mem);
        return -1;
    }
    CloseClipboard();   /* the clipboard owns the memory now */
    return 0;
}

int rp_write_table(const rp_report *r, FILE *f)
{
    rp_write_answers_first(r, f);
    if (rp_pivot_wanted(r)) rp_write_pivot(r, f, 0);
    else print_table(r, f);
    rp_write_where(r, f, 0);
    return ferror(f) ? -1 : 0;
}

int rp_write_tsv(const rp_report *r, FILE *f)
{
    char *text;
    if (rp_pivot_wanted(r)) return rp_write_pivot(r, f, 1);
    text = tsv_text(r);
    int rc = text && wb_fputs(text, f) >= 0 ? 0 : -1;
    free(text);
    return rc;
}

int rp_write_clipboard(const rp_report *r, FILE *f)
{
    char *text = tsv_text(r);
    int rc = text ? to_clipboard(text) : -1;
    if (rc == 0) wb_fprintf(f, "report: copied %lu rows to the clipboard (paste into a sheet)\n", (unsigned long)r->ngroups);
    free(text);
    return rc;
}

/* A GitHub-style Markdown table (hyperfine's --export-markdown): the columns a reader of an
 * issue or a wiki page wants, '|' in a cell escaped. */
static void md_cell(FILE *f, const char *cell)
{
    char utf8[1024];
    const char *text = utf8;
    wb_utf8(cell, utf8, sizeof utf8);   /* Markdown files are read as UTF-8 */
    wb_fputs(" ", f);
    for (; *text; text++) {
        if (*text == '|') wb_fputs("\\|", f);
        else if (*text == '\n' || *text == '\r') fputc(' ', f);
        else fputc(*text, f);
    }
    wb_fputs(" |", f);
}

int rp_write_markdown(const rp_report *r, FILE *f)
{
    int shown[C_COUNT];
    const size_t nshown = people_columns(r, shown);
    char cells[C_COUNT][RP_CELL];
    size_t i, k;
    wb_fputs("|", f);
    for (k = 0; k < nshown; k++) md_cell(f, table_header[shown[k]]);
    wb_fputs("\n|", f);
    for (k = 0; k < nshown; k++)
        wb_fputs(shown[k] == C_N || shown[k] == C_MEDIAN || shown[k] == C_LOST || shown[k] == C_LOSS_PCT ? "---:|" : ":---|", f);
    wb_fputs("\n", f);
    for (i = 0; i < r->ngroups; i++) {
        console_cells(r, &r->groups[i], cells);
        wb_fputs("|", f);
        for (k = 0; k < nshown; k++) md_cell(f, cells[shown[k]]);
        wb_fputs("\n", f);
    }
    rp_write_where(r, f, 1);
    return ferror(f) ? -1 : 0;
}

/* The same table for programs (docs/schema/winbench-report.schema.json): a group per object,
 * its cells by column, numbers as numbers and empty ones as null; built whole, written at once. */
/* The group's split as numbers: what its where-line says in words (shares only where the whole
 * moved: null else). */
static void json_part(wb_json *j, const rp_part_cmp *c, const char *role, int k)
{
    int pfirst = 1;
    wb_json_raw(j, k ? ",{" : "{");
    wb_json_key_string(j, "name", c->part->name, &pfirst);
    wb_json_key_string(j, "column", c->part->column, &pfirst);
    wb_json_key_string(j, "layer", c->part->layer >= 0 ? wb_layer_name(c->part->layer) : "", &pfirst);
    wb_json_key_string(j, "role", role, &pfirst);
    wb_json_key(j, "floor", &pfirst);
    wb_json_raw(j, c->is_floor ? "true" : "false");
    wb_json_key_number(j, "base", c->base, &pfirst);
    wb_json_key_number(j, "this", c->mine, &pfirst);
    wb_json_key_number(j, "ratio", c->ratio, &pfirst);
    wb_json_key_number(j, "p_value", c->shift.p, &pfirst);
    wb_json_key_string(j, "significant", c->moved ? "yes" : c->shift.lo == c->shift.lo ? "no" : "cannot tell", &pfirst);
    wb_json_key_number(j, "share", c->is_floor ? NAN : c->share, &pfirst);
    wb_json_raw(j, "}");
}

static const char *const where_states[] = { "none", "cannot tell", "did not change", "the other way", "no part moved",
                                            "placed" };

/* The group's split as numbers: what its where-line says in words (shares only where the whole
 * moved: null else). */
static void json_parts(wb_json *j, const rp_group *g, int *first)
{
    const rp_where *w = &g->cmp->where;
    int n = g->cmp->compared ? w->n : 0, k, sfirst = 1;
    wb_json_key(j, "parts", first);
    wb_json_raw(j, "[");
    for (k = 0; k < n; k++)
        json_part(j, &w->parts[k], w->parts[k].is_floor ? (w->parts[k].part->beside ? "beside" : "floor") : w->parts[k].is_machine ? "machine" : "part", k);
    if (n > 0 && w->call.part) json_part(j, &w->call, "whole_of_parts", k++);
    if (n > 0 && w->has_rate) json_part(j, &w->rate, "rate", k++);
    wb_json_raw(j, "]");
    wb_json_key(j, "split", first);
    wb_json_raw(j, "{");
    wb_json_key_string(j, "state", where_states[g->cmp->compared && w->state >= 0 && w->state <= RP_WHERE_PLACED ? w->state : 0],
                       &sfirst);
    wb_json_key(j, "of_headline", &sfirst);
    wb_json_raw(j, w->of_headline ? "true" : "false");
    wb_json_key_string(j, "whole", w->of_headline ? g->spec->split.headline_name : g->spec->split.whole_name ? g->spec->split.whole_name : "",
                       &sfirst);
    wb_json_key_number(j, "base", n ? w->base : NAN, &sfirst);
    wb_json_key_number(j, "this", n ? w->mine : NAN, &sfirst);
    wb_json_key_number(j, "unexplained", n ? w->unexplained : NAN, &sfirst);
    wb_json_key(j, "same_code", &sfirst);
    wb_json_raw(j, w->same_code ? "true" : "false");
    wb_json_raw(j, "}");
}

int rp_write_json(const rp_report *r, FILE *f)
{
    wb_json j;
    char cells[C_COUNT][RP_CELL], utf8[RP_CELL * 2];
    size_t i;
    int c, first = 1, ok;
    wb_json_init(&j);
    wb_json_raw(&j, "{");
    wb_json_key_string(&j, "format", "winbench-report", &first);
    wb_json_key_u64(&j, "format_version", 1, &first);
    wb_json_key(&j, "groups", &first);
    wb_json_raw(&j, "[");
    for (i = 0; i < r->ngroups; i++) {
        int gfirst = 1;
        cells_of(r, &r->groups[i], cells);
        wb_json_raw(&j, i ? ",{" : "{");
        for (c = 0; c < C_COUNT; c++) {
            wb_json_key(&j, table_header[c], &gfirst);
            if (table_number[c]) {
                wb_json_raw(&j, wb_json_is_number(cells[c]) ? cells[c] : "null");
            } else {
                wb_utf8(cells[c], utf8, sizeof utf8);
                wb_json_string(&j, utf8);
            }
        }
        json_parts(&j, &r->groups[i], &gfirst);
        wb_json_raw(&j, "}");
    }
    wb_json_raw(&j, "]}\n");
    ok = !j.error && fwrite(j.text, 1, j.len, f) == j.len && fflush(f) == 0;
    wb_json_free(&j);
    return ok ? 0 : -1;
}

const rp_format rp_format_table = { .option = NULL, .label = "table", .dest = RP_DEST_PEOPLE, .write = rp_write_table };
const rp_format rp_format_tsv = { .option = "tsv", .label = "TSV", .help = "print the table tab-separated",
                                  .dest = RP_DEST_STDOUT, .crlf_own = 1, .write = rp_write_tsv };
const rp_format rp_format_clip = { .option = "clip", .label = "clipboard",
                                   .help = "put the table on the clipboard (paste into Excel)", .dest = RP_DEST_CLIPBOARD,
                                   .write = rp_write_clipboard };
const rp_format rp_format_csv = { .option = "csv", .label = "CSV", .help = "also write the table as CSV (- for stdout)",
                                  .dest = RP_DEST_FILE, .write = rp_write_csv };
const rp_format rp_format_json = { .option = "json", .label = "JSON",
                                   .help = "also write the table as JSON (docs/json.md; - for stdout)", .dest = RP_DEST_FILE,
                                   .write = rp_write_json };
const rp_format rp_format_md = { .option = "md", .label = "Markdown",
                                 .help = "also write the table as GitHub Markdown (- for stdout)", .dest = RP_DEST_FILE,
                                 .write = rp_write_markdown };

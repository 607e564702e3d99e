/* `winbench report FILE.csv|DIR ...`: loads winbench CSVs (a damaged or foreign file is named
 * with its line and skipped; the others load), groups the rep rows by benchmark, configuration
 * and machine (host, OS, label), and prints each group's median with its ratio to a baseline
 * machine in hyperfine's words: "3.51 +- 0.05 times faster than A". */
#include <fcntl.h>
#include <io.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"
#include "wb_csv.h"
#include "wb_files.h"
#include "wb_runner.h"
#include "wb_stats.h"

typedef struct report_config {
    const char *baseline, *csv, *html;
    int tsv, clip, force;
} report_config;

#define R(field) offsetof(report_config, field)
static const wb_option report_options[] = {
    { "baseline", WB_OPT_TEXT, R(baseline), NULL, NULL, "label or host the others are compared to (default: the first)", 0, 0, "NAME" },
    { "tsv", WB_OPT_FLAG, R(tsv), NULL, NULL, "print the table tab-separated", 0, 0, NULL },
    { "csv", WB_OPT_TEXT, R(csv), NULL, NULL, "also write the table as CSV", 0, 0, "FILE" },
    { "clip", WB_OPT_FLAG, R(clip), NULL, NULL, "put the table on the clipboard (paste into Excel)", 0, 0, NULL },
    { "html", WB_OPT_TEXT, R(html), NULL, NULL, "write a self-contained HTML report with charts", 0, 0, "FILE" },
    { "force", WB_OPT_FLAG, R(force), NULL, NULL, "overwrite --csv / --html files", 0, 0, NULL },
    { NULL, WB_OPT_FLAG, 0, NULL, NULL, NULL, 0, 0, NULL }
};

/* ---- loading ------------------------------------------------------------------------------- */

static int values_add(rp_values *v, double x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        double *p = (double *)realloc(v->v, cap * sizeof *p);
        if (p == NULL) return -1;
        v->v = p;
        v->cap = cap;
    }
    v->v[v->n++] = x;
    return 0;
}

static const char *field(const wb_csv_table *t, size_t row, const char *col)
{
    int i = wb_csv_column(t, col);
    return i >= 0 && (size_t)i < t->rows[row].nfields ? t->rows[row].fields[i] : "";
}

static int find_machine(rp_report *r, const wb_csv_table *t, size_t row)
{
    rp_machine m;
    size_t i;
    memset(&m, 0, sizeof m);
    snprintf(m.host, sizeof m.host, "%s", field(t, row, "host"));
    snprintf(m.os, sizeof m.os, "%s %s.%s%s%s", field(t, row, "os_name"), field(t, row, "os_version"),
             field(t, row, "os_build"), field(t, row, "os_sp")[0] ? " " : "", field(t, row, "os_sp"));
    snprintf(m.label, sizeof m.label, "%s", field(t, row, "label"));
    for (i = 0; i < r->nmachines; i++)
        if (!strcmp(r->machines[i].host, m.host) && !strcmp(r->machines[i].os, m.os) &&
            !strcmp(r->machines[i].label, m.label))
            return (int)i;
    snprintf(m.arch, sizeof m.arch, "%s", field(t, row, "arch"));
    snprintf(m.cpu, sizeof m.cpu, "%s", field(t, row, "cpu_name"));
    snprintf(m.cpus, sizeof m.cpus, "%s", field(t, row, "cpus"));
    snprintf(m.hypervisor, sizeof m.hypervisor, "%s", field(t, row, "hypervisor"));
    snprintf(m.wine, sizeof m.wine, "%s", field(t, row, "wine_version"));
    snprintf(m.qpc, sizeof m.qpc, "%s", field(t, row, "qpc_hz"));
    snprintf(m.tool, sizeof m.tool, "%s", field(t, row, "tool_version"));
    snprintf(m.themes, sizeof m.themes, "%s", field(t, row, "themes_active"));
    {
        rp_machine *p = (rp_machine *)realloc(r->machines, (r->nmachines + 1) * sizeof *p);
        if (p == NULL) return -1;
        r->machines = p;
        r->machines[r->nmachines] = m;
    }
    return (int)r->nmachines++;
}

static rp_group *find_group(rp_report *r, const wb_module *m, const char *variant, int machine)
{
    size_t i;
    rp_group *g;
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && r->groups[i].machine == machine && !strcmp(r->groups[i].variant, variant))
            return &r->groups[i];
    g = (rp_group *)realloc(r->groups, (r->ngroups + 1) * sizeof *g);
    if (g == NULL) return NULL;
    r->groups = g;
    g = &r->groups[r->ngroups++];
    memset(g, 0, sizeof *g);
    g->m = m;
    g->machine = machine;
    snprintf(g->variant, sizeof g->variant, "%s", variant);
    return g;
}

static int parse_number(const char *s, double *out)
{
    char *end;
    if (s == NULL || *s == '\0') return -1;
    *out = strtod(s, &end);
    return *end == '\0' ? 0 : -1;
}

/* Checks a whole file before taking anything from it: a damaged file contributes nothing. */
static int validate(const wb_csv_table *t, char *err, size_t cap)
{
    static const char *const required[] = { "schema", "benchmark", "row", "host", "os_name", "label", NULL };
    size_t row, i;
    for (i = 0; required[i]; i++)
        if (wb_csv_column(t, required[i]) < 0) {
            snprintf(err, cap, "line 1: not a winbench CSV (no \"%s\" column)", required[i]);
            return -1;
        }
    for (row = 1; row < t->nrows; row++) {
        const wb_module *m;
        const char *kind = field(t, row, "row");
        double v;
        if (t->rows[row].nfields != t->rows[0].nfields) {
            snprintf(err, cap, "line %lu: %lu fields where the header has %lu", (unsigned long)t->rows[row].line,
                     (unsigned long)t->rows[row].nfields, (unsigned long)t->rows[0].nfields);
            return -1;
        }
        if (strcmp(field(t, row, "schema"), "1") != 0) {
            snprintf(err, cap, "line %lu: schema \"%s\" is not one this winbench reads (1)",
                     (unsigned long)t->rows[row].line, field(t, row, "schema"));
            return -1;
        }
        m = wb_module_find(field(t, row, "benchmark"));
        if (m == NULL || m->report == NULL) {
            snprintf(err, cap, "line %lu: unknown benchmark \"%s\"", (unsigned long)t->rows[row].line,
                     field(t, row, "benchmark"));
            return -1;
        }
        if (strcmp(kind, "rep") == 0 && parse_number(field(t, row, m->report->metric), &v) != 0) {
            snprintf(err, cap, "line %lu: %s is not a number: \"%s\"", (unsigned long)t->rows[row].line,
                     m->report->metric, field(t, row, m->report->metric));
            return -1;
        }
        for (i = 0; m->report->variant_columns[i]; i++)
            if (wb_csv_column(t, m->report->variant_columns[i]) < 0) {
                snprintf(err, cap, "line 1: no \"%s\" column for %s", m->report->variant_columns[i], m->name);
                return -1;
            }
    }
    if (t->nrows < 2) {
        snprintf(err, cap, "line 1: a header and no rows");
        return -1;
    }
    return 0;
}

static int take_rows(rp_report *r, const wb_csv_table *t)
{
    static const char *const pct_columns[PCT_COUNT] = { "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_p999_us", "lat_max_us" };
    size_t row;
    for (row = 1; row < t->nrows; row++) {
        const wb_module *m = wb_module_find(field(t, row, "benchmark"));
        char variant[256] = "";
        size_t used = 0;
        int i, machine;
        rp_group *g;
        double v = NAN;
        if (strcmp(field(t, row, "row"), "rep") != 0) continue;
        for (i = 0; m->report->variant_columns[i]; i++) {
            int n = snprintf(variant + used, sizeof variant - used, "%s%s=%s", i ? " " : "",
                             m->report->variant_columns[i], field(t, row, m->report->variant_columns[i]));
            if (n > 0 && (size_t)n < sizeof variant - used) used += (size_t)n;
        }
        machine = find_machine(r, t, row);
        g = machine >= 0 ? find_group(r, m, variant, machine) : NULL;
        if (g == NULL) return -1;
        parse_number(field(t, row, m->report->metric), &v);
        if (values_add(&g->values, v) != 0) return -1;
        for (i = 0; i < PCT_COUNT; i++)
            if (wb_csv_column(t, pct_columns[i]) >= 0 && parse_number(field(t, row, pct_columns[i]), &v) == 0)
                values_add(&g->pct[i], v);
    }
    return 0;
}

static void load_file(rp_report *r, const char *path)
{
    FILE *f = fopen(path, "rb");
    char err[256];
    wb_csv_table t;
    char *text;
    long size;
    size_t len = strlen(path);
    char sep = (len > 4 && _stricmp(path + len - 4, ".tsv") == 0) ? '\t' : ',';

    if (f == NULL) {
        fprintf(stderr, "winbench: report: %s: cannot open it\n", path);
        r->files_failed++;
        return;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc(size > 0 ? (size_t)size : 1);
    if (text == NULL || (size > 0 && fread(text, 1, (size_t)size, f) != (size_t)size)) {
        fprintf(stderr, "winbench: report: %s: cannot read it\n", path);
        fclose(f);
        free(text);
        r->files_failed++;
        return;
    }
    fclose(f);
    if (wb_csv_parse(text, size > 0 ? (size_t)size : 0, sep, &t, err, sizeof err) != 0 ||
        validate(&t, err, sizeof err) != 0) {
        fprintf(stderr, "winbench: report: %s: %s\n", path, err);
        r->files_failed++;
    } else if (take_rows(r, &t) != 0) {
        fprintf(stderr, "winbench: report: %s: out of memory\n", path);
        r->files_failed++;
    } else {
        r->files_loaded++;
    }
    wb_csv_free(&t);
    free(text);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file, or every .csv / .tsv below a folder (in name order, so reports are repeatable). */
static void load_path(rp_report *r, const char *path)
{
    DWORD attr = GetFileAttributesA(path);
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH], **names = NULL;
    size_t n = 0, i;
    HANDLE h;
    if (attr == INVALID_FILE_ATTRIBUTES) {
        fprintf(stderr, "winbench: report: %s: no such file or folder\n", path);
        r->files_failed++;
        return;
    }
    if (!(attr & FILE_ATTRIBUTE_DIRECTORY)) {
        load_file(r, path);
        return;
    }
    snprintf(pattern, sizeof pattern, "%s\\*", path);
    h = FindFirstFileA(pattern, &fd);
    if (h == INVALID_HANDLE_VALUE) return;
    do {
        size_t len = strlen(fd.cFileName);
        int dir = (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
        if (dir ? fd.cFileName[0] == '.' : !(len > 4 && (_stricmp(fd.cFileName + len - 4, ".csv") == 0 ||
                                                         _stricmp(fd.cFileName + len - 4, ".tsv") == 0)))
            continue;
        {
            char **p = (char **)realloc(names, (n + 1) * sizeof *p);
            if (p == NULL) break;
            names = p;
            names[n] = (char *)malloc(strlen(path) + len + 2);
            if (names[n] == NULL) break;
            sprintf(names[n], "%s\\%s", path, fd.cFileName);
            n++;
        }
    } while (FindNextFileA(h, &fd));
    FindClose(h);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        load_path(r, names[i]);
        free(names[i]);
    }
    free(names);
}

/* ---- statistics and comparison ------------------------------------------------------------- */

static void summarize_group(rp_group *g)
{
    double *scratch = (double *)malloc((g->values.n ? g->values.n : 1) * sizeof *scratch);
    wb_summary s;
    g->median = g->mean = g->stddev = g->min = g->max = NAN;
    if (scratch && wb_summarize(g->values.v, g->values.n, scratch, &s) == 0) {
        g->median = s.median;
        g->mean = s.mean;
        g->stddev = s.stddev;
        g->min = s.min;
        g->max = s.max;
    }
    free(scratch);
}

static double median_of(const rp_values *v)
{
    double *scratch;
    wb_summary s;
    double m = NAN;
    if (v->n == 0) return NAN;
    scratch = (double *)malloc(v->n * sizeof *scratch);
    if (scratch && wb_summarize(v->v, v->n, scratch, &s) == 0) m = s.median;
    free(scratch);
    return m;
}

/* ratio > 1 means this group did better than the baseline's. The uncertainty propagates both
 * groups' standard deviations (over repetitions) as hyperfine does; with a single repetition on
 * either side there is no spread to propagate, and no +- is given. */
static void compare_groups(rp_report *r)
{
    size_t i, k;
    for (i = 0; i < r->ngroups; i++) {
        rp_group *g = &r->groups[i];
        const rp_group *b = NULL;
        g->ratio = g->ratio_err = NAN;
        g->is_baseline = g->machine == r->baseline;
        for (k = 0; k < r->ngroups; k++)
            if (r->groups[k].m == g->m && r->groups[k].machine == r->baseline && !strcmp(r->groups[k].variant, g->variant))
                b = &r->groups[k];
        if (g->is_baseline) {
            g->ratio = 1.0;
            continue;
        }
        if (b == NULL || !(g->median > 0) || !(b->median > 0)) continue;
        g->ratio = g->m->report->higher_is_better ? g->median / b->median : b->median / g->median;
        if (g->stddev == g->stddev && b->stddev == b->stddev) {   /* both had 2+ repetitions */
            double sg = g->stddev / g->median, sb = b->stddev / b->median;
            g->ratio_err = g->ratio * sqrt(sg * sg + sb * sb);
        }
    }
}

const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap)
{
    const rp_machine *m = &r->machines[machine];
    snprintf(buf, cap, "%s", m->label[0] ? m->label : m->host);
    return buf;
}

void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char base[128];
    rp_machine_name(r, r->baseline, base, sizeof base);
    if (g->is_baseline) snprintf(buf, cap, "baseline");
    else if (g->ratio != g->ratio) snprintf(buf, cap, "no %s run to compare with", base);
    else {
        /* "2.00 times slower" rather than "0.50 times faster" */
        double ratio = g->ratio >= 1.0 ? g->ratio : 1.0 / g->ratio;
        double err = g->ratio >= 1.0 ? g->ratio_err : g->ratio_err / (g->ratio * g->ratio);
        char spread[32] = "";
        if (err == err) snprintf(spread, sizeof spread, " +- %.2f", err);
        snprintf(buf, cap, "%.2f%s times %s than %s", ratio, spread,
                 g->ratio >= 1.0 ? g->m->report->better : g->m->report->worse, base);
    }
}

static int module_index(const wb_module *m)
{
    int i;
    for (i = 0; wb_modules[i]; i++)
        if (wb_modules[i] == m) return i;
    return i;
}

/* Table order: benchmark (as listed), configuration (first seen), machine (first seen). The
 * first-seen position is fixed before sorting: qsort moves the groups it would be looked up in. */
static void number_configurations(rp_report *r)
{
    size_t i, k;
    for (i = 0; i < r->ngroups; i++) {
        for (k = 0; k < i; k++)
            if (r->groups[k].m == r->groups[i].m && !strcmp(r->groups[k].variant, r->groups[i].variant)) break;
        r->groups[i].order = k;
    }
}

static int group_order(const void *pa, const void *pb)
{
    const rp_group *a = (const rp_group *)pa, *b = (const rp_group *)pb;
    int ma = module_index(a->m), mb = module_index(b->m);
    if (ma != mb) return ma - mb;
    if (a->order != b->order) return a->order < b->order ? -1 : 1;
    return a->machine - b->machine;
}

/* ---- output ---------------------------------------------------------------------------------- */

enum { C_BENCH, C_CONFIG, C_MACHINE, C_HOST, C_OS, C_LABEL, C_N, C_MEDIAN, C_STDDEV, C_MIN, C_MAX, C_UNIT,
       C_RATIO, C_RATIO_ERR, C_COMPARISON, C_COUNT };
static const char *const table_header[C_COUNT] = {
    "benchmark", "configuration", "machine", "host", "os", "label", "n", "median", "stddev", "min", "max",
    "unit", "ratio", "ratio_err", "comparison"
};

static void fmt(double v, char *buf, size_t cap)
{
    wb_csv_format_double(v, buf, cap);   /* '.' decimals; NaN: empty */
}

static void cells_of(const rp_report *r, const rp_group *g, char cells[C_COUNT][256])
{
    const rp_machine *m = &r->machines[g->machine];
    snprintf(cells[C_BENCH], 256, "%s", g->m->name);
    snprintf(cells[C_CONFIG], 256, "%s", g->variant);
    rp_machine_name(r, g->machine, cells[C_MACHINE], 256);
    snprintf(cells[C_HOST], 256, "%s", m->host);
    snprintf(cells[C_OS], 256, "%s", m->os);
    snprintf(cells[C_LABEL], 256, "%s", m->label);
    snprintf(cells[C_N], 256, "%lu", (unsigned long)g->values.n);
    fmt(g->median, cells[C_MEDIAN], 256);
    fmt(g->stddev, cells[C_STDDEV], 256);
    fmt(g->min, cells[C_MIN], 256);
    fmt(g->max, cells[C_MAX], 256);
    snprintf(cells[C_UNIT], 256, "%s", g->m->report->unit);
    fmt(g->ratio, cells[C_RATIO], 256);
    fmt(g->ratio_err, cells[C_RATIO_ERR], 256);
    rp_comparison_text(r, g, cells[C_COMPARISON], 256);
}

/* Tab-separated text: what --tsv prints and --clip puts on the clipboard. */
static char *tsv_text(const rp_report *r)
{
    size_t cap = (C_COUNT * 260 + 8) * (r->ngroups + 1), used = 0, i;   /* cells are at most 255 bytes */
    char *out = (char *)malloc(cap), cells[C_COUNT][256];
    int c;
    if (out == NULL) return NULL;
    for (c = 0; c < C_COUNT; c++) used += (size_t)sprintf(out + used, "%s%s", c ? "\t" : "", table_header[c]);
    used += (size_t)sprintf(out + used, "\r\n");
    for (i = 0; i < r->ngroups; i++) {
        cells_of(r, &r->groups[i], cells);
        for (c = 0; c < C_COUNT; c++) {
            char cell[256];
            wb_csv_cell('\t', cells[c], cell, sizeof cell);
            used += (size_t)sprintf(out + used, "%s%s", c ? "\t" : "", cell);
        }
        used += (size_t)sprintf(out + used, "\r\n");
    }
    return out;
}

static void print_table(const rp_report *r, FILE *out)
{
    static const int shown[] = { C_BENCH, C_CONFIG, C_MACHINE, C_N, C_MEDIAN, C_UNIT, C_COMPARISON };
    size_t widths[C_COUNT], i, k;
    char cells[C_COUNT][256];
    const size_t nshown = sizeof shown / sizeof shown[0];
    for (k = 0; k < nshown; k++) widths[shown[k]] = strlen(table_header[shown[k]]);
    for (i = 0; i < r->ngroups; i++) {
        cells_of(r, &r->groups[i], cells);
        snprintf(cells[C_MEDIAN], 256, "%.4g", r->groups[i].median);
        for (k = 0; k < nshown; k++)
            if (strlen(cells[shown[k]]) > widths[shown[k]]) widths[shown[k]] = strlen(cells[shown[k]]);
    }
    for (k = 0; k < nshown; k++) fprintf(out, "%-*s%s", (int)widths[shown[k]], table_header[shown[k]], k + 1 < nshown ? "  " : "\n");
    for (i = 0; i < r->ngroups; i++) {
        cells_of(r, &r->groups[i], cells);
        snprintf(cells[C_MEDIAN], 256, "%.4g", r->groups[i].median);
        for (k = 0; k < nshown; k++)
            fprintf(out, "%-*s%s", (int)widths[shown[k]], cells[shown[k]], k + 1 < nshown ? "  " : "\n");
    }
}

static FILE *create_output(const char *path, int force, const char *option, int *rc)
{
    unsigned long code = 0;
    char msg[MAX_PATH + 300];
    FILE *f = wb_create_file(path, force, &code);
    if (f == NULL) {
        if (wb_create_file_error(option, path, code, msg, sizeof msg) == WB_EXIT_USAGE) {
            *rc = wb_usage_error("report", msg);
        } else {
            fprintf(stderr, "winbench: report: %s\n", msg);
            *rc = WB_EXIT_RUNTIME;
        }
    }
    return f;
}

static int write_csv(const rp_report *r, FILE *f)
{
    wb_csv w;
    char cells[C_COUNT][256];
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
        fprintf(stderr, "winbench: report: %s\n", e.what);
        if (mem) GlobalFree(mem);
        return -1;
    }
    memcpy(p, text, len);
    GlobalUnlock(mem);
    if (!OpenClipboard(NULL)) {
        wb_error_win32(&e, "OpenClipboard", GetLastError());
        fprintf(stderr, "winbench: report: %s\n", e.what);
        GlobalFree(mem);
        return -1;
    }
    EmptyClipboard();
    if (SetClipboardData(CF_TEXT, mem) == NULL) {
        wb_error_win32(&e, "SetClipboardData", GetLastError());
        fprintf(stderr, "winbench: report: %s\n", e.what);
        CloseClipboard();
        GlobalFree(mem);
        return -1;
    }
    CloseClipboard();   /* the clipboard owns the memory now */
    return 0;
}

/* ---- the command ----------------------------------------------------------------------------- */

static void report_free(rp_report *r)
{
    size_t i;
    int k;
    for (i = 0; i < r->ngroups; i++) {
        free(r->groups[i].values.v);
        for (k = 0; k < PCT_COUNT; k++) free(r->groups[i].pct[k].v);
    }
    free(r->groups);
    free(r->machines);
}

static int pick_baseline(rp_report *r, const char *name)
{
    size_t i;
    if (name == NULL) return 0;
    for (i = 0; i < r->nmachines; i++)
        if (!strcmp(r->machines[i].label, name)) return (int)i;
    for (i = 0; i < r->nmachines; i++)
        if (!_stricmp(r->machines[i].host, name)) return (int)i;
    return -1;
}

int wb_report(int argc, char **argv)
{
    report_config cfg;
    wb_option_set set;
    rp_report r;
    char err[512], *optv[32];
    int optc = 0, i, rc = WB_EXIT_OK, npaths = 0;
    size_t g;

    memset(&cfg, 0, sizeof cfg);
    memset(&r, 0, sizeof r);
    set.table = report_options;
    set.config = &cfg;
    /* Paths and options mix freely: options (and their values) go to the table's parser. */
    for (i = 0; i < argc; i++) {
        const wb_option *o;
        if (strncmp(argv[i], "--", 2) != 0) continue;
        if (optc + 2 > 32) return wb_usage_error("report", "too many options");
        optv[optc++] = argv[i];
        for (o = report_options; o->name; o++)
            if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG && i + 1 < argc) optv[optc++] = argv[++i];
    }
    if (wb_options_defaults(&set, 1, err, sizeof err) != 0 || wb_options_parse(&set, 1, optc, optv, err, sizeof err) != 0)
        return wb_usage_error("report", err);
    for (i = 0; i < argc; i++) {
        const wb_option *o;
        int takes_value = 0;
        if (strncmp(argv[i], "--", 2) == 0) {
            for (o = report_options; o->name; o++)
                if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG) takes_value = 1;
            i += takes_value;
            continue;
        }
        load_path(&r, argv[i]);
        npaths++;
    }
    if (npaths == 0) return wb_usage_error("report", "expected CSV files or folders to compare");
    if (r.ngroups == 0) {
        /* Each failed file has had its line; say more only when nothing failed. */
        if (r.files_failed == 0) fprintf(stderr, "winbench: report: no repetitions to compare in these files\n");
        report_free(&r);
        return WB_EXIT_RUNTIME;
    }
    r.baseline = pick_baseline(&r, cfg.baseline);
    if (r.baseline < 0) {
        snprintf(err, sizeof err, "--baseline: no label or host \"%s\" in these results", cfg.baseline);
        report_free(&r);
        return wb_usage_error("report", err);
    }
    for (g = 0; g < r.ngroups; g++) summarize_group(&r.groups[g]);
    compare_groups(&r);
    number_configurations(&r);
    qsort(r.groups, r.ngroups, sizeof *r.groups, group_order);

    {
        char *tsv = tsv_text(&r);
        if (tsv == NULL) rc = WB_EXIT_RUNTIME;
        else if (cfg.tsv) {
            fflush(stdout);
            _setmode(_fileno(stdout), _O_BINARY);   /* the text has its CRLFs already */
            fputs(tsv, stdout);
        }
        else print_table(&r, stdout);
        if (tsv && cfg.clip && to_clipboard(tsv) != 0) rc = WB_EXIT_RUNTIME;
        free(tsv);
    }
    if (cfg.csv) {
        FILE *f = create_output(cfg.csv, cfg.force, "csv", &rc);
        if (f && (write_csv(&r, f) != 0 || fclose(f) != 0)) rc = WB_EXIT_RUNTIME;
    }
    if (cfg.html) {
        FILE *f = create_output(cfg.html, cfg.force, "html", &rc);
        if (f && (rp_write_html(&r, f) != 0 || fclose(f) != 0)) rc = WB_EXIT_RUNTIME;
    }
    if (r.files_failed && rc == WB_EXIT_OK) rc = WB_EXIT_RUNTIME;   /* said on stderr, file by file */
    report_free(&r);
    return rc;
}

/* Percentile medians for the HTML report's latency curves. */
double rp_group_percentile(const rp_group *g, int which)
{
    return median_of(&g->pct[which]);
}

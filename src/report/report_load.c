/* Loading for `winbench report`: each file is parsed and checked whole before anything is
 * taken from it (a damaged file contributes nothing), then its rep rows are grouped by
 * benchmark, configuration (the spec's variant columns) and machine (host, OS, label). */
#include "report_load.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv_columns.h"
#include "core/wb_csv.h"
#include "core/wb_hdr.h"
#include "wb_console.h"
#include "wb_files.h"

static const char *field(const wb_csv_table *t, size_t row, const char *col)
{
    int i = wb_csv_column(t, col);
    return i >= 0 && (size_t)i < t->rows[row].nfields ? t->rows[row].fields[i] : "";
}

static const char *ctx(const wb_csv_table *t, size_t row, int col)
{
    return field(t, row, wb_context_columns[col]);
}

static int find_machine(rp_report *r, const wb_csv_table *t, size_t row)
{
    rp_machine m;
    size_t i;
    memset(&m, 0, sizeof m);
    snprintf(m.host, sizeof m.host, "%s", ctx(t, row, WB_COL_HOST));
    snprintf(m.os, sizeof m.os, "%s %s.%s%s%s", ctx(t, row, WB_COL_OS_NAME), ctx(t, row, WB_COL_OS_VERSION),
             ctx(t, row, WB_COL_OS_BUILD), ctx(t, row, WB_COL_OS_SP)[0] ? " " : "", ctx(t, row, WB_COL_OS_SP));
    snprintf(m.label, sizeof m.label, "%s", field(t, row, wb_lead_columns[WB_COL_LABEL]));
    /* A machine is all that tells one apart: two VMs both called "VM" but running other Wine
     * versions, Windows or CPUs are two machines (rp_machine_name tells them apart in words). */
    snprintf(m.arch, sizeof m.arch, "%s", ctx(t, row, WB_COL_ARCH));
    snprintf(m.cpu, sizeof m.cpu, "%s", ctx(t, row, WB_COL_CPU_NAME));
    snprintf(m.wine, sizeof m.wine, "%s", ctx(t, row, WB_COL_WINE_VERSION));
    if (r->merge_machines) {   /* one machine stands for all: their repetitions pooled, histograms merged */
        if (r->nmachines > 0) return 0;
        memset(&m, 0, sizeof m);
        snprintf(m.host, sizeof m.host, "all machines");
        snprintf(m.label, sizeof m.label, "all machines");
    }
    for (i = 0; i < r->nmachines; i++)
        if (!strcmp(r->machines[i].host, m.host) && !strcmp(r->machines[i].os, m.os) &&
            !strcmp(r->machines[i].label, m.label) && !strcmp(r->machines[i].arch, m.arch) &&
            !strcmp(r->machines[i].cpu, m.cpu) && !strcmp(r->machines[i].wine, m.wine)) {
            /* calibrate's own rows come first and carry no verdicts: take the first that does */
            if (!r->machines[i].calibration[0])
                snprintf(r->machines[i].calibration, sizeof m.calibration, "%s", ctx(t, row, WB_COL_CALIBRATION));
            return (int)i;
        }
    snprintf(m.calibration, sizeof m.calibration, "%s", ctx(t, row, WB_COL_CALIBRATION));
    snprintf(m.cpus, sizeof m.cpus, "%s", ctx(t, row, WB_COL_CPUS));
    snprintf(m.hypervisor, sizeof m.hypervisor, "%s", ctx(t, row, WB_COL_HYPERVISOR));
    snprintf(m.qpc, sizeof m.qpc, "%s", ctx(t, row, WB_COL_QPC_HZ));
    snprintf(m.tool, sizeof m.tool, "%s", ctx(t, row, WB_COL_TOOL_VERSION));
    snprintf(m.themes, sizeof m.themes, "%s", ctx(t, row, WB_COL_THEMES_ACTIVE));
    snprintf(m.power, sizeof m.power, "%s", ctx(t, row, WB_COL_POWER_SOURCE));   /* "" before 0.5 */
    snprintf(m.wow64, sizeof m.wow64, "%s", ctx(t, row, WB_COL_WOW64));
    {
        rp_machine *p = (rp_machine *)realloc(r->machines, (r->nmachines + 1) * sizeof *p);
        if (p == NULL) return -1;
        r->machines = p;
        r->machines[r->nmachines] = m;
    }
    return (int)r->nmachines++;
}

static size_t group_hash(const wb_module *m, int machine, const char *variant)
{
    size_t h = (size_t)2166136261u ^ (size_t)machine ^ ((size_t)m >> 4);   /* FNV-1a over the configuration */
    for (; *variant; variant++) h = (h ^ (unsigned char)*variant) * 16777619u;
    return h;
}

/* The group of that module, machine and configuration, found by hash (every rep row asks: a list
 * searched for each made the report grow with the square of its input), or added. */
static rp_group *find_group(rp_report *r, const wb_module *m, const char *variant, int machine)
{
    size_t i, k;
    rp_group *g;
    if (r->group_index_cap < 2 * (r->ngroups + 1)) {   /* grown and refilled */
        size_t cap = r->group_index_cap ? r->group_index_cap * 2 : 256;
        size_t *index = (size_t *)calloc(cap, sizeof *index);
        if (index == NULL) return NULL;
        free(r->group_index);
        r->group_index = index;
        r->group_index_cap = cap;
        for (i = 0; i < r->ngroups; i++) {
            for (k = group_hash(r->groups[i].m, r->groups[i].machine, r->groups[i].variant) & (cap - 1); index[k];
                 k = (k + 1) & (cap - 1)) {}
            index[k] = i + 1;
        }
    }
    for (k = group_hash(m, machine, variant) & (r->group_index_cap - 1); r->group_index[k];
         k = (k + 1) & (r->group_index_cap - 1)) {
        g = &r->groups[r->group_index[k] - 1];
        if (g->m == m && g->machine == machine && !strcmp(g->variant, variant)) return g;
    }
    if (r->ngroups == r->groups_cap) {   /* room doubles: a group is a few KiB, copied at every step otherwise */
        size_t cap = r->groups_cap ? r->groups_cap * 2 : 64;
        g = (rp_group *)realloc(r->groups, cap * sizeof *g);
        if (g == NULL) return NULL;
        r->groups = g;
        r->groups_cap = cap;
    }
    r->group_index[k] = r->ngroups + 1;
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

/* "1" when this winbench writes schema 1: the digits of WB_CSV_SCHEMA and nothing else. */
static int is_our_schema(const char *cell)
{
    char ours[16];
    snprintf(ours, sizeof ours, "%d", WB_CSV_SCHEMA);
    return strcmp(cell, ours) == 0;
}

/* Every cell of a column the CSV declares a number (src/core/csv_columns.h) is a number or empty
 * (not applicable): anything else is damage, named by its line and column. */
static int numbers_are_numbers(const wb_csv_table *t, char *err, size_t cap)
{
    size_t row, i;
    double v;
    for (i = 0; i < WB_MEASURE_COUNT + WB_CONTEXT_COUNT; i++) {
        int context = i >= WB_MEASURE_COUNT, k = (int)(context ? i - WB_MEASURE_COUNT : i);
        const char *name = context ? wb_context_columns[k] : wb_measure_columns[k];
        int col = wb_csv_column(t, name);
        if (col < 0 || !(context ? wb_context_types[k] : wb_measure_types[k]).number) continue;
        for (row = 1; row < t->nrows; row++) {
            const char *cell = (size_t)col < t->rows[row].nfields ? t->rows[row].fields[col] : "";
            if (cell[0] && parse_number(cell, &v) != 0) {
                snprintf(err, cap, "line %lu: %s is not a number: \"%s\"", (unsigned long)t->rows[row].line, name, cell);
                return -1;
            }
        }
    }
    return 0;
}

static int validate(const wb_csv_table *t, char *err, size_t cap)
{
    static const int required_lead[] = { WB_COL_SCHEMA, WB_COL_BENCHMARK, WB_COL_ROW, WB_COL_LABEL };
    static const int required_context[] = { WB_COL_HOST, WB_COL_OS_NAME };
    size_t row, i;
    for (i = 0; i < sizeof required_lead / sizeof required_lead[0]; i++)
        if (wb_csv_column(t, wb_lead_columns[required_lead[i]]) < 0) {
            snprintf(err, cap, "line 1: not a winbench CSV (no \"%s\" column)", wb_lead_columns[required_lead[i]]);
            return -1;
        }
    for (i = 0; i < sizeof required_context / sizeof required_context[0]; i++)
        if (wb_csv_column(t, wb_context_columns[required_context[i]]) < 0) {
            snprintf(err, cap, "line 1: not a winbench CSV (no \"%s\" column)", wb_context_columns[required_context[i]]);
            return -1;
        }
    for (row = 1; row < t->nrows; row++) {
        const wb_module *m;
        const wb_report_spec *spec;
        const char *kind = field(t, row, wb_lead_columns[WB_COL_ROW]);
        double v;
        if (t->rows[row].nfields != t->rows[0].nfields) {
            snprintf(err, cap, "line %lu: %lu fields where the header has %lu", (unsigned long)t->rows[row].line,
                     (unsigned long)t->rows[row].nfields, (unsigned long)t->rows[0].nfields);
            return -1;
        }
        if (!is_our_schema(field(t, row, wb_lead_columns[WB_COL_SCHEMA]))) {
            const char *schema = field(t, row, wb_lead_columns[WB_COL_SCHEMA]);
            if (atoi(schema) > WB_CSV_SCHEMA)
                snprintf(err, cap, "line %lu: written by a newer winbench (CSV schema %s; this one reads schema %d): "
                         "update winbench to read it", (unsigned long)t->rows[row].line, schema, WB_CSV_SCHEMA);
            else
                snprintf(err, cap, "line %lu: schema \"%s\" is not one this winbench reads (%d)",
                         (unsigned long)t->rows[row].line, schema, WB_CSV_SCHEMA);
            return -1;
        }
        m = wb_module_find(field(t, row, wb_lead_columns[WB_COL_BENCHMARK]));
        if (m == NULL) {
            snprintf(err, cap, "line %lu: unknown benchmark \"%s\"", (unsigned long)t->rows[row].line,
                     field(t, row, wb_lead_columns[WB_COL_BENCHMARK]));
            return -1;
        }
        spec = wb_module_report(m);
        /* An empty cell is "not applicable" (a run that received nothing has no latency): kept,
         * and shown as such; anything else that is not a number is damage. */
        if (strcmp(kind, WB_ROW_REP) == 0 && field(t, row, spec->metric)[0] &&
            parse_number(field(t, row, wb_module_report(m)->metric), &v) != 0) {
            snprintf(err, cap, "line %lu: %s is not a number: \"%s\"", (unsigned long)t->rows[row].line,
                     spec->metric, field(t, row, spec->metric));
            return -1;
        }
        /* A configuration column a module gained later (idle's --onidle after 0.1) is simply
         * empty in an older file: its rows still group by the columns it has. */
    }
    if (t->nrows < 2) {
        snprintf(err, cap, "line 1: a header and no rows");
        return -1;
    }
    return numbers_are_numbers(t, err, cap);
}

static const char *option_cell(const wb_csv_table *t, size_t row, const wb_module *m, const char *column, char *buf,
                               size_t cap);

/* A series row (sockloop's intervals) of a group's first repetition: its end time from that
 * repetition's start, its metric and its rate. */
static int take_series(rp_group *g, const wb_csv_table *t, size_t row, const wb_report_spec *spec)
{
    const char *rep = field(t, row, wb_lead_columns[WB_COL_REP]);
    double elapsed = NAN, v = NAN, rate = NAN, sent = NAN;
    if (g->series_rep[0] == '\0') snprintf(g->series_rep, sizeof g->series_rep, "%s", rep);
    if (strcmp(g->series_rep, rep) != 0) return 0;
    parse_number(field(t, row, wb_measure_columns[WB_COL_ELAPSED_S]), &elapsed);
    parse_number(field(t, row, spec->series.metric), &v);
    if (spec->series.rate) parse_number(field(t, row, spec->series.rate), &rate);
    if (!(elapsed > 0)) return 0;
    /* An interval that sent nothing after the sending began is the grace at the run's end: its
     * rate falls to nothing and its mean is of a few stragglers, which a chart drew as a collapse
     * of the loop. Left out. */
    if (spec->traffic.sent_column && g->series_t.n > 0 && parse_number(field(t, row, spec->traffic.sent_column), &sent) == 0 && sent == 0)
        return 0;
    /* Nor one that began when the sending was over (a sender's last few late sends fall in the
     * grace: 274 packets/s at 11 s of a 10 s run was drawn as a collapse). */
    if (spec->series.until_column && g->series_t.n > 0) {
        char buf[64];
        const char *until = option_cell(t, row, g->m, spec->series.until_column, buf, sizeof buf);
        double end = NAN;
        if (until && parse_number(until, &end) == 0 && end > 0 && g->series_t.v[g->series_t.n - 1] >= end * 0.999) return 0;
    }
    if (rp_values_add(&g->series_t, (g->series_t.n ? g->series_t.v[g->series_t.n - 1] : 0.0) + elapsed) != 0 ||
        rp_values_add(&g->series_v, v) != 0 || rp_values_add(&g->series_rate, rate) != 0)
        return -1;
    return 0;
}

/* The TIME option whose column (with its unit) is `column`, or NULL. */
typedef struct time_column {
    const char *column;
    const wb_option *found;
} time_column;

static int is_time_column(void *arg, const wb_option *o, const void *config)
{
    time_column *x = (time_column *)arg;
    char name[64];
    (void)config;
    if (o->type == WB_OPT_SECONDS && strcmp(wb_option_column(o, name, sizeof name), x->column) == 0) x->found = o;
    return x->found != NULL;
}

/* An option's cell in a row, by its column as this winbench names it ("period_ms"). A file of
 * 0.5 or before named a TIME option's column without its unit and wrote it in seconds: there
 * that column's cell is read, turned into today's unit. NULL when the file has neither. */
static const char *option_cell(const wb_csv_table *t, size_t row, const wb_module *m, const char *column, char *buf,
                               size_t cap)
{
    time_column x;
    double v;
    if (wb_csv_column(t, column) >= 0) return field(t, row, column);
    x.column = column, x.found = NULL;
    wb_options_each(m->options, NULL, is_time_column, &x);
    if (x.found == NULL || wb_csv_column(t, x.found->name) < 0) return NULL;
    if (parse_number(field(t, row, x.found->name), &v) != 0) return "";
    snprintf(buf, cap, "%.10g", v * wb_option_unit_per_second(x.found));
    return buf;
}

/* 1 when column=value is one of the spec's defaults left out of a configuration's text. */
static int quiet_default(const wb_report_spec *spec, const char *column, const char *value)
{
    size_t clen = strlen(column);
    int i;
    for (i = 0; spec->variant_defaults && spec->variant_defaults[i]; i++) {
        const char *d = spec->variant_defaults[i];
        if (strncmp(d, column, clen) == 0 && d[clen] == '=' && strcmp(d + clen + 1, value) == 0) return 1;
    }
    return 0;
}

/* The parts of the spec's whole and its floors, where the row has them (an older file, or a
 * run with --floors off, has none: the report then has nothing to split). */
/* A rep row's latency histogram (latency_hdr), merged into its group's; a row without one (or
 * whose cell does not decode) leaves the group's percentiles to the rows' medians. */
static int take_histogram(rp_group *g, const wb_csv_table *t, size_t row)
{
    static wb_hist one;   /* the report reads on one thread */
    const char *cell;
    char err[128];
    g->reps++;
    if (wb_csv_column(t, wb_context_columns[WB_COL_LATENCY_HDR]) < 0) return 0;
    cell = field(t, row, wb_context_columns[WB_COL_LATENCY_HDR]);
    if (cell[0] == '\0' || wb_hdr_decode(cell, &one, err, sizeof err) != 0) return 0;
    if (g->hist == NULL && (g->hist = (wb_hist *)calloc(1, sizeof *g->hist)) == NULL) return -1;
    wb_hist_merge(g->hist, &one);
    g->hist_reps++;
    return 0;
}

/* The group's other options, from its first row (rp_group.others). */
typedef struct others_text {
    const wb_module *m;
    const wb_csv_table *t;
    size_t row, used;
    const wb_report_spec *spec;
    char *buf;
    size_t cap;
} others_text;

/* "name=value" (a TIME option's value with its unit: "duration=10s"), as --name is typed. */
static int add_other(void *arg, const wb_option *o, const void *config)
{
    others_text *x = (others_text *)arg;
    char column[64], buf[64];
    const char *value;
    int i, n;
    (void)config;
    if (o->metavar && strcmp(o->metavar, "FILE") == 0) return 0;   /* where a copy went: not how it ran */
    wb_option_column(o, column, sizeof column);
    for (i = 0; x->spec->variant_columns[i]; i++)
        if (strcmp(x->spec->variant_columns[i], column) == 0) return 0;
    if ((value = option_cell(x->t, x->row, x->m, column, buf, sizeof buf)) == NULL) return 0;
    n = snprintf(x->buf + x->used, x->cap - x->used, "%s%s=%s%s", x->used ? " " : "", o->name, value,
                 o->type == WB_OPT_SECONDS && value[0] ? wb_option_unit_name(o) : "");
    if (n > 0 && (size_t)n < x->cap - x->used) x->used += (size_t)n;
    return 0;
}

static void take_others(rp_group *g, const wb_csv_table *t, size_t row)
{
    others_text x;
    if (g->reps > 0) return;   /* its first row's */
    x.t = t, x.row = row, x.used = 0, x.spec = wb_module_report(g->m), x.buf = g->others, x.cap = sizeof g->others;
    x.m = g->m;
    g->others[0] = '\0';
    wb_options_each(g->m->options, NULL, add_other, &x);
}

static int take_parts(rp_group *g, const wb_csv_table *t, size_t row)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    int k, n = rp_part_count(g->m), is_floor, any = 0;
    double v;
    for (k = 0; k < n; k++) {
        const wb_part *p = rp_part_at(g->m, k, &is_floor);
        if (wb_csv_column(t, p->column) < 0 || parse_number(field(t, row, p->column), &v) != 0) continue;
        if (rp_values_add(&g->parts[k], v) != 0) return -1;
        any |= !is_floor;
        if (p->pm_column && wb_csv_column(t, p->pm_column) >= 0 && parse_number(field(t, row, p->pm_column), &v) == 0 &&
            rp_values_add(&g->parts_pm[k], v) != 0)
            return -1;
    }
    if (any && spec->split.whole && parse_number(field(t, row, spec->split.whole), &v) == 0 &&
        rp_values_add(&g->whole, v) != 0)
        return -1;
    if (any && spec->split.add_up && wb_csv_column(t, spec->split.add_up) >= 0 &&
        parse_number(field(t, row, spec->split.add_up), &v) == 0 && v == 0)
        g->parts_apart++;
    if (any && spec->split.whole_pm && wb_csv_column(t, spec->split.whole_pm) >= 0 &&
        parse_number(field(t, row, spec->split.whole_pm), &v) == 0 && rp_values_add(&g->whole_pm, v) != 0)
        return -1;
    return 0;
}

/* A rep row read before (the same file twice under a results tree, or a copy): the key is the
 * run id, the machine (host, OS, Wine, CPU), the label (files made by hand may lack a run id),
 * the benchmark, the configuration and the repetition. Returns the file it came from, or NULL
 * (and remembers it) when it is new. The keys are in a hash table (open addressing, FNV-1a):
 * a lab's thousands of files hold hundreds of thousands of rows, and a list searched for each
 * made the report grow with the square of its input. */
static unsigned long key_hash(const char *key)
{
    unsigned long h = 2166136261UL;
    for (; *key; key++) h = ((h ^ (unsigned char)*key) * 16777619UL) & 0xffffffffUL;
    return h;
}

static rp_seen *seen_slot(rp_seen *table, size_t cap, const char *key)
{
    size_t i = key_hash(key) & (cap - 1);
    while (table[i].key && strcmp(table[i].key, key) != 0) i = (i + 1) & (cap - 1);
    return &table[i];
}

/* Twice the room when over half full (cap stays a power of two). */
static int seen_grow(rp_report *r)
{
    size_t cap = r->seen_cap ? r->seen_cap * 2 : 1024, i;
    rp_seen *table = (rp_seen *)calloc(cap, sizeof *table);
    if (table == NULL) return -1;
    for (i = 0; i < r->seen_cap; i++)
        if (r->seen[i].key) *seen_slot(table, cap, r->seen[i].key) = r->seen[i];
    free(r->seen);
    r->seen = table;
    r->seen_cap = cap;
    return 0;
}

static const char *seen_before(rp_report *r, const char *key, const char *path)
{
    rp_seen *slot;
    if (r->seen_cap && (slot = seen_slot(r->seen, r->seen_cap, key))->key) return r->seen_files[slot->file];
    if ((r->nseen + 1) * 2 > r->seen_cap && seen_grow(r) != 0) return NULL;   /* no memory to remember: counted */
    if (r->nseen_files == 0 || strcmp(r->seen_files[r->nseen_files - 1], path) != 0) {
        char **files = (char **)realloc(r->seen_files, (r->nseen_files + 1) * sizeof *files);
        char *copy = (char *)malloc(strlen(path) + 1);
        if (files) r->seen_files = files;
        if (files == NULL || copy == NULL) {
            free(copy);
            return NULL;
        }
        strcpy(copy, path);
        r->seen_files[r->nseen_files++] = copy;
    }
    slot = seen_slot(r->seen, r->seen_cap, key);
    slot->key = (char *)malloc(strlen(key) + 1);
    if (slot->key == NULL) return NULL;
    strcpy(slot->key, key);
    slot->file = r->nseen_files - 1;
    r->nseen++;
    return NULL;
}

/* A row's configuration: "loop=select rate=10000 ...", each of the spec's columns the row has. */
static void row_configuration(const wb_csv_table *t, size_t row, const wb_module *m, char *variant, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    size_t used = 0;
    int i;
    variant[0] = '\0';
    for (i = 0; spec->variant_columns[i]; i++) {
        char buf[64];
        const char *value = option_cell(t, row, m, spec->variant_columns[i], buf, sizeof buf);
        int n;
        /* A column the file does not have (it came with a later winbench) is left out: an
         * older file's configurations read as they did; nor one empty in this row (wakeup's
         * rate for a timer source: no "rate="). */
        if (value == NULL || !value[0] || quiet_default(spec, spec->variant_columns[i], value)) continue;
        n = snprintf(variant + used, cap - used, "%s%s=%s", used ? " " : "", spec->variant_columns[i], value);
        if (n > 0 && (size_t)n < cap - used) used += (size_t)n;
    }
}

/* A number of the row into values, when the column is named and the cell holds one: 0, or -1
 * out of memory. */
static int take_number(const wb_csv_table *t, size_t row, const char *column, rp_values *values)
{
    double v;
    return column && parse_number(field(t, row, column), &v) == 0 ? rp_values_add(values, v) : 0;
}

/* A rep row's measures into its group: the metric (or an empty count), the loss, what was
 * sent, unsent and achieved, and the percentiles. 0, or -1 out of memory. */
static int take_measures(rp_group *g, const wb_csv_table *t, size_t row, const wb_report_spec *spec, int npct)
{
    double v = NAN;
    int i;
    if (parse_number(field(t, row, spec->metric), &v) != 0) g->empty++;   /* nothing received: shown, not compared */
    else if (rp_values_add(&g->values, v) != 0) return -1;
    if (take_number(t, row, wb_measure_columns[WB_COL_STALL_PCT], &g->stall) ||
        take_number(t, row, spec->traffic.loss_column, &g->loss) || take_number(t, row, spec->traffic.sent_column, &g->sent) ||
        take_number(t, row, spec->traffic.unsent_column, &g->unsent) ||
        take_number(t, row, spec->traffic.achieved_column, &g->achieved))
        return -1;
    for (i = 0; i < npct; i++)
        if (take_number(t, row, spec->percentiles.columns[i], &g->pct[i])) return -1;
    return 0;
}

static int take_rows(rp_report *r, const wb_csv_table *t, const char *path)
{
    size_t row, repeated = 0, skipped = 0;
    char repeated_from[MAX_PATH] = "";
    for (row = 1; row < t->nrows; row++) {
        const wb_module *m = wb_module_find(field(t, row, wb_lead_columns[WB_COL_BENCHMARK]));
        const wb_report_spec *spec = wb_module_report(m);
        char variant[256] = "";
        int machine, npct = rp_percentile_count(m);
        rp_group *g;
        const char *kind = field(t, row, wb_lead_columns[WB_COL_ROW]);
        int series = spec->series.row && spec->series.metric && strcmp(kind, spec->series.row) == 0;
        if (strcmp(kind, WB_ROW_REP) != 0 && !series) continue;
        if (spec->skip.column && wb_csv_column(t, spec->skip.column) >= 0 &&
            strcmp(field(t, row, spec->skip.column), spec->skip.value) == 0) {
            skipped += !series;
            continue;
        }
        row_configuration(t, row, m, variant, sizeof variant);
        {   /* an interval row is told apart by its place in the file (a copy of the file has it at the
             * same place; wakeup writes its intervals at the repetition's end, of one moment and,
             * but the last, one length) */
            char key[1200], place[24];
            const char *before;
            snprintf(place, sizeof place, "%lu", (unsigned long)row);
            /* the machine's identity too: two machines whose run ids agree (by name and second,
             * before 0.5 added the process id) are never one run read twice */
            snprintf(key, sizeof key, "%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s", ctx(t, row, WB_COL_RUN_ID),
                     ctx(t, row, WB_COL_HOST), ctx(t, row, WB_COL_OS_NAME), ctx(t, row, WB_COL_OS_BUILD),
                     ctx(t, row, WB_COL_WINE_VERSION), ctx(t, row, WB_COL_CPU_NAME),
                     field(t, row, wb_lead_columns[WB_COL_LABEL]), m->name, variant,
                     field(t, row, wb_lead_columns[WB_COL_REP]), kind, series ? place : "");
            if ((before = seen_before(r, key, path)) != NULL) {
                repeated += !series;
                snprintf(repeated_from, sizeof repeated_from, "%s", before);
                continue;
            }
        }
        machine = find_machine(r, t, row);
        g = machine >= 0 ? find_group(r, m, variant, machine) : NULL;
        if (g == NULL) return -1;
        if (series) {
            if (take_series(g, t, row, spec) != 0) return -1;
            continue;
        }
        if (take_measures(g, t, row, spec, npct) != 0) return -1;
        if (take_parts(g, t, row) != 0) return -1;
        take_others(g, t, row);
        if (npct > 0) {
            if (take_histogram(g, t, row) != 0) return -1;
        } else {
            g->reps++;
        }
    }
    if (repeated)
        wb_fprintf(stderr, "winbench: report: %s: %lu repetition%s already read from %s (the same run id, machine, "
                "configuration and repetition): counted once\n", path, (unsigned long)repeated, repeated == 1 ? "" : "s", repeated_from);
    if (skipped) {
        const wb_module *m = wb_module_find(field(t, 1, wb_lead_columns[WB_COL_BENCHMARK]));
        wb_fprintf(stderr, "winbench: report: %s: %lu row%s left out: %s\n", path, (unsigned long)skipped,
                skipped == 1 ? "" : "s", m && wb_module_report(m)->skip.what ? wb_module_report(m)->skip.what : "not comparable");
    }
    r->rows_repeated += repeated;
    r->rows_skipped += skipped;
    return 0;
}

/* The header of report's own table: configuration and comparison, and no schema. */
static int is_report_table(const wb_csv_table *t)
{
    return t->nrows >= 1 && wb_csv_column(t, "configuration") >= 0 && wb_csv_column(t, "comparison") >= 0 &&
           wb_csv_column(t, wb_lead_columns[WB_COL_SCHEMA]) < 0;
}


/* winbench ends every row with CRLF, and writes rows whole: a file that ends inside a line was
 * cut (a disk that filled before 0.5, a copy cut short, `head -c`). When that last line does not
 * parse, or has fewer fields than the header, it is left out (*size shortened to the whole lines)
 * and 1 returned; a complete last row that only lacks its line end is kept (0). */
static int cut_last_line(const char *text, size_t len, char sep, long *size)
{
    wb_csv_table t;
    char err[200];
    size_t end = len;
    int whole;
    if (text[len - 1] == '\n') return 0;
    while (end > 0 && text[end - 1] != '\n') end--;
    if (end == 0) return 0;   /* one line, the header cut: refused as it is */
    if (wb_csv_parse(text, len, sep, &t, err, sizeof err) == 0) {
        whole = t.nrows > 1 && t.rows[t.nrows - 1].nfields == t.rows[0].nfields;
        wb_csv_free(&t);
        if (whole) return 0;
    }
    *size = (long)end;
    return 1;
}

static void load_file(rp_report *r, const char *path)
{
    char err[256];
    wb_csv_table t;
    size_t whole = 0, len = strlen(path);
    char *text = wb_read_whole(path, &whole);
    long size = (long)whole;
    char sep = (len > 4 && _stricmp(path + len - 4, ".tsv") == 0) ? '\t' : ',';

    if (text == NULL) {
        wb_fprintf(stderr, "winbench: report: %s: cannot read it\n", path);
        r->files_failed++;
        return;
    }
    if (size > 0 && cut_last_line(text, (size_t)size, sep, &size)) {
        wb_fprintf(stderr, "winbench: report: %s: its last line is cut (the file ends inside it: a full disk, or a copy "
                "cut short): left out, the whole rows before it read\n", path);
    }
    if (wb_csv_parse(text, size > 0 ? (size_t)size : 0, sep, &t, err, sizeof err) != 0) {
        wb_fprintf(stderr, "winbench: report: %s: %s\n", path, err);
        r->files_failed++;
        free(text);
        return;
    }
    if (is_report_table(&t)) {
        /* `winbench report --csv` writes these beside the results: not benchmark CSVs. */
        wb_fprintf(stderr, "winbench: report: %s: skipped: a report table (winbench report --csv), not a benchmark CSV\n",
                path);
        r->files_skipped++;
    } else if (validate(&t, err, sizeof err) != 0) {
        wb_fprintf(stderr, "winbench: report: %s: %s\n", path, err);
        r->files_failed++;
    } else if (take_rows(r, &t, path) != 0) {
        wb_fprintf(stderr, "winbench: report: %s: out of memory\n", path);
        r->files_failed++;
    } else {
        r->files_loaded++;
    }
    wb_csv_free(&t);
    free(text);
}

/* One of the report's own outputs (created, empty, before anything is read)? */
static int excluded(const rp_report *r, const char *path)
{
    char full[MAX_PATH], other[MAX_PATH];
    size_t i;
    if (r->exclude == NULL || GetFullPathNameA(path, sizeof full, full, NULL) == 0) return 0;
    for (i = 0; r->exclude[i]; i++)
        if (GetFullPathNameA(r->exclude[i], sizeof other, other, NULL) != 0 && _stricmp(full, other) == 0) return 1;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void rp_load_path(rp_report *r, const char *path)
{
    DWORD attr = GetFileAttributesA(path);
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH], **names = NULL;
    size_t n = 0, i;
    HANDLE h;
    char sep;
    if (attr == INVALID_FILE_ATTRIBUTES) {
        wb_fprintf(stderr, "winbench: report: %s: no such file or folder\n", path);
        r->files_failed++;
        return;
    }
    if (!(attr & FILE_ATTRIBUTE_DIRECTORY)) {
        if (!excluded(r, path)) load_file(r, path);
        return;
    }
    /* Names below the folder are joined with the separator the user typed, so that messages
     * say "results/wine/x.csv" or "results\\wine\\x.csv", never a mix. */
    sep = strchr(path, '/') && !strchr(path, '\\') ? '/' : '\\';
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
            sprintf(names[n], "%s%s%s", path, path[strlen(path) - 1] == sep ? "" : (sep == '/' ? "/" : "\\"),
                    fd.cFileName);
            n++;
        }
    } while (FindNextFileA(h, &fd));
    FindClose(h);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        rp_load_path(r, names[i]);
        free(names[i]);
    }
    free(names);
}

/* Loading for `winbench report`: each file is parsed and checked whole before anything is
 * taken from it (a damaged file contributes nothing), then its rep rows are grouped by
 * benchmark, configuration (the spec's variant columns) and machine (the context columns
 * flagged WB_ID, and the label). A file's columns are found once (file_view): every cell after
 * that is read by its index, never by its name. */
#include "report_load.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv_columns.h"
#include "core/wb_csv.h"
#include "core/wb_hdr.h"
#include "wb_console.h"
#include "wb_files.h"

#define MAX_VARIANT_COLUMNS RP_MAX_VARIANT_COLUMNS
#define MAX_OTHERS 48
#define MAX_MODULES 16

/* A column of the spec's that a file may name in today's words or in an older winbench's: its
 * index (-1: the file lacks it), and the factor from the cell to today's unit (a TIME option's
 * column of 0.5 and before held seconds, without its unit in its name; 0: the cell as it is). */
typedef struct option_at {
    int col;
    double scale;
} option_at;

/* One module's columns in one file, found the first time a row of that module is read. */
typedef struct spec_view {
    int metric, pct[RP_MAX_PERCENTILES], loss, sent, unsent, achieved, skip;
    int part[RP_MAX_PARTS], part_pm[RP_MAX_PARTS], whole, whole_pm, add_up, headline, rate, pace;
    int series_metric, series_rate;
    option_at until, variant[MAX_VARIANT_COLUMNS];
    /* the options that are not in the configuration nor files (rp_group.others) */
    int nothers;
    const wb_option *other[MAX_OTHERS];
    option_at other_at[MAX_OTHERS];
} spec_view;

/* A file's table and its columns. */
typedef struct file_view {
    const wb_csv_table *t;
    int lead[WB_LEAD_COUNT], measure[WB_MEASURE_COUNT], context[WB_CONTEXT_COUNT];
    spec_view *spec[MAX_MODULES];   /* each module's, made when its first row is read */
    /* the machine of the last row taken, and that row: the next row of the same machine (a
     * file is most often one machine's) needs no look-up */
    int last_machine;
    size_t last_row;
} file_view;

/* text appended to buf (cap bytes) at used, cut to fit; the new length. Keys are built for every
 * row read: snprintf's cost per call was a quarter of the report's time over a lab's files. */
static size_t put(char *buf, size_t used, size_t cap, const char *text)
{
    size_t len = strlen(text);
    if (used >= cap) return used;
    if (len > cap - used - 1) len = cap - used - 1;
    memcpy(buf + used, text, len);
    buf[used + len] = '\0';
    return used + len;
}

static const char *cell_at(const file_view *v, size_t row, int col)
{
    return col >= 0 && (size_t)col < v->t->rows[row].nfields ? v->t->rows[row].fields[col] : "";
}

static const char *lead(const file_view *v, size_t row, int col) { return cell_at(v, row, v->lead[col]); }
static const char *ctx(const file_view *v, size_t row, int col) { return cell_at(v, row, v->context[col]); }

static int parse_number(const char *s, double *out)
{
    return wb_csv_number(s, out);
}

/* A cell that is a number: the decimal form winbench writes ("-12.5e-3") checked by hand, any
 * other by strtod (which reads more forms): the check of every numeric cell of every file took
 * the CRT's strtod for each. */
static int is_number(const char *s)
{
    const char *p = s;
    double v;
    if (*p == '-' || *p == '+') p++;
    if (*p >= '0' && *p <= '9') {
        while (*p >= '0' && *p <= '9') p++;
        if (*p == '.') for (p++; *p >= '0' && *p <= '9'; p++) {}
        if (*p == 'e' || *p == 'E') {
            const char *e = p + 1;
            if (*e == '-' || *e == '+') e++;
            if (*e >= '0' && *e <= '9') {
                while (*e >= '0' && *e <= '9') e++;
                p = e;
            }
        }
        if (*p == '\0') return 1;
    }
    return parse_number(s, &v) == 0;
}

static int module_index(const wb_module *m)
{
    int i;
    for (i = 0; wb_modules[i] && i < MAX_MODULES; i++)
        if (wb_modules[i] == m) return i;
    return -1;
}

static void view_open(file_view *v, const wb_csv_table *t)
{
    int i;
    memset(v, 0, sizeof *v);
    v->t = t;
    v->last_machine = -1;
    for (i = 0; i < WB_LEAD_COUNT; i++) v->lead[i] = wb_csv_column(t, wb_lead_columns[i]);
    for (i = 0; i < WB_MEASURE_COUNT; i++) v->measure[i] = wb_csv_column(t, wb_measure_columns[i]);
    for (i = 0; i < WB_CONTEXT_COUNT; i++) v->context[i] = wb_csv_column(t, wb_context_columns[i]);
}

static int column_of(const file_view *v, const char *name)
{
    return name ? wb_csv_column(v->t, name) : -1;
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

/* An option's column as this winbench names it ("period_ms"), in this file: its own, or the
 * unitless one of 0.5 and before, in seconds. */
static option_at option_column(const file_view *v, const wb_module *m, const char *column)
{
    option_at at;
    time_column x;
    at.col = column_of(v, column);
    at.scale = 0;
    if (at.col >= 0 || column == NULL) return at;
    x.column = column, x.found = NULL;
    wb_options_each(m->options, NULL, is_time_column, &x);
    if (x.found != NULL && (at.col = column_of(v, x.found->name)) >= 0) at.scale = wb_option_unit_per_second(x.found);
    return at;
}

/* An option's cell in today's unit (into buf when it is converted); NULL when the file has no
 * such column. */
static const char *option_cell(const file_view *v, size_t row, option_at at, char *buf, size_t cap)
{
    double x;
    if (at.col < 0) return NULL;
    if (at.scale == 0) return cell_at(v, row, at.col);
    if (parse_number(cell_at(v, row, at.col), &x) != 0) return "";
    snprintf(buf, cap, "%.10g", x * at.scale);
    return buf;
}

typedef struct others_of {
    const file_view *v;
    const wb_module *m;
    spec_view *s;
} others_of;

static int add_other(void *arg, const wb_option *o, const void *config)
{
    others_of *x = (others_of *)arg;
    const wb_report_spec *spec = wb_module_report(x->m);
    char column[64];
    int i;
    (void)config;
    if (o->metavar && strcmp(o->metavar, "FILE") == 0) return 0;   /* where a copy went: not how it ran */
    wb_option_column(o, column, sizeof column);
    for (i = 0; spec->variant_columns[i]; i++)
        if (strcmp(spec->variant_columns[i], column) == 0) return 0;
    if (x->s->nothers == MAX_OTHERS) return 0;
    x->s->other[x->s->nothers] = o;
    x->s->other_at[x->s->nothers++] = option_column(x->v, x->m, column);
    return 0;
}

static void resolve_parts(spec_view *s, const file_view *v, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    int k, is_floor;
    for (k = 0; k < RP_MAX_PARTS; k++) {
        const wb_part *p = rp_part_at(m, k, &is_floor);
        s->part[k] = p ? column_of(v, p->column) : -1;
        s->part_pm[k] = p ? column_of(v, p->pm_column) : -1;
    }
    s->whole = column_of(v, spec->split.whole);
    s->whole_pm = column_of(v, spec->split.whole_pm);
    s->add_up = column_of(v, spec->split.add_up);
    s->headline = column_of(v, spec->split.headline);
    s->rate = column_of(v, spec->split.rate);
    s->pace = column_of(v, spec->split.pace);
}

/* The module's columns in this file, found once. */
static spec_view *spec_of(file_view *v, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    int k = module_index(m), i;
    spec_view *s;
    others_of x;
    if (k < 0) return NULL;
    if (v->spec[k]) return v->spec[k];
    if ((s = v->spec[k] = (spec_view *)calloc(1, sizeof *s)) == NULL) return NULL;
    s->metric = column_of(v, spec->metric);
    for (i = 0; i < RP_MAX_PERCENTILES; i++)
        s->pct[i] = i < rp_percentile_count(m) ? column_of(v, spec->percentiles.columns[i]) : -1;
    s->loss = column_of(v, spec->traffic.loss_column);
    s->sent = column_of(v, spec->traffic.sent_column);
    s->unsent = column_of(v, spec->traffic.unsent_column);
    s->achieved = column_of(v, spec->traffic.achieved_column);
    s->skip = column_of(v, spec->skip.column);
    s->series_metric = column_of(v, spec->series.metric);
    s->series_rate = column_of(v, spec->series.rate);
    s->until = option_column(v, m, spec->series.until_column);
    for (i = 0; i < MAX_VARIANT_COLUMNS; i++) s->variant[i] = option_column(v, m, NULL);
    for (i = 0; i < MAX_VARIANT_COLUMNS && spec->variant_columns[i]; i++)
        s->variant[i] = option_column(v, m, spec->variant_columns[i]);
    resolve_parts(s, v, m);
    x.v = v, x.m = m, x.s = s;
    wb_options_each(m->options, NULL, add_other, &x);
    return s;
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
static int numbers_are_numbers(const file_view *v, char *err, size_t cap)
{
    size_t row, i;
    for (i = 0; i < WB_MEASURE_COUNT + WB_CONTEXT_COUNT; i++) {
        int context = i >= WB_MEASURE_COUNT, k = (int)(context ? i - WB_MEASURE_COUNT : i);
        int col = context ? v->context[k] : v->measure[k];
        if (col < 0 || !(context ? wb_context_types[k] : wb_measure_types[k]).number) continue;
        for (row = 1; row < v->t->nrows; row++) {
            const char *cell = cell_at(v, row, col);
            if (cell[0] && !is_number(cell)) {
                snprintf(err, cap, "line %lu: %s is not a number: \"%s\"", (unsigned long)v->t->rows[row].line,
                         context ? wb_context_columns[k] : wb_measure_columns[k], cell);
                return -1;
            }
        }
    }
    return 0;
}

/* The row as a winbench row: as many fields as the header, our schema, a benchmark we know,
 * and a rep row's metric a number or empty. 0, or -1 with the line's fault in err. */
static int row_is_ours(file_view *v, size_t row, char *err, size_t cap)
{
    const wb_csv_table *t = v->t;
    const char *schema = lead(v, row, WB_COL_SCHEMA);
    const wb_module *m;
    spec_view *s;
    if (t->rows[row].nfields != t->rows[0].nfields) {
        snprintf(err, cap, "line %lu: %lu fields where the header has %lu", (unsigned long)t->rows[row].line,
                 (unsigned long)t->rows[row].nfields, (unsigned long)t->rows[0].nfields);
        return -1;
    }
    if (!is_our_schema(schema)) {
        if (atoi(schema) > WB_CSV_SCHEMA)
            snprintf(err, cap, "line %lu: written by a newer winbench (CSV schema %s; this one reads schema %d): "
                     "update winbench to read it", (unsigned long)t->rows[row].line, schema, WB_CSV_SCHEMA);
        else
            snprintf(err, cap, "line %lu: schema \"%s\" is not one this winbench reads (%d)",
                     (unsigned long)t->rows[row].line, schema, WB_CSV_SCHEMA);
        return -1;
    }
    if ((m = wb_module_find(lead(v, row, WB_COL_BENCHMARK))) == NULL || (s = spec_of(v, m)) == NULL) {
        snprintf(err, cap, "line %lu: unknown benchmark \"%s\"", (unsigned long)t->rows[row].line,
                 lead(v, row, WB_COL_BENCHMARK));
        return -1;
    }
    /* An empty cell is "not applicable" (a run that received nothing has no latency): kept,
     * and shown as such; anything else that is not a number is damage. */
    if (strcmp(lead(v, row, WB_COL_ROW), WB_ROW_REP) == 0 && cell_at(v, row, s->metric)[0] &&
        !is_number(cell_at(v, row, s->metric))) {
        snprintf(err, cap, "line %lu: %s is not a number: \"%s\"", (unsigned long)t->rows[row].line,
                 wb_module_report(m)->metric, cell_at(v, row, s->metric));
        return -1;
    }
    /* A configuration column a module gained later (idle's --onidle after 0.1) is simply
     * empty in an older file: its rows still group by the columns it has. */
    return 0;
}

static int validate(file_view *v, char *err, size_t cap)
{
    static const int required_lead[] = { WB_COL_SCHEMA, WB_COL_BENCHMARK, WB_COL_ROW, WB_COL_LABEL };
    static const int required_context[] = { WB_COL_HOST, WB_COL_OS_NAME };
    size_t row, i;
    for (i = 0; i < sizeof required_lead / sizeof required_lead[0]; i++)
        if (v->lead[required_lead[i]] < 0) {
            snprintf(err, cap, "line 1: not a winbench CSV (no \"%s\" column)", wb_lead_columns[required_lead[i]]);
            return -1;
        }
    for (i = 0; i < sizeof required_context / sizeof required_context[0]; i++)
        if (v->context[required_context[i]] < 0) {
            snprintf(err, cap, "line 1: not a winbench CSV (no \"%s\" column)", wb_context_columns[required_context[i]]);
            return -1;
        }
    for (row = 1; row < v->t->nrows; row++)
        if (row_is_ours(v, row, err, cap) != 0) return -1;
    if (v->t->nrows < 2) {
        snprintf(err, cap, "line 1: a header and no rows");
        return -1;
    }
    return numbers_are_numbers(v, err, cap);
}

/* A row's machine, as text: its label and each WB_ID context cell, apart by a unit separator.
 * This is what "the same machine" means, here alone. */
static size_t identity_of(const file_view *v, size_t row, char *buf, size_t cap)
{
    size_t used = put(buf, 0, cap, lead(v, row, WB_COL_LABEL));
    int i;
    for (i = 0; i < WB_CONTEXT_COUNT; i++)
        if (wb_context_types[i].machine & WB_ID) used = put(buf, put(buf, used, cap, "\x1f"), cap, ctx(v, row, i));
    return used;
}

/* 1 when the two rows of the file are of one machine. */
static int same_machine(const file_view *v, size_t a, size_t b)
{
    int i;
    if (strcmp(lead(v, a, WB_COL_LABEL), lead(v, b, WB_COL_LABEL)) != 0) return 0;
    for (i = 0; i < WB_CONTEXT_COUNT; i++)
        if ((wb_context_types[i].machine & WB_ID) && strcmp(ctx(v, a, i), ctx(v, b, i)) != 0) return 0;
    return 1;
}

static char *copy_of(const char *s)
{
    char *c = (char *)malloc(strlen(s) + 1);
    if (c) strcpy(c, s);
    return c;
}

/* A new machine, as its first row describes it. */
static int add_machine(rp_report *r, const file_view *v, size_t row)
{
    rp_machine *p = (rp_machine *)realloc(r->machines, (r->nmachines + 1) * sizeof *p), *m;
    int i;
    if (p == NULL) return -1;
    r->machines = p;
    m = &p[r->nmachines];
    memset(m, 0, sizeof *m);
    snprintf(m->label, sizeof m->label, "%s", r->merge_machines ? "all machines" : lead(v, row, WB_COL_LABEL));
    for (i = 0; i < WB_CONTEXT_COUNT; i++) {
        const char *cell = r->merge_machines ? (i == WB_COL_HOST ? "all machines" : "") : ctx(v, row, i);
        if ((m->ctx[i] = copy_of(cell)) == NULL) return -1;
    }
    return (int)r->nmachines++;
}

static int find_machine(rp_report *r, file_view *v, size_t row)
{
    char key[2048];
    size_t found;
    int rc;
    rp_machine *m;
    if (r->merge_machines) {   /* one machine stands for all: their repetitions pooled, histograms merged */
        if (r->nmachines > 0) return 0;
        return add_machine(r, v, row);
    }
    if (v->last_machine >= 0 && same_machine(v, v->last_row, row)) {
        found = (size_t)v->last_machine;
    } else {
        identity_of(v, row, key, sizeof key);
        rc = wb_strindex_get(&r->machine_index, key, r->nmachines, &found);
        if (rc < 0 || (rc == 0 && add_machine(r, v, row) < 0)) return -1;
    }
    v->last_machine = (int)found;
    v->last_row = row;
    m = &r->machines[found];
    /* calibrate's own rows come first and carry no verdicts: take the first that does */
    if (!m->ctx[WB_COL_CALIBRATION][0] && ctx(v, row, WB_COL_CALIBRATION)[0]) {
        char *c = copy_of(ctx(v, row, WB_COL_CALIBRATION));
        if (c == NULL) return -1;
        free(m->ctx[WB_COL_CALIBRATION]);
        m->ctx[WB_COL_CALIBRATION] = c;
    }
    return (int)found;
}

/* The group of that module, machine and configuration, found by its key, or added. */
static rp_group *find_group(rp_report *r, const wb_module *m, const char *variant, int machine)
{
    char key[400];
    size_t at;
    int rc;
    rp_group *g;
    snprintf(key, sizeof key, "%d|%d|", module_index(m), machine);
    put(key, strlen(key), sizeof key, variant);
    if (r->ngroups == r->groups_cap) {   /* room doubles: a group is a few KiB, copied at every step otherwise */
        size_t cap = r->groups_cap ? r->groups_cap * 2 : 64;
        g = (rp_group *)realloc(r->groups, cap * sizeof *g);
        if (g == NULL) return NULL;
        r->groups = g;
        r->groups_cap = cap;
    }
    if ((rc = wb_strindex_get(&r->group_index, key, r->ngroups, &at)) < 0) return NULL;
    if (rc == 1) return &r->groups[at];
    g = &r->groups[r->ngroups++];
    memset(g, 0, sizeof *g);
    g->m = m;
    g->spec = wb_module_report(m);
    g->machine = machine;
    snprintf(g->variant, sizeof g->variant, "%s", variant);
    return g;
}

/* A series row (sockloop's intervals) of a group's first repetition: its end time from that
 * repetition's start, its metric and its rate. */
static int take_series(rp_group *g, const file_view *v, size_t row, const spec_view *s)
{
    const char *rep = lead(v, row, WB_COL_REP);
    double elapsed = NAN, x = NAN, rate = NAN, sent = NAN;
    if (g->series_rep[0] == '\0') snprintf(g->series_rep, sizeof g->series_rep, "%s", rep);
    if (strcmp(g->series_rep, rep) != 0) return 0;
    parse_number(cell_at(v, row, v->measure[WB_COL_ELAPSED_S]), &elapsed);
    parse_number(cell_at(v, row, s->series_metric), &x);
    parse_number(cell_at(v, row, s->series_rate), &rate);
    if (!(elapsed > 0)) return 0;
    /* An interval that sent nothing after the sending began is the grace at the run's end: its
     * rate falls to nothing and its mean is of a few stragglers, which a chart drew as a collapse
     * of the loop. Left out. */
    if (s->sent >= 0 && g->series_t.n > 0 && parse_number(cell_at(v, row, s->sent), &sent) == 0 && sent == 0) return 0;
    /* Nor one that began when the sending was over (a sender's last few late sends fall in the
     * grace: 274 packets/s at 11 s of a 10 s run was drawn as a collapse). */
    if (s->until.col >= 0 && g->series_t.n > 0) {
        char buf[64];
        const char *until = option_cell(v, row, s->until, buf, sizeof buf);
        double end = NAN;
        if (until && parse_number(until, &end) == 0 && end > 0 && g->series_t.v[g->series_t.n - 1] >= end * 0.999) return 0;
    }
    if (rp_values_add(&g->series_t, (g->series_t.n ? g->series_t.v[g->series_t.n - 1] : 0.0) + elapsed) != 0 ||
        rp_values_add(&g->series_v, x) != 0 || rp_values_add(&g->series_rate, rate) != 0)
        return -1;
    return 0;
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

/* A rep row's latency histogram (latency_hdr), merged into its group's; a row without one (or
 * whose cell does not decode) leaves the group's percentiles to the rows' medians. */
static int take_histogram(rp_group *g, const file_view *v, size_t row, double metric)
{
    static wb_hist one;   /* the report reads on one thread */
    const char *cell = ctx(v, row, WB_COL_LATENCY_HDR);
    char err[128];
    if (cell[0] == '\0' || wb_hdr_decode(cell, &one, err, sizeof err) != 0) return 0;
    if (g->hist == NULL && (g->hist = (wb_hist *)calloc(1, sizeof *g->hist)) == NULL) return -1;
    wb_hist_merge(g->hist, &one);
    g->hist_reps++;
    /* the row's mean and its samples, for the mean of every sample together (rp_group.pooled):
     * the histogram's own buckets round each sample, the row's mean does not */
    if (metric == metric && one.count > 0) {
        g->pooled_sum += metric * (double)one.count;
        g->pooled_count += (double)one.count;
    }
    return 0;
}

/* The group's other options, from its first row (rp_group.others): "name=value" (a TIME
 * option's value with its unit: "duration=10s"), as --name is typed. */
static void take_others(rp_group *g, const file_view *v, size_t row, const spec_view *s)
{
    size_t used = 0;
    int i;
    g->others[0] = '\0';
    for (i = 0; i < s->nothers; i++) {
        const wb_option *o = s->other[i];
        char buf[64];
        const char *value = option_cell(v, row, s->other_at[i], buf, sizeof buf);
        int n;
        if (value == NULL) continue;
        n = snprintf(g->others + used, sizeof g->others - used, "%s%s=%s%s", used ? " " : "", o->name, value,
                     o->type == WB_OPT_SECONDS && value[0] ? wb_option_unit_name(o) : "");
        if (n > 0 && (size_t)n < sizeof g->others - used) used += (size_t)n;
    }
}

/* A number of the row into values, when the column is there and the cell holds one: 0, or -1
 * out of memory. */
static int take_number(const file_view *v, size_t row, int col, rp_values *values)
{
    double x;
    return col >= 0 && parse_number(cell_at(v, row, col), &x) == 0 ? rp_values_add(values, x) : 0;
}

/* A number of the row into values and its round into rounds, when the cell holds one. */
static int take_keyed(const file_view *v, size_t row, int col, rp_values *values, rp_values *rounds, double round)
{
    double x;
    if (col < 0 || parse_number(cell_at(v, row, col), &x) != 0) return 0;
    return rp_values_add(values, x) != 0 || rp_values_add(rounds, round) != 0 ? -1 : 0;
}

/* The row's round: its run's number among those read and its repetition's, when the run took
 * its variants in interleaved rounds (repetition k of each variant is round k); NaN else. */
static double round_of(rp_report *r, const file_view *v, size_t row)
{
    size_t run;
    int rc;
    if (strcmp(ctx(v, row, WB_COL_ORDER), "interleaved") != 0) return NAN;
    if ((rc = wb_strindex_get(&r->runs, ctx(v, row, WB_COL_RUN_ID), r->runs.count, &run)) < 0) return NAN;
    return (double)run * 1e6 + atof(lead(v, row, WB_COL_REP));
}

/* The row's process: its run's number among those read (each run, each --processes child,
 * is a process of its own), NaN without a run id. */
static double process_of(rp_report *r, const file_view *v, size_t row)
{
    size_t run;
    if (!ctx(v, row, WB_COL_RUN_ID)[0]) return NAN;
    if (wb_strindex_get(&r->runs, ctx(v, row, WB_COL_RUN_ID), r->runs.count, &run) < 0) return NAN;
    return (double)run;
}

/* The parts' sizes at the loop's own pace: the call itself, timed beside the loop, gives the
 * parts' proportions, and the loop's pace their sum, where the two are within
 * RP_PACE_AGREES of each other (the same call, timed a moment apart: the machine's speed between
 * the two moments would otherwise land in every comparison as an unexplained share, 11% of one
 * on the project's VM). Further apart, the row itself says its parts do not explain its pace
 * (parts_add_up 0), and they are left as timed: the gap is the answer's unexplained share. */
static void to_pace(const wb_module *m, double *rec, double pace)
{
    const double call = rec[RP_SPLIT_WHOLE];
    int k, is_floor;
    const wb_part *p;
    if (!(call > 0) || !(pace > 0) || fabs(pace - call) > RP_PACE_AGREES * pace) return;
    for (k = 0; (p = rp_part_at(m, k, &is_floor)) != NULL && k < RP_MAX_PARTS; k++)
        if (!is_floor && p != wb_module_report(m)->split.machine && rec[k] == rec[k]) rec[k] *= pace / call;
    rec[RP_SPLIT_WHOLE] = pace;
}

/* The parts of the spec's whole and its floors, where the row has them (an older file, or a
 * run with --floors off, has none: the report then has nothing to split). */
static int take_parts(rp_group *g, const file_view *v, size_t row, const spec_view *s, double round)
{
    int k, n = rp_part_count(g->m), is_floor, any = 0;
    double x, rec[RP_SPLIT_STRIDE];
    for (k = 0; k < RP_SPLIT_STRIDE; k++) rec[k] = NAN;
    for (k = 0; k < n; k++) {
        rp_part_at(g->m, k, &is_floor);
        if (s->part[k] < 0 || parse_number(cell_at(v, row, s->part[k]), &x) != 0) continue;
        rec[k] = x;
        if (take_keyed(v, row, s->part[k], &g->parts[k], &g->parts_round[k], round) != 0 ||
            take_number(v, row, s->part_pm[k], &g->parts_pm[k]) != 0)
            return -1;
        any |= !is_floor;
    }
    if (!any) return 0;
    if (take_keyed(v, row, s->whole, &g->whole, &g->whole_round, round) != 0 ||
        take_number(v, row, s->whole_pm, &g->whole_pm) != 0 ||
        take_keyed(v, row, s->headline, &g->headline, &g->headline_round, round) != 0 ||
        take_keyed(v, row, s->rate, &g->rate, &g->rate_round, round) != 0)
        return -1;
    if (s->add_up >= 0 && parse_number(cell_at(v, row, s->add_up), &x) == 0 && x == 0) g->parts_apart++;
    if (s->whole >= 0 && parse_number(cell_at(v, row, s->whole), &x) == 0) rec[RP_SPLIT_WHOLE] = x;
    if (s->headline >= 0 && parse_number(cell_at(v, row, s->headline), &x) == 0) rec[RP_SPLIT_HEADLINE] = x;
    if (s->rate >= 0 && parse_number(cell_at(v, row, s->rate), &x) == 0) rec[RP_SPLIT_RATE] = x;
    rec[RP_SPLIT_ROUND] = round;
    if (s->pace >= 0 && parse_number(cell_at(v, row, s->pace), &x) == 0) to_pace(g->m, rec, x);
    for (k = 0; k < RP_SPLIT_STRIDE; k++)
        if (rp_values_add(&g->split_rows, rec[k]) != 0) return -1;
    return 0;
}

/* A rep row's measures into its group: the metric (or an empty count), the loss, what was
 * sent, unsent and achieved, the percentiles, the parts, the histogram. 0, or -1 out of memory. */
static int take_measures(rp_report *r, rp_group *g, const file_view *v, size_t row, const spec_view *s)
{
    double x = NAN, round = round_of(r, v, row);
    int i;
    if (g->reps == 0) take_others(g, v, row, s);
    g->reps++;
    if (parse_number(cell_at(v, row, s->metric), &x) != 0) g->empty++;   /* nothing received: shown, not compared */
    else if (rp_values_add(&g->values, x) != 0 || rp_values_add(&g->rounds, round) != 0 ||
             rp_values_add(&g->procs, process_of(r, v, row)) != 0)
        return -1;
    if (take_number(v, row, v->measure[WB_COL_STALL_PCT], &g->stall) || take_number(v, row, s->loss, &g->loss) ||
        take_number(v, row, s->sent, &g->sent) || take_number(v, row, s->unsent, &g->unsent) ||
        take_number(v, row, s->achieved, &g->achieved))
        return -1;
    for (i = 0; i < rp_percentile_count(g->m); i++)
        if (take_number(v, row, s->pct[i], &g->pct[i])) return -1;
    if (take_parts(g, v, row, s, round) != 0) return -1;
    return rp_percentile_count(g->m) > 0 ? take_histogram(g, v, row, x) : 0;
}

/* A row's configuration: "loop=select rate=10000 ...", each of the spec's columns the row has. */
static void row_configuration(const file_view *v, size_t row, const wb_module *m, const spec_view *s, char *variant,
                              size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    size_t used = 0;
    int i;
    variant[0] = '\0';
    for (i = 0; i < MAX_VARIANT_COLUMNS && spec->variant_columns[i]; i++) {
        char buf[64];
        const char *value = option_cell(v, row, s->variant[i], buf, sizeof buf);
        /* A column the file does not have (it came with a later winbench) is left out: an
         * older file's configurations read as they did; nor one empty in this row (wakeup's
         * rate for a timer source: no "rate="). */
        if (value == NULL || !value[0] || quiet_default(spec, spec->variant_columns[i], value)) continue;
        used = put(variant, put(variant, put(variant, put(variant, used, cap, used ? " " : ""), cap, spec->variant_columns[i]),
                                cap, "="), cap, value);
    }
}

/* A rep row read before (the same file twice under a results tree, or a copy): the key is the
 * run id, the machine (its identity: identity_of), the benchmark, the configuration and the
 * repetition (an interval row also its place in the file: a copy has it at the same place;
 * wakeup writes its intervals at the repetition's end, of one moment and, but the last, one
 * length). Returns the file it came from, or NULL (and remembers it) when it is new. */
static const char *seen_before(rp_report *r, const file_view *v, size_t row, const wb_module *m, const char *variant,
                               int series, const char *path)
{
    const char *parts[4];
    char key[3000];
    size_t used, file;
    int rc, i;
    used = put(key, put(key, 0, sizeof key, ctx(v, row, WB_COL_RUN_ID)), sizeof key, "\x1e");
    used += identity_of(v, row, key + used, sizeof key - used);
    parts[0] = m->name, parts[1] = variant, parts[2] = lead(v, row, WB_COL_REP), parts[3] = lead(v, row, WB_COL_ROW);
    for (i = 0; i < 4; i++) used = put(key, put(key, used, sizeof key, "\x1e"), sizeof key, parts[i]);
    if (series && used + 24 < sizeof key) snprintf(key + used, sizeof key - used, "\x1e%lu", (unsigned long)row);
    if (r->nseen_files == 0 || strcmp(r->seen_files[r->nseen_files - 1], path) != 0) {
        char **files = (char **)realloc(r->seen_files, (r->nseen_files + 1) * sizeof *files);
        char *copy = copy_of(path);
        if (files) r->seen_files = files;
        if (files == NULL || copy == NULL) {
            free(copy);
            return NULL;   /* no memory to remember: counted */
        }
        r->seen_files[r->nseen_files++] = copy;
    }
    rc = wb_strindex_get(&r->seen, key, r->nseen_files - 1, &file);
    return rc == 1 ? r->seen_files[file] : NULL;
}

/* The file's rows, each into its group (rep rows) or its group's series (interval rows). */
static int take_rows(rp_report *r, file_view *v, const char *path)
{
    size_t row, repeated = 0, skipped = 0;
    char repeated_from[MAX_PATH] = "";
    const char *skip_what = NULL;
    for (row = 1; row < v->t->nrows; row++) {
        const wb_module *m = wb_module_find(lead(v, row, WB_COL_BENCHMARK));
        const wb_report_spec *spec = wb_module_report(m);
        const spec_view *s = spec_of(v, m);
        const char *kind = lead(v, row, WB_COL_ROW), *before;
        int series = spec->series.row && spec->series.metric && strcmp(kind, spec->series.row) == 0, machine;
        char variant[256];
        rp_group *g;
        if (strcmp(kind, WB_ROW_REP) != 0 && !series) continue;
        if (s == NULL) return -1;   /* out of memory (validate found every module) */
        if (s->skip >= 0 && strcmp(cell_at(v, row, s->skip), spec->skip.value) == 0) {
            skipped += !series;
            skip_what = spec->skip.what;
            continue;
        }
        row_configuration(v, row, m, s, variant, sizeof variant);
        if ((before = seen_before(r, v, row, m, variant, series, path)) != NULL) {
            repeated += !series;
            snprintf(repeated_from, sizeof repeated_from, "%s", before);
            continue;
        }
        machine = find_machine(r, v, row);
        g = machine >= 0 ? find_group(r, m, variant, machine) : NULL;
        if (g == NULL) return -1;
        if ((series ? take_series(g, v, row, s) : take_measures(r, g, v, row, s)) != 0) return -1;
    }
    if (repeated)
        wb_fprintf(stderr, "winbench: report: %s: %lu repetition%s already read from %s (the same run id, machine, "
                "configuration and repetition): counted once\n", path, (unsigned long)repeated, repeated == 1 ? "" : "s", repeated_from);
    if (skipped)
        wb_fprintf(stderr, "winbench: report: %s: %lu row%s left out: %s\n", path, (unsigned long)skipped,
                   skipped == 1 ? "" : "s", skip_what ? skip_what : "not comparable");
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

/* The parsed table: checked, then its rows taken. */
static void load_table(rp_report *r, const wb_csv_table *t, const char *path)
{
    char err[256];
    file_view *v;
    int i;
    if (is_report_table(t)) {
        /* `winbench report --csv` writes these beside the results: not benchmark CSVs. */
        wb_fprintf(stderr, "winbench: report: %s: skipped: a report table (winbench report --csv), not a benchmark CSV\n",
                   path);
        r->files_skipped++;
        return;
    }
    if ((v = (file_view *)malloc(sizeof *v)) == NULL) {
        wb_fprintf(stderr, "winbench: report: %s: out of memory\n", path);
        r->files_failed++;
        return;
    }
    view_open(v, t);
    if (validate(v, err, sizeof err) != 0) {
        wb_fprintf(stderr, "winbench: report: %s: %s\n", path, err);
        r->files_failed++;
    } else if (take_rows(r, v, path) != 0) {
        wb_fprintf(stderr, "winbench: report: %s: out of memory\n", path);
        r->files_failed++;
    } else {
        r->files_loaded++;
    }
    for (i = 0; i < MAX_MODULES; i++) free(v->spec[i]);
    free(v);
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
    } else {
        load_table(r, &t, path);
        wb_csv_free(&t);
    }
    free(text);
}

/* One of the report's own outputs (created, empty, before anything is read)? Only a file of an
 * output's own name is asked for its full path (a call per file of a lab otherwise). */
static int excluded(const rp_report *r, const char *path)
{
    char full[MAX_PATH], other[MAX_PATH];
    const char *name = strrchr(path, '\\'), *slash = strrchr(path, '/');
    size_t i;
    if (slash > name) name = slash;
    name = name ? name + 1 : path;
    for (i = 0; r->exclude && r->exclude[i]; i++) {
        const char *theirs = strrchr(r->exclude[i], '\\'), *s2 = strrchr(r->exclude[i], '/');
        if (s2 > theirs) theirs = s2;
        theirs = theirs ? theirs + 1 : r->exclude[i];
        if (_stricmp(theirs, name) != 0) continue;
        if (GetFullPathNameA(path, sizeof full, full, NULL) != 0 &&
            GetFullPathNameA(r->exclude[i], sizeof other, other, NULL) != 0 && _stricmp(full, other) == 0)
            return 1;
    }
    return 0;
}

/* A folder's entries: its .csv and .tsv files and its folders (not "." ones), joined to the
 * folder's path with the separator the user typed, so that messages say "results/wine/x.csv"
 * or "results\\wine\\x.csv", never a mix; each name's first byte says which (D or F). */
static size_t folder_entries(const char *path, char ***names)
{
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH];
    char sep = strchr(path, '/') && !strchr(path, '\\') ? '/' : '\\';
    const char *join = path[strlen(path) - 1] == sep ? "" : (sep == '/' ? "/" : "\\");
    size_t n = 0;
    HANDLE h;
    *names = NULL;
    snprintf(pattern, sizeof pattern, "%s\\*", path);
    if ((h = FindFirstFileA(pattern, &fd)) == INVALID_HANDLE_VALUE) return 0;
    do {
        size_t len = strlen(fd.cFileName);
        int dir = (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
        char **p;
        if (dir ? fd.cFileName[0] == '.' : !(len > 4 && (_stricmp(fd.cFileName + len - 4, ".csv") == 0 ||
                                                         _stricmp(fd.cFileName + len - 4, ".tsv") == 0)))
            continue;
        if ((p = (char **)realloc(*names, (n + 1) * sizeof *p)) == NULL) break;
        *names = p;
        if ((p[n] = (char *)malloc(strlen(path) + len + 3)) == NULL) break;
        sprintf(p[n], "%c%s%s%s", dir ? 'D' : 'F', path, join, fd.cFileName);
        n++;
    } while (FindNextFileA(h, &fd));
    FindClose(h);
    return n;
}

/* In name order (the kind byte aside): the report's order does not depend on the file system's. */
static int cmp_entries(const void *a, const void *b)
{
    return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static void load_folder(rp_report *r, const char *path)
{
    char **names;
    size_t n = folder_entries(path, &names), i;
    if (n) qsort(names, n, sizeof *names, cmp_entries);
    for (i = 0; i < n; i++) {
        if (names[i][0] == 'D') load_folder(r, names[i] + 1);
        else if (!excluded(r, names[i] + 1)) load_file(r, names[i] + 1);
        free(names[i]);
    }
    free(names);
}

void rp_load_path(rp_report *r, const char *path)
{
    DWORD attr = GetFileAttributesA(path);
    if (attr == INVALID_FILE_ATTRIBUTES) {
        wb_fprintf(stderr, "winbench: report: %s: no such file or folder\n", path);
        r->files_failed++;
        return;
    }
    if (attr & FILE_ATTRIBUTE_DIRECTORY) load_folder(r, path);
    else if (!excluded(r, path)) load_file(r, path);
}

/* Every real option table (the common one, each module's, and the common one as each module
 * sees it): defaults parse, help names every option with its default. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wb_module.h"
#include "wb_options.h"
#include "run/wb_runner.h"
#include "run/layout.h"
#include "report/report_model.h"
#include "core/csv_columns.h"
#include "wbtest.h"
#include "../bench/sockloop.h"   /* the comparison reads sockloop's own configuration and metrics */

typedef struct help_check {
    const char *owner, *text;
} help_check;

static int option_in_help(void *arg, const wb_option *o, const void *config)
{
    const help_check *h = (const help_check *)arg;
    char want[128];
    (void)config;
    ok(o->help && o->help[0], "%s --%s has no help", h->owner, o->name);
    snprintf(want, sizeof want, "  --%s", o->name);
    ok(strstr(h->text, want) != NULL, "%s help lacks --%s", h->owner, o->name);
    if (o->def && o->type != WB_OPT_FLAG) {
        snprintf(want, sizeof want, "(default %s)", o->def);
        ok(strstr(h->text, want) != NULL, "%s help lacks the default of --%s", h->owner, o->name);
    }
    return 0;
}

/* Every real table: defaults parse, and help names every option with its default. */
static void check_real_table(const char *owner, const wb_option *t, size_t config_size)
{
    void *config = calloc(1, config_size);
    wb_option_set set;
    char err[256] = "";
    size_t need = wb_options_help(t, NULL, 0);
    char *text = (char *)malloc(need + 1);
    help_check h;
    set.table = t;
    set.config = config;
    ok(wb_options_defaults(&set, 1, err, sizeof err) == 0, "%s: a default does not parse: %s", owner, err);
    wb_options_help(t, text, need + 1);
    h.owner = owner;
    h.text = text;
    wb_options_each(t, NULL, option_in_help, &h);
    free(text);
    free(config);
}

static void test_real_tables(void)
{
    int i;
    check_real_table("common", wb_common_options, sizeof(wb_common));
    for (i = 0; wb_modules[i]; i++) {
        wb_option common[WB_MAX_COMMON_OPTIONS];
        check_real_table(wb_modules[i]->name, wb_modules[i]->options, wb_modules[i]->config_size);
        /* the common options as this module sees them (its own --repeat / --warmup defaults) */
        wb_common_options_for(wb_modules[i], common, WB_MAX_COMMON_OPTIONS);
        check_real_table(wb_modules[i]->name, common, sizeof(wb_common));
        if (wb_modules[i]->default_repeat)
            ok(strcmp(common[0].name, "repeat") == 0 && strcmp(common[0].def, wb_modules[i]->default_repeat) == 0,
               "%s: --repeat default %s", wb_modules[i]->name, common[0].def);
    }
    ok(i >= 1, "at least one module registered");
}

/* Every column a report spec names is one its module writes: a misspelt one would be skipped
 * by the report as "a column of a later winbench" and configurations would merge. */
/* 1 when the module's CSV has a column of that name (its layout: what every row writes). */
static int wb_module_writes_column(const wb_module *m, const char *name)
{
    wb_layout l;
    int found;
    if (name == NULL || wb_layout_build(m, &l) != 0) return 0;
    found = wb_layout_find(&l, name) >= 0;
    wb_layout_free(&l);
    return found;
}

static void spec_column_is_written(const wb_module *m, const char *field, const char *column)
{
    if (column == NULL) return;
    ok(wb_module_writes_column(m, column), "%s: the report spec's %s names \"%s\", a column %s does not write",
       m->name, field, column, m->name);
}

static void spec_list_is_written(const wb_module *m, const char *field, const char *const *columns)
{
    int i;
    for (i = 0; columns && columns[i]; i++) spec_column_is_written(m, field, columns[i]);
}

static int in_list(const char *const *list, const char *name)
{
    int i;
    for (i = 0; list && list[i]; i++)
        if (strcmp(list[i], name) == 0) return 1;
    return 0;
}

static void check_spec_columns(const wb_module *m)
{
    const wb_report_spec *s = wb_module_report(m);
    int npct = 0, nnames = 0;
    spec_list_is_written(m, "variant_columns", s->variant_columns);
    {   /* the report reads at most RP_MAX_VARIANT_COLUMNS of them: a 33rd would be dropped from every configuration */
        int n = 0;
        while (s->variant_columns && s->variant_columns[n]) n++;
        ok(n <= RP_MAX_VARIANT_COLUMNS, "%s: %d configuration columns, the report reads %d", m->name, n, RP_MAX_VARIANT_COLUMNS);
    }
    spec_column_is_written(m, "metric", s->metric);
    spec_list_is_written(m, "percentiles.columns", s->percentiles.columns);
    spec_column_is_written(m, "series.metric", s->series.metric);
    spec_column_is_written(m, "series.rate", s->series.rate);
    spec_column_is_written(m, "traffic.loss_column", s->traffic.loss_column);
    spec_column_is_written(m, "traffic.sent_column", s->traffic.sent_column);
    spec_column_is_written(m, "skip.column", s->skip.column);
    spec_column_is_written(m, "split.whole", s->split.whole);
    {   /* a quiet default names a configuration column */
        int i;
        for (i = 0; s->variant_defaults && s->variant_defaults[i]; i++) {
            char column[64];
            const char *eq = strchr(s->variant_defaults[i], '=');
            size_t len = eq ? (size_t)(eq - s->variant_defaults[i]) : 0;
            ok(eq != NULL && len < sizeof column, "%s: variant_defaults \"%s\" is column=value", m->name,
               s->variant_defaults[i]);
            if (eq == NULL || len >= sizeof column) continue;
            memcpy(column, s->variant_defaults[i], len);
            column[len] = '\0';
            ok(in_list(s->variant_columns, column), "%s: variant_defaults names %s, no variant column", m->name, column);
        }
    }
    if (s->preset.column) {
        ok(in_list(s->variant_columns, s->preset.column), "%s: preset.column %s is no variant column", m->name,
           s->preset.column);
        spec_list_is_written(m, "preset.sets", s->preset.sets);
    }
    {   /* the parts and the floors: written columns, each of a layer, the parts with a whole */
        const wb_part *lists[2];
        int l, k;
        lists[0] = s->split.parts;
        lists[1] = s->split.floors;
        for (l = 0; l < 2; l++)
            for (k = 0; lists[l] && lists[l][k].column; k++) {
                spec_column_is_written(m, l ? "floors" : "parts", lists[l][k].column);
                ok(lists[l][k].name && lists[l][k].name[0] && lists[l][k].layer >= 0 && lists[l][k].layer < WB_LAYER_COUNT,
                   "%s: %s has a name and a layer", m->name, lists[l][k].column);
            }
        ok(s->split.parts == NULL || (s->split.whole && s->split.whole_name && s->split.unit), "%s: parts add up to a whole",
           m->name);
    }
    /* the columns that split or join configurations must be configuration columns */
    if (s->series.line_column)
        ok(in_list(s->variant_columns, s->series.line_column), "%s: series.line_column %s is no variant column", m->name,
           s->series.line_column);
    if (s->traffic.load_column)
        ok(in_list(s->variant_columns, s->traffic.load_column), "%s: load_column %s is no variant column", m->name, s->traffic.load_column);
    if (s->alt.when) {   /* "column=value" */
        char column[64];
        const char *eq = strchr(s->alt.when, '=');
        ok(eq != NULL && eq - s->alt.when < (int)sizeof column, "%s: alt.when \"%s\" is not column=value", m->name,
           s->alt.when);
        if (eq != NULL && eq - s->alt.when < (int)sizeof column) {
            memcpy(column, s->alt.when, (size_t)(eq - s->alt.when));
            column[eq - s->alt.when] = '\0';
            ok(in_list(s->variant_columns, column), "%s: alt.when names %s, no variant column", m->name, column);
        }
    }
    if (s->series.row) ok(strcmp(s->series.row, WB_ROW_INTERVAL) == 0, "%s: series rows of kind %s", m->name, s->series.row);
    while (s->percentiles.columns && s->percentiles.columns[npct]) npct++;
    while (s->percentiles.names && s->percentiles.names[nnames]) nnames++;
    ok(npct == nnames, "%s: %d percentile columns, %d names", m->name, npct, nnames);
    ok(s->traffic.load_column == NULL || (s->traffic.load_percentile >= 0 && s->traffic.load_percentile < npct), "%s: load_percentile %d of %d",
       m->name, s->traffic.load_percentile, npct);
}

static void test_spec_columns(void)
{
    static const char *const misspelt[] = { "targte", NULL };
    wb_report_spec spec;
    wb_module fake;
    int i;
    for (i = 0; wb_modules[i]; i++) check_spec_columns(wb_modules[i]);
    /* the check can fail: a copy of sendmsg whose spec names a column it does not write */
    fake = *wb_module_find("sendmsg");
    spec = *wb_module_report(&fake);
    spec.variant_columns = misspelt;
    fake.report = &spec;
    ok(!wb_module_writes_column(&fake, "targte") && wb_module_writes_column(&fake, "target") &&
       wb_module_writes_column(&fake, "ops_per_s") && wb_module_writes_column(&fake, "controls") &&
       wb_module_writes_column(&fake, "warnings") && wb_module_writes_column(&fake, "run_id"),
       "columns: a misspelt one is not written, the real ones are");
    /* a module without a spec is compared by the generic one: ops_per_s, every row one group */
    fake.report = NULL;
    ok(strcmp(wb_module_report(&fake)->metric, "ops_per_s") == 0 && wb_module_report(&fake)->variant_columns[0] == NULL &&
       wb_module_report(&fake)->higher_is_better, "the generic spec");
    check_spec_columns(&fake);
}

/* Every registered module fits the row's columns, and one that does not is refused (the CSV
 * sink would read past the metrics array). */
static void test_limits(void)
{
    static const char *names[WB_MAX_METRICS + 2];
    wb_module fake;
    char err[200] = "";
    int i;
    for (i = 0; wb_modules[i]; i++) {
        err[0] = '\0';
        ok(wb_module_check_limits(wb_modules[i], err, sizeof err) == 0, "%s: %s", wb_modules[i]->name, err);
        ok(wb_module_metric_count(wb_modules[i]) <= WB_MAX_METRICS, "%s: %u metrics", wb_modules[i]->name,
           wb_module_metric_count(wb_modules[i]));
    }
    for (i = 0; i < WB_MAX_METRICS + 1; i++) names[i] = "m";
    names[WB_MAX_METRICS + 1] = NULL;
    memset(&fake, 0, sizeof fake);
    fake.name = "fake";
    fake.metric_names = names;
    ok(wb_module_check_limits(&fake, err, sizeof err) == -1, "%d metrics accepted", WB_MAX_METRICS + 1);
    ok(strstr(err, "65 metric columns") != NULL || WB_MAX_METRICS != 64, "the refusal names the count: %s", err);
    names[WB_MAX_METRICS] = NULL;   /* exactly the limit fits */
    ok(wb_module_check_limits(&fake, err, sizeof err) == 0, "%d metrics refused: %s", WB_MAX_METRICS, err);
}

/* What sockloop's comparison prints for these variants and medians, into out. */
static void compare_text(int n, const void *const *variants, const double *const *medians, char *out, size_t cap)
{
    FILE *f = tmpfile();
    size_t got;
    out[0] = '\0';
    if (!f) return;
    wb_module_find("sockloop")->compare(f, n, variants, medians);
    rewind(f);
    got = fread(out, 1, cap - 1, f);
    out[got] = '\0';
    fclose(f);
}

/* sockloop's own lines after a run of several loops claim no verdict: which is faster, by how
 * much and how sure is the report's (its answers follow the run), never a second rule here. */
static void test_sockloop_compare(void)
{
    static double best[WB_MAX_METRICS], other[WB_MAX_METRICS];
    sockloop_config a, b;
    const void *variants[2];
    const double *medians[2];
    char text[2048];
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.loop = 0, b.loop = 1;
    variants[0] = &a, variants[1] = &b;
    best[M_LAT_MEAN] = 100, best[M_INTERVAL_SD] = 0;
    other[M_LAT_MEAN] = 130, other[M_INTERVAL_SD] = 10;
    medians[0] = best, medians[1] = other;
    compare_text(2, variants, medians, text, sizeof text);
    ok(strstr(text, "the loops side by side") != NULL && strstr(text, "mean 130 us") != NULL, "each loop's line:\n%s", text);
    ok(strstr(text, "times lower") == NULL && strstr(text, "+-") == NULL && strstr(text, "no clear difference") == NULL,
       "no verdict of its own:\n%s", text);
}

/* Three loops asked for 10,000/s: what each sent, lost and measured. */
static void compare_three(const double *send_rate, const double *lost, const double *mean, char *text, size_t cap)
{
    static double m[3][WB_MAX_METRICS];
    sockloop_config v[3];
    const void *variants[3];
    const double *medians[3];
    int i;
    for (i = 0; i < 3; i++) {
        memset(&v[i], 0, sizeof v[i]);
        v[i].loop = i;
        v[i].rate = 10000;
        v[i].nrates = 1;
        m[i][M_SENT] = send_rate[i] * 5;   /* 5 s: 50,000 scheduled */
        m[i][M_SEND_ERRORS] = 0;
        m[i][M_UNSENT] = 50000 - m[i][M_SENT];
        m[i][M_SEND_RATE] = send_rate[i];
        m[i][M_LOST] = lost[i];
        m[i][M_LAT_MEAN] = mean[i];
        m[i][M_INTERVAL_SD] = mean[i] / 100;
        variants[i] = &v[i];
        medians[i] = m[i];
    }
    compare_text(3, variants, medians, text, cap);
}

/* Loops at different real loads, and loss, stand beside the loops' lines: a loop whose sender fell
 * behind (920/s of 10,000) is marked, and the notes name exactly the loops that fell behind and
 * that lost. */
static void test_sockloop_loads_and_loss(void)
{
    static const double behind[3] = { 920, 9999, 10000 }, lost_some[3] = { 1141, 2, 0 }, lost_all[3] = { 1141, 2, 7 };
    static const double mean[3] = { 20, 50, 100 };
    char text[4096];
    compare_three(behind, lost_some, mean, text, sizeof text);
    ok(strstr(text, "note: the sender fell behind its schedule with select:") != NULL, "who fell behind:\n%s", text);
    ok(strstr(text, "note: select (1141), wsapoll (2) lost packets where wsaevents lost none") != NULL, "who lost:\n%s", text);
    ok(strstr(text, "select       mean 20 us, offered 920/s of 10000/s (behind), lost 1141") != NULL, "the loop's line:\n%s",
       text);
    compare_three(behind, lost_all, mean, text, sizeof text);
    ok(strstr(text, "note: every loop lost packets (select (1141), wsapoll (2), wsaevents (7))") != NULL, "all lost:\n%s", text);
    ok(strstr(text, "lost none") == NULL, "nobody said to have lost none:\n%s", text);
}

/* A machine that could not carry the rate (most loops lost over 1%) is said once, plainly, and
 * one that carried it is not said to have failed. */
static void test_sockloop_close_loads(void)
{
    static const double near_rate[3] = { 9890, 9980, 9975 }, none[3] = { 0, 0, 0 }, much[3] = { 2000, 3000, 0 };
    static const double mean[3] = { 20, 50, 100 };
    char text[4096];
    compare_three(near_rate, none, mean, text, sizeof text);
    ok(strstr(text, "did not carry") == NULL, "a machine that carried it is not said to have failed:\n%s", text);
    compare_three(near_rate, much, mean, text, sizeof text);
    ok(strncmp(text, "this machine did not carry 10000/s in this run: 2 of 3 loops lost over 1% of what they sent or were "
                     "offered under 99% of it, so their latencies compare nothing", 150) == 0,
       "said once, first:\n%s", text);
}

/* The offered-load table's judgement, on medians whose answer is known. */
static void test_sockloop_offered_load(void)
{
    static double m[7][WB_MAX_METRICS];
    static const int loops[7] = { 0, 0, 0, 1, 1, 2, 2 };
    static const uint64_t rates[7] = { 1000, 2000, 4000, 1000, 2000, 1000, 2000 };
    /* send rate, lost, p99 (us) */
    static const double send[7] = { 1000, 2000, 4000, 1000, 1500, 1000, 2000 };
    static const double lost[7] = { 0, 0, 0, 0, 0, 5, 0 };
    static const double p99[7] = { 100, 500, 2000, 100, 120, 100, 100 };
    sockloop_config v[7];
    const void *variants[7];
    const double *medians[7];
    char text[4096];
    int i;
    for (i = 0; i < 7; i++) {
        memset(&v[i], 0, sizeof v[i]);
        v[i].loop = loops[i];
        v[i].rate = rates[i];
        v[i].nrates = 3;
        m[i][M_SENT] = send[i];
        m[i][M_SEND_RATE] = send[i];
        m[i][M_RECV_RATE] = send[i] - lost[i];
        m[i][M_LOST] = lost[i];
        m[i][M_LAT_P50] = p99[i] / 2;
        m[i][M_LAT_P99] = p99[i];
        variants[i] = &v[i];
        medians[i] = m[i];
    }
    compare_text(7, variants, medians, text, sizeof text);
    ok(strstr(text, "latency against offered load") != NULL, "the table:\n%s", text);
    ok(strstr(text, "select held 2000/s (at 4000/s its p99 was 2 ms)") != NULL, "the tail ran away:\n%s", text);
    ok(strstr(text, "wsapoll held 1000/s (at 2000/s the sender managed 1500/s)") != NULL, "the rate not sent:\n%s", text);
    ok(strstr(text, "wsaevents held none of the rates (at 1000/s it lost 0.50%)") != NULL, "lost at once:\n%s", text);
    ok(strstr(text, "times lower") == NULL, "rates are not ranked as loops");
}

/* A metric's unit, as its module declares it (NULL when it has no such metric or no unit). */
static const char *declared_unit(const char *module, const char *metric, int *found)
{
    const wb_module *m = wb_module_find(module);
    int k;
    *found = 0;
    for (k = 0; m && m->metric_names && m->metric_names[k]; k++)
        if (strcmp(m->metric_names[k], metric) == 0) {
            *found = 1;
            return m->metric_units ? m->metric_units[k] : NULL;
        }
    return NULL;
}

/* Every module declares a unit per metric (or none: a count, a ratio), each a unit JSON's schema
 * knows; the context's and the measures' are declared in csv_columns.h. The units a reader of
 * the JSON relies on, spot-checked by name. */
static void test_units_declared(void)
{
    static const char allowed[] = "|ns|us|ms|s|1/s|%|KiB|Hz|MHz|ppm|Mbit/s|";
    static const struct { const char *module, *metric, *unit; } want[] = {
        { "sockloop", "lat_p99_us", "us" }, { "sendmsg", "typical_ns", "ns" }, { "idle", "idle_periods_per_s", "1/s" },
        { "idle", "idle_periods_per_move", NULL }, { "sockloop", "receiver_busy_us_per_pkt", "us" },
        { "calibrate", "duty_cpu_pct_busy", "%" }, { "calibrate", "sleep1_ms_p99_1ms", "ms" },
        { "calibrate", "drift_tick_ppm", "ppm" }, { "sockloop", "mbit_in", "Mbit/s" }, { "sockloop", "send_rate", "1/s" },
        { "sockloop", "received", NULL }, { "wakeup", "late_p99_us", "us" }, { "sendmsg", "floors_s", "s" },
    };
    size_t i;
    int k, m;
    for (m = 0; wb_modules[m]; m++) {
        const wb_module *mod = wb_modules[m];
        for (k = 0; mod->metric_names && mod->metric_names[k]; k++) {
            const char *u = mod->metric_units ? mod->metric_units[k] : NULL;
            char bar[24];
            snprintf(bar, sizeof bar, "|%s|", u ? u : "");
            ok(mod->metric_units != NULL, "%s: no metric_units", mod->name);
            ok(u == NULL || strstr(allowed, bar) != NULL, "%s.%s: unit %s is none JSON knows", mod->name,
               mod->metric_names[k], u);
        }
    }
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        int found;
        const char *u = declared_unit(want[i].module, want[i].metric, &found);
        ok(found && (want[i].unit ? u && strcmp(u, want[i].unit) == 0 : u == NULL), "%s.%s: %s, expected %s",
           want[i].module, want[i].metric, u ? u : "none", want[i].unit ? want[i].unit : "none");
    }
    ok(strcmp(wb_context_types[WB_COL_QPC_HZ].unit, "Hz") == 0 && wb_context_types[WB_COL_OS_BUILD].unit == NULL &&
           wb_context_types[WB_COL_OS_BUILD].number && !wb_context_types[WB_COL_OS_VERSION].number &&
           wb_context_types[WB_COL_TIMESTAMP_UTC].per_row && !wb_context_types[WB_COL_RUN_ID].per_row &&
           strcmp(wb_measure_types[WB_COL_OPS_PER_S].unit, "1/s") == 0 && wb_measure_types[WB_COL_RATE_CV].unit == NULL,
       "the context's and the measures' declarations");
}

static const wbt_case cases[] = {
    { "units_declared", test_units_declared, 0 },
    { "real_tables", test_real_tables, 0 },
    { "limits", test_limits, 0 },
    { "spec_columns", test_spec_columns, 0 },
    { "sockloop_compare", test_sockloop_compare, 0 },
    { "sockloop_loads_and_loss", test_sockloop_loads_and_loss, 0 },
    { "sockloop_close_loads", test_sockloop_close_loads, 0 },
    { "sockloop_offered_load", test_sockloop_offered_load, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

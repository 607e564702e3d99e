/* Every benchmark winbench knows, listed once (libuv's benchmark-list.h idea). */
#include <stdio.h>
#include <string.h>
#include "wb_module.h"

extern const wb_module wb_sendmsg_module;
extern const wb_module wb_idle_module;
extern const wb_module wb_sockloop_module;
extern const wb_module wb_calibrate_module;
extern const wb_module wb_wakeup_module;
extern const wb_module wb_stalls_module;

const wb_module *const wb_modules[] = {
    &wb_sendmsg_module,
    &wb_idle_module,
    &wb_sockloop_module,
    &wb_calibrate_module,
    &wb_wakeup_module,
    &wb_stalls_module,
    NULL
};

const wb_module *wb_module_find(const char *name)
{
    int i;
    for (i = 0; wb_modules[i]; i++)
        if (strcmp(wb_modules[i]->name, name) == 0) return wb_modules[i];
    return NULL;
}

static unsigned count_names(const char *const *names)
{
    unsigned n = 0;
    while (names && names[n]) n++;
    return n;
}

unsigned wb_module_metric_count(const wb_module *m) { return count_names(m->metric_names); }
static unsigned fact_count(const wb_module *m) { return count_names(m->fact_names); }

int wb_module_check_limits(const wb_module *m, char *err, size_t cap)
{
    unsigned metrics = wb_module_metric_count(m), facts = fact_count(m);
    if (metrics > WB_MAX_METRICS) {
        snprintf(err, cap, "%s has %u metric columns; WB_MAX_METRICS holds %u", m->name, metrics, WB_MAX_METRICS);
        return -1;
    }
    if (count_names(m->verdict_names) > WB_MAX_FACTS) {
        snprintf(err, cap, "%s has %u verdict columns; WB_MAX_FACTS holds %u", m->name, count_names(m->verdict_names),
                 WB_MAX_FACTS);
        return -1;
    }
    if (facts > WB_MAX_FACTS) {
        snprintf(err, cap, "%s has %u fact columns; WB_MAX_FACTS holds %u", m->name, facts, WB_MAX_FACTS);
        return -1;
    }
    return 0;
}

static const char *const no_columns[] = { NULL };
static const wb_report_spec generic_report = {
    .variant_columns = no_columns,
    .metric = "ops_per_s",
    .unit = "operations/s",
    .higher_is_better = 1,
    .better = "faster",
    .worse = "slower",
};

/* report --tail: every reader of a module's report spec takes its tail's, where it has one. */
static int g_tails;

void wb_module_report_tails(int on)
{
    g_tails = on;
}

const wb_report_spec *wb_module_report(const wb_module *m)
{
    if (g_tails && m->report_tail) return m->report_tail;
    return m->report ? m->report : &generic_report;
}

const char *wb_layer_name(int layer)
{
    static const char *const names[] = { WB_LAYERS(WB_LIST_NAME) NULL };
    return layer >= 0 && layer < WB_LAYER_COUNT ? names[layer] : "";
}

/* The value text of the option whose column is `column`, in config; 0 when none has it. */
static int column_value(const wb_module *m, const void *config, const char *column, char *buf, size_t cap)
{
    const wb_option *o;
    char name[64];
    for (o = m->options; o && o->name; o++)
        if (strcmp(wb_option_column(o, name, sizeof name), column) == 0) {
            wb_option_value_text(o, config, buf, cap);
            return 1;
        }
    return 0;
}

const char *wb_module_varying_column(const wb_module *m, int n, const void *const *variants, char *first_value, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    const char *first = NULL;
    int c, i;
    for (c = 0; spec->variant_columns[c]; c++) {
        char one[256], other[256];
        int varies = 0;
        if (!column_value(m, variants[0], spec->variant_columns[c], one, sizeof one)) continue;
        for (i = 1; i < n && !varies; i++)
            varies = column_value(m, variants[i], spec->variant_columns[c], other, sizeof other) && strcmp(one, other) != 0;
        if (!varies) continue;
        if (spec->natural_column && strcmp(spec->natural_column, spec->variant_columns[c]) == 0) first = NULL;
        if (first == NULL) {
            first = spec->variant_columns[c];
            snprintf(first_value, cap, "%s", one);
        }
        if (first == spec->natural_column) break;
    }
    return first;
}

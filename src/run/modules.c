/* Every benchmark winbench knows, listed once (libuv's benchmark-list.h idea). */
#include <stdio.h>
#include <string.h>
#include "wb_module.h"
#include "core/csv_columns.h"

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

const wb_report_spec *wb_module_report(const wb_module *m)
{
    return m->report ? m->report : &generic_report;
}

static void each_name(const char *const *names, void (*each)(void *, const char *), void *arg)
{
    int i;
    for (i = 0; names && names[i]; i++) each(arg, names[i]);
}

typedef struct name_walk {
    void (*each)(void *arg, const char *name);
    void *arg;
} name_walk;

static int option_name(void *arg, const wb_option *o, const void *config)
{
    const name_walk *w = (const name_walk *)arg;
    char column[64];
    (void)config;
    w->each(w->arg, wb_option_column(o, column, sizeof column));
    return 0;
}

void wb_module_columns(const wb_module *m, void (*each)(void *arg, const char *name), void *arg)
{
    name_walk w;
    int i;
    w.each = each;
    w.arg = arg;
    for (i = 0; i < WB_LEAD_COUNT; i++) each(arg, wb_lead_columns[i]);
    wb_options_each(m->options, NULL, option_name, &w);
    each_name(m->fact_names, each, arg);
    for (i = 0; i < WB_MEASURE_COUNT; i++) each(arg, wb_measure_columns[i]);
    each_name(m->metric_names, each, arg);
    each_name(m->verdict_names, each, arg);
    each(arg, WB_WARNINGS_COLUMN);
    for (i = 0; i < WB_CONTEXT_COUNT; i++) each(arg, wb_context_columns[i]);
}

const char *wb_layer_name(int layer)
{
    static const char *const names[] = { WB_LAYERS(WB_LIST_NAME) NULL };
    return layer >= 0 && layer < WB_LAYER_COUNT ? names[layer] : "";
}

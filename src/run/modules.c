/* Every benchmark winbench knows, listed once (libuv's benchmark-list.h idea). */
#include <stdio.h>
#include <string.h>
#include "wb_module.h"

extern const wb_module wb_sendmsg_module;
extern const wb_module wb_idle_module;
extern const wb_module wb_sockloop_module;
extern const wb_module wb_calibrate_module;

const wb_module *const wb_modules[] = {
    &wb_sendmsg_module,
    &wb_idle_module,
    &wb_sockloop_module,
    &wb_calibrate_module,
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
unsigned wb_module_fact_count(const wb_module *m) { return count_names(m->fact_names); }

int wb_module_check_limits(const wb_module *m, char *err, size_t cap)
{
    unsigned metrics = wb_module_metric_count(m), facts = wb_module_fact_count(m);
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

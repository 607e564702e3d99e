/* Every real option table (the common one, each module's, and the common one as each module
 * sees it): defaults parse, help names every option with its default. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wb_module.h"
#include "wb_options.h"
#include "run/wb_runner.h"
#include "wbtest.h"

/* Every real table: defaults parse, and help names every option with its default. */
static void check_real_table(const char *owner, const wb_option *t, size_t config_size)
{
    void *config = calloc(1, config_size);
    wb_option_set set;
    char err[256] = "";
    size_t need = wb_options_help(t, NULL, 0);
    char *text = (char *)malloc(need + 1);
    const wb_option *o;
    set.table = t;
    set.config = config;
    ok(wb_options_defaults(&set, 1, err, sizeof err) == 0, "%s: a default does not parse: %s", owner, err);
    wb_options_help(t, text, need + 1);
    for (o = t; o->name; o++) {
        char want[128];
        ok(o->help && o->help[0], "%s --%s has no help", owner, o->name);
        snprintf(want, sizeof want, "  --%s", o->name);
        ok(strstr(text, want) != NULL, "%s help lacks --%s", owner, o->name);
        if (o->def && o->type != WB_OPT_FLAG) {
            snprintf(want, sizeof want, "(default %s)", o->def);
            ok(strstr(text, want) != NULL, "%s help lacks the default of --%s", owner, o->name);
        }
    }
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

static const wbt_case cases[] = {
    { "real_tables", test_real_tables },
    { "limits", test_limits },
    { NULL, NULL }
};
WBT_MAIN(cases)

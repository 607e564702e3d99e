/* How `winbench all` ends: the answers its own CSVs give (`report --answers` on them: on one
 * machine, each benchmark's natural variants compared, one line per comparison), then where
 * this machine's time goes, one line per benchmark: each layer's share of the operation, least
 * to most over the benchmark's runs. The runs' whole parts lines are in their CSVs and in
 * `winbench report`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "report/report.h"
#include "wb_console.h"

void wb_suite_end_add(wb_suite_end *e, const char *bench, const char *csv, const wb_run_outcome *o)
{
    int b, k;
    if (e->npaths < WB_SUITE_MAX_RUNS && (e->paths[e->npaths] = (char *)malloc(strlen(csv) + 1)) != NULL)
        strcpy(e->paths[e->npaths++], csv);
    if (o == NULL || o->split == 0) return;
    for (b = 0; b < e->nbenches && strcmp(e->benches[b].bench, bench) != 0; b++) {}
    if (b == e->nbenches) {
        if (b == WB_SUITE_MAX_BENCHES) return;
        memset(&e->benches[b], 0, sizeof e->benches[b]);
        e->benches[b].bench = bench;
        e->nbenches++;
    }
    for (k = 0; k < WB_LAYER_COUNT; k++) {
        if (e->benches[b].variants == 0 || o->share_least[k] < e->benches[b].least[k]) e->benches[b].least[k] = o->share_least[k];
        if (e->benches[b].variants == 0 || o->share_most[k] > e->benches[b].most[k]) e->benches[b].most[k] = o->share_most[k];
    }
    e->benches[b].variants += o->split;
}

/* "sendmsg (12 variants): of a SendMessage, your code 0-62%, the API 38-100%, the OS 0-45%" */
static void print_bench(const wb_suite_end *e, int b)
{
    static const int order[WB_LAYER_COUNT] = { WB_LAYER_CODE, WB_LAYER_API, WB_LAYER_OS, WB_LAYER_MACHINE };
    const wb_module *m = wb_module_find(e->benches[b].bench);
    int i, first = 1;
    if (m == NULL) return;
    wb_printf("  %s (%d variant%s): of %s,", m->name, e->benches[b].variants, e->benches[b].variants == 1 ? "" : "s",
              wb_module_report(m)->split.headline_name ? wb_module_report(m)->split.headline_name
                                                       : wb_module_report(m)->split.whole_name);
    for (i = 0; i < WB_LAYER_COUNT; i++) {
        double lo = 100.0 * e->benches[b].least[order[i]], hi = 100.0 * e->benches[b].most[order[i]];
        if (hi < 0.5) continue;   /* a layer none of its parts belongs to */
        if (hi - lo < 1.0) wb_printf("%s %s %.0f%%", first ? "" : ",", wb_layer_name(order[i]), hi);
        else wb_printf("%s %s %.0f-%.0f%%", first ? "" : ",", wb_layer_name(order[i]), lo, hi);
        first = 0;
    }
    wb_printf("\n");
}

void wb_suite_end_print(wb_suite_end *e, const char *out)
{
    int b;
    if (e->npaths > 0) {   /* report's own answers, on this suite's files alone */
        char *args[WB_SUITE_MAX_RUNS + 1];
        int n;
        for (n = 0; n < e->npaths; n++) args[n] = e->paths[n];
        args[n++] = (char *)"--answers";
        fflush(stdout);
        wb_report(n, args);
        fflush(stdout);
    }
    if (e->nbenches > 0) {
        wb_printf("where this machine's time goes (each layer's share, least to most over the variants; each run's "
                  "parts: winbench report %s):\n", out);
        for (b = 0; b < e->nbenches; b++) print_bench(e, b);
    }
    for (b = 0; b < e->npaths; b++) free(e->paths[b]);
    e->npaths = 0;
}

/* What a run hands back to its caller (wb_run_outcome, wb_runner.h): the last variant's
 * verdicts, each variant's parts line and layer shares, the run in a line for `winbench all`,
 * and what its variants are compared on. Presentation for the caller, made from the variants'
 * summaries once the run is done. */
#include <stdio.h>
#include <string.h>

#include "outcome.h"
#include "modules.h"
#include "parts_text.h"
#include "wb_units.h"

/* One variant in a few words: its parts' whole ("a SendMessage 359.7 ns"), else its report
 * metric ("180.7"; its unit is the caller's to say); with its layers' shares when alone (": your
 * code 42%, the API 58%"). The length written. */
static size_t variant_headline(const wb_module *m, const double *metrics, int alone, char *out, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    static const int order[WB_LAYER_COUNT] = { WB_LAYER_CODE, WB_LAYER_API, WB_LAYER_OS, WB_LAYER_MACHINE };
    int w = wb_metric_index(m, spec->split.whole), k, first = 1;
    double shares[WB_LAYER_COUNT], whole = wb_split_headline(m, metrics);
    const char *name = spec->split.headline_name;
    char value[32];
    size_t used;
    if (whole != whole && w >= 0) whole = metrics[w], name = spec->split.whole_name;
    if (whole == whole) {
        wb_format_duration(whole * wb_parts_unit_seconds(spec->split.unit), value, sizeof value);
        if (alone) used = (size_t)snprintf(out, cap, "%s %s", name, value);
        else used = (size_t)snprintf(out, cap, "%s", value);
    } else if ((w = wb_metric_index(m, spec->metric)) >= 0 && metrics[w] == metrics[w]) {
        used = (size_t)snprintf(out, cap, "%s", wb_format_number(metrics[w], value, sizeof value));
        return used < cap ? used : cap;
    } else return 0;
    if (alone && wb_parts_layer_shares(m, metrics, shares) == 0)
        for (k = 0; k < WB_LAYER_COUNT && used < cap; k++)
            if (shares[order[k]] >= 0.005) {
                used += (size_t)snprintf(out + used, cap - used, "%s %s %.0f%%", first ? ":" : ",", wb_layer_name(order[k]),
                                         100.0 * shares[order[k]]);
                first = 0;
            }
    return used < cap ? used : cap;
}

/* The run in a line (the caller's, with outcome->brief): its verdicts where it gives some
 * (calibrate's "cal_clock=ok;..."); else its variant's headline, or each variant's named and
 * the unit once ("select 114.4 us, wsapoll 113.3 us (the receiver's busy time per packet)"). */
static void fill_headline(wb_run_outcome *o, const wb_module *m, int n, void *const *variants, double *const *medians)
{
    const wb_report_spec *spec = wb_module_report(m);
    char *out = o->headline, name[64];
    size_t used = 0, cap = sizeof o->headline;
    int i;
    if (o->verdicts[0]) {
        snprintf(out, cap, "%s", o->verdicts);
        return;
    }
    for (i = 0; i < n && used + 1 < cap; i++) {
        size_t before = used;
        name[0] = '\0';
        if (n > 1 && m->variant_name) m->variant_name(variants[i], name, sizeof name);
        if (n > 1) used += (size_t)snprintf(out + used, cap - used, "%s%s ", used ? ", " : "", name);
        if (used >= cap) break;
        if (variant_headline(m, medians[i], n == 1, out + used, cap - used) == 0) used = before, out[used] = '\0';
        else used += strlen(out + used);
    }
    if (used > 0 && used + 1 < cap && (n > 1 || spec->split.parts == NULL))
        snprintf(out + used, cap - used, " (%s)", spec->split.headline_name ? spec->split.headline_name
                                                  : spec->split.parts ? spec->split.whole_name : spec->unit);
}

void wb_outcome_fill(wb_run_outcome *o, const wb_module *m, int n, void *const *variants, double *const *medians,
                     unsigned last_reps)
{
    int i;
    char value[96];
    const char *column;
    if (n > 0 && m->verdicts && last_reps > 0) {
        const char *values[WB_MAX_FACTS] = { NULL };
        size_t used = 0;
        m->verdicts(medians[n - 1], values);
        for (i = 0; m->verdict_names[i] && used + 1 < sizeof o->verdicts; i++)
            used += (size_t)snprintf(o->verdicts + used, sizeof o->verdicts - used, "%s%s=%s", i ? ";" : "",
                                     m->verdict_names[i], values[i] ? values[i] : "");
    }
    o->split = 0;
    for (i = 0; i < n; i++) {   /* each layer's share, least and most over the variants */
        double shares[WB_LAYER_COUNT];
        int k;
        if (wb_parts_layer_shares(m, medians[i], shares) != 0) continue;
        for (k = 0; k < WB_LAYER_COUNT; k++) {
            if (o->split == 0 || shares[k] < o->share_least[k]) o->share_least[k] = shares[k];
            if (o->split == 0 || shares[k] > o->share_most[k]) o->share_most[k] = shares[k];
        }
        o->split++;
    }
    fill_headline(o, m, n, variants, medians);
    {
        size_t used = 0;
        for (i = 0; i < n && used + 1 < sizeof o->parts; i++) {
            char line[1024], name[64] = "";
            if (wb_parts_line(m, medians[i], line, sizeof line) != 0) continue;
            if (m->variant_name && m->expand) m->variant_name(variants[i], name, sizeof name);
            used += (size_t)snprintf(o->parts + used, sizeof o->parts - used, "%s%s%s\n", name, name[0] ? ": " : "", line);
        }
    }
    /* what its variants are compared on, and with: the column they differ in, the first's value */
    column = n > 1 ? wb_module_varying_column(m, n, (const void *const *)variants, value, sizeof value) : NULL;
    if (column) snprintf(o->compare, sizeof o->compare, "%s=%s", column, value);
}

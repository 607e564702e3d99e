/* One line of an operation's parts (parts_text.h). */
#include "parts_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wb_units.h"

int wb_metric_index(const wb_module *m, const char *column)
{
    int k;
    for (k = 0; column && m->metric_names && m->metric_names[k]; k++)
        if (strcmp(m->metric_names[k], column) == 0) return k;
    return -1;
}

double wb_parts_unit_seconds(const char *unit)
{
    if (unit && strcmp(unit, "us") == 0) return 1e-6;
    if (unit && strcmp(unit, "ms") == 0) return 1e-3;
    if (unit && strcmp(unit, "s") == 0) return 1.0;
    return 1e-9;
}

/* "name 283 ns (layer)" for each part of the list that has a value, joined by sep. */
static size_t list_text(const wb_module *m, const wb_part *list, const double *metrics, const char *sep, char *buf,
                        size_t cap)
{
    const double unit = wb_parts_unit_seconds(wb_module_report(m)->split.unit);
    size_t used = 0;
    int k, shown = 0;
    for (k = 0; list && list[k].column && used < cap; k++) {
        int i = wb_metric_index(m, list[k].column), j = list[k].difference ? wb_metric_index(m, list[k].pm_column) : -1;
        double pm = j >= 0 ? metrics[j] : NAN;
        char mag[32], width[32];
        if (i < 0 || metrics[i] != metrics[i]) continue;   /* not in this configuration */
        if (metrics[i] == 0 && !(pm > 0) && list[k].pm_column) continue;   /* a part that runs no code here */
        wb_format_duration(metrics[i] * unit, mag, sizeof mag);
        /* a difference no larger than its interval's half-width cannot be told from zero (a time
         * measured directly is never zero, however wide its interval) */
        if (pm > 0 && metrics[i] <= pm) wb_format_duration(pm * unit, width, sizeof width);
        if (pm > 0 && metrics[i] <= pm) snprintf(mag, sizeof mag, "~0 (+-%s)", width);
        used += (size_t)snprintf(buf + used, cap - used, "%s%s %s (%s)", shown++ ? sep : "", list[k].name, mag,
                                 wb_layer_name(list[k].layer));
    }
    return used < cap ? used : cap;
}

int wb_parts_line(const wb_module *m, const double *metrics, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    size_t used;
    if (cap == 0) return -1;
    buf[0] = '\0';
    if (spec->split.parts == NULL) return -1;
    {   /* the whole they add up to first: "each" on the line above may be another figure (the
         * loop's time per operation, where the whole is timed beside it in rounds) */
        int w = wb_metric_index(m, spec->split.whole);
        char whole[32];
        if (w >= 0 && metrics[w] == metrics[w])
            used = (size_t)snprintf(buf, cap, "parts of %s (%s in all): ", spec->split.whole_name,
                                    wb_format_duration(metrics[w] * wb_parts_unit_seconds(spec->split.unit), whole,
                                                       sizeof whole));
        else used = (size_t)snprintf(buf, cap, "parts of %s: ", spec->split.whole_name);
    }
    if (used >= cap) return -1;
    {
        size_t before = used;
        used += list_text(m, spec->split.parts, metrics, " + ", buf + used, cap - used);
        if (used == before) {   /* no part measured: nothing to say */
            buf[0] = '\0';
            return -1;
        }
    }
    if (used + 10 < cap && spec->split.floors) {
        size_t before = used;
        used += (size_t)snprintf(buf + used, cap - used, "; floors: ");
        if (used < cap && list_text(m, spec->split.floors, metrics, ", ", buf + used, cap - used) == 0) buf[before] = '\0';
    }
    return 0;
}

int wb_parts_layer_shares(const wb_module *m, const double *metrics, double shares[WB_LAYER_COUNT])
{
    const wb_report_spec *spec = wb_module_report(m);
    int k, w = wb_metric_index(m, spec->split.whole), any = 0;
    for (k = 0; k < WB_LAYER_COUNT; k++) shares[k] = 0;
    if (spec->split.parts == NULL || w < 0 || !(metrics[w] > 0)) return -1;
    for (k = 0; spec->split.parts[k].column; k++) {
        int i = wb_metric_index(m, spec->split.parts[k].column);
        if (i < 0 || metrics[i] != metrics[i] || spec->split.parts[k].layer < 0 || spec->split.parts[k].layer >= WB_LAYER_COUNT) continue;
        shares[spec->split.parts[k].layer] += metrics[i] / metrics[w];
        any = 1;
    }
    return any ? 0 : -1;
}

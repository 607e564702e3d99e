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

/* "name 283 ns (layer)" for each part of the list that has a value, joined by sep; beside: only
 * the list's parts whose beside is that (-1: all). */
static size_t list_text(const wb_module *m, const wb_part *list, int beside, const double *metrics, const char *sep,
                        char *buf, size_t cap)
{
    const double unit = wb_parts_unit_seconds(wb_module_report(m)->split.unit);
    size_t used = 0;
    int k, shown = 0;
    for (k = 0; list && list[k].column && used < cap; k++) {
        int i = wb_metric_index(m, list[k].column), j = list[k].difference ? wb_metric_index(m, list[k].pm_column) : -1;
        double pm = j >= 0 ? metrics[j] : NAN;
        char mag[32], width[32];
        if (beside >= 0 && list[k].beside != beside) continue;
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

/* A metric of the row by column name: NaN where the module has no such metric. */
static double metric_of(const wb_module *m, const double *metrics, const char *column)
{
    int i = wb_metric_index(m, column);
    return i >= 0 ? metrics[i] : NAN;
}

double wb_split_headline(const wb_module *m, const double *metrics)
{
    const wb_report_spec *spec = wb_module_report(m);
    double h = metric_of(m, metrics, spec->split.headline);
    /* a common column (ns_per_op) is not among the module's: the pace and the machine add up to it */
    if (h != h && spec->split.pace && spec->split.machine)
        h = metric_of(m, metrics, spec->split.pace) + metric_of(m, metrics, spec->split.machine->column);
    return h;
}

/* "a SendMessage 507.4 ns = the loop's pace 478.0 ns + time the loop did not run 29.4 ns (the
 * machine); " where the module splits its headline so. The length written. */
static size_t headline_text(const wb_module *m, const double *metrics, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    const double unit = wb_parts_unit_seconds(spec->split.unit), h = wb_split_headline(m, metrics);
    double machine = spec->split.machine ? metric_of(m, metrics, spec->split.machine->column) : NAN;
    double pace = metric_of(m, metrics, spec->split.pace);
    char a[32], b[32], c[32];
    int n;
    if (h != h || machine != machine) return 0;
    wb_format_duration(h * unit, a, sizeof a);
    wb_format_duration(machine * unit, c, sizeof c);
    if (pace == pace)
        n = snprintf(buf, cap, "%s %s = the loop's pace %s + %s %s (%s); ", spec->split.headline_name, a,
                     wb_format_duration(pace * unit, b, sizeof b), spec->split.machine->name, c,
                     wb_layer_name(spec->split.machine->layer));
    else
        n = snprintf(buf, cap, "%s %s, of which %s %s (%s); ", spec->split.headline_name, a, spec->split.machine->name, c,
                     wb_layer_name(spec->split.machine->layer));
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

int wb_parts_line(const wb_module *m, const double *metrics, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(m);
    size_t used;
    if (cap == 0) return -1;
    buf[0] = '\0';
    if (spec->split.parts == NULL) return -1;
    used = headline_text(m, metrics, buf, cap);
    {   /* the whole they add up to first: "each" on the line above may be another figure (the
         * loop's time per operation, where the whole is timed beside it in rounds) */
        int w = wb_metric_index(m, spec->split.whole);
        char whole[32];
        if (w >= 0 && metrics[w] == metrics[w])
            used += (size_t)snprintf(buf + used, cap - used, "parts of %s (%s in all%s): ", spec->split.whole_name,
                                     wb_format_duration(metrics[w] * wb_parts_unit_seconds(spec->split.unit), whole,
                                                        sizeof whole), spec->split.pace ? ", timed beside the loop" : "");
        else used += (size_t)snprintf(buf + used, cap - used, "parts of %s: ", spec->split.whole_name);
    }
    if (used >= cap) return -1;
    {
        size_t before = used;
        used += list_text(m, spec->split.parts, -1, metrics, " + ", buf + used, cap - used);
        if (used == before) {   /* no part measured: nothing to say */
            buf[0] = '\0';
            return -1;
        }
    }
    {   /* the floors, then the figures of another whole (wb_part.beside), each list where it has one */
        static const char *const heads[] = { "; floors: ", "; beside: " };
        int beside;
        for (beside = 0; beside < 2 && spec->split.floors && used + 10 < cap; beside++) {
            size_t before = used, n;
            used += (size_t)snprintf(buf + used, cap - used, "%s", heads[beside]);
            n = used < cap ? list_text(m, spec->split.floors, beside, metrics, ", ", buf + used, cap - used) : 0;
            if (n == 0) buf[before] = '\0', used = before;
            else used += n;
        }
    }
    return 0;
}

/* Of the headline where the module splits it: the machine's share is its time over the
 * headline, and the code's layers share the rest (the pace) as the parts share the call itself
 * timed beside the loop, so that a row's shares add up to 100% where the call itself and the
 * loop's pace differ by the machine's speed between the two (report splits a comparison
 * without this scaling, and names what is unexplained). Else of the parts' whole. A row whose
 * parts do not add up (add_up 0) has no shares to give. */
int wb_parts_layer_shares(const wb_module *m, const double *metrics, double shares[WB_LAYER_COUNT])
{
    const wb_report_spec *spec = wb_module_report(m);
    const double headline = wb_split_headline(m, metrics), call = metric_of(m, metrics, spec->split.whole);
    double machine = spec->split.machine ? metric_of(m, metrics, spec->split.machine->column) : NAN, scale, x;
    int k, any = 0;
    for (k = 0; k < WB_LAYER_COUNT; k++) shares[k] = 0;
    if (spec->split.parts == NULL || !(call > 0) || metric_of(m, metrics, spec->split.add_up) == 0) return -1;
    if (headline > 0 && machine == machine) scale = (headline - machine) / headline / call;
    else scale = 1 / call, machine = NAN;
    for (k = 0; spec->split.parts[k].column; k++) {
        const int layer = spec->split.parts[k].layer;
        x = metric_of(m, metrics, spec->split.parts[k].column);
        if (x != x || layer < 0 || layer >= WB_LAYER_COUNT) continue;
        shares[layer] += x * scale;
        any = 1;
    }
    if (any && machine == machine) shares[spec->split.machine->layer] += machine / headline;
    return any ? 0 : -1;
}

/* The report's table pivoted, for a lab: a configuration per row, a machine per column, each cell
 * the configuration's median on that machine, marked `*` where it differs from the baseline
 * machine's with p < 0.05: the table people paste into a sheet, and one that stays readable at 32
 * machines where a row per configuration and machine would run to thousands. The comparisons'
 * sentences, ratios and p-values stay in the long form (--csv, --json). */
#include "report_render.h"
#include "report_words.h"

#include <stdlib.h>
#include <string.h>

#include "report_svg.h"
#include "wb_console.h"

int rp_pivot_wanted(const rp_report *r)
{
    return r->nmachines > RP_PIVOT_MACHINES;
}

enum { CELL = 256 };

/* The rows: each first group of a module's configuration (the groups are in table order:
 * module, configuration, machine). */
static int starts_row(const rp_report *r, size_t i)
{
    return i == 0 || r->groups[i].m != r->groups[i - 1].m || r->groups[i].order != r->groups[i - 1].order;
}

/* A row's label: benchmark, configuration (shortened for the console) and unit. */
static void row_label(const rp_report *r, const rp_group *g, int tsv, char *buf, size_t cap)
{
    char config[CELL], median[CELL], unit[CELL];
    rp_short_variant(r, g, config, CELL);
    rp_median_for_people(g, median, unit, CELL);
    snprintf(buf, cap, "%s%s%s%s%s", g->m->name, tsv ? "\t" : " ", tsv ? g->variant : config, tsv ? "\t" : ", ", unit);
}

static void cell_of(const rp_report *r, const rp_group *g, int tsv, char *buf, size_t cap)
{
    char median[CELL], unit[CELL];
    (void)r;
    rp_median_for_people(g, median, unit, CELL);
    snprintf(buf, cap, "%s%s", median, g->significance == RP_SIG_YES ? "*" : "");
    if (tsv && g->median == g->median) snprintf(buf, cap, "%.10g%s", g->median, g->significance == RP_SIG_YES ? "*" : "");
}

void rp_write_pivot_html(const rp_report *r, FILE *f, const wb_module *m)
{
    size_t i, j, k, mach;
    char buf[CELL * 2], name[CELL];
    wb_fputs("<table class=\"pivot\">\n<tr><th>configuration (the median; * differs from the baseline, p &lt; 0.05)</th>", f);
    for (mach = 0; mach < r->nmachines; mach++) {
        wb_fputs("<th>", f);
        rp_svg_text(f, rp_machine_name(r, (int)mach, name, sizeof name));
        wb_fputs("</th>", f);
    }
    wb_fputs("</tr>\n", f);
    for (i = 0; i < r->ngroups; i = j) {
        for (j = i + 1; j < r->ngroups && !starts_row(r, j); j++) {}
        if (r->groups[i].m != m) continue;
        row_label(r, &r->groups[i], 0, buf, sizeof buf);
        wb_fputs("<tr><td>", f);
        rp_svg_text(f, buf + strlen(m->name) + 1);   /* the module is the section's */
        wb_fputs("</td>", f);
        for (mach = 0; mach < r->nmachines; mach++) {
            buf[0] = '\0';
            for (k = i; k < j; k++)
                if (r->groups[k].machine == (int)mach) cell_of(r, &r->groups[k], 0, buf, sizeof buf);
            wb_fputs("<td class=\"num\">", f);
            rp_svg_text(f, buf);
            wb_fputs("</td>", f);
        }
        wb_fputs("</tr>\n", f);
    }
    wb_fputs("</table>\n", f);
}

int rp_write_pivot(const rp_report *r, FILE *f, int tsv)
{
    size_t m, i, j, label_w = 0, *widths = (size_t *)calloc(r->nmachines, sizeof *widths);
    char buf[CELL * 2], name[CELL];
    if (widths == NULL) return -1;
    /* the columns' widths: a machine's name or its widest cell */
    for (m = 0; m < r->nmachines; m++) widths[m] = strlen(rp_machine_name(r, (int)m, name, sizeof name));
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (starts_row(r, i)) {
            row_label(r, g, tsv, buf, sizeof buf);
            if (strlen(buf) > label_w) label_w = strlen(buf);
        }
        cell_of(r, g, tsv, buf, sizeof buf);
        if (strlen(buf) > widths[g->machine]) widths[g->machine] = strlen(buf);
    }
    if (tsv) wb_fprintf(f, "benchmark\tconfiguration\tunit");
    else wb_fprintf(f, "%-*s", (int)label_w, "configuration (the median; * differs from the baseline, p < 0.05)");
    for (m = 0; m < r->nmachines; m++) {
        rp_machine_name(r, (int)m, name, sizeof name);
        if (tsv) wb_fprintf(f, "\t%s", name);
        else wb_fprintf(f, "  %*s", (int)widths[m], name);
    }
    wb_fprintf(f, tsv ? "\r\n" : "\n");
    for (i = 0; i < r->ngroups; i = j) {
        row_label(r, &r->groups[i], tsv, buf, sizeof buf);
        if (tsv) wb_fprintf(f, "%s", buf);
        else wb_fprintf(f, "%-*s", (int)label_w, buf);
        for (j = i; j < r->ngroups && (j == i || !starts_row(r, j)); j++) {}
        for (m = 0; m < r->nmachines; m++) {
            size_t k;
            buf[0] = '\0';
            for (k = i; k < j; k++)
                if (r->groups[k].machine == (int)m) cell_of(r, &r->groups[k], tsv, buf, sizeof buf);
            if (tsv) wb_fprintf(f, "\t%s", buf);
            else wb_fprintf(f, "  %*s", (int)widths[m], buf);
        }
        wb_fprintf(f, tsv ? "\r\n" : "\n");
    }
    if (!tsv)
        wb_fprintf(f, "%lu machines: a configuration per row, a machine per column (the comparisons in full: --csv or "
                   "--json)\n", (unsigned long)r->nmachines);
    free(widths);
    return ferror(f) ? -1 : 0;
}

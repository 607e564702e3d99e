/* `winbench report --html`: one self-contained file (no script, font or network), with the
 * machines' context, the comparison table and each benchmark's inline SVG charts
 * (report_charts.c). */
#include <string.h>

#include "report_render.h"
#include "report_words.h"
#include "report_svg.h"
#include "wb_units.h"
#include "wb_console.h"

/* A number cell as people read it (wb_format_number: no exponents), empty for NaN (never "nan"). */
static void number_cell(FILE *f, double v)
{
    char text[64];
    wb_fprintf(f, "<td>%s</td>", wb_format_number(v, text, sizeof text));
}

static void cell(FILE *f, const char *text)
{
    wb_fputs("<td>", f);
    rp_svg_text(f, text);
    wb_fputs("</td>", f);
}

/* The machines, a row each: its colour, its name, and the context columns flagged WB_SHOWN
 * (csv_columns.h), a label's columns in one cell ("OS"). */
static void machines_table(FILE *f, const rp_report *r)
{
    size_t i;
    int k;
    char name[128], text[400];
    wb_fputs("<th>machine</th>", f);
    for (k = 0; k < WB_CONTEXT_COUNT; k++)
        if (rp_machine_shown_column(k)) wb_fprintf(f, "<th>%s</th>", wb_context_types[k].label);
    wb_fputs("</tr>\n", f);
    for (i = 0; i < r->nmachines; i++) {
        wb_fprintf(f, "<tr><td><span style=\"color:%s\">&#9632;</span> ", rp_svg_colour((int)i));
        rp_svg_text(f, rp_machine_name(r, (int)i, name, sizeof name));
        wb_fputs("</td>", f);
        for (k = 0; k < WB_CONTEXT_COUNT; k++)
            if (rp_machine_shown_column(k)) cell(f, rp_machine_fact(&r->machines[i], k, text, sizeof text));
        wb_fputs("</tr>\n", f);
    }
    wb_fputs("</table>\n", f);
}

int rp_write_html(const rp_report *r, FILE *f)
{
    size_t i;
    int b, pooled;
    char name[128], text[256], base[128], note[96];
    wb_fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>winbench report</title>\n"
          "<style>\nbody{font-family:'Segoe UI',Arial,sans-serif;margin:24px;color:#222}\n"
          "table{border-collapse:collapse;margin:8px 0}\ntd,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}\n"
          "th{background:#f2f2f2}\nfigure{margin:12px 0}\nsvg text{font-size:12px;fill:#222}\n"
          ".grid{stroke:#e3e3e3}\n.axis{stroke:#444}\n.whisker{stroke:#111;stroke-width:1.5;fill:none}\n</style>\n</head>\n<body>\n", f);
    wb_fprintf(f, "<svg width=\"0\" height=\"0\" style=\"position:absolute\"><defs>"
          "<pattern id=\"nosig\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
          "<rect width=\"6\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
          "stroke=\"#333\" stroke-width=\"2\"/></pattern></defs></svg>\n<h1>winbench report</h1>\n<p>%lu file%s; each bar is the median over repetitions; baseline: <b>", (unsigned long)r->files_loaded,
            r->files_loaded == 1 ? "" : "s");
    rp_svg_text(f, rp_machine_name(r, r->baseline, base, sizeof base));
    {   /* how many a side the test needs to answer at all, from the test itself: 4 */
        size_t least = 1;
        while (rp_smallest_p(least, least) >= RP_ALPHA) least++;
        wb_fprintf(f, "</b>. Each comparison is checked with a two-sided Mann-Whitney U test on the repetitions; bars "
                   "whose difference it does not support (p &#8805; %.2g) are hatched and faded, and bars it cannot test "
                   "(fewer than %lu repetitions on a side) are faded. With many comparisons some will pass by chance. In "
                   "every chart a machine has one colour; a part of an operation has its layer's (your code purple, the "
                   "API teal, the OS brown).</p>\n<h2>Machines</h2>\n<table>\n<tr>", RP_ALPHA, (unsigned long)least);
    }
    machines_table(f, r);
    for (b = 0; wb_modules[b]; b++) {
        const wb_module *m = wb_modules[b];
        if (rp_first_group(r, m, -1) == NULL) continue;
        if (rp_pivot_wanted(r)) {   /* a lab: a row per configuration, a column per machine */
            wb_fprintf(f, "<h2>%s</h2>\n", m->name);
            rp_write_pivot_html(r, f, m);
            rp_write_parts_chart(f, r, m);
            rp_write_charts(f, r, m);
            continue;
        }
        wb_fprintf(f, "<h2>%s</h2>\n<table>\n<tr><th>configuration</th><th>machine</th><th>n</th><th>median (", m->name);
        rp_svg_text(f, wb_module_report(m)->unit);
        rp_svg_text(f, rp_alt_note(r, m, note, sizeof note));   /* some rows in the spec's other words */
        pooled = 0;
        for (i = 0; i < r->ngroups; i++) pooled |= r->groups[i].m == m && r->groups[i].pooled == r->groups[i].pooled;
        wb_fprintf(f, ")</th><th>min</th><th>max</th>%s%s<th>compared</th></tr>\n",
                   pooled ? "<th>every sample together</th>" : "",
                   wb_module_report(m)->traffic.loss_column ? "<th>lost</th><th>loss %</th>" : "");
        for (i = 0; i < r->ngroups; i++) {
            const rp_group *g = &r->groups[i];
            if (g->m != m) continue;
            wb_fputs("<tr>", f);
            rp_short_variant(r, g, text, sizeof text);
            cell(f, text);
            cell(f, rp_machine_name(r, g->machine, name, sizeof name));
            wb_fprintf(f, "<td>%lu</td>", (unsigned long)g->values.n);
            number_cell(f, g->median), number_cell(f, g->min), number_cell(f, g->max);
            if (pooled) number_cell(f, g->pooled);   /* the run's own figure, beside the median repetition's */
            if (wb_module_report(m)->traffic.loss_column) {   /* loss beside latency: a latency of what arrived */
                number_cell(f, rp_group_lost(g));
                number_cell(f, g->loss_pct);
            }
            rp_comparison_text(r, g, text, sizeof text);
            cell(f, text);
            wb_fputs("</tr>\n", f);
        }
        wb_fputs("</table>\n", f);
        rp_write_parts_chart(f, r, m);
        rp_write_charts(f, r, m);
    }
    wb_fputs("</body>\n</html>\n", f);
    return ferror(f) ? -1 : 0;
}

const rp_format rp_format_html = { .option = "html", .label = "HTML",
                                   .help = "write a self-contained HTML report with charts (- for stdout)",
                                   .dest = RP_DEST_FILE, .write = rp_write_html };

/* The HTML report's "where the time goes": for a module that measures its parts, one stacked bar
 * per machine and configuration, each the parts' medians as shares of their sum (0-100%, on an
 * axis), its total written at its end: a 374 ns bar and a 215 us one are both readable, where
 * on one time axis the first was a hairline. A part's colour is its layer's (your code purple,
 * the API teal, the OS brown: shades within a family), the same in every module's chart and
 * legend, and no machine's colour. Then each comparison's sentence of where its difference lies
 * and its noise. */
#include <math.h>
#include <string.h>

#include "report_parts.h"
#include "report_render.h"
#include "report_svg.h"
#include "wb_units.h"
#include "wb_console.h"

/* Each layer's family, darkest first: a part takes the next shade of its layer's. */
static const char *const layer_shades[WB_LAYER_COUNT][4] = {
    /* WB_LAYER_OS: browns */ { "#8c510a", "#bf812d", "#dfc27d", "#f6e8c3" },
    /* WB_LAYER_API: teals */ { "#01665e", "#35978f", "#80cdc1", "#c7eae5" },
    /* WB_LAYER_CODE: purples */ { "#54278f", "#756bb1", "#9e9ac8", "#cbc9e2" },
};

/* Part k's colour: a shade of its layer's family (the same layer, the same family, in every chart). */
static const char *rp_part_colour(const wb_part *parts, int k)
{
    int layer = parts[k].layer >= 0 && parts[k].layer < WB_LAYER_COUNT ? parts[k].layer : WB_LAYER_API, before = 0, i;
    for (i = 0; i < k; i++) before += parts[i].layer == parts[k].layer;
    return layer_shades[layer][before % 4];
}

static int has_parts(const rp_group *g)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    int k, n = 0;
    while (spec->split.parts && spec->split.parts[n].column) n++;
    for (k = 0; k < n; k++)
        if (g->parts[k].n > 0) return 1;
    return 0;
}

/* Under the chart: each comparison's sentence of where its difference lies, and its noise. */
static void where_list(FILE *f, const rp_report *r, const wb_module *m)
{
    size_t i;
    wb_fputs("<ul>\n", f);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        char where[1024], label[400], name[128];
        rp_where_text(g, where, sizeof where);
        if (g->m != m || !where[0]) continue;
        wb_fputs("<li>", f);
        rp_short_variant(r, g, label, sizeof label);
        rp_svg_text(f, label);
        wb_fputs(", ", f);
        rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
        wb_fputs(": ", f);
        rp_svg_text(f, where);
        rp_noise_text(g, where, sizeof where);
        if (where[0]) {
            wb_fputs("; ", f);
            rp_svg_text(f, where);
        }
        wb_fputs("</li>\n", f);
    }
    wb_fputs("</ul>\n", f);
}

/* The axis under the bars: 0, 25, 50, 75 and 100% of each bar's total, with a grid line each. */
static void share_axis(FILE *f, const rp_frame *p)
{
    int t;
    for (t = 0; t <= 4; t++) {
        double x = p->left + p->w * t / 4.0;
        wb_fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d%%</text>\n", x, p->top, x, p->top + p->h, x,
                   p->top + p->h + 14, 25 * t);
    }
}

/* One configuration's bar: the parts as shares of their sum, and the sum at the end. */
static void share_bar(FILE *f, const rp_report *r, const rp_group *g, const wb_report_spec *spec, int nparts,
                      double unit, const rp_frame *p, double y)
{
    double sum = 0, x = p->left;
    char label[400], name[128], value[32];
    int k;
    for (k = 0; k < nparts; k++) {
        double v = rp_values_median(&g->parts[k]);
        if (v > 0) sum += v;
    }
    rp_short_variant(r, g, label, sizeof label);
    wb_fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", p->left - 6, y + 16);
    rp_svg_text(f, label);
    wb_fputs(", ", f);
    rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
    wb_fputs("</text>\n", f);
    for (k = 0; k < nparts && sum > 0; k++) {
        double v = rp_values_median(&g->parts[k]), w;
        if (!(v > 0)) continue;   /* a part this configuration lacks, or a difference below zero */
        w = v / sum * p->w;
        wb_format_duration(v * unit, value, sizeof value);
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" fill=\"%s\" data-layer=\"%s\"><title>",
                   x, y + 3, w, rp_part_colour(spec->split.parts, k), wb_layer_name(spec->split.parts[k].layer));
        rp_svg_text(f, spec->split.parts[k].name);
        wb_fprintf(f, " (%s): %s, %.0f%%</title></rect>\n", wb_layer_name(spec->split.parts[k].layer), value, 100.0 * v / sum);
        x += w;
    }
    wb_format_duration(sum * unit, value, sizeof value);
    wb_fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", p->left + p->w + 6, y + 16, value);
}

void rp_write_parts_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    const double unit = !strcmp(spec->split.unit ? spec->split.unit : "", "us") ? 1e-6 : 1e-9;
    int nparts = 0, k;
    size_t i, rows = 0;
    rp_frame p;
    char title[256];
    if (spec->split.parts == NULL) return;
    while (spec->split.parts[nparts].column) nparts++;
    for (i = 0; i < r->ngroups; i++) rows += r->groups[i].m == m && has_parts(&r->groups[i]);
    if (rows == 0) return;
    p.left = 330, p.top = 40, p.w = 460, p.h = 26.0 * (double)rows;
    snprintf(title, sizeof title, "%s: where the time of %s goes (each bar: its parts' medians as %% of their sum, "
             "written at its end)", m->name, spec->split.whole_name);
    rp_frame_begin(f, p.left + p.w + 90, p.top + p.h + 50 + 18.0 * nparts, "parts", title, title, &p);
    share_axis(f, &p);
    rows = 0;
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && has_parts(&r->groups[i]))
            share_bar(f, r, &r->groups[i], spec, nparts, unit, &p, p.top + 26.0 * (double)rows++);
    rp_frame_axes(f, &p);
    for (k = 0; k < nparts; k++) {   /* the legend: each part's colour, name and layer */
        double y = p.top + p.h + 40 + 18.0 * k;
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" data-layer=\"%s\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">", p.left, y - 10, rp_part_colour(spec->split.parts, k),
                   wb_layer_name(spec->split.parts[k].layer), p.left + 18, y);
        rp_svg_text(f, spec->split.parts[k].name);
        wb_fprintf(f, " (%s)</text>\n", wb_layer_name(spec->split.parts[k].layer));
    }
    rp_frame_end(f);
    where_list(f, r, m);
}

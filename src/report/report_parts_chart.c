/* The HTML report's "where the time goes": for a module that measures its parts, one stacked bar
 * per machine and configuration, each its median repetition's whole (the headline per
 * operation where the module splits it: the table's figure) in its parts, the machine's time and
 * what they leave unexplained, as shares of the whole (0-100%, on an axis), the whole written at
 * its end: a 374 ns bar and a 215 us one are both readable, where on one time axis the first
 * was a hairline. A part's colour is its layer's (your code purple, the API teal, the OS brown,
 * the machine grey: shades within a family), the same in every module's chart and legend, and
 * no machine's colour; the unexplained rest is left white, outlined. Then each comparison's
 * sentence of where its difference lies and its noise. */
#include <math.h>
#include <string.h>

#include "report_compare.h"
#include "report_words.h"
#include "report_render.h"
#include "report_svg.h"
#include "wb_units.h"
#include "wb_console.h"

/* Each layer's family, darkest first: a part takes the next shade of its layer's. */
static const char *const layer_shades[WB_LAYER_COUNT][4] = {
    /* WB_LAYER_OS: browns */ { "#8c510a", "#bf812d", "#dfc27d", "#f6e8c3" },
    /* WB_LAYER_API: teals */ { "#01665e", "#35978f", "#80cdc1", "#c7eae5" },
    /* WB_LAYER_CODE: purples */ { "#54278f", "#756bb1", "#9e9ac8", "#cbc9e2" },
    /* WB_LAYER_MACHINE: greys */ { "#636363", "#969696", "#bdbdbd", "#d9d9d9" },
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
        rp_where_text(r, g, where, sizeof where);
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

/* One segment of a bar: its rectangle and its title. */
static double segment(FILE *f, const wb_part *part, const char *colour, double v, double whole, double unit, double x,
                      double y, const rp_frame *p)
{
    const double w = v / whole * p->w;
    char value[32];
    wb_format_duration(v * unit, value, sizeof value);
    wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" fill=\"%s\" data-layer=\"%s\"><title>",
               x, y + 3, w, colour, wb_layer_name(part->layer));
    rp_svg_text(f, part->name);
    wb_fprintf(f, " (%s): %s, %.0f%%</title></rect>\n", wb_layer_name(part->layer), value, 100.0 * v / whole);
    return x + w;
}

/* One configuration's bar: its median repetition's whole, in its parts, the machine's time and
 * the unexplained rest; the whole at the end. Parts that pass the whole (the call itself timed
 * beside the loop, slower than the loop ran) are drawn on their sum, and the end says so. */
static void share_bar(FILE *f, const rp_report *r, const rp_group *g, const wb_report_spec *spec, int nparts,
                      double unit, const rp_frame *p, double y)
{
    double rec[RP_SPLIT_STRIDE], sum = 0, whole, x = p->left, machine = NAN;
    char label[400], name[128], value[32];
    const int of_headline = spec->split.headline && g->headline.n > 0;
    int k;
    rp_group_median_rep(g, rec);
    for (k = 0; k < nparts; k++)
        if (rec[k] > 0) sum += rec[k];
    if (of_headline && spec->split.machine && rec[nparts] > 0) machine = rec[nparts], sum += machine;
    whole = of_headline ? rec[RP_SPLIT_HEADLINE] : rec[RP_SPLIT_WHOLE];
    if (!(whole > 0) || whole != whole) whole = sum;
    rp_short_variant(r, g, label, sizeof label);
    wb_fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", p->left - 6, y + 16);
    rp_svg_text(f, label);
    wb_fputs(", ", f);
    rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
    wb_fputs("</text>\n", f);
    if (!(sum > 0)) return;
    for (k = 0; k < nparts; k++)   /* a part this configuration lacks, or a difference at zero: none */
        if (rec[k] > 0) x = segment(f, &spec->split.parts[k], rp_part_colour(spec->split.parts, k), rec[k], sum > whole ? sum : whole, unit, x, y, p);
    if (machine == machine) x = segment(f, spec->split.machine, layer_shades[WB_LAYER_MACHINE][0], machine, sum > whole ? sum : whole, unit, x, y, p);
    if (whole > sum) {   /* what the parts and the machine leave unexplained */
        wb_format_duration((whole - sum) * unit, value, sizeof value);
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" fill=\"none\" stroke=\"#636363\">"
                   "<title>unexplained: %s, %.0f%%</title></rect>\n", x, y + 3, (whole - sum) / whole * p->w, value,
                   100.0 * (whole - sum) / whole);
    }
    wb_format_duration(whole * unit, value, sizeof value);
    wb_fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s%s</text>\n", p->left + p->w + 6, y + 16, value,
               sum > whole * 1.005 ? " (parts more)" : "");
}

/* Does some bar of the module draw part k (a group with a value above zero)? */
static int part_drawn(const rp_report *r, const wb_module *m, int k)
{
    size_t i;
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && r->groups[i].parts[k].n > 0 && rp_values_median(&r->groups[i].parts[k]) > 0) return 1;
    return 0;
}

void rp_write_parts_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    const double unit = !strcmp(spec->split.unit ? spec->split.unit : "", "us") ? 1e-6 : 1e-9;
    int nparts = 0, k, shown = 0;
    size_t i, rows = 0;
    rp_frame p;
    char title[256];
    if (spec->split.parts == NULL) return;
    while (spec->split.parts[nparts].column) nparts++;
    for (i = 0; i < r->ngroups; i++) rows += r->groups[i].m == m && has_parts(&r->groups[i]);
    if (rows == 0) return;
    p.left = 330, p.top = 40, p.w = 460, p.h = 26.0 * (double)rows;
    snprintf(title, sizeof title, "%s: where the time of %s goes (each bar: the median repetition's, in %% of it; "
             "unexplained left white; the whole written at its end)", m->name,
             spec->split.headline_name ? spec->split.headline_name : spec->split.whole_name);
    rp_frame_begin(f, p.left + p.w + 140, p.top + p.h + 50 + 18.0 * (nparts + (spec->split.machine != NULL)), "parts", title,
                   title, &p);
    share_axis(f, &p);
    rows = 0;
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && has_parts(&r->groups[i]))
            share_bar(f, r, &r->groups[i], spec, nparts, unit, &p, p.top + 26.0 * (double)rows++);
    rp_frame_axes(f, &p);
    for (k = 0, shown = 0; k < nparts; k++) {   /* the legend: each part a bar has, its colour, name and layer */
        double y = p.top + p.h + 40 + 18.0 * shown;
        if (!part_drawn(r, m, k)) continue;
        shown++;
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" data-layer=\"%s\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">", p.left, y - 10, rp_part_colour(spec->split.parts, k),
                   wb_layer_name(spec->split.parts[k].layer), p.left + 18, y);
        rp_svg_text(f, spec->split.parts[k].name);
        wb_fprintf(f, " (%s)</text>\n", wb_layer_name(spec->split.parts[k].layer));
    }
    if (spec->split.machine) {
        double y = p.top + p.h + 40 + 18.0 * shown;
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" data-layer=\"%s\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">", p.left, y - 10, layer_shades[WB_LAYER_MACHINE][0],
                   wb_layer_name(WB_LAYER_MACHINE), p.left + 18, y);
        rp_svg_text(f, spec->split.machine->name);
        wb_fprintf(f, " (%s)</text>\n", wb_layer_name(WB_LAYER_MACHINE));
    }
    rp_frame_end(f);
    where_list(f, r, m);
}

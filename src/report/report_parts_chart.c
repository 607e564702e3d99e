/* The HTML report's "where the time goes": for a module that measures its parts, one stacked bar
 * per machine and configuration (the parts' medians, each part in the same colour in every
 * chart), then each comparison's sentence of where its difference lies and its noise. */
#include <math.h>
#include <string.h>

#include "report_parts.h"
#include "report_render.h"
#include "report_svg.h"
#include "wb_units.h"
#include "wb_console.h"

/* The parts' own colours: the palette from its far end, so that a part is never taken for a
 * machine (whose colours start at its near end) in a chart beside it. */
static const char *part_colour(int k)
{
    return rp_svg_colour(7 - (k % 8));
}

static int has_parts(const rp_group *g)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    int k, n = 0;
    while (spec->parts && spec->parts[n].column) n++;
    for (k = 0; k < n; k++)
        if (g->parts[k].n > 0) return 1;
    return 0;
}

static double part_median(const rp_values *v)
{
    double m = NAN, tmp[1024];
    size_t n = v->n < 1024 ? v->n : 1024, i, j;
    if (n == 0) return NAN;
    memcpy(tmp, v->v, n * sizeof *tmp);
    for (i = 1; i < n; i++)   /* insertion sort: a group has few repetitions */
        for (j = i; j > 0 && tmp[j - 1] > tmp[j]; j--) {
            double t = tmp[j];
            tmp[j] = tmp[j - 1];
            tmp[j - 1] = t;
        }
    m = n % 2 ? tmp[n / 2] : 0.5 * (tmp[n / 2 - 1] + tmp[n / 2]);
    return m;
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

void rp_write_parts_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    const double unit = !strcmp(spec->parts_unit ? spec->parts_unit : "", "us") ? 1e-6 : 1e-9;
    int nparts = 0, k;
    size_t i, rows = 0;
    double top = 0;
    rp_frame p;
    char title[256], label[400], name[128], value[32];
    if (spec->parts == NULL) return;
    while (spec->parts[nparts].column) nparts++;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        double sum = 0;
        if (g->m != m || !has_parts(g)) continue;
        rows++;
        for (k = 0; k < nparts; k++) {
            double v = part_median(&g->parts[k]);
            if (v > 0) sum += v;
        }
        if (sum > top) top = sum;
    }
    if (rows == 0 || !(top > 0)) return;
    p.left = 330, p.top = 40, p.w = 520, p.h = 26.0 * (double)rows;
    snprintf(title, sizeof title, "%s: where the time of %s goes (medians, %s)", m->name, spec->parts_whole_name,
             spec->parts_unit);
    rp_frame_begin(f, p.left + p.w + 20, p.top + p.h + 40 + 18.0 * nparts, "parts", title, title, &p);
    rows = 0;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        double x = p.left, y;
        if (g->m != m || !has_parts(g)) continue;
        y = p.top + 26.0 * (double)rows++;
        rp_short_variant(r, g, label, sizeof label);
        wb_fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", p.left - 6, y + 16);
        rp_svg_text(f, label);
        wb_fputs(", ", f);
        rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
        wb_fputs("</text>\n", f);
        for (k = 0; k < nparts; k++) {
            double v = part_median(&g->parts[k]), w;
            if (!(v > 0)) continue;   /* a part this configuration lacks, or a difference below zero */
            w = v / top * p.w;
            wb_format_duration(v * unit, value, sizeof value);
            wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" fill=\"%s\"><title>", x, y + 3, w,
                    part_colour(k));
            rp_svg_text(f, spec->parts[k].name);
            wb_fprintf(f, " (%s): %s</title></rect>\n", wb_layer_name(spec->parts[k].layer), value);
            x += w;
        }
    }
    rp_frame_axes(f, &p);
    for (k = 0; k < nparts; k++) {   /* the legend: each part's colour, name and layer */
        double y = p.top + p.h + 30 + 18.0 * k;
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%.1f\" y=\"%.1f\">",
                p.left, y - 10, part_colour(k), p.left + 18, y);
        rp_svg_text(f, spec->parts[k].name);
        wb_fprintf(f, " (%s)</text>\n", wb_layer_name(spec->parts[k].layer));
    }
    rp_frame_end(f);
    where_list(f, r, m);
}

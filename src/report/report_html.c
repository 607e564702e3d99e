/* `winbench report --html`: one self-contained file (no script, font or network), with the
 * machines' context, the comparison table and an inline SVG bar chart per benchmark (median per
 * configuration and machine, min-max whiskers), plus percentile curves for modules whose
 * wb_report_spec names percentile columns. */
#include <math.h>
#include <string.h>

#include "report_render.h"
#include "report_utf8.h"

static const char *const palette[] = { "#3366cc", "#dc7633", "#2e8b57", "#a23b72", "#8c6d1f", "#17a2b8", "#6c757d", "#c0392b" };
#define COLOR(i) palette[(i) % (sizeof palette / sizeof palette[0])]

static void esc(FILE *f, const char *text)
{
    char utf8[2048];
    const char *s = utf8;
    rp_utf8(text, utf8, sizeof utf8);   /* the page says UTF-8 */
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* A number cell: 4 significant digits, empty for NaN (never "nan"). */
static void number_cell(FILE *f, double v)
{
    if (v == v) fprintf(f, "<td>%.4g</td>", v);
    else fputs("<td></td>", f);
}

static double nice_step(double max)
{
    double raw = max / 5.0, mag = pow(10.0, floor(log10(raw))), n = raw / mag;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

static void legend(FILE *f, const rp_report *r, double x, double y)
{
    size_t i;
    char name[128];
    for (i = 0; i < r->nmachines; i++) {
        fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"%s\"/>", x, y + 18.0 * (double)i, COLOR(i));
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">", x + 18, y + 18.0 * (double)i + 10);
        esc(f, rp_machine_name(r, (int)i, name, sizeof name));
        fputs("</text>", f);
    }
}

/* ---- the frame every chart shares: the figure, its title, grid lines with their values, axes ---- */

typedef struct frame {
    double left, top, w, h;       /* the plot area */
} frame;

/* title: the SVG's accessible name; heading: the bold line above the plot (both unescaped). */
static void frame_begin(FILE *f, double width, double height, const char *cls, const char *title, const char *heading,
                        const frame *p)
{
    fprintf(f, "<figure><svg%s%s%s width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
            cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "", width, height, width, height);
    esc(f, title);
    fprintf(f, "</title>\n<text x=\"%.0f\" y=\"20\" font-weight=\"bold\">", p->left);
    esc(f, heading);
    fputs("</text>\n", f);
}

/* A grid line across the plot at y, labelled with its value on the left. */
static void frame_grid(FILE *f, const frame *p, double y, double value)
{
    fprintf(f, "<line class=\"grid\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\"/>", p->left, y, p->left + p->w, y);
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", p->left - 6, y + 4, value);
}

/* The value axis' name, turned along it. */
static void frame_y_title(FILE *f, const frame *p, const char *text)
{
    fprintf(f, "<text transform=\"translate(14 %.0f) rotate(-90)\" text-anchor=\"middle\">", p->top + p->h / 2);
    esc(f, text);
    fputs("</text>\n", f);
}

static void frame_axes(FILE *f, const frame *p)
{
    fprintf(f, "<line class=\"axis\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>", p->left, p->top, p->left,
            p->top + p->h);
    fprintf(f, "<line class=\"axis\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>\n", p->left, p->top + p->h,
            p->left + p->w, p->top + p->h);
}

static void frame_end(FILE *f)
{
    fputs("</svg></figure>\n", f);
}

/* Bar heights: linear from 0, or logarithmic when the medians span more than a factor of 50
 * (sendmsg's cross-thread rates are a thousandth of its same-thread ones). */
typedef struct scale {
    int log;
    double lo, hi;     /* axis range */
    double top, h;     /* plot area */
} scale;

static double y_of(const scale *s, double v)
{
    if (s->log) {
        if (!(v > s->lo)) v = s->lo;
        return s->top + s->h - (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo)) * s->h;
    }
    return s->top + s->h - v / s->hi * s->h;
}

static void bar_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const double left = 70, top = 40, plot_h = 260, bar_w = 22, gap = 18, bottom = 130;
    double ymax = 0, ymin = 1e300, x, step, t;
    size_t i, nbars = 0, nclusters = 0;
    const char *prev = NULL;
    double width, height = top + plot_h + bottom;
    scale sc;
    frame plot;
    char title[300], heading[400];
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (g->m != m) continue;
        nbars++;
        if (!prev || strcmp(prev, g->variant)) nclusters++;
        prev = g->variant;
        if (g->max > ymax) ymax = g->max;
        if (g->median > ymax) ymax = g->median;
        if (g->median > 0 && g->median < ymin) ymin = g->median;
    }
    if (nbars == 0) return;
    if (!(ymax > 0)) ymax = 1;
    memset(&sc, 0, sizeof sc);
    sc.top = top;
    sc.h = plot_h;
    sc.log = ymin < 1e300 && ymax / ymin > 50;
    if (sc.log) {
        sc.lo = pow(10.0, floor(log10(ymin)) - 1);
        sc.hi = pow(10.0, ceil(log10(ymax)));
    } else {
        step = nice_step(ymax);
        sc.hi = ceil(ymax / step) * step;
    }
    width = left + (double)nbars * bar_w + (double)nclusters * gap + 200;
    if (width < 720) width = 720;
    plot.left = left, plot.top = top, plot.w = width - 190 - left, plot.h = plot_h;
    snprintf(title, sizeof title, "%s: %s per configuration and machine", m->name, m->report->unit);
    snprintf(heading, sizeof heading, "%s: %s, the median of the repetitions (%s is better; whiskers: min to max%s)",
             m->name, m->report->unit, m->report->higher_is_better ? "higher" : "lower", sc.log ? "; logarithmic axis" : "");
    frame_begin(f, width, height, NULL, title, heading, &plot);
    if (sc.log)
        for (t = sc.lo; t <= sc.hi * 1.0001; t *= 10) frame_grid(f, &plot, y_of(&sc, t), t);
    else
        for (t = 0; t <= sc.hi + step / 2; t += step) frame_grid(f, &plot, y_of(&sc, t), t);
    frame_y_title(f, &plot, m->report->unit);
    x = left + gap / 2;
    prev = NULL;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        double h, y, cx, ylo, yhi;
        char label[256], name[128];
        if (g->m != m) continue;
        if (prev && strcmp(prev, g->variant)) x += gap;
        rp_short_variant(r, g, label, sizeof label);
        if (!prev || strcmp(prev, g->variant)) {   /* the cluster's label, under its first bar */
            fprintf(f, "<text transform=\"translate(%.1f %.0f) rotate(35)\">", x + 4, top + plot_h + 14);
            esc(f, label);
            fputs("</text>\n", f);
        }
        prev = g->variant;
        y = g->median == g->median ? y_of(&sc, g->median) : top + plot_h;
        h = top + plot_h - y;
        cx = x + bar_w / 2;
        /* A difference from the baseline that the rank test does not support: hatched and faded. */
        if (g->significance == RP_SIG_NO || g->significance == RP_SIG_CANNOT_TELL)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.45\"/>",
                    x + 2, y, bar_w - 4, h, COLOR(g->machine));
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\"%s%s><title>", x + 2, y, bar_w - 4, h,
                g->significance == RP_SIG_NO ? "url(#nosig)" : COLOR(g->machine),
                g->significance == RP_SIG_CANNOT_TELL ? " fill-opacity=\"0\"" : "",
                g->significance == RP_SIG_NO ? " class=\"nosig\"" : g->significance == RP_SIG_CANNOT_TELL ? " class=\"toofew\"" : "");
        esc(f, rp_machine_name(r, g->machine, name, sizeof name));
        fprintf(f, " %s: median %.4g, min %.4g, max %.4g, n %lu%s</title></rect>\n", label, g->median, g->min, g->max,
                (unsigned long)g->values.n, g->significance == RP_SIG_NO ? "; not significantly different from the baseline"
                                            : g->significance == RP_SIG_CANNOT_TELL ? "; too few repetitions to tell either way" : "");
        if (g->min == g->min && g->max == g->max) {
            ylo = y_of(&sc, g->min);
            yhi = y_of(&sc, g->max);
            fprintf(f, "<path class=\"whisker\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n", cx, ylo, yhi,
                    cx - 4, ylo, cx + 4, cx - 4, yhi, cx + 4);
        }
        x += bar_w;
    }
    frame_axes(f, &plot);
    legend(f, r, width - 170, top);
    /* the marking's meaning */
    fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"url(#nosig)\" stroke=\"#888\"/>", width - 170,
            top + 18.0 * (double)r->nmachines + 8);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">no significant difference</text>", width - 152, top + 18.0 * (double)r->nmachines + 18);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">from the baseline (p &#8805; 0.05)</text>\n", width - 152,
            top + 18.0 * (double)r->nmachines + 32);
    /* fewer repetitions than the test needs to answer: faded, without the hatching */
    fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"#888\" fill-opacity=\"0.45\"/>", width - 170,
            top + 18.0 * (double)r->nmachines + 44);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">cannot tell</text>", width - 152, top + 18.0 * (double)r->nmachines + 54);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">(too few repetitions to test)</text>\n", width - 152,
            top + 18.0 * (double)r->nmachines + 68);
    frame_end(f);
}

/* One line of a series chart: points (t, v) scaled into the plot. */
static void series_line(FILE *f, const rp_values *t, const rp_values *v, double tmax, double vmax, double left, double top,
                        double w, double h, const char *color, const char *dash)
{
    size_t i;
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"%s\" points=\"", color, dash);
    for (i = 0; i < t->n && i < v->n; i++)
        if (v->v[i] == v->v[i])
            fprintf(f, "%.1f,%.1f ", left + t->v[i] / tmax * w, top + h - v->v[i] / vmax * h);
    fputs("\"/>\n", f);
}

/* The spec's series (sockloop: each interval's mean latency and received rate) against time,
 * one chart per configuration less the line column, a line per machine and line-column value:
 * a stall or a drift shows where it happened. */
static void series_charts(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = m->report;
    size_t i, k;
    if (spec->series_row == NULL || spec->series_metric == NULL) return;
    for (i = 0; i < r->ngroups; i++) {
        char config[256], other[256];
        const double left = 70, top = 40, w = 560, h = 180, width = 900;
        double tmax = 0, vmax = 0, rmax = 0;
        int lines = 0, pass;
        frame plot;
        char name_buf[300], heading[600];
        if (r->groups[i].m != m || r->groups[i].series_t.n == 0) continue;
        rp_variant_without(&r->groups[i], spec->series_line_column, config, sizeof config);
        for (k = 0; k < i; k++) {   /* drawn already with an earlier group of the same chart? */
            rp_variant_without(&r->groups[k], spec->series_line_column, other, sizeof other);
            if (r->groups[k].m == m && r->groups[k].series_t.n && !strcmp(config, other)) break;
        }
        if (k < i) continue;
        for (k = i; k < r->ngroups; k++) {
            const rp_group *g = &r->groups[k];
            size_t j;
            rp_variant_without(g, spec->series_line_column, other, sizeof other);
            if (g->m != m || strcmp(config, other)) continue;
            for (j = 0; j < g->series_t.n; j++) {
                if (g->series_t.v[j] > tmax) tmax = g->series_t.v[j];
                if (g->series_v.v[j] > vmax) vmax = g->series_v.v[j];
                if (g->series_rate.v[j] > rmax) rmax = g->series_rate.v[j];
            }
        }
        if (!(tmax > 0) || !(vmax > 0)) continue;
        for (pass = 0; pass < 2; pass++) {   /* the metric, then the rate */
            const char *title = pass ? spec->series_rate_title : spec->series_metric_title;
            double ymax = pass ? rmax : vmax, step;
            if (pass && (spec->series_rate == NULL || !(rmax > 0))) break;
            step = nice_step(ymax);
            ymax = ceil(ymax / step) * step;
            plot.left = left, plot.top = top, plot.w = w, plot.h = h;
            snprintf(name_buf, sizeof name_buf, "%s over time: %s", m->name, title);
            snprintf(heading, sizeof heading, "%s over time, %s: %s", m->name, config, title);
            frame_begin(f, width, top + h + 50, "series", name_buf, heading, &plot);
            for (k = 0; k * step <= ymax + step / 2; k++) frame_grid(f, &plot, top + h - (double)k * step / ymax * h, (double)k * step);
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">seconds into the run (first repetition)</text>\n",
                    left + w / 2, top + h + 32);
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%.3g s</text>\n", left + w, top + h + 16, tmax);
            lines = 0;
            for (k = i; k < r->ngroups; k++) {
                const rp_group *g = &r->groups[k];
                char name[128], line[300];
                const char *dash = lines % 3 == 0 ? "none" : lines % 3 == 1 ? "6 3" : "2 3";
                rp_variant_without(g, spec->series_line_column, other, sizeof other);
                if (g->m != m || strcmp(config, other) || g->series_t.n == 0) continue;
                series_line(f, &g->series_t, pass ? &g->series_rate : &g->series_v, tmax, ymax, left, top, w, h,
                            COLOR(g->machine), dash);
                rp_machine_name(r, g->machine, name, sizeof name);
                {   /* the line's name: the machine and the line column's value */
                    const char *at = spec->series_line_column ? strstr(g->variant, spec->series_line_column) : NULL;
                    size_t len = at ? strcspn(at, " ") : 0;
                    snprintf(line, sizeof line, "%s%s%.*s", name, at ? ": " : "", (int)len, at ? at : "");
                }
                fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\" "
                           "stroke-dasharray=\"%s\"/>",
                        left + w + 20, top + 6 + 16.0 * lines, left + w + 44, top + 6 + 16.0 * lines, COLOR(g->machine), dash);
                fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">", left + w + 50, top + 10 + 16.0 * lines);
                esc(f, line);
                fputs("</text>\n", f);
                lines++;
            }
            frame_axes(f, &plot);
            frame_end(f);
        }
    }
}

/* The value of column `name` in a group's configuration text ("loop=select rate=1000 ..."), and
 * that text without it (what makes the group's line). */
static double load_of(const char *variant, const char *name, char *rest, size_t cap)
{
    size_t len = strlen(name), used = 0;
    const char *p = variant;
    double value = NAN;
    rest[0] = '\0';
    while (*p) {
        size_t word = strcspn(p, " ");
        if (word > len && strncmp(p, name, len) == 0 && p[len] == '=') value = atof(p + len + 1);
        else if (used + word + 2 < cap) used += (size_t)snprintf(rest + used, cap - used, "%s%.*s", used ? " " : "", (int)word, p);
        p += word;
        while (*p == ' ') p++;
    }
    return value;
}

/* Latency against offered load (a --rate list): one line per machine and configuration less
 * the load, log axes on both sides (rates and tails both span decades). Drawn when some line
 * has two loads or more. */
static void load_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = m->report;
    const double left = 70, top = 40, plot_w = 420, plot_h = 260, width = 900, height = 360;
    double lo = 1e300, hi = 0, xlo = 1e300, xhi = 0, d;
    size_t i, k;
    int lines = 0, drawn = 0, config = 0;
    frame plot;
    char title[300], heading[320], rest[256], other[256];
    if (!spec->load_column || spec->load_percentile >= rp_percentile_count(m)) return;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        double x, y;
        if (g->m != m) continue;
        x = load_of(g->variant, spec->load_column, rest, sizeof rest);
        y = rp_group_percentile(g, spec->load_percentile);
        for (k = i + 1; k < r->ngroups; k++)   /* a second load on the same line? */
            if (r->groups[k].m == m && r->groups[k].machine == g->machine &&
                load_of(r->groups[k].variant, spec->load_column, other, sizeof other) != x && strcmp(other, rest) == 0)
                drawn = 1;
        if (!(x > 0 && y > 0)) continue;
        if (x < xlo) xlo = x;
        if (x > xhi) xhi = x;
        if (y < lo) lo = y;
        if (y > hi) hi = y;
    }
    if (!drawn || !(hi > 0) || !(xhi > xlo)) return;
    lo = pow(10.0, floor(log10(lo)));
    hi = pow(10.0, ceil(log10(hi)));
    if (hi <= lo) hi = lo * 10;
    xlo = pow(10.0, floor(log10(xlo)));
    xhi = pow(10.0, ceil(log10(xhi)));
    plot.left = left, plot.top = top, plot.w = plot_w, plot.h = plot_h;
    snprintf(title, sizeof title, "%s: %s", m->name, spec->load_title);
    snprintf(heading, sizeof heading, "%s: %s (log scales)", m->name, spec->load_title);
    frame_begin(f, width, height, NULL, title, heading, &plot);
    for (d = lo; d <= hi * 1.0001; d *= 10)
        frame_grid(f, &plot, top + plot_h - (log10(d) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h, d);
    for (d = xlo; d <= xhi * 1.0001; d *= 10)
        fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n",
                left + (log10(d) - log10(xlo)) / (log10(xhi) - log10(xlo)) * plot_w, top + plot_h + 18, d);
    frame_y_title(f, &plot, spec->percentile_unit);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">", left + plot_w / 2, top + plot_h + 40);
    esc(f, spec->load_column);
    fputs("</text>\n", f);
    /* one line per machine and configuration less the load: colour the machine, dashes the
     * configuration (one machine: colour the configuration) */
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        char label[256], name[128];
        const char *dash, *colour;
        int seen = 0;
        if (g->m != m) continue;
        load_of(g->variant, spec->load_column, rest, sizeof rest);
        for (k = 0; k < i; k++)   /* drawn with an earlier group of its line */
            if (r->groups[k].m == m && r->groups[k].machine == g->machine &&
                (load_of(r->groups[k].variant, spec->load_column, other, sizeof other), strcmp(other, rest) == 0))
                seen = 1;
        if (seen) continue;
        /* one machine: a colour per line (seven loops are too many for three dash styles) */
        colour = r->nmachines > 1 ? COLOR(g->machine) : palette[config % (int)(sizeof palette / sizeof palette[0])];
        dash = r->nmachines > 1 ? (config % 3 == 0 ? "none" : config % 3 == 1 ? "6 3" : "2 3") : "none";
        config++;
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\" points=\"",
                colour, dash);
        for (k = i; k < r->ngroups; k++) {
            const rp_group *h = &r->groups[k];
            double x, y;
            if (h->m != m || h->machine != g->machine) continue;
            x = load_of(h->variant, spec->load_column, other, sizeof other);
            y = rp_group_percentile(h, spec->load_percentile);
            if (strcmp(other, rest) != 0 || !(x > 0 && y > 0)) continue;
            fprintf(f, "%.1f,%.1f ", left + (log10(x) - log10(xlo)) / (log10(xhi) - log10(xlo)) * plot_w,
                    top + plot_h - (log10(y) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h);
        }
        fputs("\"/>\n", f);
        rp_short_variant(r, g, other, sizeof other);
        load_of(other, spec->load_column, label, sizeof label);   /* the line is every load */
        fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\" "
                   "stroke-dasharray=\"%s\"/>", left + plot_w + 30, top + 6 + 18.0 * lines, left + plot_w + 54,
                top + 6 + 18.0 * lines, colour, dash);
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">", left + plot_w + 60, top + 10 + 18.0 * lines);
        esc(f, rp_machine_name(r, g->machine, name, sizeof name));
        if (label[0]) fputs(": ", f);   /* nothing but the load told the groups apart: the machine says it */
        esc(f, label);
        fputs("</text>\n", f);
        lines++;
    }
    frame_axes(f, &plot);
    frame_end(f);
}

/* The spec's percentiles (sockloop: latency p50 .. max), one line per configuration and
 * machine, on a logarithmic axis: tails span decades. */
static void percentile_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = m->report;
    const int npct = rp_percentile_count(m);
    const double left = 70, top = 40, plot_w = 420, plot_h = 260, width = 900, height = 360;
    double lo = 1e300, hi = 0, d;
    size_t i;
    int k, lines = 0, config = 0;
    const char *prev = NULL;
    frame plot;
    char title[300], heading[320];
    if (npct < 2) return;
    for (i = 0; i < r->ngroups; i++)
        for (k = 0; k < npct; k++) {
            double v = r->groups[i].m == m ? rp_group_percentile(&r->groups[i], k) : NAN;
            if (v > 0 && v < lo) lo = v;
            if (v > hi) hi = v;
        }
    if (!(hi > 0)) return;
    lo = pow(10.0, floor(log10(lo)));
    hi = pow(10.0, ceil(log10(hi)));
    if (hi <= lo) hi = lo * 10;
    plot.left = left, plot.top = top, plot.w = plot_w, plot.h = plot_h;
    snprintf(title, sizeof title, "%s: %s", m->name, spec->percentile_title);
    snprintf(heading, sizeof heading, "%s: %s (log scale)", m->name, spec->percentile_title);
    frame_begin(f, width, height, NULL, title, heading, &plot);
    for (d = lo; d <= hi * 1.0001; d *= 10)
        frame_grid(f, &plot, top + plot_h - (log10(d) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h, d);
    for (k = 0; k < npct; k++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">", left + plot_w * k / (npct - 1), top + plot_h + 18);
        esc(f, spec->percentile_names[k]);
        fputs("</text>\n", f);
    }
    frame_y_title(f, &plot, spec->percentile_unit);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">percentile</text>\n", left + plot_w / 2, top + plot_h + 40);
    /* colour: the machine (as in the bar charts); dashes: the configuration */
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        char label[256], name[128];
        const char *dash;
        if (g->m != m) continue;
        if (prev && strcmp(prev, g->variant)) config++;
        prev = g->variant;
        dash = config % 3 == 0 ? "none" : config % 3 == 1 ? "6 3" : "2 3";
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\" points=\"", COLOR(g->machine),
                dash);
        for (k = 0; k < npct; k++) {
            double v = rp_group_percentile(g, k);
            if (v > 0)
                fprintf(f, "%.1f,%.1f ", left + plot_w * k / (npct - 1),
                        top + plot_h - (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h);
        }
        fputs("\"/>\n", f);
        rp_short_variant(r, g, label, sizeof label);
        fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\"/>",
                left + plot_w + 30, top + 6 + 18.0 * lines, left + plot_w + 54, top + 6 + 18.0 * lines, COLOR(g->machine),
                dash);
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">", left + plot_w + 60, top + 10 + 18.0 * lines);
        esc(f, rp_machine_name(r, g->machine, name, sizeof name));
        fputs(": ", f);
        esc(f, label);
        fputs("</text>\n", f);
        lines++;
    }
    frame_axes(f, &plot);
    frame_end(f);
}

static void cell(FILE *f, const char *text)
{
    fputs("<td>", f);
    esc(f, text);
    fputs("</td>", f);
}

int rp_write_html(const rp_report *r, FILE *f)
{
    static const char *const machine_cols[] = { "machine", "host", "OS", "arch", "CPU", "CPUs", "VM", "Wine",
                                                "QPC Hz", "themes", "winbench", "calibration" };
    size_t i, k;
    int b;
    char name[128], text[256], base[128];
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>winbench report</title>\n"
          "<style>\nbody{font-family:'Segoe UI',Arial,sans-serif;margin:24px;color:#222}\n"
          "table{border-collapse:collapse;margin:8px 0}\ntd,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}\n"
          "th{background:#f2f2f2}\nfigure{margin:12px 0}\nsvg text{font-size:12px;fill:#222}\n"
          ".grid{stroke:#e3e3e3}\n.axis{stroke:#444}\n.whisker{stroke:#111;stroke-width:1.5;fill:none}\n</style>\n</head>\n<body>\n", f);
    fprintf(f, "<svg width=\"0\" height=\"0\" style=\"position:absolute\"><defs>"
          "<pattern id=\"nosig\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
          "<rect width=\"6\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
          "stroke=\"#333\" stroke-width=\"2\"/></pattern></defs></svg>\n<h1>winbench report</h1>\n<p>%lu file%s; each bar is the median over repetitions; baseline: <b>", (unsigned long)r->files_loaded,
            r->files_loaded == 1 ? "" : "s");
    esc(f, rp_machine_name(r, r->baseline, base, sizeof base));
    fputs("</b>. Each comparison with the baseline is checked with a two-sided Mann-Whitney U test on the "
          "repetitions; bars whose difference it does not support (p &#8805; 0.05, or fewer than 3 repetitions on a side) "
          "are hatched and faded. With many comparisons some will pass by chance.</p>\n<h2>Machines</h2>\n<table>\n<tr>", f);
    for (k = 0; k < sizeof machine_cols / sizeof machine_cols[0]; k++) fprintf(f, "<th>%s</th>", machine_cols[k]);
    fputs("</tr>\n", f);
    for (i = 0; i < r->nmachines; i++) {
        const rp_machine *m = &r->machines[i];
        fprintf(f, "<tr><td><span style=\"color:%s\">&#9632;</span> ", COLOR(i));
        esc(f, rp_machine_name(r, (int)i, name, sizeof name));
        fputs("</td>", f);
        cell(f, m->host), cell(f, m->os), cell(f, m->arch), cell(f, m->cpu), cell(f, m->cpus);
        cell(f, !strcmp(m->hypervisor, "1") ? "yes" : !strcmp(m->hypervisor, "0") ? "no" : "?");
        cell(f, m->wine[0] ? m->wine : "no"), cell(f, m->qpc);
        cell(f, !strcmp(m->themes, "1") ? "on" : !strcmp(m->themes, "0") ? "off" : "?"), cell(f, m->tool);
        {
            char broken[128], text[160];
            if (rp_machine_broken(m, broken, sizeof broken)[0]) snprintf(text, sizeof text, "broken: %s", broken);
            else snprintf(text, sizeof text, "%s", m->calibration[0] ? "ok" : "not run");
            cell(f, text);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    for (b = 0; wb_modules[b]; b++) {
        const wb_module *m = wb_modules[b];
        int any = 0;
        for (i = 0; i < r->ngroups; i++) any |= r->groups[i].m == m;
        if (!any) continue;
        fprintf(f, "<h2>%s</h2>\n<table>\n<tr><th>configuration</th><th>machine</th><th>n</th><th>median (", m->name);
        esc(f, m->report->unit);
        fprintf(f, ")</th><th>min</th><th>max</th>%s<th>compared</th></tr>\n",
                m->report->loss_column ? "<th>lost</th><th>loss %</th>" : "");
        for (i = 0; i < r->ngroups; i++) {
            const rp_group *g = &r->groups[i];
            if (g->m != m) continue;
            fputs("<tr>", f);
            rp_short_variant(r, g, text, sizeof text);
            cell(f, text);
            cell(f, rp_machine_name(r, g->machine, name, sizeof name));
            fprintf(f, "<td>%lu</td>", (unsigned long)g->values.n);
            number_cell(f, g->median), number_cell(f, g->min), number_cell(f, g->max);
            if (m->report->loss_column) {   /* loss beside latency: a latency of what arrived */
                number_cell(f, g->loss_median);
                number_cell(f, g->loss_pct);
            }
            rp_comparison_text(r, g, text, sizeof text);
            cell(f, text);
            fputs("</tr>\n", f);
        }
        fputs("</table>\n", f);
        bar_chart(f, r, m);
        percentile_chart(f, r, m);
        load_chart(f, r, m);
        series_charts(f, r, m);
    }
    fputs("</body>\n</html>\n", f);
    return ferror(f) ? -1 : 0;
}

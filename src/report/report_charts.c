/* The HTML report's charts of one module: bars per configuration and machine; and, where the
 * module's wb_report_spec asks for them, percentile curves, latency against offered load and
 * series over time. Every line of a chart looks different from the others: its colour is its
 * configuration's (a loop is the same colour in every chart), its dash and marker its
 * machine's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_render.h"
#include "report_words.h"
#include "report_svg.h"
#include "wb_hist.h"
#include "wb_units.h"
#include "wb_console.h"

/* An average character of the 12 px chart text, in px (Arial's is about 6; a little more so
 * that a label's room is never short). */
#define TEXT_CHAR_PX 6.6

static rp_look look_of(const rp_report *r, const rp_group *g)
{
    return rp_look_of((int)g->line_style, (int)r->nmachines, g->machine);
}

/* A line's legend text: the machine, then what tells the line apart within its chart (the
 * line column's "loop=select" when there is one, else the short configuration). */
static void line_name(const rp_report *r, const rp_group *g, const char *line_column, const char *drop, char *buf,
                      size_t cap)
{
    char name[128], label[256], rest[256], value[128];
    rp_machine_name(r, g->machine, name, sizeof name);
    if (line_column && rp_variant_value(g->variant, line_column, value, sizeof value)) {
        snprintf(buf, cap, "%s: %s=%s", name, line_column, value);
        return;
    }
    rp_short_variant(r, g, label, sizeof label);
    rp_text_without(label, drop, rest, sizeof rest);
    snprintf(buf, cap, "%s%s%s", name, rest[0] ? ": " : "", rest);
}

/* A group's line through its n points and its legend key at (kx, ky), in the group's look:
 * nothing for a group with no point. Returns 1 when drawn (a key taken). */
static int line_and_key(FILE *f, const rp_report *r, const rp_group *g, const double *xs, const double *ys, size_t n,
                        double kx, double ky, const char *line_column, const char *drop)
{
    char text[400];
    if (n == 0) return 0;
    line_name(r, g, line_column, drop, text, sizeof text);
    rp_svg_line(f, look_of(r, g), text, xs, ys, n);
    rp_svg_key(f, look_of(r, g), kx, ky, text);
    return 1;
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

/* A bar whose group lost over this share of its packets is marked: its latency is of what
 * arrived, and looks like any other bar's otherwise. */
#define LOSSY_PCT 1.0

static void bar_legend(FILE *f, const rp_report *r, double x, double y, int lossy, int bars_named)
{
    size_t i;
    char name[128];
    for (i = 0; i < r->nmachines && !bars_named; i++) {
        wb_fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"%s\"/>", x, y + 18.0 * (double)i,
                rp_svg_colour((int)i));
        wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">", x + 18, y + 18.0 * (double)i + 10);
        rp_svg_text(f, rp_machine_name(r, (int)i, name, sizeof name));
        wb_fputs("</text>", f);
    }
    if (!bars_named) y += 18.0 * (double)r->nmachines;
    /* the markings' meanings */
    wb_fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"url(#nosig)\" stroke=\"#888\"/>", x, y + 8);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">no significant difference</text>", x + 18, y + 18);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">from the baseline (p &#8805; %.2g)</text>\n", x + 18, y + 32, RP_ALPHA);
    /* fewer repetitions than the test needs to answer: faded, without the hatching */
    wb_fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"#888\" fill-opacity=\"0.45\"/>", x, y + 44);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">cannot tell: not tested</text>", x + 18, y + 54);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">(too few repetitions)</text>\n", x + 18, y + 68);
    if (lossy) {
        wb_fprintf(f, "<text class=\"lossy\" x=\"%.0f\" y=\"%.0f\" fill=\"#c00\" font-weight=\"bold\">!</text>", x + 3, y + 90);
        wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">lost over %.0f%% of its packets:</text>", x + 18, y + 90, LOSSY_PCT);
        wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">a latency of what arrived</text>\n", x + 18, y + 104);
    }
}

/* The bar chart's legend: its room right of the plot (the longest line, "from the baseline
 * (p >= 0.05)", is about 190 px). */
#define LEGEND_W 230

/* One bar of the chart at x: its median (hatched and faded where the rank test does not support
 * its difference from the baseline), a tooltip with the numbers, and min-to-max whiskers. */
static void draw_bar(FILE *f, const rp_report *r, const rp_group *g, const scale *sc, double x, double bar_w,
                     const char *label)
{
    const double top = sc->top, plot_h = sc->h;
    double h, y, cx, ylo, yhi;
    char name[128], num[3][32];
    const char *colour = rp_svg_colour(g->machine);
    y = g->median == g->median ? y_of(sc, g->median) : top + plot_h;
    h = top + plot_h - y;
    cx = x + bar_w / 2;
    /* A difference from the baseline that the rank test does not support: hatched and faded. */
    if (g->significance == RP_SIG_NO || g->significance == RP_SIG_CANNOT_TELL)
        wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.45\"/>",
                x + 2, y, bar_w - 4, h, colour);
    wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\"%s%s><title>", x + 2, y, bar_w - 4, h,
            g->significance == RP_SIG_NO ? "url(#nosig)" : colour,
            g->significance == RP_SIG_CANNOT_TELL ? " fill-opacity=\"0\"" : "",
            g->significance == RP_SIG_NO ? " class=\"nosig\"" : g->significance == RP_SIG_CANNOT_TELL ? " class=\"toofew\"" : "");
    rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
    wb_fprintf(f, " %s: median %s, min %s, max %s, n %lu%s</title></rect>\n", label,
            wb_format_number(g->median, num[0], sizeof num[0]), wb_format_number(g->min, num[1], sizeof num[1]),
            wb_format_number(g->max, num[2], sizeof num[2]),
            (unsigned long)g->values.n, g->significance == RP_SIG_NO ? "; not significantly different from the baseline"
                                        : g->significance == RP_SIG_CANNOT_TELL ? "; too few repetitions to tell either way" : "");
    if (g->loss_pct > LOSSY_PCT) {   /* above the bar and its whisker */
        double above = g->max == g->max && y_of(sc, g->max) < y ? y_of(sc, g->max) : y;
        wb_fprintf(f, "<text class=\"lossy\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#c00\" "
                      "font-weight=\"bold\">!<title>", cx, above - 4);
        rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
        wb_fprintf(f, " %s: lost %.0f (%.2g%%)</title></text>\n", label, rp_group_lost(g), g->loss_pct);
    }
    if (g->min == g->min && g->max == g->max) {
        ylo = y_of(sc, g->min);
        yhi = y_of(sc, g->max);
        wb_fprintf(f, "<path class=\"whisker\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n", cx, ylo, yhi,
                cx - 4, ylo, cx + 4, cx - 4, yhi, cx + 4);
    }
}

/* The value axis of a bar chart from its values' least and most: logarithmic when they span
 * more than 50x (then the return is unused), else linear from 0 in round steps (returned). */
static double bar_scale(scale *sc, double ymin, double ymax, double top, double plot_h)
{
    double step = 1;
    if (!(ymax > 0)) ymax = 1;
    memset(sc, 0, sizeof *sc);
    sc->top = top;
    sc->h = plot_h;
    sc->log = ymin < 1e300 && ymax / ymin > 50;
    if (sc->log) {
        sc->lo = pow(10.0, floor(log10(ymin)) - 1);
        sc->hi = pow(10.0, ceil(log10(ymax)));
    } else {
        step = rp_svg_step(ymax);
        sc->hi = ceil(ymax / step) * step;
    }
    return step;
}

/* The module's bars in one chart: a cluster per configuration, a bar per machine, the
 * machines told by colour and the legend. In a lab (more than RP_PIVOT_MACHINES machines) that
 * chart would be thousands of pixels wide and its colours would repeat: there each
 * configuration (only) gets a chart of its own, and every bar is named under the axis. */
static void bar_chart(FILE *f, const rp_report *r, const wb_module *m, const char *only)
{
    const double left = 70, top = 40, plot_h = 260, bar_w = 22, gap = 18;
    /* the cluster labels are turned 35 degrees: their room below and to the right */
    const double sin35 = 0.574, cos35 = 0.819;
    double ymax = 0, ymin = 1e300, x, step = 1, t, bottom = 60, right = 0, width, height;
    size_t i, nbars = 0, nclusters = 0;
    const char *prev = NULL;
    scale sc;
    rp_frame plot;
    char title[300], heading[400], label[256], note[96];
    int lossy = 0;
    x = left + gap / 2;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (g->m != m || (only && strcmp(g->variant, only))) continue;
        nbars++;
        if (only) {   /* each bar's machine, under it */
            double len = (double)strlen(rp_machine_name(r, g->machine, label, sizeof label)) * TEXT_CHAR_PX;
            if (14 + len * sin35 + 16 > bottom) bottom = 14 + len * sin35 + 16;
            if (x + 4 + len * cos35 > right) right = x + 4 + len * cos35;
        } else if (!prev || strcmp(prev, g->variant)) {
            double len;
            if (prev) x += gap;
            nclusters++;
            rp_short_variant(r, g, label, sizeof label);
            len = (double)strlen(label) * TEXT_CHAR_PX;
            if (14 + len * sin35 + 16 > bottom) bottom = 14 + len * sin35 + 16;
            if (x + 4 + len * cos35 > right) right = x + 4 + len * cos35;
        }
        prev = g->variant;
        x += bar_w;
        lossy |= g->loss_pct > LOSSY_PCT;
        if (g->max > ymax) ymax = g->max;
        if (g->median > ymax) ymax = g->median;
        if (g->median > 0 && g->median < ymin) ymin = g->median;
    }
    if (nbars == 0) return;
    step = bar_scale(&sc, ymin, ymax, top, plot_h);
    height = top + plot_h + bottom;
    width = left + (double)nbars * bar_w + (double)nclusters * gap + LEGEND_W + 20;
    if (width < right + 10) width = right + 10;   /* the last label whole */
    if (width < 760) width = 760;
    plot.left = left, plot.top = top, plot.w = width - LEGEND_W - 20 - left, plot.h = plot_h;
    snprintf(title, sizeof title, "%s: %s per configuration and machine", m->name, wb_module_report(m)->unit);
    snprintf(heading, sizeof heading, "%s%s%s: %s, the median of the repetitions (%s is better; whiskers: min to max%s%s)",
             m->name, only ? " " : "", only ? only : "", wb_module_report(m)->unit,
             wb_module_report(m)->higher_is_better ? "higher" : "lower", sc.log ? "; logarithmic axis" : "",
             rp_alt_note(r, m, note, sizeof note));
    rp_frame_begin(f, width, height, NULL, title, heading, &plot);
    if (sc.log)
        for (t = sc.lo; t <= sc.hi * 1.0001; t *= 10) rp_frame_grid(f, &plot, y_of(&sc, t), t);
    else
        for (t = 0; t <= sc.hi + step / 2; t += step) rp_frame_grid(f, &plot, y_of(&sc, t), t);
    rp_frame_y_title(f, &plot, wb_module_report(m)->unit);
    x = left + gap / 2;
    prev = NULL;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (g->m != m || (only && strcmp(g->variant, only))) continue;
        if (prev && strcmp(prev, g->variant)) x += gap;
        rp_short_variant(r, g, label, sizeof label);
        if (only) {   /* whose bar it is */
            char name[128];
            wb_fprintf(f, "<text class=\"barname\" transform=\"translate(%.1f %.0f) rotate(35)\">", x + 8, top + plot_h + 14);
            rp_svg_text(f, rp_machine_name(r, g->machine, name, sizeof name));
            wb_fputs("</text>\n", f);
        } else if (!prev || strcmp(prev, g->variant)) {   /* the cluster's label, under its first bar */
            wb_fprintf(f, "<text transform=\"translate(%.1f %.0f) rotate(35)\">", x + 4, top + plot_h + 14);
            rp_svg_text(f, label);
            wb_fputs("</text>\n", f);
        }
        prev = g->variant;
        draw_bar(f, r, g, &sc, x, bar_w, label);
        x += bar_w;
    }
    rp_frame_axes(f, &plot);
    bar_legend(f, r, width - LEGEND_W, top, lossy, only != NULL);
    rp_frame_end(f);
}

/* The groups that make one chart of a kind drawn per configuration less a column (series
 * over time less the loop; percentiles less the loop): same module, same rest. */
static int same_chart(const rp_group *a, const rp_group *b, const char *column)
{
    char x[256], y[256];
    if (a->m != b->m) return 0;
    rp_variant_without(a, column, x, sizeof x);
    rp_variant_without(b, column, y, sizeof y);
    return strcmp(x, y) == 0;
}

/* 1 when group i is the first of its chart (the chart is drawn there). */
static int first_of_chart(const rp_report *r, size_t i, const char *column, int (*has)(const rp_group *))
{
    size_t k;
    if (!has(&r->groups[i])) return 0;
    for (k = 0; k < i; k++)
        if (has(&r->groups[k]) && same_chart(&r->groups[k], &r->groups[i], column)) return 0;
    return 1;
}

/* How many lines (and legend keys) the chart that `first` opens has. */
static int chart_lines(const rp_report *r, const rp_group *first, const char *column, int (*has)(const rp_group *))
{
    size_t k;
    int n = 0;
    for (k = 0; k < r->ngroups; k++) n += has(&r->groups[k]) && same_chart(&r->groups[k], first, column);
    return n;
}

/* The chart's heading part: the configuration the chart's lines share, as short as it reads
 * ("rate=1000"); empty when the lines share everything but the line column. */
static void chart_config(const rp_report *r, const rp_group *g, const char *column, char *buf, size_t cap)
{
    char label[256];
    rp_short_variant(r, g, label, sizeof label);
    rp_text_without(label, column, buf, cap);
}

static int has_series(const rp_group *g)
{
    return g->series_t.n > 0;
}

static int has_percentiles(const rp_group *g)
{
    return rp_percentile_count(g->m) >= 2;
}

/* The spec's percentiles (sockloop: latency p50 .. max), one chart per configuration less the
 * line column, a line per line-column value and machine, on a logarithmic axis: tails span
 * decades. */
static void percentile_chart(FILE *f, const rp_report *r, const rp_group *first)
{
    const wb_module *m = first->m;
    const wb_report_spec *spec = wb_module_report(m);
    const int npct = rp_percentile_count(m);
    const double left = 70, top = 40, plot_w = 420, plot_h = 260, width = 900;
    /* room for the legend's keys when they reach below the plot */
    const double keys = top + 18.0 * chart_lines(r, first, spec->series.line_column, has_percentiles) + 10;
    const double height = keys > 360 ? keys : 360;
    double lo = 1e300, hi = 0, d, xs[RP_MAX_PERCENTILES], ys[RP_MAX_PERCENTILES];
    size_t i;
    int k, lines = 0;
    rp_frame plot;
    char title[300], heading[600], config[256], words[300];
    for (i = 0; i < r->ngroups; i++)
        for (k = 0; k < npct && same_chart(&r->groups[i], first, spec->series.line_column); k++) {
            double v = rp_group_percentile(&r->groups[i], k);
            if (v > 0 && v < lo) lo = v;
            if (v > hi) hi = v;
        }
    if (!(hi > 0)) return;
    lo = pow(10.0, floor(log10(lo)));
    hi = pow(10.0, ceil(log10(hi)));
    if (hi <= lo) hi = lo * 10;
    plot.left = left, plot.top = top, plot.w = plot_w, plot.h = plot_h;
    chart_config(r, first, spec->series.line_column, config, sizeof config);
    /* the chart's lines share all but the loop: one kind of time, said in its words */
    rp_words(first, spec->percentiles.title, words, sizeof words);
    snprintf(title, sizeof title, "%s: %s", m->name, words);
    snprintf(heading, sizeof heading, "%s%s%s: %s (log scale)", m->name, config[0] ? ", " : "", config, words);
    rp_frame_begin(f, width, height, NULL, title, heading, &plot);
    for (d = lo; d <= hi * 1.0001; d *= 10)
        rp_frame_grid(f, &plot, top + plot_h - (log10(d) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h, d);
    for (k = 0; k < npct; k++) {
        wb_fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">", left + plot_w * k / (npct - 1), top + plot_h + 18);
        rp_svg_text(f, spec->percentiles.names[k]);
        wb_fputs("</text>\n", f);
    }
    rp_frame_y_title(f, &plot, rp_words(first, spec->percentiles.unit, words, sizeof words));
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">percentile</text>\n", left + plot_w / 2, top + plot_h + 40);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        size_t n = 0;
        if (!same_chart(g, first, spec->series.line_column)) continue;
        for (k = 0; k < npct; k++) {
            double v = rp_group_percentile(g, k);
            if (!(v > 0)) continue;
            xs[n] = left + plot_w * k / (npct - 1);
            ys[n++] = top + plot_h - (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h;
        }
        lines += line_and_key(f, r, g, xs, ys, n, left + plot_w + 30, top + 18.0 * lines, spec->series.line_column, NULL);
    }
    rp_frame_axes(f, &plot);
    rp_frame_end(f);
}

/* The histogram chart's ranges: edge k is 1, 2 or 5 x 10^(k/3) ns (k = 0: 1 ns). */
#define HIST_RANGES 40

static double range_edge_ns(int k)
{
    static const double mantissa[3] = { 1, 2, 5 };
    return mantissa[k % 3] * pow(10.0, (double)(k / 3));
}

static int range_of(double ns)
{
    double d, m;
    if (!(ns >= 1)) return 0;
    d = floor(log10(ns) + 1e-12);
    m = ns / pow(10.0, d);
    return 3 * (int)d + (m >= 5 - 1e-9 ? 2 : m >= 2 - 1e-9 ? 1 : 0);
}

/* The range a histogram bucket counts in: its middle's (a bucket is 0.4% wide, a range a
 * factor of 2 or 2.5). */
static int range_of_bucket(unsigned b)
{
    uint64_t lo, hi;
    wb_hist_bucket_range(b, &lo, &hi);
    return range_of(((double)lo + (double)hi) / 2);
}

static int has_histogram(const rp_group *g)
{
    return wb_module_report(g->m)->histogram.title && g->hist && g->hist->count > 0;
}

/* The share (%) of g's samples in each of the n ranges from k0 on. */
static void range_shares(const rp_group *g, int k0, int n, double *share)
{
    unsigned b;
    int k;
    for (k = 0; k < n; k++) share[k] = 0;
    for (b = 0; b < WB_HIST_BUCKETS; b++) {
        if (g->hist->buckets[b] == 0) continue;
        k = range_of_bucket(b) - k0;
        share[k < 0 ? 0 : k >= n ? n - 1 : k] += (double)g->hist->buckets[b];
    }
    for (k = 0; k < n; k++) share[k] = 100.0 * share[k] / (double)g->hist->count;
}

/* The lengths' ranges the chart's groups reach, into *k0 and *n (at most HIST_RANGES), and
 * the least share above 0 of any of them. */
static double hist_extent(const rp_report *r, const rp_group *first, const char *column, int *k0, int *n)
{
    int kmin = 1 << 20, kmax = 0, k;
    double least = 100, share[HIST_RANGES];
    size_t i;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (!has_histogram(g) || !same_chart(g, first, column)) continue;
        int least = range_of_bucket(wb_hist_index(g->hist->min)), most = range_of_bucket(wb_hist_index(g->hist->max));
        if (least < kmin) kmin = least;
        if (most > kmax) kmax = most;
    }
    *k0 = kmin, *n = kmax - kmin + 1 > HIST_RANGES ? HIST_RANGES : kmax - kmin + 1;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (!has_histogram(g) || !same_chart(g, first, column)) continue;
        range_shares(g, *k0, *n, share);
        for (k = 0; k < *n; k++)
            if (share[k] > 0 && share[k] < least) least = share[k];
    }
    return least;
}

/* The merged histograms (stalls' gaps) as the share of the samples in each 1-2-5 range of
 * lengths, on a logarithmic share axis (a gap in a thousand is what a user looks for): a line
 * per machine; a range with no sample has no point. */
static void histogram_chart(FILE *f, const rp_report *r, const rp_group *first)
{
    const wb_report_spec *spec = wb_module_report(first->m);
    const char *column = spec->series.line_column;
    const double left = 70, top = 40, plot_w = 520, plot_h = 240, width = 900;
    const double keys = top + 18.0 * chart_lines(r, first, column, has_histogram) + 10;
    const double height = keys > top + plot_h + 60 ? keys : top + plot_h + 60;
    double share[HIST_RANGES], xs[HIST_RANGES], ys[HIST_RANGES], lo, d, slot;
    int k0, n, k, lines = 0;
    size_t i;
    rp_frame plot;
    char title[300], heading[600], config[256], words[300];
    lo = pow(10.0, floor(log10(hist_extent(r, first, column, &k0, &n))));
    if (n < 1 || !(lo < 100)) lo = 1;
    slot = plot_w / n;
    plot.left = left, plot.top = top, plot.w = plot_w, plot.h = plot_h;
    chart_config(r, first, column, config, sizeof config);
    rp_words(first, spec->histogram.title, words, sizeof words);
    snprintf(title, sizeof title, "%s: %s", first->m->name, words);
    snprintf(heading, sizeof heading, "%s%s%s: %s (log scale)", first->m->name, config[0] ? ", " : "", config, words);
    rp_frame_begin(f, width, height, NULL, title, heading, &plot);
    for (d = lo; d <= 100 * 1.0001; d *= 10) rp_frame_grid(f, &plot, top + plot_h - log10(d / lo) / log10(100 / lo) * plot_h, d);
    for (k = 0; k <= n; k++)   /* every edge when they fit, else the powers of ten */
        if (n <= 14 || (k0 + k) % 3 == 0)
            wb_fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n", left + slot * k, top + plot_h + 18,
                    range_edge_ns(k0 + k) / 1000);
    rp_frame_y_title(f, &plot, "% of the gaps (log)");
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">", left + plot_w / 2, top + plot_h + 40);
    rp_svg_text(f, rp_words(first, spec->histogram.unit, words, sizeof words));
    wb_fputs(", ranges from edge to edge</text>\n", f);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        size_t np = 0;
        if (!has_histogram(g) || !same_chart(g, first, column)) continue;
        range_shares(g, k0, n, share);
        for (k = 0; k < n; k++) {
            if (!(share[k] > 0)) continue;
            xs[np] = left + slot * (k + 0.5);
            ys[np++] = top + plot_h - log10(share[k] / lo) / log10(100 / lo) * plot_h;
        }
        lines += line_and_key(f, r, g, xs, ys, np, left + plot_w + 30, top + 18.0 * lines, column, NULL);
    }
    rp_frame_axes(f, &plot);
    rp_frame_end(f);
}

/* The value of column `name` in a configuration text ("loop=select rate=1000 ..."). */
static double load_of(const char *variant, const char *name)
{
    char value[64];
    return rp_variant_value(variant, name, value, sizeof value) ? atof(value) : NAN;
}

/* Where a group stands on the load chart's x: the load it achieved (the median of its
 * repetitions' achieved column), else, for rows without one, the load its configuration asked. */
static double achieved_load(const rp_group *g, const wb_report_spec *spec)
{
    return g->achieved_median > 0 ? g->achieved_median : load_of(g->variant, spec->traffic.load_column);
}

/* 1 when a and b lie on one line of the load chart: one machine, all but the load alike. */
static int same_load_line(const rp_group *a, const rp_group *b)
{
    return a->m == b->m && a->machine == b->machine && same_chart(a, b, wb_module_report(a->m)->traffic.load_column);
}

/* Latency against offered load (a --rate list): one line per machine and configuration less
 * the load, log axes on both sides (rates and tails both span decades). Drawn when some line
 * has two loads or more. */
static void load_chart(FILE *f, const rp_report *r, const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    const double left = 70, top = 40, plot_w = 420, plot_h = 260, width = 900;
    double lo = 1e300, hi = 0, xlo = 1e300, xhi = 0, d, *xs, *ys, height = 360;
    size_t i, k;
    int lines = 0, drawn = 0, nlines = 0;
    rp_frame plot;
    char title[300], heading[420], note[96];
    if (!spec->traffic.load_column || spec->traffic.load_percentile >= rp_percentile_count(m)) return;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        double x, y;
        if (g->m != m) continue;
        x = achieved_load(g, spec);
        y = rp_group_percentile(g, spec->traffic.load_percentile);
        for (k = i + 1; k < r->ngroups; k++)   /* a second load on the same line? */
            if (same_load_line(&r->groups[k], g) &&
                load_of(r->groups[k].variant, spec->traffic.load_column) != load_of(g->variant, spec->traffic.load_column))
                drawn = 1;
        for (k = 0; k < i && !same_load_line(&r->groups[k], g); k++) continue;
        nlines += k == i;   /* the first of its line */
        if (!(x > 0 && y > 0)) continue;
        if (x < xlo) xlo = x;
        if (x > xhi) xhi = x;
        if (y < lo) lo = y;
        if (y > hi) hi = y;
    }
    if (!drawn || !(hi > 0) || !(xhi > xlo)) return;
    xs = (double *)malloc(r->ngroups * sizeof *xs);
    ys = (double *)malloc(r->ngroups * sizeof *ys);
    if (!xs || !ys) {
        free(xs), free(ys);
        return;
    }
    if (top + 18.0 * nlines + 10 > height) height = top + 18.0 * nlines + 10;   /* the legend's keys */
    lo = pow(10.0, floor(log10(lo)));
    hi = pow(10.0, ceil(log10(hi)));
    if (hi <= lo) hi = lo * 10;
    xlo = pow(10.0, floor(log10(xlo)));
    xhi = pow(10.0, ceil(log10(xhi)));
    plot.left = left, plot.top = top, plot.w = plot_w, plot.h = plot_h;
    snprintf(title, sizeof title, "%s: %s", m->name, spec->traffic.load_title);
    snprintf(heading, sizeof heading, "%s: %s (log scales%s)", m->name, spec->traffic.load_title, rp_alt_note(r, m, note, sizeof note));
    rp_frame_begin(f, width, height, NULL, title, heading, &plot);
    for (d = lo; d <= hi * 1.0001; d *= 10)
        rp_frame_grid(f, &plot, top + plot_h - (log10(d) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h, d);
    for (d = xlo; d <= xhi * 1.0001; d *= 10)
        wb_fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n",
                left + (log10(d) - log10(xlo)) / (log10(xhi) - log10(xlo)) * plot_w, top + plot_h + 18, d);
    rp_frame_y_title(f, &plot, spec->percentiles.unit);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">", left + plot_w / 2, top + plot_h + 40);
    rp_svg_text(f, spec->traffic.achieved_column ? spec->traffic.achieved_column : spec->traffic.load_column);
    if (spec->traffic.achieved_column) rp_svg_text(f, " (the load achieved, not the one asked: a sender behind its schedule offered less)");
    wb_fputs("</text>\n", f);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        size_t n = 0;
        int seen = 0;
        if (g->m != m) continue;
        for (k = 0; k < i && !seen; k++) seen = same_load_line(&r->groups[k], g);   /* drawn with an earlier group */
        if (seen) continue;
        for (k = i; k < r->ngroups; k++) {
            const rp_group *h = &r->groups[k];
            double x = achieved_load(h, spec), y = rp_group_percentile(h, spec->traffic.load_percentile);
            if (!same_load_line(h, g) || !(x > 0 && y > 0)) continue;
            xs[n] = left + (log10(x) - log10(xlo)) / (log10(xhi) - log10(xlo)) * plot_w;
            ys[n++] = top + plot_h - (log10(y) - log10(lo)) / (log10(hi) - log10(lo)) * plot_h;
        }
        /* the key without the load: the line is every load */
        lines += line_and_key(f, r, g, xs, ys, n, left + plot_w + 30, top + 18.0 * lines, NULL, spec->traffic.load_column);
    }
    rp_frame_axes(f, &plot);
    rp_frame_end(f);
    free(xs), free(ys);
}

/* The spec's series (sockloop: each interval's mean latency and received rate) against time,
 * one chart per configuration less the line column, a line per machine and line-column value:
 * a stall or a drift shows where it happened. */
static void series_charts(FILE *f, const rp_report *r, const rp_group *first)
{
    const wb_module *m = first->m;
    const wb_report_spec *spec = wb_module_report(m);
    const double left = 70, top = 40, w = 560, h = 180, width = 900;
    const double keys = top + 16.0 * chart_lines(r, first, spec->series.line_column, has_series) + 10;
    const double height = keys > top + h + 50 ? keys : top + h + 50;
    double tmax = 0, vmax = 0, rmax = 0, tstep, t, *xs, *ys;
    size_t k, j, most = 0;
    int pass;
    rp_frame plot;
    char name_buf[300], heading[600], config[256], words[300];
    for (k = 0; k < r->ngroups; k++) {
        const rp_group *g = &r->groups[k];
        if (!has_series(g) || !same_chart(g, first, spec->series.line_column)) continue;
        if (g->series_t.n > most) most = g->series_t.n;
        for (j = 0; j < g->series_t.n; j++) {
            if (g->series_t.v[j] > tmax) tmax = g->series_t.v[j];
            if (g->series_v.v[j] > vmax) vmax = g->series_v.v[j];
            if (g->series_rate.v[j] > rmax) rmax = g->series_rate.v[j];
        }
    }
    if (!(tmax > 0) || !(vmax > 0)) return;
    xs = (double *)malloc(most * sizeof *xs);
    ys = (double *)malloc(most * sizeof *ys);
    if (!xs || !ys) {
        free(xs), free(ys);
        return;
    }
    /* the time axis from 0 to the run's length, in whole steps */
    tstep = rp_svg_step(tmax);
    tmax = ceil(tmax / tstep - 1e-9) * tstep;
    chart_config(r, first, spec->series.line_column, config, sizeof config);
    for (pass = 0; pass < 2; pass++) {   /* the metric, then the rate */
        const char *title = rp_words(first, pass ? spec->series.rate_title : spec->series.metric_title, words, sizeof words);
        double ymax = pass ? rmax : vmax, step;
        int lines = 0;
        if (pass && (spec->series.rate == NULL || !(rmax > 0))) break;
        step = rp_svg_step(ymax);
        ymax = ceil(ymax / step) * step;
        plot.left = left, plot.top = top, plot.w = w, plot.h = h;
        snprintf(name_buf, sizeof name_buf, "%s over time: %s", m->name, title);
        snprintf(heading, sizeof heading, "%s over time%s%s: %s", m->name, config[0] ? ", " : "", config, title);
        rp_frame_begin(f, width, height, "series", name_buf, heading, &plot);
        for (k = 0; k * step <= ymax + step / 2; k++) rp_frame_grid(f, &plot, top + h - (double)k * step / ymax * h, (double)k * step);
        for (t = 0; t <= tmax + tstep / 2; t += tstep) {
            double x = left + t / tmax * w;
            wb_fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\"/>", x, top + h, x, top + h + 4);
            wb_fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n", x, top + h + 16, t);
        }
        wb_fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">seconds into the run (first repetition)</text>\n",
                left + w / 2, top + h + 34);
        for (k = 0; k < r->ngroups; k++) {
            const rp_group *g = &r->groups[k];
            const rp_values *v = pass ? &g->series_rate : &g->series_v;
            size_t n = 0;
            if (!has_series(g) || !same_chart(g, first, spec->series.line_column)) continue;
            for (j = 0; j < g->series_t.n && j < v->n; j++) {
                if (v->v[j] != v->v[j]) continue;
                xs[n] = left + g->series_t.v[j] / tmax * w;
                ys[n++] = top + h - v->v[j] / ymax * h;
            }
            lines += line_and_key(f, r, g, xs, ys, n, left + w + 20, top + 16.0 * lines, spec->series.line_column, NULL);
        }
        rp_frame_axes(f, &plot);
        rp_frame_end(f);
    }
    free(xs), free(ys);
}

void rp_write_charts(FILE *f, const rp_report *r, const wb_module *m)
{
    size_t i;
    if (r->nmachines <= RP_PIVOT_MACHINES) {
        bar_chart(f, r, m, NULL);
    } else {   /* a lab: a chart per configuration, each of its groups' first */
        for (i = 0; i < r->ngroups; i++)
            if (r->groups[i].m == m && (i == 0 || r->groups[i - 1].m != m || r->groups[i].order != r->groups[i - 1].order))
                bar_chart(f, r, m, r->groups[i].variant);
    }
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && first_of_chart(r, i, wb_module_report(m)->series.line_column, has_percentiles))
            percentile_chart(f, r, &r->groups[i]);
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && first_of_chart(r, i, wb_module_report(m)->series.line_column, has_histogram))
            histogram_chart(f, r, &r->groups[i]);
    load_chart(f, r, m);
    if (wb_module_report(m)->series.row && wb_module_report(m)->series.metric)
        for (i = 0; i < r->ngroups; i++)
            if (r->groups[i].m == m && first_of_chart(r, i, wb_module_report(m)->series.line_column, has_series))
                series_charts(f, r, &r->groups[i]);
}

/* The charts' shared SVG pieces (report_svg.h). */
#include "report_svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "win/wb_utf8.h"
#include "wb_console.h"

static const char *const palette[] = { "#3366cc", "#dc7633", "#2e8b57", "#a23b72", "#8c6d1f", "#17a2b8", "#6c757d", "#c0392b" };
#define NPALETTE ((int)(sizeof palette / sizeof palette[0]))
/* Machines are told apart by dash and marker together, so that a line stays recognisable
 * printed in grey, and where two colours are close. */
static const char *const dashes[] = { "none", "7 3", "2 3", "10 3 2 3" };
#define NDASHES ((int)(sizeof dashes / sizeof dashes[0]))
#define NMARKERS 5

/* Width of an average character of the 12 px bold heading, in px: Arial's is 6.7 (measured
 * in the browser); a little more so that a line never runs out of the chart. */
#define HEADING_CHAR_PX 7.2
#define HEADING_LINE_PX 15.0

void rp_svg_text(FILE *f, const char *text)
{
    char utf8[2048];
    const char *s = utf8;
    wb_utf8(text, utf8, sizeof utf8);   /* the page says UTF-8 */
    for (; *s; s++) {
        switch (*s) {
        case '&': wb_fputs("&amp;", f); break;
        case '<': wb_fputs("&lt;", f); break;
        case '>': wb_fputs("&gt;", f); break;
        case '"': wb_fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Past the palette's eight: colours spread round the hue circle by the golden angle, in three
 * lightnesses, so that a lab's 32 machines (64 at most before one comes back) each have their
 * own, and neighbours differ most (HSL to RGB, saturation 65%). */
#define NCOLOURS 64
static void generated(int i, char *out, size_t cap)
{
    double h = fmod(i * 137.508, 360.0) / 60.0, l = i % 3 == 0 ? 0.38 : i % 3 == 1 ? 0.55 : 0.68, s = 0.65;
    double c = (1 - fabs(2 * l - 1)) * s, x = c * (1 - fabs(fmod(h, 2.0) - 1)), m = l - c / 2, rgb[3];
    int k = (int)h;
    rgb[0] = k == 0 || k == 5 ? c : k == 1 || k == 4 ? x : 0;
    rgb[1] = k == 0 || k == 3 ? x : k == 1 || k == 2 ? c : 0;
    rgb[2] = k == 2 || k == 5 ? x : k == 3 || k == 4 ? c : 0;
    snprintf(out, cap, "#%02x%02x%02x", (int)((rgb[0] + m) * 255 + 0.5), (int)((rgb[1] + m) * 255 + 0.5),
             (int)((rgb[2] + m) * 255 + 0.5));
}

const char *rp_svg_colour(int i)
{
    static char colours[NCOLOURS][8];
    i = (i < 0 ? -i : i) % NCOLOURS;
    if (i < NPALETTE) return palette[i];
    if (colours[i][0] == '\0') generated(i, colours[i], sizeof colours[i]);
    return colours[i];
}

double rp_svg_step(double max)
{
    double raw = max / 5.0, mag = pow(10.0, floor(log10(raw))), n = raw / mag;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

/* The heading's lines: breaks at spaces, at most `per_line` characters a line where a word
 * allows. Writes them as tspans when f is not NULL; returns how many there are. */
static int heading_lines(FILE *f, const char *heading, double x, size_t per_line)
{
    const char *p = heading;
    int lines = 0;
    while (*p) {
        const char *end = p, *space = NULL;
        char line[600];
        size_t len;
        while (*end && (size_t)(end - p) < per_line) {
            if (*end == ' ') space = end;
            end++;
        }
        if (*end && *end != ' ' && space) end = space;   /* a whole word to the next line */
        while (*end && *end != ' ' && (size_t)(end - p) >= per_line) end++;   /* a word longer than a line */
        len = (size_t)(end - p) < sizeof line - 1 ? (size_t)(end - p) : sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        if (f) {
            wb_fprintf(f, "<tspan x=\"%.0f\" dy=\"%.0f\">", x, lines ? HEADING_LINE_PX : 0.0);
            rp_svg_text(f, line);
            wb_fputs("</tspan>", f);
        }
        lines++;
        p = end;
        while (*p == ' ') p++;
    }
    return lines ? lines : 1;
}

void rp_frame_begin(FILE *f, double width, double height, const char *cls, const char *title, const char *heading,
                    const rp_frame *p)
{
    size_t per_line = (size_t)((width - p->left - 10) / HEADING_CHAR_PX);
    double extra = (heading_lines(NULL, heading, p->left, per_line) - 1) * HEADING_LINE_PX;
    wb_fprintf(f, "<figure><svg%s%s%s width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
            cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "", width, height + extra, width, height + extra);
    rp_svg_text(f, title);
    wb_fprintf(f, "</title>\n<text x=\"%.0f\" y=\"20\" font-weight=\"bold\">", p->left);
    heading_lines(f, heading, p->left, per_line);
    /* the rest as if the heading were one line: moved down by the lines it took beyond one */
    wb_fprintf(f, "</text>\n<g transform=\"translate(0 %.0f)\">\n", extra);
}

void rp_frame_grid(FILE *f, const rp_frame *p, double y, double value)
{
    wb_fprintf(f, "<line class=\"grid\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\"/>", p->left, y, p->left + p->w, y);
    wb_fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", p->left - 6, y + 4, value);
}

void rp_frame_y_title(FILE *f, const rp_frame *p, const char *text)
{
    wb_fprintf(f, "<text transform=\"translate(14 %.0f) rotate(-90)\" text-anchor=\"middle\">", p->top + p->h / 2);
    rp_svg_text(f, text);
    wb_fputs("</text>\n", f);
}

void rp_frame_axes(FILE *f, const rp_frame *p)
{
    wb_fprintf(f, "<line class=\"axis\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>", p->left, p->top, p->left,
            p->top + p->h);
    wb_fprintf(f, "<line class=\"axis\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"/>\n", p->left, p->top + p->h,
            p->left + p->w, p->top + p->h);
}

void rp_frame_end(FILE *f)
{
    wb_fputs("</g></svg></figure>\n", f);
}

rp_look rp_look_of(int configuration, int nmachines, int machine)
{
    rp_look look;
    /* The colour is the machine's, as in the bar charts of the same section (blue is one machine
     * everywhere); 4 dashes x 5 markers tell 20 configurations (loops) apart (4 and 5 have no
     * common factor, so configurations 0-19 each get their own pair, and neighbours differ in
     * both); each further 20 configurations take colours past the machines', so that no two
     * (configuration, machine) pairs of a chart look alike until there are 64 colours' worth of
     * them (1,280 lines). */
    int per_colour = NDASHES * NMARKERS, style = configuration % per_colour;
    if (nmachines < 1) nmachines = 1;
    look.colour = rp_svg_colour(machine + nmachines * (configuration / per_colour));
    look.dash = dashes[style % NDASHES];
    look.marker = style % NMARKERS;
    return look;
}

static void marker(FILE *f, int kind, double x, double y)
{
    switch (kind) {
    case 0: wb_fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"/>", x, y); break;
    case 1: wb_fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"6.4\" height=\"6.4\"/>", x - 3.2, y - 3.2); break;
    case 2: wb_fprintf(f, "<path d=\"M%.1f %.1fl4 7h-8z\"/>", x, y - 4.2); break;
    case 3: wb_fprintf(f, "<path d=\"M%.1f %.1fl4.2 4.2l-4.2 4.2l-4.2 -4.2z\"/>", x, y - 4.2); break;
    default: wb_fprintf(f, "<path d=\"M%.1f %.1fl4 -7h-8z\"/>", x, y + 4.2); break;
    }
}

/* Markers on at most this many points of a line: a long series keeps its line readable. */
#define MAX_MARKERS 60

void rp_svg_line(FILE *f, rp_look look, const char *name, const double *x, const double *y, size_t n)
{
    size_t i, every = n > MAX_MARKERS ? n / MAX_MARKERS + 1 : 1;
    wb_fputs("<g class=\"line\"><title>", f);   /* a pointer on the line or a point says whose it is */
    rp_svg_text(f, name);
    wb_fprintf(f, "</title><polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\" points=\"",
            look.colour, look.dash);
    for (i = 0; i < n; i++) wb_fprintf(f, "%.1f,%.1f ", x[i], y[i]);
    wb_fprintf(f, "\"/><g class=\"marker%d\" fill=\"%s\">", look.marker, look.colour);
    for (i = 0; i < n; i++)
        if (i % every == 0 || i + 1 == n) marker(f, look.marker, x[i], y[i]);
    wb_fputs("</g></g>\n", f);
}

void rp_svg_key(FILE *f, rp_look look, double x, double y, const char *text)
{
    wb_fprintf(f, "<g class=\"key\"><line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\" "
               "stroke-dasharray=\"%s\"/><g class=\"marker%d\" fill=\"%s\">",
            x, y + 6, x + 26, y + 6, look.colour, look.dash, look.marker, look.colour);
    marker(f, look.marker, x + 13, y + 6);
    wb_fprintf(f, "</g><text x=\"%.0f\" y=\"%.0f\">", x + 32, y + 10);
    rp_svg_text(f, text);
    wb_fputs("</text></g>\n", f);
}

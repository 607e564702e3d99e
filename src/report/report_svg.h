/* The SVG pieces every chart of the HTML report shares: escaped UTF-8 text, the frame (figure,
 * wrapped heading, grid, axes) and the look of a line (colour, dash, marker) with its legend
 * key. Private to the report. */
#ifndef RP_REPORT_SVG_H
#define RP_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

void rp_svg_text(FILE *f, const char *text);   /* a CSV cell, escaped, as UTF-8 */
const char *rp_svg_colour(int i);              /* the i-th of the palette's colours (wraps) */
double rp_svg_step(double max);                /* 1, 2 or 5 x 10^k: about five steps up to max */

/* The plot area inside a chart. */
typedef struct rp_frame {
    double left, top, w, h;
} rp_frame;

/* Opens the figure: title is the SVG's accessible name, heading the bold line(s) above the
 * plot, wrapped to the chart's width (the chart grows by the extra lines; its coordinates do
 * not move). Both unescaped. */
void rp_frame_begin(FILE *f, double width, double height, const char *cls, const char *title, const char *heading,
                    const rp_frame *p);
void rp_frame_grid(FILE *f, const rp_frame *p, double y, double value);   /* a line across, its value left */
void rp_frame_y_title(FILE *f, const rp_frame *p, const char *text);       /* turned along the value axis */
void rp_frame_axes(FILE *f, const rp_frame *p);
void rp_frame_end(FILE *f);

/* How a line looks: its colour names the machine (as a bar's does), its dash and marker the
 * configuration (and, past 20 configurations, the colour too: see rp_look_of). */
typedef struct rp_look {
    const char *colour, *dash;
    int marker;   /* 0 circle, 1 square, 2 triangle, 3 diamond, 4 triangle down */
} rp_look;

rp_look rp_look_of(int configuration, int nmachines, int machine);
/* A line through n points, with a marker on each (on every k-th of a long one, and the last):
 * a series of one point is a marker, not nothing. `name` (unescaped) is its tooltip. */
void rp_svg_line(FILE *f, rp_look look, const char *name, const double *x, const double *y, size_t n);
/* A legend entry at (x, y): a piece of the line with its marker, then the text (unescaped). */
void rp_svg_key(FILE *f, rp_look look, double x, double y, const char *text);

#endif

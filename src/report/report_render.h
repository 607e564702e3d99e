/* The report's renderers: each reads the model and writes one form of it. Private to
 * winbench.exe. */
#ifndef WB_REPORT_RENDER_H
#define WB_REPORT_RENDER_H

#include <stdio.h>
#include "report_model.h"

/* Every renderer has one shape: the model in one form, into f; 0, or -1 when it failed. The
 * table's columns and cells (report_table.c) are shared by the table, TSV, CSV and Markdown. */
int   rp_write_table(const rp_report *r, FILE *f);     /* aligned columns for a console */
int   rp_write_tsv(const rp_report *r, FILE *f);       /* tab-separated, CRLF */
int   rp_write_clipboard(const rp_report *r, FILE *f); /* the TSV onto the clipboard (CF_TEXT), said on f */
int   rp_write_csv(const rp_report *r, FILE *f);
int   rp_write_markdown(const rp_report *r, FILE *f);  /* a GitHub-style table */
int   rp_write_html(const rp_report *r, FILE *f);
/* One module's charts, as inline SVG figures, into the HTML (report_charts.c). */
void  rp_write_charts(FILE *f, const rp_report *r, const wb_module *m);

#endif

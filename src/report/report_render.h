/* The report's renderers: each reads the model and writes one form of it. Private to
 * winbench.exe. */
#ifndef WB_REPORT_RENDER_H
#define WB_REPORT_RENDER_H

#include <stdio.h>
#include "report_model.h"

void  rp_print_table(const rp_report *r, FILE *out);   /* aligned columns for a console */
char *rp_tsv_text(const rp_report *r);                 /* tab-separated, CRLF; free() it */
int   rp_write_csv(const rp_report *r, FILE *f);       /* 0, or -1 if writing failed */
int   rp_write_markdown(const rp_report *r, FILE *f);  /* a GitHub-style table; 0 or -1 */
int   rp_to_clipboard(const char *text);               /* CF_TEXT; 0, or -1 (said on stderr) */
int   rp_write_html(const rp_report *r, FILE *f);      /* 0, or -1 if writing failed */
/* One module's charts, as inline SVG figures, into the HTML (report_charts.c). */
void  rp_write_charts(FILE *f, const rp_report *r, const wb_module *m);

#endif

/* The report's renderers: each reads the model and writes one form of it. Private to
 * winbench.exe. */
#ifndef WB_REPORT_RENDER_H
#define WB_REPORT_RENDER_H

#include <stdio.h>
#include "report_model.h"

/* Every renderer has one shape: the model in one form, into f; 0, or -1 when it failed. The
 * table's columns and cells (report_table.c) are shared by the table, TSV, CSV and Markdown. */
int   rp_write_table(const rp_report *r, FILE *f);     /* aligned columns for a console */
int   rp_write_answers(const rp_report *r, FILE *f);   /* one line per comparison (--answers) */
int   rp_write_answers_first(const rp_report *r, FILE *f);   /* the same, leading the console's tables */
int   rp_write_tsv(const rp_report *r, FILE *f);       /* tab-separated, CRLF */
int   rp_write_clipboard(const rp_report *r, FILE *f); /* the TSV onto the clipboard (CF_TEXT), said on f */
int   rp_write_csv(const rp_report *r, FILE *f);
int   rp_write_markdown(const rp_report *r, FILE *f);  /* a GitHub-style table */
int   rp_write_json(const rp_report *r, FILE *f);      /* the table for programs */
int   rp_write_html(const rp_report *r, FILE *f);
/* Where an output goes, and so the option that asks for it. */
typedef enum rp_dest {
    RP_DEST_PEOPLE,      /* the console table: shown unless an RP_DEST_STDOUT output takes its place */
    RP_DEST_STDOUT,      /* a flag that prints this form on stdout instead of the table (--tsv) */
    RP_DEST_CLIPBOARD,   /* a flag: onto the clipboard, which the renderer says on f (stderr) */
    RP_DEST_FILE         /* an option naming a file, or - for stdout */
} rp_dest;

/* One output of the report, defined beside its renderer: the option that asks for it (NULL:
 * the table, always there), its name for people, its option's help, where it goes. */
typedef struct rp_format {
    const char *option, *label, *help;
    rp_dest dest;
    int crlf_own;        /* RP_DEST_STDOUT: the text ends its lines in CRLF itself (stdout binary) */
    int (*write)(const rp_report *r, FILE *f);
} rp_format;

/* Every output, in the order they are written and their options are listed: X(NAME) for a
 * `const rp_format rp_format_NAME` in its renderer's file. A new format is its file and a
 * name here; report.c makes its option, opens its file and writes it. */
#define RP_FORMATS(X) X(table) X(answers) X(tsv) X(clip) X(csv) X(json) X(html) X(md) X(gbench) X(bmf) X(gab_smaller) X(gab_bigger)
#define RP_DECLARE_FORMAT(name) extern const rp_format rp_format_##name;
RP_FORMATS(RP_DECLARE_FORMAT)
#undef RP_DECLARE_FORMAT
#define RP_COUNT_FORMAT(name) +1
enum { RP_FORMAT_COUNT = 0 RP_FORMATS(RP_COUNT_FORMAT) };
#undef RP_COUNT_FORMAT

/* More than RP_PIVOT_MACHINES machines: the table for people (the console, --tsv) pivots, a
 * configuration per row and a machine per column (report_pivot.c); --csv and --json keep a
 * row per configuration and machine. tsv: tab-separated, whole configurations. */
#define RP_PIVOT_MACHINES 4
int   rp_pivot_wanted(const rp_report *r);
int   rp_write_pivot(const rp_report *r, FILE *f, int tsv);
void  rp_write_pivot_html(const rp_report *r, FILE *f, const wb_module *m);   /* one module's, as an HTML table */
/* A group's median as people read it ("20.59 ms") and its unit's words ("mean latency")
 * (report_people.c). */
void  rp_median_for_people(const rp_group *g, char *median, char *unit, size_t cap);

/* "Where the differences lie": every comparison of a module with parts, split by them, with its
 * noise and the machines' other differences (report_where.c); md: as Markdown. */
int   rp_write_where(const rp_report *r, FILE *f, int md);

/* A module's parts as stacked bars, one per machine and configuration, and each comparison's
 * sentence of where its difference lies (report_parts_chart.c); nothing for a module without. */
void  rp_write_parts_chart(FILE *f, const rp_report *r, const wb_module *m);

/* One module's charts, as inline SVG figures, into the HTML (report_charts.c). */
void  rp_write_charts(FILE *f, const rp_report *r, const wb_module *m);

#endif

/* Where a run's results go: a small interface that the CSV writer and the console printer
 * implement (hyperfine's exporters, Google Benchmark's reporters). The repetition loop calls
 * the sinks it is given and never knows what they write. Every call may come from a module's
 * thread while a repetition runs (rep_start, extra_row, line): the loop serialises them.
 * Private to winbench.exe. */
#ifndef WB_SINK_H
#define WB_SINK_H

#include "result.h"

typedef struct wb_sink wb_sink;
struct wb_sink {
    /* Before anything else, once per run. */
    void (*begin)(wb_sink *s, const wb_run_info *run);
    /* A variant's set-up is done: its rows follow. */
    void (*variant)(wb_sink *s, const wb_variant_info *v);
    /* A repetition (warm-up when rep is 0) starts; permille is its progress, 0..1000. */
    void (*rep_start)(wb_sink *s, unsigned index, unsigned total, const volatile LONG *permille);
    void (*rep)(wb_sink *s, const wb_rep_result *r);
    void (*extra_row)(wb_sink *s, const wb_extra_row *row);
    /* A line for people from a module's repetition (an interval line): not with --quiet. */
    void (*line)(wb_sink *s, const char *text);
    /* A note about the run (a variant skipped, where a reflector listens): always shown. */
    void (*note)(wb_sink *s, const char *text);
    void (*summary)(wb_sink *s, const wb_variant_result *r);
    /* After all variants: a module's comparison of them. */
    void (*compare)(wb_sink *s, int n, const void *const *variants, const double *const *medians);
    /* Once, at the end. Returns 0, or -1 when what it wrote is incomplete (disk full). */
    int  (*end)(wb_sink *s, int rc);
};

/* The CSV (or TSV) file. Opening checks the path (never overwrites without --force); the
 * returned code is an exit code, with the message already printed. */
wb_sink *wb_csv_sink_open(const wb_run_info *run, const char *stamp, int *rc);
const char *wb_csv_sink_path(const wb_sink *s);      /* "-" for stdout */
int wb_csv_sink_rows(const wb_sink *s);              /* data rows written */
int wb_csv_sink_is_stdout(const wb_sink *s);

/* The console: banner, a line per repetition, the summary, warnings, progress. con is where
 * lines for people go (stderr when the CSV is on stdout). */
wb_sink *wb_console_sink_open(FILE *con, int quiet);
/* Said after end(): where the rows went, or what an interruption left. */
void wb_console_sink_close(wb_sink *s, int rc, const char *csv_path, int csv_rows, int csv_on_stdout);

void wb_csv_sink_free(wb_sink *s);

#endif

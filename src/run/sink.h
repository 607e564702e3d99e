/* Where a run's results go: a small interface that the CSV writer and the console printer
 * implement (hyperfine's exporters, Google Benchmark's reporters). The repetition loop calls
 * the sinks it is given and never knows what they write. Every call may come from a module's
 * thread while a repetition runs (rep_start, extra_row, line): the loop serialises them.
 * Private to winbench.exe. */
#ifndef WB_SINK_H
#define WB_SINK_H

#include "result.h"

/* How the run ended, as the runner hands it to every sink's close: the exit code, and where the
 * rows went (told by the sink that wrote them, through its where()). */
typedef struct wb_run_end {
    int rc;
    char rows_path[MAX_PATH];     /* "": no sink wrote rows; "-": stdout (a copy: sinks close in turn) */
    int rows;                     /* data rows written */
    const char *rows_kind;        /* "CSV" or "TSV" (static text) */
    char json_path[MAX_PATH];     /* "": no --json */
} wb_run_end;

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
    /* Optional: a sink that writes the run's rows says where, into e (after end). */
    void (*where)(const wb_sink *s, wb_run_end *e);
    /* Last: its final words on how the run ended (the console: where the rows are), and free. */
    void (*close)(wb_sink *s, const wb_run_end *e);
};

/* Every sink is opened the same way, in the order of the runner's table (src/run/runner.c):
 * NULL, with the exit code in *rc and the reason said, when it cannot be. */
typedef wb_sink *(*wb_sink_open_fn)(const wb_run_info *run, const char *stamp, int *rc);

/* The CSV (or TSV) file. Opening checks the path (never overwrites without --force). */
wb_sink *wb_csv_sink_open(const wb_run_info *run, const char *stamp, int *rc);

/* The JSON document (--json FILE): NULL with *rc 0 when not asked for. */
wb_sink *wb_json_sink_open(const wb_run_info *run, const char *stamp, int *rc);

/* The HdrHistogram interval log (--hlog FILE): NULL with *rc 0 when not asked for. */
wb_sink *wb_hlog_sink_open(const wb_run_info *run, const char *stamp, int *rc);

/* The console: banner, a line per repetition, the summary, warnings, progress; lines for
 * people go to stdout, or to stderr when the CSV is on stdout (--csv -). Its close says where
 * the rows went, or what an interruption left. */
wb_sink *wb_console_sink_open(const wb_run_info *run, const char *stamp, int *rc);

/* The run's CSV (or TSV) file, created without ever replacing one unless --force: --csv's
 * path, or winbench-<module>-<host>-<stamp>.csv (numbered -2 ... when that exists); its path
 * into path. NULL with *rc the exit code (a usage error said) when it cannot be. */
FILE *wb_csv_create(const char *module, const wb_common *common, const char *host, const char *stamp, char *path,
                    size_t cap, int *rc);

/* 1 when the run's rows go to stdout (--csv -): lines for people then go to stderr. */
int wb_rows_on_stdout(const wb_common *common);

#endif

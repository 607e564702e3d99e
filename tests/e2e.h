/* End-to-end test helpers: each test program (e2e_sendmsg, e2e_idle) runs winbench.exe, found
 * beside itself, in an empty working directory of its own, and checks exit codes, lines, CSVs. */
#ifndef E2E_H
#define E2E_H

#include <windows.h>
#include <stddef.h>

#include "core/wb_csv.h"
#include "wbtest.h"

typedef struct result {
    DWORD code;
    char *out, *err;    /* whole stdout / stderr */
    size_t out_len, err_len;
    /* The process's CPU as this test reads it from outside, once it has ended (GetProcessTimes
     * on its handle). Wine 8 reads no user time for any process but the caller's own. */
    double cpu_user_s, cpu_kernel_s;
} result;

extern char g_dir[MAX_PATH];   /* the test's working directory */

/* Runs winbench with a NULL-terminated argument list in g_dir; never waits more than 120 s;
 * records a failure if it crashed (exception exit code). */
result run(const char *first, ...);
result run_utf8(const char *first, ...);
/* run() with a test hook (WB_HOOK_*, include/wb_test_hooks.h) set to value for that run alone:
 * set, start, unset, so that no test can forget the unset and leak the hook into the next run. */
result run_env(int hook, const char *value, const char *first, ...);   /* the same, the arguments UTF-8 (ASCII paths), passed as Unicode */
/* A test hook (include/wb_test_hooks.h) set for the runs that follow, by its id, and cleared:
 * hook_set(WB_HOOK_SLOW_REP, "4") ... hook_clear(WB_HOOK_SLOW_REP). */
void hook_set(int id, const char *value);
void hook_clear(int id);

/* The same in two steps, for a process that runs beside the test (a reflector). */
typedef struct proc {
    HANDLE process;
    char cmd[4096], out_path[MAX_PATH], err_path[MAX_PATH];
} proc;
proc start(const char *first, ...);
result finish(proc *p, DWORD timeout_ms);
char *proc_output_so_far(const proc *p);   /* its stdout up to now; free() it */
void result_free(result *r);
void path_in_dir(char *buf, size_t cap, const char *name);
void path_beside_exe(char *buf, size_t cap, const char *name);   /* next to winbench.exe */
int count_lines(const char *s);
char *read_all(const char *path, size_t *len);   /* whole file, NUL-terminated; NULL if absent */
int dir_has_csv(void);
int csv_files_here(void);   /* *.csv files in g_dir */

/* Usage errors: exit 2, exactly one line "winbench: ..." (want_line when not NULL), nothing
 * on stdout, no CSV. */
void expect_usage(const char *want_line, const char *a1, const char *a2, const char *a3, const char *a4);

typedef struct csv_file {
    wb_csv_table t;
    int ok;
} csv_file;

csv_file load_csv(const char *path, char sep);
csv_file load_csv_here(const char *name, char sep);   /* a file in g_dir */
const char *cell(const csv_file *c, size_t row, const char *col);
/* A number the test needs: an empty or missing cell fails the test (naming the column) and reads
 * as NaN; num_or_empty() allows "not applicable" (NaN, no failure). */
double num(const csv_file *c, size_t row, const char *col);
double num_or_empty(const csv_file *c, size_t row, const char *col);
/* The row count the checks that follow rely on (header included): a different one fails. */
int rows_are(const csv_file *c, size_t want);
int cell_is(const csv_file *c, size_t row, const char *col, const char *want);
/* The first row of a kind ("rep", "interval", "summary"), of one loop (NULL: any), 0 when none;
 * and how many there are. */
size_t row_of(const csv_file *c, const char *kind, const char *loop);
int rows_of_kind(const csv_file *c, const char *kind, const char *loop);
/* The rows of a kind (NULL: any) whose column holds value (column NULL: every one). */
int rows_where(const csv_file *c, const char *kind, const char *column, const char *value);
/* A file of g_dir written whole (a fixture). */
void write_file(const char *name, const char *text);

/* The parts tests' readings: the smallest value of a metric over the rep rows with column=value
 * (every rep row when column is NULL; interference only slows a loop); the median of one over the
 * rep rows; the share a report's where-line gives a part ("where: WHOLE ...: ..., N% PART"),
 * and a part's row's share in its table of parts; NaN when there is none. */
int by_value(const void *a, const void *b);   /* qsort's order of doubles */
double fastest(const csv_file *c, const char *metric, const char *column, const char *value);
double median_rep(const csv_file *c, const char *metric);
double share_named(const char *out, const char *whole, const char *part);
double table_share(const char *out, const char *part);

/* The HTML report (e2e_report, e2e_suite): how often what occurs in text; a file of the test's
 * folder well-formed with that many charts, needing nothing from a network; every part of every
 * parts chart drawn in its layer's documented colour family, each chart with its 0-100% axis. */
int occurrences(const char *text, const char *what);
void check_html(const char *name, int svgs);
void check_layer_colours(const char *name);

/* main(): set up g_dir, run the named case, remove g_dir. */
int e2e_main(const wbt_case *cases, int argc, char **argv);

/* Sleep(1) timed over and over in a thread of the test while a run goes on beside it, so that
 * the run's own figure can be held against what Sleep(1) took at the same time, whatever else
 * the machine was doing. period_1ms: the thread asks for a 1 ms timer (timeBeginPeriod) first,
 * as the run does. */
#define SLEEP_WATCH_CAP 8192
typedef struct sleep_watch {
    volatile LONG stop;
    int period_1ms;
    /* after each Sleep(1), a spin of this long (0: none), its end timed too: a loop shaped as
     * a waiter whose every wake-up is followed by that much work, which a busy machine's
     * scheduler treats as the CPU-bound thread it is (set before sleep_watch_start) */
    double spin_ms;
    unsigned n;
    double ms[SLEEP_WATCH_CAP];
    HANDLE thread;
} sleep_watch;
void sleep_watch_start(sleep_watch *w, int period_1ms);   /* keeps w->spin_ms */
void sleep_watch_stop(sleep_watch *w);
/* The least and greatest median of 5 consecutive calls; 0 when fewer than 5 were timed. */
int sleep_watch_range(const sleep_watch *w, double *least, double *most);
/* The q-th quantile (0..1) of the single calls, ms; NaN when none was timed. */
double sleep_watch_quantile(const sleep_watch *w, double q);

#endif

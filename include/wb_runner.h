/* The part of winbench that every benchmark shares: common options, repetitions, statistics,
 * console lines and CSV rows. Private to winbench.exe (not used by modules). */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include <stdio.h>
#include "wb_module.h"
#include "wb_options.h"

enum { WB_EXIT_OK = 0, WB_EXIT_RUNTIME = 1, WB_EXIT_USAGE = 2, WB_EXIT_INTERRUPTED = 130 };

/* Ctrl+C / Ctrl+Break handling (and the WINBENCH_STOP_AFTER_MS test hook), armed once. */
void wb_watch_for_stop(void);

typedef struct wb_common {
    uint64_t repeat, warmup, affinity;
    const char *csv, *label, *run_id;
    int tsv, priority, quiet, force;
} wb_common;

enum { WB_PRIORITY_NORMAL, WB_PRIORITY_HIGH, WB_PRIORITY_REALTIME };

extern const wb_option wb_common_options[];

/* The common table as module m sees it: with the module's own --repeat / --warmup defaults.
 * The parser and `winbench help <module>` both use this copy, so they cannot disagree. */
#define WB_MAX_COMMON_OPTIONS 16
void wb_common_options_for(const wb_module *m, wb_option *out, size_t cap);

/* Run one benchmark module with its arguments (after the module name). Returns the exit code. */
int wb_run_module(const wb_module *m, int argc, char **argv);

/* `winbench all`: the standard suite, one CSV per run into one folder. */
int wb_run_suite(int argc, char **argv);

/* `winbench report`: compare CSVs. */
int wb_report(int argc, char **argv);

/* `winbench info`. */
int wb_print_info(FILE *out);

/* Usage error: one line "winbench: <where>: <what>" on stderr; returns WB_EXIT_USAGE. */
int wb_usage_error(const char *where, const char *what);

#endif

/* The part of winbench that every benchmark shares: common options, repetitions, statistics,
 * console lines and CSV rows. Private to winbench.exe (modules see only wb_module.h). */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include <stdio.h>
#include "wb_module.h"
#include "wb_options.h"
#include "core/usage.h"

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

/* Run one benchmark module with its arguments (after the module name). Returns the exit code,
 * or -1 when the arguments ask for the module's help. */
int wb_run_module(const wb_module *m, int argc, char **argv);

#endif

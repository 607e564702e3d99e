/* The commands that are not benchmarks. Private to winbench.exe. */
#ifndef WB_COMMANDS_H
#define WB_COMMANDS_H

#include <stdio.h>

#include "wb_options.h"

/* `winbench all`: the standard suite, one CSV per run into one folder. Returns the exit code,
 * or -1 when the arguments ask for help. */
int wb_run_suite(int argc, char **argv);
const wb_option *wb_suite_options(void);   /* for `winbench help all` */
/* The suite in a line, from its one table: "the standard suite, 19 runs: calibrate, stalls,
 * sendmsg x12, idle x3, wakeup, sockloop; one CSV per run into one folder". */
const char *wb_suite_summary(void);
/* --resume: 1 when dir holds a complete CSV named prefix<yyyymmdd-hhmmss>suffix (every variant
 * it was asked for has its summary), its path in found; 0 when none does. A file of the name
 * that is not complete is renamed NAME.csv.incomplete and said through say_incomplete. sep
 * joins dir and the name. */
int wb_suite_run_done(const char *dir, char sep, const char *prefix, const char *suffix, char *found, size_t cap,
                      void (*say_incomplete)(const char *path, const char *why));

/* A calibrate CSV's verdicts as the suite hands them to later runs ("cal_clock=ok;..."): 0,
 * or -1 when it has no summary. The newest calibrate CSV of host (and label) in dir, its path
 * in from: 0, or -1 when there is none or it has no verdicts. */
int wb_suite_calibration_of(const char *path, char *out, size_t cap);
int wb_suite_last_calibration(const char *dir, char sep, const char *host, const char *label, char *out, size_t cap,
                              char *from, size_t from_cap);

/* 1 when dir's first winbench CSV is another machine's (another Windows, build or CPU under the
 * same computer name: two VMs of one template), with why; 0 otherwise or when it has none. */
struct wb_sysinfo;
int wb_suite_folder_of_another(const char *dir, char sep, const struct wb_sysinfo *si, char *why, size_t cap);

/* How `winbench all` ends (suite_end.c): the answers of its own CSVs, one line per comparison,
 * then each benchmark's layers in a line. add: each run's CSV and what its outcome says. */
#include "run/wb_runner.h"
/* --processes P (processes.c): the run made P times, each in a winbench process of its own,
 * their rows joined in one CSV, the report on it after them. o: what wb_run_module parsed
 * (WB_RUN_IN_PROCESSES). The exit code. */
int wb_run_processes(const wb_module *m, int argc, char **argv, const wb_run_outcome *o);

enum { WB_SUITE_MAX_RUNS = 64, WB_SUITE_MAX_BENCHES = 8 };
typedef struct wb_suite_end {
    char *paths[WB_SUITE_MAX_RUNS];
    int npaths;
    struct {
        const char *bench;
        int variants;
        double least[WB_LAYER_COUNT], most[WB_LAYER_COUNT];
    } benches[WB_SUITE_MAX_BENCHES];
    int nbenches;
} wb_suite_end;
void wb_suite_end_add(wb_suite_end *e, const char *bench, const char *csv, const wb_run_outcome *outcome);
void wb_suite_end_print(wb_suite_end *e, const char *out);

/* all --json FILE: the runs' documents gathered into one, written whole at the end. */
#include "core/wb_json.h"
typedef struct wb_suite_json {
    wb_json doc;
    int runs;
} wb_suite_json;
void wb_suite_json_start(wb_suite_json *s, const char *run_id);
int  wb_suite_json_add(wb_suite_json *s, const char *run_json);   /* 0, or -1: no document there */
int  wb_suite_json_finish(wb_suite_json *s, const char *path, int force);   /* 0, or -1 (said) */

/* Replaces the CRT's argv (the ANSI command line, best-fit mapped) with the Unicode command
 * line in the ANSI code page: 0, or the usage error's exit code (said on stderr) when an
 * argument has characters the code page cannot hold. */
int wb_unicode_args(int *argc, char ***argv);

/* `winbench info`. */
int wb_print_info(FILE *out);

#endif

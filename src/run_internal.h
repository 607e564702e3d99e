/* Private to the runner: the state of one benchmark run and the row writer's inputs. */
#ifndef WB_RUN_INTERNAL_H
#define WB_RUN_INTERNAL_H

#include <stdio.h>
#include "wb_csv.h"
#include "wb_runner.h"
#include "wb_stats.h"
#include "wb_sysinfo.h"

#define WB_MAX_WARNINGS 16
typedef struct wb_warnings {
    int n;
    char code[WB_MAX_WARNINGS][24];
    char text[WB_MAX_WARNINGS][256];
} wb_warnings;

void wb_warn(wb_warnings *w, const char *code, const char *fmt, ...);
void wb_warn_add_all(wb_warnings *into, const wb_warnings *from);
void wb_warn_codes(const wb_warnings *w, char *buf, size_t cap);   /* "wine;cv_high" */

typedef struct wb_run {
    const wb_module *m;
    wb_common common;
    void *config;                   /* as parsed */
    void *variant;                  /* the one being run: config, or one of its expansions */
    wb_sysinfo si;
    wb_clock_info clk;
    FILE *con;                      /* human output: stdout, or stderr when the CSV goes to stdout */
    FILE *csvf;
    wb_csv csv;
    char csv_path[MAX_PATH];
    int csv_is_stdout, csv_data_rows;
    char options_text[1024];        /* the arguments as typed */
    char run_id[128];
    const char *facts[WB_MAX_FACTS + 1];
    int header_written;
    const char *summary_kind;       /* "summary", or "interrupted" after Ctrl+C */
    wb_warnings context_warnings;   /* about the machine and the process: in every row */
    const char *row_warnings;       /* the codes for the row being written */
    CRITICAL_SECTION csv_lock;      /* module threads write rows too (ctx->row) */
    char affinity_text[32], priority_text[16];
} wb_run;

/* What one row reports; a summary row also carries statistics over repetitions. */
typedef struct wb_measure {
    uint64_t ops;
    double elapsed_s, ops_per_s, ns_per_op;
    double cpu_user_s, cpu_kernel_s, cpu_pct;    /* whole process */
    double thr_user_s, thr_kernel_s;             /* the timed thread */
} wb_measure;

void wb_measure_from_sample(const wb_sample *s, wb_measure *out);
void wb_measure_add(wb_measure *total, const wb_measure *m);

void wb_csv_header(wb_run *r);
void wb_csv_rep_row(wb_run *r, unsigned rep, const wb_measure *m, const double *module_metrics);
void wb_csv_summary_row(wb_run *r, const wb_measure *total, const wb_summary *rate,
                        double ns_median, const double *metric_medians);

/* A module's extra row (kind "interval", ...): CPU and statistics columns empty. */
void wb_csv_extra_row(wb_run *r, const char *kind, unsigned rep, uint64_t ops, double elapsed_s,
                      const double *module_metrics);

void wb_utc_timestamp(char *buf, size_t cap);

#endif

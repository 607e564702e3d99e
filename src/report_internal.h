/* Private to `winbench report`: CSV rows grouped by benchmark, configuration and machine. */
#ifndef WB_REPORT_INTERNAL_H
#define WB_REPORT_INTERNAL_H

#include <stdio.h>
#include "wb_module.h"

enum { PCT_P50, PCT_P90, PCT_P99, PCT_P999, PCT_MAX, PCT_COUNT };

typedef struct rp_values {
    double *v;
    size_t n, cap;
} rp_values;

/* One machine: what its rows say about it (from the first row seen). */
typedef struct rp_machine {
    char host[64], os[160], label[128], arch[16], cpu[160], cpus[16], hypervisor[8], wine[32], qpc[32],
        tool[32], themes[8];
} rp_machine;

typedef struct rp_group {
    const wb_module *m;
    char variant[256];
    int machine;                 /* index into the machines */
    size_t order;                /* where its configuration was first seen: the table's order */
    rp_values values;            /* the module's report metric, one per rep row */
    rp_values pct[PCT_COUNT];    /* sockloop: latency percentiles per rep row */
    /* computed */
    double median, mean, stddev, min, max;
    double ratio, ratio_err;     /* against the baseline machine's group; NaN when none */
    int is_baseline;
} rp_group;

typedef struct rp_report {
    rp_machine *machines;
    size_t nmachines;
    rp_group *groups;
    size_t ngroups;
    int baseline;                /* machine index */
    size_t files_loaded, files_failed;
} rp_report;

double rp_group_percentile(const rp_group *g, int which);   /* median over reps; NaN if none */

/* "3.51 +- 0.05 times faster than B" (or "baseline"), into buf. */
void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap);

/* The self-contained HTML report (src/report_html.c). Returns 0, or -1 if writing failed. */
int rp_write_html(const rp_report *r, FILE *f);

#endif

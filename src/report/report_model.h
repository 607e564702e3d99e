/* The report's model: CSV rows grouped by benchmark, configuration and machine, with each
 * group's statistics and its ratio to the baseline machine. Loading (report_load.c) fills it,
 * the renderers (report_table.c, report_html.c) read it; it knows no module by name: what a
 * module's rows mean comes from its wb_report_spec. Private to winbench.exe. */
#ifndef WB_REPORT_MODEL_H
#define WB_REPORT_MODEL_H

#include <stdio.h>
#include "wb_module.h"

#define RP_MAX_PERCENTILES 8

typedef struct rp_values {
    double *v;
    size_t n, cap;
} rp_values;

/* One machine: what its rows say about it (from the first row seen). */
typedef struct rp_machine {
    char host[64], os[160], label[128], arch[16], cpu[160], cpus[16], hypervisor[8], wine[32], qpc[32],
        tool[32], themes[8];
    char calibration[128];       /* the calibrate verdicts its rows carry ("cal_clock=ok;..."), if any */
} rp_machine;

typedef struct rp_group {
    const wb_module *m;
    char variant[256];
    int machine;                 /* index into the machines */
    size_t order;                /* where its configuration was first seen: the table's order */
    rp_values values;            /* the module's report metric, one per rep row */
    rp_values pct[RP_MAX_PERCENTILES];   /* the spec's percentile columns, one per rep row */
    rp_values loss;              /* the spec's loss column, one per rep row */
    /* the spec's series rows of the first repetition: time (s, from its start), metric, rate */
    rp_values series_t, series_v, series_rate;
    char series_rep[16];         /* which repetition they came from */
    /* computed */
    double median, mean, stddev, min, max;
    double ratio, ratio_err;     /* against the baseline machine's group; NaN when none */
    double ratio_to_baseline;    /* median / the baseline's median, whichever is better */
    double p;                    /* Mann-Whitney against the baseline's repetitions; NaN: too few */
    double loss_median, baseline_loss;   /* medians of the loss column (NaN without one) */
    int significance;            /* RP_SIG_*: what p says */
    int is_baseline;
} rp_group;

enum { RP_SIG_NONE, RP_SIG_YES, RP_SIG_NO, RP_SIG_TOO_FEW };   /* NONE: baseline, or nothing to compare */
#define RP_ALPHA 0.05

typedef struct rp_report {
    rp_machine *machines;
    size_t nmachines;
    rp_group *groups;
    size_t ngroups;
    int baseline;                /* machine index */
    size_t files_loaded, files_failed, files_skipped;
    const char *const *exclude;  /* NULL-terminated paths never loaded (the report's own outputs) */
} rp_report;

int  rp_values_add(rp_values *v, double x);
/* The machine named by label, or else host (case-insensitive); the first when name is NULL;
 * -1 when none has that name. */
int  rp_pick_baseline(const rp_report *r, const char *name);
/* Statistics, ratios to the baseline, and the table's order. */
void rp_model_finish(rp_report *r);
void rp_report_free(rp_report *r);

/* The number of percentile columns the module's spec names. */
int  rp_percentile_count(const wb_module *m);
double rp_group_percentile(const rp_group *g, int which);   /* median over reps; NaN if none */

/* "3.51 +- 0.05 times faster than B, p=0.008" (or "baseline"), into buf. */
void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "yes" / "no" / "" (too few repetitions, or the baseline). */
const char *rp_significant_text(const rp_group *g);
/* The group's configuration as people read it: only the "name=value" pairs that differ among
 * the module's groups ("target=button thread=cross"); "all alike" when none does. */
void rp_short_variant(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* The group's configuration without one column's "name=value" (for the series charts). */
void rp_variant_without(const rp_group *g, const char *column, char *buf, size_t cap);
const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap);
/* The checks calibrate judged broken on that machine ("clock, cpus"); "" when none or unknown. */
const char *rp_machine_broken(const rp_machine *m, char *buf, size_t cap);

#endif

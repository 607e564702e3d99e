/* What a run produces, as values: the repetition loop (reps.c) fills them and does no I/O;
 * the sinks (sink.h) turn them into CSV rows and console lines. Private to winbench.exe. */
#ifndef WB_RESULT_H
#define WB_RESULT_H

#include "wb_module.h"
#include "wb_runner.h"
#include "warnings.h"
#include "win/wb_sysinfo.h"
#include "layout.h"

/* When a row's numbers were taken: the UTC time (to the millisecond) and the process's peak
 * working set then. The repetition loop reads both with the numbers, so that a sink only
 * formats values and every row carries its own moment. */
typedef struct wb_row_stamp {
    SYSTEMTIME utc;
    uint64_t peak_working_set_kb;
} wb_row_stamp;

/* What one row reports; a summary row also carries statistics over repetitions. */
typedef struct wb_measure {
    uint64_t ops;
    double elapsed_s, ops_per_s, ns_per_op;
    double cpu_user_s, cpu_kernel_s, cpu_pct;    /* whole process */
    double thr_user_s, thr_kernel_s;             /* the timed thread */
    /* the stall probe beside it (--stalls): its spinning time, the time gaps took of it, the
     * longest gap (us); 0: no probe */
    double stall_probe_s, stall_lost_s, stall_max_us;
} wb_measure;

void wb_measure_from_sample(const wb_sample *s, wb_measure *out);

/* The same for every row of a run: the module, the machine, the options as typed. */
typedef struct wb_run_info {
    const wb_module *m;
    const wb_layout *layout;               /* its columns: every sink writes a row in this order */
    const wb_common *common;
    const wb_sysinfo *si;
    const wb_clock_info *clk;
    const char *options_text, *run_id, *priority_text, *affinity_text;
    const wb_warnings *context_warnings;   /* in every row (the machine's, the process's, the variant's set-up's) */
    const wb_warnings *run_warnings;       /* the machine's and the process's alone: the same for every variant */
    /* How the variants' repetitions followed each other ("interleaved", "grouped") and the
     * seed of the interleaving's order ("" when grouped): set before the first row. */
    const char *order_text, *seed_text;
    /* How many variants the run was asked for (set before the first row): a file that ends
     * with fewer summaries than this is an interrupted run's (`all --resume` runs it again). */
    const char *variants_text;
    const wb_qos *qos;                     /* the throttling asked off, the power, the CPU classes */
    wb_deferred *deferred;                 /* a brief run's caller's store of warnings, else NULL */
} wb_run_info;

/* One variant of the run (one --loop of `--loop all`, or the run itself): its configuration
 * and the facts its set-up established. */
typedef struct wb_variant_info {
    const void *config;
    char name[64];                    /* the module's name for this variant ("select"), or "" */
    const char *facts[WB_MAX_FACTS];  /* into fact_text: they outlive the set-up that found them */
    char fact_text[WB_MAX_FACTS][160];
    double timer_res_ms, sleep1_ms;   /* the timer once set-up is done (wb_timer.h) */
} wb_variant_info;

/* One timed repetition. A partial one was cut short by Ctrl+C: kept, but not summarised. */
typedef struct wb_rep_result {
    unsigned rep, reps;          /* 1-based, of how many */
    int partial;
    const char *skipped;         /* the variant could not run: why (its row's kind is "skipped") */
    const wb_sample *sample;     /* the module's numbers, metrics included */
    wb_measure measure;
    wb_warnings warnings;        /* the context's and this repetition's own */
    wb_row_stamp stamp;          /* taken as the repetition ended */
} wb_rep_result;

/* A row a module adds during a repetition (kind "interval", ...). */
typedef struct wb_extra_row {
    const char *kind;
    unsigned rep;
    uint64_t ops;
    double elapsed_s;
    const double *metrics;
    wb_row_stamp stamp;          /* taken as the module handed the row over */
} wb_extra_row;

/* The timed repetitions of one variant, summarised (medians; ops, elapsed and CPU totals). */
typedef struct wb_variant_result {
    unsigned reps;               /* complete repetitions */
    int interrupted;
    wb_measure total;
    wb_summary rate;             /* over ops_per_s */
    double ns_median, cpu_median;
    double medians[WB_MAX_METRICS];
    wb_warnings warnings;        /* the context's, every repetition's, and the run's */
    /* The repetitions the outlier rule named, by number ("1;4"). Their rows were written as
     * they finished, before anyone could judge them; the summary row names them. */
    char outlier_reps[128];
    /* A repetition failed its purpose (the module's rep_warnings said so): why, else "". */
    char failure[256];
    /* The variant could not run here (a skipped row was written): why, else "". */
    char skipped[256];
    wb_row_stamp stamp;          /* taken as the summary was made */
} wb_variant_result;

#endif

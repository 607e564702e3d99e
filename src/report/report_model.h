/* The report's model: CSV rows grouped by benchmark, configuration and machine, with each
 * group's statistics and its ratio to the baseline machine. Loading (report_load.c) fills it,
 * the renderers (report_table.c, report_html.c) read it; it knows no module by name: what a
 * module's rows mean comes from its wb_report_spec. Private to winbench.exe. */
#ifndef WB_REPORT_MODEL_H
#define WB_REPORT_MODEL_H

#include <stdio.h>
#include "run/modules.h"   /* the module registry */
#include "core/csv_columns.h"
#include "core/wb_strindex.h"
#include "core/wb_compare.h"

#define RP_MAX_PERCENTILES 8
#define RP_MAX_PARTS 14          /* a spec's parts, its machine and its floors together */
#define RP_PACE_AGREES 0.10      /* the call beside the loop and the loop's pace agree (sendmsg's SENDMSG_PACE_APART) */
enum { RP_SPLIT_WHOLE = RP_MAX_PARTS, RP_SPLIT_HEADLINE, RP_SPLIT_RATE, RP_SPLIT_ROUND, RP_SPLIT_STRIDE };
#define RP_MAX_VARIANT_COLUMNS 32   /* a spec's configuration columns (tests/test_tables.c checks each module's) */

typedef struct rp_values {
    double *v;
    size_t n, cap;
} rp_values;

/* One machine: what its rows say about it. A machine is its label and its context columns
 * flagged WB_ID (csv_columns.h); what else the report says of it is its first row's context. */
typedef struct rp_machine {
    char label[128];
    /* its first row's context cells ("" for a column its file lacks); calibration: the first
     * of its rows that carries calibrate's verdicts ("cal_clock=ok;...") */
    char *ctx[WB_CONTEXT_COUNT];
    char shown[256];             /* its name as shown (rp_machine_name), once all are read; "" before */
} rp_machine;
/* A context fact of the machine as the report says it: the cells of the columns of one label
 * ("OS": "Windows XP 5.1.2600 Service Pack 3") joined, each in words ("VM": "yes"; a machine
 * not under Wine: "no"); the column's own when it has no label. */
const char *rp_machine_fact(const rp_machine *m, int column, char *buf, size_t cap);
/* 1 when the context column heads a fact the machines table shows (WB_SHOWN, the first of its label). */
int rp_machine_shown_column(int column);
/* 1 when it heads a fact a comparison of two machines names when they differ (WB_CONFOUND). */
int rp_machine_confound_column(int column);

typedef struct rp_group rp_group;
struct rp_group {
    const wb_module *m;
    const wb_report_spec *spec;  /* m's (wb_module_report) */
    char variant[256];
    int machine;                 /* index into the machines */
    size_t order;                /* where its configuration was first seen: the table's order */
    /* The table's order within the module: where its configuration less the natural column was
     * first seen, then that column's place in the module's own order (loops as the README
     * lists them, not as an interleaved run's random first round wrote them). */
    size_t sort_major, sort_minor;
    /* Its lines' dash and marker in the charts: its configuration's number among its module's,
     * all of it but the load column (a --rate list's rates are points of one line), in the
     * table's order. */
    size_t line_style;
    rp_values values;            /* the module's report metric, one per rep row */
    /* beside each value (and each part's, and the whole's): its round, when its run was
     * interleaved (the run's number among those read and the repetition's: rep k of two
     * variants of one interleaved run are one round), NaN else */
    rp_values rounds;
    /* beside each value: its process, the run's number among those read (a run is one process;
     * its run_id names it); NaN for a row without a run id */
    rp_values procs;
    rp_values pct[RP_MAX_PERCENTILES];   /* the spec's percentile columns, one per rep row */
    /* the rep rows' latency histograms (latency_hdr) merged: the group's percentiles are this
     * histogram's when every rep row had one (hist_reps == reps), else the median of the rows' */
    struct wb_hist *hist;
    size_t reps, hist_reps;
    /* the module's other options (not in the configuration, not files: "duration=2 size=1060"),
     * as its first row had them: the gate compares no two groups run with different ones */
    char others[512];
    rp_values loss;              /* the spec's loss column, one per rep row */
    rp_values stall;             /* stall_pct, the stall probe's, one per rep row that has it (0.6 on) */
    rp_values sent;              /* the spec's sent column, one per rep row */
    rp_values unsent, achieved;  /* the spec's unsent and achieved columns, one per rep row */
    /* the spec's parts, then its floors (rp_part_at), one per rep row that has the cell; and
     * the whole they add up to, one per rep row */
    rp_values parts[RP_MAX_PARTS], parts_round[RP_MAX_PARTS];
    rp_values whole, whole_round;
    /* beside each (rows from 0.6 on): the half-width of its 95% interval within the repetition */
    rp_values parts_pm[RP_MAX_PARTS];
    rp_values whole_pm;
    size_t parts_apart;          /* rep rows whose parts did not add up to their whole (parts_add_up 0) */
    /* the headline per operation in the parts' unit (split.headline), and the rate it is times
     * (split.rate), one per rep row that has the parts */
    rp_values headline, headline_round, rate, rate_round;
    /* the same, row by row: RP_SPLIT_STRIDE values a rep row that has parts (each part, machine
     * and floor at its rp_part_at index, then RP_SPLIT_WHOLE, _HEADLINE, _RATE and the row's
     * round, RP_SPLIT_ROUND; NaN where the row has none), so that a split can take one
     * repetition's figures together */
    rp_values split_rows;
    size_t empty;                /* rep rows whose metric was empty (nothing received) */
    /* the spec's series rows of the first repetition: time (s, from its start), metric, rate */
    rp_values series_t, series_v, series_rate;
    char series_rep[16];         /* which repetition they came from */
    /* computed */
    double median, mean, stddev, min, max;   /* of the repetitions' values */
    /* the metric over every sample of the repetitions together, as the run's summary says it
     * (sockloop's and wakeup's mean latency over every packet or wake-up); NaN where the run's
     * summary takes the median */
    double pooled;
    double pooled_sum, pooled_count;   /* the rows' means times their histograms' counts, and the counts */
    double loss_pct;             /* the repetitions' lost over their sent, pooled, % (NaN without them) */
    double unsent_median, achieved_median;   /* NaN without the columns */
    const rp_group *base;        /* what it was compared with (NULL: nothing, or it is the baseline) */
    int is_baseline;
    int unlike_base;             /* base measures something else (rp_group_alt differs): not compared */
    /* its comparison with base (report_compare.h), computed once; and from it, for the writers
     * that only colour or mark: */
    const struct rp_comparison *cmp;
    double ratio;                /* times better than base (faster, lower latency ...); NaN when none */
    double ratio_to_baseline;    /* the metric's ratio to base's (mine over base) */
    double p;                    /* the headline's rank test; NaN: too few */
    int significance;            /* RP_SIG_*: its verdict */
};

/* NONE: baseline, or nothing to compare; CANNOT_TELL: with these repetitions no outcome could
 * reach p < RP_ALPHA (3 and 3: the smallest two-sided p is 0.1), so "no difference" would be a
 * claim the test cannot make. */
enum { RP_SIG_NONE, RP_SIG_YES, RP_SIG_NO, RP_SIG_CANNOT_TELL };
#define RP_ALPHA WB_ALPHA
/* Two achieved loads (packets/s) more than 1% apart: what a sender that kept up to its schedule
 * cannot differ by (sockloop's SL_KEPT_UP), so the runs measured different loads. */
#define RP_LOAD_PRECISION 0.01
int rp_loads_differ(double a, double b);
/* What the group's repetitions lost of what they sent, all together, in % (NaN without the
 * loss and sent columns): 13% is then what the runs lost, not a median of one column over
 * a median of another that no repetition had. */
double rp_pooled_loss_pct(const rp_group *g);
/* What the group's repetitions lost, all together (NaN without a loss column): the one "lost"
 * every output says. */
double rp_group_lost(const rp_group *g);
/* The median of the values (the mean of the two middle ones of an even count); NaN for none. */
double rp_values_median(const rp_values *v);

typedef struct rp_report {
    rp_machine *machines;
    size_t nmachines;
    rp_group *groups;
    size_t ngroups;
    int baseline;                /* machine index */
    /* --compare COLUMN: in modules with that configuration column, each group is compared with
     * the one of the same machine and configuration whose COLUMN is compare_value (default: the
     * first value seen), instead of with the baseline machine. */
    const char *compare_column;
    char compare_value[64];
    size_t rows_repeated, rows_skipped;   /* rep rows read twice (counted once), and left out by spec */
    wb_strindex seen;            /* the rep rows read so far, to count each once: to the file they came from */
    char **seen_files;           /* the files they came from */
    size_t nseen_files;
    size_t files_loaded, files_failed, files_skipped;
    const char *const *exclude;  /* NULL-terminated paths never loaded (the report's own outputs) */
    /* Per module, the places of its configurations' "name=value" words that differ between its
     * groups (bit n: the n-th word; rp_short_variant shows those): found once, in
     * rp_model_finish. */
    struct { const wb_module *m; unsigned long long places; } varying[8];
    int nvarying;
    int merge_machines;          /* --merge-machines: every row is of one machine, "all machines" */
    struct rp_comparison *comparisons;   /* one per group (rp_model_finish) */
    wb_strindex runs;            /* the run ids read, each its number (a round's key) */
    /* while loading: the groups by (module, machine, configuration) and their room, the
     * machines by identity (report_load.c) */
    wb_strindex group_index, machine_index;
    size_t groups_cap;
} rp_report;

int  rp_values_add(rp_values *v, double x);
/* The machine named by any name the report shows for it (the name with its distinction, "VM
 * (Wine 10.0)"), else by label, else by host (case-insensitive); the first machine read (the
 * first file or folder on the command line) when name is NULL; -1 when none has that name. */
int  rp_pick_baseline(const rp_report *r, const char *name);
/* Statistics, ratios to the baseline, and the table's order. */
void rp_model_finish(rp_report *r);
void rp_report_free(rp_report *r);

/* The spec's parts, its machine (with parts only) and its floors as one list: the k-th (parts
 * first), or NULL past the end; *is_floor says whether it is a floor. */
const wb_part *rp_part_at(const wb_module *m, int k, int *is_floor);
int rp_part_count(const wb_module *m);

/* The number of percentile columns the module's spec names. */
int  rp_percentile_count(const wb_module *m);
/* The group's which-th percentile (the spec's unit) with its 95% interval. From the repetitions'
 * merged histograms, the interval is that of the order statistics around it (wb_quantile_ranks:
 * distribution-free, exact): RP_PCT_INTERVAL. Too few samples for a bound on both sides (a p99.9
 * of fewer than 3,688, a p99 of fewer than 368) and it is withheld, *value NaN:
 * RP_PCT_WITHHELD. Rows without histograms (the median of their own percentiles), and the least
 * and greatest sample, have no interval: RP_PCT_NONE, *value as it is (NaN where none). */
enum { RP_PCT_NONE, RP_PCT_INTERVAL, RP_PCT_WITHHELD };
int rp_group_percentile_bounds(const rp_group *g, int which, double *value, double *lo, double *hi);
double rp_group_percentile(const rp_group *g, int which);   /* the value of the above */
/* The samples of the group's merged histograms (0: none merged). */
unsigned long long rp_group_samples(const rp_group *g);
/* "p99.9: 812 samples, a 95% bound on both sides needs 3688" for each percentile withheld, "; "
 * between; "" (and 0) when none is. */
size_t rp_group_withheld(const rp_group *g, char *buf, size_t cap);
/* Where a group's percentiles come from: "histograms" (the repetitions' merged), "medians" (the
 * median of the repetitions' own, rows without histograms: CSVs before 0.5), "" (none). */
const char *rp_group_percentiles_from(const rp_group *g);
/* Which of the module's percentile columns is percentile p (50, 99), or -1. */
int rp_percentile_index(const wb_module *m, double p);   /* median over reps; NaN if none */

/* The smallest two-sided p a rank test of n1 and n2 distinct values can give: 2 / C(n1+n2, n1). */
double rp_smallest_p(size_t n1, size_t n2);
/* The group's configuration as people read it: only the "name=value" pairs that differ among
 * the module's groups ("target=button thread=cross"); the whole configuration when none does. */
void rp_short_variant(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* The group's configuration without one column's "name=value" (for the series charts). */
void rp_variant_without(const rp_group *g, const char *column, char *buf, size_t cap);
void rp_text_without(const char *text, const char *column, char *buf, size_t cap);   /* the same of any text */
const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap);
/* The first group of module m in r's order, on machine (any machine when machine < 0); NULL when
 * m has none: which benchmarks a report holds, walked in the registry's order (wb_modules). */
const rp_group *rp_first_group(const rp_report *r, const wb_module *m, int machine);
/* 1 when the module's configuration has the column. */
int rp_module_has_column(const wb_module *m, const char *column);
/* The configuration column the module's groups are compared on, each against the same
 * machine's group with the reference value: --compare's where the module has it; without
 * --compare, in a report of one machine, the module's natural one (its loops, cases,
 * targets); NULL: each group against the baseline machine's. */
const char *rp_compare_column(const rp_report *r, const wb_module *m);
/* The value of column that the module's groups are compared with: --compare's, else the first
 * group's; "" when none has it. */
void rp_reference_value(const rp_report *r, const wb_module *m, const char *column, char *ref, size_t cap);
/* The names the report finds once the model is finished (report_names.c): each machine's among
 * the others, the words that tell each module's configurations apart. */
void rp_names_prepare(rp_report *r);
/* 1 when the group's configuration holds its spec's alt.when (sockloop: a --peer run's round
 * trips); rp_words gives text in that group's words (alt.from said as alt.to), into buf. */
int rp_group_alt(const rp_group *g);
/* "; round trip where mode=peer" when some of the module's groups are in those other words
 * (a chart or table headed in the usual ones holds them), else "". */
const char *rp_alt_note(const rp_report *r, const wb_module *m, char *buf, size_t cap);
/* The value of `column` in a configuration text ("loop=select rate=1000"): 1 and the value in
 * buf, or 0 when the text has no such column. */
int rp_variant_value(const char *variant, const char *column, char *buf, size_t cap);
const char *rp_words(const rp_group *g, const char *text, char *buf, size_t cap);
/* The same of a group: its configuration's value, or the spec's default that its text leaves
 * out (wb_report_spec.variant_defaults: sendmsg's hook=off). */
int rp_group_value(const rp_group *g, const char *column, char *buf, size_t cap);
/* The checks calibrate judged broken on that machine ("clock, cpus"); "" when none or unknown. */
const char *rp_machine_broken(const rp_machine *m, char *buf, size_t cap);

#endif

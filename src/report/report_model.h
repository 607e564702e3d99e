/* The report's model: CSV rows grouped by benchmark, configuration and machine, with each
 * group's statistics and its ratio to the baseline machine. Loading (report_load.c) fills it,
 * the renderers (report_table.c, report_html.c) read it; it knows no module by name: what a
 * module's rows mean comes from its wb_report_spec. Private to winbench.exe. */
#ifndef WB_REPORT_MODEL_H
#define WB_REPORT_MODEL_H

#include <stdio.h>
#include "run/modules.h"   /* the module registry */

#define RP_MAX_PERCENTILES 8
#define RP_MAX_PARTS 12          /* a spec's parts and floors together */

typedef struct rp_values {
    double *v;
    size_t n, cap;
} rp_values;

/* One machine: what its rows say about it (from the first row seen). */
typedef struct rp_machine {
    char host[64], os[160], label[128], arch[16], cpu[160], cpus[16], hypervisor[8], wine[32], qpc[32],
        tool[32], themes[8], power[16], wow64[8];
    char calibration[128];       /* the calibrate verdicts its rows carry ("cal_clock=ok;..."), if any */
    char shown[256];             /* its name as shown (rp_machine_name), once all are read; "" before */
} rp_machine;

typedef struct rp_group rp_group;
struct rp_group {
    const wb_module *m;
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
    rp_values parts[RP_MAX_PARTS];
    rp_values whole;
    /* beside each (rows from 0.6 on): the half-width of its 95% interval within the repetition */
    rp_values parts_pm[RP_MAX_PARTS];
    rp_values whole_pm;
    size_t parts_apart;          /* rep rows whose parts did not add up to their whole (parts_add_up 0) */
    size_t empty;                /* rep rows whose metric was empty (nothing received) */
    /* the spec's series rows of the first repetition: time (s, from its start), metric, rate */
    rp_values series_t, series_v, series_rate;
    char series_rep[16];         /* which repetition they came from */
    /* computed */
    double median, mean, stddev, min, max;
    double ratio, ratio_err;     /* against the baseline machine's group; NaN when none */
    double ratio_to_baseline;    /* median / the baseline's median, whichever is better */
    double p;                    /* Mann-Whitney against the baseline's repetitions; NaN: too few */
    double loss_median, baseline_loss;   /* medians of the loss column (NaN without one) */
    double loss_pct;             /* the repetitions' lost over their sent, pooled, % (NaN without them) */
    double unsent_median, achieved_median, baseline_achieved;   /* NaN without the columns */
    const rp_group *base;        /* what it was compared with (NULL: nothing, or it is the baseline) */
    int significance;            /* RP_SIG_*: what p says */
    int is_baseline;
    int unlike_base;             /* base measures something else (rp_group_alt differs): not compared */
};

/* NONE: baseline, or nothing to compare; CANNOT_TELL: with these repetitions no outcome could
 * reach p < RP_ALPHA (3 and 3: the smallest two-sided p is 0.1), so "no difference" would be a
 * claim the test cannot make. */
enum { RP_SIG_NONE, RP_SIG_YES, RP_SIG_NO, RP_SIG_CANNOT_TELL };
#define RP_ALPHA 0.05
/* Two achieved loads (packets/s) more than 1% apart: what a sender that kept up to its schedule
 * cannot differ by (sockloop's SL_KEPT_UP), so the runs measured different loads. */
#define RP_LOAD_PRECISION 0.01
int rp_loads_differ(double a, double b);
/* What the group's repetitions lost of what they sent, all together, in % (NaN without the
 * loss and sent columns): 13% is then what the runs lost, not a median of one column over
 * a median of another that no repetition had. */
double rp_pooled_loss_pct(const rp_group *g);
/* The median of the values (the mean of the two middle ones of an even count); NaN for none. */
double rp_values_median(const rp_values *v);

/* A slot of the table of rows read (report_load.c): NULL key, a free slot. */
typedef struct rp_seen {
    char *key;
    size_t file;                 /* index into seen_files: the file it was first read from */
} rp_seen;

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
    rp_seen *seen;               /* the rep rows read so far, to count each once (report_load.c) */
    size_t nseen, seen_cap;
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
    /* while loading: the groups by (module, machine, configuration), open addressing (an index
     * + 1; 0 empty), and the groups' room (report_load.c) */
    size_t *group_index, group_index_cap, groups_cap;
} rp_report;

int  rp_values_add(rp_values *v, double x);
/* The machine named by any name the report shows for it (the name with its distinction, "VM
 * (Wine 10.0)"), else by label, else by host (case-insensitive); the first machine read (the
 * first file or folder on the command line) when name is NULL; -1 when none has that name. */
int  rp_pick_baseline(const rp_report *r, const char *name);
/* Statistics, ratios to the baseline, and the table's order. */
void rp_model_finish(rp_report *r);
void rp_report_free(rp_report *r);

/* The spec's parts and floors as one list: the k-th (parts first), or NULL past the end;
 * *is_floor says which list it came from. */
const wb_part *rp_part_at(const wb_module *m, int k, int *is_floor);
int rp_part_count(const wb_module *m);

/* The number of percentile columns the module's spec names. */
int  rp_percentile_count(const wb_module *m);
double rp_group_percentile(const rp_group *g, int which);
/* Where a group's percentiles come from: "histograms" (the repetitions' merged), "medians" (the
 * median of the repetitions' own, rows without histograms: CSVs before 0.5), "" (none). */
const char *rp_group_percentiles_from(const rp_group *g);
/* Which of the module's percentile columns is percentile p (50, 99), or -1. */
int rp_percentile_index(const wb_module *m, double p);   /* median over reps; NaN if none */

/* The smallest two-sided p a rank test of n1 and n2 distinct values can give: 2 / C(n1+n2, n1). */
double rp_smallest_p(size_t n1, size_t n2);
/* What a group was compared with, in the comparison's words: "B", "loop=select". */
const char *rp_base_name(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "3.51 +- 0.05 times faster than B, p=0.008" (or "baseline"), into buf. */
void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "yes" / "no" / "" (too few repetitions, or the baseline). */
const char *rp_significant_text(const rp_group *g);
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

/* The benchmark module interface. A module is an option table plus setup / run / teardown;
 * the runner (src/run/) does everything else: parsing, repetitions, statistics, CSV.
 * Modules are listed once, in src/run/modules.c. Define one with designated initializers:
 *     const wb_module wb_sendmsg_module = { .name = "sendmsg", .setup = sendmsg_setup, ... }; */
#ifndef WB_MODULE_H
#define WB_MODULE_H

#include <windows.h>
#include <stdint.h>
#include <stdio.h>
#include "wb_options.h"
#include "wb_clock.h"
#include "wb_error.h"
#include "wb_exit.h"

/* Room for a module's fact and metric columns. Every module checks its own counts against
 * these at compile time (WB_STATIC_ASSERT beside its tables) and tests/test_tables.c checks
 * every registered module again, so a table that outgrows them cannot build or pass. */
#define WB_MAX_FACTS 16
#define WB_MAX_METRICS 80

/* C99 has no _Static_assert; a negative array size fails the build the same way on MinGW,
 * clang -pedantic and MSVC. */
#define WB_STATIC_ASSERT(cond, name) typedef char wb_static_assert_##name[(cond) ? 1 : -1]

/* A module's facts, metrics and verdicts are X-macro lists, X(ID, "column"), expanded twice:
 *     enum { SENDMSG_FACTS(WB_LIST_ID) F_COUNT };
 *     static const char *const names[] = { SENDMSG_FACTS(WB_LIST_NAME) NULL };
 * and filled by ID (values[F_CONTROLS] = ...), never by position. WB_LIST_MATCHES checks at
 * compile time that a names array holds the list and its NULL, and that it fits max. */
#define WB_LIST_ID(id, name) id,
#define WB_LIST_NAME(id, name) name,
/* A module's metrics are listed with their unit: X(M_ID, "name", "us") (NULL: a count, a
 * ratio), in JSON's unit names (docs/json.md); the lists these make: */
#define WB_METRIC_ID(id, name, unit) id,
#define WB_METRIC_NAME(id, name, unit) name,
#define WB_METRIC_UNIT(id, name, unit) unit,
#define WB_LIST_MATCHES(names, count, max, tag)                                                  \
    WB_STATIC_ASSERT(sizeof(names) / sizeof((names)[0]) == (count) + 1 && (count) <= (max), tag)

/* The kinds of CSV row (its "row" column), written and read by these names only: a finished
 * repetition, one cut short by Ctrl+C, a variant's summary (or its interrupted one), and a row a
 * module adds during a repetition (ctx->row; sockloop's per-interval traffic). */
#define WB_ROW_REP "rep"
#define WB_ROW_PARTIAL "partial"
#define WB_ROW_SUMMARY "summary"
#define WB_ROW_INTERRUPTED "interrupted"
#define WB_ROW_INTERVAL "interval"
/* A variant that could not run on this Windows (a source it lacks or refuses): one row, its
 * measures empty, its not_run column saying why; the run's other variants go on, and it exits
 * WB_EXIT_SKIPPED. */
#define WB_ROW_SKIPPED "skipped"

/* What a repetition gets from the runner. The module stores progress only between chunks of
 * its hot loop, never per operation. */
typedef struct wb_run_ctx {
    volatile LONG permille;       /* progress of the current repetition, 0..1000 */
    unsigned rep;                 /* 1-based; 0 during warm-up (say and row then do nothing) */
    /* Non-zero once the user pressed Ctrl+C or Ctrl+Break (or the test hook
     * WINBENCH_STOP_AFTER_MS fired). Modules look at it at their safe points (between chunks,
     * at each wake, in their own threads too) and end the repetition early; the runner then
     * writes what was measured and exits 130. */
    const volatile LONG *stop;
    void *runner;                 /* the runner's, opaque */
    /* One line on the console between the runner's own (any thread; not with --quiet). */
    void (*say)(struct wb_run_ctx *ctx, const char *line);
    /* An extra CSV row of this repetition (any thread), e.g. kind "interval": ops and elapsed
     * give the generic measures, metrics (NaN: empty cell) the module's columns. */
    void (*row)(struct wb_run_ctx *ctx, const char *kind, uint64_t ops, double elapsed_s,
                const double *metrics);
} wb_run_ctx;

/* What one repetition measured. */
typedef struct wb_sample {
    uint64_t ops;                 /* operations done between the two QPC reads */
    wb_interval iv;               /* QPC and CPU times at start and end */
    double metrics[WB_MAX_METRICS];   /* the module's own measures, named by metric_names */
    /* Optional (> 0): the seconds the ops were done in, when that is not the whole interval
     * (sockloop: the sending time, without the grace for stragglers after it), so that
     * ops_per_s is the module's own rate; elapsed_s and the CPU % stay over the interval. */
    double ops_seconds;
    /* Optional: the repetition's latency histogram (ns), written whole in its row (the
     * latency_hdr column: HdrHistogram's encoding) so that `report` can merge repetitions and
     * machines, and to --hlog. Read when the repetition's row is written, before the next. */
    const struct wb_hist *latency;
    /* Optional: this variant cannot run here, and why (text that outlives the repetition). The
     * repetition becomes its "skipped" row; no further one runs. */
    const char *skipped;
} wb_sample;

/* Where an operation's time goes: the question winbench exists for, "is it the OS, the API or
 * my code?". A part is a metric column of time per operation; a module's parts add up to the
 * whole it names (split.whole), and each belongs to one layer: the owner of the code it runs
 * (your code, the API, the OS), or the machine (time the headline holds that no code's part
 * does: the loop slowed from outside, preempted, or CPU spent beside the timed periods). A floor is measured beside the
 * timed loop, alone (a kernel call, an event round trip): what a layer costs by itself, shown
 * next to the parts, never added to them. Empty cells (NaN) are parts a configuration does not
 * have (a hand-off between threads in a same-thread run). */
#define WB_LAYERS(X) X(WB_LAYER_OS, "the OS") X(WB_LAYER_API, "the API") X(WB_LAYER_CODE, "your code") \
    X(WB_LAYER_MACHINE, "the machine")
enum { WB_LAYERS(WB_LIST_ID) WB_LAYER_COUNT };
typedef struct wb_part {
    const char *column;           /* "wndproc_ns"; NULL ends a list */
    const char *pm_column;        /* "wndproc_pm_ns": its 95% interval's half-width, or NULL */
    int difference;               /* a difference of two timings: printed "~0 (+-x)" where its interval holds 0 */
    const char *name;             /* "the window procedure" */
    int layer;                    /* WB_LAYER_* */
    /* 1 (in a floors list): not a floor under the parts but a figure of another whole, measured
     * in the same run and shown beside them, never added (sockloop's CPU per packet and its
     * parts beside the latency's): "beside:" where a floor says "floor:" */
    int beside;
} wb_part;
const char *wb_layer_name(int layer);   /* "the API" */

/* How a summary row takes one metric from the repetitions (wb_module.summary_rules). Metrics
 * without a rule take the median over the repetitions (a rate, a CPU %, a per-packet cost). */
enum wb_summary_how {
    WB_SUM_TOTAL = 1,      /* their total (a count: sent, lost, wake-ups) */
    WB_SUM_LEAST,          /* the least of them (a minimum) */
    WB_SUM_MOST,           /* the most of them (a maximum) */
    WB_SUM_MEAN_BY,        /* their mean, each weighted by its `by` (a mean latency by packets) */
    WB_SUM_SD_BY,          /* the pooled standard deviation of `of` (the means), each of `by` samples */
    WB_SUM_HIST_MEAN,      /* the pooled latency histograms' mean, over `scale` (ns per the column's unit) */
    WB_SUM_HIST_PERCENTILE,/* the pooled latency histograms' percentile `p`, over `scale` */
    WB_SUM_MEDIAN_REP,     /* the median repetition's by `by` (with an even count, the mean of the
                            * two middle ones): a whole and its parts, taken together, add up */
    WB_SUM_RATIO,          /* the summary's `of` over its `by` (periods per move, from the totals) */
    WB_SUM_DIFFERENCE      /* the summary's `of` less its `by` (a latency above a floor) */
};
typedef struct wb_metric_summary {
    const char *column;    /* the metric; NULL ends the list */
    int how;               /* WB_SUM_* */
    const char *by, *of;   /* the other metrics it is taken with, as `how` says */
    double p, scale;       /* HIST_PERCENTILE's percentile; the histograms' ns per unit (1000: us) */
} wb_metric_summary;
/* The two rules most tables are made of: a count's total, and a percentile of the pooled
 * histograms of a column in us (its histogram in ns). */
#define WB_SUM_TOTAL_OF(column) { column, WB_SUM_TOTAL, NULL, NULL, 0, 0 }
#define WB_SUM_US_PERCENTILE_OF(column, p) { column, WB_SUM_HIST_PERCENTILE, NULL, NULL, p, 1000.0 }

/* How `winbench report` compares runs of a module: which option columns make a configuration
 * and which measure, from the rep rows, is compared. The report knows no module by name:
 * everything module-specific it shows comes from here. */
typedef struct wb_report_spec {
    const char *const *variant_columns;   /* NULL-terminated option column names */
    /* Optional: the one of them a report of one machine compares on (a module's natural
     * variants: sockloop's loops, idle's cases), when no --compare names one. */
    const char *natural_column;
    /* Optional: its values in the order the report lists them ("select|wsapoll|..."; NULL: a
     * choice option's own order), whatever order the rows were written in (an interleaved run's
     * are random). */
    const char *natural_order;
    /* Optional: "column=value" pairs left out of a configuration's text (NULL-terminated): the
     * defaults of columns added after files were written without them, so that a run of today
     * with those options untouched still meets an older file's configuration. */
    const char *const *variant_defaults;
    const char *metric;                   /* e.g. "ops_per_s" */
    const char *unit;                     /* e.g. "SendMessage/s" */
    int higher_is_better;
    const char *better, *worse;           /* "faster" / "slower": "1.21 +- 0.04 times faster than" */
    /* The optional parts below are groups: a module sets the ones it has (sockloop all of
     * them, calibrate none), as `.series.row = "interval"`. */
    /* A distribution per repetition, drawn as percentile curves in the HTML report. */
    struct {
        const char *const *columns;   /* NULL-terminated, at most 8: "lat_p50_us", ..., "lat_max_us" */
        const char *const *names;     /* their names on the axis: "p50", ..., "max" */
        const char *title;            /* "latency percentiles, us from the actual send time" */
        const char *unit;             /* the value axis: "latency (us)" */
    } percentiles;
    /* The rep rows' histograms (latency_hdr, in ns), merged per group, drawn as the share of
     * the samples in each 1-2-5 range of lengths: one chart per configuration (less
     * series.line_column), a line per machine. stalls: are the gaps many short ones or a few
     * long ones. */
    struct {
        const char *title;            /* "gap lengths: the share of the gaps in each range" */
        const char *unit;             /* the length axis: "gap (us)" */
    } histogram;
    /* Rows of kind `row` ("interval") drawn against time in the HTML report: one chart per
     * configuration (less line_column, which makes a line of each of its values, with each
     * machine), of metric and rate from each group's first repetition. */
    struct {
        const char *row;                       /* "interval" */
        const char *metric, *metric_title;     /* "lat_mean_us", "interval mean latency (us)" */
        const char *rate, *rate_title;         /* "recv_rate", "packets/s received" */
        const char *line_column;               /* "loop" */
        /* the TIME column ("duration_s") whose seconds end the series: a row that begins after
         * them (the grace after sending) is left out of the chart */
        const char *until_column;
    } series;
    /* What was offered, sent and lost. */
    struct {
        /* a count of what did not arrive ("lost"), shown beside the metric: a group that lost
         * what its baseline did not is not better for it, and the comparison says so */
        const char *loss_column;
        const char *sent_column;       /* "sent": makes the loss a percentage too */
        /* unsent counts what was scheduled and never sent (a sender behind its schedule),
         * achieved the rate really offered: the offered-load chart's x, and a comparison
         * between groups at loads more than 1% apart says so */
        const char *unsent_column, *achieved_column;   /* "unsent", "send_rate" */
        /* latency against offered load: groups that differ only in load_column (a
         * configuration column, "rate") make one line each, per machine: load_percentile (an
         * index into percentiles.columns) against the load, both on log axes */
        const char *load_column;       /* "rate" */
        int load_percentile;           /* 2: p99 */
        const char *load_title;        /* "p99 latency against offered load" */
        /* what an empty metric cell means ("nothing received": a run that lost every packet
         * has no latency); such repetitions are shown, not compared */
        const char *empty_metric_text;
    } traffic;
    /* Rows whose column holds value are not comparable (a reflector's echo counts): left out
     * with a note saying what. */
    struct { const char *column, *value, *what; } skip;
    /* Groups whose configuration holds `when` ("mode=peer") measure the same columns as
     * something else (round trips, not one-way latencies): in their units, headings and
     * comparisons every `from` ("latency") is said as `to` ("round trip"), and --compare never
     * sets such a group against one without it. */
    struct { const char *when, *from, *to; } alt;
    /* A configuration column that is a preset of others (idle's "case" sets onidle, button,
     * sends and tooltips; sets is NULL-terminated): `report --compare case` sets case 1 against
     * case 3 although those columns differ too, as the preset made them. */
    struct { const char *column; const char *const *sets; } preset;
    /* The parts of whole (a column of time per operation, in unit) and the floors beside them
     * (wb_part); the console shows them per repetition, the report splits every comparison by
     * them and says where the difference lies.
     * The answer splits the headline itself: `headline` is it per operation in unit, one per
     * repetition (sendmsg: ns_per_op, the loop's own time per SendMessage), and it is the
     * parts' whole, plus `machine` (what no part holds: the time the loop was slowed from
     * outside), plus what is left unexplained. Where the headline is the per-operation figure
     * times a rate (idle: the CPU per idle period times idle periods a second), `rate` names
     * that rate's column, and its change is one more share ("how often"). headline NULL: the
     * parts split another whole than the headline (sockloop's CPU per packet beside its
     * latency), compared beside it, never as its shares. */
    struct {
        const wb_part *parts, *floors;
        const char *whole;        /* "typical_ns": the parts' own whole */
        const char *whole_pm;     /* its interval's half-width column, or NULL */
        const char *add_up;       /* the column that says whether the parts add up to it, or NULL */
        const char *whole_name;   /* "the call itself" */
        const char *unit;         /* "ns" */
        const char *headline;     /* "ns_per_op", or NULL */
        const char *headline_name;   /* "a SendMessage" */
        const char *pace;         /* "pace_ns": the headline less the machine (the console says it), or NULL */
        const wb_part *machine;   /* { "machine_ns", ..., WB_LAYER_MACHINE }, or NULL */
        const char *rate, *rate_name;   /* "idle_periods_per_s", "how often idle periods came", or NULL */
        /* the configuration columns whose change changes the application's code (--work,
         * --wndproc, idle's case): a comparison over one of them, on one machine, may blame
         * "your code"; any other sets the same code on both sides */
        const char *const *code_columns;
    } split;
} wb_report_spec;

/* Medians over the timed repetitions, for a module's own summary line. */
typedef struct wb_run_summary {
    unsigned reps;
    double ops_per_s, ns_per_op, cpu_pct;   /* cpu_pct: whole process, % of one CPU */
    const double *metrics;                   /* one median per metric_names entry */
} wb_run_summary;

typedef struct wb_module {
    const char *name;             /* "sendmsg" */
    const char *summary;          /* one line for `winbench list` */
    const char *op_name;          /* "SendMessage": the console says "... SendMessage/sec" */
    const wb_option *options;     /* the module's own options */
    size_t config_size;
    /* Optional: resolve presets (e.g. idle's --case) and refuse combinations the table cannot
     * express; args tells what was typed (wb_args_named). Returns 0, or -1 with
     * "--name: what is wrong" in err (a usage error, exit 2). */
    int  (*check)(void *config, const wb_args *args, char *err, size_t cap);
    /* Create what the timed loop needs. Returns 0, or -1 with err filled. */
    int  (*setup)(const void *config, void **state, wb_error *err);
    /* One timed repetition: fill sample->ops and sample->iv (wb_interval_begin/end). */
    int  (*run)(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err);
    void (*teardown)(void *state);
    /* Facts established by setup that belong in every row ("v6" controls, "user32.dll"):
     * names end with NULL; facts() fills one value per name. */
    const char *const *fact_names;
    void (*facts)(void *state, const char **values);
    /* Optional: a line for people once set-up is done ("reflecting on 0.0.0.0:5555"); it goes
     * to the console, never into the CSV. Fill line (cap bytes); leave it empty to say nothing. */
    void (*announce)(void *state, char *line, size_t cap);
    /* Optional: warnings about this set-up (a code for the CSV's warnings column and a sentence),
     * given to warn() one by one; they join every row of the variant. */
    void (*warnings)(void *state, void (*warn)(void *into, const char *code, const char *text), void *into);
    /* Optional: what one repetition's own numbers say about it beyond the runner's rules
     * (sockloop: nothing arrived), each a code and a sentence given to warn(). Returns 1 when
     * the repetition failed its purpose (a peer that answered nothing): its rows are kept, and
     * the run exits 1 at the end saying why (the first such sentence). Returns 2 when, besides,
     * no further repetition can run (a TCP connection lost): the run ends after this one. */
    int (*rep_warnings)(void *state, const wb_sample *sample,
                        void (*warn)(void *into, const char *code, const char *text), void *into);
    /* Optional: the module's own measures per repetition (CSV columns after the common ones;
     * the summary row holds each one's median over repetitions unless summary_rules says
     * otherwise). NULL-terminated. */
    const char *const *metric_names;
    /* Each metric's unit, in metric_names' order (WB_METRIC_UNIT of the same list); NULL: none. */
    const char *const *metric_units;
    /* Optional: how the summary row takes the metrics named here from the repetitions, so that
     * it keeps the identities each repetition keeps (sent = received - duplicated + lost; the
     * parts add up to their whole): counts totalled, latencies from the pooled histograms, a
     * whole and its parts from the median repetition. Ends with a NULL column. */
    const struct wb_metric_summary *summary_rules;
    /* Optional: judgements derived from the metrics ("ok", "warn", "broken"), written as text
     * columns after the metrics, in rep and summary rows (the summary's from the medians).
     * NULL-terminated names; verdicts() fills one static string per name. `winbench all`
     * hands a module's summary verdicts to the later runs of the suite (--calibration). */
    const char *const *verdict_names;
    void (*verdicts)(const double *metrics, const char **values);
    /* Optional: console lines in the module's terms instead of the generic "N op/sec" ones;
     * variant is the configuration the lines are of (config_size bytes, as set-up got it). */
    void (*print_rep)(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *sample);
    void (*print_summary)(FILE *out, const void *variant, const struct wb_run_summary *summary);
    /* 1 when a repetition lasts as long as the module's schedule says (idle's --duration,
     * sockloop's sending time): its elapsed time says nothing about it, so outliers and a slow
     * first repetition are judged on the report spec's metric instead of the time per op. */
    int fixed_schedule;
    /* 1 when a repetition spins a thread on every CPU it may use (stalls): at a raised priority
     * class it would starve the console and the OS for its length, Ctrl+C included, so the
     * runner refuses --priority high and realtime for it. */
    int spins_every_cpu;
    /* Optional: the seconds one repetition of this variant lasts by its schedule (idle's and
     * wakeup's --duration, sockloop's sending and grace): a long run says up front how long it
     * will take. */
    double (*rep_seconds)(const void *variant);
    /* Optional: the name of one variant of an expanded run ("select" of --loop all), which its
     * warnings carry on the console, written into name (cap bytes). */
    void (*variant_name)(const void *variant, char *name, size_t cap);
    /* Optional: this module's defaults for --repeat and --warmup (NULL: the common ones). */
    const char *default_repeat, *default_warmup;
    /* Optional: one option value standing for several runs (sockloop's --loop all). For
     * index 0, 1, ... fill variant (config_size bytes, starting as a copy of config) and return
     * 1; return 0 after the last; return -1 to skip one, with the reason in note (left empty:
     * skipped without a word, the reason having been said for an earlier index). Each variant
     * gets its own setup, repetitions and summary row, all in one CSV. */
    int  (*expand)(const void *config, int index, void *variant, char *note, size_t cap);
    /* Optional: after all variants, compare their summaries (medians[i][metric]). */
    void (*compare)(FILE *out, int n, const void *const *variants, const double *const *medians);
    const wb_report_spec *report;
    /* Optional: what `report --tail` compares instead (sockloop: the slowest packets' latency). */
    const wb_report_spec *report_tail;
    /* Optional: what the histogram a repetition hands over (wb_sample.latency) measures ("the
     * latency of each packet"): --hlog is refused for a module without one. */
    const char *latency_histogram;
} wb_module;

#endif

/* The repetition loop: warm-up, timed repetitions, a partial repetition on Ctrl+C, and the
 * summary, handed to sinks as values. Private to winbench.exe. */
#ifndef WB_REPS_H
#define WB_REPS_H

#include "sink.h"

typedef struct wb_rep_plan {
    unsigned warmup, repeat;
    uint64_t resolution_ticks;            /* the QPC's measured step, for short_interval */
    double tick_ms;                       /* the clock tick, for cpu_coarse (0: unknown) */
    const wb_warnings *context_warnings;  /* start of every row's warnings */
    /* Test hooks (0: off), see runner.c: a QPC leap of leap_ms in repetition 1, repetition
     * slow_rep made 30 s longer, 8 MiB more memory from repetition grow_rep on, and
     * every timed repetition from the run's slow_from-th on (counted over all its variants, in
     * the order they ran, in *reps_run) 30 s longer. */
    unsigned long leap_ms, slow_rep, grow_rep, slow_from;
    unsigned long *reps_run;              /* the run's timed repetitions so far (may be NULL) */
    double stall_probe_s;                 /* --stalls: the probe after each timed repetition (0: none) */
} wb_rep_plan;

/* Runs the module's repetitions on state and fills out. Returns WB_EXIT_OK,
 * WB_EXIT_INTERRUPTED (wb_stop_requested was set; out holds what was complete), or
 * WB_EXIT_RUNTIME with err filled. */
int wb_run_reps(const wb_module *m, void *state, const wb_rep_plan *plan, wb_sink *const *sinks,
                int nsinks, wb_variant_result *out, wb_error *err);

/* The same in pieces, for repetitions of several variants taken in turns (the runner's
 * interleaving): one wb_reps per variant, opened once, its warm-ups and its timed repetitions
 * each on a state set up for them, and closed once, which hands the summary to the sinks. */
typedef struct wb_reps wb_reps;
wb_reps *wb_reps_open(const wb_module *m, const wb_rep_plan *plan, wb_sink *const *sinks, int nsinks,
                      wb_variant_result *out, wb_error *err);
/* The plan's warm-up repetitions (untimed). WB_EXIT_OK, _INTERRUPTED or _RUNTIME. */
int  wb_reps_warmup(wb_reps *L, void *state, wb_error *err);
/* Timed repetition rep (1-based). WB_EXIT_OK, _INTERRUPTED, _RUNTIME; or WB_REPS_DONE when the
 * module said no further repetition of this variant can run. */
#define WB_REPS_DONE 1000
int  wb_reps_timed(wb_reps *L, void *state, unsigned rep, wb_error *err);
/* No repetition of this variant runs now (the console's progress stops reading it). */
void wb_reps_pause(wb_reps *L);
/* Where a repetition's figure of the module's report metric (its spec's `metric`) is: the
 * generic rate, time per operation or CPU, or the module's metric of that index (0 on); NONE
 * when a repetition has no such figure. */
enum { WB_REPORT_FROM_NONE = -1, WB_REPORT_FROM_RATE = -2, WB_REPORT_FROM_NS = -3, WB_REPORT_FROM_CPU = -4 };
int wb_report_metric_slot(const wb_module *m);
/* The module's report metric (its spec's `metric`) of each timed repetition so far, into
 * out[0..cap-1]: how many (0 when the metric is not one a repetition measures). */
size_t wb_reps_report_values(const wb_reps *L, double *out, size_t cap);
/* The summary (when a repetition completed and rc is OK or interrupted), then free. */
void wb_reps_close(wb_reps *L, int rc);

#endif

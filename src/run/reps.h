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
     * slow_rep made twenty times longer, and 8 MiB more memory from repetition grow_rep on. */
    unsigned long leap_ms, slow_rep, grow_rep;
} wb_rep_plan;

/* Runs the module's repetitions on state and fills out. Returns WB_EXIT_OK,
 * WB_EXIT_INTERRUPTED (wb_stop_requested was set; out holds what was complete), or
 * WB_EXIT_RUNTIME with err filled. */
int wb_run_reps(const wb_module *m, void *state, const wb_rep_plan *plan, wb_sink *const *sinks,
                int nsinks, wb_variant_result *out, wb_error *err);

#endif

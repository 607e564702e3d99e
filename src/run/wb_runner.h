/* The part of winbench that every benchmark shares: common options, repetitions, statistics,
 * console lines and CSV rows. Private to winbench.exe (modules see only wb_module.h). */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include <stdio.h>
#include "modules.h"   /* the module registry, and through it wb_module.h */
#include "wb_options.h"
#include "core/usage.h"

#define WB_DEFERRED_TEXT 1024   /* a warning's sentence, whole (warnings.h: WB_WARNING_TEXT) */

/* Ctrl+C / Ctrl+Break handling (and the WINBENCH_STOP_* test hooks), armed once. The
 * request is this flag; modules see it only through their run context (wb_run_ctx.stop). */
void wb_watch_for_stop(void);
/* A timed repetition (1-based) starts: where WINBENCH_STOP_IN_REP names it, the stop is armed. */
void wb_stop_hook_rep_started(unsigned rep);
extern volatile LONG wb_stop_requested;

typedef struct wb_common {
    uint64_t repeat, warmup, affinity, seed, processes;
    double stalls;   /* seconds of the stall probe after each repetition; 0: none */
    /* --precision PCT (text, "2%"), --max-reps, --max-time (s; 0: none): repeat in rounds until
     * every variant's median is known that precisely, or a cap */
    const char *precision;
    uint64_t max_reps;
    double max_time;
    const char *csv, *json, *hlog, *label, *run_id, *calibration;
    int tsv, priority, quiet, force, order;
    int brief;   /* the caller's outcome->brief: no summary block, the warnings kept in the caller's wb_deferred */
} wb_common;

/* Brief runs' warnings (wb_run_outcome.deferred), each kind (its code) once, in its first
 * sentence, with how many runs or variants had it: the caller's store (`winbench all` keeps one
 * for the suite and says it at its end), which the run's console fills. */
typedef struct wb_deferred {
    struct {
        char code[32], text[WB_DEFERRED_TEXT];
        unsigned count;
        int machine;              /* the machine's (Wine, a VM): every run has it, said once plainly */
    } w[64];
    int n;
} wb_deferred;
void wb_deferred_add(wb_deferred *d, const char *code, const char *text, int machine);
/* Each to f, then forgotten. */
void wb_deferred_say(wb_deferred *d, FILE *f);

/* --order: how the repetitions of a run's variants (sockloop's --loop all and --rate lists,
 * sendmsg's --work lists) follow each other. Interleaved: in rounds, each variant once per
 * round, in an order drawn from --seed, each repetition on its own set-up; grouped: each
 * variant's repetitions back to back. */
#define WB_ORDERS(X) X(WB_ORDER_INTERLEAVED, "interleaved") X(WB_ORDER_GROUPED, "grouped")
enum { WB_ORDERS(WB_CHOICE_ID) };

/* --priority: the option's name, its enum and the class Windows is asked for, listed once. */
#define WB_PRIORITIES(X)                                   \
    X(WB_PRIORITY_NORMAL, "normal", NORMAL_PRIORITY_CLASS) \
    X(WB_PRIORITY_HIGH, "high", HIGH_PRIORITY_CLASS)       \
    X(WB_PRIORITY_REALTIME, "realtime", REALTIME_PRIORITY_CLASS)
#define WB_PRIORITY_ID(id, name, cls) id,
enum { WB_PRIORITIES(WB_PRIORITY_ID) WB_PRIORITY_COUNT };
#undef WB_PRIORITY_ID
/* "high", or NULL for a class winbench never asks for. */
const char *wb_priority_name_of_class(unsigned long priority_class);
const char *wb_priority_name(int priority);   /* the option's name of a WB_PRIORITY_* */
unsigned long wb_priority_class(int priority);

extern const wb_option wb_common_options[];

/* The common table as module m sees it: with the module's own --repeat / --warmup defaults.
 * The parser and `winbench help <module>` both use this copy, so they cannot disagree. */
#define WB_MAX_COMMON_OPTIONS 24
void wb_common_options_for(const wb_module *m, wb_option *out, size_t cap);

/* What a run hands back beside its exit code: the module's verdicts of its last variant's
 * summary, "cal_clock=ok;cal_cpus=ok;..." (empty when it has none), which `winbench all`
 * passes to the later runs of the suite as --calibration. */
typedef struct wb_run_outcome {
    /* Set by the caller: the run prints nothing of its own but skips and notes (no summary,
     * no CSV line), and keeps its warnings in *deferred (wb_deferred_say): the caller prints
     * headline below, a line per run (`winbench all`). */
    int brief;
    wb_deferred *deferred;       /* with brief: where its warnings go (the caller says them) */
    char verdicts[256];
    /* Where each variant's time went, from its summary (the parts line, a variant's name before
     * it under --loop all), one per line: `winbench all` ends with them. "" when none. */
    char parts[4096];
    /* Each layer's share of the parts' whole (WB_LAYER_*), least and most over the variants
     * that have parts (split of them): `winbench all` ends with a line per benchmark of them. */
    double share_least[WB_LAYER_COUNT], share_most[WB_LAYER_COUNT];
    int split;
    /* The run in a line (--brief's): each variant's whole and its layers, or its report metric,
     * or its verdicts: "a SendMessage 359.7 ns: your code 42%, the API 58%". */
    char headline[640];
    int write_failed;            /* its rows could not all be written (a full disk): a suite stops */
    /* Set by the run: the file its rows went to ("" none, "-" stdout), how many variants it had,
     * whether it was asked to be quiet: the caller that compares its variants (the report's
     * answers on that file: `winbench sendmsg --work 0,2000`) knows from these whether it can. */
    char rows_path[MAX_PATH];
    int variants, quiet;
    /* "work=0": the configuration column the variants differ in, and its first variant's value
     * (what the others are compared with); "" when they differ in none */
    char compare[128];
    /* --processes P above 1: the run did not run; the caller runs P processes of winbench
     * (wb_run_processes), the options as parsed here (pointers into the caller's argv) */
    unsigned processes;
    wb_common common;
} wb_run_outcome;

/* What wb_run_module returns when --processes asks for processes of their own. */
#define WB_RUN_IN_PROCESSES (-3)

/* Run one benchmark module with its arguments (after the module name). Returns the exit code,
 * or -1 when the arguments ask for the module's help. outcome may be NULL. */
int wb_run_module(const wb_module *m, int argc, char **argv, wb_run_outcome *outcome);

#endif

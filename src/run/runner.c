/* Runs one benchmark module: options, process set-up, then each variant's set-up, repetitions
 * (reps.c) and tear-down, with the results going to the CSV and console sinks. */
#include "reps.h"
#include "wb_warning_codes.h"
#include "summary_rules.h"
#include "wb_process.h"
#include "wb_test_hooks.h"
#include "wb_timer.h"
#include "core/wb_compare.h"
#include "core/wb_shuffle.h"
#include "outcome.h"
#include "parts_text.h"
#include "wb_console.h"
#include "wb_units.h"

#include <stdlib.h>
#include <string.h>

enum { RUN_MAX_SINKS = 6 };

/* Everything one run holds; the sinks get what they need as arguments (wb_run_info). */
typedef struct wb_run {
    const wb_module *m;
    wb_common common;
    void *config;                   /* as parsed */
    wb_sysinfo si;
    wb_clock_info clk;
    wb_warnings run_warnings;       /* about the machine and the process */
    wb_warnings context_warnings;   /* those and the current variant's timer: in every row */
    char options_text[1024];        /* the arguments as typed */
    char run_id[128], affinity_text[32], priority_text[16];
    uint64_t affinity_mask;         /* the CPUs the process may use, once set */
    wb_qos qos;
    wb_run_info info;
    wb_layout layout;               /* the module's columns, built once */
    wb_rep_plan plan;
    wb_sink *sinks[RUN_MAX_SINKS];  /* where results go: the CSV first, then the console */
    int nsinks;
    wb_run_outcome *outcome;        /* the caller's, or NULL */
    char seed_text[24];             /* the interleaving's seed, for the CSV */
    char variants_text[16];         /* how many variants the run was asked for, for the CSV */
    unsigned long reps_run;         /* timed repetitions so far, over all variants (a test hook's count) */
    unsigned last_result_reps;      /* complete repetitions of the last variant (its verdicts' source) */
    char failure[256];              /* a repetition that failed its purpose (rows kept): exit 1 */
    int skipped, variants;          /* variants that could not run here (a row each says why): exit 4 */
    double precision;               /* --precision as a fraction (0.02); 0: --repeat fixed */
} wb_run;

static int runtime_error(const wb_run *r, const char *what)
{
    wb_fprintf(stderr, "winbench: %s: %s\n", r->m->name, what);
    return WB_EXIT_RUNTIME;
}

/* --affinity and --priority, as asked, and what the process then has (its rows say it). */
static int apply_process_settings(wb_run *r)
{
    unsigned long long now = 0, system = 0;
    unsigned long got = 0;
    wb_error err;
    char msg[160];
    int rc;
    if (r->common.affinity > (uint64_t)(DWORD_PTR)-1) {
        snprintf(msg, sizeof msg, "--affinity: 0x%llx names CPUs a %s process cannot use",
                 (unsigned long long)r->common.affinity, r->si.arch);
        return wb_usage_error(r->m->name, msg);
    }
    if ((rc = wb_process_affinity(r->common.affinity, &now, &system, &err)) == 1) {
        /* CPUs the machine does not have are the user's mistake, not a failed call */
        snprintf(msg, sizeof msg, "--affinity: 0x%llx names %s of this machine (mask 0x%llx)",
                 (unsigned long long)r->common.affinity, (r->common.affinity & system) ? "CPUs that are not" : "no CPU",
                 system);
        return wb_usage_error(r->m->name, msg);
    }
    if (rc != 0) return runtime_error(r, err.what);
    r->affinity_mask = now;
    snprintf(r->affinity_text, sizeof r->affinity_text, "0x%llx", now);
    if (wb_process_priority(wb_priority_class(r->common.priority), &got, &err) != 0) return runtime_error(r, err.what);
    snprintf(r->priority_text, sizeof r->priority_text, "%s",
             wb_priority_name_of_class(got) ? wb_priority_name_of_class(got) : "other");
    if (got != wb_priority_class(r->common.priority))
        /* Realtime without SeIncreaseBasePriorityPrivilege silently becomes high. */
        wb_warn(&r->run_warnings, WB_W(priority), "asked for %s priority, running at %s",
                wb_priority_name(r->common.priority), r->priority_text);
    return WB_EXIT_OK;
}

static void join_args(char *out, size_t cap, int argc, char **argv)
{
    size_t used = 0;
    int i;
    out[0] = '\0';
    for (i = 0; i < argc && used + 1 < cap; i++) {
        int n = snprintf(out + used, cap - used, "%s%s", i ? " " : "", argv[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}

static void say_note(wb_run *r, const char *text)
{
    int i;
    for (i = 0; i < r->nsinks; i++)
        if (r->sinks[i]->note) r->sinks[i]->note(r->sinks[i], text);
}

static void add_module_warning(void *into, const char *code, const char *text)
{
    wb_warn((wb_warnings *)into, code, "%s", text);
}

/* A variant set up: its state, and what the sinks are told of it (facts copied out of the
 * state, so that they outlive it: an interleaved variant's summary comes after its last
 * tear-down). announce: say the module's line for people (the variant's first set-up). */
static int set_up(wb_run *r, const void *variant, wb_variant_info *v, void **state, int announce)
{
    const char *facts[WB_MAX_FACTS];
    wb_error err;
    int i;
    memset(v, 0, sizeof *v);
    memset((void *)facts, 0, sizeof facts);
    v->config = variant;
    if (r->m->variant_name && r->m->expand) r->m->variant_name(variant, v->name, sizeof v->name);
    if (r->m->setup(variant, state, &err) != 0) return runtime_error(r, err.what);
    if (r->m->facts) r->m->facts(*state, facts);
    for (i = 0; i < WB_MAX_FACTS; i++)
        if (facts[i]) {
            snprintf(v->fact_text[i], sizeof v->fact_text[i], "%s", facts[i]);
            v->facts[i] = v->fact_text[i];
        }
    /* The timer this variant runs with, once its set-up has asked for what it needs. */
    v->timer_res_ms = wb_timer_resolution_ms();
    v->sleep1_ms = wb_sleep1_ms(5);
    r->context_warnings = r->run_warnings;
    wb_timer_warnings(v->sleep1_ms, wb_timer_1ms_active() > 0, &r->context_warnings);
    if (r->m->warnings) r->m->warnings(*state, add_module_warning, &r->context_warnings);
    for (i = 0; i < r->nsinks; i++)
        if (r->sinks[i]->variant) r->sinks[i]->variant(r->sinks[i], v);
    if (announce && r->m->announce && !r->common.brief) {   /* a line for people; a brief run has its caller's */
        char line[256] = "";
        r->m->announce(*state, line, sizeof line);
        if (line[0]) say_note(r, line);
    }
    return WB_EXIT_OK;
}

/* One variant, grouped: set up, every repetition, tear down. */
static int run_one(wb_run *r, const void *variant, wb_variant_result *result)
{
    wb_variant_info *v = (wb_variant_info *)malloc(sizeof *v);
    void *state = NULL;
    wb_error err;
    int rc;
    if (v == NULL) return runtime_error(r, "out of memory");
    rc = set_up(r, variant, v, &state, 1);
    if (rc == WB_EXIT_OK) {
        rc = wb_run_reps(r->m, state, &r->plan, r->sinks, r->nsinks, result, &err);
        if (rc == WB_EXIT_RUNTIME) runtime_error(r, err.what);
        if (result->failure[0] && !r->failure[0]) snprintf(r->failure, sizeof r->failure, "%s", result->failure);
        if (result->skipped[0]) r->skipped++;
        r->m->teardown(state);
    }
    free(v);
    return rc;
}

/* One variant of an interleaved run: its repetitions so far and what its rows carry. */
typedef struct turn {
    wb_reps *reps;
    wb_variant_info info;
    wb_variant_result result;
    int warmed, done;            /* its warm-up ran; no further repetition can run */
} turn;

/* --precision: after `rounds` rounds (at least --repeat), 1 when every variant's median is
 * known within it, or --max-time has passed (the next round would start after it); the stop
 * said once. Where --max-reps ends the rounds first, the last round says so. */
static int precise_enough(wb_run *r, const turn *turns, int n, unsigned rounds, DWORD started)
{
    double worst = 0, each, *values;
    int k, unknown = 0, active = 0;
    char line[300], least[64];
    if (r->precision <= 0 || rounds < r->common.repeat) return 0;
    for (k = 0; k < n; k++) active += !turns[k].done;
    if (active == 0) return 1;   /* no variant can run further: nothing is precise or not */
    if ((values = (double *)malloc(r->plan.repeat * sizeof *values)) == NULL) return 0;   /* between rounds */
    for (k = 0; k < n; k++) {
        size_t got = turns[k].done ? 0 : wb_reps_report_values(turns[k].reps, values, r->plan.repeat);
        if (turns[k].done) continue;
        each = wb_median_precision(values, got);
        if (each != each) unknown = 1;
        else if (each > worst) worst = each;
    }
    free(values);
    if (unknown) snprintf(least, sizeof least, "a variant's median not yet bounded: fewer than 6 repetitions");
    else snprintf(least, sizeof least, "the least precise variant's median within +-%.2g%%", 100 * worst);
    if (!unknown && worst <= r->precision) {
        snprintf(line, sizeof line, "%s: --precision %.3g%%: reached after %u rounds (every variant's median within "
                 "+-%.2g%%, its 95%% interval)", r->m->name, 100 * r->precision, rounds, 100 * worst);
    } else if (rounds >= r->plan.repeat) {
        snprintf(line, sizeof line, "%s: --precision %.3g%%: not reached: --max-reps %u stopped it (%s)", r->m->name,
                 100 * r->precision, rounds, least);
    } else if (r->common.max_time > 0 && (GetTickCount() - started) / 1000.0 >= r->common.max_time) {
        snprintf(line, sizeof line, "%s: --precision %.3g%%: not reached: --max-time stopped it after %u rounds (%s)",
                 r->m->name, 100 * r->precision, rounds, least);
    } else {
        return 0;
    }
    say_note(r, line);
    return 1;
}

/* The variants' repetitions in rounds: each variant once per round, each round in an order
 * drawn from the seed, each repetition on a set-up of its own (its warm-up on the first), so
 * that what the machine does over the minutes (another job, a slower clock) falls on every
 * variant alike and the rank test's repetitions are independent. */
static int run_interleaved(wb_run *r, int n, void *const *variants, double **medians)
{
    turn *turns = (turn *)calloc((size_t)n, sizeof *turns);
    unsigned *order = (unsigned *)malloc((size_t)n * sizeof *order), rep;
    uint64_t rng = r->common.seed;
    int rc = WB_EXIT_OK, k;
    wb_error err;
    const DWORD started = GetTickCount();
    if (turns == NULL || order == NULL) {
        free(turns), free(order);
        return runtime_error(r, "out of memory");
    }
    for (k = 0; k < n && rc == WB_EXIT_OK; k++)
        if ((turns[k].reps = wb_reps_open(r->m, &r->plan, r->sinks, r->nsinks, &turns[k].result, &err)) == NULL)
            rc = runtime_error(r, err.what);
    for (rep = 1; rc == WB_EXIT_OK && !precise_enough(r, turns, n, rep - 1, started) && rep <= r->plan.repeat; rep++) {
        for (k = 0; k < n; k++) order[k] = (unsigned)k;
        wb_shuffle(order, (unsigned)n, &rng);
        for (k = 0; k < n && rc == WB_EXIT_OK; k++) {
            turn *t = &turns[order[k]];
            void *state = NULL;
            if (t->done) continue;
            rc = set_up(r, variants[order[k]], &t->info, &state, !t->warmed);
            if (rc != WB_EXIT_OK) break;
            if (!t->warmed) rc = wb_reps_warmup(t->reps, state, &err);
            t->warmed = 1;
            if (rc == WB_EXIT_OK) rc = wb_reps_timed(t->reps, state, rep, &err);
            wb_reps_pause(t->reps);
            if (rc == WB_REPS_DONE) t->done = 1, rc = WB_EXIT_OK;
            if (rc == WB_EXIT_RUNTIME) runtime_error(r, err.what);
            r->m->teardown(state);
        }
    }
    /* Every variant's summary, in the variants' order, each with its own facts. */
    for (k = 0; k < n; k++) {
        int i;
        if (turns[k].reps == NULL) continue;
        for (i = 0; i < r->nsinks; i++)
            if (turns[k].warmed && r->sinks[i]->variant) r->sinks[i]->variant(r->sinks[i], &turns[k].info);
        wb_reps_close(turns[k].reps, turns[k].warmed ? rc : WB_EXIT_RUNTIME);
        memcpy(medians[k], turns[k].result.medians, WB_MAX_METRICS * sizeof *medians[k]);
        if (turns[k].result.failure[0] && !r->failure[0])
            snprintf(r->failure, sizeof r->failure, "%s", turns[k].result.failure);
        if (turns[k].result.skipped[0]) r->skipped++;
    }
    r->last_result_reps = n > 0 ? turns[n - 1].result.reps : 0;
    free(turns), free(order);
    return rc;
}

/* The run's variants (one, unless the module expands an option like --loop all), each a copy
 * of the configuration with a median per metric beside it; skipped ones said once. How many. */
enum { MAX_VARIANTS = 128 };   /* sockloop: 7 loops x 16 rates at most */
static int expand_variants(wb_run *r, void **variants, double **medians, int *rc)
{
    int n = 0, index;
    char note[256], line[300];
    for (index = 0; n < MAX_VARIANTS; index++) {
        void *v = malloc(r->m->config_size ? r->m->config_size : 1);
        double *med = (double *)calloc(WB_MAX_METRICS, sizeof *med);
        int got = 1;
        if (v == NULL || med == NULL) {
            free(v), free(med);
            *rc = runtime_error(r, "out of memory");
            break;
        }
        memcpy(v, r->config, r->m->config_size);
        note[0] = '\0';
        if (r->m->expand) got = r->m->expand(r->config, index, v, note, sizeof note);
        else if (index > 0) got = 0;
        if (got <= 0) {
            if (got < 0 && note[0]) {   /* skipped, said once (a loop at its later rates: silently) */
                snprintf(line, sizeof line, "%s: skipped: %s", r->m->name, note);
                say_note(r, line);
            }
            free(v), free(med);
            if (got == 0) break;
            continue;
        }
        variants[n] = v;
        medians[n] = med;
        n++;
    }
    return n;
}

/* A run of fixed schedule that will take a while says so first, so that nobody waits blind
 * (the README's seed experiment took 4 m 35 s under Wine with nothing saying so). Set-up and
 * the parts' floors come on top. */
static void say_expected_length(wb_run *r, int n, void *const *variants)
{
    double each = 0, total;
    unsigned reps = r->plan.warmup + r->plan.repeat;
    char line[200], length[32], one[32];
    int i;
    if (r->m->rep_seconds == NULL || r->common.quiet || n <= 0) return;
    for (i = 0; i < n; i++) each += r->m->rep_seconds(variants[i]);
    total = each * reps;
    if (total < 10) return;
    wb_format_duration(total, length, sizeof length);
    wb_format_duration(each / n, one, sizeof one);
    snprintf(line, sizeof line, "%s: this run takes %s %s by its schedule (%d variant%s x %u repetition%s of %s%s), "
             "set-up not counted", r->m->name, r->precision > 0 ? "at most" : "about", length, n, n == 1 ? "" : "s", reps,
             reps == 1 ? "" : "s", n > 1 ? "about " : "", one);
    say_note(r, line);
}

/* The variants, expanded first, then run grouped or interleaved (--order), then the module's
 * comparison of them. */
static int run_variants(wb_run *r)
{
    void *variants[MAX_VARIANTS];
    double *medians[MAX_VARIANTS];
    wb_variant_result *result = (wb_variant_result *)malloc(sizeof *result);
    int n, rc = WB_EXIT_OK, i;

    if (result == NULL) return runtime_error(r, "out of memory");
    n = expand_variants(r, variants, medians, &rc);
    r->variants = n;
    snprintf(r->variants_text, sizeof r->variants_text, "%d", n);
    if (rc == WB_EXIT_OK) say_expected_length(r, n, variants);
    r->last_result_reps = 0;
    if (rc == WB_EXIT_OK && ((n > 1 && r->plan.repeat > 1 && r->common.order == WB_ORDER_INTERLEAVED) ||
                             r->precision > 0)) {
        if (r->common.seed == 0)   /* drawn from the clock, and recorded: the run's order can be repeated */
            r->common.seed = (wb_ticks() ^ ((uint64_t)GetCurrentProcessId() << 40)) | 1;
        r->info.order_text = "interleaved";
        snprintf(r->seed_text, sizeof r->seed_text, "%llu", (unsigned long long)r->common.seed);
        rc = run_interleaved(r, n, variants, medians);
    } else {
        r->info.order_text = n > 1 ? "grouped" : "";
        for (i = 0; i < n && rc == WB_EXIT_OK; i++) {
            rc = run_one(r, variants[i], result);
            memcpy(medians[i], result->medians, WB_MAX_METRICS * sizeof *medians[i]);
            r->last_result_reps = result->reps;
            if (rc != WB_EXIT_OK) n = i + 1;   /* an error, or Ctrl+C: no further variants */
        }
    }
    if (r->outcome) wb_outcome_fill(r->outcome, r->m, n, variants, medians, r->last_result_reps);
    if (rc == WB_EXIT_OK && n > 1)
        for (i = 0; i < r->nsinks; i++)
            if (r->sinks[i]->compare)
                r->sinks[i]->compare(r->sinks[i], n, (const void *const *)variants, (const double *const *)medians);
    while (n-- > 0) {
        free(variants[n]);
        free(medians[n]);
    }
    free(result);
    return rc;
}

/* Parses the arguments into r. Returns WB_EXIT_OK, a usage error, or -1 for --help. */
/* No two output files may be one (a module's FILE option, like sockloop's --raw, the CSV and
 * the JSON): the second to be created would find the first ("already exists") or, with
 * --force, the two would write over each other. */
typedef struct same_file_check {
    const char *path, *option;   /* the file the others must not name, and its option */
    char *err;
    size_t cap;
} same_file_check;

static int same_path(const char *x, const char *y)
{
    char a[MAX_PATH], b[MAX_PATH];
    return x && y && GetFullPathNameA(x, sizeof a, a, NULL) != 0 && GetFullPathNameA(y, sizeof b, b, NULL) != 0 &&
           _stricmp(a, b) == 0;
}

static int names_the_file(void *arg, const wb_option *o, const void *config)
{
    same_file_check *c = (same_file_check *)arg;
    const char *path;
    if (o->type != WB_OPT_TEXT || o->metavar == NULL || strcmp(o->metavar, "FILE") != 0 || config == NULL) return 0;
    path = *(const char *const *)((const char *)config + o->offset);
    if (!same_path(path, c->path)) return 0;
    snprintf(c->err, c->cap, "--%s and --%s name the same file (%s): give each its own", o->name, c->option, path);
    return 1;
}

/* 0, or -1 with the reason in err when two of the run's output files are one. */
static int check_output_files(const wb_run *r, char *err, size_t cap)
{
    const char *csv = r->common.csv && strcmp(r->common.csv, "-") != 0 ? r->common.csv : NULL;
    same_file_check same;
    same.err = err;
    same.cap = cap;
    if (r->common.json && strcmp(r->common.json, "-") == 0) {
        snprintf(err, cap, "--json: give a file (the document is written whole when the run ends, not to stdout)");
        return -1;
    }
    if (csv && same_path(csv, r->common.json)) {
        snprintf(err, cap, "--json and --csv name the same file (%s): give each its own", csv);
        return -1;
    }
    if (r->common.hlog && (same_path(r->common.hlog, csv) || same_path(r->common.hlog, r->common.json))) {
        snprintf(err, cap, "--hlog and --%s name the same file (%s): give each its own",
                 same_path(r->common.hlog, csv) ? "csv" : "json", r->common.hlog);
        return -1;
    }
    same.path = csv, same.option = "csv";
    if (csv && wb_options_each(r->m->options, r->config, names_the_file, &same) != 0) return -1;
    same.path = r->common.json, same.option = "json";
    if (r->common.json && wb_options_each(r->m->options, r->config, names_the_file, &same) != 0) return -1;
    same.path = r->common.hlog, same.option = "hlog";
    if (r->common.hlog && wb_options_each(r->m->options, r->config, names_the_file, &same) != 0) return -1;
    return 0;
}

/* A raised priority class with a thread that spins a CPU for long: on Windows a HIGH or REALTIME
 * thread that never waits keeps every normal thread off its CPU (the console's, the shell's,
 * the one that delivers Ctrl+C: CtrlRoutine runs at the process's priority, below a realtime
 * spinner's), so a machine whose every CPU spins is frozen for the run's length (Windows
 * Internals, "Scheduling"; SetPriorityClass's remarks). Refused: stalls at any raised class,
 * and the stall probe where it would spin the only CPU the process may use. */
static int check_spinning(const wb_run *r, char *err, size_t cap)
{
    unsigned cpus = 0;
    uint64_t mask;
    if (r->common.priority == WB_PRIORITY_NORMAL) return 0;
    if (r->m->spins_every_cpu) {
        snprintf(err, cap, "--priority %s: %s spins a thread on every CPU; at a raised priority nothing else (the "
                 "console, Ctrl+C) would run until it ends: run it at normal", wb_priority_name(r->common.priority),
                 r->m->name);
        return -1;
    }
    if (!(r->common.stalls > 0)) return 0;
    for (mask = r->common.affinity; mask; mask &= mask - 1) cpus++;   /* --affinity's, else the process's */
    if (r->common.affinity == 0) cpus = wb_usable_cpus(NULL);
    if (cpus > 1) return 0;   /* the probe spins one CPU; another is left to the console */
    snprintf(err, cap, "--priority %s: the stall probe (--stalls) would spin the only CPU this process may use, and "
             "nothing else would run for its length: add --stalls off, or allow a second CPU",
             wb_priority_name(r->common.priority));
    return -1;
}

/* --precision PCT ("2%", "2"): 0.1% to 50%, into r->precision; --max-reps and --max-time
 * belong to it. */
static int check_precision(wb_run *r, const wb_args *args, char *err, size_t cap)
{
    const char *text = r->common.precision;
    char *end;
    double pct;
    r->precision = 0;
    if (text == NULL) {
        if (wb_args_named(args, "max-reps") || wb_args_named(args, "max-time")) {
            snprintf(err, cap, "--%s: only with --precision (the most a precision may take)",
                     wb_args_named(args, "max-reps") ? "max-reps" : "max-time");
            return -1;
        }
        return 0;
    }
    pct = strtod(text, &end);
    if (end == text || (*end != '\0' && strcmp(end, "%") != 0) || !(pct >= 0.1 && pct <= 50)) {
        snprintf(err, cap, "--precision: expected a percentage from 0.1%% to 50%% (e.g. 2%%), got \"%.40s\"", text);
        return -1;
    }
    if (r->common.max_reps < r->common.repeat) {
        snprintf(err, cap, "--max-reps %llu is below --repeat %llu (the least a precision takes)",
                 (unsigned long long)r->common.max_reps, (unsigned long long)r->common.repeat);
        return -1;
    }
    if (wb_report_metric_slot(r->m) == WB_REPORT_FROM_NONE) {
        snprintf(err, cap, "--precision: %s's answer (%s) is not a figure of each repetition", r->m->name,
                 r->m->report && r->m->report->metric ? r->m->report->metric : "none");
        return -1;
    }
    r->precision = pct / 100.0;
    return 0;
}

static int parse(wb_run *r, int argc, char **argv)
{
    wb_option_set sets[2];
    wb_args args;
    wb_option common_table[WB_MAX_COMMON_OPTIONS];
    char err[512];
    int i;
    for (i = 0; i < argc; i++)
        if (wb_is_help_arg(argv[i]))
            return -1;   /* main prints the module's help */
    wb_common_options_for(r->m, common_table, WB_MAX_COMMON_OPTIONS);
    sets[0].table = common_table;
    sets[0].config = &r->common;
    sets[1].table = r->m->options;
    sets[1].config = r->config;
    args.argc = argc;
    args.argv = argv;
    args.sets = sets;
    args.nsets = 2;
    if (wb_options_defaults(sets, 2, err, sizeof err) != 0 ||
        wb_options_parse(sets, 2, argc, argv, err, sizeof err) != 0 ||
        (r->m->check && r->m->check(r->config, &args, err, sizeof err) != 0))
        return wb_usage_error(r->m->name, err);
    if (check_output_files(r, err, sizeof err) != 0 || check_precision(r, &args, err, sizeof err) != 0 ||
        check_spinning(r, err, sizeof err) != 0)
        return wb_usage_error(r->m->name, err);
    join_args(r->options_text, sizeof r->options_text, argc, argv);
    return WB_EXIT_OK;
}

static void describe(wb_run *r)
{
    wb_run_info *info = &r->info;
    info->m = r->m;
    info->layout = &r->layout;
    info->common = &r->common;
    info->si = &r->si;
    info->clk = &r->clk;
    info->options_text = r->options_text;
    info->run_id = r->run_id;
    info->priority_text = r->priority_text;
    info->affinity_text = r->affinity_text;
    info->qos = &r->qos;
    info->context_warnings = &r->context_warnings;
    info->run_warnings = &r->run_warnings;
    r->plan.warmup = (unsigned)r->common.warmup;
    /* --precision: room for --max-reps, the rounds stop sooner when precise (run_interleaved) */
    r->plan.repeat = (unsigned)(r->precision > 0 ? r->common.max_reps : r->common.repeat);
    r->plan.resolution_ticks = r->clk.resolution_ticks;
    r->plan.tick_ms = r->si.tick_ms;
    r->plan.context_warnings = &r->context_warnings;
    r->plan.leap_ms = (unsigned long)wb_test_hook_number(WB_HOOK_QPC_LEAP_MS);
    r->plan.slow_rep = (unsigned long)wb_test_hook_number(WB_HOOK_SLOW_REP);
    r->plan.grow_rep = (unsigned long)wb_test_hook_number(WB_HOOK_GROW_REP);
    r->plan.slow_from = (unsigned long)wb_test_hook_number(WB_HOOK_SLOW_FROM);
    r->plan.reps_run = &r->reps_run;
    r->plan.stall_probe_s = r->common.stalls;
    info->order_text = "";
    info->seed_text = r->seed_text;
    info->variants_text = r->variants_text;
}

/* Where a run's results go, in order: the CSV first (the console says where it went), the JSON
 * document and the histogram log when asked for, then the console. Another sink is one more entry. */
static const wb_sink_open_fn sink_openers[] = { wb_csv_sink_open, wb_json_sink_open, wb_hlog_sink_open,
                                                 wb_console_sink_open };
enum { SINK_COUNT = sizeof sink_openers / sizeof sink_openers[0] };

/* Every sink opened, or none (the ones opened before a failure are ended and closed). */
static int open_sinks(wb_run *r, const char *stamp)
{
    int i, rc = WB_EXIT_OK;
    for (i = 0; i < SINK_COUNT && i < RUN_MAX_SINKS; i++) {
        wb_sink *s = sink_openers[i](&r->info, stamp, &rc);
        if (s == NULL && rc == WB_EXIT_OK) continue;   /* not asked for */
        if (s == NULL) {
            wb_run_end e;
            memset(&e, 0, sizeof e);
            e.rc = rc;
            while (r->nsinks > 0) {
                wb_sink *open = r->sinks[--r->nsinks];
                open->end(open, rc);
                open->close(open, &e);
            }
            return rc;
        }
        r->sinks[r->nsinks++] = s;
    }
    return WB_EXIT_OK;
}

/* Every sink ends (in reverse), then hears how the run ended and where its rows went. A sink
 * whose rows are incomplete (disk full) makes the run's exit code a runtime error. */
static int close_sinks(wb_run *r, int rc)
{
    wb_run_end e;
    int i, failed = -1;
    memset(&e, 0, sizeof e);
    for (i = r->nsinks - 1; i >= 0; i--)
        if (r->sinks[i]->end(r->sinks[i], rc) != 0 && failed < 0) failed = i;
    for (i = 0; i < r->nsinks; i++)
        if (r->sinks[i]->where) r->sinks[i]->where(r->sinks[i], &e);
    if (failed >= 0 && rc == WB_EXIT_OK) {
        char err[MAX_PATH + 200];
        wb_run_end of;
        memset(&of, 0, sizeof of);
        if (r->sinks[failed]->where) r->sinks[failed]->where(r->sinks[failed], &of);
        if (r->outcome) r->outcome->write_failed = 1;
        if (of.rows_path[0] || !of.json_path[0])
            snprintf(err, sizeof err, "writing %s failed (disk full?): it holds %lu whole row%s, the header included; "
                     "the rows after them, and the summary, were not written", of.rows_path[0] ? of.rows_path : "the results",
                     (unsigned long)of.rows + 1, of.rows == 0 ? "" : "s");
        else   /* the JSON, written whole or not at all (its sink said why) */
            snprintf(err, sizeof err, "writing %s failed: it was not written (the CSV holds every row)", of.json_path);
        rc = runtime_error(r, err);
    }
    e.rc = rc;
    if (r->outcome) {
        snprintf(r->outcome->rows_path, sizeof r->outcome->rows_path, "%s", e.rows_path);
        r->outcome->variants = r->variants;
        r->outcome->quiet = r->common.quiet;
    }
    for (i = r->nsinks - 1; i >= 0; i--) r->sinks[i]->close(r->sinks[i], &e);   /* the last opened first */
    r->nsinks = 0;
    return rc;
}

static int run_parsed(wb_run *r)
{
    char stamp[32];
    int rc, i;
    wb_sysinfo_read(&r->si);
    wb_local_stamp(WB_STAMP_COMPACT, stamp, sizeof stamp);
    if (r->common.run_id) snprintf(r->run_id, sizeof r->run_id, "%s", r->common.run_id);
    else   /* the process id too: runs started in the same second are still told apart */
        snprintf(r->run_id, sizeof r->run_id, "%s-%s-%lu", r->si.host, stamp, (unsigned long)GetCurrentProcessId());
    rc = apply_process_settings(r);
    /* Windows 10 1709 on: no efficient cores or low clocks for a process it thinks unseen, and
     * (Windows 11) timeBeginPeriod kept without visible windows */
    wb_qos_read(&r->qos, r->affinity_mask);
    wb_context_warnings(&r->si, r->common.affinity != 0, &r->run_warnings);
    wb_qos_warnings(&r->qos, &r->run_warnings);
    wb_calibration_warnings(r->common.calibration, &r->run_warnings);
    wb_test_hook_warnings(&r->run_warnings);
    r->context_warnings = r->run_warnings;
    if (rc != WB_EXIT_OK) return rc;
    describe(r);
    rc = open_sinks(r, stamp);
    if (rc != WB_EXIT_OK) return rc;
    wb_clock_init(&r->clk);
    r->plan.resolution_ticks = r->clk.resolution_ticks;
    for (i = 0; i < r->nsinks; i++) r->sinks[i]->begin(r->sinks[i], &r->info);

    rc = run_variants(r);
    if (rc == WB_EXIT_OK && r->failure[0]) {
        wb_fprintf(stderr, "winbench: %s: %s\n", r->m->name, r->failure);
        rc = WB_EXIT_RUNTIME;
    }
    if (rc == WB_EXIT_OK && r->skipped) {
        wb_fprintf(stderr, "winbench: %s: %d of %d variant%s could not run here (rows of kind \"skipped\" say why); "
                   "the others ran\n", r->m->name, r->skipped, r->variants, r->variants == 1 ? "" : "s");
        rc = WB_EXIT_SKIPPED;
    }
    return close_sinks(r, rc);
}

/* --processes P: what the processes cannot do refused here, as usage errors, before any runs;
 * the rest is the caller's (wb_run_processes): WB_RUN_IN_PROCESSES. */
static int hand_to_processes(wb_run *r)
{
    const char *why = NULL;
    if (r->outcome == NULL || r->outcome->brief) why = "runs in processes only as a command of its own (not in winbench all)";
    else if (r->common.csv && strcmp(r->common.csv, "-") == 0) why = "the rows go to one file the processes' rows are joined in, not to stdout";
    else if (r->common.json || r->common.hlog) why = "--json and --hlog each take one process's run; the CSV holds every process's rows";
    if (why) {
        char err[300];
        snprintf(err, sizeof err, "--processes: %s", why);
        return wb_usage_error(r->m->name, err);
    }
    r->outcome->processes = (unsigned)r->common.processes;
    r->outcome->common = r->common;
    return WB_RUN_IN_PROCESSES;
}

int wb_run_module(const wb_module *m, int argc, char **argv, wb_run_outcome *outcome)
{
    wb_run *r = (wb_run *)calloc(1, sizeof *r);
    int rc;
    if (r == NULL) {
        wb_fprintf(stderr, "winbench: %s: out of memory\n", m->name);
        return WB_EXIT_RUNTIME;
    }
    r->m = m;
    r->outcome = outcome;
    if (outcome) {
        outcome->verdicts[0] = outcome->parts[0] = outcome->headline[0] = outcome->rows_path[0] = '\0';
        outcome->write_failed = outcome->variants = outcome->quiet = 0;
        outcome->compare[0] = '\0';
        outcome->processes = 0;
    }
    {   /* a module whose columns outgrow a row would have them cut or read past the arrays */
        char why[200];
        if (wb_module_check_limits(m, why, sizeof why) != 0 || wb_summary_rules_check(m, why, sizeof why) != 0) {
            free(r);
            wb_fprintf(stderr, "winbench: %s: %s (a build defect)\n", m->name, why);
            return WB_EXIT_RUNTIME;
        }
    }
    wb_watch_for_stop();
    r->config = calloc(1, m->config_size ? m->config_size : 1);
    if (r->config == NULL || wb_layout_build(m, &r->layout) != 0) rc = runtime_error(r, "out of memory");
    else if ((rc = parse(r, argc, argv)) == WB_EXIT_OK && r->common.processes > 1) {
        rc = hand_to_processes(r);
    } else if (rc == WB_EXIT_OK) {
        r->common.brief = outcome && outcome->brief;
        r->info.deferred = outcome && outcome->brief ? outcome->deferred : NULL;
        rc = run_parsed(r);
    }
    wb_layout_free(&r->layout);
    free(r->config);
    free(r);
    return rc;
}

/* Runs one benchmark module: options, process set-up, warm-up, timed repetitions, statistics,
 * console lines and CSV rows. Modules only create their objects and time their loop. */
#include "run_internal.h"
#include "wb_files.h"

#include <fcntl.h>
#include <io.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Ctrl+C ------------------------------------------------------------------------------------ */

volatile LONG wb_stop_requested;

static BOOL WINAPI on_console_ctrl(DWORD type)
{
    if (type != CTRL_C_EVENT && type != CTRL_BREAK_EVENT) return FALSE;
    InterlockedExchange(&wb_stop_requested, 1);
    return TRUE;   /* handled: the run stops at its next safe point and writes what it has */
}

/* WINBENCH_STOP_AFTER_MS=N: the same stop N ms into the run, so that tests can take the
 * interruption path where no console can send Ctrl+C (Wine without a terminal). */
static DWORD WINAPI stop_timer(void *arg)
{
    Sleep((DWORD)(UINT_PTR)arg);
    on_console_ctrl(CTRL_C_EVENT);
    return 0;
}

void wb_watch_for_stop(void)
{
    static int armed;
    char text[16];
    DWORD n;
    if (armed) return;
    armed = 1;
    SetConsoleCtrlHandler(on_console_ctrl, TRUE);
    n = GetEnvironmentVariableA("WINBENCH_STOP_AFTER_MS", text, sizeof text);
    if (n > 0 && n < sizeof text) {
        HANDLE t = CreateThread(NULL, 0, stop_timer, (void *)(UINT_PTR)strtoul(text, NULL, 10), 0, NULL);
        if (t) CloseHandle(t);
    }
}

int wb_usage_error(const char *where, const char *what)
{
    if (where) fprintf(stderr, "winbench: %s: %s\n", where, what);
    else fprintf(stderr, "winbench: %s\n", what);
    return WB_EXIT_USAGE;
}

static int runtime_error(const wb_run *r, const char *what)
{
    fprintf(stderr, "winbench: %s: %s\n", r->m->name, what);
    return WB_EXIT_RUNTIME;
}

/* ---- progress on stderr, from its own thread, only when stderr is a console ------------------ */

typedef struct progress {
    HANDLE thread, stop;
    wb_run_ctx *ctx;
    volatile LONG rep, reps, shown;
    CRITICAL_SECTION lock;   /* the console lines of both threads do not interleave */
} progress;

static DWORD WINAPI progress_main(void *arg)
{
    progress *p = (progress *)arg;
    /* First report after 2 s: short repetitions never show progress. */
    DWORD wait = 2000;
    while (WaitForSingleObject(p->stop, wait) == WAIT_TIMEOUT) {
        EnterCriticalSection(&p->lock);
        fprintf(stderr, "\r  rep %ld/%ld: %3ld%%", (long)p->rep, (long)p->reps,
                (long)(p->ctx->permille / 10));
        fflush(stderr);
        p->shown = 1;
        LeaveCriticalSection(&p->lock);
        wait = 1000;
    }
    return 0;
}

static void progress_start(progress *p, wb_run_ctx *ctx, int enabled)
{
    DWORD mode;
    memset(p, 0, sizeof *p);
    InitializeCriticalSection(&p->lock);
    p->ctx = ctx;
    if (!enabled || !GetConsoleMode(GetStdHandle(STD_ERROR_HANDLE), &mode)) return;
    p->stop = CreateEventA(NULL, TRUE, FALSE, NULL);
    if (p->stop) p->thread = CreateThread(NULL, 0, progress_main, p, 0, NULL);
}

/* Called before printing a result line: takes the console and wipes a progress line. */
static void console_take(progress *p)
{
    EnterCriticalSection(&p->lock);
    if (p->shown) {
        fprintf(stderr, "\r%40s\r", "");
        p->shown = 0;
    }
}

static void console_give(progress *p)
{
    LeaveCriticalSection(&p->lock);
}

static void progress_stop(progress *p)
{
    if (p->thread) {
        SetEvent(p->stop);
        WaitForSingleObject(p->thread, INFINITE);
        CloseHandle(p->thread);
    }
    if (p->stop) CloseHandle(p->stop);
    console_take(p);
    console_give(p);
    DeleteCriticalSection(&p->lock);
}

/* ---- output file ----------------------------------------------------------------------------- */

static void local_stamp(char *buf, size_t cap)
{
    SYSTEMTIME t;
    GetLocalTime(&t);
    snprintf(buf, cap, "%04u%02u%02u-%02u%02u%02u", t.wYear, t.wMonth, t.wDay, t.wHour, t.wMinute,
             t.wSecond);
}

/* Creates the file without ever replacing one unless --force. Returns an exit code. */
static int open_csv(wb_run *r, const char *stamp)
{
    const char *ext = r->common.tsv ? "tsv" : "csv";
    int explicit_path = r->common.csv != NULL, attempt;
    unsigned long code = 0;
    char msg[MAX_PATH + 300];

    if (explicit_path && strcmp(r->common.csv, "-") == 0) {
        r->csvf = stdout;
        r->csv_is_stdout = 1;
        _setmode(_fileno(stdout), _O_BINARY);   /* rows end in CRLF already */
        snprintf(r->csv_path, sizeof r->csv_path, "-");
        return WB_EXIT_OK;
    }
    for (attempt = 1; attempt <= 100; attempt++) {
        if (explicit_path)
            snprintf(r->csv_path, sizeof r->csv_path, "%s", r->common.csv);
        else if (attempt == 1)
            snprintf(r->csv_path, sizeof r->csv_path, "winbench-%s-%s-%s.%s", r->m->name,
                     r->si.host, stamp, ext);
        else   /* two runs in the same second: never overwrite, number the newer one */
            snprintf(r->csv_path, sizeof r->csv_path, "winbench-%s-%s-%s-%d.%s", r->m->name,
                     r->si.host, stamp, attempt, ext);
        r->csvf = wb_create_file(r->csv_path, r->common.force, &code);
        if (r->csvf != NULL) return WB_EXIT_OK;
        if (explicit_path || (code != ERROR_FILE_EXISTS && code != ERROR_ALREADY_EXISTS)) break;
    }
    if (wb_create_file_error("csv", r->csv_path, code, msg, sizeof msg) == WB_EXIT_USAGE)
        return wb_usage_error(r->m->name, msg);
    return runtime_error(r, msg);
}

/* Closes the CSV; one that holds no measurement (the run failed first) is removed. */
static int close_csv(wb_run *r)
{
    int failed = r->csv.error;
    if (r->csvf == NULL) return 0;
    if (r->csv_is_stdout) {
        fflush(stdout);
    } else {
        if (fclose(r->csvf) != 0) failed = 1;
        if (r->csv_data_rows == 0) DeleteFileA(r->csv_path);
    }
    r->csvf = NULL;
    return failed ? -1 : 0;
}

/* ---- process set-up ------------------------------------------------------------------------ */

static int apply_process_settings(wb_run *r)
{
    static const DWORD classes[] = { NORMAL_PRIORITY_CLASS, HIGH_PRIORITY_CLASS, REALTIME_PRIORITY_CLASS };
    HANDLE self = GetCurrentProcess();
    DWORD_PTR pmask = 0, smask = 0;
    DWORD got;
    wb_error err;

    if (r->common.affinity != 0) {
        char msg[128];
        if (r->common.affinity > (uint64_t)(DWORD_PTR)-1) {
            snprintf(msg, sizeof msg, "--affinity: 0x%llx names CPUs a %s process cannot use",
                     (unsigned long long)r->common.affinity, r->si.arch);
            return wb_usage_error(r->m->name, msg);
        }
        if (!SetProcessAffinityMask(self, (DWORD_PTR)r->common.affinity)) {
            wb_error_win32(&err, "SetProcessAffinityMask", GetLastError());
            return runtime_error(r, err.what);
        }
    }
    GetProcessAffinityMask(self, &pmask, &smask);
    snprintf(r->affinity_text, sizeof r->affinity_text, "0x%llx", (unsigned long long)pmask);

    if (!SetPriorityClass(self, classes[r->common.priority])) {
        wb_error_win32(&err, "SetPriorityClass", GetLastError());
        return runtime_error(r, err.what);
    }
    got = GetPriorityClass(self);
    snprintf(r->priority_text, sizeof r->priority_text, "%s",
             got == REALTIME_PRIORITY_CLASS ? "realtime" : got == HIGH_PRIORITY_CLASS ? "high"
             : got == NORMAL_PRIORITY_CLASS ? "normal" : "other");
    if (got != classes[r->common.priority])
        /* Realtime without SeIncreaseBasePriorityPrivilege silently becomes high. */
        wb_warn(&r->context_warnings, "priority", "asked for %s priority, running at %s",
                r->common.priority == WB_PRIORITY_REALTIME ? "realtime" : "high", r->priority_text);
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

/* ---- console lines ------------------------------------------------------------------------- */

static void print_banner(const wb_run *r)
{
    const wb_sysinfo *si = &r->si;
    fprintf(r->con, "winbench %s: %s on %s, %s %u.%u.%u%s%s %s%s%s, %u CPUs, QPC %llu Hz\n",
            WINBENCH_VERSION, r->m->name, si->host, si->os_name, si->os_major, si->os_minor,
            si->os_build, si->os_csd[0] ? " " : "", si->os_csd, si->arch,
            si->wine[0] ? ", Wine " : "", si->wine, si->cpus, (unsigned long long)r->clk.freq);
}

static void print_rep(const wb_run *r, unsigned rep, const wb_measure *m)
{
    double cpu = m->cpu_user_s + m->cpu_kernel_s;
    /* The seed's form: "9.73e+005 SendMessage/sec (51.39 sec)", then the cost and CPU split. */
    fprintf(r->con, "  rep %u/%llu: %.2e %s/sec (%.2f sec)  %.1f ns/%s  cpu %.0f%% (user %.0f%%, kernel %.0f%%)\n",
            rep, (unsigned long long)r->common.repeat, m->ops_per_s, r->m->op_name, m->elapsed_s,
            m->ns_per_op, r->m->op_name, m->cpu_pct,
            cpu > 0 ? 100.0 * m->cpu_user_s / cpu : 0.0, cpu > 0 ? 100.0 * m->cpu_kernel_s / cpu : 0.0);
}

/* "sendmsg iterations=1000000 target=button ...": what the summary below describes. */
static void print_module_options(const wb_run *r)
{
    const wb_option *o;
    char buf[64];
    fprintf(r->con, "%s", r->m->name);
    for (o = r->m->options; o->name; o++) {
        wb_option_value_text(o, r->variant, buf, sizeof buf);
        fprintf(r->con, " %s=%s", o->name, buf);
    }
    fprintf(r->con, "\n");
}

static void print_summary(const wb_run *r, const wb_summary *rate, double ns_median)
{
    print_module_options(r);
    fprintf(r->con, "  median %.4g %s/sec, %.1f ns each (min %.4g, max %.4g", rate->median,
            r->m->op_name, ns_median, rate->min, rate->max);
    if (rate->n > 1) fprintf(r->con, ", CV %.2f%%", 100.0 * rate->cv);
    fprintf(r->con, ", %lu rep%s)\n", (unsigned long)rate->n, rate->n == 1 ? "" : "s");
}

/* ---- warnings ------------------------------------------------------------------------------ */

static void context_warnings(wb_run *r)
{
    const wb_sysinfo *si = &r->si;
    if (si->wine[0])
        wb_warn(&r->context_warnings, "wine", "running under Wine %s: its numbers are not Windows numbers", si->wine);
    if (si->hypervisor == 1)
        wb_warn(&r->context_warnings, "hypervisor",
                "running in a virtual machine (CPUID): expect timer and scheduling noise; compare VMs on the same host");
    if (si->os_major == 5 && si->cpus > 1 && r->common.affinity == 0)
        wb_warn(&r->context_warnings, "unpinned",
                "multi-core Windows %u.%u without --affinity: QPC may be read on cores whose counters differ "
                "(pin with --affinity 0x1)", si->os_major, si->os_minor);
}

/* Test hooks, so that the tests can provoke what a real machine does only now and then:
 * WINBENCH_TEST_QPC_LEAP_MS=N adds N ms to the first timed repetition's QPC interval (a
 * KB274323 leap), WINBENCH_TEST_SLOW_REP=K makes repetition K take twenty times as long (an
 * outlier however noisy the other repetitions are). */
static unsigned long env_number(const char *name)
{
    char text[32];
    DWORD n = GetEnvironmentVariableA(name, text, sizeof text);
    return n > 0 && n < sizeof text ? strtoul(text, NULL, 10) : 0;
}

static void test_distortions(unsigned rep, wb_sample *s)
{
    unsigned long leap_ms = env_number("WINBENCH_TEST_QPC_LEAP_MS"), slow = env_number("WINBENCH_TEST_SLOW_REP");
    if (rep == 1 && leap_ms) s->iv.t1 += (uint64_t)((double)leap_ms / 1000.0 * (double)wb_clock_freq());
    if (slow && rep == slow) s->iv.t1 = s->iv.t0 + (s->iv.t1 - s->iv.t0) * 20;
}

/* What one repetition's own numbers say about it. */
static void rep_warnings(const wb_run *r, unsigned rep, const wb_sample *s, wb_warnings *w)
{
    double qpc_s = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double tick_s = (double)(DWORD)(s->iv.tick1 - s->iv.tick0) / 1000.0;
    /* GetTickCount moves in 10-16 ms steps: only a gap beyond that and 10% is a leap. */
    if (fabs(qpc_s - tick_s) > 0.05 + 0.1 * tick_s)
        wb_warn(w, "qpc_leap", "repetition %u: QPC measured %.3f s where GetTickCount measured %.3f s "
                "(a counter leap, KB274323?): that repetition's numbers are suspect", rep, qpc_s, tick_s);
    if (r->clk.resolution_ticks && s->iv.t1 - s->iv.t0 < 1000 * r->clk.resolution_ticks)
        wb_warn(w, "short_interval", "repetition %u lasted %.1f us, under 1000 x the timer's resolution: "
                "use more iterations or a longer duration", rep, qpc_s * 1e6);
}

/* What the repetitions say together. Outliers are judged on the time per operation, as hyperfine
 * judges times: a rate cannot fall below 0, so a very slow repetition could never score far from
 * the median; a time can. */
static void run_warnings(const double *ns_per_op, size_t n, double *scratch, const wb_summary *sum, wb_warnings *w)
{
    double *z = (double *)malloc(n * sizeof *z);
    size_t i;
    if (n >= 3 && z) {
        char which[128] = "";
        size_t used = 0;
        wb_modified_zscores(ns_per_op, n, scratch, z);
        for (i = 0; i < n; i++)
            if (fabs(z[i]) > WB_OUTLIER_THRESHOLD && used + 8 < sizeof which)
                used += (size_t)snprintf(which + used, sizeof which - used, "%s%lu", used ? ", " : "", (unsigned long)i + 1);
        if (z[0] > WB_OUTLIER_THRESHOLD)
            wb_warn(w, "first_slow", "the first repetition was much slower than the others: "
                    "add --warmup 1 (or more) so that caches and the scheduler settle first");
        if (used)
            wb_warn(w, "outliers", "statistical outliers (modified Z-score over %.1f) in repetition(s) %s: "
                    "something else ran; rerun on a quieter machine", WB_OUTLIER_THRESHOLD, which);
    }
    if (n >= 2 && sum->cv == sum->cv && sum->cv > 0.05)
        wb_warn(w, "cv_high", "the repetitions vary a lot (CV %.1f%%): the median is reported, but compare with care",
                100.0 * sum->cv);
    free(z);
}

/* ---- the run ------------------------------------------------------------------------------- */

static unsigned metric_count(const wb_module *m)
{
    unsigned n = 0;
    while (m->metric_names && m->metric_names[n] && n < WB_MAX_METRICS) n++;
    return n;
}

/* ctx->say and ctx->row: module threads may call them while the repetition runs. */
typedef struct ctx_link {
    wb_run *r;
    progress *prog;
} ctx_link;

static void ctx_say(wb_run_ctx *ctx, const char *line)
{
    ctx_link *l = (ctx_link *)ctx->runner;
    if (ctx->rep == 0 || l->r->common.quiet) return;
    console_take(l->prog);
    fprintf(l->r->con, "%s\n", line);
    fflush(l->r->con);
    console_give(l->prog);
}

static void ctx_row(wb_run_ctx *ctx, const char *kind, uint64_t ops, double elapsed_s, const double *metrics)
{
    ctx_link *l = (ctx_link *)ctx->runner;
    if (ctx->rep == 0) return;
    EnterCriticalSection(&l->r->csv_lock);
    wb_csv_extra_row(l->r, kind, ctx->rep, ops, elapsed_s, metrics);
    LeaveCriticalSection(&l->r->csv_lock);
}

/* Warm-up and timed repetitions of one variant, its rep rows and summary row. The metrics'
 * medians go to medians[] for the comparison of variants. */
static int measure_reps(wb_run *r, void *state, double *medians)
{
    const size_t reps = (size_t)r->common.repeat;   /* also the stride of per_metric */
    size_t done = 0;                                /* repetitions complete */
    unsigned nmetrics = metric_count(r->m), k;
    double *rates = (double *)malloc(reps * sizeof *rates);
    double *ns = (double *)malloc(reps * sizeof *ns);
    double *scratch = (double *)malloc(reps * sizeof *scratch);
    double *per_metric = (double *)malloc(reps * WB_MAX_METRICS * sizeof *per_metric);
    double *cpu = (double *)malloc(reps * sizeof *cpu);
    wb_measure total;
    wb_summary rate_sum, ns_sum, metric_sum;
    wb_warnings run_w;
    char codes[512];
    wb_run_ctx ctx;
    progress prog;
    ctx_link link;
    wb_error err;
    int rc = WB_EXIT_OK;
    unsigned i;
    wb_measure m;

    if (rates == NULL || ns == NULL || scratch == NULL || per_metric == NULL || cpu == NULL) {
        free(rates), free(ns), free(scratch), free(per_metric), free(cpu);
        return runtime_error(r, "out of memory");
    }
    memset(&total, 0, sizeof total);
    memset(&ctx, 0, sizeof ctx);
    run_w = r->context_warnings;
    memset(medians, 0, WB_MAX_METRICS * sizeof *medians);
    progress_start(&prog, &ctx, !r->common.quiet);
    link.r = r;
    link.prog = &prog;
    ctx.runner = &link;
    ctx.say = ctx_say;
    ctx.row = ctx_row;
    prog.reps = (LONG)(r->common.warmup + r->common.repeat);

    for (i = 0; i < r->common.warmup + r->common.repeat; i++) {
        wb_sample sample;
        unsigned rep = i + 1 - (unsigned)r->common.warmup;
        memset(&sample, 0, sizeof sample);
        ctx.permille = 0;
        ctx.rep = i < r->common.warmup ? 0 : rep;
        prog.rep = (LONG)i + 1;
        if (r->m->run(state, &ctx, &sample, &err) != 0) {
            rc = runtime_error(r, err.what);
            break;
        }
        if (wb_stop_requested) {
            /* The repetition was cut short: its numbers are kept, marked "partial", and left
             * out of the summary. */
            if (i >= r->common.warmup && sample.ops > 0) {
                wb_measure_from_sample(&sample, &m);
                EnterCriticalSection(&r->csv_lock);
                wb_csv_extra_row(r, "partial", rep, m.ops, m.elapsed_s, sample.metrics);
                LeaveCriticalSection(&r->csv_lock);
            }
            rc = WB_EXIT_INTERRUPTED;
            break;
        }
        if (i < r->common.warmup) continue;
        test_distortions(rep, &sample);
        wb_measure_from_sample(&sample, &m);
        rates[rep - 1] = m.ops_per_s;
        ns[rep - 1] = m.ns_per_op;
        cpu[rep - 1] = m.cpu_pct;
        for (k = 0; k < nmetrics; k++) per_metric[k * reps + rep - 1] = sample.metrics[k];
        done = rep;
        wb_measure_add(&total, &m);
        {
            wb_warnings rep_w = r->context_warnings;
            rep_warnings(r, rep, &sample, &rep_w);
            wb_warn_add_all(&run_w, &rep_w);
            wb_warn_codes(&rep_w, codes, sizeof codes);
            EnterCriticalSection(&r->csv_lock);
            r->row_warnings = codes;
            wb_csv_rep_row(r, rep, &m, sample.metrics);
            r->row_warnings = NULL;
            LeaveCriticalSection(&r->csv_lock);
        }
        if (!r->common.quiet) {
            console_take(&prog);
            if (r->m->print_rep) r->m->print_rep(r->con, rep, (unsigned)reps, &sample);
            else print_rep(r, rep, &m);
            fflush(r->con);
            console_give(&prog);
        }
    }
    progress_stop(&prog);

    if ((rc == WB_EXIT_OK || rc == WB_EXIT_INTERRUPTED) && done > 0) {
        r->summary_kind = rc == WB_EXIT_OK ? "summary" : "interrupted";
        wb_summarize(rates, done, scratch, &rate_sum);
        wb_summarize(ns, done, scratch, &ns_sum);
        for (k = 0; k < nmetrics; k++) {
            wb_summarize(per_metric + k * reps, done, scratch, &metric_sum);
            medians[k] = metric_sum.median;
        }
        run_warnings(ns, done, scratch, &rate_sum, &run_w);
        wb_warn_codes(&run_w, codes, sizeof codes);
        r->row_warnings = codes;
        wb_csv_summary_row(r, &total, &rate_sum, ns_sum.median, medians);
        r->row_warnings = NULL;
        if (r->m->print_summary) {
            wb_run_summary s;
            wb_summary cpu_sum;
            wb_summarize(cpu, done, scratch, &cpu_sum);
            s.reps = (unsigned)done;
            s.ops_per_s = rate_sum.median;
            s.ns_per_op = ns_sum.median;
            s.cpu_pct = cpu_sum.median;
            s.metrics = medians;
            print_module_options(r);
            r->m->print_summary(r->con, &s);
        } else {
            print_summary(r, &rate_sum, ns_sum.median);
        }
    }
    for (k = 0; k < (unsigned)run_w.n; k++) fprintf(stderr, "winbench: %s: warning: %s\n", r->m->name, run_w.text[k]);
    free(rates), free(ns), free(scratch), free(per_metric), free(cpu);
    return rc;
}

/* One variant: set up, measure, tear down. The header goes out before the first rows. */
static int run_one(wb_run *r, double *medians)
{
    void *state = NULL;
    wb_error werr;
    int rc, i;
    if (r->m->setup(r->variant, &state, &werr) != 0) return runtime_error(r, werr.what);
    {
        const char *values[WB_MAX_FACTS];
        memset(values, 0, sizeof values);
        if (r->m->facts) r->m->facts(state, values);
        for (i = 0; i < WB_MAX_FACTS; i++) r->facts[i] = values[i] ? values[i] : "";
    }
    if (!r->header_written) {
        wb_csv_header(r);
        r->header_written = 1;
    }
    rc = measure_reps(r, state, medians);
    r->m->teardown(state);
    return rc;
}

/* Each variant of the configuration in turn (one, unless the module expands an option like
 * --loop all), then the module's comparison of them. */
static int run_variants(wb_run *r)
{
    enum { MAX_VARIANTS = 16 };
    void *variants[MAX_VARIANTS];
    double *medians[MAX_VARIANTS];
    int n = 0, index, rc = WB_EXIT_OK;
    char note[256];

    for (index = 0; n < MAX_VARIANTS; index++) {
        void *v = malloc(r->m->config_size ? r->m->config_size : 1);
        double *med = (double *)calloc(WB_MAX_METRICS, sizeof *med);
        int got = 1;
        if (v == NULL || med == NULL) {
            free(v), free(med);
            rc = runtime_error(r, "out of memory");
            break;
        }
        memcpy(v, r->config, r->m->config_size);
        if (r->m->expand) got = r->m->expand(r->config, index, v, note, sizeof note);
        else if (index > 0) got = 0;
        if (got <= 0) {
            if (got < 0) fprintf(r->con, "%s: skipped: %s\n", r->m->name, note);
            free(v), free(med);
            if (got == 0) break;
            continue;
        }
        r->variant = v;
        variants[n] = v;
        medians[n] = med;
        n++;
        rc = run_one(r, med);
        if (rc != WB_EXIT_OK) break;   /* an error, or Ctrl+C: no further variants */
    }
    if (rc == WB_EXIT_OK && n > 1 && r->m->compare)
        r->m->compare(r->con, n, (const void *const *)variants, (const double *const *)medians);
    while (n-- > 0) {
        free(variants[n]);
        free(medians[n]);
    }
    r->variant = r->config;
    return rc;
}

int wb_run_module(const wb_module *m, int argc, char **argv)
{
    wb_run r;
    wb_option_set sets[2];
    wb_option common_table[WB_MAX_COMMON_OPTIONS];
    char err[512], stamp[32];
    int rc, i;

    memset(&r, 0, sizeof r);
    r.m = m;
    r.con = stdout;
    wb_watch_for_stop();
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "/?") == 0)
            return -1;   /* main prints the module's help */
    r.config = calloc(1, m->config_size ? m->config_size : 1);
    if (r.config == NULL) return runtime_error(&r, "out of memory");
    r.variant = r.config;
    wb_common_options_for(m, common_table, WB_MAX_COMMON_OPTIONS);
    sets[0].table = common_table;
    sets[0].config = &r.common;
    sets[1].table = m->options;
    sets[1].config = r.config;
    if (wb_options_defaults(sets, 2, err, sizeof err) != 0 ||
        wb_options_parse(sets, 2, argc, argv, err, sizeof err) != 0 ||
        (m->check && m->check(r.config, err, sizeof err) != 0)) {
        free(r.config);
        return wb_usage_error(m->name, err);
    }
    join_args(r.options_text, sizeof r.options_text, argc, argv);

    wb_sysinfo_read(&r.si);
    local_stamp(stamp, sizeof stamp);
    if (r.common.run_id) snprintf(r.run_id, sizeof r.run_id, "%s", r.common.run_id);
    else snprintf(r.run_id, sizeof r.run_id, "%s-%s", r.si.host, stamp);
    rc = apply_process_settings(&r);
    context_warnings(&r);
    if (rc == WB_EXIT_OK) rc = open_csv(&r, stamp);
    if (rc != WB_EXIT_OK) {
        free(r.config);
        return rc;
    }
    if (r.csv_is_stdout) r.con = stderr;
    InitializeCriticalSection(&r.csv_lock);
    wb_csv_init(&r.csv, r.csvf, r.common.tsv ? '\t' : ',');
    wb_clock_init(&r.clk);
    if (!r.common.quiet) print_banner(&r);

    rc = run_variants(&r);
    if (close_csv(&r) != 0 && rc == WB_EXIT_OK) {
        snprintf(err, sizeof err, "writing %s failed (disk full?)", r.csv_path);
        rc = runtime_error(&r, err);
    }
    if (rc == WB_EXIT_INTERRUPTED)
        fprintf(stderr, "winbench: %s: interrupted; the rows measured so far are in %s\n", m->name,
                r.csv_data_rows ? r.csv_path : "(no file: nothing was measured)");
    if (rc == WB_EXIT_OK && !r.csv_is_stdout) fprintf(r.con, "CSV: %s\n", r.csv_path);
    DeleteCriticalSection(&r.csv_lock);
    free(r.config);
    return rc;
}

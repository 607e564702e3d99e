/* The console sink: what a person reads while a benchmark runs. The banner, one line per
 * repetition (in the module's terms when it has its own), the summary, the warnings on
 * stderr, and a progress line on stderr when that is a console and a repetition runs long. */
#include "sink.h"

#include <stdlib.h>
#include <string.h>

#include "parts_text.h"
#include "wb_units.h"
#include "wb_console.h"

typedef struct console_sink {
    wb_sink base;
    FILE *con;
    int quiet, brief;             /* brief: the caller prints the run's line; warnings deferred */
    const wb_run_info *run;
    const void *variant;
    const char *variant_name;   /* "select" under --loop all, "" otherwise */
    /* The variants' own warnings, one line per kind at the run's end: the first variant's
     * sentence, and the others that had it ("also in wsapoll, iocp"), not twenty lines of
     * cpu_coarse burying the one that matters. */
    struct {
        char code[24], line[WB_WARNING_TEXT + 100], also[200];
        unsigned more;
    } pending[WB_MAX_WARNINGS * 2];
    int npending;
    /* progress, from its own thread */
    HANDLE thread, stop;
    const volatile LONG *permille;
    volatile LONG index, total, shown;
    uint64_t rep_started;         /* QPC at the current repetition's start, for the time left */
    int in_warmup;                /* the current one is a warm-up (for the interruption message) */
    int length_said;              /* the run's length, judged from its first repetition, was said */
    CRITICAL_SECTION lock;   /* result lines and the progress line do not interleave */
} console_sink;

void wb_deferred_add(wb_deferred *d, const char *code, const char *text, int machine)
{
    int i;
    for (i = 0; i < d->n; i++)
        if (strcmp(d->w[i].code, code) == 0) {
            d->w[i].count++;
            return;
        }
    if (d->n < (int)(sizeof d->w / sizeof d->w[0])) {
        snprintf(d->w[d->n].code, sizeof d->w[0].code, "%s", code);
        snprintf(d->w[d->n].text, sizeof d->w[0].text, "%s", text);
        d->w[d->n].machine = machine;
        d->w[d->n++].count = 1;
    }
}

void wb_deferred_say(wb_deferred *d, FILE *f)
{
    int i;
    for (i = 0; i < d->n; i++)
        if (d->w[i].count > 1 && !d->w[i].machine)   /* the first sentence stands for all: each CSV's warnings column has its own */
            wb_fprintf(f, "warning (%u runs or variants): %s\n", d->w[i].count, d->w[i].text);
        else wb_fprintf(f, "warning: %s\n", d->w[i].text);
    d->n = 0;
}

static DWORD WINAPI progress_main(void *arg)
{
    console_sink *c = (console_sink *)arg;
    /* First report after 2 s: short repetitions never show progress. */
    DWORD wait = 2000;
    while (WaitForSingleObject(c->stop, wait) == WAIT_TIMEOUT) {
        EnterCriticalSection(&c->lock);
        if (c->permille) {
            long p = (long)*c->permille, warm = (long)c->run->common->warmup;
            double elapsed = wb_ticks_to_s(wb_ticks() - c->rep_started);
            char left[32] = "";
            if (p > 20) wb_format_duration(elapsed * (1000.0 - (double)p) / (double)p, left, sizeof left);
            if (c->index <= warm)
                wb_fprintf(stderr, "\r  warm-up %ld/%ld: %3ld%%%s%s   ", (long)c->index, warm, p / 10, left[0] ? ", about " : "",
                        left[0] ? left : "");
            else
                wb_fprintf(stderr, "\r  rep %ld/%ld: %3ld%%%s%s left   ", (long)c->index - warm, (long)c->total - warm, p / 10,
                        left[0] ? ", about " : "", left[0] ? left : "");
            fflush(stderr);
            c->shown = 1;
        }
        LeaveCriticalSection(&c->lock);
        wait = 1000;
    }
    return 0;
}

/* Before a result line: take the console and wipe a progress line. */
static void take(console_sink *c)
{
    EnterCriticalSection(&c->lock);
    if (c->shown) {
        wb_fprintf(stderr, "\r%60s\r", "");
        c->shown = 0;
    }
}

static void give(console_sink *c)
{
    fflush(c->con);
    LeaveCriticalSection(&c->lock);
}

static void con_begin(wb_sink *s, const wb_run_info *run)
{
    console_sink *c = (console_sink *)s;
    const wb_sysinfo *si = run->si;
    DWORD mode;
    c->run = run;
    if (!c->quiet && GetConsoleMode(GetStdHandle(STD_ERROR_HANDLE), &mode)) {
        c->stop = CreateEventA(NULL, TRUE, FALSE, NULL);
        if (c->stop) c->thread = CreateThread(NULL, 0, progress_main, c, 0, NULL);
    }
    if (c->quiet) return;
    take(c);
    wb_fprintf(c->con, "winbench %s: %s on %s, %s %u.%u.%u%s%s %s%s%s, %u CPUs, QPC %llu Hz\n",
            WINBENCH_VERSION, run->m->name, si->host, si->os_name, si->os_major, si->os_minor,
            si->os_build, si->os_csd[0] ? " " : "", si->os_csd, si->arch,
            si->wine[0] ? ", Wine " : "", si->wine, si->cpus, (unsigned long long)run->clk->freq);
    /* What was asked, as it took effect. */
    {
        const wb_common *k = run->common;
        const char *asked = wb_priority_name(k->priority);
        wb_fprintf(c->con, "  priority %s", run->priority_text);
        if (strcmp(asked, run->priority_text) != 0) wb_fprintf(c->con, " (asked for %s)", asked);
        wb_fprintf(c->con, ", affinity %s%s", run->affinity_text, k->affinity ? "" : " (as started)");
        if (k->label) wb_fprintf(c->con, ", label \"%s\"", k->label);
        wb_fprintf(c->con, "\n");
    }
    give(c);
}

static void con_variant(wb_sink *s, const wb_variant_info *v)
{
    ((console_sink *)s)->variant = v->config;
    ((console_sink *)s)->variant_name = v->name;
}

/* A run of no fixed schedule (sendmsg: its length is its iterations' cost) says how long it will
 * take once its first repetition has shown the cost, when that is more than 10 s more: the
 * 50M-iteration seed run is minutes under Wine, and a blind wait invites a Ctrl+C. */
static void say_length(console_sink *c, double first_s, unsigned left)
{
    char each[32], more[32];
    double rest = first_s * left;
    if (c->length_said || c->brief || c->run->m->rep_seconds || rest < 10 || left == 0) return;
    c->length_said = 1;
    take(c);
    wb_fprintf(c->con, "%s: its first repetition took %s: about %s more for the %u left\n", c->run->m->name,
               wb_format_duration(first_s, each, sizeof each), wb_format_duration(rest, more, sizeof more), left);
    give(c);
}

static void con_rep_start(wb_sink *s, unsigned index, unsigned total, const volatile LONG *permille)
{
    console_sink *c = (console_sink *)s;
    unsigned warm = (unsigned)c->run->common->warmup;
    /* the warm-up has just shown what a repetition costs (its wall time, set-up aside) */
    if (permille && index == 2 && warm >= 1 && total > 1)
        say_length(c, wb_ticks_to_s(wb_ticks() - c->rep_started), total - 1);
    EnterCriticalSection(&c->lock);
    c->index = (LONG)index;
    c->total = (LONG)total;
    c->permille = permille;
    c->rep_started = wb_ticks();
    if (permille) c->in_warmup = index <= warm;   /* kept after the last one, for the interruption message */
    LeaveCriticalSection(&c->lock);
    if (permille && index <= warm && !c->quiet) {   /* announced, as repetitions are when they end */
        take(c);
        wb_fprintf(c->con, "  warm-up %u/%u (not in the CSV)\n", index, warm);
        give(c);
    }
}

static void generic_rep_line(const console_sink *c, const wb_rep_result *r)
{
    const wb_measure *m = &r->measure;
    const char *op = c->run->m->op_name;
    char each[32];
    double user, kernel;
    /* The seed's form: "9.73e+005 SendMessage/sec (51.39 sec)", then the cost and the CPU, user
     * and kernel each as % of one CPU, rounded so that they add up to the total as printed. */
    wb_round_parts(m->elapsed_s > 0 ? 100.0 * m->cpu_user_s / m->elapsed_s : 0.0,
                   m->elapsed_s > 0 ? 100.0 * m->cpu_kernel_s / m->elapsed_s : 0.0, 1, &user, &kernel);
    /* a variant's name (sendmsg --work 0,2000: "work 2000"): its repetitions come interleaved */
    wb_fprintf(c->con, "  rep %u/%u%s%s: %.2e %s/sec (%.2f sec)  %s/%s  cpu %.0f%% of one CPU (user %.0f%%, kernel %.0f%%)\n",
            r->rep, r->reps, c->variant_name && c->variant_name[0] ? " " : "", c->variant_name ? c->variant_name : "",
            m->ops_per_s, op, m->elapsed_s, wb_format_duration(m->ns_per_op * 1e-9, each, sizeof each), op,
            user + kernel, user, kernel);
}

/* Where the operation's time went, when the module measures its parts. */
static void print_parts(const console_sink *c, const double *metrics)
{
    char line[1024];
    if (wb_parts_line(c->run->m, metrics, line, sizeof line) == 0) wb_fprintf(c->con, "    %s\n", line);
}

static void con_rep(wb_sink *s, const wb_rep_result *r)
{
    console_sink *c = (console_sink *)s;
    if (r->skipped) {   /* said even with --quiet, as a skipped variant always was */
        take(c);
        wb_fprintf(c->con, "%s: skipped: %s\n", c->run->m->name, r->skipped);
        give(c);
        return;
    }
    if (r->rep == 1 && c->run->common->warmup == 0) say_length(c, r->measure.elapsed_s, r->reps - 1);
    if (c->quiet || r->partial) return;
    take(c);
    if (c->run->m->print_rep) c->run->m->print_rep(c->con, c->variant, r->rep, r->reps, r->sample);
    else generic_rep_line(c, r);
    print_parts(c, r->sample->metrics);
    give(c);
}

static void con_line(wb_sink *s, const char *text)
{
    console_sink *c = (console_sink *)s;
    if (c->quiet) return;
    take(c);
    wb_fprintf(c->con, "%s\n", text);
    give(c);
}

static void con_note(wb_sink *s, const char *text)
{
    console_sink *c = (console_sink *)s;
    take(c);
    wb_fprintf(c->con, "%s\n", text);
    give(c);
}

static int print_option(void *arg, const wb_option *o, const void *config)
{
    const console_sink *c = (const console_sink *)arg;
    char buf[64];
    wb_option_value_text(o, config, buf, sizeof buf);
    if (o->hex && o->type == WB_OPT_COUNT)   /* as it was typed: --msg 0x8000 */
        wb_fprintf(c->con, " %s=0x%04llx", o->name, strtoull(buf, NULL, 10));
    else
        wb_fprintf(c->con, " %s=%s%s", o->name, buf, o->type == WB_OPT_SECONDS ? wb_option_unit_name(o) : "");
    return 0;
}

/* "sendmsg iterations=1000000 target=button ...": what the summary below describes. */
static void print_module_options(const console_sink *c)
{
    wb_fprintf(c->con, "%s", c->run->m->name);
    wb_options_each(c->run->m->options, c->variant, print_option, (void *)c);
    wb_fprintf(c->con, "\n");
}

static int is_run_warning(const wb_run_info *run, const char *code)
{
    int i;
    for (i = 0; run->run_warnings && i < run->run_warnings->n; i++)
        if (strcmp(run->run_warnings->code[i], code) == 0) return 1;
    return 0;
}

/* 1 the first time a sentence is seen in this process. */
static int said_first_time(const char *text)
{
    static char said[32][WB_WARNING_TEXT + 100];
    static int n;
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(said[i], text) == 0) return 0;
    if (n < 32) snprintf(said[n++], sizeof said[0], "%s", text);
    return 1;
}

static void con_summary(wb_sink *s, const wb_variant_result *r)
{
    console_sink *c = (console_sink *)s;
    const wb_module *m = c->run->m;
    int k;
    if (c->brief) {   /* the caller's line says the run; its warnings wait for the caller's end */
        for (k = 0; k < r->warnings.n; k++)
            if (c->run->deferred)
                wb_deferred_add(c->run->deferred, r->warnings.code[k], r->warnings.text[k], is_run_warning(c->run, r->warnings.code[k]));
        return;
    }
    take(c);
    print_module_options(c);
    if (m->print_summary) {
        wb_run_summary sum;
        sum.reps = r->reps;
        sum.ops_per_s = r->rate.median;
        sum.ns_per_op = r->ns_median;
        sum.cpu_pct = r->cpu_median;
        sum.metrics = r->medians;
        m->print_summary(c->con, c->variant, &sum);
    } else {
        char each[32];
        wb_fprintf(c->con, "  median %.2e %s/sec, %s each (min %.2e, max %.2e", r->rate.median, m->op_name,
                wb_format_duration(r->ns_median * 1e-9, each, sizeof each), r->rate.min, r->rate.max);
        if (r->rate.n > 1) wb_fprintf(c->con, ", CV %.2f%%", 100.0 * r->rate.cv);
        wb_fprintf(c->con, ", %lu rep%s)\n", (unsigned long)r->rate.n, r->rate.n == 1 ? "" : "s");
    }
    print_parts(c, r->medians);
    give(c);
    /* The machine's warnings (Wine, a VM) once per process, now: they would otherwise repeat for
     * every loop of --loop all and every run of `winbench all`. A variant's own, one line per
     * kind at the run's end, naming the variants ("select: ... (also in wsapoll, iocp)"). The
     * CSV rows keep them all. */
    for (k = 0; k < r->warnings.n; k++) {
        const char *who = c->variant_name && c->variant_name[0] ? c->variant_name : NULL;
        int i;
        if (is_run_warning(c->run, r->warnings.code[k])) {
            if (said_first_time(r->warnings.text[k]))
                wb_fprintf(stderr, "winbench: %s: warning: %s\n", m->name, r->warnings.text[k]);
            continue;
        }
        for (i = 0; i < c->npending && strcmp(c->pending[i].code, r->warnings.code[k]) != 0; i++)
            continue;
        if (i < c->npending) {   /* another variant with it */
            size_t used = strlen(c->pending[i].also);
            if (who && used + strlen(who) + 3 < sizeof c->pending[i].also)
                snprintf(c->pending[i].also + used, sizeof c->pending[i].also - used, "%s%s", used ? ", " : "", who);
            else
                c->pending[i].more++;
        } else if (c->npending < (int)(sizeof c->pending / sizeof c->pending[0])) {
            snprintf(c->pending[i].code, sizeof c->pending[i].code, "%s", r->warnings.code[k]);
            snprintf(c->pending[i].line, sizeof c->pending[i].line, "%s%s%s", who ? who : "", who ? ": " : "",
                     r->warnings.text[k]);
            c->pending[i].also[0] = '\0';
            c->pending[i].more = 0;
            c->npending++;
        }
    }
}

static void say_pending_warnings(console_sink *c)
{
    int i;
    for (i = 0; i < c->npending; i++) {
        char more[32] = "";
        if (c->pending[i].more)
            snprintf(more, sizeof more, "%s%u more", c->pending[i].also[0] ? ", and " : "", c->pending[i].more);
        if (c->pending[i].also[0] || more[0])
            wb_fprintf(stderr, "winbench: %s: warning: %s (also in %s%s)\n", c->run->m->name, c->pending[i].line,
                    c->pending[i].also, more);
        else if (said_first_time(c->pending[i].line))
            wb_fprintf(stderr, "winbench: %s: warning: %s\n", c->run->m->name, c->pending[i].line);
    }
    c->npending = 0;
}

static void con_compare(wb_sink *s, int n, const void *const *variants, const double *const *medians)
{
    console_sink *c = (console_sink *)s;
    if (c->run->m->compare == NULL || c->brief) return;
    take(c);
    c->run->m->compare(c->con, n, variants, medians);
    give(c);
}

static int con_end(wb_sink *s, int rc)
{
    console_sink *c = (console_sink *)s;
    (void)rc;
    if (c->thread) {
        SetEvent(c->stop);
        WaitForSingleObject(c->thread, INFINITE);
        CloseHandle(c->thread);
        c->thread = NULL;
    }
    if (c->stop) CloseHandle(c->stop);
    c->stop = NULL;
    take(c);
    give(c);
    if (c->run) say_pending_warnings(c);
    return 0;
}

static void con_close(wb_sink *s, const wb_run_end *e);

wb_sink *wb_console_sink_open(const wb_run_info *run, const char *stamp, int *rc)
{
    console_sink *c = (console_sink *)calloc(1, sizeof *c);
    (void)stamp;
    if (c == NULL) {
        wb_fprintf(stderr, "winbench: %s: out of memory\n", run->m->name);
        *rc = WB_EXIT_RUNTIME;
        return NULL;
    }
    c->con = wb_rows_on_stdout(run->common) ? stderr : stdout;
    c->quiet = run->common->quiet || run->common->brief;
    c->brief = run->common->brief;
    c->base.begin = con_begin;
    c->base.variant = con_variant;
    c->base.rep_start = con_rep_start;
    c->base.rep = con_rep;
    c->base.extra_row = NULL;
    c->base.line = con_line;
    c->base.note = con_note;
    c->base.summary = con_summary;
    c->base.compare = con_compare;
    c->base.end = con_end;
    c->base.close = con_close;
    InitializeCriticalSection(&c->lock);
    return &c->base;
}

/* Said after every sink's end(): where the rows went, or what an interruption left. */
static void con_close(wb_sink *s, const wb_run_end *e)
{
    console_sink *c = (console_sink *)s;
    const char *name = c->run ? c->run->m->name : "run";
    const char *path = e->rows_path;
    int on_stdout = strcmp(path, "-") == 0;
    if (e->rc == WB_EXIT_INTERRUPTED && e->rows)
        wb_fprintf(stderr, "winbench: %s: interrupted; the rows measured so far are in %s\n", name, path);
    else if (e->rc == WB_EXIT_INTERRUPTED)
        wb_fprintf(stderr, "winbench: %s: interrupted %s: nothing was measured, no file written\n", name,
                c->in_warmup ? "during warm-up" : "before the first repetition ended");
    if (e->rc == WB_EXIT_RUNTIME && e->rows && !on_stdout)
        wb_fprintf(stderr, "winbench: %s: the rows measured are in %s\n", name, path);
    if (e->rc == WB_EXIT_OK && path[0] && !on_stdout && !c->brief)
        wb_fprintf(c->con, "%s: %s\n", e->rows_kind ? e->rows_kind : "CSV", path);
    if (e->rc == WB_EXIT_OK && e->json_path[0] && !c->brief) wb_fprintf(c->con, "JSON: %s\n", e->json_path);
    DeleteCriticalSection(&c->lock);
    free(c);
}

/* Warnings and the rules that raise them. Nothing is ever dropped or corrected silently: a
 * suspect number is kept and marked. One warning per code: the first sentence is kept. */
#include "warnings.h"
#include "wb_warning_codes.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_test_hooks.h"
#include "wb_trust.h"
#include "wb_units.h"

void wb_warn(wb_warnings *w, const char *code, const char *fmt, ...)
{
    va_list ap;
    int i;
    for (i = 0; i < w->n; i++)
        if (strcmp(w->code[i], code) == 0) return;
    if (w->n >= WB_MAX_WARNINGS) return;
    snprintf(w->code[w->n], sizeof w->code[0], "%s", code);
    memset(&w->also[w->n], 0, sizeof w->also[0]);
    va_start(ap, fmt);
    vsnprintf(w->text[w->n], sizeof w->text[0], fmt, ap);
    va_end(ap);
    w->n++;
}

void wb_warn_codes(const wb_warnings *w, char *buf, size_t cap)
{
    size_t used = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < w->n && used + 1 < cap; i++) {
        int n = snprintf(buf + used, cap - used, "%s%s", i ? ";" : "", w->code[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}

void wb_context_warnings(const wb_sysinfo *si, int pinned, wb_warnings *w)
{
    if (si->wine[0])
        wb_warn(w, WB_W(wine), "running under Wine %s: its numbers are not Windows numbers", si->wine);
    if (si->hypervisor == 1)
        wb_warn(w, WB_W(hypervisor),
                "running in a virtual machine (CPUID): expect timer and scheduling noise; compare VMs on the same host");
    if (si->interactive == 0 || (si->session == 0 && si->os_major >= 6))
        wb_warn(w, WB_W(no_desktop), "running %s: windows there get another desktop heap and no input ever arrives, so "
                "sendmsg's and idle's figures are not an interactive desktop's (run it logged on, at the console or "
                "over RDP)", si->interactive == 0 ? "on a window station no one sees (a service, or a task run as "
                "SYSTEM)" : "in session 0 (a service, or a task run as SYSTEM)");
    if (si->os_major == 5 && si->cpus > 1 && !pinned)
        wb_warn(w, WB_W(unpinned),
                "multi-core Windows %u.%u without --affinity: QPC may be read on cores whose counters differ "
                "(pin with --affinity 0x1)", si->os_major, si->os_minor);
}

void wb_qos_warnings(const wb_qos *q, wb_warnings *w)
{
    if (strcmp(q->power_source, "battery") == 0)
        wb_warn(w, WB_W(on_battery), "running on battery: Windows may lower the clocks and move threads to efficient "
                "cores mid-run, whatever was asked (power_throttling); plug in for numbers to compare");
    /* Without an affinity, or with one that spans classes: either way the threads may move. */
    if (q->classes > 1)
        wb_warn(w, WB_W(mixed_cores), "the CPUs this run may use are of %d efficiency classes (class:CPUs %s, a hybrid "
                "CPU): Windows moves threads between fast and efficient cores as it sees fit; hold the run to CPUs "
                "of one class with --affinity", q->classes, q->cpu_classes);
}

void wb_rep_warnings(unsigned rep, const wb_sample *s, uint64_t resolution_ticks, double tick_ms, wb_warnings *w)
{
    double wall = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double charged = (double)(s->iv.proc1.user + s->iv.proc1.kernel - s->iv.proc0.user - s->iv.proc0.kernel) * 1e-7;
    double qpc_s = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double tick_s = (double)(DWORD)(s->iv.tick1 - s->iv.tick0) / 1000.0;
    double mm_s = (double)(DWORD)(s->iv.mm1 - s->iv.mm0) / 1000.0;
    /* GetTickCount moves in 10-16 ms steps: only a gap beyond that and 10% is a leap. A leap of
     * QPC (KB274323) puts it apart from both millisecond clocks; one of them alone apart is that
     * clock's: Wine's GetTickCount is written by its server process, which a loaded machine runs
     * late (a 0.3 s repetition read 0.1 s short beside four Wine test programs), while its
     * timeGetTime reads the clock itself. */
    if (wb_trust_is_leap(qpc_s, tick_s) && wb_trust_is_leap(qpc_s, mm_s))
        wb_warn(w, WB_W(qpc_leap), "repetition %u: QPC measured %.3f s where GetTickCount measured %.3f s "
                "(a counter leap, KB274323?): that repetition's numbers are suspect", rep, qpc_s, tick_s);
    if (resolution_ticks && s->iv.t1 - s->iv.t0 < 1000 * resolution_ticks)
        wb_warn(w, WB_W(short_interval), "repetition %u lasted %.1f us, under 1000 x the timer's resolution: "
                "use more iterations or a longer duration", rep, qpc_s * 1e6);
    /* Windows charges CPU time a whole tick at a time to whichever thread runs as it fires
     * (KB810876; still so for GetProcessTimes after Vista, which switched only its quantum
     * accounting to cycles): n charged ticks are a sample, off by about sqrt(n + 1) ticks.
     * Under WB_TRUST_MIN_TICKS that is more than an eighth of the figure. */
    if (tick_ms > 0 && wall > 0 && charged / (tick_ms / 1e3) < WB_TRUST_MIN_TICKS) {
        double ticks = charged / (tick_ms / 1e3);
        double points = 100.0 * sqrt(ticks + 1.0) * (tick_ms / 1e3) / wall;
        /* the length at which the same load would be charged the trusted number of ticks */
        double enough = ticks >= 1 ? wall * WB_TRUST_MIN_TICKS / ticks : 0;
        char length[32];
        wb_format_duration(wall, length, sizeof length);
        if (ticks < 1)
            wb_warn(w, WB_W(cpu_coarse), "repetition %u: Windows charged it no CPU: it counts CPU time in whole %.1f ms "
                    "clock ticks, and this repetition (%s) was too short to be charged one, so its CPU%% columns "
                    "from GetProcessTimes say nothing", rep, tick_ms, length);
        else if (points > 50)   /* an error bar wider than the scale: no number worth giving */
            wb_warn(w, WB_W(cpu_coarse), "repetition %u: Windows charged %.0f ms of CPU as %.0f clock ticks of %.1f ms, too "
                    "few for its CPU%% columns from GetProcessTimes to mean anything; about %.0f s of the same load "
                    "would be charged %d ticks, enough to trust", rep, charged * 1e3, ticks, tick_ms, ceil(enough),
                    WB_TRUST_MIN_TICKS);
        else
            wb_warn(w, WB_W(cpu_coarse), "repetition %u: Windows charged %.0f ms of CPU as %.0f clock ticks of %.1f ms, so "
                    "its CPU%% columns from GetProcessTimes are uncertain by about +-%.1f points; about %.0f s "
                    "of the same load would be charged %d ticks, enough to trust", rep, charged * 1e3, ticks, tick_ms,
                    points, ceil(enough), WB_TRUST_MIN_TICKS);
    }
}

/* A hook that distorts the numbers (a faked leap, a slowed repetition, a pretend tick) marks
 * every row: such a file must never pass for a measurement. */
void wb_test_hook_warnings(wb_warnings *w)
{
    static const wb_test_hook_id distorting[] = { WB_HOOK_QPC_LEAP_MS, WB_HOOK_QPC_BACKWARDS, WB_HOOK_SLOW_REP,
                                                  WB_HOOK_SLOW_FROM, WB_HOOK_SPIN_PER_PACKET_US, WB_HOOK_WAKE_SPIN_US,
                                                  WB_HOOK_GROW_REP, WB_HOOK_TICK_MS, WB_HOOK_WAKE_LATE_MS,
                                                  WB_HOOK_SLOW_SETTER_MS, WB_HOOK_REFUSE_PERIODIC, WB_HOOK_FAIL_SOURCE };
    char set[320] = "";
    size_t i, used = 0;
    for (i = 0; i < sizeof distorting / sizeof distorting[0]; i++)
        if (wb_test_hook_text(distorting[i])[0] && used + 80 < sizeof set)
            used += (size_t)snprintf(set + used, sizeof set - used, "%s%s=%s", used ? ", " : "",
                                     wb_test_hook_name(distorting[i]), wb_test_hook_text(distorting[i]));
    if (used) wb_warn(w, WB_W(test_hook), "test hooks set (%s): these numbers were provoked on purpose", set);
}

void wb_calibration_warnings(const char *calibration, wb_warnings *w)
{
    char broken[128];
    if (wb_verdicts_broken(calibration, broken, sizeof broken)[0])
        wb_warn(w, WB_W(calibration), "winbench calibrate judged this machine's %s broken (see the calibrate CSV of "
                "this suite): its numbers may not be trusted", broken);
}

void wb_timer_warnings(double sleep1_ms, int period_1ms_asked, wb_warnings *w)
{
    if (period_1ms_asked && sleep1_ms > WB_TRUST_SLEEP1_MAX_MS)
        wb_warn(w, WB_W(timer_throttled), "a 1 ms timer period was asked for, yet Sleep(1) takes %.1f ms: Windows "
                "is ignoring it (power throttling of a process without visible windows, Windows 11?); "
                "the mouse and packet schedules are coarser than asked", sleep1_ms);
}

/* Outliers are judged on a figure where higher is worse (sendmsg: the time per operation, as
 * hyperfine judges times: a rate cannot fall below 0, so a very slow repetition could never
 * score far from the median; a time can; fixed-schedule modules: their report metric). Both the
 * Z-score and a material distance from the median are needed (wb_trust.h). */
void wb_run_warnings(const double *worse, size_t n, const wb_summary *rate, unsigned char *flags, wb_warnings *w)
{
    double *z = (double *)malloc((n ? n : 1) * sizeof *z);
    double *scratch = (double *)malloc((n ? n : 1) * sizeof *scratch);
    size_t i;
    int usable = n >= 3 && z && scratch;
    for (i = 0; usable && i < n; i++) usable = worse[i] == worse[i];   /* a NaN figure judges nothing */
    if (usable) {
        char which[128] = "";
        size_t used = 0;
        unsigned long unlisted = 0, named = 0;
        wb_summary s;
        double floor_;
        wb_summarize(worse, n, scratch, &s);
        floor_ = WB_TRUST_OUTLIER_MIN_FRACTION * fabs(s.median);
        wb_modified_zscores(worse, n, scratch, z);
        /* More than half the repetitions alike make the MAD 0 and every score 0: then any value
         * off the median is infinitely far in MADs (the material test below still applies). */
        for (i = 0; i < n; i++)
            if (z[i] == 0 && worse[i] != s.median) z[i] = worse[i] > s.median ? HUGE_VAL : -HUGE_VAL;
        for (i = 0; i < n; i++)
            if (fabs(z[i]) > WB_TRUST_OUTLIER_Z && fabs(worse[i] - s.median) > floor_) {
                if (flags) flags[i] |= WB_REP_OUTLIER;
                named++;
                if (used + 24 < sizeof which)   /* room left for ", and N more" */
                    used += (size_t)snprintf(which + used, sizeof which - used, "%s%lu", used ? ", " : "", (unsigned long)i + 1);
                else
                    unlisted++;
            }
        if (unlisted) snprintf(which + used, sizeof which - used, ", and %lu more", unlisted);
        if (z[0] > WB_TRUST_OUTLIER_Z && worse[0] - s.median > floor_) {
            if (flags) flags[0] |= WB_REP_FIRST_SLOW;
            wb_warn(w, WB_W(first_slow), "the first repetition was much slower than the others: "
                    "add --warmup 1 (or more) so that caches and the scheduler settle first");
        }
        if (named)
            wb_warn(w, WB_W(outliers), "statistical outliers (modified Z-score over %.1f, and over %.0f%% from the median) "
                    "in repetition(s) %s: something else ran; rerun on a quieter machine", WB_TRUST_OUTLIER_Z,
                    100.0 * WB_TRUST_OUTLIER_MIN_FRACTION, which);
    }
    if (n >= 2 && rate->cv == rate->cv && rate->cv > WB_TRUST_CV_HIGH)
        wb_warn(w, WB_W(cv_high), "the repetitions vary a lot (CV %.1f%%): the median is reported, but compare with care",
                100.0 * rate->cv);
    free(z);
    free(scratch);
}

/* One range of repetitions: "7" or "2-5". */
static int range_text(unsigned from, unsigned to, char *buf, size_t cap)
{
    return from == to ? snprintf(buf, cap, "%u", from) : snprintf(buf, cap, "%u-%u", from, to);
}

/* The sentence, then " (also in repetition(s) <ranges>)" from what r holds; once the ranges
 * have run out of room, the later ones are counted: "..., 51, and 175 more)". */
static void render_also(char *text, const wb_warning_reps *r)
{
    char tail[48];
    if (r->more) snprintf(tail, sizeof tail, "and %lu more", r->more + (r->to - r->from + 1));
    else range_text(r->from, r->to, tail, sizeof tail);
    snprintf(text + r->base, WB_WARNING_TEXT - r->base, " (also in repetition(s) %s%s%s)", r->done, r->done[0] ? ", " : "",
             tail);
}

static void add_rep(wb_warning_reps *r, unsigned rep_no)
{
    if (r->to && rep_no == r->to + 1) {
        r->to = rep_no;
        return;
    }
    if (r->to) {   /* the current range is closed: into done, or counted when there is no room */
        char closed[32];
        size_t used = strlen(r->done);
        int len = range_text(r->from, r->to, closed, sizeof closed);
        if (used + (size_t)len + 2 < sizeof r->done)
            snprintf(r->done + used, sizeof r->done - used, "%s%s", used ? ", " : "", closed);
        else
            r->more += r->to - r->from + 1;
    }
    r->from = r->to = rep_no;
}

void wb_warn_merge_rep(wb_warnings *run, const wb_warnings *rep, const wb_warnings *context, unsigned rep_no)
{
    int i, k;
    for (i = 0; i < rep->n; i++) {
        int is_context = 0;
        for (k = 0; k < context->n; k++) is_context |= strcmp(context->code[k], rep->code[i]) == 0;
        for (k = 0; k < run->n && strcmp(run->code[k], rep->code[i]) != 0; k++)
            ;
        if (k == run->n) {
            wb_warn(run, rep->code[i], "%s", rep->text[i]);
        } else if (!is_context) {
            /* a later repetition with the same warning: named after the first one's sentence,
             * which is cut, if need be, to leave the list its room */
            wb_warning_reps *r = &run->also[k];
            if (r->to == 0) {
                r->base = strlen(run->text[k]);
                if (r->base > WB_WARNING_TEXT - 200) r->base = WB_WARNING_TEXT - 200;
            }
            add_rep(r, rep_no);
            render_also(run->text[k], r);
        }
    }
}

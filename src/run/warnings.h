/* Warnings that protect the user: conditions under which a number cannot be trusted as it is.
 * Each has a short code for the CSV's `warnings` column and a sentence for the console. The
 * rules that raise them live beside them, in warnings.c. Private to winbench.exe. */
#ifndef WB_WARNINGS_H
#define WB_WARNINGS_H

#include <stddef.h>
#include "wb_module.h"
#include "core/wb_stats.h"
#include "win/wb_sysinfo.h"
#include "wb_qos.h"

#define WB_MAX_WARNINGS 16
#define WB_WARNING_TEXT 512
/* The later repetitions that had a warning, as ranges ("2-5, 7"): the ones before the current
 * range are written out in done (those that did not fit are counted in more). */
typedef struct wb_warning_reps {
    unsigned from, to;           /* the current range (0: none yet) */
    unsigned long more;          /* repetitions not written for want of room */
    size_t base;                 /* where the sentence ends in text, and " (also in ...)" starts */
    char done[96];
} wb_warning_reps;
typedef struct wb_warnings {
    int n;
    char code[WB_MAX_WARNINGS][24];
    char text[WB_MAX_WARNINGS][WB_WARNING_TEXT];
    wb_warning_reps also[WB_MAX_WARNINGS];
} wb_warnings;

void wb_warn(wb_warnings *w, const char *code, const char *fmt, ...);
void wb_warn_codes(const wb_warnings *w, char *buf, size_t cap);   /* "wine;cv_high" */

/* The rules. About the machine and the process (in every row): */
void wb_context_warnings(const wb_sysinfo *si, int pinned, wb_warnings *w);
/* On battery; on CPUs of more than one efficiency class (--affinity can hold a run to one). */
void wb_qos_warnings(const wb_qos *q, wb_warnings *w);
/* What one repetition's own numbers say about it (resolution_ticks: the QPC's measured step;
 * tick_ms: the clock tick at which Windows samples CPU time, 0 unknown): */
void wb_rep_warnings(unsigned rep, const wb_sample *s, uint64_t resolution_ticks, double tick_ms, wb_warnings *w);
/* A test hook that distorts the numbers is set (include/wb_test_hooks.h). */
void wb_test_hook_warnings(wb_warnings *w);
/* The calibrate verdicts a suite handed to this run (--calibration): a warning naming each
 * check that was broken. */
void wb_calibration_warnings(const char *calibration, wb_warnings *w);
/* What the timer did once a variant was set up (Sleep(1) in ms while a 1 ms period was asked for): */
void wb_timer_warnings(double sleep1_ms, int period_1ms_asked, wb_warnings *w);
/* What the repetitions say together (worse[0..n-1] in order: the figure judged, higher is worse;
 * rate: their rates' summary).
 * flags[0..n-1] (may be NULL) get WB_REP_OUTLIER / WB_REP_FIRST_SLOW for the repetitions the
 * warnings name, so that their own rows can say so. */
enum { WB_REP_OUTLIER = 1, WB_REP_FIRST_SLOW = 2 };
void wb_run_warnings(const double *worse, size_t n, const wb_summary *rate, unsigned char *flags, wb_warnings *w);

/* A repetition's own warnings (code and sentence) merged into the run's: the first sentence of
 * each code, plus the other repetitions that had it, every one of them ("also in
 * repetition(s) 2-5, 7", "..., and 12 more" past the room). rep_no rises from call to call. */
void wb_warn_merge_rep(wb_warnings *run, const wb_warnings *rep, const wb_warnings *context, unsigned rep_no);

#endif

/* When a machine's measurements can be trusted: every threshold winbench judges by, and the
 * verdicts of `winbench calibrate`, in one place. The warnings every run raises
 * (src/run/warnings.c) and calibrate's checks (bench/calibrate.c) both judge with these, so
 * that a machine calibrate passes cannot be warned about for the same thing, or the reverse.
 * Plain C (src/core/trust.c), unit-tested under the sanitizers. */
#ifndef WB_TRUST_H
#define WB_TRUST_H

#include <stddef.h>

/* QPC and GetTickCount may differ by this much (plus 10% of the span, GetTickCount's step)
 * before the difference is a counter leap (KB274323). */
#define WB_TRUST_LEAP_MS 50.0
#define WB_TRUST_LEAP_FRACTION 0.1
/* QPC drifting from GetTickCount by more than this is a coarse clock: rates are off by it. */
#define WB_TRUST_DRIFT_PPM 1000.0
/* Windows charges CPU a tick at a time: fewer charged ticks than this make CPU% uncertain by
 * more than an eighth (sqrt(n + 1) / n). */
#define WB_TRUST_MIN_TICKS 64
/* Sleep(1) inside timeBeginPeriod(1) over this: the period is ignored (throttled). */
#define WB_TRUST_SLEEP1_MAX_MS 3.0
/* Sleep(1) with the default timer over this: a coarse timer (idle and sockloop raise it). */
#define WB_TRUST_SLEEP1_COARSE_MS 2.0
/* A known load measured this many points off: by QPC, something else ran; as charged by
 * Windows, the accounting is coarse. */
#define WB_TRUST_DUTY_POINTS 3.0

/* A repetition is an outlier when its modified Z-score exceeds WB_OUTLIER_Z (hyperfine's rule:
 * ten median absolute deviations, scaled by 1.4826) and it also lies more than this fraction of
 * the median away from it: when repetitions agree to 0.02%, a tiny MAD makes every Z-score
 * explode over differences nobody would call one. */
#define WB_TRUST_OUTLIER_Z (1.4826 * 10.0)
#define WB_TRUST_OUTLIER_MIN_FRACTION 0.01
/* The repetitions' coefficient of variation above which a comparison needs care. */
#define WB_TRUST_CV_HIGH 0.05

typedef enum wb_verdict { WB_VERDICT_OK, WB_VERDICT_WARN, WB_VERDICT_BROKEN } wb_verdict;
const char *wb_verdict_name(wb_verdict v);   /* "ok", "warn", "broken" */

/* A QPC span against GetTickCount's over the same interval (seconds): a leap? */
int wb_trust_is_leap(double qpc_s, double tick_s);

/* calibrate's four checks. NaN inputs (a check that could not run) judge as ok where the
 * figure is only informative, as documented beside each. */
wb_verdict wb_trust_clock(double leap_ms, double drift_ppm);
wb_verdict wb_trust_cpus(double backwards_steps);
wb_verdict wb_trust_timer(double sleep1_ms_default, double sleep1_ms_1ms_period);
wb_verdict wb_trust_cpu(double load_set_pct, double charged_pct, double busy_pct);

/* A module's verdicts as a run hands them on ("cal_clock=ok;cal_cpus=broken;..."): the names
 * of the broken ones, without their "cal_" prefix, into buf ("cpus"); "" when none. */
const char *wb_verdicts_broken(const char *verdicts, char *buf, size_t cap);

#endif

/* The thresholds of include/wb_trust.h applied: pure functions of the figures. */
#include "wb_trust.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *wb_verdict_name(wb_verdict v)
{
    return v == WB_VERDICT_BROKEN ? "broken" : v == WB_VERDICT_WARN ? "warn" : "ok";
}

int wb_trust_is_leap(double qpc_s, double tick_s)
{
    return fabs(qpc_s - tick_s) > WB_TRUST_LEAP_MS / 1e3 + WB_TRUST_LEAP_FRACTION * tick_s;
}

/* A leap makes every time on the machine suspect; a steady drift only scales rates. */
wb_verdict wb_trust_clock(double leap_ms, double drift_ppm)
{
    if (leap_ms > WB_TRUST_LEAP_MS) return WB_VERDICT_BROKEN;
    if (fabs(drift_ppm) > WB_TRUST_DRIFT_PPM) return WB_VERDICT_WARN;
    return WB_VERDICT_OK;
}

/* One backwards step between CPUs is enough: an unpinned run can time an interval negative. */
wb_verdict wb_trust_cpus(double backwards_steps)
{
    return backwards_steps > 0 ? WB_VERDICT_BROKEN : WB_VERDICT_OK;
}

wb_verdict wb_trust_timer(double sleep1_ms_default, double sleep1_ms_1ms_period)
{
    if (sleep1_ms_1ms_period > WB_TRUST_SLEEP1_MAX_MS) return WB_VERDICT_BROKEN;
    if (sleep1_ms_default > WB_TRUST_SLEEP1_COARSE_MS) return WB_VERDICT_WARN;
    return WB_VERDICT_OK;
}

/* By QPC the load is exact on a quiet machine: off means something else ran (broken for this
 * run). As charged by Windows it may be off by the tick sampling (warn: use *_busy_pct). */
wb_verdict wb_trust_cpu(double load_set_pct, double charged_pct, double busy_pct)
{
    if (fabs(busy_pct - load_set_pct) > WB_TRUST_DUTY_POINTS) return WB_VERDICT_BROKEN;
    if (fabs(charged_pct - load_set_pct) > WB_TRUST_DUTY_POINTS) return WB_VERDICT_WARN;
    return WB_VERDICT_OK;
}

const char *wb_verdicts_broken(const char *verdicts, char *buf, size_t cap)
{
    const char *p;
    size_t used = 0;
    if (cap == 0) return buf;
    buf[0] = '\0';
    if (verdicts == NULL) return buf;
    for (p = strstr(verdicts, "=broken"); p; p = strstr(p + 1, "=broken")) {
        const char *start = p;
        int n;
        if (p[7] != '\0' && p[7] != ';') continue;   /* "=brokenish" is not a verdict */
        while (start > verdicts && start[-1] != ';') start--;
        if (strncmp(start, "cal_", 4) == 0) start += 4;
        n = snprintf(buf + used, cap - used, "%s%.*s", used ? ", " : "", (int)(p - start), start);
        if (n < 0 || (size_t)n >= cap - used) {   /* full: the names that fitted whole are said */
            buf[used] = '\0';
            break;
        }
        used += (size_t)n;
    }
    return buf;
}

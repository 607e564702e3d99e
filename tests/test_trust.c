/* The trust rules (src/core/trust.c): each threshold on both sides of its edge, and the
 * verdict list a suite hands on, parsed back. Portable: also run under ASan/UBSan. */
#include <math.h>
#include <string.h>
#include "wb_trust.h"
#include "wbtest.h"

static void test_thresholds(void)
{
    ok(wb_trust_clock(50.0, 0) == WB_VERDICT_OK, "a 50 ms difference is not yet a leap");
    ok(wb_trust_clock(50.1, 0) == WB_VERDICT_BROKEN, "a 50.1 ms difference is a leap");
    ok(wb_trust_clock(0, 1000.0) == WB_VERDICT_OK && wb_trust_clock(0, -1000.5) == WB_VERDICT_WARN,
       "drift beyond 1000 ppm either way warns");
    ok(wb_trust_cpus(0) == WB_VERDICT_OK && wb_trust_cpus(1) == WB_VERDICT_BROKEN, "one backwards step breaks");
    ok(wb_trust_timer(1.1, 1.1) == WB_VERDICT_OK, "Sleep(1) of 1.1 ms is fine");
    ok(wb_trust_timer(15.6, 1.1) == WB_VERDICT_WARN, "a 15.6 ms default tick is coarse");
    ok(wb_trust_timer(15.6, 3.1) == WB_VERDICT_BROKEN, "a throttled 1 ms period is broken");
    ok(wb_trust_cpu(20, 20, 23.0) == WB_VERDICT_OK, "3 points off by QPC is still ok");
    ok(wb_trust_cpu(20, 20, 23.5) == WB_VERDICT_BROKEN, "3.5 points off by QPC: something else ran");
    ok(wb_trust_cpu(20, 30, 20) == WB_VERDICT_WARN, "charged 30%% for 20%%: coarse accounting");
    ok(wb_trust_cpu(20, NAN, 20) == WB_VERDICT_OK, "no charged figure (a failed call) does not warn");
    ok(!wb_trust_is_leap(1.0, 1.0 + 0.149) && wb_trust_is_leap(1.0, 1.0 + 0.151) == 0 && wb_trust_is_leap(1.0, 0.84),
       "a leap is beyond 50 ms plus 10%% of the span");
    ok(strcmp(wb_verdict_name(WB_VERDICT_WARN), "warn") == 0 && strcmp(wb_verdict_name(WB_VERDICT_BROKEN), "broken") == 0,
       "verdict names");
}

static void test_verdict_list(void)
{
    char buf[64];
    ok(strcmp(wb_verdicts_broken("cal_clock=ok;cal_cpus=ok", buf, sizeof buf), "") == 0, "none broken: [%s]", buf);
    ok(strcmp(wb_verdicts_broken("cal_clock=broken;cal_cpus=ok;cal_timer=broken", buf, sizeof buf), "clock, timer") == 0,
       "two broken: [%s]", buf);
    ok(strcmp(wb_verdicts_broken("x=brokenish;cal_cpu=broken", buf, sizeof buf), "cpu") == 0, "a longer word is no verdict: [%s]",
       buf);
    ok(strcmp(wb_verdicts_broken(NULL, buf, sizeof buf), "") == 0, "no list");
    ok(strcmp(wb_verdicts_broken("cal_clock=broken;cal_cpus=broken", buf, 8), "clock") == 0, "a small buffer keeps what fits: [%s]",
       buf);
}

static const wbt_case cases[] = {
    { "thresholds", test_thresholds, 0 },
    { "verdict_list", test_verdict_list, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

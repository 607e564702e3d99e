/* RFC 3550 jitter against values worked out by hand. */
#include <math.h>
#include <stddef.h>
#include "wb_jitter.h"
#include "wbtest.h"

/* A perfectly regular stream (constant transit): 0. */
static void test_regular(void)
{
    wb_jitter j;
    int i;
    wb_jitter_reset(&j);
    ok(wb_jitter_value(&j) != wb_jitter_value(&j), "no value before two packets");
    for (i = 0; i < 1000; i++) wb_jitter_add(&j, i * 1000.0, i * 1000.0 + 250.0);
    ok_near(wb_jitter_value(&j), 0.0, 0);
}

/* Transit alternating between 100 and 100 + d: every |D| is d, so J -> d; after n packets
 * J = d * (1 - (15/16)^(n-1)). */
static void test_alternating(void)
{
    wb_jitter j;
    const double d = 2000.0;
    int i, n = 400;
    wb_jitter_reset(&j);
    for (i = 0; i < n; i++) wb_jitter_add(&j, i * 1000.0, i * 1000.0 + 100.0 + (i % 2 ? d : 0.0));
    ok_near(wb_jitter_value(&j), d * (1.0 - pow(15.0 / 16.0, n - 1)), 1e-9);
    ok(fabs(wb_jitter_value(&j) - d) < 1e-3, "converges to d: %g", wb_jitter_value(&j));
}

/* Three packets by hand: transits 10, 14, 11 -> J = 4/16 = 0.25, then 0.25 + (3 - 0.25)/16. */
static void test_by_hand(void)
{
    wb_jitter j;
    wb_jitter_reset(&j);
    wb_jitter_add(&j, 0, 10);
    wb_jitter_add(&j, 20, 34);
    ok_near(wb_jitter_value(&j), 0.25, 1e-12);
    wb_jitter_add(&j, 40, 51);
    ok_near(wb_jitter_value(&j), 0.25 + 2.75 / 16.0, 1e-12);
}

static const wbt_case cases[] = {
    { "regular", test_regular, 0 },
    { "alternating", test_alternating, 0 },
    { "by_hand", test_by_hand, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

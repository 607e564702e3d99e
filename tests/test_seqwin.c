/* The duplicate / reorder window (src/core/seqwin.c) against arrival orders whose duplicates
 * and late arrivals are known by construction. Portable: also run under ASan/UBSan. */
#include <stdlib.h>
#include "wb_seqwin.h"
#include "wbtest.h"

static wb_seqwin w;   /* 8 KiB: static, not on a test's stack */

static void test_in_order(void)
{
    uint64_t i, firsts = 0;
    wb_seqwin_reset(&w);
    for (i = 0; i < 200000; i++) firsts += (uint64_t)wb_seqwin_note(&w, i);   /* past the window, three times */
    ok(firsts == 200000 && w.duplicated == 0 && w.reordered == 0, "in order: %llu firsts, %llu dup, %llu reordered",
       (unsigned long long)firsts, (unsigned long long)w.duplicated, (unsigned long long)w.reordered);
}

static void test_duplicates_and_swaps(void)
{
    /* 0 1 3 2 2 4 4 4 6 5: 3 duplicates, 2 late (2 after 3, 5 after 6) */
    static const uint64_t order[] = { 0, 1, 3, 2, 2, 4, 4, 4, 6, 5 };
    size_t i;
    int firsts = 0;
    wb_seqwin_reset(&w);
    for (i = 0; i < sizeof order / sizeof order[0]; i++) firsts += wb_seqwin_note(&w, order[i]);
    ok(firsts == 7, "7 distinct numbers: %d", firsts);
    ok(w.duplicated == 3, "3 duplicates: %llu", (unsigned long long)w.duplicated);
    ok(w.reordered == 2, "2 late arrivals: %llu", (unsigned long long)w.reordered);
}

/* A gap skipped on the way up is not "seen": its late arrival is a first, a second one a
 * duplicate; the same after a jump larger than the window. */
static void test_gaps_and_jumps(void)
{
    wb_seqwin_reset(&w);
    ok(wb_seqwin_note(&w, 10) == 1, "10 first");
    ok(wb_seqwin_note(&w, 5) == 1 && w.reordered == 1, "5 arrives late, once");
    ok(wb_seqwin_note(&w, 5) == 0 && w.duplicated == 1, "5 again: a duplicate");
    ok(wb_seqwin_note(&w, 10 + 3 * WB_SEQWIN_SIZE) == 1, "a jump past the window");
    ok(wb_seqwin_note(&w, 10 + 3 * WB_SEQWIN_SIZE - 7) == 1, "a number inside the new window, skipped by the jump");
    ok(wb_seqwin_note(&w, 10 + 3 * WB_SEQWIN_SIZE - 7) == 0, "then its duplicate");
    ok(wb_seqwin_note(&w, 5) == 1 && w.reordered == 3, "older than the window: reordered, counted once more");
    ok(w.duplicated == 2, "2 duplicates in all: %llu", (unsigned long long)w.duplicated);
}

static const wbt_case cases[] = {
    { "in_order", test_in_order, 0 },
    { "duplicates_and_swaps", test_duplicates_and_swaps, 0 },
    { "gaps_and_jumps", test_gaps_and_jumps, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

/* End-to-end tests of "is it the OS, the API or your code?": the parts and floors beside the timed
 * loops, checked against slowdowns planted in a known part (work in the window procedure, a hook
 * in SendMessage's path, a DLL's busy loop timed alone here), the interleaving of variants
 * against a planted slow period, and the report's split of a comparison. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"






/* The half-width of a part written 0 whose interval holds zero (a difference "~0"), else 0. */
static double zero_pm(const csv_file *c, size_t row, const char *part, const char *pm)
{
    return num(c, row, part) == 0 && num(c, row, pm) > 0 ? num(c, row, pm) : 0;
}

/* A row's parts against its whole, and its whole against the loop's pace. Medians of the rounds'
 * own differences are not exactly additive: beside busy threads the medians of A, B and A - B
 * can part by more than their narrow intervals (seen once in 10 repetitions under the harness's
 * load, x86); and the call timed beside the loop can run at another speed than the loop did (a
 * VM's two virtual CPUs, 20% apart, or the loop's first repetition: 979 ns beside a pace of 764).
 * The row must say which (parts_add_up, and the warning parts_do_not_add_up with 0), and the
 * parts may not be further than 5% from the whole either way, and than what a difference written
 * as zero held (zeroed_pm: the half-widths of the parts written 0 whose intervals hold zero: a
 * mean of -6 us +- 7 us is written 0, and the sum moves by it; seen across threads beside the
 * suite, 120 us of parts for a 114 us whole with the procedure's part 0 +- 7 us). */
static void parts_sum_said(const csv_file *c, size_t row, double parts, double whole, double slack, int marshal_zero,
                           double zeroed_pm)
{
    const char *said = cell(c, row, "parts_add_up");
    double pace = num_or_empty(c, row, "pace_ns"), pm = num_or_empty(c, row, "typical_pm_ns");
    int explains = !(pace == pace) || fabs(whole - pace) <= (pm == pm ? pm : 0) + 0.10 * pace;
    ok(!strcmp(said, fabs(parts - whole) <= slack && explains ? "1" : "0"),
       "rep %lu: parts_add_up %s for %g of %g ns (+-%g), the loop's pace %g ns", (unsigned long)row, said, parts, whole,
       slack, pace);
    ok(strcmp(said, "0") != 0 || strstr(cell(c, row, "warnings"), "parts_do_not_add_up") != NULL,
       "rep %lu: a row whose parts do not add up says so: %s", (unsigned long)row, cell(c, row, "warnings"));
    /* Cross thread under Wine the hand-off and SendMessage are both requests to its server (see
     * cross_thread): beside a busy thread a core the hand-off's rounds can cost more than
     * SendMessage's less the procedure (x86: 387 us of parts for a 356 us whole), the marshalling
     * is then a measured zero, and the parts pass the whole by the hand-off's excess. */
    ok(fabs(parts - whole) <= 0.05 * whole + zeroed_pm ||
           wine_broken(marshal_zero && parts > whole && parts <= 1.5 * whole,
                       "under Wine the hand-off can outgrow a cross-thread SendMessage less its procedure"),
       "rep %lu: the parts %g ns within 5%% of the whole %g ns", (unsigned long)row, parts, whole);
}

/* --work N: the window procedure's part grows by the work's own cost, timed alone beside it (a
 * difference of the fastest repetitions, within 10%), and the dispatch does not take it; the
 * report names "your code". Planting the work where the direct call does not see it (the
 * dispatch) fails all three. */
static void test_work_is_your_code(void)
{
    result r = run("sendmsg", "--iterations", "50k", "--repeat", "5", "--work", "0,2000", "--quiet", "--csv", "w.csv",
                   NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("w.csv", ',');
    if (c.ok) {
        double w0 = fastest(&c, "wndproc_ns", "work", "0"), w2 = fastest(&c, "wndproc_ns", "work", "2000");
        double alone = fastest(&c, "work_ns", "work", "2000"), d0, d2;
        ok(rows_where(&c, "rep", "work", "0") == 5 && rows_where(&c, "rep", "work", "2000") == 5, "5 repetitions of each --work");
        ok(w0 > 0 && w2 > 0 && alone > 0, "parts: wndproc %g and %g ns, the work alone %g ns", w0, w2, alone);
        /* Under Wine on the project's VM the same generator runs 16-22% slower per step inside the
         * window procedure's chain than in a loop of its own (1,000 to 8,000 units alike, the loop
         * alone steady at 2.5 ns a step, the chain bimodal between the two speeds from one
         * repetition to the next, --order grouped or interleaved alike); not understood, not seen
         * in a plain program's subclass under the same Wine. Accepted there up to 30%, named. */
        ok(fabs((w2 - w0) - alone) <= 0.10 * alone ||
               wine_broken(w2 - w0 > alone && w2 - w0 <= 1.30 * alone,
                           "the work runs up to 22% slower inside the window procedure's chain under Wine"),
           "the window procedure grew by %.0f ns, the work alone costs %.0f ns", w2 - w0, alone);
        ok(num_or_empty(&c, 1, "work_ns") != num_or_empty(&c, 1, "work_ns") || strcmp(cell(&c, 1, "work"), "0") != 0,
           "--work 0 has no work to time alone");
        /* the dispatch is SendMessage less the procedure: the work must not have landed there */
        d0 = fastest(&c, "dispatch_ns", "work", "0");
        d2 = fastest(&c, "dispatch_ns", "work", "2000");
        ok(fabs(d2 - d0) < 0.5 * alone, "the dispatch moved %.0f ns (%.0f -> %.0f) for %.0f ns of work", d2 - d0, d0, d2,
           alone);
        ok(!strncmp(cell(&c, 1, "floor_calls"), "NtTestAlert (ntdll);NtUserGetForegroundWindow (", 47),
           "floor_calls: %s", cell(&c, 1, "floor_calls"));
        ok(num(&c, 1, "kernel_call_ns") > 0 && num(&c, 1, "win32k_call_ns") > 0, "the kernel floors: %g and %g ns",
           num(&c, 1, "kernel_call_ns"), num(&c, 1, "win32k_call_ns"));
    }
    wb_csv_free(&c.t);
    r = run("report", "w.csv", "--compare", "work", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    {   /* most of the difference, and in the first words: "where: N% ..." with N of 50 or more */
        double share = share_named(r.out, "a SendMessage", "the window procedure (your code)");
        ok(share >= 50 && share <= 150, "report names your code (%g%%):\n%s", share, r.out);
    }
    result_free(&r);
}

/* --hook callwndproc: the hook is called on SendMessage's way to the procedure, so the dispatch
 * grows and the procedure called directly does not; the report names the API. (Under Wine a
 * WH_CALLWNDPROC hook costs hundreds of microseconds a message, its server asked each time:
 * few iterations.) */
static void test_hook_is_the_api(void)
{
    result a = run("sendmsg", "--iterations", "1000", "--repeat", "5", "--hook", "off", "--quiet", "--csv", "off.csv",
                   NULL);
    result b = run("sendmsg", "--iterations", "1000", "--repeat", "5", "--hook", "callwndproc", "--quiet", "--csv",
                   "on.csv", NULL);
    csv_file off, on;
    ok(a.code == 0 && b.code == 0, "exit %lu, %lu: %s %s", a.code, b.code, a.err, b.err);
    result_free(&a);
    result_free(&b);
    off = load_csv_here("off.csv", ',');
    on = load_csv_here("on.csv", ',');
    if (off.ok && on.ok) {
        double d0 = fastest(&off, "dispatch_ns", NULL, NULL), d1 = fastest(&on, "dispatch_ns", NULL, NULL);
        /* the procedure's part is SendMessage less the twin's, two sends of hundreds of us each
         * with the hook: a difference that cannot be told from zero; the direct call can */
        double w0 = fastest(&off, "wndproc_direct_ns", NULL, NULL), w1 = fastest(&on, "wndproc_direct_ns", NULL, NULL);
        ok(d1 > d0 + 100, "the dispatch grew with the hook: %.0f -> %.0f ns", d0, d1);
        ok(w1 < 2 * w0 && w0 < 2 * w1, "the procedure called directly did not: %.0f -> %.0f ns", w0, w1);
        cell_is(&on, 1, "hook", "callwndproc");
    }
    wb_csv_free(&off.t);
    wb_csv_free(&on.t);
    a = run("report", "off.csv", "on.csv", "--compare", "hook", NULL);
    ok(a.code == 0, "report: exit %lu: %s", a.code, a.err);
    {   /* Where the rank test on the parts can tell, it names the API. Beside busy threads it once
         * could not (the parts of 5 repetitions against 5 overlapped: dispatch p 0.15, "where:
         * cannot tell"), which is the report's honest answer; the share of the difference the
         * table gives the dispatch is arithmetic, and the API's whatever the load. */
        double share = share_named(a.out, "a SendMessage", "SendMessage's dispatch (the API)");
        double in_table = table_share(a.out, "SendMessage's dispatch (the API)");
        static const char why[] = "a hook's call is a request to the wineserver, whose reply waits for a CPU beside busy "
                                  "threads: the call timed beside the loop and the loop by tens of percent, the rest named "
                                  "unexplained, or the loop's chunks slowed unevenly and the rest named the machine";
        /* seen in CI beside the suite: 45% the dispatch, 60% the time the loop did not run */
        const int rest_named = strstr(a.out, "unexplained (the call itself") != NULL ||
                               table_share(a.out, "time the loop did not run (the machine)") >= 25;
        ok((share >= 50 && share <= 150) || (share != share && strstr(a.out, "where: cannot tell") != NULL) ||
               wine_broken(share >= 25 && share < 50 && rest_named, why),
           "report names the API (%g%%), or cannot tell:\n%s", share, a.out);
        ok((in_table >= 50 && in_table <= 150) || wine_broken(in_table >= 25 && in_table < 50 && rest_named, why),
           "the table gives the dispatch the difference (%g%%):\n%s", in_table, a.out);
    }
    result_free(&a);
}

/* Across threads: the event round trip between the same two threads is positive and below a
 * cross-thread SendMessage (which makes that round trip and more), the parts add up to the
 * typical SendMessage timed beside them,
 * and a run reported against an exact copy of itself differs in nothing. */
static void test_cross_thread(void)
{
    result r = run("sendmsg", "--thread", "cross", "--iterations", "1000", "--repeat", "3", "--quiet", "--csv", "x.csv",
                   NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("x.csv", ',');
    if (rows_are(&c, 5)) {
        size_t row;
        for (row = 1; row <= 3; row++) {
            double whole = num(&c, row, "typical_ns"), handoff = num(&c, row, "handoff_ns");
            double parts = num(&c, row, "wndproc_ns") + num(&c, row, "marshal_ns") + handoff;
            double slack = num(&c, row, "typical_pm_ns") + num(&c, row, "wndproc_pm_ns") + num(&c, row, "marshal_pm_ns") +
                           num(&c, row, "handoff_pm_ns");
            ok(handoff > 0, "rep %lu: the hand-off %g ns", (unsigned long)row, handoff);
            parts_sum_said(&c, row, parts, whole, slack, num(&c, row, "marshal_ns") == 0,
                           zero_pm(&c, row, "wndproc_ns", "wndproc_pm_ns") + zero_pm(&c, row, "marshal_ns", "marshal_pm_ns"));
            ok(num(&c, row, "marshal_ns") >= 0, "rep %lu: the marshalling %g ns is not below zero", (unsigned long)row,
               num(&c, row, "marshal_ns"));
            ok(num(&c, row, "post_roundtrip_ns") > 0, "rep %lu: a posted round trip %g ns", (unsigned long)row,
               num(&c, row, "post_roundtrip_ns"));
            ok(num_or_empty(&c, row, "dispatch_ns") != num_or_empty(&c, row, "dispatch_ns"),
               "no same-thread dispatch across threads");
        }
        /* A cross-thread SendMessage makes the hand-off's two thread switches, one kernel entry a
         * direction (SignalObjectAndWait's; that the floor is that: handoff_one_call), and
         * marshals the message besides: the hand-off is below it. Under Wine both are requests to
         * its server, of a like number: the two come out alike (96.9 us against 94.0 us beside a
         * suite and a compiler). */
        ok(fastest(&c, "handoff_ns", NULL, NULL) < fastest(&c, "typical_ns", NULL, NULL) ||
               wine_broken(fastest(&c, "handoff_ns", NULL, NULL) < 1.5 * fastest(&c, "typical_ns", NULL, NULL),
                           "under Wine the hand-off and a cross-thread SendMessage are both server requests"),
           "the hand-off %g ns is below a cross-thread SendMessage %g ns", fastest(&c, "handoff_ns", NULL, NULL),
           fastest(&c, "typical_ns", NULL, NULL));
        {   /* the win32k floor where the stub is: win32u's export when there is one (the test asks) */
            HMODULE u = LoadLibraryA("win32u.dll");
            int has = u && GetProcAddress(u, "NtUserGetForegroundWindow") != NULL;
            cell_is(&c, 1, "floor_calls", has ? "NtTestAlert (ntdll);NtUserGetForegroundWindow (win32u)"
                                              : "NtTestAlert (ntdll);NtUserGetForegroundWindow (user32's GetForegroundWindow)");
        }
    }
    {   /* the same rows as another machine's: nothing differs, in the whole or in any part */
        size_t len = 0;
        char path[MAX_PATH], *text, *p;
        path_in_dir(path, sizeof path, "x.csv");
        text = read_all(path, &len);
        if (text) {
            char *copy = (char *)malloc(len * 2 + 1), *out = copy;
            for (p = text; copy && *p; p++) {   /* the label is empty in every row: ",sendmsg,," -> ",sendmsg,B," */
                if (!strncmp(p, ",sendmsg,,", 10)) {
                    memcpy(out, ",sendmsg,B,", 11);
                    out += 11;
                    p += 9;
                } else
                    *out++ = *p;
            }
            if (copy) {
                *out = '\0';
                write_file("y.csv", copy);
            }
            free(copy);
            free(text);
        }
        r = run("report", "x.csv", "y.csv", NULL);
        ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
        ok(strstr(r.out, "where: ") != NULL, "a split of the comparison:\n%s", r.out);
        ok(strstr(r.out, "no significant difference in the whole") != NULL || strstr(r.out, "where: cannot tell") != NULL,
           "nothing placed:\n%s", r.out);
        result_free(&r);
    }
    wb_csv_free(&c.t);
}

/* The sample DLL's window procedure runs a known busy loop: its part equals the loop timed here,
 * alone, in this process, the way winbench times a floor (the median of short chunks, which a
 * busy machine's preemptions do not move; the fastest repetition of winbench's), within 10%.
 * Both on the same CPU (this thread pinned, winbench run with --affinity), and the loop timed
 * before winbench and after: a virtual machine's cores run at clocks that differ and drift
 * (the same loop ran 2,150 ns in winbench and 2,425 ns here, twice, when each was on a core of
 * its own), so the truth is the loop on that core at about that time. */

/* --floors off: no parts, no floors, no facts of them, nothing to split. */
/* The test's own hand-off between two of its threads: n round trips, each side setting the
 * other's event and waiting for its own, in one call (SignalObjectAndWait) or two (SetEvent and
 * WaitForSingleObject, as 0.5's floor did). */
typedef struct own_pingpong {
    HANDLE ping, pong;
    int one_call;
    unsigned n;
} own_pingpong;

static DWORD WINAPI own_answer(void *arg)
{
    own_pingpong *p = (own_pingpong *)arg;
    unsigned i;
    if (!p->one_call) {
        for (i = 0; i < p->n; i++) {
            if (WaitForSingleObject(p->ping, 10000) != WAIT_OBJECT_0) return 1;
            SetEvent(p->pong);
        }
        return 0;
    }
    /* the first ask taken alone; each answer then waits for the next ask in the same call */
    if (WaitForSingleObject(p->ping, 10000) != WAIT_OBJECT_0) return 1;
    for (i = 1; i < p->n; i++)
        if (SignalObjectAndWait(p->pong, p->ping, 10000, FALSE) != WAIT_OBJECT_0) return 1;
    SetEvent(p->pong);
    return 0;
}

/* ns a round trip in one run of 400 */
static double own_round_trip_ns(int one_call)
{
    own_pingpong p;
    HANDLE t;
    LARGE_INTEGER f, a, b;
    unsigned i;
    p.ping = CreateEventA(NULL, FALSE, FALSE, NULL);
    p.pong = CreateEventA(NULL, FALSE, FALSE, NULL);
    p.one_call = one_call;
    p.n = 400;
    t = CreateThread(NULL, 0, own_answer, &p, 0, NULL);
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&a);
    for (i = 0; i < p.n; i++) {
        if (one_call) SignalObjectAndWait(p.ping, p.pong, 10000, FALSE);
        else {
            SetEvent(p.ping);
            WaitForSingleObject(p.pong, 10000);
        }
    }
    QueryPerformanceCounter(&b);
    WaitForSingleObject(t, 10000);
    CloseHandle(t), CloseHandle(p.ping), CloseHandle(p.pong);
    return (b.QuadPart - a.QuadPart) * 1e9 / (double)f.QuadPart / p.n;
}

/* The fastest of nine runs of each kind, the two kinds alternating: timed apart (five of one,
 * then five of the other) a busy machine gave one kind its slow placement of the two threads and
 * the other its fast one (123 us in one call against 32 us in two beside a busy thread a core,
 * where quiet the two are 59 and 60 us). */
static void own_round_trips_ns(double *one, double *two)
{
    int run;
    *one = *two = INFINITY;
    for (run = 0; run < 9; run++) {
        double a = own_round_trip_ns(1), b = own_round_trip_ns(0);
        if (a < *one) *one = a;
        if (b < *two) *two = b;
    }
}

/* The hand-off floor is what a cross-thread SendMessage makes, one kernel entry a direction:
 * nearer the test's own SignalObjectAndWait round trip than its SetEvent + wait one (0.5's
 * floor, four entries a round trip). Under Wine the two cost the same (58.8 us against 60.4 us
 * on the project's VM: one request to its server a side against two, and the thread switch
 * through the server is most of either), so there the floor is only held near the one-call
 * round trip, marked broken. */
static void test_handoff_one_call(void)
{
    result r = run("sendmsg", "--thread", "cross", "--iterations", "20000", "--repeat", "3", "--quiet", "--csv", "h.csv",
                   NULL);
    csv_file c;
    double one, two, handoff;
    own_round_trips_ns(&one, &two);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("h.csv", ',');
    handoff = c.ok ? fastest(&c, "handoff_ns", NULL, NULL) : NAN;
    ok(one < two || wine_broken(one < 1.2 * two, "Wine's SignalObjectAndWait costs what SetEvent + a wait cost"),
       "the test's own round trips: %g ns in one call a side, %g ns in two", one, two);
    ok(handoff < (one + two) / 2 ||
           wine_broken(handoff < 2 * one, "under Wine one call a side and two cost the same: the floors cannot be told apart"),
       "the hand-off floor %g ns is nearer one call a side (%g ns) than two (%g ns)", handoff, one, two);
    wb_csv_free(&c.t);
}

static void test_floors_off(void)
{
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "2", "--floors", "off", "--csv", "f.csv", NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "parts of a SendMessage") == NULL, "no parts line:\n%s", r.out);
    result_free(&r);
    c = load_csv_here("f.csv", ',');
    if (rows_are(&c, 4)) {
        static const char *const empty[] = { "wndproc_ns", "dispatch_ns", "kernel_call_ns", "win32k_call_ns", "floors_s",
                                             "floor_calls", "wndproc_call", NULL };
        int i;
        for (i = 0; empty[i]; i++) cell_is(&c, 1, empty[i], "");
    }
    wb_csv_free(&c.t);
    /* a Windows before 10 1607 (win32u without the stub): the floor through user32, said so */
    r = run_env(WB_HOOK_HIDE_IMPORTS, "NtUserGetForegroundWindow", "sendmsg", "--iterations", "2000", "--repeat",
                "1", "--quiet", "--csv", "u.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("u.csv", ',');
    if (rows_are(&c, 3)) {
        cell_is(&c, 1, "floor_calls", "NtTestAlert (ntdll);NtUserGetForegroundWindow (user32's GetForegroundWindow)");
        ok(num(&c, 1, "win32k_call_ns") > 0, "the win32k floor through user32: %g ns", num(&c, 1, "win32k_call_ns"));
    }
    wb_csv_free(&c.t);
}

/* Two variants alike but for one unit of work, and a machine that gets 30 s a repetition slower from
 * the run's 9th repetition on (WINBENCH_TEST_SLOW_FROM). Grouped, every repetition of the second
 * variant falls in the slow part: "significantly slower". Interleaved, each variant has four
 * fast and four slow ones, in every round one of each: the rank test cannot call them different
 * (the lower rank sum is at least 1+2+3+4+9+10+11+12 = 52; p < 0.05 needs 49 or less), and each
 * variant's A/A (first half against second)
 * shows the drift. The seed in the CSV repeats the order. */
static void test_interleaving(void)
{
    static const char *const orders[] = { "grouped", "interleaved" };
    char seed[32] = "", first_order[64] = "";
    int k;
    hook_set(WB_HOOK_SLOW_FROM, "9");
    for (k = 0; k < 2; k++) {
        char csv[32];
        result r;
        csv_file c;
        snprintf(csv, sizeof csv, "%s.csv", orders[k]);
        r = run("sendmsg", "--iterations", "2000", "--repeat", "8", "--warmup", "0", "--work", "0,1", "--floors", "off",
                "--order", orders[k], "--quiet", "--csv", csv, NULL);
        ok(r.code == 0, "%s: exit %lu: %s", orders[k], r.code, r.err);
        result_free(&r);
        c = load_csv_here(csv, ',');
        if (rows_are(&c, 19)) {
            size_t row, used = 0;
            cell_is(&c, 1, "order", orders[k]);
            ok(strstr(cell(&c, 1, "warnings"), "test_hook") != NULL, "the hook is in the rows");
            if (k == 1) {
                snprintf(seed, sizeof seed, "%s", cell(&c, 1, "seed"));
                ok(seed[0] != '\0', "the seed is recorded");
                for (row = 1; row <= 16; row++) used += (size_t)snprintf(first_order + used, sizeof first_order - used, "%s",
                                                                         cell(&c, row, "work"));
                for (row = 1; row <= 16; row += 2)
                    ok(strcmp(cell(&c, row, "rep"), cell(&c, row + 1, "rep")) == 0 &&
                       strcmp(cell(&c, row, "work"), cell(&c, row + 1, "work")) != 0, "round %s holds each variant once",
                       cell(&c, row, "rep"));
            } else {
                cell_is(&c, 1, "seed", "");
                cell_is(&c, 8, "work", "0");   /* row 9: its summary */
                cell_is(&c, 10, "work", "1");
            }
        }
        wb_csv_free(&c.t);
        r = run("report", csv, "--compare", "work=0", NULL);
        ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
        if (k == 0)
            ok(strstr(r.out, "x slower than work=0 [") != NULL, "grouped: the slow minute reads as a difference:\n%s",
               r.out);
        else {
            /* Interleaved, the slow minute falls on both variants' rounds alike and cancels in the
             * pairs: what is left is work=1's own unit of work, a few percent at most (a busy CI
             * machine's paired rounds once told even that apart: 1.02x, p=0.039), never the
             * grouped run's slowdown. */
            const char *at = strstr(r.out, "sendmsg work=1, ");
            const char *x = at ? strstr(at, "x slower than work=0") : NULL;
            double ratio = 1;
            if (x) {
                while (x > at && (x[-1] == '.' || (x[-1] >= '0' && x[-1] <= '9'))) x--;
                ratio = atof(x);
            }
            ok(at != NULL && ratio < 1.10, "interleaved: no slowdown read (%.2fx):\n%s", ratio, r.out);
            ok(strstr(r.out, "DIFFERENT") != NULL, "and the A/A line shows the drift:\n%s", r.out);
        }
        result_free(&r);
    }
    hook_clear(WB_HOOK_SLOW_FROM);
    {   /* the recorded seed gives the same order again */
        result r = run("sendmsg", "--iterations", "100", "--repeat", "8", "--warmup", "0", "--work", "0,1", "--floors", "off",
                       "--seed", seed, "--quiet", "--csv", "again.csv", NULL);
        csv_file c;
        ok(r.code == 0, "exit %lu: %s", r.code, r.err);
        result_free(&r);
        c = load_csv_here("again.csv", ',');
        if (rows_are(&c, 19)) {
            char order[64];
            size_t row, used = 0;
            for (row = 1; row <= 16; row++) used += (size_t)snprintf(order + used, sizeof order - used, "%s", cell(&c, row, "work"));
            ok(strcmp(order, first_order) == 0, "--seed %s: order %s, first %s", seed, order, first_order);
            cell_is(&c, 1, "seed", seed);
        }
        wb_csv_free(&c.t);
    }
}

/* idle: the seed's case 3 (its OnIdle override, no sends) against the same layout sending 20,000
 * WM_NULL per idle period to the button: the report names the sends as where the difference
 * lies (4 repetitions a side, so the rank test can answer), and the parts add up to the UI
 * thread's busy time per period. Why so many sends, and not case 1's 1000 (~1 ms a period):
 * under Wine every PeekMessage and GetMessage is a round trip to the wineserver process, so on
 * a loaded machine the message pump's part moves by the server's scheduling delays, either
 * way: beside one busy thread per core it read 3.6 ms a period with no sends and 5.1 ms with
 * 1000, and once 16.4 ms with none against 7.7 ms with 5000 (x86); the report then rightly
 * says the pump (the OS) moved most, or gives the sends more than all of the difference (174%).
 * 20,000 sends (~18 ms a period alone: the UI thread never waits, and the periods follow one
 * another) stay the part that carries it; no upper bound on the share, since the pump may
 * move the other way. The moves come at 100 a second, so that case 3's own CPU spans a few
 * of the ticks CPU is charged by (at 25 a second it read 0% on the XP prefix, and the report
 * had nothing to compare with), for 3 s a repetition: case 3 takes ~10 ms of CPU a second, under
 * one 15.6 ms tick, and at 1 s two CI runs in three had a repetition read 0% (no ratio, "no
 * case=3 run to compare with"). */
static void test_idle_sends_part(void)
{
    static const char *const sends[] = { "20000", "0" };
    int k;
    for (k = 0; k < 2; k++) {
        char csv[16];
        result r;
        snprintf(csv, sizeof csv, "sends%s.csv", sends[k]);
        if (k == 0)   /* case 3's layout and override, with sends */
            r = run("idle", "--onidle", "seed", "--mdi-children", "1", "--windows", "0", "--sends", sends[k],
                    "--mouse-rate", "100", "--duration", "3s", "--repeat", "4", "--quiet", "--csv", csv, NULL);
        else
            r = run("idle", "--case", "3", "--mouse-rate", "100", "--duration", "3s", "--repeat", "4", "--quiet", "--csv",
                    csv, NULL);
        ok(r.code == 0, "sends %s: exit %lu: %s", sends[k], r.code, r.err);
        result_free(&r);
    }
    {
        csv_file many = load_csv_here("sends20000.csv", ','), none = load_csv_here("sends0.csv", ',');
        if (rows_are(&many, 6) && rows_are(&none, 6)) {
            size_t row;
            for (row = 1; row <= 4; row++) {
                double parts = num(&many, row, "sends_us") + num(&many, row, "framework_us") + num(&many, row, "pumped_us") +
                               num(&many, row, "pump_us");
                ok(fabs(parts - num(&many, row, "busy_us")) < 1e-6 * num(&many, row, "busy_us"), "rep %lu: parts %g of %g",
                   (unsigned long)row, parts, num(&many, row, "busy_us"));
                ok(num(&none, row, "sends_us") == 0, "case 3 sends nothing: %g us", num(&none, row, "sends_us"));
                {   /* the moves the pump took went to the frame's procedure: timed apart, and split */
                    double pumped = num(&many, row, "pumped_us");
                    double sum = num(&many, row, "pumped_user32_us") + num(&many, row, "pumped_mfc_us") +
                                 num(&many, row, "pumped_lower_us");
                    ok(pumped > 0 && fabs(sum - pumped) <= 1e-6 * pumped, "rep %lu: the pumped messages %g us, split %g us",
                       (unsigned long)row, pumped, sum);
                }
                ok(num(&many, row, "qpc_us") > 0, "the QPC read's cost is measured: %g us", num(&many, row, "qpc_us"));
            }
            /* Which part weighs more is a time: a part is the wall time between its QPC reads,
             * and a preemption lands in whichever part it interrupts. Beside a busy build one
             * repetition's framework part once took 10 ms an idle period (27 us alone), so this
             * reads the summary's median over the four, as the report and a user do. */
            ok(num(&many, 5, "sends_us") > 10 * num(&many, 5, "framework_us"),
               "20,000 sends (%g us) outweigh the framework's own work (%g us), medians of 4",
               num(&many, 5, "sends_us"), num(&many, 5, "framework_us"));
            cell_is(&many, 5, "row", "summary");
            cell_is(&many, 1, "button", "mapped");   /* the only difference from case 3 is the sends */
            cell_is(&many, 1, "tooltips", "on");
        }
        wb_csv_free(&many.t);
        wb_csv_free(&none.t);
    }
    {
        result r = run("report", "sends20000.csv", "sends0.csv", "--compare", "case=3", NULL);
        ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
        {
            /* The parts table's share, not the "where:" sentence: that sentence waits for the
             * headline (the machine's CPU %, tick-sampled) to differ significantly, and in the
             * x86 XP prefix case 3's CPU median once read 0 % (no ratio: "no case=3 run to compare
             * with") while the busy time split here was 3.5 ms against 32.6 ms. */
            double share = table_share(r.out, "OnIdle's sends: USER32's SendMessage (the API)") +
                           table_share(r.out, "OnIdle's sends: the mapped button's MFC handling (your code)") +
                           table_share(r.out, "OnIdle's sends: the BUTTON class's procedure (the API)");
            ok(share >= 50, "the sends carry the difference (%g%%):\n%s", share, r.out);
        }
        result_free(&r);
    }
}

/* idle --onidle DLL!Export: the user's OnIdle in MFC's place; its busy loop lands in the
 * framework part (your code), about the loop's cost per idle period (one call a period). */
static void test_idle_your_onidle(void)
{
    char dll[MAX_PATH], spec[MAX_PATH + 32];
    result r;
    csv_file c;
    path_beside_exe(dll, sizeof dll, "winbench_sample.dll");
    snprintf(spec, sizeof spec, "%s!SampleOnIdle", dll);
    r = run("idle", "--onidle", spec, "--windows", "20", "--mouse-rate", "100", "--duration", "1s", "--repeat", "1",
            "--quiet", "--csv", "u.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("u.csv", ',');
    if (rows_are(&c, 3)) {
        cell_is(&c, 1, "onidle", spec);
        ok(_stricmp(cell(&c, 1, "onidle_path"), dll) == 0, "the file it came from: %s", cell(&c, 1, "onidle_path"));
        ok(num(&c, 1, "framework_us") >= 1.0, "the DLL's busy loop in the framework part: %g us a period",
           num(&c, 1, "framework_us"));
        /* it idled (how often is the scheduler's: 10 of 100 moves beside two suites) */
        ok(num(&c, 1, "sends_us") == 0 && num(&c, 1, "idle_periods") >= 1, "no sends, %g periods", num(&c, 1, "idle_periods"));
    }
    wb_csv_free(&c.t);
    expect_usage("winbench: idle: --onidle: expected base, seed or FILE.dll!EXPORT, got \"mfc\"", "idle", "--onidle", "mfc",
                 NULL);
    expect_usage("winbench: idle: --onidle: x.dll: no such file", "idle", "--onidle", "x.dll!F", NULL);
}

/* sockloop: a busy wait of 50 us planted in every message's accounting (winbench's own
 * processing) lands in that part, by 50 us (a spin on the clock: wall time, so within 10%); the
 * wake-up floor is below the loop's latency, which holds a wake-up and the network path. */
static void test_sockloop_own_part(void)
{
    result r;
    csv_file plain, spun;
    r = run("sockloop", "--loop", "select", "--rate", "500", "--duration", "1s", "--repeat", "2", "--quiet", "--csv",
            "p.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    r = run_env(WB_HOOK_SPIN_PER_PACKET_US, "50", "sockloop", "--loop", "select", "--rate", "500", "--duration", "1s", "--repeat", "2", "--quiet", "--csv",
            "s.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    plain = load_csv_here("p.csv", ',');
    spun = load_csv_here("s.csv", ',');
    if (plain.ok && spun.ok) {
        double own0 = fastest(&plain, "own_us", NULL, NULL), own1 = fastest(&spun, "own_us", NULL, NULL);
        size_t row;
        ok(fabs((own1 - own0) - 50.0) <= 5.0, "winbench's own processing grew by %.1f us (%.2f -> %.2f) for 50 us planted",
           own1 - own0, own0, own1);
        ok(strstr(cell(&spun, 1, "warnings"), "test_hook") != NULL, "the planted rows say so");
        for (row = 1; row < plain.t.nrows; row++) {
            if (strcmp(cell(&plain, row, "row"), "rep") != 0) continue;
            ok(num(&plain, row, "wakeup_us") > 0 && num(&plain, row, "wakeup_us") < num(&plain, row, "lat_mean_us"),
               "the wake-up floor %g us below the loop's latency %g us", num(&plain, row, "wakeup_us"),
               num(&plain, row, "lat_mean_us"));
            ok(num(&plain, row, "recv_us") > 0, "a recv of a waiting datagram: %g us", num(&plain, row, "recv_us"));
            /* the rest, the wait model's own work: never below zero; empty only with the warning */
            ok(num_or_empty(&plain, row, "wait_us") >= 0 ||
                   (num_or_empty(&plain, row, "wait_us") != num_or_empty(&plain, row, "wait_us") &&
                    strstr(cell(&plain, row, "warnings"), "part_below_zero") != NULL),
               "the wait model's own work %g us (%s)", num_or_empty(&plain, row, "wait_us"), cell(&plain, row, "warnings"));
            ok(num_or_empty(&plain, row, "wait_cpu_us") >= 0 ||
                   (num_or_empty(&plain, row, "wait_cpu_us") != num_or_empty(&plain, row, "wait_cpu_us") &&
                    strncmp(cell(&plain, row, "wait_cpu_from"), "none: ", 6) == 0),
               "the CPU inside the waits %g us, from %s", num_or_empty(&plain, row, "wait_cpu_us"),
               cell(&plain, row, "wait_cpu_from"));
        }
    }
    wb_csv_free(&plain.t);
    wb_csv_free(&spun.t);
}


/* Every part of every repetition is a time: never below zero, its interval's half-width beside
 * it, and the parts add up to the whole within their intervals (alternating rounds: a
 * preemption lands in one round's chunk, not in the median of the rounds' differences). A
 * system BUTTON's class procedure is the API's: no code of the application's runs there. */
static void test_no_negative_parts(void)
{
    static const char *const parts[] = { "typical_ns", "wndproc_ns", "classproc_ns", "dispatch_ns", NULL };
    static const char *const targets[] = { "scratch", "button" };
    int t;
    for (t = 0; t < 2; t++) {
        result r = run("sendmsg", "--target", targets[t], "--iterations", "200k", "--repeat", "5", "--quiet", "--csv",
                       "n.csv", "--force", NULL);
        csv_file c;
        size_t row;
        int k;
        ok(r.code == 0, "%s: exit %lu: %s", targets[t], r.code, r.err);
        result_free(&r);
        c = load_csv_here("n.csv", ',');
        for (row = 1; rows_are(&c, 7) && row <= 5; row++) {
            for (k = 0; parts[k]; k++) {
                char pm[64];
                snprintf(pm, sizeof pm, "%.*s_pm_ns", (int)(strlen(parts[k]) - 3), parts[k]);
                ok(num(&c, row, parts[k]) >= 0 && num(&c, row, pm) >= 0, "%s rep %lu: %s %g ns (+-%g)", targets[t],
                   (unsigned long)row, parts[k], num(&c, row, parts[k]), num(&c, row, pm));
            }
            {
                double sum = 0, slack = num(&c, row, "typical_pm_ns"), zeroed = 0;
                for (k = 1; parts[k]; k++) {
                    char pm[64];
                    snprintf(pm, sizeof pm, "%.*s_pm_ns", (int)(strlen(parts[k]) - 3), parts[k]);
                    sum += num(&c, row, parts[k]);
                    slack += num(&c, row, pm);
                    zeroed += zero_pm(&c, row, parts[k], pm);
                }
                parts_sum_said(&c, row, sum, num(&c, row, "typical_ns"), slack, 0, zeroed);
            }
            ok(num(&c, row, "part_rounds") >= 8, "%s rep %lu: %g rounds", targets[t], (unsigned long)row,
               num(&c, row, "part_rounds"));
            if (t == 1)
                ok(num(&c, row, "classproc_ns") > 0 && num(&c, row, "wndproc_ns") == 0,
                   "a plain BUTTON: its class procedure %g ns (the API), your code %g ns", num(&c, row, "classproc_ns"),
                   num(&c, row, "wndproc_ns"));
            else
                ok(num(&c, row, "wndproc_ns") > 0 && num(&c, row, "classproc_ns") == 0,
                   "the scratch window: its procedure %g ns (your code), no class procedure %g ns",
                   num(&c, row, "wndproc_ns"), num(&c, row, "classproc_ns"));
        }
        wb_csv_free(&c.t);
    }
}

/* Runs idle with OPTION at two values (5 repetitions each, 1 s; an option other than --case beside
 * the seed's case 1) and reports --compare OPTION:
 * the share the where-line gives PART first (of the headline, the CPU per idle period, where it
 * moved), and the most the pump took a period in any row. NaN where the headline could not be
 * told apart: *coarse (when given) says whether the rows warned that their CPU is tick-sampled
 * (cpu_coarse), which at 1 s a repetition moves the CPU per period in steps of ~100 us (733, 800,
 * 1000 us seen): then "no significant difference" is the report's honest answer. */
static double idle_pair_share(const char *option, const char *const *values, const char *part, double *pump_max,
                              double *mfc, double *sends, int *coarse)
{
    double share;
    int k, any_coarse = 0;
    result r;
    *pump_max = 0;
    for (k = 0; k < 2; k++) {
        char csv[32], flag[32];
        csv_file c;
        size_t row;
        snprintf(csv, sizeof csv, "%s%s.csv", option, values[k]);
        snprintf(flag, sizeof flag, "--%s", option);
        if (strcmp(option, "case") != 0)   /* the seed's case 1 (sends to a plain button) beside another option */
            r = run("idle", "--case", "1", flag, values[k], "--duration", "1s", "--repeat", "5", "--quiet", "--csv", csv,
                    NULL);
        else
            r = run("idle", flag, values[k], "--duration", "1s", "--repeat", "5", "--quiet", "--csv", csv, NULL);
        ok(r.code == 0, "%s %s: exit %lu: %s", option, values[k], r.code, r.err);
        result_free(&r);
        c = load_csv_here(csv, ',');
        for (row = 1; rows_are(&c, 7) && row <= 5; row++) {
            double sum = num(&c, row, "sends_dispatch_us") + num(&c, row, "sends_mfc_us") + num(&c, row, "sends_button_us");
            ok(fabs(sum - num(&c, row, "sends_us")) <= 1e-6 * num(&c, row, "sends_us"), "%s %s rep %lu: %g of %g us",
               option, values[k], (unsigned long)row, sum, num(&c, row, "sends_us"));
            if (num(&c, row, "pump_us") > *pump_max) *pump_max = num(&c, row, "pump_us");
            any_coarse |= strstr(cell(&c, row, "warnings"), "cpu_coarse") != NULL;
            {   /* every part a time: none below zero */
                static const char *const parts[] = { "sends_dispatch_us", "sends_mfc_us", "sends_button_us", "framework_us",
                                                     "pumped_user32_us", "pumped_mfc_us", "pumped_lower_us", "pump_us", NULL };
                int i;
                for (i = 0; parts[i]; i++)
                    ok(num(&c, row, parts[i]) >= 0, "%s %s rep %lu: %s %g us", option, values[k], (unsigned long)row,
                       parts[i], num(&c, row, parts[i]));
            }
        }
        if (rows_are(&c, 7)) mfc[k] = num(&c, 6, "sends_mfc_us"), sends[k] = num(&c, 6, "sends_us");
        wb_csv_free(&c.t);
    }
    {
        char a[32], b[32];
        snprintf(a, sizeof a, "%s%s.csv", option, values[0]);
        snprintf(b, sizeof b, "%s%s.csv", option, values[1]);
        r = run("report", a, b, "--compare", option, NULL);
    }
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    share = share_named(r.out, "the CPU per idle period", part);
    if (share != share) share = share_named(r.out, "an idle period's busy time", part);
    if (coarse) *coarse = share != share && strstr(r.out, "no significant difference from") != NULL && any_coarse;
    if (!(share >= 50)) printf("%s\n", r.out);   /* what the failure or the allowance below is about */
    result_free(&r);
    return share;
}

/* Under Wine beside busy threads the message pump is no longer a pump: Wine's PeekMessage and
 * GetMessage are requests to its server, another process, whose reply then waits for a CPU.
 * Measured beside one busy thread per core: the pump 2.4-3.5 ms an idle period (the median
 * period's too, so no period is left out as preempted) where it is 20-34 us quiet, while the
 * sends and the framework's work stayed within 5%. The whole then moves by the load, and the
 * report may not place the difference, or place it in the pump; and the sends' own time (a span
 * of the loop, stretched alike) may even read less in the dearer case (1,076 against 1,415 us
 * seen in CI). The same happens beside other
 * tests of the suite, whose Wine processes share this prefix's one server: 160-170 us a period
 * seen. On Windows the pump's calls are system calls of this thread. Accepted under Wine, named,
 * where the pump shows it: over 100 us a period, three times the most seen at rest. */
#define WINE_PUMP_WAITS "Wine's pump waits for its server, and beside busy threads for a CPU"

/* The seed's case 2 differs from case 1 only in the button's MFC mapping: the report puts most
 * of the difference in the mapped button's MFC handling (your code), not in the API; each
 * repetition's sends add up from their three parts, the MFC part 0 for the plain button. */
static void test_idle_mfc_is_your_code(void)
{
    static const char *const cases_[] = { "1", "2" };
    double pump_max, mfc[2] = { NAN, NAN }, sends[2] = { NAN, NAN };
    int coarse = 0;
    double share = idle_pair_share("case", cases_, "OnIdle's sends: the mapped button's MFC handling (your code)",
                                   &pump_max, mfc, sends, &coarse);
    ok(mfc[0] == 0 && mfc[1] > 0, "the MFC handling: %g us for the plain button, %g us mapped (medians)", mfc[0], mfc[1]);
    /* the rows alone, whatever the load: the sends grew by the MFC handling, most of it */
    ok((mfc[1] - mfc[0] >= 0.5 * (sends[1] - sends[0]) && sends[1] > sends[0]) ||
           wine_broken(pump_max > 100, WINE_PUMP_WAITS),
       "the sends grew %g us, the MFC handling %g us of it (medians; the pump up to %g us a period)", sends[1] - sends[0],
       mfc[1] - mfc[0], pump_max);
    ok(share >= 50 || coarse || wine_broken(pump_max > 100, WINE_PUMP_WAITS),
       "your code, the MFC handling, carries the difference (%g%%; the pump up to %g us a period)", share, pump_max);
}

/* Visual styles on: the BUTTON is comctl32 6's, its class procedure draws with the theme: the
 * report puts most of the difference in that procedure (the API), not in your code. */
static void test_idle_themes_is_the_api(void)
{
    static const char *const themes[] = { "off", "on" };
    double pump_max, mfc[2] = { NAN, NAN }, sends[2] = { NAN, NAN };
    int coarse = 0;
    double share = idle_pair_share("themes", themes, "OnIdle's sends: the BUTTON class's procedure (the API)", &pump_max,
                                   mfc, sends, &coarse);
    ok(share >= 50 || coarse || wine_broken(pump_max > 100, WINE_PUMP_WAITS),
       "the API, the BUTTON's procedure, carries the difference (%g%%; the pump up to %g us a period)", share, pump_max);
}

/* One busy thread per core beside winbench (as the harness's --under-load has, made here so
 * that every run of the suite checks it): the parts are medians of paired rounds, so the
 * procedure's share of a SendMessage moves by less than 15 points, and no part goes below zero. */
static volatile LONG load_stop;
static DWORD WINAPI load_spin(void *arg)
{
    volatile unsigned long x = 0;
    (void)arg;
    while (!load_stop) x++;
    return 0;
}

static double median_share(const csv_file *c)
{
    double v[8];
    size_t row, n = 0;
    for (row = 1; c->ok && row < c->t.nrows && n < 8; row++)
        if (!strcmp(cell(c, row, "row"), "rep")) v[n++] = num(c, row, "wndproc_ns") / num(c, row, "typical_ns");
    if (n == 0) return NAN;
    qsort(v, n, sizeof v[0], by_value);
    return v[n / 2];
}

static void test_shares_hold_under_load(void)
{
    HANDLE threads[64];
    SYSTEM_INFO si;
    unsigned i, n;
    double quiet, busy;
    csv_file q, b;
    size_t row;
    result r = run("sendmsg", "--work", "100", "--iterations", "300k", "--repeat", "5", "--quiet", "--csv", "q.csv", NULL);
    ok(r.code == 0, "quiet: exit %lu: %s", r.code, r.err);
    result_free(&r);
    GetSystemInfo(&si);
    n = si.dwNumberOfProcessors < 64 ? si.dwNumberOfProcessors : 64;
    load_stop = 0;
    for (i = 0; i < n; i++) threads[i] = CreateThread(NULL, 0, load_spin, NULL, 0, NULL);
    r = run("sendmsg", "--work", "100", "--iterations", "300k", "--repeat", "5", "--quiet", "--csv", "b.csv", NULL);
    InterlockedExchange(&load_stop, 1);
    for (i = 0; i < n; i++)
        if (threads[i]) WaitForSingleObject(threads[i], INFINITE), CloseHandle(threads[i]);
    ok(r.code == 0, "busy: exit %lu: %s", r.code, r.err);
    result_free(&r);
    q = load_csv_here("q.csv", ',');
    b = load_csv_here("b.csv", ',');
    quiet = median_share(&q);
    busy = median_share(&b);
    ok(fabs(quiet - busy) <= 0.15, "the procedure's share: %.0f%% quiet, %.0f%% beside %u busy threads", 100 * quiet,
       100 * busy, n);
    for (row = 1; b.ok && row < b.t.nrows; row++)
        if (!strcmp(cell(&b, row, "row"), "rep"))
            ok(num(&b, row, "dispatch_ns") >= 0 && num(&b, row, "wndproc_ns") >= 0, "busy rep %lu: %g + %g ns",
               (unsigned long)row, num(&b, row, "wndproc_ns"), num(&b, row, "dispatch_ns"));
    wb_csv_free(&q.t);
    wb_csv_free(&b.t);
}

static const wbt_case cases[] = {
    { "work_is_your_code", test_work_is_your_code, WBT_TIMING | WBT_CPU_HEAVY },
    { "hook_is_the_api", test_hook_is_the_api, 0 },
    { "cross_thread", test_cross_thread, 0 },
    { "handoff_one_call", test_handoff_one_call, WBT_TIMING },
    { "floors_off", test_floors_off, 0 },
    { "interleaving", test_interleaving, 0 },
    { "idle_sends_part", test_idle_sends_part, WBT_CPU_HEAVY },
    { "idle_your_onidle", test_idle_your_onidle, 0 },
    { "sockloop_own_part", test_sockloop_own_part, WBT_CPU_HEAVY },
    { "no_negative_parts", test_no_negative_parts, WBT_TIMING },
    { "idle_mfc_is_your_code", test_idle_mfc_is_your_code, WBT_CPU_HEAVY },
    { "idle_themes_is_the_api", test_idle_themes_is_the_api, WBT_CPU_HEAVY },
    { "shares_hold_under_load", test_shares_hold_under_load, WBT_TIMING | WBT_CPU_HEAVY },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

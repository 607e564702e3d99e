/* End-to-end tests of the idle benchmark: real runs under Wine, short and with few windows
 * (Wine's GetWindow goes through its server, so each window costs far more than on Windows).
 * What is checked are relations between real measurements, never constants. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

static double g_outside_user_s, g_outside_kernel_s;   /* the last run_idle's process, read from outside */

/* Runs `winbench idle` with a short, light configuration plus the given options and loads its
 * CSV (header, one rep row, summary). */
static csv_file run_idle(const char *csv, const char *a1, const char *a2, const char *a3, const char *a4)
{
    /* 20 windows unless the caller names its own (an option is given once) */
    int own = (a1 && !strcmp(a1, "--windows")) || (a3 && !strcmp(a3, "--windows"));
    result r = own ? run("idle", "--mouse-rate", "100", "--duration", "2s", "--repeat", "1", "--quiet", "--csv", csv, a1, a2,
                         a3, a4, NULL)
                   : run("idle", "--windows", "20", "--mouse-rate", "100", "--duration", "2s", "--repeat", "1", "--quiet",
                         "--csv", csv, a1, a2, a3, a4, NULL);
    csv_file c;
    ok(r.code == 0, "idle %s %s %s: exit %lu: %s", a1 ? a1 : "", a2 ? a2 : "", a3 ? a3 : "", r.code, r.err);
    g_outside_user_s = r.cpu_user_s, g_outside_kernel_s = r.cpu_kernel_s;
    result_free(&r);
    c = load_csv_here(csv, ',');
    ok(c.ok && c.t.nrows == 3, "%s: expected header, rep, summary; got %lu rows", csv, (unsigned long)c.t.nrows);
    if (c.t.nrows != 3) c.ok = 0;
    return c;
}

static void test_csv_and_counts(void)
{
    static const char *const columns[] = {
        "case", "windows", "depth", "class", "themes", "mapped", "dispatch", "sends", "idle-every",
        "mouse-rate", "duration_s", "same-point", "controls", "wndproc_module", "actctx", "timer",
        "cpu_pct", "cpu_pct_machine", "cpu_user_pct", "cpu_kernel_pct", "ui_thread_cpu_pct",
        "onidle_calls", "onidle_per_s", "idle_periods", "idle_periods_per_s", "moves_posted",
        "moves_processed", "moves_late", "moves_dropped", "backlog_max", "mouse_rate_actual", "idle_periods_per_move",
        "msgs_delivered", "msgs_delivered_per_s", "idle_cost_mean_us", "idle_cost_p50_us",
        "idle_cost_p99_us", "idle_cost_max_us", "ui_busy_pct", "ui_cycles_pct", "tick_ms", "timer_res_ms",
        "sleep1_ms", "os_name", "cpus", NULL
    };
    csv_file c = run_idle("i.csv", "--case", "1", NULL, NULL);
    double cpus, cpu, periods, calls;
    size_t i;
    if (!c.ok) goto done;
    for (i = 0; columns[i]; i++) ok(wb_csv_column(&c.t, columns[i]) >= 0, "column %s missing", columns[i]);
    cell_is(&c, 1, "benchmark", "idle");
    cell_is(&c, 1, "onidle", "seed");     /* --case 1 = the seed's override, A + B */
    cell_is(&c, 1, "button", "plain");    /* A: after UnsubclassWindow */
    cell_is(&c, 1, "button_mapped", "0");
    cell_is(&c, 1, "mdi_children", "1");
    cell_is(&c, 1, "sends", "1000");
    cell_is(&c, 2, "row", "summary");
    ok(num(&c, 1, "moves_posted") == 200, "2 s at 100 Hz posts 200 moves, got %g", num(&c, 1, "moves_posted"));
    ok(num(&c, 1, "moves_dropped") == 0, "no move dropped: %g", num(&c, 1, "moves_dropped"));
    ok(num(&c, 1, "moves_processed") == num(&c, 1, "moves_posted"), "every posted move processed: %g of %g",
       num(&c, 1, "moves_processed"), num(&c, 1, "moves_posted"));
    ok(num(&c, 1, "elapsed_s") >= 1.98 && num(&c, 1, "elapsed_s") < 4, "the run lasts the duration: %g s",
       num(&c, 1, "elapsed_s"));
    ok(num(&c, 1, "mouse_rate_actual") > 90 && num(&c, 1, "mouse_rate_actual") <= 101, "achieved rate %g/s",
       num(&c, 1, "mouse_rate_actual"));
    cpus = num(&c, 1, "cpus");
    cpu = num(&c, 1, "cpu_pct");
    ok(cpu > 0 && cpu <= 100 * cpus, "CPU %g%% within 0..100 x %g CPUs", cpu, cpus);
    ok_near(num(&c, 1, "cpu_pct_machine"), cpu / cpus, 1e-6);
    ok_near(num(&c, 1, "cpu_user_pct") + num(&c, 1, "cpu_kernel_pct"), cpu, 1e-6);
    /* The split against a count outside the process: the user and the kernel CPU this test reads
     * of winbench's process once it has ended hold the measured interval's, each (a 15.6 ms tick
     * of slack for the reads). Wine 8's GetProcessTimes reads no user time for another process
     * (a child that spun 0.7 s read 0.000 s, alive and ended; this run's, 0.01 s of kernel at
     * most), and what it does read is not the whole: beside two CI runs it read 0.010 s of user
     * and 0.050 s of kernel time where the interval alone had 0.050 s and 0.060 s. A todo_wine
     * fails whenever Wine reads enough; so Windows is held to it, and under Wine whatever was
     * read is accepted as broken, saying so. */
    {
        double elapsed = num(&c, 1, "elapsed_s");
        double user_s = num(&c, 1, "cpu_user_pct") / 100 * elapsed, kernel_s = num(&c, 1, "cpu_kernel_pct") / 100 * elapsed;
        ok((g_outside_user_s > 0 && g_outside_user_s >= user_s - 0.0157 && g_outside_kernel_s >= kernel_s - 0.0157) ||
               wine_broken(1, "Wine 8's GetProcessTimes reads part of another process's CPU (no user time, mostly)"),
           "the process's own CPU, read from outside (user %.3f s, kernel %.3f s), holds the interval's (user "
           "%.3f s, kernel %.3f s)", g_outside_user_s, g_outside_kernel_s, user_s, kernel_s);
    }
    /* The UI thread's CPU is part of the process's: Windows charges both at its tick, and the
     * interval's two reads may straddle one tick. Wine reads the thread's from /proc (10 ms steps)
     * and the process's from getrusage: under the 32-bit Wine the thread's came out a step above. */
    {
        double ui = num(&c, 1, "ui_thread_cpu_pct"), tick = 100.0 * 0.0157 / num(&c, 1, "elapsed_s");
        ok(ui <= cpu + tick || wine_broken(ui <= cpu + 2 * tick, "Wine reads thread CPU from /proc, the process's from getrusage"),
           "the UI thread's CPU %g%% is part of the process's %g%%", ui, cpu);
    }
    /* Busy by QPC (wall minus GetMessage) holds everything the thread ran: never much below
     * its CPU (one 15.6 ms tick of slack over the run for tick-sampled CPU on Windows). */
    {
        double busy = num(&c, 1, "ui_busy_pct"), ui = num(&c, 1, "ui_thread_cpu_pct");
        double slack = 100.0 * 0.0157 / num(&c, 1, "elapsed_s");
        ok(busy > 0 && busy <= 100.5, "ui_busy_pct %g within 0..100", busy);
        /* Under Wine the CPU its client spends inside GetMessage's server round trips is charged to
         * the thread while QPC counts it as waiting (seen: busy 6.9% against 8.0% CPU). */
        ok(busy >= ui - slack ||
           wine_broken(busy >= 0.8 * ui - slack, "Wine's client CPU inside GetMessage is charged, and waiting by QPC"),
           "busy %.1f%% >= CPU %.1f%% - %.1f", busy, ui, slack);
        /* On Windows the two agree when the CPU figure spans enough ticks. Under Wine every
         * PeekMessage / GetMessage / GetWindow is a request to the wineserver process, and the
         * thread sleeps until the reply: busy counts those sleeps, CPU does not (seen: 45% busy
         * vs 22% CPU in case 1; in this lighter run they came out 1 point apart once). */
        if (strstr(cell(&c, 1, "warnings"), "cpu_coarse") == NULL || wbt_under_wine())
            ok(fabs(busy - ui) <= 5 || wine_broken(busy > ui, "wineserver round trips are busy by QPC, not CPU"),
               "busy %.1f%% agrees with the charged %.1f%% over enough ticks", busy, ui);
        else
            skip("ui_busy_pct vs ui_thread_cpu_pct: the charged CPU spans under 64 ticks (cpu_coarse)");
        /* Cycles (QueryThreadCycleTime) exist from Vista on; Wine has the function but it fails. */
        todo_wine ok(num_or_empty(&c, 1, "ui_cycles_pct") == num_or_empty(&c, 1, "ui_cycles_pct") ||
                     broken(atof(cell(&c, 1, "os_version")) < 6.0),
                     "ui_cycles_pct from QueryThreadCycleTime: [%s]", cell(&c, 1, "ui_cycles_pct"));
    }
    periods = num(&c, 1, "idle_periods");
    calls = num(&c, 1, "onidle_calls");
    /* The seed's OnIdle returns FALSE at once: one call per idle period, OnIdle(1) never runs. */
    ok(periods >= 1 && calls == periods, "one OnIdle call per period: %g calls, %g periods", calls, periods);
    ok(num(&c, 1, "ops") == periods, "ops counts idle periods");
    /* 1000 sends per OnIdle call and the pumped moves; no window walked, whatever --windows says */
    ok(num(&c, 1, "msgs_delivered") >= calls * 1000 + num(&c, 1, "moves_processed") &&
       num(&c, 1, "msgs_delivered") <= calls * 1000 + num(&c, 1, "moves_processed") + 20,
       "messages delivered %g: the sends and the pumped messages only", num(&c, 1, "msgs_delivered"));
    ok(num(&c, 1, "idle_cost_p50_us") > 0 && num(&c, 1, "idle_cost_p50_us") <= num(&c, 1, "idle_cost_p99_us") &&
       num(&c, 1, "idle_cost_p99_us") <= num(&c, 1, "idle_cost_max_us") * 1.004,
       "p50 %g <= p99 %g <= max %g", num(&c, 1, "idle_cost_p50_us"), num(&c, 1, "idle_cost_p99_us"),
       num(&c, 1, "idle_cost_max_us"));
done:
    wb_csv_free(&c.t);
}

/* A case is the seed's application: none of our --windows unless typed (the CSV says 0, not
 * the default 300 that it would not create); typed, they are made. */
static void test_case_windows(void)
{
    result r = run("idle", "--case", "3", "--mouse-rate", "100", "--duration", "1s", "--repeat", "1", "--quiet",
                   "--csv", "cw.csv", NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("cw.csv", ',');
    if (rows_are(&c, 3)) ok(num(&c, 1, "windows") == 0, "case 3 alone: windows %s", cell(&c, 1, "windows"));
    wb_csv_free(&c.t);
    c = run_idle("cw20.csv", "--case", "3", NULL, NULL);   /* run_idle types --windows 20 */
    if (c.ok) ok(num(&c, 1, "windows") == 20, "case 3 --windows 20: windows %s", cell(&c, 1, "windows"));
    wb_csv_free(&c.t);
}

/* --idle-every 10 lets only every tenth new-position move restart idle processing. */
static void test_idle_every(void)
{
    csv_file a = run_idle("every1.csv", "--idle-every", "1", NULL, NULL);
    csv_file b = run_idle("every10.csv", "--idle-every", "10", NULL, NULL);
    if (a.ok && b.ok) {
        double pa = num(&a, 1, "idle_periods"), pb = num(&b, 1, "idle_periods");
        ok(pa > 50, "--idle-every 1: %g idle periods for 200 moves", pa);
        ok(pb >= pa / 20 && pb <= pa / 5, "--idle-every 10: %g idle periods, --idle-every 1: %g (ratio %.3f, "
           "expected 1/20 .. 1/5)", pb, pa, pb / pa);
    }
    wb_csv_free(&a.t);
    wb_csv_free(&b.t);
}

/* Moves at one point: IsIdleMessage filters all but the first. */
static void test_same_point(void)
{
    csv_file c = run_idle("same.csv", "--same-point", NULL, NULL, NULL);
    if (c.ok) {
        ok(num(&c, 1, "moves_processed") == 200, "moves still arrive: %g", num(&c, 1, "moves_processed"));
        ok(num(&c, 1, "idle_periods") <= 3, "almost no idle periods: %g", num(&c, 1, "idle_periods"));
    }
    wb_csv_free(&c.t);
}

/* The seed's case 3 (neither the mapped windows nor the 1000 sends) against case 2 (the sends). */
static void test_cases_cpu(void)
{
    csv_file two = run_idle("case2.csv", "--case", "2", NULL, NULL);
    csv_file three = run_idle("case3.csv", "--case", "3", NULL, NULL);
    if (two.ok && three.ok) {
        double c2 = num(&two, 1, "cpu_pct"), c3 = num(&three, 1, "cpu_pct");
        cell_is(&two, 1, "button", "mapped");
        cell_is(&three, 1, "sends", "0");
        ok(c3 < 0.6 * c2, "case 3 uses %.2f%% CPU, case 2 %.2f%%: expected clearly less", c3, c2);
        ok(num(&three, 1, "idle_cost_mean_us") < num(&two, 1, "idle_cost_mean_us"),
           "case 3 idle periods are cheaper: %g us vs %g us", num(&three, 1, "idle_cost_mean_us"),
           num(&two, 1, "idle_cost_mean_us"));
    }
    wb_csv_free(&two.t);
    wb_csv_free(&three.t);
}

/* Every class, themed, nested, and by ::SendMessage: each runs and records what it built. */
static void test_variants(void)
{
    static const char *const classes[] = { "custom", "button", "static" };
    size_t i;
    for (i = 0; i < 3; i++) {
        csv_file c = run_idle("v.csv", "--class", classes[i], "--themes", "on");
        if (c.ok) {
            cell_is(&c, 1, "actctx", "v6");
            cell_is(&c, 1, "controls", i == 0 ? "own" : "v6");
            /* it idled, at most once a move (how often is the scheduler's: 10 of 200 moves
             * beside two suites and busy threads) */
            ok(num(&c, 1, "idle_periods") >= 1 && num(&c, 1, "idle_periods") <= num(&c, 1, "moves_processed") + 1,
               "%s: %g idle periods for %g moves", classes[i], num(&c, 1, "idle_periods"), num(&c, 1, "moves_processed"));
        }
        wb_csv_free(&c.t);
        {
            char path[MAX_PATH];   /* the next class writes the same name */
            path_in_dir(path, sizeof path, "v.csv");
            DeleteFileA(path);
        }
    }
    {
        csv_file c = run_idle("deep.csv", "--depth", "5", "--dispatch", "sendmessage");   /* --onidle base */
        if (c.ok) {
            /* every window and the frame get WM_IDLEUPDATECMDUI by ::SendMessage: 20 + button + frame */
            ok(num(&c, 1, "msgs_delivered") >= num(&c, 1, "idle_periods") * 22 + 200, "deep tree reached: %g",
               num(&c, 1, "msgs_delivered"));
            cell_is(&c, 1, "depth", "5");
        }
        wb_csv_free(&c.t);
    }
}

static void test_bad_arguments(void)
{
    expect_usage("winbench: idle: --depth: 30 is deeper than --windows 20", "idle", "--windows", "20",
                 "--depth=30");
    /* what Windows refuses (CreateWindow fails past 50 nested levels), refused before it runs */
    expect_usage("winbench: idle: --depth: 50 is deeper than Windows nests windows (50 levels at most, "
                 "USERNestedWindowLimit; the main frame takes one of them): at most 49 here", "idle", "--windows=100",
                 "--depth=50", NULL);
    expect_usage("winbench: idle: --depth: 51 is deeper than Windows nests windows (50 levels at most, "
                 "USERNestedWindowLimit; the frame, MDI client, child frame and view take four of them): at most 46 "
                 "here", "idle", "--mdi-children=1", "--windows=100", "--depth=51");
    expect_usage("winbench: idle: --windows: 10000 is out of range (0..9000)", "idle", "--windows", "10000", NULL);
    expect_usage("winbench: idle: --mouse-rate: expected a positive integer, got \"0\"", "idle", "--mouse-rate", "0", NULL);
    expect_usage("winbench: idle: --duration: expected a positive duration (a number and ns, us, ms, s, sec, min or h: 2s, 500ms), got \"soon\"",
                 "idle", "--duration", "soon", NULL);
    expect_usage("winbench: idle: --case: expected one of none|1|2|3, got \"4\"", "idle", "--case", "4", NULL);
    /* what a case sets, typed beside it: refused, never silently replaced */
    expect_usage("winbench: idle: --button: conflicts with --case 2, which sets it (drop one of them)", "idle", "--case=2",
                 "--button", "plain");
    expect_usage("winbench: idle: --sends: conflicts with --case 3, which sets it (drop one of them)", "idle", "--sends=5",
                 "--case", "3");
    expect_usage("winbench: idle: --mdi-children: --case 1 is the seed's MDI layout: 1 or more", "idle", "--case=1",
                 "--mdi-children", "0");
    expect_usage("winbench: idle: --repeat: given twice (give it once)", "idle", "--repeat=3", "--repeat", "4");
    expect_usage(NULL, "idle", "--duration", "10ms", NULL);
}

/* The seed's two switches: case 2's sends go through the MFC model (a handle-map lookup each),
 * case 1's go to the unsubclassed button and do not; both deliver about 1000 messages per
 * idle period and walk no windows. */
static void test_seed_switches(void)
{
    /* 20 moves a second: case 1's moves make 22 lookups each (the view's messages and
     * PreTranslateMessage's walk up its parents), 880 in the 2 s, under the 1000 sends of even a
     * single idle period; at 100 a second a loaded machine that idled 19 times in 200 moves
     * counted 4400 lookups for 19,000 sends. */
    result r = run("idle", "--case", "1", "--windows", "200", "--mouse-rate", "20", "--duration", "2s", "--repeat", "1",
                   "--quiet", "--csv", "s1.csv", NULL);
    csv_file one;
    csv_file two = run_idle("s2.csv", "--case", "2", NULL, NULL);
    ok(r.code == 0, "idle --case 1: exit %lu: %s", r.code, r.err);
    result_free(&r);
    one = load_csv_here("s1.csv", ',');
    if (rows_are(&one, 3) && two.ok) {
        double p1 = num(&one, 1, "idle_periods"), p2 = num(&two, 1, "idle_periods");
        /* the sends of a period: what was delivered less the moves pumped (a loaded machine
         * queues more moves a period: 1010.5 and 1015.4 messages a period counting them) */
        double s1 = (num(&one, 1, "msgs_delivered") - num(&one, 1, "moves_processed")) / p1;
        double s2 = (num(&two, 1, "msgs_delivered") - num(&two, 1, "moves_processed")) / p2;
        ok(s1 >= 1000 && s1 < 1010, "case 1: %g messages per idle period besides the moves (200 windows not walked)", s1);
        ok(s2 >= 1000 && s2 < 1010, "case 2: %g messages per idle period besides the moves", s2);
        ok(num(&two, 1, "map_lookups") >= 1000 * p2, "case 2: %g lookups for %g periods: every send through AfxWndProc",
           num(&two, 1, "map_lookups"), p2);
        /* a send through AfxWndProc is a lookup: fewer lookups than sends is none of them */
        ok(num(&one, 1, "map_lookups") < s1 * p1, "case 1: %g lookups for %g sends: the sends bypass MFC",
           num(&one, 1, "map_lookups"), s1 * p1);
    }
    wb_csv_free(&one.t);
    wb_csv_free(&two.t);
}

/* CWinApp::OnIdle in an MDI application: the frame list adds each child frame's subtree, and
 * OnIdle(1) frees the temporary CWnds the tooltip filter made. */
static void test_base_frame_list(void)
{
    csv_file flat = run_idle("f0.csv", "--onidle", "base", NULL, NULL), mdi;
    /* 5 moves a second: 200 ms for each walk and its OnIdle(1) before the next move, which a
     * loaded machine needs (at 100 a second beside busy threads, and at 20 beside two CI runs,
     * the next move was queued at the end of every OnIdle(0), so OnIdle(1) never ran: correct,
     * and not what is tested) */
    result r = run("idle", "--windows", "20", "--mouse-rate", "5", "--duration", "2s", "--repeat", "1", "--quiet", "--csv",
                   "f2.csv", "--onidle", "base", "--mdi-children", "2", NULL);
    ok(r.code == 0, "idle --mdi-children 2: exit %lu: %s", r.code, r.err);
    result_free(&r);
    mdi = load_csv_here("f2.csv", ',');
    if (flat.ok && rows_are(&mdi, 3)) {
        /* The walk's messages per idle period: all delivered less the moves pumped. Not
         * msgs_per_idle_period, which holds the pumped moves too: one a period at rest, more
         * where a loaded machine let several queue before the thread ran (25.03 was seen beside
         * a busy thread per core). flat: the frame, 20 windows and the button (and any other
         * message pumped: none at rest). MDI: the bars, 2 child frames with their views and 10
         * windows each, all walked from the main frame and again from each child frame (24
         * more). */
        double m0 = (num(&flat, 1, "msgs_delivered") - num(&flat, 1, "moves_processed")) / num(&flat, 1, "idle_periods");
        double m2 = (num(&mdi, 1, "msgs_delivered") - num(&mdi, 1, "moves_processed")) / num(&mdi, 1, "idle_periods");
        ok(m0 >= 22 && m0 < 23, "flat: %g messages of the walk per idle period (%g in all)", m0,
           num(&flat, 1, "msgs_per_idle_period"));
        ok(m2 >= m0 + 24, "MDI with 2 children: %g messages of the walk per idle period, %g flat", m2, m0);
        /* OnIdle(1) follows OnIdle(0) unless the next move is already queued (then the period is
         * cut short: MFC checks PeekMessage between the calls). */
        ok(num(&mdi, 1, "onidle_calls") > num(&mdi, 1, "idle_periods"), "OnIdle(1) ran: %g calls, %g periods",
           num(&mdi, 1, "onidle_calls"), num(&mdi, 1, "idle_periods"));
        ok(num(&mdi, 1, "temp_cwnd_created") > 0 && num(&mdi, 1, "temp_cwnd_freed") >= num(&mdi, 1, "temp_cwnd_created") - 1,
           "temporary CWnds %g created, %g freed at OnIdle(1)", num(&mdi, 1, "temp_cwnd_created"),
           num(&mdi, 1, "temp_cwnd_freed"));
    }
    wb_csv_free(&flat.t);
    wb_csv_free(&mdi.t);
}

/* PreTranslateMessage on every pumped message; the tooltip filter on mouse messages; its hit
 * test where the mouse is over the window with tooltips (the toolbar). */
static void test_pretranslate_and_tooltips(void)
{
    csv_file on = run_idle("t1.csv", "--mdi-children", "1", "--mouse-over", "toolbar");
    csv_file off = run_idle("t0.csv", "--mdi-children", "1", "--tooltips", "off");   /* and ANSI below */
    if (on.ok && off.ok) {
        double moves = num(&on, 1, "moves_processed");
        ok(num(&on, 1, "pretranslate_calls") >= moves, "%g PreTranslateMessage calls for %g moves",
           num(&on, 1, "pretranslate_calls"), moves);
        ok(num(&on, 1, "tooltip_hittests") >= moves * 0.99, "tooltips on, over the toolbar: %g hit tests for %g moves",
           num(&on, 1, "tooltip_hittests"), moves);
        ok(num(&off, 1, "tooltip_filters") == 0 && num(&off, 1, "tooltip_hittests") == 0, "tooltips off: %g filters",
           num(&off, 1, "tooltip_filters"));
        ok(num(&off, 1, "pretranslate_calls") >= num(&off, 1, "moves_processed"), "tooltips off still pretranslates");
        cell_is(&on, 1, "charset", "w");
    }
    wb_csv_free(&on.t);
    wb_csv_free(&off.t);
}

/* Real input: the cursor moved with SendInput over the MDI child's view. Windows (here Wine's
 * null driver, which delivers it) generates WM_MOUSEMOVE with WM_NCHITTEST and WM_SETCURSOR. */
static void test_sendinput(void)
{
    result r = run("idle", "--case", "2", "--input", "sendinput", "--windows", "20", "--mouse-rate", "100",
                   "--duration", "2s", "--repeat", "1", "--quiet", "--csv", "si.csv", NULL);
    csv_file c;
    if (r.code == 1 && strstr(r.err, "interactive desktop")) {
        skip("--input sendinput: no interactive desktop here: %s", r.err);
        result_free(&r);
        return;
    }
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("si.csv", ',');
    if (rows_are(&c, 3)) {
        double posted = num(&c, 1, "moves_posted"), got = num(&c, 1, "moves_processed");
        cell_is(&c, 1, "input", "sendinput");
        /* under Wine the rows say that no desktop made these numbers; on Windows they do not */
        ok((strstr(cell(&c, 1, "warnings"), "sendinput_wine") != NULL) == wbt_under_wine(), "warnings [%s]",
           cell(&c, 1, "warnings"));
        /* Real input is coalesced: a move that finds the last one not yet taken replaces it (the
         * queue keeps one mouse move, on Windows as in Wine's server, merge_message), so how many
         * arrive depends on how fast the UI thread reads: under load, fewer (169 of 200 beside a
         * second test suite). None more than were sent, and some. */
        ok(posted == 200 && got >= 1 && got <= posted, "%g moves sent, %g arrived as WM_MOUSEMOVE", posted, got);
        ok(num(&c, 1, "moves_coalesced") == posted - got, "%g coalesced of %g sent, %g read", num(&c, 1, "moves_coalesced"),
           posted, got);
        ok(strcmp(cell(&c, 1, "backlog_max"), "") == 0, "no backlog claimed for merged input: [%s]", cell(&c, 1, "backlog_max"));
        ok(num(&c, 1, "nchittest_msgs") >= 0.9 * got && num(&c, 1, "setcursor_msgs") >= 0.9 * got,
           "WM_NCHITTEST %g and WM_SETCURSOR %g for %g moves", num(&c, 1, "nchittest_msgs"), num(&c, 1, "setcursor_msgs"), got);
        ok(num(&c, 1, "msgs_per_idle_period") >= 1000, "the seed's sends still run: %g per period",
           num(&c, 1, "msgs_per_idle_period"));
    }
    wb_csv_free(&c.t);
    {   /* posted moves make neither: no real input */
        csv_file p = run_idle("po.csv", "--case", "2", NULL, NULL);
        if (p.ok) ok(num(&p, 1, "nchittest_msgs") == 0, "posted moves: %g WM_NCHITTEST", num(&p, 1, "nchittest_msgs"));
        wb_csv_free(&p.t);
    }
}

/* The ANSI build of the same MDI application runs the same model. */
static void test_charset_a(void)
{
    csv_file c = run_idle("a.csv", "--case", "2", "--charset", "a");
    if (c.ok) {
        cell_is(&c, 1, "charset", "a");
        ok(num(&c, 1, "msgs_per_idle_period") >= 1000, "ANSI case 2: %g per period", num(&c, 1, "msgs_per_idle_period"));
        ok(num(&c, 1, "moves_processed") == num(&c, 1, "moves_posted"), "every move processed");
    }
    wb_csv_free(&c.t);
}

/* One CPU figure, one definition: each rep row's user + kernel split adds up to its cpu_pct,
 * and the summary's cpu_pct is the median over repetitions, the figure the console prints. */
static void test_console(void)
{
    result r = run("idle", "--windows", "5", "--duration", "1s", "--mouse-rate", "50", "--repeat", "3",
                   "--csv", "c.csv", NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu", r.code);
    ok(strstr(r.out, "rep 1/3: cpu ") != NULL && strstr(r.out, "rep 3/3: cpu ") != NULL, "a line per rep:\n%s", r.out);
    c = load_csv_here("c.csv", ',');
    if (rows_are(&c, 5)) {   /* the header, 3 repetitions, the summary */
        double v[3], t, median;
        char want[64];
        int i;
        for (i = 0; i < 3; i++) {
            v[i] = num(&c, (size_t)i + 1, "cpu_pct");
            ok_near(num(&c, (size_t)i + 1, "cpu_user_pct") + num(&c, (size_t)i + 1, "cpu_kernel_pct"), v[i], 1e-6);
        }
        if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
        if (v[1] > v[2]) t = v[1], v[1] = v[2], v[2] = t;
        if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
        median = v[1];
        ok_near(num(&c, 4, "cpu_pct"), median, 1e-6);
        snprintf(want, sizeof want, "median CPU %.1f%% of one CPU", median);
        ok(strstr(r.out, want) != NULL, "the console's median is the row's (%s):\n%s", want, r.out);
    }
    wb_csv_free(&c.t);
    ok(strstr(r.out, "median CPU ") != NULL && strstr(r.out, "% of the machine") != NULL, "summary:\n%s", r.out);
    ok(strstr(r.out, "idle case=none onidle=base button=mapped mdi-children=0") != NULL &&
       strstr(r.out, " windows=5 ") != NULL, "options echoed:\n%s", r.out);
    ok(strstr(r.out, "    UI thread: ") != NULL && strstr(r.out, "% busy by QPC") != NULL, "the three CPU figures:\n%s", r.out);
    result_free(&r);
}

/* 40 levels of windows (the frame's one beside them) run, and on 64-bit Windows the rows carry
 * KB2664641's warning; on 32-bit Windows (the XP prefix's own 32-bit Wine) they do not. */
static void test_deep_nesting(void)
{
    csv_file c = run_idle("nest.csv", "--windows", "40", "--depth", "40");
    if (c.ok) {
        int x64 = strcmp(cell(&c, 1, "arch"), "x64") == 0 || strcmp(cell(&c, 1, "wow64"), "1") == 0;
        ok((strstr(cell(&c, 1, "warnings"), "deep_nesting") != NULL) == x64, "64-bit %d, warnings [%s]", x64,
           cell(&c, 1, "warnings"));
        ok(num(&c, 1, "moves_processed") > 0, "it ran: %g moves", num(&c, 1, "moves_processed"));
    }
    wb_csv_free(&c.t);
}

static const wbt_case cases[] = {
    { "csv_and_counts", test_csv_and_counts, WBT_CPU_HEAVY },
    { "idle_every", test_idle_every, WBT_TIMING | WBT_CPU_HEAVY },
    { "same_point", test_same_point, WBT_CPU_HEAVY },
    { "cases_cpu", test_cases_cpu, WBT_TIMING | WBT_CPU_HEAVY },
    { "variants", test_variants, 0 },
    { "bad_arguments", test_bad_arguments, 0 },
    { "console", test_console, 0 },
    { "seed_switches", test_seed_switches, WBT_CPU_HEAVY },
    { "charset_a", test_charset_a, 0 },
    { "sendinput", test_sendinput, WBT_CPU_HEAVY },
    { "case_windows", test_case_windows, 0 },
    { "base_frame_list", test_base_frame_list, 0 },
    { "pretranslate_and_tooltips", test_pretranslate_and_tooltips, 0 },
    { "deep_nesting", test_deep_nesting, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

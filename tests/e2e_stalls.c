/* End-to-end tests of `winbench stalls` and of the stall probe beside every benchmark (--stalls).
 * The gaps themselves, made by the test at known times, are tests/tools/stalls_sigstop.py's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

/* The rows a run writes: a rep row for the machine, a cpu row per CPU spun, an interval row per
 * CPU and interval, each interval's figures inside its CPU's and the CPUs' inside the machine's. */
static void test_rows(void)
{
    result r = run("stalls", "--duration", "1s", "--interval", "0.25s", "--quiet", "--csv", "s.csv", NULL);
    csv_file c;
    size_t rep;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("s.csv", ',');
    rep = row_of(&c, "rep", NULL);
    ok(rep > 0, "a rep row");
    if (rep) {
        double cpus = num(&c, rep, "cpus_spun"), gaps = 0, lost = 0;
        size_t i;
        int ncpu = rows_of_kind(&c, "cpu", NULL), nint = rows_of_kind(&c, "cpu_interval", NULL);
        double iv_gaps = 0;
        ok(cpus >= 1 && ncpu == (int)cpus, "%g CPUs spun, %d cpu rows", cpus, ncpu);
        ok(nint == 4 * ncpu, "%d cpu_interval rows: 4 a CPU", nint);
        ok(rows_of_kind(&c, "interval", NULL) == 4, "4 interval rows for the machine: %d", rows_of_kind(&c, "interval", NULL));
        for (i = 1; c.ok && i < c.t.nrows; i++)
            if (!strcmp(cell(&c, i, "row"), "interval")) iv_gaps += num(&c, i, "gaps");
        ok(iv_gaps == num(&c, rep, "gaps"), "the machine's intervals hold its %g gaps: %g", num(&c, rep, "gaps"), iv_gaps);
        ok(num(&c, rep, "turn_ns") > 0 && num(&c, rep, "turn_ns") < 20000, "a turn of the loop %g ns",
           num(&c, rep, "turn_ns"));
        ok(num(&c, rep, "lost_pct") >= 0 && num(&c, rep, "lost_pct") <= 100, "lost %g%%", num(&c, rep, "lost_pct"));
        for (i = 1; c.ok && i < c.t.nrows; i++)
            if (!strcmp(cell(&c, i, "row"), "cpu")) gaps += num(&c, i, "gaps"), lost += num(&c, i, "lost_ms");
        ok(gaps == num(&c, rep, "gaps") && fabs(lost - num(&c, rep, "lost_ms")) < 0.01,
           "the CPUs' %g gaps and %g ms are the machine's %g and %g", gaps, lost, num(&c, rep, "gaps"),
           num(&c, rep, "lost_ms"));
        ok(strlen(cell(&c, rep, "counters")) > 0, "the counters read: %s", cell(&c, rep, "counters"));
        ok(num(&c, rep, "gaps") == 0 || strlen(cell(&c, rep, "latency_hdr")) > 0, "the gaps' histogram in the row");
    }
    wb_csv_free(&c.t);
}

/* A threshold the loop's own turns could reach is refused, saying what a turn costs. */
static void test_threshold_below_the_loop(void)
{
    result r = run("stalls", "--threshold", "1ns", "--duration", "1s", "--quiet", "--csv", "t.csv", NULL);
    ok(r.code == 1 && strstr(r.err, "--threshold: 1.0 ns is shorter than 10 turns of the spinning loop (") != NULL,
       "exit %lu: %s", r.code, r.err);
    result_free(&r);
    r = run("stalls", "--threshold", "2s", NULL);
    ok(r.code == 2 && strstr(r.err, "winbench: stalls: --threshold: 2 s is outside") == r.err, "exit %lu: %s", r.code,
       r.err);
    result_free(&r);
}

/* Every benchmark's rows carry the probe's share (or none with --stalls off), and its length. */
static void test_probe_beside_every_run(void)
{
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "2", "--floors", "off", "--quiet", "--csv", "p.csv", NULL);
    csv_file c;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("p.csv", ',');
    if (rows_are(&c, 4)) {
        ok(num(&c, 1, "stall_pct") >= 0 && num(&c, 1, "stall_pct") <= 100 && num(&c, 2, "stall_pct") >= 0,
           "stall_pct %s, %s", cell(&c, 1, "stall_pct"), cell(&c, 2, "stall_pct"));
        ok(num(&c, 3, "stall_max_us") >= num(&c, 1, "stall_max_us") && num(&c, 3, "stall_max_us") >= num(&c, 2, "stall_max_us"),
           "the summary's longest gap is the repetitions' longest");
        cell_is(&c, 1, "stalls_ms", "100");
    }
    wb_csv_free(&c.t);
    r = run("sendmsg", "--iterations", "2000", "--repeat", "2", "--floors", "off", "--stalls", "off", "--quiet", "--csv",
            "o.csv", NULL);
    ok(r.code == 0, "--stalls off: exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("o.csv", ',');
    if (rows_are(&c, 4)) {
        cell_is(&c, 1, "stall_pct", "");
        cell_is(&c, 3, "stall_max_us", "");
        cell_is(&c, 1, "stalls_ms", "0");
    }
    wb_csv_free(&c.t);
}

static const wbt_case cases[] = {
    { "rows", test_rows, WBT_CPU_HEAVY },
    { "threshold_below_the_loop", test_threshold_below_the_loop, 0 },
    { "probe_beside_every_run", test_probe_beside_every_run, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

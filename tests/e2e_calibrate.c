/* winbench calibrate end to end: its CSV and verdicts, the QPC busy figure against a known duty
 * cycle, and each check made to fail through its test hook (a fake QPC leap, fake backwards
 * steps). Also the cpu_coarse warning, provoked with a pretend 15.6 ms tick and absent on a
 * long run. Wine accounts CPU exactly on Linux, so the charged figure agrees here as well; on
 * XP it would not (docs/csv.md, "CPU: three figures"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "e2e.h"
#include "wb_test_hooks.h"

static result calibrate(const char *csv, const char *busy, const char *sleep)
{
    return run("calibrate", "--duration", "1s", "--sleeps", "10", "--hops", "20", "--duty-busy", busy,
               "--duty-sleep", sleep, "--duty-time", "600ms", "--csv", csv, NULL);
}

/* The clock verdict of a row is ok, or (under Wine) warn for Wine's GetTickCount alone. Wine's
 * GetTickCount reads the shared user data that the wineserver, another process, writes when it
 * gets a CPU (server/fd.c); beside a busy loop per core it was seen 2 to 7 ms behind QPC for
 * 100 ms and more at a time, thousands of ppm over this 1 s check. Windows steps it in the
 * clock interrupt. Wine computes timeGetTime from the clock itself (0 ppm in the same runs):
 * it must agree, or the warn is the product's. */
static int clock_ok(const csv_file *c, size_t row)
{
    const char *verdict = cell(c, row, "cal_clock");
    return strcmp(verdict, "ok") == 0 ||
           wine_broken(strcmp(verdict, "warn") == 0 && fabs(num(c, row, "drift_timegettime_ppm")) < 1000,
                       "Wine's GetTickCount is written by the wineserver, late when it waits for a CPU");
}

/* 20% and 50% loads. What a loaded machine cannot change is asserted of each: Windows never
 * charges the loop more than it was busy by QPC (a thread preempted is busy by the wall clock
 * and charged nothing), and the 50% load is busier and charged more than the 20% one (more
 * work, more CPU). How close busy and charged come to what was set is the machine's to say:
 * calibrate's cpu verdict judges that ("something else ran"), and on a busy machine it says
 * so; so is the timer verdict (a loaded machine wakes Sleep(1) late). The clock verdict is not
 * the load's: its edges are the least late of eight steps (bench/calibrate.c), and it must say ok. */
static void test_duty(void)
{
    static const char *const loads[][3] = { { "d20.csv", "2ms", "8ms" }, { "d50.csv", "5ms", "5ms" } };
    double busy_of[2] = { 0, 0 }, os_of[2] = { 0, 0 };
    size_t i;
    for (i = 0; i < 2; i++) {
        result r = calibrate(loads[i][0], loads[i][1], loads[i][2]);
        csv_file c = load_csv_here(loads[i][0], ',');
        double set, busy, os;
        ok(r.code == 0, "exit %lu: %s", r.code, r.err);
        set = num(&c, 1, "duty_pct_set");
        busy = num(&c, 1, "duty_cpu_pct_busy");
        os = num(&c, 1, "duty_cpu_pct_os");
        ok(set == (i == 0 ? 20 : 50), "duty set %g", set);
        ok(busy > 0 && busy <= 100, "%g%% load measured %.1f%% busy by QPC", set, busy);
        /* Not more than it ran, less what the accounting's steps allow: Wine reads Linux's 10 ms
         * steps, one at each end of the 600 ms loop (3.3 points; 51.2% charged against 49.2%
         * busy was seen), and Sleep's own calls are charged too; XP charges whole 15.6 ms ticks
         * (KB810876) */
        ok(os <= busy + 4 || broken(os <= busy + 20), "%g%% load charged %.1f%%, busy %.1f%%: not more than it ran", set,
           os, busy);
        busy_of[i] = busy;
        os_of[i] = os;
        ok(num(&c, 1, "qpc_backwards") == 0 && num(&c, 1, "cpu_hops") >= 20, "%g hops, %g backwards",
           num(&c, 1, "cpu_hops"), num(&c, 1, "qpc_backwards"));
        ok(num(&c, 1, "sleep1_ms_p50_1ms") > 0.5 && num(&c, 1, "sleep1_ms_p50_1ms") <= num(&c, 1, "sleep1_ms_p99_1ms"),
           "Sleep(1) with a 1 ms period: p50 %g <= p99 %g", num(&c, 1, "sleep1_ms_p50_1ms"), num(&c, 1, "sleep1_ms_p99_1ms"));
        ok(num(&c, 1, "clock_s") >= 1.0 && fabs(num(&c, 1, "drift_tick_ppm")) < 20000, "clock %g s, drift %g ppm",
           num(&c, 1, "clock_s"), num(&c, 1, "drift_tick_ppm"));
        ok(strstr(r.out, "  clock:  ") && strstr(r.out, "  cpus:   ok") && strstr(r.out, "  timer:  ") &&
           strstr(r.out, "  cpu:    "), "four verdicts, the CPUs' ok:\n%s", r.out);
        ok(clock_ok(&c, 1), "the clock's verdict ok: [%s], %g ppm from GetTickCount, %g from timeGetTime",
           cell(&c, 1, "cal_clock"), num(&c, 1, "drift_tick_ppm"), num(&c, 1, "drift_timegettime_ppm"));
        wb_csv_free(&c.t);
        result_free(&r);
    }
    ok(busy_of[1] > busy_of[0] && os_of[1] > os_of[0], "50%% load busier (%.1f%% > %.1f%%) and charged more (%.1f%% > %.1f%%)",
       busy_of[1], busy_of[0], os_of[1], os_of[0]);
}

/* A 400 ms leap of QPC against GetTickCount: the clock check says broken. */
static void test_fake_leap(void)
{
    result r;
    hook_set(WB_HOOK_QPC_LEAP_MS, "400");
    r = calibrate("leap.csv", "2ms", "8ms");
    hook_clear(WB_HOOK_QPC_LEAP_MS);
    ok(r.code == 0, "exit %lu", r.code);
    ok(strstr(r.out, "clock:  broken: QPC and GetTickCount differ by 4") != NULL, "leap verdict:\n%s", r.out);
    {
        csv_file c = load_csv_here("leap.csv", ',');
        ok(fabs(num(&c, 1, "qpc_leap_ms") - 400) < 30, "qpc_leap_ms %g", num(&c, 1, "qpc_leap_ms"));
        /* the verdict is a value in the CSV too, on the rep row and the summary */
        ok(strcmp(cell(&c, 1, "cal_clock"), "broken") == 0, "cal_clock: [%s]", cell(&c, 1, "cal_clock"));
        ok(strcmp(cell(&c, c.t.nrows - 1, "cal_clock"), "broken") == 0, "summary cal_clock: [%s]",
           cell(&c, c.t.nrows - 1, "cal_clock"));
        ok(strcmp(cell(&c, 1, "cal_cpus"), "ok") == 0, "cal_cpus untouched: [%s]", cell(&c, 1, "cal_cpus"));
        wb_csv_free(&c.t);
    }
    result_free(&r);
}

/* Verdicts handed to a later run (as winbench all does): every row carries them, a broken one
 * is a warning, and the report names the machine that failed. */
static void test_verdicts_carried(void)
{
    result r = run("sendmsg", "--iterations", "20k", "--repeat", "3", "--calibration",
                   "cal_clock=ok;cal_cpus=broken;cal_timer=ok;cal_cpu=ok", "--label", "shaky", "--csv", "carried.csv",
                   "--quiet", NULL);
    csv_file c;
    size_t i;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    ok(strstr(r.err, "calibrate judged this machine's cpus broken") != NULL, "the warning on stderr:\n%s", r.err);
    result_free(&r);
    c = load_csv_here("carried.csv", ',');
    ok(c.ok && c.t.nrows == 5, "3 reps and a summary: %lu rows", c.ok ? (unsigned long)c.t.nrows : 0ul);
    for (i = 1; c.ok && i < c.t.nrows; i++) {
        ok(strcmp(cell(&c, i, "calibration"), "cal_clock=ok;cal_cpus=broken;cal_timer=ok;cal_cpu=ok") == 0,
           "row %lu calibration: [%s]", (unsigned long)i, cell(&c, i, "calibration"));
        ok(strstr(cell(&c, i, "warnings"), "calibration") != NULL, "row %lu warnings: [%s]", (unsigned long)i,
           cell(&c, i, "warnings"));
    }
    wb_csv_free(&c.t);
    r = run("report", "carried.csv", NULL);
    ok(r.code == 0, "report: exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "note: winbench calibrate judged shaky's cpus broken") != NULL, "the report says so:\n%s", r.out);
    result_free(&r);
}

/* QPC stepping backwards between CPUs: the cpus check says broken and advises pinning. */
static void test_fake_backwards(void)
{
    result r;
    hook_set(WB_HOOK_QPC_BACKWARDS, "3");
    r = calibrate("back.csv", "2ms", "8ms");
    hook_clear(WB_HOOK_QPC_BACKWARDS);
    ok(r.code == 0, "exit %lu", r.code);
    ok(strstr(r.out, "cpus:   broken: QPC went backwards 3 times") != NULL && strstr(r.out, "--affinity 0x1") != NULL,
       "backwards verdict:\n%s", r.out);
    {
        csv_file c = load_csv_here("back.csv", ',');
        ok(num(&c, 1, "qpc_backwards") == 3, "qpc_backwards %g", num(&c, 1, "qpc_backwards"));
        ok(strcmp(cell(&c, 1, "cal_cpus"), "broken") == 0, "cal_cpus: [%s]", cell(&c, 1, "cal_cpus"));
        ok(clock_ok(&c, 1), "cal_clock untouched: [%s], %g ppm from GetTickCount", cell(&c, 1, "cal_clock"),
           num(&c, 1, "drift_tick_ppm"));
        wb_csv_free(&c.t);
    }
    result_free(&r);
}

/* cpu_coarse: a pretend 15.6 ms tick and a 0.1 s run charge a handful of ticks (warned, with
 * the uncertainty); 1.5 s of SendMessage charge about a hundred (no warning). */
static void test_cpu_coarse(void)
{
    result r;
    csv_file c;
    hook_set(WB_HOOK_TICK_MS, "15.6");
    r = run("sendmsg", "--iterations", "100k", "--repeat", "2", "--warmup", "0", "--csv", "short.csv", NULL);
    ok(r.code == 0, "exit %lu", r.code);
    c = load_csv_here("short.csv", ',');
    ok(strstr(cell(&c, 1, "warnings"), "cpu_coarse") != NULL, "rep 1: [%s]", cell(&c, 1, "warnings"));
    /* Not ==: on x86, msvcrt's atof can hand back the x87's 80-bit value, which is not the double 15.6. */
    ok(fabs(num(&c, 1, "tick_ms") - 15.6) < 1e-9, "tick_ms %g", num(&c, 1, "tick_ms"));
    /* one sentence for what was charged: nothing, too little to give a figure, or a figure */
    if (num(&c, 1, "cpu_user_s") + num(&c, 1, "cpu_kernel_s") == 0)
        ok(strstr(r.err, "repetition 1: Windows charged it no CPU: it counts CPU time in whole 15.6 ms") != NULL,
           "nothing charged, said so:\n%s", r.err);
    else
        ok(strstr(r.err, "repetition 1: Windows charged ") && strstr(r.err, "clock ticks of 15.6 ms") &&
           (strstr(r.err, "uncertain by about +-") || strstr(r.err, "to mean anything")) &&
           strstr(r.err, "charged 64 ticks, enough to trust"),
           "the sentence gives the uncertainty and the length that would do:\n%s", r.err);
    wb_csv_free(&c.t);
    result_free(&r);
    r = run("sendmsg", "--iterations", "4M", "--repeat", "1", "--warmup", "0", "--csv", "long.csv", NULL);
    hook_clear(WB_HOOK_TICK_MS);
    c = load_csv_here("long.csv", ',');
    ok(r.code == 0, "exit %lu", r.code);
    ok(num(&c, 1, "cpu_user_s") + num(&c, 1, "cpu_kernel_s") >= 64 * 0.0156 ?
       strstr(cell(&c, 1, "warnings"), "cpu_coarse") == NULL : 1,
       "a run charged %.2f s (over 64 ticks) has no cpu_coarse: [%s]", num(&c, 1, "cpu_user_s") + num(&c, 1, "cpu_kernel_s"),
       cell(&c, 1, "warnings"));
    ok(num(&c, 1, "cpu_user_s") + num(&c, 1, "cpu_kernel_s") >= 64 * 0.0156, "the long run charged %.2f s",
       num(&c, 1, "cpu_user_s") + num(&c, 1, "cpu_kernel_s"));
    wb_csv_free(&c.t);
    result_free(&r);
}

/* The timer state of a run's rows against what this test reads itself beside it: the timer
 * resolution from NtQueryTimerResolution, and Sleep(1) timed in a thread of the test all the
 * while the run goes on. sockloop raises the timer to 1 ms in its set-up: its rows' timer (read
 * after set-up) is 1 ms at most. Wine's timer is always at 1 ms, so Wine cannot show a figure
 * read before the set-up; Windows does. */
static void test_timer_context(void)
{
    typedef LONG (NTAPI *query_fn)(ULONG *, ULONG *, ULONG *);
    query_fn query = (query_fn)(void (*)(void))GetProcAddress(GetModuleHandleA("ntdll.dll"), "NtQueryTimerResolution");
    ULONG coarsest = 0, finest = 0, now = 0;
    static sleep_watch watch;
    double least = 0, most = 0;
    result r;
    csv_file c;
    sleep_watch_start(&watch, 0);
    r = run("sendmsg", "--iterations", "10k", "--repeat", "1", "--csv", "t.csv", "--quiet", NULL);
    sleep_watch_stop(&watch);
    c = load_csv_here("t.csv", ',');
    ok(r.code == 0, "exit %lu", r.code);
    ok(num(&c, 1, "tick_ms") > 0 && num(&c, 1, "timer_res_ms") > 0 && num(&c, 1, "sleep1_ms") > 0,
       "tick %g, timer %g, sleep1 %g", num(&c, 1, "tick_ms"), num(&c, 1, "timer_res_ms"), num(&c, 1, "sleep1_ms"));
    if (query && query(&coarsest, &finest, &now) == 0) {
        /* the timer is the system's: within the range the system reports */
        ok(num(&c, 1, "timer_res_ms") <= coarsest / 1e4 + 1e-6 && num(&c, 1, "timer_res_ms") >= finest / 1e4 - 1e-6,
           "timer_res_ms %g within the system's %g..%g ms", num(&c, 1, "timer_res_ms"), finest / 1e4, coarsest / 1e4);
    }
    /* The run's Sleep(1), the median of 5 calls, within what medians of 5 here came to while it
     * ran (a third of the least to three times the greatest, 1 ms either way): compared with
     * Sleep(1) timed before or after the run instead, a loaded machine failed it (the run's
     * 8.16 ms against 1.13 ms here a moment later, beside two busy threads per core). A figure
     * that is not read (15.6 ms, or 0) falls outside on a quiet machine. */
    ok(sleep_watch_range(&watch, &least, &most), "Sleep(1) timed %u times beside the run", watch.n);
    ok(num(&c, 1, "sleep1_ms") >= least / 3 - 1 && num(&c, 1, "sleep1_ms") <= 3 * most + 1,
       "sleep1_ms %g, Sleep(1) here %.3f to %.3f ms (medians of 5, %u calls)", num(&c, 1, "sleep1_ms"), least, most,
       watch.n);
    ok(cell(&c, 1, "qpc_source")[0] != '\0', "qpc_source [%s]", cell(&c, 1, "qpc_source"));
    ok((num(&c, 1, "hypervisor") == 1) == (cell(&c, 1, "hypervisor_vendor")[0] != '\0'),
       "a hypervisor has a vendor: %g [%s]", num(&c, 1, "hypervisor"), cell(&c, 1, "hypervisor_vendor"));
    wb_csv_free(&c.t);
    result_free(&r);
    r = run("sockloop", "--rate", "100", "--duration", "200ms", "--csv", "ts.csv", "--quiet", NULL);
    c = load_csv_here("ts.csv", ',');
    ok(r.code == 0 && c.ok && num(&c, 1, "timer_res_ms") <= 1.0 + 1e-6,
       "sockloop's rows: timer %g ms after its set-up raised it", c.ok ? num(&c, 1, "timer_res_ms") : -1);
    wb_csv_free(&c.t);
    result_free(&r);
}

static const wbt_case cases[] = {
    { "duty", test_duty, WBT_TIMING | WBT_CPU_HEAVY },
    { "fake_leap", test_fake_leap, 0 },
    { "fake_backwards", test_fake_backwards, 0 },
    { "verdicts_carried", test_verdicts_carried, 0 },
    { "cpu_coarse", test_cpu_coarse, WBT_TIMING | WBT_CPU_HEAVY },
    { "timer_context", test_timer_context, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

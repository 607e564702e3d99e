/* End-to-end tests of `winbench all`: a quick suite on two machines read by the report, the runs
 * --only and --skip name, a resume inside sockloop's --loop all, and the folders a suite writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"

/* idle's cases run themes off after sendmsg's themed runs loaded comctl32 6 into the same
 * process: their MDI application's toolbar must still be the classic comctl32's (5.x), and every
 * row names the module it got, by path and version. */
static void check_classic_toolbar(const char *name, const csv_file *c)
{
    size_t i;
    for (i = 1; c->ok && i < c->t.nrows; i++) {
        const char *kind = cell(c, i, "toolbar_controls"), *path = cell(c, i, "toolbar_path");
        ok(strcmp(cell(c, i, "themes"), "off") == 0, "%s row %lu: the seed's cases run themes off", name, (unsigned long)i);
        /* Wine has one builtin comctl32 module for both: the one already loaded, v6 */
        ok(strcmp(kind, "classic") == 0 || wine_broken(strcmp(kind, "v6") == 0, "one comctl32 module in Wine"),
           "%s row %lu: toolbar_controls %s (%s %s)", name, (unsigned long)i, kind, path, cell(c, i, "toolbar_version"));
        ok(strstr(path, "\\") != NULL && (strstr(path, "comctl32") || strstr(path, "COMCTL32")),
           "%s row %lu: toolbar_path [%s]", name, (unsigned long)i, path);
        ok(*cell(c, i, "wndproc_path") != 0, "%s row %lu: wndproc_path", name, (unsigned long)i);
    }
}

/* The whole loop: two quick suites (at once: their numbers are not what is checked, and the
 * test takes half the time), then the report over both folders. */
static void test_suite_and_report(void)
{
    proc a = start("all", "--quick", "--label", "A", "--out", "A", NULL);
    /* --repeat 1: every run's own replaced (sendmsg's 3 with --quick) */
    proc b = start("all", "--quick", "--label", "B", "--out", "B", "--repeat", "1", NULL);
    result r = finish(&a, 600000), rb = finish(&b, 600000);
    char done[64];
    const char *said = strstr(r.out, " runs into ");
    int runs = 0;
    /* the suite says how many runs it has: a new entry in src/cli/suite.c needs no change here */
    while (said && said > r.out && said[-1] >= '0' && said[-1] <= '9') said--;
    if (said) runs = atoi(said);
    ok(r.code == 0, "all --quick --label A: exit %lu %s", r.code, r.err);
    ok(runs >= 2, "the suite names its run count:\n%s", r.out);
    snprintf(done, sizeof done, "%d of %d runs done", runs, runs);
    ok(strstr(r.out, done) != NULL, "all runs done (%s):\n%s", done, r.out);
    result_free(&r);
    {   /* calibrate ran first: its verdicts are columns of its own CSV and in every later row */
        WIN32_FIND_DATAA fd;
        HANDLE h;
        char pattern[MAX_PATH], verdicts[256] = "";
        int later = 0;
        path_in_dir(pattern, sizeof pattern, "A\\winbench-calibrate-*.csv");
        h = FindFirstFileA(pattern, &fd);
        ok(h != INVALID_HANDLE_VALUE, "the calibrate CSV is there");
        if (h != INVALID_HANDLE_VALUE) {
            char path[MAX_PATH];
            csv_file c;
            FindClose(h);
            snprintf(path, sizeof path, "A\\%s", fd.cFileName);
            c = load_csv_here(path, ',');
            snprintf(verdicts, sizeof verdicts, "cal_clock=%s;cal_cpus=%s;cal_timer=%s;cal_cpu=%s",
                     cell(&c, c.t.nrows - 1, "cal_clock"), cell(&c, c.t.nrows - 1, "cal_cpus"),
                     cell(&c, c.t.nrows - 1, "cal_timer"), cell(&c, c.t.nrows - 1, "cal_cpu"));
            wb_csv_free(&c.t);
        }
        ok(strstr(verdicts, "=;") == NULL && strstr(verdicts, "cal_clock=") != NULL, "verdicts: %s", verdicts);
        path_in_dir(pattern, sizeof pattern, "A\\winbench-*.csv");
        h = FindFirstFileA(pattern, &fd);
        while (h != INVALID_HANDLE_VALUE) {
            if (strstr(fd.cFileName, "-calibrate-") == NULL) {
                char path[MAX_PATH];
                csv_file c;
                size_t i;
                snprintf(path, sizeof path, "A\\%s", fd.cFileName);
                c = load_csv_here(path, ',');
                if (strstr(fd.cFileName, "-idle-") != NULL) check_classic_toolbar(fd.cFileName, &c);
                for (i = 1; c.ok && i < c.t.nrows; i++)
                    if (strcmp(cell(&c, i, "calibration"), verdicts) != 0) {
                        ok(0, "%s row %lu: calibration [%s], calibrate said [%s]", fd.cFileName, (unsigned long)i,
                           cell(&c, i, "calibration"), verdicts);
                        break;
                    }
                later++;
                wb_csv_free(&c.t);
            }
            if (!FindNextFileA(h, &fd)) {
                FindClose(h);
                h = INVALID_HANDLE_VALUE;
            }
        }
        ok(later == runs - 1, "%d later CSVs carry the verdicts: %d", runs - 1, later);
    }
    r = rb;
    ok(r.code == 0, "--label B: exit %lu", r.code);
    ok(strstr(r.out, "sendmsg --target scratch --themes off --thread same --iterations 100k --repeat 1") != NULL &&
       strstr(r.out, "idle --case 1 --duration 3s --repeat 1") != NULL && strstr(r.out, "--repeat 3") == NULL,
       "all --repeat 1 replaces every run's own:\n%s", r.out);
    result_free(&r);
    r = run("report", "A", "B", "--html", "suite.html", NULL);
    ok(r.code == 0, "report: exit %lu %s", r.code, r.err);
    ok(occurrences(r.out, "baseline") >= runs && occurrences(r.out, " than A") >= runs, "a ratio for every configuration (%d):\n%s",
       runs, r.out);
    result_free(&r);
    /* sendmsg, idle, sockloop + percentiles + latency and rate over time, calibrate; the parts
     * of sendmsg, idle and sockloop as stacked bars; wakeup's bars, its lateness percentiles and
     * lateness and rate over time, each for the timers and for the thread sources (two
     * configurations: a rate or none); stalls' bars, its gaps' percentiles and histogram, and the
     * time lost and the stalls per interval */
    check_html("suite.html", 22);
    check_layer_colours("suite.html");
    {   /* a run in a line, the suite's own answers, then this machine's layers, a line per benchmark */
        r = run("all", "--quick", "--only", "scratch-off-same,button-off-same", "--out", "C", NULL);
        ok(r.code == 0 && strstr(r.out, "] sendmsg --target scratch --themes off --thread same --iterations 100k --repeat 3\r\n"
                                        "  a SendMessage ") != NULL &&
               strstr(r.out, "\r\nanswers: 1 comparison cannot be told apart: it has fewer than 4 repetitions a side") != NULL &&
               /* a variant whose parts did not explain its loop's pace (beside busy threads) has no
                * layers: the layers line counts the variants that have, and is left out with none */
               (strstr(r.out, "\r\n  sendmsg (2 variants): of a SendMessage, your code 0-") != NULL ||
                strstr(r.out, "\r\n  sendmsg (1 variant): of a SendMessage, ") != NULL ||
                (strstr(r.out, "where this machine's time goes") == NULL && strstr(r.out, "us: the ") == NULL &&
                 strstr(r.out, "ns: the ") == NULL)) &&
               strstr(r.out, "CSV: ") == NULL && strstr(r.out, "parts of a SendMessage") == NULL,
           "a line a run, the answers, a line a benchmark:\n%s", r.out);
        ok(count_lines(r.out) <= 12, "%d lines for two runs:\n%s", count_lines(r.out), r.out);
        result_free(&r);
    }
}

/* The CSVs in a folder of the test's, by a pattern of their names. */
static int files_matching(const char *pattern)
{
    WIN32_FIND_DATAA fd;
    char path[MAX_PATH];
    HANDLE h;
    int n = 0;
    path_in_dir(path, sizeof path, pattern);
    h = FindFirstFileA(path, &fd);
    if (h == INVALID_HANDLE_VALUE) return 0;
    do n++; while (FindNextFileA(h, &fd));
    FindClose(h);
    return n;
}

/* all --only and --skip: the runs named (by benchmark, by a run's name, or both), and nothing
 * else; a name that is no run's is a usage error that names it. */
static void test_suite_subset(void)
{
    result r = run("all", "--quick", "--out", "S", "--only", "sendmsg-scratch-off-same,mfc-on-cross", NULL);
    ok(r.code == 0 && strstr(r.out, ": 2 runs into S") != NULL && strstr(r.out, "2 of 2 runs done") != NULL,
       "--only two runs: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    ok(files_matching("S\\winbench-sendmsg-scratch-off-same-*.csv") == 1 &&
       files_matching("S\\winbench-sendmsg-mfc-on-cross-*.csv") == 1 && files_matching("S\\*.csv") == 2,
       "the two CSVs and no other: %d", files_matching("S\\*.csv"));
    r = run("all", "--quick", "--out", "T", "--only", "idle", "--skip", "case1,idle-case2", NULL);
    ok(r.code == 0 && strstr(r.out, ": 1 runs into T") != NULL && strstr(r.out, "] idle --case 3 ") != NULL,
       "--only a benchmark, --skip all of it but one: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    expect_usage("winbench: all: --only: no run is called \"sendmesg\" (a benchmark, e.g. sockloop, or a run as its CSV "
                 "names it, e.g. scratch-off-same)", "all", "--only", "sendmesg", NULL);
    expect_usage("winbench: all: --only and --skip leave no run", "all", "--only=idle", "--skip", "idle");
    /* --resume: the run whose CSV has its summary is kept; one cut short (its summary row gone,
     * as Ctrl+C or a full disk leave it) runs again */
    {
        WIN32_FIND_DATAA fd;
        char path[MAX_PATH], *text;
        size_t len;
        HANDLE h;
        path_in_dir(path, sizeof path, "S\\winbench-sendmsg-mfc-on-cross-*.csv");
        h = FindFirstFileA(path, &fd);
        ok(h != INVALID_HANDLE_VALUE, "the mfc CSV");
        if (h != INVALID_HANDLE_VALUE) {
            FindClose(h);
            path_in_dir(path, sizeof path, "S\\");
            strncat(path, fd.cFileName, sizeof path - strlen(path) - 1);
            text = read_all(path, &len);
            if (text && len > 2) {   /* the last row (the summary) cut off */
                char *last = text + len - 2;
                FILE *f;
                while (last > text && last[-1] != '\n') last--;
                if ((f = fopen(path, "wb")) != NULL) fwrite(text, 1, (size_t)(last - text), f), fclose(f);
            }
            free(text);
        }
        r = run("all", "--quick", "--resume", "S", "--only", "sendmsg-scratch-off-same,mfc-on-cross", NULL);
        ok(r.code == 0 && strstr(r.out, "[1/2] sendmsg scratch-off-same: kept (S\\winbench-sendmsg-scratch-off-same-") &&
           strstr(r.out, "] sendmsg --target mfc") != NULL && strstr(r.out, "] sendmsg --target scratch") == NULL,
           "--resume: the whole one kept, the cut one run again: exit %lu\n%s", r.code, r.out);
        result_free(&r);
        ok(files_matching("S\\winbench-sendmsg-scratch-off-same-*.csv") == 1 &&
           files_matching("S\\winbench-sendmsg-mfc-on-cross-*.csv") == 1 &&
           files_matching("S\\winbench-sendmsg-mfc-on-cross-*.csv.incomplete") == 1,
           "one new CSV, the cut one set aside: %d", files_matching("S\\*.csv"));
        expect_usage("winbench: all: --resume names the folder already: drop --out", "all", "--resume=S", "--out", "S");
    }
    /* One machine: each benchmark compares its natural variants, and says so; --compare names a
     * column of theirs, or is a usage error listing those it could name */
    r = run("report", "S", "T", NULL);
    ok(r.code == 0 && strstr(r.out, "comparison: sendmsg: each target against target=") != NULL &&
       strstr(r.out, "comparison: idle: each case against case=3 on the same machine (one machine") != NULL,
       "one machine: its variants compared: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    r = run("report", "S", "T", "--compare", "case", NULL);
    ok(r.code == 0 && strstr(r.out, "comparison: sendmsg: one machine and no case column: nothing to compare") != NULL &&
       strstr(r.out, "comparison: idle: each case against case=3 on the same machine\r\n") != NULL,
       "--compare case: what each benchmark's rows compare: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    expect_usage("winbench: report: --compare: no benchmark in these results has a column \"nosuchcol\"; they can "
                 "compare sendmsg: target themes thread msg charset work hook wndproc; idle: case onidle button windows "
                 "depth class themes mapped dispatch sends idle-every mouse-rate same-point mdi-children tooltips charset "
                 "input", "report", "S", "T", "--compare=nosuchcol");
    expect_usage("winbench: report: --compare: no configuration in these results has case=7", "report", "S", "T",
                 "--compare=case=7");
}

/* A suite cut inside sockloop's --loop all (two loops done, the third cut) and resumed: the
 * run is not kept for the summaries it has; it runs again, and its new file has every loop. */
static void test_resume_inside_sockloop(void)
{
    result r;
    csv_file c;
    WIN32_FIND_DATAA fd;
    char path[MAX_PATH], name[MAX_PATH] = "";
    HANDLE h;
    size_t row, summaries = 0;
    /* cut in the third loop's repetition */
    r = run_env(WB_HOOK_STOP_IN_REP, "#3:300", "all", "--quick", "--out", "R", "--only", "sockloop", NULL);
    ok(r.code == 130 && strstr(r.out, "interrupted after 0 of 1 runs") != NULL, "interrupted: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    r = run("all", "--quick", "--resume", "R", "--only", "sockloop", NULL);
    ok(r.code == 0 && strstr(r.out, ": kept (") == NULL && strstr(r.out, "has 2 of its ") != NULL &&
       strstr(r.out, "runs again") != NULL && strstr(r.out, "1 of 1 runs done") != NULL,
       "resumed: the cut run runs again: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    ok(files_matching("R\\winbench-sockloop-all-*.csv") == 1 && files_matching("R\\*.incomplete") == 1,
       "one CSV, the cut one set aside: %d", files_matching("R\\*.csv"));
    path_in_dir(path, sizeof path, "R\\winbench-sockloop-all-*.csv");
    if ((h = FindFirstFileA(path, &fd)) != INVALID_HANDLE_VALUE) {
        snprintf(name, sizeof name, "R\\%s", fd.cFileName);
        FindClose(h);
    }
    c = load_csv_here(name, ',');
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        summaries += strcmp(cell(&c, row, "row"), "summary") == 0 || strcmp(cell(&c, row, "row"), "skipped") == 0;
        ok(strcmp(cell(&c, row, "row"), "interrupted") != 0 && strcmp(cell(&c, row, "row"), "partial") != 0,
           "row %lu is %s", (unsigned long)row, cell(&c, row, "row"));
    }
    ok(c.ok && summaries >= 3 && summaries == strtoul(cell(&c, 1, "variants"), NULL, 10),
       "every loop asked for has its summary: %lu of %s", (unsigned long)summaries, c.ok ? cell(&c, 1, "variants") : "?");
    if (c.ok) wb_csv_free(&c.t);
    /* and the same resume again keeps it */
    r = run("all", "--quick", "--resume", "R", "--only", "sockloop", NULL);
    ok(r.code == 0 && strstr(r.out, "] sockloop all: kept (") != NULL, "kept now: exit %lu\n%s", r.code, r.out);
    result_free(&r);
}

/* The first CSV under a folder of the test's, by pattern: its path in buf, 1 when found. */
static int first_file(const char *pattern, char *buf, size_t cap)
{
    WIN32_FIND_DATAA fd;
    char path[MAX_PATH], dir[MAX_PATH];
    HANDLE h;
    path_in_dir(path, sizeof path, pattern);
    if ((h = FindFirstFileA(path, &fd)) == INVALID_HANDLE_VALUE) return 0;
    while (fd.cFileName[0] == '.' && FindNextFileA(h, &fd)) {}   /* not "." nor ".." */
    FindClose(h);
    if (fd.cFileName[0] == '.') return 0;
    snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(pattern, '\\') - pattern), pattern);
    snprintf(buf, cap, "%s\\%s", dir, fd.cFileName);
    return 1;
}

/* VMs of one template share a computer name: the suite's default folder is results\<host>, or
 * results\<host>-<label>; a folder of the name that holds another machine's results is left
 * alone and said so. */
static void test_folders_apart(void)
{
    result r;
    csv_file c;
    char name[MAX_PATH], host[64] = "", pattern[MAX_PATH], path[MAX_PATH], *text, *at;
    size_t len;
    r = run("all", "--quick", "--only", "scratch-off-same", NULL);
    ok(r.code == 0, "no --out: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    ok(first_file("results\\*", name, sizeof name), "a folder under results");
    snprintf(host, sizeof host, "%s", name + strlen("results\\"));
    snprintf(pattern, sizeof pattern, "results\\%s\\winbench-*.csv", host);
    ok(first_file(pattern, name, sizeof name), "results\\%s holds the CSV", host);
    /* that folder made another machine's: its CSV says another Windows */
    c = load_csv_here(name, ',');
    path_in_dir(path, sizeof path, name);
    text = read_all(path, &len);
    if (c.ok && text && (at = strstr(text, cell(&c, 1, "os_name"))) != NULL) {
        FILE *f = fopen(path, "wb");
        fwrite(text, 1, (size_t)(at - text), f);
        fputs("Windows 95", f);
        fputs(at + strlen(cell(&c, 1, "os_name")), f);
        fclose(f);
    }
    if (c.ok) wb_csv_free(&c.t);
    free(text);
    r = run("all", "--quick", "--only", "scratch-off-same", NULL);
    snprintf(pattern, sizeof pattern, "results\\%s-2\\winbench-*.csv", host);
    ok(r.code == 0 && strstr(r.out, "holds the results of another machine of this name (Windows 95 build ") != NULL &&
       first_file(pattern, name, sizeof name), "another machine's folder left alone: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    r = run("all", "--quick", "--only", "scratch-off-same", "--label", "vm7", NULL);
    snprintf(pattern, sizeof pattern, "results\\%s-vm7\\winbench-*-vm7.csv", host);
    ok(r.code == 0 && first_file(pattern, name, sizeof name), "--label names the folder: exit %lu\n%s", r.code, r.out);
    result_free(&r);
}

static const wbt_case cases[] = {
    { "suite_and_report", test_suite_and_report, WBT_CPU_HEAVY | WBT_LONG },
    { "resume_inside_sockloop", test_resume_inside_sockloop, WBT_CPU_HEAVY | WBT_LONG },
    { "folders_apart", test_folders_apart, 0 },
    { "suite_subset", test_suite_subset, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

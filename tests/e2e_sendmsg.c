/* End-to-end tests of winbench's command line, its CSV files and the sendmsg benchmark. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "core/wb_compare.h"
#include "wb_test_hooks.h"
#include "wb_wait.h"

static void check_sendmsg_csv(const csv_file *c, unsigned reps, const char *iterations)
{
    size_t r, i;
    double total_ops = 0, min = 1e300, max = 0;
    static const char *const context[] = { "timestamp_utc", "host", "os_name", "os_version", "os_build",
                                           "arch", "cpu_name", "cpus", "qpc_hz", "tool_version",
                                           "priority", "affinity", "run_id", NULL };
    if (!c->ok) return;
    ok(c->t.nrows == reps + 2, "rows: expected header + %u reps + summary, got %lu", reps,
       (unsigned long)c->t.nrows);
    if (c->t.nrows != reps + 2) return;
    for (r = 1; r < c->t.nrows; r++)
        ok(c->t.rows[r].nfields == c->t.rows[0].nfields, "row %lu has %lu fields, header %lu",
           (unsigned long)r, (unsigned long)c->t.rows[r].nfields, (unsigned long)c->t.rows[0].nfields);
    for (r = 1; r <= reps; r++) {
        char rep[16];
        double rate = num(c, r, "ops_per_s"), ns = num(c, r, "ns_per_op"), el = num(c, r, "elapsed_s");
        snprintf(rep, sizeof rep, "%lu", (unsigned long)r);
        cell_is(c, r, "schema", "1");
        cell_is(c, r, "benchmark", "sendmsg");
        cell_is(c, r, "row", "rep");
        cell_is(c, r, "rep", rep);
        cell_is(c, r, "ops", iterations);
        ok(rate > 0 && ns > 0 && el > 0, "row %lu: rate %g ns %g elapsed %g", (unsigned long)r, rate, ns, el);
        ok(rate * ns > 0.999e9 && rate * ns < 1.001e9, "row %lu: rate x ns/op = %g, expected 1e9",
           (unsigned long)r, rate * ns);
        ok(atof(iterations) / el > 0.999 * rate && atof(iterations) / el < 1.001 * rate,
           "row %lu: ops / elapsed = rate", (unsigned long)r);
        ok(num(c, r, "cpu_user_s") >= 0 && num(c, r, "cpu_kernel_s") >= 0, "cpu times present");
        ok(cell(c, r, "n") && cell(c, r, "n")[0] == '\0', "rep rows leave the statistics empty");
        total_ops += num(c, r, "ops");
        if (rate < min) min = rate;
        if (rate > max) max = rate;
        for (i = 0; context[i]; i++)
            ok(cell(c, r, context[i]) && cell(c, r, context[i])[0], "context column %s is empty", context[i]);
    }
    r = reps + 1;
    cell_is(c, r, "row", "summary");
    ok(num(c, r, "ops") == total_ops, "summary ops %g = sum of reps %g", num(c, r, "ops"), total_ops);
    ok(num(c, r, "n") == reps, "summary n %g", num(c, r, "n"));
    ok(num(c, r, "ops_per_s_min") == min, "summary min %g vs %g", num(c, r, "ops_per_s_min"), min);
    ok(num(c, r, "ops_per_s_max") == max, "summary max %g vs %g", num(c, r, "ops_per_s_max"), max);
    ok(num(c, r, "ops_per_s_median") >= min && num(c, r, "ops_per_s_median") <= max, "median within range");
    ok(num(c, r, "ops_per_s") == num(c, r, "ops_per_s_median"), "summary rate is the median");
    ok(num(c, r, "qpc_hz") >= 1000, "qpc_hz %g", num(c, r, "qpc_hz"));
}

/* ---- the tests --------------------------------------------------------------------------- */

static void test_version(void)
{
    result r = run("--version", NULL);
    char version[64] = "";
    csv_file c;
    ok(r.code == 0, "exit %lu", r.code);
    ok(strncmp(r.out, "winbench ", 9) == 0 && count_lines(r.out) == 1, "version line: %s", r.out);
    sscanf(r.out, "winbench %63s", version);
    result_free(&r);
    /* what a CSV row says it was written by is what --version says, and not 0.1's number: the
     * meaning of columns has changed since (docs/csv.md, Changes) */
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--warmup", "0", "--csv", "v.csv", "--quiet", NULL);
    result_free(&r);
    c = load_csv_here("v.csv", ',');
    ok(strcmp(cell(&c, 1, "tool_version"), version) == 0, "tool_version %s, --version %s", cell(&c, 1, "tool_version"),
       version);
    ok(strcmp(version, "0.1.0") != 0 && strcmp(version, "0.2.0") != 0, "version %s is this one's", version);
    wb_csv_free(&c.t);
    {   /* help sockloop names every loop the wait registry has */
#define LOOP_NAME(name) #name,
        static const char *const loops[] = { WB_WAIT_BACKENDS(LOOP_NAME) NULL };
#undef LOOP_NAME
        size_t i;
        char want[64];
        r = run("help", "sockloop", NULL);
        for (i = 0; loops[i]; i++) {
            snprintf(want, sizeof want, "%s|", loops[i]);
            ok(strstr(r.out, want) != NULL, "help sockloop names --loop %s:\n%s", loops[i], r.out);
        }
        result_free(&r);
        r = run("list", NULL);
        ok(strstr(r.out, "WSAAsyncSelect") != NULL && strstr(r.out, "completion port") != NULL,
           "winbench list names the six ways:\n%s", r.out);
        result_free(&r);
    }
}

static void test_list_and_help(void)
{
    static const char *const help_forms[] = { "-h", "--help", "/?", "help" };
    static const char *const sendmsg_options[] = { "--iterations N", "--target scratch|button|mfc",
                                                   "--themes off|on", "--thread same|cross", "--msg N",
                                                   "--repeat N", "--warmup N", "--csv FILE", "--tsv",
                                                   "--label TEXT", "--affinity MASK",
                                                   "--priority normal|high|realtime", "--quiet",
                                                   "(default 1M)", NULL };
    result r = run("list", NULL);
    size_t i;
    ok(r.code == 0 && strstr(r.out, "sendmsg") != NULL, "list: exit %lu, %s", r.code, r.out);
    result_free(&r);
    for (i = 0; i < sizeof help_forms / sizeof help_forms[0]; i++) {
        r = run(help_forms[i], NULL);
        ok(r.code == 0 && strstr(r.out, "usage: winbench") && strstr(r.out, "sendmsg"), "%s: exit %lu",
           help_forms[i], r.code);
        result_free(&r);
    }
    r = run("help", "sendmsg", NULL);
    ok(r.code == 0, "help sendmsg: exit %lu", r.code);
    for (i = 0; sendmsg_options[i]; i++)
        ok(strstr(r.out, sendmsg_options[i]) != NULL, "help sendmsg lacks \"%s\"", sendmsg_options[i]);
    result_free(&r);
    r = run("sendmsg", "--help", NULL);
    ok(r.code == 0 && strstr(r.out, "--iterations N"), "sendmsg --help: exit %lu", r.code);
    result_free(&r);
}

/* The text after "LABEL:" and its padding, up to the end of that line. */
static void info_value(const char *out, const char *label, char *value, size_t cap)
{
    const char *at = strstr(out, label);
    size_t n;
    value[0] = '\0';
    if (at == NULL) return;
    at += strlen(label);
    while (*at == ' ') at++;
    n = strcspn(at, "\r\n");
    snprintf(value, cap, "%.*s", (int)(n < cap ? n : cap - 1), at);
}

/* Every line against what this test reads from the system itself (the test is built for the
 * same architecture): a label with a wrong value fails, not only a missing label. */
static void test_info(void)
{
    typedef const char *(CDECL *wine_version_fn)(void);
    result r = run("info", NULL);
    char v[256], want[256], host[MAX_COMPUTERNAME_LENGTH + 1];
    DWORD host_len = sizeof host;
    SYSTEM_INFO si;
    LARGE_INTEGER freq;
    wine_version_fn wine = (wine_version_fn)(void (*)(void))GetProcAddress(GetModuleHandleA("ntdll.dll"),
                                                                           "wine_get_version");
    ok(r.code == 0, "info: exit %lu", r.code);
    GetComputerNameA(host, &host_len);
    info_value(r.out, "host:", v, sizeof v);
    ok(strcmp(v, host) == 0, "host: [%s], GetComputerName says [%s]", v, host);
    info_value(r.out, "process:", v, sizeof v);
    ok(strncmp(v, sizeof(void *) == 8 ? "x64" : "x86", 3) == 0, "process: [%s]", v);
    GetSystemInfo(&si);
    snprintf(want, sizeof want, ", %lu logical CPUs", (unsigned long)si.dwNumberOfProcessors);
    info_value(r.out, "cpu:", v, sizeof v);
    ok(strstr(v, want) != NULL, "cpu: [%s], GetSystemInfo says %lu CPUs", v, (unsigned long)si.dwNumberOfProcessors);
    QueryPerformanceFrequency(&freq);
    snprintf(want, sizeof want, "%llu Hz", (unsigned long long)freq.QuadPart);
    info_value(r.out, "QPC frequency:", v, sizeof v);
    ok(strcmp(v, want) == 0, "QPC frequency: [%s], QueryPerformanceFrequency says %s", v, want);
    info_value(r.out, "wine:", v, sizeof v);
    ok(strcmp(v, wine ? wine() : "no") == 0, "wine: [%s], ntdll says [%s]", v, wine ? wine() : "no");
    info_value(r.out, "QPC resolution:", v, sizeof v);
    ok(atof(v) > 0 && atof(v) <= 1e9 / (double)freq.QuadPart * 1.0001 + 1e9 / (double)freq.QuadPart * 1000,
       "QPC resolution: [%s] (a tick is %.1f ns)", v, 1e9 / (double)freq.QuadPart);
    info_value(r.out, "peak working set:", v, sizeof v);
    ok(atof(v) > 1000, "peak working set: [%s]", v);
    result_free(&r);
}

static void test_bad_arguments(void)
{
    expect_usage("winbench: sendmsg: --iterations: expected a positive integer, got \"abc\"",
                 "sendmsg", "--iterations", "abc", NULL);
    expect_usage("winbench: sendmsg: --iterations: expected a positive integer, got \"0\"",
                 "sendmsg", "--iterations", "0", NULL);
    expect_usage("winbench: sendmsg: --iterations: expected a positive integer, got \"-5\"",
                 "sendmsg", "--iterations", "-5", NULL);
    expect_usage("winbench: sendmsg: --iterations: \"99999999999999999999\" is too large (at most 18446744073709551615)",
                 "sendmsg", "--iterations", "99999999999999999999", NULL);
    expect_usage("winbench: sendmsg: --iterations: missing value", "sendmsg", "--iterations", NULL, NULL);
    expect_usage("winbench: sendmsg: --target: expected one of scratch|button|mfc, got \"edit\"",
                 "sendmsg", "--target", "edit", NULL);
    expect_usage("winbench: sendmsg: --bogus: unknown option (see winbench help)", "sendmsg", "--bogus", NULL, NULL);
    expect_usage("winbench: sendmsg: --repeat: expected a positive integer, got \"0\"", "sendmsg", "--repeat", "0", NULL);
    expect_usage("winbench: sendmsg: --repeat: 100001 is out of range (1..100000)", "sendmsg", "--repeat", "100001", NULL);
    expect_usage("winbench: sendmsg: --priority: expected one of normal|high|realtime, got \"idle\"",
                 "sendmsg", "--priority", "idle", NULL);
    expect_usage(NULL, "sendmsg", "--msg", "0x10", NULL);            /* WM_CLOSE would end the window */
    expect_usage(NULL, "sendmsg", "--msg", "0x400", "--target");     /* missing value */
    expect_usage(NULL, "sendmsg", "--msg", "0x10000", NULL);
    expect_usage("winbench: unknown benchmark or command \"nosuch\" (see winbench list)", "nosuch", NULL, NULL, NULL);
    /* a name one edit off: what it most likely meant */
    expect_usage("winbench: unknown benchmark or command \"sendmsgg\" (did you mean sendmsg?)", "sendmsgg", NULL, NULL,
                 NULL);
    expect_usage("winbench: unknown benchmark or command \"reprot\" (did you mean report?)", "reprot", NULL, NULL, NULL);
    expect_usage("winbench: help: unknown benchmark or command \"nosuch\" (see winbench list)", "help", "nosuch", NULL, NULL);
    expect_usage("winbench: sendmsg: unexpected argument \"50\" (options start with --)", "sendmsg", "50", NULL, NULL);
    {
        result r = run(NULL);
        ok(r.code == 2 && strstr(r.err, "usage:"), "no arguments: exit %lu, usage on stderr", r.code);
        result_free(&r);
    }
}

static void test_no_overwrite(void)
{
    char path[MAX_PATH];
    FILE *f;
    size_t len;
    char *text;
    result r;
    path_in_dir(path, sizeof path, "keep.csv");
    f = fopen(path, "wb");
    fputs("precious\r\n", f);
    fclose(f);
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "keep.csv", NULL);
    ok(r.code == 2, "existing file: exit %lu, expected 2", r.code);
    ok(strstr(r.err, "already exists (add --force to overwrite it)") != NULL, "message: %s", r.err);
    result_free(&r);
    text = read_all(path, &len);
    ok(text && strcmp(text, "precious\r\n") == 0, "the existing file was changed: %s", text ? text : "(gone)");
    free(text);

    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "keep.csv", "--force", "--quiet", NULL);
    ok(r.code == 0, "--force: exit %lu: %s", r.code, r.err);
    result_free(&r);
    {
        csv_file c = load_csv(path, ',');
        check_sendmsg_csv(&c, 1, "1000");
        wb_csv_free(&c.t);
    }
}

static void test_unwritable_csv(void)
{
    result r = run("sendmsg", "--iterations", "1000", "--csv", "no\\such\\dir\\x.csv", NULL);
    ok(r.code == 1, "unwritable path: exit %lu, expected 1", r.code);
    ok(strstr(r.err, "winbench: sendmsg: CreateFile(no\\such\\dir\\x.csv) failed: ") == r.err,
       "names the call and the system's reason: %s", r.err);
    ok(count_lines(r.err) == 1, "one line: %s", r.err);
    result_free(&r);
}

static void test_default_name(void)
{
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH], host[64], prefix[128], path[MAX_PATH];
    DWORD hlen = sizeof host;
    HANDLE h;
    int found = 0;
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "2", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    GetComputerNameA(host, &hlen);
    snprintf(prefix, sizeof prefix, "winbench-sendmsg-%s-", host);
    path_in_dir(pattern, sizeof pattern, "winbench-sendmsg-*.csv");
    h = FindFirstFileA(pattern, &fd);
    if (h != INVALID_HANDLE_VALUE) {
        do {
            const char *stamp = fd.cFileName + strlen(prefix);
            found++;
            ok(strncmp(fd.cFileName, prefix, strlen(prefix)) == 0, "name %s starts with %s", fd.cFileName, prefix);
            /* yyyymmdd-hhmmss.csv */
            ok(strlen(stamp) == 19 && stamp[8] == '-' && strcmp(stamp + 15, ".csv") == 0, "stamp in %s", fd.cFileName);
            {
                char line[MAX_PATH + 16];
                snprintf(line, sizeof line, "CSV: %s", fd.cFileName);
                ok(strstr(r.out, line) != NULL, "the path is printed at the end: %s", r.out);
            }
            path_in_dir(path, sizeof path, fd.cFileName);
        } while (FindNextFileA(h, &fd));
        FindClose(h);
    }
    ok(found == 1, "expected one CSV, found %d", found);
    if (found == 1) {
        csv_file c = load_csv(path, ',');
        check_sendmsg_csv(&c, 2, "2000");
        wb_csv_free(&c.t);
    }
    ok(strstr(r.out, "SendMessage/sec (") != NULL, "seed-style rate line: %s", r.out);
    ok(strstr(r.out, "median ") != NULL, "summary line: %s", r.out);
    result_free(&r);
}

static void test_csv_to_stdout(void)
{
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "2", "--csv", "-", NULL);
    wb_csv_table t;
    char err[128] = "";
    ok(r.code == 0, "exit %lu", r.code);
    ok(strncmp(r.out, "schema,benchmark,", 17) == 0, "stdout starts with the header: %.40s", r.out);
    ok(strstr(r.err, "SendMessage/sec") != NULL, "human lines go to stderr: %s", r.err);
    ok(wb_csv_parse(r.out, r.out_len, ',', &t, err, sizeof err) == 0 && t.nrows == 4,
       "stdout is a CSV of 4 rows: %s", err);
    wb_csv_free(&t);
    ok(!dir_has_csv(), "no file written for --csv -");
    result_free(&r);
}

static void test_tsv(void)
{
    char path[MAX_PATH];
    csv_file c;
    size_t len;
    char *text;
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "2", "--tsv", "--csv", "out.tsv",
                   "--label", "VM, \"xp\"", "--quiet", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    path_in_dir(path, sizeof path, "out.tsv");
    text = read_all(path, &len);
    ok(text && strncmp(text, "schema\tbenchmark\tlabel\t", 23) == 0, "tab-separated header");
    ok(text && strstr(text, "\tVM, \"xp\"\t") != NULL, "cells are not quoted in TSV");
    free(text);
    c = load_csv(path, '\t');
    check_sendmsg_csv(&c, 2, "2000");
    wb_csv_free(&c.t);
}

static void test_label_round_trip(void)
{
    csv_file c;
    result r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "l.csv", "--quiet",
                   "--label", "XP SP3, \"gold\" VM", NULL);
    ok(r.code == 0, "exit %lu", r.code);
    ok(count_lines(r.out) == 4, "--quiet prints the summary (2 lines), its parts and the path: %s", r.out);
    result_free(&r);
    c = load_csv_here("l.csv", ',');
    if (rows_are(&c, 3)) {
        cell_is(&c, 1, "label", "XP SP3, \"gold\" VM");
        cell_is(&c, 2, "label", "XP SP3, \"gold\" VM");
        ok(strstr(cell(&c, 1, "options"), "--label") != NULL, "options column records the command line");
    }
    wb_csv_free(&c.t);
}

/* The fastest of a run's repetitions: interference only slows a loop, so the fastest is the
 * one a loaded machine disturbed least. */
static double fastest_elapsed(const csv_file *c, int reps)
{
    double best = 1e300;
    int i;
    for (i = 1; i <= reps; i++)
        if (num(c, (size_t)i, "elapsed_s") < best) best = num(c, (size_t)i, "elapsed_s");
    return best;
}

/* Ten times the iterations must take about ten times as long: the loop really sends messages.
 * Fastest against fastest (scripts/overhead's method), so that a busy machine's slow
 * repetitions on either side do not decide it. */
static void test_work_scales(void)
{
    csv_file a, b;
    result r = run("sendmsg", "--iterations", "20k", "--repeat", "3", "--csv", "a.csv", "--quiet", NULL);
    result_free(&r);
    r = run("sendmsg", "--iterations", "200k", "--repeat", "3", "--csv", "b.csv", "--quiet", NULL);
    result_free(&r);
    a = load_csv_here("a.csv", ',');
    b = load_csv_here("b.csv", ',');
    if (rows_are(&a, 5) & rows_are(&b, 5)) {
        double ta = fastest_elapsed(&a, 3), tb = fastest_elapsed(&b, 3);
        ok(tb / ta > 4 && tb / ta < 25, "10x iterations took %.2fx the time (fastest of 3: %.4f s vs %.4f s)", tb / ta,
           tb, ta);
        ok(num(&b, 4, "ns_per_op") > 20, "a SendMessage costs more than 20 ns (%.1f)", num(&b, 4, "ns_per_op"));
    } else {
        ok(0, "runs failed");
    }
    wb_csv_free(&a.t);
    wb_csv_free(&b.t);
}

static void test_msg_option(void)
{
    csv_file c;
    result r;
    expect_usage(NULL, "sendmsg", "--target", "button", "--msg");   /* missing value */
    r = run("sendmsg", "--target", "button", "--msg", "0x8000", "--iterations", "2000", "--repeat", "1",
                   "--csv", "m.csv", "--quiet", NULL);
    ok(r.code == 0, "WM_APP to a button: exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("m.csv", ',');
    if (rows_are(&c, 3)) cell_is(&c, 1, "msg", "32768");
    wb_csv_free(&c.t);
    r = run("sendmsg", "--target", "button", "--msg", "0x400", NULL);   /* BCM_* range of v6 buttons */
    ok(r.code == 2 && strstr(r.err, "--msg: 0x0400 is not safe"), "WM_USER to a button refused: %s", r.err);
    result_free(&r);
}

/* --charset: Unicode windows and SendMessageW (the default, as the seed's programs were built)
 * or ANSI; both run for every target, and the CSV says which. */
static void test_charset(void)
{
    static const char *const targets[] = { "scratch", "button", "mfc" };
    static const char *const sets[] = { "w", "a" };
    size_t t, k;
    for (t = 0; t < 3; t++)
        for (k = 0; k < 2; k++) {
            char name[32];
            result r;
            csv_file c;
            snprintf(name, sizeof name, "cs-%s-%s.csv", targets[t], sets[k]);
            r = run("sendmsg", "--target", targets[t], "--charset", sets[k], "--iterations", "20k", "--repeat", "1",
                    "--csv", name, "--quiet", NULL);
            ok(r.code == 0, "%s --charset %s: exit %lu %s", targets[t], sets[k], r.code, r.err);
            result_free(&r);
            c = load_csv_here(name, ',');
            if (rows_are(&c, 3)) {
                cell_is(&c, 1, "charset", sets[k]);
                ok(num(&c, 1, "ops") == 20000, "%s %s: %g ops", targets[t], sets[k], num(&c, 1, "ops"));
            }
            wb_csv_free(&c.t);
        }
    {   /* the default is the seed's: Unicode */
        result r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "def.csv", "--quiet", NULL);
        csv_file c = load_csv_here("def.csv", ',');
        result_free(&r);
        if (rows_are(&c, 3)) cell_is(&c, 1, "charset", "w");
        wb_csv_free(&c.t);
    }
}

/* One set of conventions: what was asked is echoed (label, priority, affinity, --msg in hex), the
 * warm-up is announced, the CPU split is user and kernel as % of one CPU adding up to the total,
 * a TSV is announced as TSV, and every command's options are in its help. */
static void test_conventions(void)
{
    result r = run("sendmsg", "--iterations", "20k", "--repeat", "2", "--warmup", "1", "--label", "L1", "--msg", "0x8000",
                   "--tsv", "--csv", "c.tsv", NULL);
    const char *line;
    double cpu = -1, user = -1, kernel = -1;
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "  priority normal, affinity 0x") != NULL && strstr(r.out, "label \"L1\"") != NULL,
       "the banner echoes what was asked:\n%s", r.out);
    ok(strstr(r.out, "  warm-up 1/1 (not in the CSV)") != NULL, "the warm-up announced:\n%s", r.out);
    ok(strstr(r.out, " msg=0x8000") != NULL, "--msg shown as typed:\n%s", r.out);
    ok(strstr(r.out, "TSV: c.tsv") != NULL, "announced as TSV:\n%s", r.out);
    line = strstr(r.out, "  rep 1/2: ");
    line = line ? strstr(line, "  cpu ") : NULL;
    ok(line && sscanf(line, "  cpu %lf%% of one CPU (user %lf%%, kernel %lf%%)", &cpu, &user, &kernel) == 3,
       "cpu, user, kernel as %% of one CPU: %s", line ? line : r.out);
    ok(cpu >= 0 && fabs(user + kernel - cpu) <= 1.0, "user %g + kernel %g = cpu %g", user, kernel, cpu);
    result_free(&r);
    r = run("help", "report", NULL);
    ok(r.code == 0 && strstr(r.out, "--md") && strstr(r.out, "--force") && strstr(r.out, "--baseline"), "help report:\n%s", r.out);
    result_free(&r);
    r = run("report", "--help", NULL);
    ok(r.code == 0 && strstr(r.out, "--html"), "report --help:\n%s", r.out);
    result_free(&r);
    r = run("all", "--help", NULL);
    ok(r.code == 0 && strstr(r.out, "--quick") && strstr(r.out, "--force"), "all --help:\n%s", r.out);
    result_free(&r);
    r = run("help", "info", NULL);
    ok(r.code == 0 && strstr(r.out, "winbench info") != NULL, "help info:\n%s", r.out);
    result_free(&r);
}

/* --affinity and --priority are applied before measuring and recorded as they took effect. */
static void test_process_settings(void)
{
    char path[MAX_PATH], mask_text[32];
    DWORD_PTR pmask = 0, smask = 0, missing = 1;
    csv_file c;
    result r = run("sendmsg", "--iterations", "2000", "--repeat", "1", "--affinity", "0x1", "--priority", "high",
                   "--stalls", "off", "--csv", "p.csv", "--quiet", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("p.csv", ',');
    if (rows_are(&c, 3)) {
        cell_is(&c, 1, "affinity", "0x1");
        cell_is(&c, 1, "priority", "high");
        cell_is(&c, 2, "priority", "high");
    }
    wb_csv_free(&c.t);

    /* A thread that spins the only CPU at a raised priority freezes the machine for its length
     * (Ctrl+C included): the stall probe on one CPU, and stalls (every CPU) at all, refused
     * before anything runs. */
    {
        result u = run("sendmsg", "--affinity", "0x1", "--priority", "high", "--iterations", "2000", NULL);
        ok(u.code == 2 && strstr(u.err, "winbench: sendmsg: --priority high: the stall probe (--stalls) would spin the "
                                        "only CPU this process may use") != NULL && u.out_len == 0,
           "the probe on one CPU at high: refused\n%s", u.err);
        result_free(&u);
    }
    expect_usage("winbench: stalls: --priority realtime: stalls spins a thread on every CPU; at a raised priority nothing "
                 "else (the console, Ctrl+C) would run until it ends: run it at normal", "stalls", "--priority", "realtime",
                 NULL);

    /* A CPU this machine does not have: the user's mistake (a usage error naming the option and
     * the CPUs there are), and no CSV. */
    GetProcessAffinityMask(GetCurrentProcess(), &pmask, &smask);
    while (missing && (smask & missing)) missing <<= 1;
    if (!missing) {
        skip("every affinity bit names a CPU on this machine");
        return;
    }
    snprintf(mask_text, sizeof mask_text, "0x%llx", (unsigned long long)missing);
    r = run("sendmsg", "--iterations", "2000", "--affinity", mask_text, "--csv", "bad.csv", NULL);
    ok(r.code == 2, "affinity %s: exit %lu, expected 2", mask_text, r.code);
    {
        char want[160];
        snprintf(want, sizeof want, "winbench: sendmsg: --affinity: %s names no CPU of this machine (mask 0x%llx)", mask_text,
                 (unsigned long long)smask);
        ok(strstr(r.err, want) == r.err, "message: %s\n  expected: %s", r.err, want);
    }
    path_in_dir(path, sizeof path, "bad.csv");
    ok(GetFileAttributesA(path) == INVALID_FILE_ATTRIBUTES, "no CSV left by a failed run");
    result_free(&r);
}

/* Every target x themes x thread combination, with the facts it must record. */
static void combo(const char *target, const char *themes, const char *thread)
{
    const char *iterations = strcmp(thread, "cross") == 0 ? "300" : "5000";
    csv_file c;
    result r = run("sendmsg", "--target", target, "--themes", themes, "--thread", thread, "--iterations",
                   iterations, "--repeat", "3", "--warmup", "1", "--csv", "combo.csv", NULL);
    ok(r.code == 0, "%s/%s/%s: exit %lu: %s", target, themes, thread, r.code, r.err);
    result_free(&r);
    c = load_csv_here("combo.csv", ',');
    check_sendmsg_csv(&c, 3, iterations);
    if (rows_are(&c, 5)) {
        size_t row;
        for (row = 1; row <= 4; row++) {
            cell_is(&c, row, "target", target);
            cell_is(&c, row, "themes", themes);
            cell_is(&c, row, "thread", thread);
            cell_is(&c, row, "actctx", strcmp(themes, "on") == 0 ? "v6" : "none");
            if (strcmp(target, "button") == 0)
                cell_is(&c, row, "controls", strcmp(themes, "on") == 0 ? "v6" : "classic");
            else
                cell_is(&c, row, "controls", "own");
        }
        if (strcmp(thread, "cross") == 0) {
            /* The receiving thread's work shows in process CPU, not only the sender's. On
             * Windows the process's times are the sum of its threads' and this holds exactly.
             * Wine reads the process's from times() and a thread's from
             * /proc/self/task/N/stat: two Linux counters in 10 ms ticks, user and kernel each
             * truncated on its own, so their deltas can cross by up to 4 ticks (seen in the
             * x86 suite of a fresh Debian root: this 300-message case's CPU is a tick or two). */
            double process_s = num(&c, 4, "cpu_user_s") + num(&c, 4, "cpu_kernel_s");
            double thread_s = num(&c, 4, "thread_user_s") + num(&c, 4, "thread_kernel_s");
            /* 4 ticks, less a rounding: 0.03 + 0.01 read from the CSV is not exactly 0.04 (seen:
             * process 0 s, thread 0.04 s, failed by the last bit) */
            ok(process_s >= thread_s ||
                   wine_broken(process_s >= thread_s - 0.04 - 1e-9, "process and thread CPU are two Linux tick counters"),
               "process CPU %g s includes the window thread's (sender thread %g s)", process_s, thread_s);
        }
    }
    wb_csv_free(&c.t);
}

#define COMBO(t, th, x) static void test_##t##_##th##_##x(void) { combo(#t, #th, #x); }
COMBO(scratch, off, same) COMBO(scratch, off, cross) COMBO(scratch, on, same) COMBO(scratch, on, cross)
COMBO(button, off, same)  COMBO(button, off, cross)  COMBO(button, on, same)  COMBO(button, on, cross)
COMBO(mfc, off, same)     COMBO(mfc, off, cross)     COMBO(mfc, on, same)     COMBO(mfc, on, cross)

/* Interleaved repetitions of several variants each say whose they are: "rep 1/2 work 0" and
 * "rep 1/2 work 2000", not "rep 1/2" twice. */
static void test_rep_lines_named(void)
{
    result r = run("sendmsg", "--work", "0,2000", "--iterations", "2k", "--repeat", "2", "--floors", "off", "--csv", "w.csv",
                   NULL);
    ok(r.code == 0 && strstr(r.out, "  rep 1/2 work 0: ") != NULL && strstr(r.out, "  rep 1/2 work 2000: ") != NULL &&
       strstr(r.out, "  rep 2/2 work 2000: ") != NULL && strstr(r.out, "  rep 1/2: ") == NULL,
       "each repetition's line names its variant: exit %lu\n%s", r.code, r.out);
    result_free(&r);
}

/* A run of no fixed schedule says its length once its first repetition has shown the cost (its
 * first repetition made 30 s longer by the hook: 60 s for the two left), and not when the rest
 * is short. */
static void test_says_its_length(void)
{
    result r;
    r = run_env(WB_HOOK_SLOW_REP, "1", "sendmsg", "--iterations", "2k", "--warmup", "0", "--repeat", "3",
                "--floors", "off", "--csv", "l.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "sendmsg: its first repetition took 30") != NULL &&
       strstr(r.out, " s: about 60") != NULL && strstr(r.out, " more for the 2 left\r\n") != NULL,
       "the length, from the first repetition: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    r = run("sendmsg", "--iterations", "2k", "--repeat", "3", "--floors", "off", "--csv", "l2.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "its first repetition took") == NULL, "a short run says nothing of it:\n%s", r.out);
    result_free(&r);
}

/* --processes 3: three processes of winbench, one after another, their rows in one CSV: the
 * header once, each process's repetitions and summary under a run_id of its own, the label
 * (with a blank, quoted on the way to each child) in every row, the children's own files gone;
 * and the report after them splits the spread between processes and within one. What the
 * processes cannot do is refused before any starts. */
static void test_processes(void)
{
    result r = run("sendmsg", "--iterations", "20000", "--repeat", "2", "--warmup", "0", "--stalls", "off", "--processes",
                   "3", "--csv", "procs.csv", "--label", "vm \"a\" b", NULL);
    csv_file c;
    size_t row;
    int runs = 0, i;
    char seen[3][128];
    const char *at;
    ok(r.code == 0, "exit %lu\n%s%s", r.code, r.out, r.err);
    ok(strstr(r.out, "process 1 of 3:") && strstr(r.out, "process 3 of 3:") && strstr(r.out, "3 of 3 processes' rows: procs.csv"),
       "each process named, and the joined file\n%s", r.out);
    ok(strstr(r.out, "  3: ") != NULL && strstr(r.out, "% between, ") != NULL, "the table's processes column\n%s", r.out);
    for (at = r.out; (at = strstr(at, "CSV: ")) != NULL; at += 5) {   /* each child's own file, gone */
        char path[MAX_PATH];
        size_t len = strcspn(at + 5, "\r\n");
        snprintf(path, sizeof path, "%.*s", (int)len, at + 5);
        ok(GetFileAttributesA(path) == INVALID_FILE_ATTRIBUTES, "%s left behind", path);
    }
    result_free(&r);
    c = load_csv_here("procs.csv", ',');
    ok(c.ok && rows_of_kind(&c, "rep", NULL) == 6 && rows_of_kind(&c, "summary", NULL) == 3,
       "6 rep rows and 3 summaries in one file");
    ok(c.ok && rows_where(&c, NULL, "schema", "schema") == 0, "the header once");
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        cell_is(&c, row, "label", "vm \"a\" b");
        for (i = 0; i < runs && strcmp(seen[i], cell(&c, row, "run_id")) != 0; i++) {}
        if (i == runs && runs < 3) snprintf(seen[runs++], sizeof seen[0], "%s", cell(&c, row, "run_id"));
    }
    ok(runs == 3, "a run id for each process: %d", runs);
    wb_csv_free(&c.t);
    expect_usage("winbench: sendmsg: --processes: the rows go to one file the processes' rows are joined in, not to stdout",
                 "sendmsg", "--processes=2", "--csv", "-");
    expect_usage("winbench: sendmsg: --processes: --json and --hlog each take one process's run; the CSV holds every "
                 "process's rows", "sendmsg", "--processes=2", "--json", "p.json");
    expect_usage("winbench: sendmsg: --csv: procs.csv already exists (add --force to overwrite it)", "sendmsg",
                 "--processes=2", "--csv", "procs.csv");
}

/* The rep rows' ops_per_s in the order they ran (rep 1, 2, ...), into v: how many. */
static size_t rep_rates(const csv_file *c, double *v, size_t cap)
{
    size_t row, n = 0;
    for (row = 1; c->ok && row < c->t.nrows && n < cap; row++)
        if (strcmp(cell(c, row, "row"), "rep") == 0) v[n++] = num(c, row, "ops_per_s");
    return n;
}

/* --precision: rounds until every variant's median is known within it. Whatever the machine
 * did, the line and the rows agree: it stopped at the first round (from --repeat on) whose
 * repetitions' median is that precise (wb_median_precision on the CSV's rates, the measure
 * tests/statistics.sh checks against SciPy), not one round later or sooner, and the CSV holds
 * the repetitions it counts; 0.1% within 6 repetitions is never reached (their interval is
 * their least to most), and --max-reps 6 says it stopped the run. */
static void test_precision(void)
{
    result r = run("sendmsg", "--iterations", "20000", "--repeat", "8", "--precision", "50%", "--csv", "prec.csv", NULL);
    csv_file c;
    double v[100];
    size_t n;
    const char *at = strstr(r.out, "sendmsg: --precision 50%: ");
    ok(r.code == 0 && at != NULL, "exit %lu, the stop said\n%s%s", r.code, r.out, r.err);
    c = load_csv_here("prec.csv", ',');
    n = rep_rates(&c, v, 100);
    if (at && strncmp(at + 26, "reached after ", 14) == 0) {
        ok((size_t)atoi(at + 40) == n && n >= 8, "reached after %d rounds, %lu rep rows", atoi(at + 40), (unsigned long)n);
        ok(wb_median_precision(v, n) <= 0.5, "the last round's median within %g", wb_median_precision(v, n));
        ok(n == 8 || !(wb_median_precision(v, n - 1) <= 0.5), "one round earlier it was already within %g",
           wb_median_precision(v, n - 1));
    } else {
        ok(at && strstr(at, "not reached: --max-reps 100 stopped it") && n == 100 && !(wb_median_precision(v, n) <= 0.5),
           "not reached in 100 rounds, %lu rep rows\n%s", (unsigned long)n, r.out);
    }
    result_free(&r);
    wb_csv_free(&c.t);
    r = run("sendmsg", "--iterations", "20000", "--repeat", "6", "--precision", "0.1", "--max-reps", "6", "--csv",
            "prec2.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "sendmsg: --precision 0.1%: not reached: --max-reps 6 stopped it (the least precise "
                                    "variant's median within +-") != NULL, "0.1%%: --max-reps stopped it\n%s", r.out);
    result_free(&r);
    c = load_csv_here("prec2.csv", ',');
    ok(rep_rates(&c, v, 100) == 6, "6 rep rows");
    wb_csv_free(&c.t);
    expect_usage("winbench: sendmsg: --precision: expected a percentage from 0.1% to 50% (e.g. 2%), got \"2x\"", "sendmsg",
                 "--precision", "2x", NULL);
    expect_usage("winbench: sendmsg: --max-reps: only with --precision (the most a precision may take)", "sendmsg",
                 "--max-reps", "9", NULL);
}

static const wbt_case cases[] = {
    { "processes", test_processes, 0 },
    { "precision", test_precision, 0 },
    { "says_its_length", test_says_its_length, 0 },
    { "rep_lines_named", test_rep_lines_named, 0 },
    { "version", test_version, 0 },
    { "list_and_help", test_list_and_help, 0 },
    { "info", test_info, 0 },
    { "bad_arguments", test_bad_arguments, 0 },
    { "no_overwrite", test_no_overwrite, 0 },
    { "unwritable_csv", test_unwritable_csv, 0 },
    { "default_name", test_default_name, 0 },
    { "csv_to_stdout", test_csv_to_stdout, 0 },
    { "tsv", test_tsv, 0 },
    { "label_round_trip", test_label_round_trip, 0 },
    { "work_scales", test_work_scales, WBT_TIMING | WBT_CPU_HEAVY },
    { "msg_option", test_msg_option, 0 },
    { "charset", test_charset, 0 },
    { "conventions", test_conventions, 0 },
    { "process_settings", test_process_settings, 0 },
    { "scratch_off_same", test_scratch_off_same, 0 }, { "scratch_off_cross", test_scratch_off_cross, 0 },
    { "scratch_on_same", test_scratch_on_same, 0 },   { "scratch_on_cross", test_scratch_on_cross, 0 },
    { "button_off_same", test_button_off_same, 0 },   { "button_off_cross", test_button_off_cross, 0 },
    { "button_on_same", test_button_on_same, 0 },     { "button_on_cross", test_button_on_cross, 0 },
    { "mfc_off_same", test_mfc_off_same, 0 },         { "mfc_off_cross", test_mfc_off_cross, 0 },
    { "mfc_on_same", test_mfc_on_same, 0 },           { "mfc_on_cross", test_mfc_on_cross, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

/* End-to-end tests of `winbench report` on fixture CSVs whose medians and ratios are known, on
 * damaged and foreign files, and of `winbench all --quick` feeding it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

#define HEAD_S "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,host,os_name,os_version,os_build,os_sp\r\n"
#define HEAD_I "schema,benchmark,label,row,rep,case,windows,depth,class,themes,mapped,dispatch,sends,idle-every," \
               "mouse-rate,same-point,cpu_pct_machine,host,os_name,os_version,os_build,os_sp\r\n"

/* Machine A: 100, 200, 300 SendMessage/s (median 200, stddev 100); B: 390, 400, 410 (median
 * 400, stddev 10). B / A = 2.00, +- 2 * sqrt((100/200)^2 + (10/400)^2) = 1.0012. */
static const char fixture_a[] = HEAD_S
    "1,sendmsg,A,rep,1,button,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,2,button,on,same,0,300,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,3,button,on,same,0,200,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,summary,,button,on,same,0,200,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n";
static const char fixture_b[] = HEAD_S
    "1,sendmsg,B,rep,1,button,on,same,0,410,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
    "1,sendmsg,B,rep,2,button,on,same,0,390,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
    "1,sendmsg,B,rep,3,button,on,same,0,400,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n";
/* idle, lower is better: A 10, 12, 14 % (median 12); B one repetition at 6 %: 2.00 times less
 * CPU, with no +- (one repetition has no spread). */
static const char fixture_idle[] = HEAD_I
    "1,idle,A,rep,1,2,300,1,static,off,off,direct,1000,1,150,0,14,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,A,rep,2,2,300,1,static,off,off,direct,1000,1,150,0,10,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,A,rep,3,2,300,1,static,off,off,direct,1000,1,150,0,12,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,B,rep,1,2,300,1,static,off,off,direct,1000,1,150,0,6,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n";
static const char fixture_damaged[] = HEAD_S
    "1,sendmsg,A,rep,1,button,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,2,button,on\r\n";
static const char fixture_foreign[] = "name,score\r\nalice,3\r\n";
static const char fixture_quote[] = HEAD_S "1,sendmsg,\"A,rep,1\r\n";

static void write_fixture(const char *name, const char *text)
{
    char path[MAX_PATH];
    FILE *f;
    path_in_dir(path, sizeof path, name);
    f = fopen(path, "wb");
    ok(f != NULL, "cannot write %s", path);
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static void write_fixtures(void)
{
    write_fixture("a.csv", fixture_a);
    write_fixture("b.csv", fixture_b);
    write_fixture("idle.csv", fixture_idle);
}

/* CSVs written by winbench 0.1 (tests/fixtures/v0.1): every column a sheet was built on is still
 * read, and the groups come out as they did then. */
static void test_old_files(void)
{
    char dir[MAX_PATH];
    result r;
    csv_file c;
    path_beside_exe(dir, sizeof dir, "fixtures\\v0.1");
    r = run("report", dir, "--csv", "old.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("old.csv", ',');
    ok(c.ok && c.t.nrows == 1 + 1 + 1 + 3, "1 sendmsg + 1 idle + 3 sockloop groups, got %lu rows",
       (unsigned long)(c.ok ? c.t.nrows : 0));
    if (c.ok && c.t.nrows == 6) {
        cell_is(&c, 1, "benchmark", "sendmsg");
        cell_is(&c, 1, "configuration", "target=scratch themes=off thread=cross msg=0");
        ok(num(&c, 1, "n") == 3 && num(&c, 1, "median") > 0, "sendmsg: n %g, median %g", num(&c, 1, "n"),
           num(&c, 1, "median"));
        cell_is(&c, 2, "benchmark", "idle");
        cell_is(&c, 3, "benchmark", "sockloop");
        ok(strstr(cell(&c, 3, "configuration"), "loop=select") != NULL, "sockloop's first loop: %s",
           cell(&c, 3, "configuration"));
        cell_is(&c, 1, "os", "Windows 7 6.1.7601 Service Pack 1");
    }
    wb_csv_free(&c.t);
    /* And today's sendmsg CSV has every 0.1 column, in the 0.1 order. */
    {
        char old_path[MAX_PATH];
        csv_file old, now;
        size_t i, k = 0;
        path_beside_exe(old_path, sizeof old_path, "fixtures\\v0.1\\c-scratch-off.csv");
        old = load_csv(old_path, ',');
        r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--warmup", "0", "--csv", "now.csv", "--quiet", NULL);
        result_free(&r);
        now = load_csv_here("now.csv", ',');
        ok(old.ok && now.ok, "both CSVs load");
        for (i = 0; old.ok && now.ok && i < old.t.rows[0].nfields; i++) {
            while (k < now.t.rows[0].nfields && strcmp(now.t.rows[0].fields[k], old.t.rows[0].fields[i]) != 0) k++;
            ok(k < now.t.rows[0].nfields, "0.1 column \"%s\" is still there, in order", old.t.rows[0].fields[i]);
        }
        wb_csv_free(&old.t);
        wb_csv_free(&now.t);
    }
}

static void test_known_values(void)
{
    result r;
    csv_file c;
    size_t row;
    write_fixtures();
    r = run("report", "a.csv", "b.csv", "idle.csv", "--csv", "table.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "2.00 +- 1.00 times faster than A") != NULL, "sendmsg B vs A:\n%s", r.out);
    ok(strstr(r.out, "2.00 times less CPU than A") != NULL, "idle B vs A (no spread with one rep):\n%s", r.out);
    ok(strstr(r.out, "baseline") != NULL, "the baseline is marked");
    result_free(&r);
    c = load_csv_here("table.csv", ',');
    ok(c.ok && c.t.nrows == 5, "4 groups in the CSV table, got %lu rows", (unsigned long)c.t.nrows);
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        const char *bench = cell(&c, row, "benchmark"), *machine = cell(&c, row, "machine");
        if (!strcmp(bench, "sendmsg") && !strcmp(machine, "A")) {
            ok(num(&c, row, "median") == 200 && num(&c, row, "stddev") == 100 && num(&c, row, "n") == 3,
               "A: median %g stddev %g", num(&c, row, "median"), num(&c, row, "stddev"));
            cell_is(&c, row, "comparison", "baseline");
        } else if (!strcmp(bench, "sendmsg")) {
            ok(num(&c, row, "median") == 400 && num(&c, row, "stddev") == 10, "B: median %g stddev %g",
               num(&c, row, "median"), num(&c, row, "stddev"));
            ok(num(&c, row, "ratio") == 2, "ratio %g", num(&c, row, "ratio"));
            ok_near(num(&c, row, "ratio_err"), 1.0012492197, 1e-8);
            cell_is(&c, row, "os", "Windows Vista 6.0.6002 Service Pack 2");
            cell_is(&c, row, "configuration", "target=button themes=on thread=same msg=0");
        } else if (!strcmp(machine, "A")) {
            ok(num(&c, row, "median") == 12 && num(&c, row, "min") == 10 && num(&c, row, "max") == 14, "idle A");
        } else {
            ok(num(&c, row, "ratio") == 2 && cell(&c, row, "ratio_err")[0] == '\0', "idle B: ratio %g, no error",
               num(&c, row, "ratio"));
        }
    }
    wb_csv_free(&c.t);

    /* The other way round: --baseline B makes A half as fast. */
    r = run("report", "a.csv", "b.csv", "--baseline", "VISTAVM", NULL);
    ok(r.code == 0 && strstr(r.out, "2.00 +- 1.00 times slower than B") != NULL, "--baseline by host:\n%s", r.out);
    result_free(&r);
    expect_usage("winbench: report: --baseline: no label or host \"C\" in these results", "report", "a.csv", "--baseline", "C");
}

static void test_damaged_and_foreign(void)
{
    result r;
    write_fixtures();
    write_fixture("damaged.csv", fixture_damaged);
    write_fixture("foreign.csv", fixture_foreign);
    write_fixture("quote.csv", fixture_quote);
    r = run("report", "a.csv", "damaged.csv", "foreign.csv", "quote.csv", "b.csv", "missing.csv", NULL);
    ok(r.code == 1, "exit %lu: a failed file is an error", r.code);
    ok(strstr(r.err, "damaged.csv: line 3: 7 fields where the header has 15") != NULL, "damaged named with line:\n%s", r.err);
    ok(strstr(r.err, "foreign.csv: line 1: not a winbench CSV (no \"schema\" column)") != NULL, "foreign:\n%s", r.err);
    ok(strstr(r.err, "quote.csv: line 2: unterminated quoted field") != NULL, "bad quoting:\n%s", r.err);
    ok(strstr(r.err, "missing.csv: no such file or folder") != NULL, "missing:\n%s", r.err);
    ok(strstr(r.out, "2.00 +- 1.00 times faster than A") != NULL, "the good files still load:\n%s", r.out);
    result_free(&r);
}

static void test_tsv_and_clipboard(void)
{
    result r;
    char *line, *clip = NULL;
    write_fixtures();
    r = run("report", "a.csv", "b.csv", "--tsv", "--clip", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    ok(strncmp(r.out, "benchmark\tconfiguration\tmachine\t", 32) == 0, "tab-separated header: %.60s", r.out);
    line = strstr(r.out, "\r\nsendmsg\ttarget=button themes=on thread=same msg=0\tB\t");
    ok(line != NULL, "a row of cells:\n%s", r.out);
    ok(strstr(r.out, "\tSendMessage/s\t1\t\tbaseline\r\n") != NULL, "the baseline's ratio is 1, without an error:\n%s", r.out);
    ok(strstr(r.out, "\r\r\n") == NULL, "lines end in CRLF, not CR CR LF");
    ok(line && strstr(line, "\t400\t10\t390\t410\tSendMessage/s\t2\t1.00124922\t2.00 +- 1.00 times faster than A") != NULL,
       "numbers with '.' decimals, one per cell:\n%s", line ? line : "");
    if (OpenClipboard(NULL)) {
        HANDLE h = GetClipboardData(CF_TEXT);
        const char *p = h ? (const char *)GlobalLock(h) : NULL;
        if (p) clip = _strdup(p);
        if (h) GlobalUnlock(h);
        CloseClipboard();
    }
    ok(clip && strcmp(clip, r.out) == 0, "--clip puts the same text on the clipboard:\n%s", clip ? clip : "(none)");
    free(clip);
    result_free(&r);
}

/* Every non-void element closed in order: enough to catch a broken writer. */
static int well_formed(const char *html, char *why, size_t cap)
{
    static const char *const voids[] = { "meta", "br", "!DOCTYPE", NULL };
    char stack[64][16];
    int depth = 0;
    const char *p = html;
    while ((p = strchr(p, '<')) != NULL) {
        char name[16];
        size_t n = 0;
        int closing = p[1] == '/', self = 0, i, is_void = 0;
        const char *q = p + 1 + closing, *end = strchr(p, '>');
        if (end == NULL) {
            snprintf(why, cap, "unterminated tag");
            return 0;
        }
        while (n + 1 < sizeof name && q < end && *q != ' ' && *q != '/' && *q != '>') name[n++] = *q++;
        name[n] = '\0';
        self = end[-1] == '/';
        for (i = 0; voids[i]; i++) is_void |= !strcmp(name, voids[i]);
        if (closing) {
            if (depth == 0 || strcmp(stack[depth - 1], name)) {
                snprintf(why, cap, "</%s> closes <%s>", name, depth ? stack[depth - 1] : "(nothing)");
                return 0;
            }
            depth--;
        } else if (!self && !is_void) {
            if (depth == 64) return 0;
            snprintf(stack[depth++], sizeof stack[0], "%s", name);
        }
        p = end + 1;
    }
    if (depth) snprintf(why, cap, "<%s> never closed", stack[depth - 1]);
    return depth == 0;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (; (text = strstr(text, what)) != NULL; text++) n++;
    return n;
}

static void check_html(const char *name, int svgs)
{
    char path[MAX_PATH], why[128] = "";
    size_t len;
    char *html;
    path_in_dir(path, sizeof path, name);
    html = read_all(path, &len);
    ok(html != NULL, "%s written", name);
    if (!html) return;
    ok(well_formed(html, why, sizeof why), "%s is well-formed: %s", name, why);
    ok(count(html, "<svg") == svgs, "%s: %d charts, expected %d", name, count(html, "<svg"), svgs);
    ok(strstr(html, "http") == NULL && strstr(html, "<script") == NULL && strstr(html, "<link") == NULL &&
       strstr(html, "url(") == NULL, "%s needs nothing from a network", name);
    ok(strstr(html, "<title>") && strstr(html, "<text transform") && strstr(html, "<rect"), "titles, axis labels, bars");
    free(html);
}

static void test_html(void)
{
    result r;
    write_fixtures();
    r = run("report", "a.csv", "b.csv", "idle.csv", "--html", "r.html", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    check_html("r.html", 2);   /* sendmsg and idle */
    r = run("report", "a.csv", "--html", "r.html", NULL);
    ok(r.code == 2 && strstr(r.err, "--html: r.html already exists"), "never overwritten without --force: %s", r.err);
    result_free(&r);
}

/* The whole loop: two quick suites, then the report over both folders. */
static void test_suite_and_report(void)
{
    result r = run("all", "--quick", "--label", "A", "--out", "A", NULL);
    ok(r.code == 0, "all --quick --label A: exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "17 of 17 runs done") != NULL, "all runs done:\n%s", r.out);
    result_free(&r);
    r = run("all", "--quick", "--label", "B", "--out", "B", NULL);
    ok(r.code == 0, "--label B: exit %lu", r.code);
    result_free(&r);
    r = run("report", "A", "B", "--html", "suite.html", NULL);
    ok(r.code == 0, "report: exit %lu %s", r.code, r.err);
    ok(count(r.out, "baseline") >= 17 && count(r.out, " than A") >= 17, "a ratio for every configuration:\n%s", r.out);
    result_free(&r);
    check_html("suite.html", 5);   /* sendmsg, idle, sockloop + its percentile curves, calibrate */
}

static void test_bad_arguments(void)
{
    expect_usage("winbench: report: expected CSV files or folders to compare", "report", NULL, NULL, NULL);
    expect_usage("winbench: report: --colour: unknown option (see winbench help)", "report", "x.csv", "--colour", NULL);
    expect_usage("winbench: all: --speed: unknown option (see winbench help)", "all", "--speed", NULL, NULL);
}

static const wbt_case cases[] = {
    { "old_files", test_old_files },
    { "known_values", test_known_values },
    { "damaged_and_foreign", test_damaged_and_foreign },
    { "tsv_and_clipboard", test_tsv_and_clipboard },
    { "html", test_html },
    { "suite_and_report", test_suite_and_report },
    { "bad_arguments", test_bad_arguments },
    { NULL, NULL }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

/* End-to-end tests of `winbench report` on fixture CSVs whose medians and ratios are known, on
 * damaged and foreign files (`winbench all` feeding it: e2e_suite.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "core/wb_hdr.h"

#include "e2e_report_fixtures.h"

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
    if (rows_are(&c, 6)) {
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
    ok(strstr(r.out, "2.00x faster than A: cannot tell with 3 and 3 repetitions") != NULL, "sendmsg B vs A:\n%s", r.out);
    ok(strstr(r.out, "2.00x less CPU than A: cannot tell with 1 and 3 repetitions") != NULL,
       "idle B vs A (no interval with one rep):\n%s", r.out);
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
            ok_near(num(&c, row, "ratio"), 2, 1e-12);
            ok(cell(&c, row, "ratio_lo")[0] == '\0' && cell(&c, row, "ratio_hi")[0] == '\0', "3 a side: no interval");
            cell_is(&c, row, "os", "Windows Vista 6.0.6002 Service Pack 2");
            cell_is(&c, row, "configuration", "target=button themes=on thread=same msg=0");
        } else if (!strcmp(machine, "A")) {
            ok(num(&c, row, "median") == 12 && num(&c, row, "min") == 10 && num(&c, row, "max") == 14, "idle A");
        } else {
            ok(fabs(num(&c, row, "ratio") - 2) < 1e-12 && cell(&c, row, "ratio_lo")[0] == '\0', "idle B: ratio %g, no interval",
               num(&c, row, "ratio"));
        }
    }
    wb_csv_free(&c.t);

    /* The other way round: --baseline B makes A half as fast. */
    r = run("report", "a.csv", "b.csv", "--baseline", "VISTAVM", NULL);
    ok(r.code == 0 && strstr(r.out, "2.00x slower than B: cannot tell") != NULL, "--baseline by host:\n%s", r.out);
    result_free(&r);
    expect_usage("winbench: report: --baseline: no machine \"C\" in these results (its name as the report shows it, its label or its host)", "report", "a.csv", "--baseline", "C");
}

static void test_damaged_and_foreign(void)
{
    result r;
    write_fixtures();
    write_file("damaged.csv", fixture_damaged);
    write_file("foreign.csv", fixture_foreign);
    write_file("quote.csv", fixture_quote);
    r = run("report", "a.csv", "damaged.csv", "foreign.csv", "quote.csv", "b.csv", "missing.csv", NULL);
    ok(r.code == 1, "exit %lu: a failed file is an error", r.code);
    ok(strstr(r.err, "damaged.csv: line 3: 7 fields where the header has 15") != NULL, "damaged named with line:\n%s", r.err);
    ok(strstr(r.err, "foreign.csv: line 1: not a winbench CSV (no \"schema\" column)") != NULL, "foreign:\n%s", r.err);
    ok(strstr(r.err, "quote.csv: line 2: unterminated quoted field") != NULL, "bad quoting:\n%s", r.err);
    ok(strstr(r.err, "missing.csv: no such file or folder") != NULL, "missing:\n%s", r.err);
    ok(strstr(r.out, "2.00x faster than A") != NULL, "the good files still load:\n%s", r.out);
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
    /* calibration, lost, loss_pct and where: empty; then its noise (A/A: 1 against 2 repetitions,
     * a ratio and no p) */
    ok(strstr(r.out, "\tSendMessage/s\t1\t\t\tbaseline\t\t\t1\t\t\t\t\t") != NULL && strstr(r.out, "\t\r\n") != NULL,
       "the baseline's ratio is 1, without an interval or a p-value:\n%s", r.out);
    ok(strstr(r.out, "\r\r\n") == NULL, "lines end in CRLF, not CR CR LF");
    ok(line && strstr(line, "\t400\t10\t390\t410\tSendMessage/s\t2\t\t\t2.00x faster than A: cannot tell") != NULL,
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

/* Is the difference real? Mann-Whitney against values computed independently: 5 repetitions
 * each, every one of C above every one of A: exact p = 2 / C(10, 5) = 0.0079365; 3 each (A, B
 * above): p = 2 / C(6, 3) = 0.1, not significant; one or two repetitions: too few to tell. */
static void test_significance(void)
{
    static const char sig_a[] = HEAD_S
        "1,sendmsg,A,rep,1,button,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,2,button,on,same,0,102,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,3,button,on,same,0,101,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,4,button,on,same,0,104,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,5,button,on,same,0,103,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n";
    static const char sig_c[] = HEAD_S
        "1,sendmsg,C,rep,1,button,on,same,0,200,W7VM,Windows 7,6.1,7601,Service Pack 1\r\n"
        "1,sendmsg,C,rep,2,button,on,same,0,204,W7VM,Windows 7,6.1,7601,Service Pack 1\r\n"
        "1,sendmsg,C,rep,3,button,on,same,0,201,W7VM,Windows 7,6.1,7601,Service Pack 1\r\n"
        "1,sendmsg,C,rep,4,button,on,same,0,203,W7VM,Windows 7,6.1,7601,Service Pack 1\r\n"
        "1,sendmsg,C,rep,5,button,on,same,0,202,W7VM,Windows 7,6.1,7601,Service Pack 1\r\n";
    static const char two_d[] = HEAD_S
        "1,sendmsg,D,rep,1,button,on,same,0,300,W10VM,Windows 10,10.0,19045,\r\n"
        "1,sendmsg,D,rep,2,button,on,same,0,310,W10VM,Windows 10,10.0,19045,\r\n";
    result r;
    csv_file c;
    size_t row;
    write_file("sa.csv", sig_a);
    write_file("sc.csv", sig_c);
    write_file("sd.csv", two_d);
    write_fixtures();
    r = run("report", "sa.csv", "sc.csv", "sd.csv", "--csv", "sig.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    /* C over A: the median of the 25 ratios, 202 / 102 = 1.98, its interval the 3rd from each end
     * of them (P(U <= 2) = 4/252 is under 0.025, P(U <= 3) = 7/252 is not), p exact */
    ok(strstr(r.out, "1.98x faster than A [1.94, 2.02], p=0.00794") != NULL, "C: a real difference, p given:\n%s", r.out);
    /* 2 against 5: the smallest two-sided p is 2 / C(7, 2) = 0.095, so no answer is possible */
    ok(strstr(r.out, "cannot tell with 2 and 5 repetitions (p < 0.05 needs at least 3 beside 5, or 4 a side)") != NULL,
       "D (2 reps): cannot tell:\n%s", r.out);
    result_free(&r);
    c = load_csv_here("sig.csv", ',');
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        const char *machine = cell(&c, row, "machine");
        if (!strcmp(machine, "C")) {
            ok_near(num(&c, row, "p_value"), 2.0 / 252.0, 1e-6);
            cell_is(&c, row, "significant", "yes");
            ok_near(num(&c, row, "ratio_to_baseline"), 202.0 / 102.0, 1e-9);
        } else if (!strcmp(machine, "D")) {
            cell_is(&c, row, "p_value", "");
            cell_is(&c, row, "significant", "");
        } else {
            cell_is(&c, row, "significant", "");   /* the baseline */
        }
    }
    wb_csv_free(&c.t);
    r = run("report", "a.csv", "b.csv", "idle.csv", "--tsv", NULL);
    /* 3 a side can never give p < 0.05 (the smallest p is 0.1): not "no difference", but "cannot tell",
     * even for ranges as far apart as 100-300 and 390-410 */
    ok(strstr(r.out, "cannot tell with 3 and 3 repetitions (at least 4 a side are needed for p < 0.05)") != NULL,
       "A/B, 3 a side: cannot tell:\n%s", r.out);
    ok(strstr(r.out, "no significant difference") == NULL, "never \"no significant difference\" there:\n%s", r.out);
    result_free(&r);
    {   /* 5 a side that overlap: the test can answer, and its answer is no */
        static const char sig_e[] = HEAD_S
            "1,sendmsg,E,rep,1,button,on,same,0,101,W8VM,Windows 8,6.2,9200,\r\n"
            "1,sendmsg,E,rep,2,button,on,same,0,103,W8VM,Windows 8,6.2,9200,\r\n"
            "1,sendmsg,E,rep,3,button,on,same,0,100,W8VM,Windows 8,6.2,9200,\r\n"
            "1,sendmsg,E,rep,4,button,on,same,0,104,W8VM,Windows 8,6.2,9200,\r\n"
            "1,sendmsg,E,rep,5,button,on,same,0,102,W8VM,Windows 8,6.2,9200,\r\n";
        write_file("se.csv", sig_e);
    }
    r = run("report", "sa.csv", "se.csv", "--tsv", NULL);
    ok(strstr(r.out, "no significant difference from A (") != NULL && strstr(r.out, "only a difference over") != NULL,
       "A/E, 5 a side, overlapping: no, and what could have shown:\n%s", r.out);
    ok(strstr(r.out, "\tno\t") != NULL, "TSV: significant = no");
    result_free(&r);
}

/* Repetitions of several processes: A's three processes sit at 100, 102 and 104 SendMessage/s,
 * B's at 103, 105 and 107, each process's three repetitions within 0.05 of its offset. By
 * repetitions, as if independent, B is faster (9 against 9, the interval 1.010 to 1.050), but
 * it is the processes that vary: by processes (Student's t on their logs, 3 and 3) the interval
 * holds 1 (p=0.14, SciPy's ttest_ind). The same rows as one process a side are compared by
 * repetitions, and the answer says what that interval cannot hold. */
static void process_rows(char *out, size_t cap, const char *machine, const double *offsets, int one_process)
{
    static const char *const hosts[2] = { "XPVM", "W7VM" };
    size_t used = (size_t)snprintf(out, cap, "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,run_id,host,os_name\r\n");
    int p, k;
    for (p = 0; p < 3; p++)
        for (k = 0; k < 3; k++)
            used += (size_t)snprintf(out + used, cap - used, "1,sendmsg,%s,rep,%d,button,on,same,0,%.2f,%s-%d,%s,%s\r\n",
                                     machine, one_process ? 3 * p + k + 1 : k + 1, offsets[p] + 0.05 * (k - 1), machine, one_process ? 0 : p,
                                     hosts[machine[0] == 'B'], machine[0] == 'B' ? "Windows 7" : "Windows XP");
}

static void test_processes(void)
{
    static const double a[3] = { 100, 102, 104 }, b[3] = { 103, 105, 107 };
    char text[4096];
    int one;
    for (one = 0; one <= 1; one++) {
        result r;
        csv_file c;
        process_rows(text, sizeof text, "A", a, one);
        write_file("pa.csv", text);
        process_rows(text, sizeof text, "B", b, one);
        write_file("pb.csv", text);
        r = run("report", "pa.csv", "pb.csv", "--csv", one ? "proc1.csv" : "proc0.csv", NULL);
        ok(r.code == 0, "exit %lu %s", r.code, r.err);
        if (!one)
            ok(strstr(r.out, "no significant difference from A (1.03x faster than A [0.99, 1.08], p=0.14)") != NULL &&
               strstr(r.out, "with 3 and 3 processes at this spread") != NULL,
               "by processes, 3 and 3: the offsets are the spread\n%s", r.out);
        else
            ok(strstr(r.out, "1.03x faster than A [1.01, 1.05], p=") != NULL &&
               strstr(r.out, "by the repetitions of one process a side, whose interval cannot hold how processes differ") != NULL,
               "one process a side: by repetitions, and said so\n%s", r.out);
        ok(one || strstr(r.out, "noise: between processes 1.9%, within one 0.0% (3 processes of 3 repetitions)") != NULL,
           "the spread split in the noise line\n%s", r.out);
        result_free(&r);
        c = load_csv_here(one ? "proc1.csv" : "proc0.csv", ',');
        ok(c.ok && c.t.nrows == 3, "two groups");
        if (c.ok && c.t.nrows == 3) {
            cell_is(&c, 2, "compared_by", one ? "repetitions, one process a side" : "processes");
            cell_is(&c, 2, "significant", one ? "yes" : "no");
            ok(num(&c, 2, "processes") == (one ? 1 : 3), "processes %g", num(&c, 2, "processes"));
            /* the offsets' spread: the log sd of 103, 105, 107 is 1.9%; the repetitions' 0.05% */
            ok(one ? !strcmp(cell(&c, 2, "between_pct"), "") : fabs(num(&c, 2, "between_pct") - 1.9) < 0.1,
               "between %s", cell(&c, 2, "between_pct"));
            /* one process: all nine repetitions spread within it, offsets and all (1.65%) */
            ok(fabs(num(&c, 2, "within_pct") - (one ? 1.65 : 0.048)) < 0.005, "within %s", cell(&c, 2, "within_pct"));
        }
        wb_csv_free(&c.t);
    }
}

/* --md: a GitHub Markdown table, header, separator, one row per group; never overwritten. */
/* A label typed in the ANSI code page ("VM #2 \x96 Z\xfcrich" in Windows-1252) reaches the HTML
 * and the Markdown, which say UTF-8, as UTF-8: never the raw byte, which would show as '?'. */
static void test_utf8_label(void)
{
    static const char ansi[] = HEAD_S
        "1,sendmsg,VM #2 \x96 Z\xfcrich,rep,1,scratch,on,same,0,100,ZVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,VM #2 \x96 Z\xfcrich,rep,2,scratch,on,same,0,101,ZVM,Windows XP,5.1,2600,Service Pack 3\r\n";
    static const char *const outputs[] = { "z.html", "z.md" };
    int i;
    if (GetACP() != 1252) {
        skip("the ANSI code page here is %u, not 1252: the fixture's bytes mean something else", GetACP());
        return;
    }
    write_file("z.csv", ansi);
    for (i = 0; i < 2; i++) {
        char path[MAX_PATH], *text;
        size_t len;
        result r = run("report", "z.csv", i == 0 ? "--html" : "--md", outputs[i], NULL);
        ok(r.code == 0, "exit %lu %s", r.code, r.err);
        result_free(&r);
        path_in_dir(path, sizeof path, outputs[i]);
        text = read_all(path, &len);
        ok(text && strstr(text, "VM #2 \xe2\x80\x93 Z\xc3\xbcrich") != NULL, "%s: the label in UTF-8", outputs[i]);
        ok(text && strchr(text, '\xfc') == NULL && strchr(text, '\x96') == NULL, "%s: no code-page byte left", outputs[i]);
        free(text);
    }
}

/* The command line is read as Unicode: a label the ANSI code page holds is written in it (and
 * comes out of the report as UTF-8); one it cannot hold exactly is refused by name, never
 * written best-fit ("Lodz" for "Łódź") or as "??". */
static void test_unicode_args(void)
{
    result r;
    csv_file c;
    char path[MAX_PATH], *md;
    size_t len;
    if (GetACP() != 1252) {
        skip("the ANSI code page here is %u, not 1252: which labels it holds differs", GetACP());
        return;
    }
    r = run_utf8("calibrate", "--duration", "0.2s", "--quiet", "--label", "VM #2 \xe2\x80\x93 Z\xc3\xbcrich", "--csv",
                 "u.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("u.csv", ',');
    if (c.ok) ok(strcmp(cell(&c, 1, "label"), "VM #2 \x96 Z\xfcrich") == 0, "the label in code page 1252: [%s]",
                 cell(&c, 1, "label"));
    wb_csv_free(&c.t);
    r = run("report", "u.csv", "--md", "u.md", NULL);
    result_free(&r);
    path_in_dir(path, sizeof path, "u.md");
    md = read_all(path, &len);
    ok(md && strstr(md, "VM #2 \xe2\x80\x93 Z\xc3\xbcrich") != NULL, "and out of the report in UTF-8");
    free(md);
    /* Polish and Japanese: not in 1252 */
    r = run_utf8("calibrate", "--duration", "0.2s", "--label", "\xc5\x81\xc3\xb3" "d\xc5\xba", "--csv", "l.csv", NULL);
    ok(r.code == 2 && strstr(r.err, "winbench: calibrate: --label: \"?\xf3" "d?\" has characters that this machine's ANSI "
                                    "code page (1252), in which the CSV is written, cannot hold") != NULL,
       "exit %lu: %s", r.code, r.err);
    ok(GetFileAttributesA("l.csv") == INVALID_FILE_ATTRIBUTES, "no CSV written");
    result_free(&r);
    r = run_utf8("sendmsg", "--label", "\xe6\x9d\xb1\xe4\xba\xac", NULL);
    ok(r.code == 2 && strstr(r.err, "winbench: sendmsg: --label: \"??\" has characters") != NULL, "exit %lu: %s", r.code,
       r.err);
    result_free(&r);
}

static void test_markdown(void)
{
    result r;
    char path[MAX_PATH], *md, *line;
    size_t len;
    int rows = 0;
    write_fixtures();
    r = run("report", "a.csv", "b.csv", "idle.csv", "--md", "t.md", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    path_in_dir(path, sizeof path, "t.md");
    md = read_all(path, &len);
    ok(md != NULL, "t.md written");
    if (md) {
        ok(strncmp(md, "| benchmark | configuration | machine | n | median | unit | comparison |\n", 72) == 0,
           "header:\n%s", md);
        line = strchr(md, '\n');
        ok(line && strncmp(line + 1, "|:---|:---|:---|---:|---:|:---|:---|\n", 37) == 0, "separator:\n%s", md);
        /* the table: its lines up to the first that is not one of it (each comparison's section follows) */
        for (line = md; *line == '|' && (line = strchr(line, '\n')) != NULL; line++) rows++;
        ok(rows == 2 + 4, "header, separator and 4 groups: %d lines", rows);
        ok(strstr(md, "## Each comparison: where the difference lies, and the noise beside it") != NULL,
           "each comparison's section follows:\n%s", md);
        free(md);
    }
    r = run("report", "a.csv", "--md", "t.md", NULL);
    ok(r.code == 2 && strstr(r.err, "--md: t.md already exists"), "never overwritten: %s", r.err);
    result_free(&r);
    r = run("report", "a.csv", "b.csv", "--md", "-", NULL);
    ok(r.code == 0 && strncmp(r.out, "| benchmark |", 13) == 0, "--md - on stdout:\n%s", r.out);
    result_free(&r);
}

/* Outputs: "-" is stdout (the table for people goes to stderr then); every output is checked
 * before anything is read, so an existing one fails the command with nothing written. */
static void test_outputs(void)
{
    result r;
    char path[MAX_PATH];
    write_fixtures();
    r = run("report", "a.csv", "b.csv", "--csv", "-", NULL);
    ok(r.code == 0 && strncmp(r.out, "benchmark,configuration,machine", 31) == 0, "--csv - on stdout:\n%s", r.out);
    ok(strstr(r.err, "baseline") != NULL, "the table on stderr:\n%s", r.err);
    result_free(&r);
    write_file("exists.html", "<p>keep me</p>");
    r = run("report", "a.csv", "--csv", "first.csv", "--html", "exists.html", NULL);
    ok(r.code == 2 && strstr(r.err, "--html: exists.html already exists"), "exit %lu: %s", r.code, r.err);
    ok(r.out_len == 0, "nothing printed: %s", r.out);
    result_free(&r);
    path_in_dir(path, sizeof path, "first.csv");
    ok(GetFileAttributesA(path) == INVALID_FILE_ATTRIBUTES, "no CSV left behind by a failed report");
    expect_usage("winbench: report: only one output (--csv, --json, --html, --md, --export-gbench, --export-bmf, --export-gab-smaller, "
                 "--export-gab-bigger) can be - (stdout)", "report", "a.csv",
                 "--csv=-", "--md=-");
}

/* What each file output holds of the fixtures: the comparison (A's median 200, B's 400, B 2.00
 * times A); an export for a tracker holds the medians without it (Google Benchmark's as the
 * time per call, in ns; sendmsg's rate is nothing customSmallerIsBetter takes). */
static const char *const *holds(const char *option)
{
    static const char *const table[][4] = { { "export-gbench", "5000000", "2500000", "\"real_time\"" },
                                            { "export-bmf", "200", "400", "\"throughput\"" },
                                            { "export-gab-bigger", "200", "400", "SendMessage/s" },
                                            { "export-gab-smaller", "[", "]", "[" },
                                            { NULL, "200", "400", "2.00" } };
    size_t i;
    for (i = 0; table[i][0] && strcmp(table[i][0], option) != 0; i++) continue;
    return table[i] + 1;
}

/* Every output that is a file, as `winbench help report` lists them (a format added later
 * too): written, holding what it should (holds), never overwritten, and on stdout for "-"
 * with the table on stderr. */
static void test_every_file_output(void)
{
    result help = run("help", "report", NULL);
    const char *line;
    int outputs = 0;
    write_fixtures();
    ok(help.code == 0, "help: exit %lu", help.code);
    for (line = help.out; line && (line = strstr(line, "\n  --")) != NULL; line++) {
        char name[32], file[64], path[MAX_PATH], *text;
        size_t len;
        result r;
        if (sscanf(line + 5, "%31[a-z0-9-] FILE", name) != 1 || strncmp(line + 5 + strlen(name), " FILE ", 6) != 0)
            continue;
        outputs++;
        snprintf(file, sizeof file, "every.%s", name);
        snprintf(path, sizeof path, "--%s", name);
        r = run("report", "a.csv", "b.csv", path, file, NULL);
        ok(r.code == 0, "--%s: exit %lu %s", name, r.code, r.err);
        result_free(&r);
        path_in_dir(path, sizeof path, file);
        text = read_all(path, &len);
        ok(text && strstr(text, holds(name)[0]) && strstr(text, holds(name)[1]) && strstr(text, holds(name)[2]),
           "--%s: %s, %s and %s in it:\n%s", name, holds(name)[0], holds(name)[1], holds(name)[2], text ? text : "(no file)");
        free(text);
        snprintf(path, sizeof path, "--%s", name);
        r = run("report", "a.csv", path, file, NULL);
        ok(r.code == 2 && strstr(r.err, "already exists"), "--%s: never overwritten: %s", name, r.err);
        result_free(&r);
        r = run("report", "a.csv", "b.csv", path, "-", NULL);
        ok(r.code == 0 && strstr(r.out, holds(name)[2]) && strstr(r.err, "2.00"), "--%s -: on stdout, the table on stderr", name);
        result_free(&r);
    }
    ok(outputs >= 3, "the file outputs of help (--csv, --html, --md at least): %d", outputs);
    result_free(&help);
}

/* sockloop rows, by hand: machine VM under two Wine versions (same host, no label), two loops. */
#define HEAD_L "schema,benchmark,label,row,rep,loop,rate,size,sockets,spread,mode,pacing_used,sent,lost,lat_mean_us," \
               "run_id,host,os_name,os_version,os_build,os_sp,wine_version\r\n"
#define L8(rep, loop, lost, lat) "1,sockloop,,rep," rep "," loop ",1000,1060,1,0,loopback,timer,1000," lost "," lat \
                                 ",VM-8,VM,Windows 7,6.1,7601,Service Pack 1,8.0\r\n"
#define L10(rep, loop, lost, lat) "1,sockloop,,rep," rep "," loop ",1000,1060,1,0,loopback,timer,1000," lost "," lat \
                                  ",VM-10,VM,Windows 7,6.1,7601,Service Pack 1,10.0\r\n"
static const char fixture_wine8[] = HEAD_L
    L8("1", "select", "0", "300") L8("2", "select", "0", "310") L8("3", "select", "0", "305") L8("4", "select", "0", "320")
    L8("1", "iocp", "100", "120") L8("2", "iocp", "100", "118") L8("3", "iocp", "100", "125") L8("4", "iocp", "100", "122");
static const char fixture_wine10[] = HEAD_L
    L10("1", "select", "0", "120") L10("2", "select", "0", "125") L10("3", "select", "0", "118") L10("4", "select", "0", "130");
/* A reflector's rows (no latency) and a run that lost everything (an empty latency cell). */
static const char fixture_reflector[] = HEAD_L
    "1,sockloop,,rep,1,select,10000,1060,1,0,reflect,,2000,0,,R-1,FAR,Windows 7,6.1,7601,Service Pack 1,8.0\r\n"
    "1,sockloop,,summary,,select,10000,1060,1,0,reflect,,2000,0,,R-1,FAR,Windows 7,6.1,7601,Service Pack 1,8.0\r\n";
static const char fixture_all_lost[] = HEAD_L
    "1,sockloop,,rep,1,select,1000,1060,1,0,peer,timer,1000,1000,,P-1,NEAR,Windows 7,6.1,7601,Service Pack 1,8.0\r\n"
    "1,sockloop,,summary,,select,1000,1060,1,0,peer,timer,1000,1000,,P-1,NEAR,Windows 7,6.1,7601,Service Pack 1,8.0\r\n";

/* Rows the report must count once, skip, or show without comparing; machines it must tell
 * apart; loss beside latency; and configurations compared on one machine. */
static void test_misreadings(void)
{
    result r;
    csv_file c;
    size_t row;
    int seen = 0;
    write_file("w8.csv", fixture_wine8);
    write_file("w10.csv", fixture_wine10);
    {
        char copy[MAX_PATH];
        path_in_dir(copy, sizeof copy, "copy");
        CreateDirectoryA(copy, NULL);
    }
    write_file("copy\\w8.csv", fixture_wine8);   /* the same file twice under a results tree */
    r = run("report", "w8.csv", "w10.csv", "--csv", "once.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    r = run("report", "w8.csv", "copy", "w10.csv", "--csv", "twice.csv", NULL);
    ok(r.code == 0, "duplicate: exit %lu %s", r.code, r.err);
    ok(strstr(r.err, "copy\\w8.csv: 8 repetitions already read from w8.csv") != NULL, "the repeated file named:\n%s", r.err);
    result_free(&r);
    {   /* n and p as if the copy were not there */
        csv_file a = load_csv_here("once.csv", ','), b = load_csv_here("twice.csv", ',');
        ok(a.ok && b.ok && a.t.nrows == b.t.nrows, "the same rows: %lu and %lu", (unsigned long)a.t.nrows,
           (unsigned long)b.t.nrows);
        for (row = 1; a.ok && b.ok && row < a.t.nrows && row < b.t.nrows; row++) {
            ok(strcmp(cell(&a, row, "n"), cell(&b, row, "n")) == 0, "row %lu: n %s vs %s", (unsigned long)row,
               cell(&a, row, "n"), cell(&b, row, "n"));
            ok(strcmp(cell(&a, row, "p_value"), cell(&b, row, "p_value")) == 0, "row %lu: p %s vs %s", (unsigned long)row,
               cell(&a, row, "p_value"), cell(&b, row, "p_value"));
        }
        wb_csv_free(&a.t);
        wb_csv_free(&b.t);
    }
    /* Two machines called VM: two names, the first file's the baseline, either can be chosen */
    c = load_csv_here("once.csv", ',');
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        const char *machine = cell(&c, row, "machine"), *config = cell(&c, row, "configuration");
        if (strstr(config, "loop=select") && !strcmp(machine, "VM (Wine 8.0)")) {
            cell_is(&c, row, "comparison", "baseline");
            seen |= 1;
        }
        if (strstr(config, "loop=select") && !strcmp(machine, "VM (Wine 10.0)")) {
            ok(strstr(cell(&c, row, "comparison"), "x lower mean latency than VM (Wine 8.0) [") != NULL &&
                   strstr(cell(&c, row, "comparison"), "], p=0.0286") != NULL,
               "Wine 10 against Wine 8: %s", cell(&c, row, "comparison"));
            seen |= 2;
        }
        if (strstr(config, "loop=iocp")) {   /* loss beside latency, in numbers and in words */
            cell_is(&c, row, "lost", "400");   /* the total over its 4 repetitions, as the run's summary says */
            cell_is(&c, row, "loss_pct", "10");
        }
    }
    ok(seen == 3, "both VMs in the table under their own names (%d)", seen);
    wb_csv_free(&c.t);
    r = run("report", "w10.csv", "w8.csv", NULL);   /* the command line's order decides the baseline */
    ok(strstr(r.out, "x higher mean latency than VM (Wine 10.0)") != NULL, "w10.csv first: the baseline:\n%s", r.out);
    result_free(&r);
    r = run("report", "w8.csv", "w10.csv", "--baseline", "VM (Wine 10.0)", "--md", "-", NULL);
    ok(r.code == 0 && strstr(r.out, "than VM (Wine 10.0)") != NULL, "--baseline takes the shown name:\n%s%s", r.out, r.err);
    ok(strstr(r.out, "| lost |") != NULL || strstr(r.out, "|lost|") != NULL || strstr(r.out, "lost") != NULL,
       "the Markdown has a loss column:\n%s", r.out);
    result_free(&r);
    /* --compare loop: each loop against select, on the same machine, with the same test */
    r = run("report", "w8.csv", "--compare", "loop", NULL);
    ok(r.code == 0, "--compare loop: exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "x lower mean latency than loop=select [") != NULL &&
           strstr(r.out, "], p=0.0286; lost 400 where loop=select lost none") != NULL,
       "iocp against select on VM:\n%s", r.out);
    result_free(&r);
    r = run("report", "w8.csv", "--html", "loss.html", NULL);
    {
        char path[MAX_PATH], *html;
        size_t len;
        path_in_dir(path, sizeof path, "loss.html");
        html = read_all(path, &len);
        ok(html && strstr(html, "<th>lost</th>") && strstr(html, "<td>400</td>"), "the HTML carries the loss");
        /* and its bar is marked: 10% lost, over the 1% that marks one (select, none lost, is not) */
        ok(html && strstr(html, "class=\"lossy\"") && strstr(html, "lost 400 (10%)</title>") &&
           strstr(html, "lost over 1% of its packets") != NULL, "the lossy bar marked, and the mark explained");
        free(html);
    }
    result_free(&r);
    /* a reflector's CSV and an all-lost run: read, not refused */
    write_file("refl.csv", fixture_reflector);
    write_file("lost.csv", fixture_all_lost);
    r = run("report", "lost.csv", "refl.csv", NULL);
    ok(r.code == 0, "reflector and all-lost CSVs: exit %lu %s", r.code, r.err);
    ok(strstr(r.err, "refl.csv: 1 row left out: a reflector's rows") != NULL, "the reflector's rows noted:\n%s", r.err);
    ok(strstr(r.out, "nothing received (1 repetition)") != NULL, "all lost: nothing received:\n%s", r.out);
    result_free(&r);
}

/* Two machines asked for 10,000/s over 5 s; on the second the sender fell behind (920/s sent,
 * ~45,400 never sent), and its latency is lower for it: the comparison says the loads differ,
 * and the table shows what was never sent. */
#define HEAD_U "schema,benchmark,label,row,rep,loop,rate,size,sockets,spread,mode,pacing_used,sent,lost,lat_mean_us," \
               "send_errors,send_rate,unsent,run_id,host,os_name,os_version,os_build,os_sp,wine_version\r\n"
#define LU(host, rep, sent, rate, unsent, lat) "1,sockloop,,rep," rep ",select,10000,1060,1,0,loopback,timer," sent ",0," \
    lat ",0," rate "," unsent "," host "-1," host ",Windows 7,6.1,7601,Service Pack 1,8.0\r\n"
static const char fixture_kept_up[] = HEAD_U
    LU("KEPT", "1", "50000", "9999.5", "0", "300") LU("KEPT", "2", "50000", "9999.1", "0", "310")
    LU("KEPT", "3", "50000", "9999.8", "0", "305") LU("KEPT", "4", "50000", "9999.0", "0", "320");
static const char fixture_behind[] = HEAD_U
    LU("SLOW", "1", "4600", "920.0", "45400", "120") LU("SLOW", "2", "4610", "922.0", "45390", "125")
    LU("SLOW", "3", "4590", "918.0", "45410", "118") LU("SLOW", "4", "4605", "921.0", "45395", "130");

/* Machines whose stall probes differ (stall_pct: 3.1% against 0.2%, the medians of three
 * repetitions each) are said so beside the comparison; a difference under a point is not. */
static void test_stalls_differ(void)
{
#define HEAD_ST "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,stall_pct,host,os_name,os_version,os_build,os_sp\r\n"
#define ROW_ST(label, rep, rate, stall, host, os, ver, build, sp) \
    "1,sendmsg," label ",rep," rep ",button,on,same,0," rate "," stall "," host "," os "," ver "," build "," sp "\r\n"
    static const char xp[] = HEAD_ST ROW_ST("XP", "1", "100", "2.9", "XPVM", "Windows XP", "5.1", "2600", "Service Pack 3")
        ROW_ST("XP", "2", "110", "3.1", "XPVM", "Windows XP", "5.1", "2600", "Service Pack 3")
        ROW_ST("XP", "3", "105", "3.4", "XPVM", "Windows XP", "5.1", "2600", "Service Pack 3");
    static const char vista[] = HEAD_ST ROW_ST("VISTA", "1", "400", "0.2", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2")
        ROW_ST("VISTA", "2", "410", "0.1", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2")
        ROW_ST("VISTA", "3", "390", "0.3", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2");
    static const char vista_busy[] = HEAD_ST ROW_ST("VISTA", "1", "400", "2.4", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2")
        ROW_ST("VISTA", "2", "410", "2.6", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2")
        ROW_ST("VISTA", "3", "390", "2.5", "VVM", "Windows Vista", "6.0", "6002", "Service Pack 2");
#undef ROW_ST
#undef HEAD_ST
    result r;
    write_file("st-xp.csv", xp);
    write_file("st-vista.csv", vista);
    write_file("st-busy.csv", vista_busy);
    r = run("report", "st-xp.csv", "st-vista.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "XP lost 3.1% of a running thread to stalls, VISTA 0.2% (stall_pct, the medians): the machines, "
                     "not only the OS, differ") != NULL, "the stalls beside the comparison:\n%s", r.out);
    result_free(&r);
    r = run("report", "st-xp.csv", "st-busy.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "to stalls") == NULL, "3.1%% against 2.5%%: nothing said:\n%s", r.out);
    result_free(&r);
}

static void test_different_loads(void)
{
    result r;
    csv_file c;
    size_t row;
    int seen = 0;
    write_file("kept.csv", fixture_kept_up);
    write_file("behind.csv", fixture_behind);
    r = run("report", "kept.csv", "behind.csv", "--csv", "loads.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "at different loads: sent 920.5/s where KEPT sent 9999.3/s") != NULL, "the loads in the line:\n%s", r.out);
    ok(strstr(r.out, "unsent") != NULL && strstr(r.out, "45398 ") != NULL, "what was never sent, in the table:\n%s", r.out);
    result_free(&r);
    c = load_csv_here("loads.csv", ',');
    for (row = 1; c.ok && row < c.t.nrows; row++)
        if (!strcmp(cell(&c, row, "machine"), "SLOW")) {
            cell_is(&c, row, "unsent", "45397.5");   /* the median of four */
            cell_is(&c, row, "achieved_rate", "920.5");
            seen = 1;
        }
    ok(seen, "the SLOW row");
    wb_csv_free(&c.t);
    /* the same loads (rows written before the unsent column): no such words */
    write_file("w8.csv", fixture_wine8);
    write_file("w10.csv", fixture_wine10);
    r = run("report", "w8.csv", "w10.csv", NULL);
    ok(strstr(r.out, "different loads") == NULL && strstr(r.out, "unsent") == NULL, "no load words without the columns:\n%s",
       r.out);
    result_free(&r);
}

/* Two repetitions whose distributions are known and differ: A, 1000 packets at 100 us; B, 900 at
 * 200 us and 100 at 5 ms. Together (2000 samples) the top 1% are all 5 ms: p99 = 5 ms, which
 * the report takes from their histograms merged; the median of the two rows' own p99s (100 us
 * and 5 ms) would say 2.55 ms, which is what it must say, and say so, for rows without one. */
static void hist_row(char *out, size_t cap, const char *rep, int with_cell, uint64_t fast, uint64_t slow, unsigned nslow)
{
    wb_hist *h = (wb_hist *)calloc(1, sizeof *h);
    char *text = (char *)malloc(65536);
    unsigned i;
    for (i = 0; i < 1000; i++) wb_hist_record(h, i < nslow ? slow : fast);
    wb_hdr_encode(h, text, 65536);
    snprintf(out, cap, "1,sockloop,,rep,%s,select,1000,1060,1,0,loopback,timer,1000,1000,0,%g,%g,%g,%g,%g,M-1,M,Windows 7,"
             "6.1,7601,Service Pack 1,8.0,%s\r\n", rep, (double)wb_hist_mean(h) / 1000, (double)wb_hist_percentile(h, 50) / 1000,
             (double)wb_hist_percentile(h, 90) / 1000, (double)wb_hist_percentile(h, 99) / 1000,
             (double)wb_hist_percentile(h, 99.9) / 1000, with_cell ? text : "");
    free(text), free(h);
}

static void test_merged_percentiles(void)
{
    static const char head[] = "schema,benchmark,label,row,rep,loop,rate,size,sockets,spread,mode,pacing_used,sent,received,"
                               "lost,lat_mean_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,run_id,host,os_name,os_version,"
                               "os_build,os_sp,wine_version,latency_hdr\r\n";
    static char text[2][140000];
    int with;
    for (with = 1; with >= 0; with--) {
        char a[70000], b[70000];
        result r;
        csv_file c;
        size_t row;
        hist_row(a, sizeof a, "1", with, 100000, 100000, 0);
        hist_row(b, sizeof b, "2", with, 200000, 5000000, 100);
        snprintf(text[with], sizeof text[with], "%s%s%s", head, a, b);
        write_file(with ? "hist.csv" : "nohist.csv", text[with]);
        r = run("report", with ? "hist.csv" : "nohist.csv", "--csv", with ? "hist-r.csv" : "nohist-r.csv", NULL);
        ok(r.code == 0, "exit %lu %s", r.code, r.err);
        ok(strstr(r.out, with ? "p99: of all the repetitions' samples together, from their latency histograms merged (1 "
                                "configuration)" : "p99: the median of the repetitions' p99s, which is not the p99 of their "
                                "samples together") != NULL, "the report says where its p99 comes from:\n%s", r.out);
        ok(!with || (strstr(r.out, "4.997 ms [4.997 ms, 4.997 ms]") != NULL &&
                     strstr(r.out, "withheld: sockloop ") != NULL && strstr(r.out, ": p99.9: 2000 samples") != NULL),
           "the console gives the p99's interval and what it withholds:\n%s", r.out);
        result_free(&r);
        c = load_csv_here(with ? "hist-r.csv" : "nohist-r.csv", ',');
        row = c.ok && c.t.nrows == 2 ? 1 : 0;   /* one configuration on one machine */
        if (row) {
            double p99 = num(&c, row, "p99");
            if (with) ok(fabs(p99 - 5000.0) <= 5000.0 * 0.004, "merged p99 %g us: the union's 5 ms", p99);
            else ok(fabs(p99 - 2548.5596) <= 30, "without histograms: %g us, the median of 100 us and 5 ms", p99);
            cell_is(&c, row, "percentiles_from", with ? "histograms" : "medians");
            /* p50: the 1000th of 2000 samples is A's 100 us; the rows' own p50s are 100 and 200 us */
            ok(fabs(num(&c, row, "p50") - (with ? 100.0 : 150.0)) <= 1, "p50 %g us", num(&c, row, "p50"));
            /* the intervals: of 2000 samples the p50 lies between the 956th and 1045th smallest
             * (binomial, 95%), A's 100 us and B's 200 us; the p99's ranks (1971st, 1989th) are
             * both B's 5 ms. The p99.9's 2000 samples cannot bound it on both sides (3688 would):
             * withheld. Without histograms there is no sample to bound: no interval, none withheld. */
            if (with) {
                ok(fabs(num(&c, row, "p50_lo") - 100.0) <= 1 && fabs(num(&c, row, "p50_hi") - 200.0) <= 1,
                   "p50 [%g, %g] us: the order statistics around the 1000th", num(&c, row, "p50_lo"), num(&c, row, "p50_hi"));
                ok(fabs(num(&c, row, "p99_lo") - 5000.0) <= 20 && fabs(num(&c, row, "p99_hi") - 5000.0) <= 20,
                   "p99 [%g, %g] us", num(&c, row, "p99_lo"), num(&c, row, "p99_hi"));
                cell_is(&c, row, "percentiles_withheld", "p99.9: 2000 samples, a 95% bound on both sides needs 3688");
            } else {
                cell_is(&c, row, "p99_lo", "");
                cell_is(&c, row, "percentiles_withheld", "");
            }
        } else {
            ok(0, "no sockloop row in the report's CSV");
        }
        wb_csv_free(&c.t);
        if (with) {   /* A on machine M, B on machine N: --merge-machines pools them, histograms merged */
            char *n = strstr(b, ",M-1,M,");
            csv_file m;
            if (n) memcpy(n, ",N-1,N,", 7);
            snprintf(text[0], sizeof text[0], "%s%s", head, a);
            write_file("hist-m.csv", text[0]);
            snprintf(text[0], sizeof text[0], "%s%s", head, b);
            write_file("hist-n.csv", text[0]);
            r = run("report", "hist-m.csv", "hist-n.csv", "--merge-machines", "--csv", "merged-r.csv", NULL);
            ok(r.code == 0 && strstr(r.out, "all machines") != NULL, "--merge-machines: exit %lu\n%s", r.code, r.out);
            result_free(&r);
            m = load_csv_here("merged-r.csv", ',');
            ok(m.ok && m.t.nrows == 2 && fabs(num(&m, 1, "p99") - 5000.0) <= 20 && num(&m, 1, "n") == 2,
               "two machines' repetitions as one group: p99 %g us of their samples together", m.ok ? num(&m, 1, "p99") : -1);
            wb_csv_free(&m.t);
        }
    }
}

/* Five machines: the console table pivots (a configuration per row, a machine per column, the
 * medians; `*` where one differs from the baseline), --tsv too; --csv keeps a row per group. */
static void test_pivot(void)
{
    static const char *const hosts[5] = { "H1", "H2", "H3", "H4", "H5" };
    static const char *const lat[5] = { "300", "310", "600", "305", "320" };   /* H3: twice as slow */
    char text[4096], name[32];
    result r;
    size_t used, k;
    int i, rep;
    csv_file c;
    for (i = 0; i < 5; i++) {
        used = (size_t)snprintf(text, sizeof text, "%s", HEAD_U);
        for (rep = 1; rep <= 4; rep++)
            used += (size_t)snprintf(text + used, sizeof text - used, "1,sockloop,,rep,%d,select,10000,1060,1,0,loopback,timer,"
                                     "50000,0,%d,0,9999,0,%s-1,%s,Windows 7,6.1,7601,Service Pack 1,8.0\r\n", rep,
                                     atoi(lat[i]) + rep, hosts[i], hosts[i]);
        snprintf(name, sizeof name, "p%d.csv", i + 1);
        write_file(name, text);
    }
    r = run("report", "p1.csv", "p2.csv", "p3.csv", "p4.csv", "p5.csv", "--csv", "pivot-long.csv", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "H1") && strstr(r.out, "H5") && strstr(r.out, "5 machines: a configuration per row, a machine per column"),
       "pivoted:\n%s", r.out);
    {   /* one row for the configuration, the five medians in it, H3's marked */
        const char *row = strstr(r.out, "\nsockloop");
        ok(row && strstr(row, "302.5 us") && strstr(row, "602.5 us*") && strstr(row, "322.5 us") && count_lines(r.out) >= 3,
           "the row of medians:\n%s", r.out);
    }
    result_free(&r);
    c = load_csv_here("pivot-long.csv", ',');
    ok(c.ok && c.t.nrows == 6, "--csv keeps a row per machine: %lu rows", c.ok ? (unsigned long)c.t.nrows : 0ul);
    wb_csv_free(&c.t);
    r = run("report", "p1.csv", "p2.csv", "p3.csv", "p4.csv", "p5.csv", "--tsv", NULL);
    for (k = 0, i = 0; r.out[k]; k++) i += r.out[k] == '\t';
    ok(r.code == 0 && strncmp(r.out, "benchmark\tconfiguration\tunit\tH1\tH2\tH3\tH4\tH5\r\n", 45) == 0 && i == 14,
       "--tsv pivoted too (%d tabs):\n%s", i, r.out);
    result_free(&r);
    r = run("report", "p1.csv", "p2.csv", "p3.csv", "p4.csv", "p5.csv", "--html", "pivot.html", NULL);
    result_free(&r);
    {   /* the page: its table pivoted, and every bar named */
        char path[MAX_PATH], *html;
        const char *p;
        size_t len;
        int named = 0;
        path_in_dir(path, sizeof path, "pivot.html");
        html = read_all(path, &len);
        for (p = html; p && (p = strstr(p, "class=\"barname\"")) != NULL; p++) named++;
        ok(html && strstr(html, "<table class=\"pivot\">") && named == 5, "pivot.html: a pivoted table, %d bars named", named);
        ok(html && strstr(html, ">H3</text>") != NULL, "H3's bar says so");
        free(html);
    }
}

/* Three runs started together (in one second, as a script on three consoles would): three run
 * ids, and the report counts all six repetitions, not two. And two machines whose rows agree
 * in run id, host and label (files of 0.4, hand-named hosts) are not one run read twice. */
static void test_same_second(void)
{
    static const char *const files[3] = { "s1.csv", "s2.csv", "s3.csv" };
    proc p[3];
    char ids[3][128];
    result r;
    csv_file c;
    int i;
    for (i = 0; i < 3; i++)
        p[i] = start("sendmsg", "--iterations", "20k", "--repeat", "2", "--csv", files[i], "--quiet", NULL);
    for (i = 0; i < 3; i++) {
        r = finish(&p[i], 60000);
        ok(r.code == 0, "run %d: exit %lu %s", i + 1, r.code, r.err);
        result_free(&r);
        c = load_csv_here(files[i], ',');
        snprintf(ids[i], sizeof ids[i], "%s", c.ok && c.t.nrows > 1 ? cell(&c, 1, "run_id") : "");
        wb_csv_free(&c.t);
    }
    ok(ids[0][0] && strcmp(ids[0], ids[1]) && strcmp(ids[0], ids[2]) && strcmp(ids[1], ids[2]), "three run ids: %s, %s, %s",
       ids[0], ids[1], ids[2]);
    r = run("report", files[0], files[1], files[2], "--csv", "same.csv", NULL);
    ok(r.code == 0 && strstr(r.err, "already read") == NULL, "exit %lu, nothing read twice: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("same.csv", ',');
    ok(c.ok && c.t.nrows == 2 && strcmp(cell(&c, 1, "n"), "6") == 0, "one group of 6 repetitions: n %s",
       c.ok && c.t.nrows > 1 ? cell(&c, 1, "n") : "-");
    wb_csv_free(&c.t);
    /* the same run id, host and label on two machines (another Windows, another CPU) */
    write_file("m1.csv", HEAD_L L8("1", "select", "0", "300") L8("2", "select", "0", "310"));
    write_file("m2.csv", HEAD_L "1,sockloop,,rep,1,select,1000,1060,1,0,loopback,timer,1000,0,200,VM-8,VM,Windows 10,"
                            "10.0,19045,,8.0\r\n" "1,sockloop,,rep,2,select,1000,1060,1,0,loopback,timer,1000,0,210,VM-8,VM,"
                            "Windows 10,10.0,19045,,8.0\r\n");
    r = run("report", "m1.csv", "m2.csv", "--csv", "two.csv", NULL);
    ok(r.code == 0 && strstr(r.err, "already read") == NULL, "two machines, not one read twice: exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("two.csv", ',');
    ok(c.ok && c.t.nrows == 3, "two groups: %lu rows", c.ok ? (unsigned long)c.t.nrows - 1 : 0);
    wb_csv_free(&c.t);
}

/* The regression gate: select planted 10% slower with 5 repetitions a side (no overlap),
 * a configuration with 2 a side (no outcome could reach p < 0.05), one only in the new results
 * and one only in the old. */
#define LG(id, rep, loop, lat) "1,sockloop,,rep," rep "," loop ",1000,1060,1,0,loopback,timer,1000,0," lat "," id \
                               ",VM,Windows 7,6.1,7601,Service Pack 1,8.0\r\n"
static const char fixture_gate_old[] = HEAD_L
    LG("O", "1", "select", "100") LG("O", "2", "select", "101") LG("O", "3", "select", "99") LG("O", "4", "select", "100")
    LG("O", "5", "select", "102") LG("O", "1", "iocp", "50") LG("O", "2", "iocp", "51") LG("O", "1", "wsapoll", "200")
    LG("O", "2", "wsapoll", "201") LG("O", "3", "wsapoll", "199") LG("O", "4", "wsapoll", "200") LG("O", "5", "wsapoll", "202");
static const char fixture_gate_new[] = HEAD_L
    LG("N", "1", "select", "110") LG("N", "2", "select", "111") LG("N", "3", "select", "109") LG("N", "4", "select", "110")
    LG("N", "5", "select", "112") LG("N", "1", "iocp", "60") LG("N", "2", "iocp", "61") LG("N", "1", "afd", "80")
    LG("N", "2", "afd", "81") LG("N", "3", "afd", "79") LG("N", "4", "afd", "80") LG("N", "5", "afd", "82");

static void test_gate(void)
{
    result r;
    write_file("gate-old.csv", fixture_gate_old);
    write_file("gate-new.csv", fixture_gate_new);
    r = run("report", "gate-new.csv", "--against", "gate-old.csv", "--fail-worse", "5", NULL);
    ok(r.code == 3, "a 10%% slowdown fails a 5%% gate: exit %lu\n%s%s", r.code, r.out, r.err);
    {
        /* 10% worse, its interval (the ratios' Hodges-Lehmann one) wholly beyond 5% */
        const char *p = strstr(r.out, ": 10.0% worse [7.8%, 12.0%] (median 110 against 100, p=");
        ok(strstr(r.out, "  WORSE: sockloop loop=select rate=1000") != NULL && p != NULL && atof(p + 51) < 0.05 &&
           strstr(p, ", 5 and 5 repetitions of one process a side)") != NULL, "select named, with its numbers:\n%s", r.out);
    }
    ok(strstr(r.out, "loop=iocp") && strstr(r.out, ": too few repetitions (2 new, 2 old; p < 0.05 needs 4 a side)") != NULL,
       "iocp not compared, and why:\n%s", r.out);
    ok(strstr(r.out, "loop=afd") && strstr(r.out, ": only in the new results") && strstr(r.out, "loop=wsapoll") &&
       strstr(r.out, ": only in the old results") != NULL, "what one side lacks:\n%s", r.out);
    ok(strstr(r.out, "gate: FAILED: 1 of 1 configurations compared worse by 5% or more with 95% confidence, or lost 5 "
                     "points more; 3 not compared\r\n") == r.out,
       "the verdict, first:\n%s", r.out);
    result_free(&r);
    r = run("report", "gate-new.csv", "--against", "gate-old.csv", "--fail-worse", "15", NULL);
    ok(r.code == 0 && strstr(r.out, "  ok: sockloop loop=select") != NULL &&
           strstr(r.out, ": 10.0% worse [7.8%, 12.0%], not worse by the limit with 95% confidence (") != NULL,
       "10%% passes a 15%% gate, and says why: exit %lu\n%s", r.code, r.out);
    result_free(&r);
    r = run("report", "gate-new.csv", "--fail-worse", "5", "--against", "gate-new.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "gate: passed: 0 of 2 configurations") != NULL, "a run against itself: exit %lu\n%s",
       r.code, r.out);
    result_free(&r);
    {   /* asyncselect 0.1% faster, but it lost 22% at 8,611/s where the old lost 15% at 9,862/s: not
         * "ok"; the same with the old load, and the loss alone fails it */
        static const char head[] = "schema,benchmark,label,row,rep,loop,rate,size,sockets,spread,mode,pacing_used,sent,"
                                   "lost,send_rate,lat_mean_us,run_id,host,os_name,os_version,os_build,os_sp,wine_version\r\n";
        char text[3][2048];
        int side, rep;
        for (side = 0; side < 3; side++) {   /* old, new at a lower load, new at the old load */
            size_t used = (size_t)snprintf(text[side], sizeof text[side], "%s", head);
            for (rep = 1; rep <= 5; rep++)
                used += (size_t)snprintf(text[side] + used, sizeof text[side] - used,
                                         "1,sockloop,,rep,%d,asyncselect,10000,1060,1,0,loopback,timer,%d,%d,%s,%.1f,%s-1,H,"
                                         "Windows 7,6.1,7601,Service Pack 1,8.0\r\n", rep, side == 1 ? 86110 : 98620,
                                         side == 0 ? 14793 : side == 1 ? 18944 : 21696, side == 1 ? "8611" : "9862",
                                         (side ? 999.0 : 1000.0) + rep, side ? "N" : "O");
        }
        write_file("loss-old.csv", text[0]);
        write_file("loss-new.csv", text[1]);
        write_file("loss-same-load.csv", text[2]);
        r = run("report", "loss-new.csv", "--against", "loss-old.csv", "--fail-worse", "5", NULL);
        ok(r.code == 3 && strstr(r.out, "  ok:") == NULL &&
           strstr(r.out, "  not compared: sockloop loop=asyncselect rate=10000 ") != NULL &&
           strstr(r.out, " on H: at different loads: offered 8611.0/s new, 9862.0/s old (12.7% less)\r\n") != NULL &&
           strstr(r.out, ", of which 1 at a load 5% or more below the old (these fail the gate too)") != NULL,
           "a lower load is not compared, and fails: exit %lu\n%s", r.code, r.out);
        result_free(&r);
        r = run("report", "loss-same-load.csv", "--against", "loss-old.csv", "--fail-worse", "5", NULL);
        ok(r.code == 3 && strstr(r.out, "  WORSE: sockloop loop=asyncselect rate=10000 ") != NULL &&
           strstr(r.out, " on H: lost 22% of what it sent where the old lost 15% (7 points more)\r\n") != NULL,
           "more loss at the same load fails: exit %lu\n%s", r.code, r.out);
        result_free(&r);
    }
    {   /* the same configuration run for 10 s against 2 s: not the same test, and said so */
        static const char head[] = "schema,benchmark,label,row,rep,loop,rate,size,duration,sockets,spread,mode,pacing_used,sent,"
                                   "lost,lat_mean_us,run_id,host,os_name,os_version,os_build,os_sp,wine_version\r\n";
        char text[2][2048];
        int side, rep;
        for (side = 0; side < 2; side++) {
            size_t used = (size_t)snprintf(text[side], sizeof text[side], "%s", head);
            for (rep = 1; rep <= 5; rep++)
                used += (size_t)snprintf(text[side] + used, sizeof text[side] - used,
                                         "1,sockloop,,rep,%d,select,1000,1060,%s,1,0,loopback,timer,1000,0,%d,%s-1,%s,Windows 7,"
                                         "6.1,7601,Service Pack 1,8.0\r\n", rep, side ? "10" : "2", side ? 200 + rep : 100 + rep,
                                         side ? "N" : "O", "H");
        }
        write_file("dur-old.csv", text[0]);
        write_file("dur-new.csv", text[1]);
        r = run("report", "dur-new.csv", "--against", "dur-old.csv", "--fail-worse", "5", NULL);
        ok(r.code == 0 && strstr(r.out, "not compared: sockloop loop=select rate=1000") &&
           strstr(r.out, ": different options (--duration 10s new, 2s old)") &&
           strstr(r.out, "gate: passed: 0 of 0 configurations compared"), "different options named: exit %lu\n%s", r.code, r.out);
        result_free(&r);
        /* 0.6 names the column duration_s: a file of today against one of 0.5 with the same
         * duration is the same test */
        {
            char *p = strstr(text[1], "duration,"), *q;
            memmove(p + strlen("duration_s,"), p + strlen("duration,"), strlen(p + strlen("duration,")) + 1);
            memcpy(p, "duration_s,", strlen("duration_s,"));
            for (q = text[1]; (q = strstr(q, ",10,1,0,loopback")) != NULL;) q[1] = '2', memmove(q + 2, q + 3, strlen(q + 3) + 1);
        }
        write_file("dur-today.csv", text[1]);
        r = run("report", "dur-today.csv", "--against", "dur-old.csv", "--fail-worse", "5", NULL);
        ok(strstr(r.out, "different options") == NULL && strstr(r.out, "1 configurations compared") != NULL,
           "duration_s=2 of today against duration=2 of 0.5: compared: exit %lu\n%s", r.code, r.out);
        result_free(&r);
    }
    expect_usage("winbench: report: --against: needs --fail-worse PCT (how much worse fails)", "report", "a.csv",
                 "--against", "b.csv");
    expect_usage("winbench: report: --fail-worse: needs --against OLD... (the results to hold these against)", "report",
                 "a.csv", "--fail-worse", "5");
    r = run("report", "a.csv", "--against", "b.csv", "--fail-worse=5%", NULL);
    ok(r.code == 2 && strstr(r.err, "winbench: report: --fail-worse: expected a percentage (e.g. 5 or 2.5), got \"5%\"") == r.err &&
       count_lines(r.err) == 1,
       "a percentage with its sign: exit %lu: %s", r.code, r.err);
    result_free(&r);
}

/* A folder holding report's own output beside the benchmark CSVs (results/ does): skipped with a
 * note, not a failure. A file of a newer schema: one clear line. */
static void test_folders_and_schemas(void)
{
    static const char newer[] = "schema,benchmark,label,row,rep,host,os_name\r\n2,sendmsg,,rep,1,H,Windows 12\r\n";
    result r;
    make_folder("res");
    write_file("res\\a.csv", fixture_a);
    write_file("res\\b.csv", fixture_b);
    r = run("report", "res", "--csv", "res\\report.csv", "--force", NULL);   /* Wine reuses PIDs: maybe a stale folder */
    ok(r.code == 0, "first report: exit %lu %s", r.code, r.err);
    result_free(&r);
    r = run("report", "res", NULL);
    ok(r.code == 0, "a folder with report.csv in it: exit %lu %s", r.code, r.err);
    ok(strstr(r.err, "res\\report.csv: skipped: a report table") != NULL, "a note:\n%s", r.err);
    result_free(&r);
    write_file("newer.csv", newer);
    r = run("report", "newer.csv", NULL);
    ok(r.code == 1 && strstr(r.err, "newer.csv: line 2: written by a newer winbench (CSV schema 2; this one reads "
                             "schema 1): update winbench to read it") != NULL, "exit %lu: %s", r.code, r.err);
    result_free(&r);
}

/* The answers lead: one line per comparison (what, how much, where, p) before the table; what
 * the repetitions cannot answer is said once; no table row is padded past its text; and the
 * noise is a figure 5 repetitions can give (their spread), not a test they cannot pass. */
static void test_answers_first(void)
{
    static const char head[] = "answers (one line per comparison; the table and each one's parts follow):\r\n";
    result r;
    char answers[2048] = "";
    write_file("ans-new.csv", fixture_gate_new);
    r = run("report", "ans-new.csv", NULL);
    ok(r.code == 0 && strncmp(r.out, head, strlen(head)) == 0, "the answers first: exit %lu\n%s", r.code, r.out);
    if (strstr(r.out, "\r\n\r\n")) snprintf(answers, sizeof answers, "%.*s", (int)(strstr(r.out, "\r\n\r\n") - r.out), r.out);
    ok(strstr(answers, "\r\n  sockloop loop=afd, VM: 1.38x lower mean latency than loop=select [1.34, 1.40], p=0.0117\r\n") != NULL,
       "afd against select, in a line:\n%s", answers);
    ok(strstr(answers, "\r\n1 comparison cannot be told apart: it has fewer than 4 repetitions a side, which p < 0.05 "
                       "needs (--repeat 4 or more)") != NULL && strstr(answers, "loop=iocp") == NULL,
       "iocp's 2 repetitions said once, not as an answer:\n%s", answers);
    ok(strstr(r.out, " \r\n") == NULL, "no line ends in padding:\n%s", r.out);
    ok(strstr(r.out, "noise: its 5 repetitions span ") != NULL && strstr(r.out, "cannot tell with 2 and 3") == NULL,
       "5 repetitions' noise is their spread:\n%s", r.out);
    ok(strstr(r.out, "which needs 8; with fewer, their spread)") != NULL, "what the A/A test needs, said once:\n%s", r.out);
    result_free(&r);
}

/* A benchmark's natural variants in its own order, whatever order the rows came in (an
 * interleaved run writes its loops in the first round's random order): select before iocp
 * before afd, as the README lists the loops; and an option empty in a row (wakeup's rate for a
 * timer source) is no "rate=" in the configuration. */
static void test_natural_order(void)
{
    static const char rows[] = HEAD_L
        LG("N", "1", "afd", "80") LG("N", "1", "iocp", "60") LG("N", "1", "select", "110") LG("N", "2", "afd", "81")
        LG("N", "2", "iocp", "61") LG("N", "2", "select", "111");
    static const char wake[] = "schema,benchmark,label,row,rep,source,period_ms,rate,resolution,late_p99_us,run_id,host,"
                               "os_name\r\n1,wakeup,,rep,1,sleep,1,,default,900,W-1,H,Windows 7\r\n"
                               "1,wakeup,,rep,1,event,1,1000,default,300,W-1,H,Windows 7\r\n";
    result r;
    const char *sel, *io, *afd;
    write_file("order.csv", rows);
    r = run("report", "order.csv", NULL);
    sel = strstr(r.out, "\r\nsockloop   loop=select");
    io = strstr(r.out, "\r\nsockloop   loop=iocp");
    afd = strstr(r.out, "\r\nsockloop   loop=afd");
    ok(r.code == 0 && sel && io && afd && sel < io && io < afd, "select, iocp, afd as the README lists them:\n%s", r.out);
    result_free(&r);
    write_file("wake.csv", wake);
    r = run("report", "wake.csv", NULL);
    ok(r.code == 0 && strstr(r.out, "source=sleep resolution=default ") != NULL && strstr(r.out, "rate= ") == NULL,
       "no empty rate= in a timer's configuration:\n%s", r.out);
    result_free(&r);
}

static void test_bad_arguments(void)
{
    expect_usage("winbench: report: expected CSV files or folders to compare", "report", NULL, NULL, NULL);
    expect_usage("winbench: report: --colour: unknown option (see winbench help)", "report", "x.csv", "--colour", NULL);
    expect_usage("winbench: all: --speed: unknown option (see winbench help)", "all", "--speed", NULL, NULL);
}

static const wbt_case cases[] = {
    { "old_files", test_old_files, 0 },
    { "merged_percentiles", test_merged_percentiles, 0 },
    { "processes", test_processes, 0 },
    { "pivot", test_pivot, 0 },
    { "significance", test_significance, 0 },
    { "markdown", test_markdown, 0 },
    { "outputs", test_outputs, 0 },
    { "every_file_output", test_every_file_output, 0 },
    { "folders_and_schemas", test_folders_and_schemas, 0 },
    { "known_values", test_known_values, 0 },
    { "damaged_and_foreign", test_damaged_and_foreign, 0 },
    { "tsv_and_clipboard", test_tsv_and_clipboard, 0 },
    { "unicode_args", test_unicode_args, 0 },
    { "utf8_label", test_utf8_label, 0 },
    { "answers_first", test_answers_first, 0 },
    { "natural_order", test_natural_order, 0 },
    { "bad_arguments", test_bad_arguments, 0 },
    { "different_loads", test_different_loads, 0 },
    { "stalls_differ", test_stalls_differ, 0 },
    { "same_second", test_same_second, 0 },
    { "gate", test_gate, 0 },
    { "misreadings", test_misreadings, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

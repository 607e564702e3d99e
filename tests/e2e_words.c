/* End-to-end tests of the report's words for "is it the OS, the API or your code?", on fixture
 * CSVs whose answers are known: the split's sentences, the noise line, the interaction, the
 * confounds beside a comparison of two machines, 0.4's and 0.5's rows beside today's, a part
 * that is "~0". The parts measured by runs are e2e_parts.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"

/* The A/A line of a steady machine: repetitions alternating 100 and 101, the first half against
 * the second, no difference; one that doubled half-way: different. */
#define HEAD "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,host,os_name,os_version,os_build,os_sp\r\n"
#define ROW(label, rep, v) "1,sendmsg," label ",rep," rep ",scratch,off,same,0," v ",H,Windows XP,5.1,2600,\r\n"
static void test_noise_line(void)
{
    static const char steady[] = HEAD ROW("A", "1", "100") ROW("A", "2", "101") ROW("A", "3", "100") ROW("A", "4", "101")
        ROW("A", "5", "100") ROW("A", "6", "101") ROW("A", "7", "100") ROW("A", "8", "101");
    static const char drift[] = HEAD ROW("B", "1", "100") ROW("B", "2", "101") ROW("B", "3", "102") ROW("B", "4", "103")
        ROW("B", "5", "200") ROW("B", "6", "201") ROW("B", "7", "202") ROW("B", "8", "203");
    result r;
    csv_file c;
    write_file("steady.csv", steady);
    write_file("drift.csv", drift);
    r = run("report", "steady.csv", "drift.csv", "--csv", "t.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("t.csv", ',');
    if (rows_are(&c, 3)) {
        cell_is(&c, 1, "machine", "A");
        ok(num(&c, 1, "aa_p") >= 0.05, "steady: A/A p %g", num(&c, 1, "aa_p"));
        ok(fabs(num(&c, 1, "aa_ratio") - 1.0) < 0.02, "steady: A/A ratio %g", num(&c, 1, "aa_ratio"));
        ok(num(&c, 2, "aa_p") < 0.05 && fabs(num(&c, 2, "aa_ratio") - 2.0) < 0.05, "drift: A/A %g, p %g",
           num(&c, 2, "aa_ratio"), num(&c, 2, "aa_p"));
    }
    wb_csv_free(&c.t);
}

/* The interaction on fixtures whose ratios are known: button over scratch is 1.5 on A, 3.0 on B
 * and 1.5 on C (each machine's ratio the Hodges-Lehmann estimate: A's 1.49). B's ratio of ratios
 * is 2.01 and its interval, from the two machines' own, excludes 1; C's is 1.01 and holds 1. */
#define IROW(label, rep, target, v) "1,sendmsg," label ",rep," rep "," target ",off,same,0," v ",H" label ",Windows XP,5.1,2600,\r\n"
static void test_interaction(void)
{
    static const char a[] = HEAD IROW("A", "1", "scratch", "100") IROW("A", "2", "scratch", "102") IROW("A", "3", "scratch", "104")
        IROW("A", "4", "scratch", "106") IROW("A", "5", "scratch", "108") IROW("A", "1", "button", "151")
        IROW("A", "2", "button", "152") IROW("A", "3", "button", "157") IROW("A", "4", "button", "158")
        IROW("A", "5", "button", "161");
    static const char b[] = HEAD IROW("B", "1", "scratch", "100") IROW("B", "2", "scratch", "102") IROW("B", "3", "scratch", "104")
        IROW("B", "4", "scratch", "106") IROW("B", "5", "scratch", "108") IROW("B", "1", "button", "300")
        IROW("B", "2", "button", "306") IROW("B", "3", "button", "312") IROW("B", "4", "button", "318")
        IROW("B", "5", "button", "324");
    static const char c[] = HEAD IROW("C", "1", "scratch", "100") IROW("C", "2", "scratch", "102") IROW("C", "3", "scratch", "104")
        IROW("C", "4", "scratch", "106") IROW("C", "5", "scratch", "108") IROW("C", "1", "button", "150")
        IROW("C", "2", "button", "154") IROW("C", "3", "button", "155") IROW("C", "4", "button", "160")
        IROW("C", "5", "button", "162");
    result r;
    const char *line;
    write_file("a.csv", a);
    write_file("b.csv", b);
    write_file("c.csv", c);
    r = run("report", "a.csv", "b.csv", "c.csv", "--compare", "target=scratch", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    line = strstr(r.out, "interaction: target=button over target=scratch is 3.00 here and 1.49 on A: 2.01x [");
    ok(line != NULL && strstr(line, "the interval excludes 1: what this setting changes costs differently on each machine") != NULL,
       "B: 3.0 against 1.5, significant:\n%s", r.out);
    line = strstr(r.out, "interaction: target=button over target=scratch is 1.50 here and 1.49 on A: 1.01x [");
    ok(line != NULL && strstr(line, "no significant difference: what this setting changes costs the same on both machines") != NULL,
       "C: 1.5 against 1.5, not:\n%s", r.out);
    result_free(&r);
}

/* A 0.4 file (no work, hook or wndproc column) and a 0.5 one with those at their defaults are one
 * configuration: the report compares the two machines (not "no run to compare with"). */
static void test_old_files_meet(void)
{
    static const char v04[] = "schema,benchmark,label,row,rep,target,themes,thread,charset,msg,ops_per_s,host,os_name\r\n"
        "1,sendmsg,A,rep,1,scratch,off,same,w,0,100,H,Windows XP\r\n"
        "1,sendmsg,A,rep,2,scratch,off,same,w,0,101,H,Windows XP\r\n";
    static const char v05[] = "schema,benchmark,label,row,rep,target,themes,thread,charset,msg,floors,work,hook,wndproc,"
                              "ops_per_s,host,os_name\r\n"
        "1,sendmsg,B,rep,1,scratch,off,same,w,0,on,,off,,200,H,Windows XP\r\n"
        "1,sendmsg,B,rep,2,scratch,off,same,w,0,on,,off,,202,H,Windows XP\r\n"
        "1,sendmsg,B,rep,1,scratch,off,same,w,0,on,5,off,,150,H,Windows XP\r\n";
    result r;
    write_file("v04.csv", v04);
    write_file("v05.csv", v05);
    r = run("report", "v04.csv", "v05.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "x faster than A") != NULL, "0.4's and 0.5's rows meet:\n%s", r.out);
    ok(strstr(r.out, "work=5") != NULL, "a --work run is a configuration of its own:\n%s", r.out);
    result_free(&r);
}

/* Two machines compared: what else differs between them is named beside the split, so that a
 * difference is not put down to the OS that a battery, a VM or WOW64's thunks made. A power
 * source is named only where both files say it (files from before 0.5 do not). */
#define PROW(label, rep, v, os, power, wow) \
    "1,sendmsg," label ",rep," rep ",scratch,off,same,0," v ",H" label "," os ",1," power "," wow "\r\n"
static void test_confounds(void)
{
    static const char head[] = "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,host,os_name,hypervisor,"
                               "power_source,wow64\r\n";
    char a[1024], b[1024], old[1024];
    result r;
    const char *line;
    snprintf(a, sizeof a, "%s" PROW("A", "1", "100", "Windows XP", "AC", "0") PROW("A", "2", "101", "Windows XP", "AC", "0")
             PROW("A", "3", "102", "Windows XP", "AC", "0"), head);
    snprintf(b, sizeof b, "%s" PROW("B", "1", "200", "Windows 7", "battery", "1")
             PROW("B", "2", "202", "Windows 7", "battery", "1") PROW("B", "3", "204", "Windows 7", "battery", "1"), head);
    snprintf(old, sizeof old, "%s" PROW("C", "1", "300", "Windows XP", "", "0") PROW("C", "2", "301", "Windows XP", "", "0")
             PROW("C", "3", "302", "Windows XP", "", "0"), head);
    write_file("pa.csv", a);
    write_file("pb.csv", b);
    write_file("pc.csv", old);
    r = run("report", "pa.csv", "pb.csv", "pc.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    line = strstr(r.out, "also differs between the machines: OS (");
    ok(line != NULL && strstr(line, "power source (AC / battery)") != NULL && strstr(line, "hypervisor") == NULL &&
           strstr(line, "WOW64 (native / x86 on 64-bit Windows)") != NULL,
       "B against A: the OS, the power source and WOW64, not the hypervisor both have:\n%s", r.out);
    line = strstr(r.out, "msg=0, C: ");
    ok(line != NULL && strstr(line, "power source") == NULL && strstr(line, "WOW64") == NULL,
       "C against A: no power source (C's file does not say), no WOW64 (both native):\n%s", r.out);
    result_free(&r);
}

/* The where-line on fixtures whose parts are known: the headline's own difference is split (its
 * shares add to 100%), the lead is the planted part, a part that got faster is said in words
 * and never as a lead, parts that did not move are not named, the machine is a layer of its
 * own, and across machines the window procedure is the same code that ran slower, not "your
 * code" as a cause. */
#define PARTHEAD "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,ns_per_op,typical_ns,typical_pm_ns," \
              "wndproc_ns,wndproc_pm_ns,dispatch_ns,dispatch_pm_ns,machine_ns,host,os_name,os_version,os_build,os_sp\r\n"
#define PARTROW(label, rep, ops, ns, typ, proc, disp, machine) \
    "1,sendmsg," label ",rep," rep ",scratch,off,same,0," ops "," ns "," typ ",1," proc ",1," disp ",1," machine ",H" label \
    ",Windows XP,5.1,2600,\r\n"
static void test_split_words(void)
{
    static const char a[] = PARTHEAD PARTROW("A", "1", "1000000", "1000", "1000", "400", "600", "0")
        PARTROW("A", "2", "999001", "1001", "1001", "401", "600", "0") PARTROW("A", "3", "1001001", "999", "999", "399", "600", "0")
        PARTROW("A", "4", "998004", "1002", "1002", "400", "602", "0") PARTROW("A", "5", "1002004", "998", "998", "400", "598", "0");
    /* the procedure 20% slower (+80), the dispatch as A's but for noise (its median 1 ns above) */
    static const char b[] = PARTHEAD PARTROW("B", "1", "925926", "1080", "1080", "480", "601", "0")
        PARTROW("B", "2", "925069", "1081", "1081", "481", "610", "0") PARTROW("B", "3", "926784", "1079", "1079", "479", "590", "0")
        PARTROW("B", "4", "924214", "1082", "1082", "480", "612", "0") PARTROW("B", "5", "927644", "1078", "1078", "480", "595", "0");
    /* the procedure +200, the dispatch -100 */
    static const char c[] = PARTHEAD PARTROW("C", "1", "909091", "1100", "1100", "600", "500", "0")
        PARTROW("C", "2", "908265", "1101", "1101", "601", "500", "0") PARTROW("C", "3", "909918", "1099", "1099", "599", "500", "0")
        PARTROW("C", "4", "907441", "1102", "1102", "600", "502", "0") PARTROW("C", "5", "910747", "1098", "1098", "600", "498", "0");
    /* the call as A's, the loop slowed from outside by 500 ns a call */
    static const char d[] = PARTHEAD PARTROW("D", "1", "666667", "1500", "1000", "400", "600", "500")
        PARTROW("D", "2", "666223", "1501", "1001", "401", "600", "500") PARTROW("D", "3", "667111", "1499", "999", "399", "600", "500")
        PARTROW("D", "4", "665336", "1503", "1002", "400", "602", "501") PARTROW("D", "5", "668003", "1497", "998", "400", "598", "499");
    result r;
    const char *line;
    char where[512];
    write_file("sa.csv", a);
    write_file("sb.csv", b);
    write_file("sc.csv", c);
    write_file("sd.csv", d);
    r = run("report", "sa.csv", "sb.csv", "sc.csv", "sd.csv", "--baseline", "A", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    line = strstr(r.out, "where: a SendMessage took 1 us on A, 1.08 us on B");
    where[0] = '\0';
    if (line) snprintf(where, sizeof where, "%.*s", (int)strcspn(line, "\r\n"), line);
    ok(line != NULL && share_named(where, "a SendMessage", "the window procedure (the same code, 1.20 times slower than A)") == 100 &&
           strstr(where, "dispatch") == NULL && strstr(where, "your code") == NULL,
       "B: all of it in the procedure, the same code slower on B, the dispatch not named:\n%s", r.out);
    line = strstr(r.out, "where: a SendMessage took 1 us on A, 1.1 us on C");
    ok(line != NULL && share_named(line, "a SendMessage", "the window procedure (the same code") == 200 &&
           strstr(line, "while SendMessage's dispatch (the API) got 1.20 times faster (-100%)") != NULL,
       "C: 200%% in the procedure while the dispatch got faster, in words:\n%s", r.out);
    line = strstr(r.out, "where: a SendMessage took 1 us on A, 1.5 us on D");
    where[0] = '\0';
    if (line) snprintf(where, sizeof where, "%.*s", (int)strcspn(line, "\r\n"), line);
    ok(line != NULL && share_named(where, "a SendMessage", "time the loop did not run (the machine)") == 100 &&
           strstr(where, "procedure") == NULL && strstr(where, "unexplained") == NULL,
       "D: all of it the machine's, no part named:\n%s", r.out);
    ok(strstr(r.out, "-1") == NULL || strstr(r.out, "(-100%)") != NULL, "no other negative figure:\n%s", r.out);
    result_free(&r);
}

/* A part that cannot be told from zero is printed "~0 (+-x)", and a 0.5 file's part below zero
 * (0.5 took each side's median apart) "~0": never a negative figure, in the console table or
 * the Markdown. */
#define OLDHEAD "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,typical_ns,wndproc_ns,dispatch_ns," \
                "host,os_name,os_version,os_build,os_sp\r\n"
#define OLDROW(label, rep, disp) "1,sendmsg," label ",rep," rep ",scratch,off,same,0,1000,1000,1000," disp ",H" label \
                                 ",Windows XP,5.1,2600,\r\n"
static void test_tilde_zero(void)
{
    static const char now[] = PARTHEAD PARTROW("N", "1", "1000000", "1000", "1000", "999.5", "0.5", "0")
        PARTROW("N", "2", "1000000", "1000", "1000", "999.5", "0.5", "0") PARTROW("N", "3", "1000000", "1000", "1000", "999.5", "0.5", "0")
        PARTROW("N", "4", "1000000", "1000", "1000", "999.5", "0.5", "0");
    /* 4 a side: a comparison the test can answer is split into its parts (3 a side is said in a line) */
    static const char old[] = OLDHEAD OLDROW("O", "1", "-3") OLDROW("O", "2", "-2") OLDROW("O", "3", "-4") OLDROW("O", "4", "-3");
    result r;
    write_file("now.csv", now);
    write_file("old.csv", old);
    r = run("report", "now.csv", "old.csv", "--md", "-", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "~0 (+-1 ns)") != NULL && strstr(r.out, " ~0 ") != NULL, "~0 for both:\n%s", r.out);
    ok(strstr(r.out, "-3 ns") == NULL && strstr(r.out, "-2 ns") == NULL && strstr(r.out, "-4 ns") == NULL &&
           strstr(r.out, "-500 ps") == NULL,
       "no part printed below zero:\n%s", r.out);
    result_free(&r);
}

/* An x86 winbench on 64-bit Windows (made so by WINBENCH_TEST_WOW64: Wine here has no WOW64):
 * every row says wow64 1, floor_calls says the floors went through WOW64, and `winbench all`
 * says once that every floor and cross-thread part crossed its thunks. */
static void test_wow64_said(void)
{
    result r;
    csv_file c;
    hook_set(WB_HOOK_WOW64, "1");
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--quiet", "--csv", "wow.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("wow.csv", ',');
    if (c.ok) {
        cell_is(&c, 1, "wow64", "1");
        ok(strstr(cell(&c, 1, "floor_calls"), ";through WOW64") != NULL, "floor_calls: %s", cell(&c, 1, "floor_calls"));
    }
    wb_csv_free(&c.t);
    r = run("all", "--quick", "--out", "W", "--only", "sendmsg-scratch-off-same", NULL);
    hook_clear(WB_HOOK_WOW64);
    ok(r.code == 0, "all: exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "an x86 winbench on 64-bit Windows (WOW64)") != NULL &&
           strstr(strstr(r.out, "(WOW64)") + 1, "(WOW64)") == NULL,
       "said once:\n%s", r.out);
    result_free(&r);
}

static const wbt_case cases[] = {
    { "wow64_said", test_wow64_said, 0 },
    { "noise_line", test_noise_line, 0 },
    { "interaction", test_interaction, 0 },
    { "old_files_meet", test_old_files_meet, 0 },
    { "confounds", test_confounds, 0 },
    { "split_words", test_split_words, 0 },
    { "tilde_zero", test_tilde_zero, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

/* The report's model from inside: fixture CSVs written to a folder of the test's own, loaded and
 * finished in this process (rp_load_path, rp_report_finish), and the values checked: which
 * machines there are, what was read twice, each comparison's ratio, interval, pairing and
 * verdict, what its split places and what it does not, the totals it says. No winbench.exe
 * is run; what these values look like in words is e2e_report's. */
#include <windows.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_compare.h"
#include "report/report_load.h"
#include "report/report_words.h"
#include "wbtest.h"

static char dir[MAX_PATH];

/* A file of the test's folder, written whole. */
static void fixture(const char *name, const char *text)
{
    char path[MAX_PATH];
    FILE *f;
    if (!dir[0]) {
        char tmp[MAX_PATH];
        GetTempPathA(sizeof tmp, tmp);
        snprintf(dir, sizeof dir, "%swinbench-test-report-%lu", tmp, (unsigned long)GetCurrentProcessId());
        CreateDirectoryA(dir, NULL);
    }
    snprintf(path, sizeof path, "%s\\%s", dir, name);
    f = fopen(path, "wb");
    ok(f != NULL, "%s: cannot write", path);
    if (f) fputs(text, f), fclose(f);
}

static void load(rp_report *r, const char *const *names)
{
    char path[MAX_PATH];
    memset(r, 0, sizeof *r);
    for (; *names; names++) {
        snprintf(path, sizeof path, "%s\\%s", dir, *names);
        rp_load_path(r, path);
    }
    if (r->ngroups) {
        rp_report_finish(r);
    }
}

/* The group of that machine's label and configuration, or NULL. */
static const rp_group *group_of(const rp_report *r, const char *label, const char *variant)
{
    size_t i;
    for (i = 0; i < r->ngroups; i++)
        if (!strcmp(r->machines[r->groups[i].machine].label, label) && strstr(r->groups[i].variant, variant))
            return &r->groups[i];
    return NULL;
}

/* sendmsg rep rows: label, arch, run id, order, then target and rate per row. */
#define HEAD "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,run_id,host,os_name,arch,order\r\n"
#define ROW(label, rep, target, rate, run, arch, order) \
    "1,sendmsg," label ",rep," rep "," target ",off,same,0," rate "," run ",H,Windows 7," arch "," order "\r\n"

/* An x86 and an x64 run on one Windows that share a --run-id are two machines: 0.6 before the
 * identity flags dropped one of them as "read twice". The same file twice is still counted once. */
static void test_machine_identity(void)
{
    static const char *const both[] = { "x64.csv", "x86.csv", NULL }, *const twice[] = { "x64.csv", "copy.csv", NULL };
    rp_report r;
    fixture("x64.csv", HEAD ROW("L", "1", "scratch", "100", "SAME", "x64", "") ROW("L", "2", "scratch", "101", "SAME", "x64", "")
                       ROW("L", "3", "scratch", "102", "SAME", "x64", "") ROW("L", "4", "scratch", "103", "SAME", "x64", ""));
    fixture("x86.csv", HEAD ROW("L", "1", "scratch", "100", "SAME", "x86", "") ROW("L", "2", "scratch", "101", "SAME", "x86", "")
                       ROW("L", "3", "scratch", "102", "SAME", "x86", "") ROW("L", "4", "scratch", "103", "SAME", "x86", ""));
    fixture("copy.csv", HEAD ROW("L", "1", "scratch", "100", "SAME", "x64", "") ROW("L", "2", "scratch", "101", "SAME", "x64", "")
                        ROW("L", "3", "scratch", "102", "SAME", "x64", "") ROW("L", "4", "scratch", "103", "SAME", "x64", ""));
    load(&r, both);
    ok(r.nmachines == 2 && r.rows_repeated == 0, "x86 and x64: %lu machines, %lu rows taken as repeated",
       (unsigned long)r.nmachines, (unsigned long)r.rows_repeated);
    ok(r.ngroups == 2 && r.groups[0].values.n == 4 && r.groups[1].values.n == 4, "every row kept");
    if (r.nmachines == 2) {
        char a[128], b[128];
        rp_machine_name(&r, 0, a, sizeof a);
        rp_machine_name(&r, 1, b, sizeof b);
        ok(!strcmp(a, "L (x64)") && !strcmp(b, "L (x86)"), "told apart by what differs: %s, %s", a, b);
    }
    rp_report_free(&r);
    load(&r, twice);
    ok(r.nmachines == 1 && r.rows_repeated == 4 && r.ngroups == 1 && r.groups[0].values.n == 4,
       "the same rows twice: counted once (%lu repeated, %lu values)", (unsigned long)r.rows_repeated,
       (unsigned long)(r.ngroups ? r.groups[0].values.n : 0));
    rp_report_free(&r);
}

/* Two variants of one interleaved run, 6 rounds: paired, each round's ratio. B is A plus a
 * drift both share (round k costs k% more on both): unpaired the drift widens both sides, paired
 * it cancels in each round's ratio, which is 1.10 in every one. */
static void test_paired_rounds(void)
{
    static const char *const one[] = { "rounds.csv", NULL }, *const grouped[] = { "grouped.csv", NULL };
    char text[4096];
    size_t used;
    int k, pass;
    rp_report r;
    for (pass = 0; pass < 2; pass++) {
        used = (size_t)snprintf(text, sizeof text, "%s", HEAD);
        for (k = 1; k <= 6; k++) {
            char a[32], b[32], rep[8];
            snprintf(rep, sizeof rep, "%d", k);
            snprintf(a, sizeof a, "%.4f", 1000.0 * (1 + 0.2 * k));         /* scratch: drifting */
            snprintf(b, sizeof b, "%.4f", 1000.0 * (1 + 0.2 * k) / 1.10);  /* button: 1.10 slower in its round */
            used += (size_t)snprintf(text + used, sizeof text - used,
                                     "1,sendmsg,M,rep,%s,scratch,off,same,0,%s,R1,H,Windows 7,x64,%s\r\n"
                                     "1,sendmsg,M,rep,%s,button,off,same,0,%s,R1,H,Windows 7,x64,%s\r\n",
                                     rep, a, pass ? "grouped" : "interleaved", rep, b, pass ? "grouped" : "interleaved");
        }
        fixture(pass ? "grouped.csv" : "rounds.csv", text);
    }
    load(&r, one);
    {
        const rp_group *g = group_of(&r, "M", "target=button");
        ok(g && g->base && g->cmp->compared && g->cmp->paired, "one interleaved run's variants: paired");
        if (g && g->cmp->compared) {
            ok(fabs(g->cmp->headline.ratio - 1 / 1.10) < 1e-6, "the rounds' ratio: %.6f", g->cmp->headline.ratio);
            ok(g->cmp->headline.verdict == WB_CMP_DIFFERS && g->cmp->headline.hi < 1, "6 rounds, all one way: differs [%g, %g]",
               g->cmp->headline.lo, g->cmp->headline.hi);
            ok_near(g->cmp->headline.log.p, 2.0 / 64.0, 1e-9);   /* the signed-rank test's least p for 6 */
        }
    }
    rp_report_free(&r);
    load(&r, grouped);
    {
        const rp_group *g = group_of(&r, "M", "target=button");
        ok(g && g->cmp->compared && !g->cmp->paired, "a grouped run's repetitions are not rounds: unpaired");
        ok(g && g->cmp->headline.verdict == WB_CMP_SAME, "and its drift hides the difference (interval [%g, %g])",
           g ? g->cmp->headline.lo : NAN, g ? g->cmp->headline.hi : NAN);
    }
    rp_report_free(&r);
}

/* sockloop with parts: the whole (the mean latency, its parts' sum) moves in one fixture, not in
 * the other; shares are placed only where it moved, and lost is the total over the repetitions. */
#define HEAD_L "schema,benchmark,label,row,rep,loop,rate,sent,lost,lat_mean_us,until_wake_mean_us,behind_mean_us," \
               "in_recv_mean_us,run_id,host,os_name\r\n"
static void sock_rows(char *text, size_t cap, const char *label, const char *loop, double wait, int lost)
{
    size_t used = strlen(text);
    int k;
    for (k = 1; k <= 5; k++)
        used += (size_t)snprintf(text + used, cap - used, "1,sockloop,%s,rep,%d,%s,1000,1000,%d,%.3f,%.3f,5,10,%s-1,%s,"
                                 "Windows 7\r\n", label, k, loop, lost, wait + 15 + 0.01 * k, wait + 0.01 * k, label, label);
}

static void test_split_only_what_moved(void)
{
    static const char *const moved[] = { "base.csv", "moved.csv", NULL }, *const still[] = { "base.csv", "still.csv", NULL };
    char text[4096];
    rp_report r;
    snprintf(text, sizeof text, "%s", HEAD_L);
    sock_rows(text, sizeof text, "A", "select", 35, 0);
    fixture("base.csv", text);
    snprintf(text, sizeof text, "%s", HEAD_L);
    sock_rows(text, sizeof text, "B", "select", 65, 3);   /* 30 us more until the wait returned */
    fixture("moved.csv", text);
    snprintf(text, sizeof text, "%s", HEAD_L);
    sock_rows(text, sizeof text, "C", "select", 35, 0);
    fixture("still.csv", text);
    load(&r, moved);
    {
        const rp_group *g = group_of(&r, "B", "loop=select");
        const rp_where *w = g ? &g->cmp->where : NULL;
        ok(w && w->state == RP_WHERE_PLACED && w->lead >= 0, "the whole moved: placed (state %d)", w ? w->state : -1);
        if (w && w->lead >= 0) {
            ok(!strcmp(w->parts[w->lead].part->column, "until_wake_mean_us"), "until the wait returned: %s",
               w->parts[w->lead].part->column);
            ok_near(w->parts[w->lead].share, 1.0, 1e-6);
        }
        ok(g && g->cmp->lost_mine == 15 && g->cmp->lost_base == 0, "lost: the total over 5 repetitions: %g",
           g ? g->cmp->lost_mine : NAN);
    }
    rp_report_free(&r);
    load(&r, still);
    {
        const rp_group *g = group_of(&r, "C", "loop=select");
        const rp_where *w = g ? &g->cmp->where : NULL;
        int k, shares = 0;
        char where[1024];
        ok(w && w->state == RP_WHERE_STILL, "the whole did not move: nothing to place (state %d)", w ? w->state : -1);
        for (k = 0; w && k < w->n; k++) shares += w->parts[k].share == w->parts[k].share;
        ok(shares == 0, "no share where nothing moved (%d)", shares);
        if (g) rp_where_text(&r, g, where, sizeof where);
        ok(g && strstr(where, "%") == NULL && strstr(where, "the wait model") == NULL, "no share, no part named: %s",
           g ? where : "");
    }
    rp_report_free(&r);
}

/* report --tail: the slowest packets' mean latency compared and split, where every packet's mean
 * did not move. The same rows read as usual place nothing; with the tail's spec, B's tail is
 * 3 ms longer, all of it behind earlier packets, and the sender's lateness is beside, never a
 * share. */
#define HEAD_T "schema,benchmark,label,row,rep,loop,rate,percentile,sent,lost,lat_mean_us,until_wake_mean_us,"          \
               "behind_mean_us,in_recv_mean_us,tail_packets,tail_lat_mean_us,tail_sender_late_us,tail_until_wake_us," \
               "tail_behind_us,tail_in_recv_us,run_id,host,os_name\r\n"
static void tail_rows(char *text, size_t cap, const char *label, double behind)
{
    size_t used = strlen(text);
    int k;
    for (k = 1; k <= 5; k++)
        used += (size_t)snprintf(text + used, cap - used, "1,sockloop,%s,rep,%d,select,1000,99,1000,0,%.3f,50,%.3f,10,10,"
                                 "%.3f,200,500,%.3f,20,%s-1,%s,Windows 7\r\n", label, k, 70 + 0.01 * k, 10 + 0.01 * k,
                                 520 + behind + 0.01 * k, behind + 0.01 * k, label, label);
}

static void test_tail_compared(void)
{
    static const char *const files[] = { "tail-a.csv", "tail-b.csv", NULL };
    char text[4096];
    rp_report r;
    const rp_group *g;
    snprintf(text, sizeof text, "%s", HEAD_T);
    tail_rows(text, sizeof text, "A", 1000);
    fixture("tail-a.csv", text);
    snprintf(text, sizeof text, "%s", HEAD_T);
    tail_rows(text, sizeof text, "B", 4000);
    fixture("tail-b.csv", text);
    load(&r, files);
    g = group_of(&r, "B", "loop=select");
    ok(g && g->cmp->where.state == RP_WHERE_STILL, "every packet's mean did not move (state %d)", g ? g->cmp->where.state : -1);
    rp_report_free(&r);
    wb_module_report_tails(1);
    load(&r, files);
    g = group_of(&r, "B", "loop=select");
    ok(g && g->cmp->where.state == RP_WHERE_PLACED && g->cmp->where.lead >= 0, "the tail moved: placed (state %d)",
       g ? g->cmp->where.state : -1);
    if (g && g->cmp->where.lead >= 0) {
        const rp_where *w = &g->cmp->where;
        int k, beside_shares = 0;
        ok(!strcmp(w->parts[w->lead].part->column, "tail_behind_us"), "behind earlier packets: %s", w->parts[w->lead].part->column);
        ok_near(w->parts[w->lead].share, 1.0, 1e-3);
        for (k = 0; k < w->n; k++)
            if (w->parts[k].part->beside) beside_shares += w->parts[k].share == w->parts[k].share;
        ok(beside_shares == 0, "the sender's lateness is no share (%d)", beside_shares);
        ok(g->cmp->headline.ratio > 2.9 && g->cmp->headline.ratio < 3.1, "the tail's ratio %g (4520 / 1520 us)",
           g->cmp->headline.ratio);
    }
    rp_report_free(&r);
    wb_module_report_tails(0);
}

static const wbt_case cases[] = {
    { "machine_identity", test_machine_identity, 0 },
    { "paired_rounds", test_paired_rounds, 0 },
    { "split_only_what_moved", test_split_only_what_moved, 0 },
    { "tail_compared", test_tail_compared, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

/* End-to-end tests of the answer's four layers (your code, the API, the OS, the machine): each
 * planted where only one layer can hold it (--work in the window procedure, a WH_CALLWNDPROC
 * hook in SendMessage's path, the loop stopped from inside as a preemption stops it), and the
 * answer must give that layer its planted share of the headline's own difference within 10
 * points, with the shares adding up to 100 +- 10% (what no part holds, "unexplained", under 10%).
 * Then what the answer must not say where nothing moved, and the one definition of each figure
 * across the console, the report, its CSV, JSON and HTML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"
#include "wb_units.h"

static double whole_difference(const char *out, const char *work);

/* The median of a metric over the rep rows whose column holds value. */
static double median_where(const csv_file *c, const char *metric, const char *column, const char *value)
{
    double v[64];
    size_t row, n = 0;
    for (row = 1; row < c->t.nrows && n < 64; row++)
        if (!strcmp(cell(c, row, "row"), "rep") && !strcmp(cell(c, row, column), value)) v[n++] = num(c, row, metric);
    if (n == 0) return NAN;
    qsort(v, n, sizeof v[0], by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The report's table row "unexplained (...)": its share, 0 where the row is absent (nothing
 * placed has nothing unexplained), NaN when the report placed nothing at all. */
static double unexplained_of(const char *out)
{
    return table_share(out, "unexplained (the whole less the parts");
}

/* The planted layer's share and the unexplained rest of the first where-line of a report. */
static void shares_planted(const char *what, const char *out, const char *part)
{
    double share = share_named(out, "a SendMessage", part), rest = unexplained_of(out);
    ok(share >= 90 && share <= 110, "%s: %s takes %g%% of the headline's difference (planted: all of it):\n%s", what, part,
       share, out);
    ok(fabs(rest) <= 10, "%s: the shares add up to 100 +- 10%% (unexplained %g%%):\n%s", what, rest, out);
}

/* The machine's share of a comparison, from its table of parts (the where-line names it only
 * where it moved significantly on its own). */
static double machine_share(const char *out)
{
    double m = table_share(out, "time the loop did not run (the machine)");
    return m == m ? m : 0;
}

/* --work 0,2000 in one interleaved run: the difference is the work, your code's, as far as the
 * loop ran; on a busy machine the time taken from the loop grows with the loop's own time, so
 * that the machine holds a share of any difference (beside two busy threads, half of it). The
 * work's share is then its own cost, timed alone (work_ns), over the headline's difference,
 * within 10 points (under Wine the work runs up to 22% slower inside the window procedure's
 * chain than alone: accepted up to 25 points above, named), and with the machine's share the
 * shares add up to 100 +- 10%. */
static void test_work_planted(void)
{
    result r = run("sendmsg", "--iterations", "200k", "--repeat", "6", "--work", "0,2000", "--quiet", "--csv", "w.csv", NULL);
    csv_file c;
    double alone = NAN, share, want, machine;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("w.csv", ',');
    if (c.ok) alone = median_where(&c, "work_ns", "work", "2000");
    wb_csv_free(&c.t);
    r = run("report", "w.csv", "--compare", "work", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    share = share_named(r.out, "a SendMessage", "the window procedure (your code)");
    machine = machine_share(r.out);
    want = 100.0 * alone / whole_difference(r.out, "2000");
    ok(fabs(share - want) <= 10 || wine_broken(share > want && share - want <= 25,
                                                "the work runs up to 22% slower inside the window procedure's chain under Wine"),
       "--work 2000: your code takes %g%% of the headline's difference, the work alone %.0f%%:\n%s", share, want, r.out);
    ok(fabs(share + machine - 100) <= 10 && fabs(unexplained_of(r.out)) <= 10,
       "your code %g%% and the machine %g%% add up to 100 +- 10%% (unexplained %g%%):\n%s", share, machine,
       unexplained_of(r.out), r.out);
    ok(strstr(r.out, "the same code") == NULL, "within one machine --work is code that differs, not the same code:\n%s",
       r.out);
    result_free(&r);
}

/* --hook callwndproc against none: the hook is in SendMessage's path, the API's, with the
 * machine's share of the longer loop beside it. (A hook costs tens to hundreds of microseconds a
 * message under Wine, asked of its server: a machine's drift between the two runs is nothing
 * beside it.) */
static void test_hook_planted(void)
{
    result a = run("sendmsg", "--iterations", "2000", "--repeat", "5", "--quiet", "--csv", "off.csv", NULL);
    result b = run("sendmsg", "--iterations", "2000", "--repeat", "5", "--hook", "callwndproc", "--quiet", "--csv", "on.csv",
                   NULL);
    ok(a.code == 0 && b.code == 0, "exit %lu, %lu: %s %s", a.code, b.code, a.err, b.err);
    result_free(&a);
    result_free(&b);
    a = run("report", "off.csv", "on.csv", "--compare", "hook", NULL);
    ok(a.code == 0, "report: exit %lu: %s", a.code, a.err);
    {   /* all of it the API's, but what the machine took from the loop meanwhile (see work_planted) */
        double api = table_share(a.out, "SendMessage's dispatch (the API)"), machine = machine_share(a.out);
        double rest = unexplained_of(a.out);
        ok(share_named(a.out, "a SendMessage", "SendMessage's dispatch (the API)") == api && api >= 25 &&
               ((fabs(api + machine - 100) <= 10 && fabs(rest) <= 10) ||
                wine_broken(fabs(api + machine + rest - 100) <= 10 && fabs(rest) <= 60,
                            "a hook's call is a request to the wineserver, whose reply waits for a CPU beside busy threads: "
                            "the call timed beside the loop and the loop's pace part by tens of percent, left unexplained")),
           "--hook callwndproc: the API %g%% and the machine %g%% add up to 100 +- 10%% (unexplained %g%%):\n%s", api, machine,
           unexplained_of(a.out), a.out);
    }
    result_free(&a);
}

/* "2.149 us" -> 2149 (ns); NaN for no duration. */
static double duration_ns(const char *p)
{
    char *end;
    double v = p ? strtod(p, &end) : NAN;
    if (p == NULL || end == p) return NAN;
    while (*end == ' ') end++;
    return !strncmp(end, "ns", 2) ? v : !strncmp(end, "us", 2) ? v * 1e3 : !strncmp(end, "ms", 2) ? v * 1e6 : NAN;
}

/* The whole on each side from the where-line ("a SendMessage took X at work=A, Y at work=B"):
 * the --work `work` side's less the --work 0 side's, in ns. */
static double whole_difference(const char *out, const char *work)
{
    const char *p = strstr(out, "where: a SendMessage took "), *q;
    double x, y;
    (void)work;
    if (p == NULL || (q = strstr(p, ", ")) == NULL) return NAN;
    x = duration_ns(p + strlen("where: a SendMessage took "));
    y = duration_ns(q + 2);
    return strstr(p, " at work=0, ") != NULL && strstr(p, " at work=0, ") < q + 2 ? y - x : x - y;
}

/* In one interleaved run, the variant --work 1 (one unit: nanoseconds) busy-waits 2 ms after
 * every fourth chunk of its loop (WINBENCH_TEST_LOOP_STALL_US; pace_chunk says a chunk's calls,
 * about 200 us of them): 2e6 / (4 x pace_chunk) ns a call planted, some three times the call.
 * Each of its rows' machine_ns holds it (pace and machine add up to ns_per_op), and against
 * --work 0, the same code, the machine takes the whole difference within 10 points (on a busy
 * machine more than was planted: what the neighbours take grows with the loop's time). Then the method's limit: a stall after every chunk stretches
 * them all alike, the chunks cannot tell it from the loop's pace, and the row and the report
 * must say that the call timed beside the loop does not explain that pace. */
static void test_machine_planted(void)
{
    double planted = NAN;
    result b = run_env(WB_HOOK_LOOP_STALL_US, "2000,4,1", "sendmsg", "--iterations", "200k", "--repeat", "6", "--work", "0,1",
                       "--quiet", "--csv", "b.csv", NULL), a;
    csv_file c;
    size_t row;
    ok(b.code == 0, "exit %lu: %s", b.code, b.err);
    result_free(&b);
    c = load_csv_here("b.csv", ',');
    for (row = 1; c.ok && row < c.t.nrows; row++) {
        double ns = num(&c, row, "ns_per_op"), pace = num(&c, row, "pace_ns"), machine = num(&c, row, "machine_ns");
        if (strcmp(cell(&c, row, "row"), "rep") != 0) continue;
        ok(fabs(pace + machine - ns) <= 1e-3 * ns, "rep %s: pace %g + machine %g = %g ns a SendMessage", cell(&c, row, "rep"),
           pace, machine, ns);
        if (!strcmp(cell(&c, row, "work"), "1")) {
            planted = 2e6 / (4 * num(&c, row, "pace_chunk"));
            ok(machine >= 0.9 * planted, "rep %s: the planted stalls are the machine's: %g ns of %g (planted %.0f)",
               cell(&c, row, "rep"), machine, ns, planted);
        }
    }
    wb_csv_free(&c.t);
    a = run("report", "b.csv", "--compare", "work", NULL);
    ok(a.code == 0, "report: exit %lu: %s", a.code, a.err);
    shares_planted("stalled loop", a.out, "time the loop did not run (the machine)");
    result_free(&a);
    b = run_env(WB_HOOK_LOOP_STALL_US, "100,1,1", "sendmsg", "--iterations", "200k", "--repeat", "6", "--work", "0,1",
                "--quiet", "--csv", "e.csv", NULL);
    ok(b.code == 0, "exit %lu: %s", b.code, b.err);
    result_free(&b);
    c = load_csv_here("e.csv", ',');
    for (row = 1; c.ok && row < c.t.nrows; row++)
        if (!strcmp(cell(&c, row, "row"), "rep") && !strcmp(cell(&c, row, "work"), "1"))
            ok(!strcmp(cell(&c, row, "parts_add_up"), "0") && strstr(cell(&c, row, "warnings"), "parts_do_not_add_up") != NULL,
               "rep %s: every chunk stretched: the row says the call does not explain the pace (%s ns against %s): %s",
               cell(&c, row, "rep"), cell(&c, row, "typical_ns"), cell(&c, row, "pace_ns"), cell(&c, row, "warnings"));
    wb_csv_free(&c.t);
    a = run("report", "e.csv", "--compare", "work", NULL);
    ok(a.code == 0 && unexplained_of(a.out) >= 25, "the report leaves it unexplained (%g%%):\n%s", unexplained_of(a.out),
       a.out);
    result_free(&a);
}

/* Whether the file `name` in the test's folder holds `want`. */
static int file_here_has(const char *name, const char *want)
{
    char path[MAX_PATH];
    size_t len;
    char *text;
    int has;
    path_in_dir(path, sizeof path, name);
    text = read_all(path, &len);
    has = text && strstr(text, want) != NULL;
    free(text);
    return has;
}

/* The rep row of one number (an interleaved run's round) and one --work variant. */
static size_t rep_row(const csv_file *c, const char *work, const char *rep)
{
    size_t i;
    for (i = 1; i < c->t.nrows; i++)
        if (!strcmp(cell(c, i, "row"), "rep") && !strcmp(cell(c, i, "work"), work) && !strcmp(cell(c, i, "rep"), rep))
            return i;
    return 0;
}

/* The median over rounds of a figure of one round's two --work variants: repetitions run next
 * to each other, so that the machine's speed, which moves over a run beside busy threads (and
 * on this VM flips between two speeds 30-50% apart, a repetition at a time), moves both. */
typedef double (*round_fn)(const csv_file *c, size_t row, size_t base_row);

static double over_rounds(const csv_file *c, const char *work, const char *base, round_fn f)
{
    double v[64];
    size_t i, j, n = 0;
    for (i = 1; i < c->t.nrows && n < 64; i++) {
        if (strcmp(cell(c, i, "row"), "rep") || strcmp(cell(c, i, "work"), work)) continue;
        if ((j = rep_row(c, base, cell(c, i, "rep"))) != 0) v[n++] = f(c, i, j);
    }
    if (n == 0) return NAN;
    qsort(v, n, sizeof v[0], by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double dispatch_ratio(const csv_file *c, size_t row, size_t base_row)
{
    return num(c, row, "dispatch_ns") / num(c, base_row, "dispatch_ns");
}

/* How much the window procedure grew, as a multiple of the work alone (timed in the same
 * repetition). */
static double growth_per_work(const csv_file *c, size_t row, size_t base_row)
{
    return (num(c, row, "wndproc_ns") - num(c, base_row, "wndproc_ns")) / num(c, row, "work_ns");
}

/* The dispatch does not depend on the procedure installed: it is timed on a twin window whose
 * procedure returns at once. In one interleaved run of --work 0,200,2000, round by round, the
 * dispatch stays within 10% of --work 0's and the procedure grows by the work's own cost (timed
 * alone) within 15%. Short repetitions, many of them: the machine's speed moves the pairs
 * together. A run without --work has the same twin, and so the same dispatch by construction;
 * across processes this VM's speed moves by up to 50%, which no 10% bound survives. (0.6's first
 * split subtracted the target's procedure called directly: with --work in front, its
 * CallWindowProc cost twice as much alone as inside SendMessage under Wine, and the dispatch read
 * 50-60 ns less than the plain window's. Then the rounds' chunks, sized by the slowest side,
 * held 70 twin calls at --work 2000 against 400 at --work 0, and the first call of each, after
 * the work's code, read the dispatch 20% higher: src/win/rounds.c now runs one untimed.) */
static void test_dispatch_independent(void)
{
    static const char *const works[] = { "0", "200", "2000" };
    result r = run("sendmsg", "--iterations", "20k", "--repeat", "15", "--work", "0,200,2000", "--quiet", "--csv", "w.csv",
                   NULL);
    csv_file c;
    int i;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("w.csv", ',');
    if (c.ok) {
        for (i = 1; i < 3; i++) {
            double ratio = over_rounds(&c, works[i], works[0], dispatch_ratio);
            double grew = over_rounds(&c, works[i], works[0], growth_per_work);
            ok(fabs(ratio - 1) <= 0.10, "--work %s: the dispatch %.2f times --work 0's, round by round (medians %.0f and %.0f ns)",
               works[i], ratio, median_where(&c, "dispatch_ns", "work", works[i]),
               median_where(&c, "dispatch_ns", "work", works[0]));
            ok(fabs(grew - 1) <= 0.15 || wine_broken(grew > 1 && grew <= 1.30,
                                                      "the work runs up to 22% slower inside the window procedure's chain under Wine"),
               "--work %s: round by round, the procedure grew by %.2f times the work alone (%.0f ns)", works[i], grew,
               median_where(&c, "work_ns", "work", works[i]));
        }
    }
    wb_csv_free(&c.t);
}

/* Two machines whose repetitions are the same values in another order: the whole did not move,
 * so no output places anything: no share, no part named, in the answers, the where-lines, the
 * CSV's and JSON's where and shares, the HTML's sentences. */
#define SAMEHEAD "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,ns_per_op,typical_ns,typical_pm_ns," \
                 "wndproc_ns,wndproc_pm_ns,dispatch_ns,dispatch_pm_ns,machine_ns,host,os_name,os_version,os_build,os_sp\r\n"
static void same_rows(char *buf, size_t cap, const char *label, const int *order)
{
    static const double ns[] = { 1000, 1010, 990, 1005, 995 };
    size_t used = (size_t)snprintf(buf, cap, "%s", SAMEHEAD);
    int i;
    for (i = 0; i < 5 && used < cap; i++) {
        double v = ns[order[i]];
        used += (size_t)snprintf(buf + used, cap - used,
                                 "1,sendmsg,%s,rep,%d,scratch,off,same,0,%.3f,%g,%g,1,%g,1,%g,1,0,H%s,Windows XP,5.1,2600,\r\n",
                                 label, i + 1, 1e9 / v, v, v, 0.4 * v, 0.6 * v, label);
    }
}

static void test_still_says_nothing(void)
{
    static const int one[] = { 0, 1, 2, 3, 4 }, other[] = { 3, 0, 4, 2, 1 };
    char a[2048], b[2048];
    result r;
    char *text;
    size_t len;
    same_rows(a, sizeof a, "A", one);
    same_rows(b, sizeof b, "B", other);
    write_file("sa.csv", a);
    write_file("sb.csv", b);
    r = run("report", "sa.csv", "sb.csv", "--csv", "t.csv", "--json", "t.json", "--html", "t.html", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    ok(strstr(r.out, "where: the whole did not change (p=") != NULL && strstr(r.out, "nothing to place") != NULL,
       "the console says the whole did not change:\n%s", r.out);
    {
        const char *w = strstr(r.out, "where: ");
        char line[512] = "";
        if (w) snprintf(line, sizeof line, "%.*s", (int)strcspn(w, "\r\n"), w);
        ok(w && strchr(line, '%') == NULL && strstr(line, "procedure") == NULL && strstr(line, "dispatch") == NULL,
           "no share and no part in the where-line: %s", line);
        w = strstr(r.out, "\n  sendmsg ");
        snprintf(line, sizeof line, "%.*s", w ? (int)strcspn(w + 1, "\r\n") : 0, w ? w + 1 : "");
        ok(w && strstr(line, "no significant difference") != NULL && strstr(line, "procedure") == NULL &&
               strstr(line, "dispatch") == NULL, "the answer line names no part: %s", line);
    }
    result_free(&r);
    {
        char path[MAX_PATH];
        path_in_dir(path, sizeof path, "t.csv");
        text = read_all(path, &len);
    }
    ok(text && strstr(text, "nothing to place") != NULL && strstr(text, "% the") == NULL, "the CSV's where: %s",
       text ? text : "(none)");
    free(text);
    {
        char path[MAX_PATH];
        path_in_dir(path, sizeof path, "t.json");
        text = read_all(path, &len);
        ok(text && strstr(text, "\"share\":0") == NULL && strstr(text, "\"share\":1") == NULL &&
               strstr(text, "\"share\":-") == NULL && strstr(text, "\"state\":\"did not change\"") != NULL,
           "the JSON's shares are null and its split did not change: %s", text ? text : "(none)");
        free(text);
        path_in_dir(path, sizeof path, "t.html");
        text = read_all(path, &len);
        ok(text && strstr(text, "nothing to place") != NULL && strstr(text, "% the window procedure") == NULL &&
               strstr(text, "% SendMessage") == NULL, "the HTML's sentences place nothing");
        free(text);
    }
}

/* The run's own answer is the report's: the same line, word for word, for the same CSV. */
static void test_run_answer_is_report(void)
{
    result r = run("sendmsg", "--iterations", "100k", "--repeat", "6", "--work", "0,300", "--csv", "v.csv", NULL), q;
    const char *mine, *theirs;
    char a[1024] = "", b[1024] = "";
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    q = run("report", "v.csv", "--answers", "--compare", "work=0", NULL);
    ok(q.code == 0, "report: exit %lu: %s", q.code, q.err);
    mine = strstr(r.out, "\n  sendmsg work=");
    theirs = strstr(q.out, "\n  sendmsg work=");
    if (mine) snprintf(a, sizeof a, "%.*s", (int)strcspn(mine + 1, "\r\n"), mine + 1);
    if (theirs) snprintf(b, sizeof b, "%.*s", (int)strcspn(theirs + 1, "\r\n"), theirs + 1);
    ok(mine && theirs && strcmp(a, b) == 0, "the run says what the report says:\n%s\n%s", a, b);
    result_free(&r);
    result_free(&q);
}

/* "...<key> <value>" in text: the value's token after the first key, or "". */
static void token_after(const char *text, const char *key, char *out, size_t cap)
{
    const char *p = text ? strstr(text, key) : NULL;
    out[0] = '\0';
    if (p) snprintf(out, cap, "%.*s", (int)strcspn(p + strlen(key), " ,;\r\n)"), p + strlen(key));
}

/* One sockloop run: its lost (the total), loss % (of the total sent) and mean latency (every
 * packet together) are one figure each in the console, the report's console, CSV, JSON and
 * HTML; and one sendmsg run's "a SendMessage" is one figure in the console, the report's where
 * and the HTML bar's total. */
static void test_one_definition(void)
{
    result r = run("sockloop", "--rate", "2000", "--duration", "1s", "--repeat", "3", "--csv", "s.csv", NULL);
    csv_file run_csv, table;
    char console_mean[32];
    double lost = NAN, sent = NAN;
    size_t row;
    ok(r.code == 0, "sockloop: exit %lu: %s", r.code, r.err);
    token_after(strstr(r.out, "median over 3 reps"), "mean latency ", console_mean, sizeof console_mean);
    result_free(&r);
    run_csv = load_csv_here("s.csv", ',');
    for (row = 1; run_csv.ok && row < run_csv.t.nrows; row++)
        if (!strcmp(cell(&run_csv, row, "row"), "summary")) lost = num(&run_csv, row, "lost"), sent = num(&run_csv, row, "sent");
    r = run("report", "s.csv", "--csv", "st.csv", "--json", "st.json", "--html", "st.html", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    {   /* the console table's pooled column: the run's own mean latency */
        const char *line = strstr(r.out, "\nsockloop ");
        ok(line != NULL && strstr(line, console_mean) != NULL && console_mean[0],
           "the report's table shows the run's mean latency %s:\n%s", console_mean, r.out);
    }
    result_free(&r);
    table = load_csv_here("st.csv", ',');
    if (table.ok && table.t.nrows >= 2) {
        for (row = 1; row < run_csv.t.nrows; row++)
            if (!strcmp(cell(&run_csv, row, "row"), "summary")) break;
        ok(fabs(num(&table, 1, "pooled") - num(&run_csv, row, "lat_mean_us")) <= 1e-6 * num(&run_csv, row, "lat_mean_us"),
           "the CSV's pooled %g is the run's lat_mean_us %g", num(&table, 1, "pooled"), num(&run_csv, row, "lat_mean_us"));
        ok(num(&table, 1, "lost") == lost, "the CSV's lost %g is the run's total %g", num(&table, 1, "lost"), lost);
        ok(sent > 0 && fabs(num(&table, 1, "loss_pct") - 100.0 * lost / sent) <= 1e-9 + 1e-6 * (100.0 * lost / sent),
           "loss %% %g is the total lost over the total sent (%g / %g)", num(&table, 1, "loss_pct"), lost, sent);
    }
    {
        char want[64], number[64], td[80];
        snprintf(want, sizeof want, "\"lost\":%.0f", lost);
        ok(file_here_has("st.json", want), "the JSON's lost is the total (%s)", want);
        /* its table in the unit's own number (us), as every HTML number cell is written */
        for (row = 1; row < run_csv.t.nrows && strcmp(cell(&run_csv, row, "row"), "summary"); row++) {}
        snprintf(td, sizeof td, "<td>%s</td>", wb_format_number(num(&run_csv, row, "lat_mean_us"), number, sizeof number));
        ok(file_here_has("st.html", td), "the HTML shows the mean latency %s", td);
    }
    wb_csv_free(&table.t);
    wb_csv_free(&run_csv.t);
    r = run("sendmsg", "--iterations", "100k", "--repeat", "5", "--csv", "m.csv", NULL);
    {
        char each[32], where[32];
        const char *summary = strstr(r.out, "\n  median ");   /* the run's own figure: its summary's */
        token_after(summary ? strstr(summary, "\n    a SendMessage ") : NULL, "a SendMessage ", each, sizeof each);
        result_free(&r);
        r = run("sendmsg", "--iterations", "100k", "--repeat", "5", "--label", "other", "--quiet", "--csv", "m2.csv", NULL);
        result_free(&r);
        r = run("report", "m.csv", "m2.csv", "--baseline", "other", "--html", "m.html", NULL);
        token_after(strstr(r.out, "where: a SendMessage took "), "a SendMessage took ", where, sizeof where);
        ok(where[0] != '\0' || strstr(r.out, "nothing to place") != NULL, "a where-line:\n%s", r.out);
        ok(each[0] && strstr(r.out, each) != NULL, "the report says the run's a SendMessage %s:\n%s", each, r.out);
        {
            char bar[64];
            snprintf(bar, sizeof bar, ">%s ", each);
            ok(each[0] && file_here_has("m.html", bar), "the HTML bar's total is %s", each);
        }
        result_free(&r);
    }
}

static const wbt_case cases[] = {
    { "work_planted", test_work_planted, WBT_TIMING | WBT_CPU_HEAVY },
    { "hook_planted", test_hook_planted, WBT_TIMING | WBT_CPU_HEAVY },
    { "machine_planted", test_machine_planted, WBT_TIMING | WBT_CPU_HEAVY },
    { "dispatch_independent", test_dispatch_independent, WBT_TIMING | WBT_CPU_HEAVY },
    { "still_says_nothing", test_still_says_nothing, 0 },
    { "run_answer_is_report", test_run_answer_is_report, WBT_CPU_HEAVY },
    { "one_definition", test_one_definition, WBT_CPU_HEAVY },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

/* Robustness end to end: a matrix of malformed invocations (each exits 2 or 1 with one line,
 * never crashes or hangs, and leaves no CSV), and the Ctrl+C path (rows kept, exit 130), taken
 * through the WINBENCH_STOP_AFTER_MS hook because Wine gives these processes no console to
 * send Ctrl+C to. */
#include <winsock2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"

typedef struct bad_case {
    int exit_code;              /* 2: usage, 1: runtime */
    const char *stderr_start;   /* the line starts with this */
    const char *args[10];
} bad_case;

/* Add a line here to test another malformed invocation. %PORT% becomes a port in use. */
static const bad_case bad_cases[] = {
    { 2, "winbench: unknown benchmark or command \"sendmsgs\"", { "sendmsgs", NULL } },
    { 2, "winbench: sendmsg: --iteration: unknown option", { "sendmsg", "--iteration", "5", NULL } },
    { 2, "winbench: sendmsg: --iterations: missing value", { "sendmsg", "--iterations", NULL } },
    { 2, "winbench: sendmsg: --iterations: expected a positive integer, got \"ten\"", { "sendmsg", "--iterations", "ten", NULL } },
    { 2, "winbench: sendmsg: --iterations: expected a positive integer, got \"-1\"", { "sendmsg", "--iterations", "-1", NULL } },
    { 2, "winbench: sendmsg: --iterations: expected a positive integer, got \"0\"", { "sendmsg", "--iterations=0", NULL } },
    { 2, "winbench: sendmsg: --iterations: \"18446744073709551616\" is too large", { "sendmsg", "--iterations", "18446744073709551616", NULL } },
    { 2, "winbench: sendmsg: --iterations: expected a positive integer (suffixes k, M, G), got \"5X\"", { "sendmsg", "--iterations", "5X", NULL } },
    { 2, "winbench: sendmsg: --repeat: 1M is out of range (1..100000)", { "sendmsg", "--repeat", "1M", NULL } },
    { 2, "winbench: sendmsg: --warmup: 5k is out of range (0..1000)", { "sendmsg", "--warmup", "5k", NULL } },
    { 2, "winbench: sendmsg: --target: expected one of", { "sendmsg", "--target", "", NULL } },
    { 2, "winbench: sendmsg: --msg: 0x0002 is not safe", { "sendmsg", "--msg", "2", NULL } },
    /* a CPU the machine does not have (bit 30: no test machine has 31 CPUs) is the user's mistake */
    { 2, "winbench: sendmsg: --affinity: 0x40000000 names no CPU of this machine (mask 0x", { "sendmsg", "--affinity", "0x40000000", NULL } },
    { 2, "winbench: sendmsg: --priority: expected one of", { "sendmsg", "--priority", "idle", NULL } },
    { 2, "winbench: sendmsg: --quiet: takes no value", { "sendmsg", "--quiet=yes", NULL } },
    { 2, "winbench: sendmsg: --label: expected a value, got an empty string", { "sendmsg", "--label=", NULL } },
    { 2, "winbench: sendmsg: unexpected argument \"-x\"", { "sendmsg", "-x", NULL } },
    { 2, "winbench: idle: --duration: expected a positive duration", { "idle", "--duration", "-3s", NULL } },
    { 2, "winbench: idle: --duration: \"999999999h\" is too long", { "idle", "--duration", "999999999h", NULL } },
    { 2, "winbench: idle: --windows: 100k is out of range (0..9000)", { "idle", "--windows", "100k", NULL } },
    { 2, "winbench: idle: --depth: expected a positive integer, got \"0\"", { "idle", "--depth", "0", NULL } },
    { 2, "winbench: idle: --mouse-rate: 20k is out of range (1..10000)", { "idle", "--mouse-rate", "20k", NULL } },
    { 2, "winbench: sockloop: --rate: 2M is out of range (1..1000000)", { "sockloop", "--rate", "2M", NULL } },
    { 2, "winbench: sockloop: --size: 100000 is out of range", { "sockloop", "--size", "100000", NULL } },
    { 2, "winbench: sockloop: --reflect: cannot be combined with --peer", { "sockloop", "--reflect", "--loop", "select", "--peer", "a:1", NULL } },
    { 2, "winbench: sockloop: --sockets: wsaevents waits on at most 64", { "sockloop", "--loop", "wsaevents", "--sockets", "65", NULL } },
    { 2, "winbench: sockloop: --sockets: select waits on at most 1024", { "sockloop", "--loop", "select", "--sockets", "1025", NULL } },
    { 2, "winbench: sockloop: --duration: 100000 s at 1000000 packets/s is over 1e9 packets", { "sockloop", "--rate", "1M", "--duration", "100000", NULL } },
    { 2, "winbench: sockloop: --port: 65535 + 2 sockets runs past port 65535", { "sockloop", "--port", "65535", "--sockets", "2", NULL } },
    { 2, "winbench: sockloop: --interval: at least 100ms", { "sockloop", "--interval", "10ms", NULL } },
    { 2, "winbench: help: unknown benchmark", { "help", "nope", NULL } },
    { 2, "winbench: info: takes no arguments", { "info", "--verbose", NULL } },
    { 2, "winbench: report: expected CSV files or folders", { "report", "--tsv", NULL } },
    { 2, "winbench: all: --out: missing value", { "all", "--out", NULL } },
    { 1, "winbench: sendmsg: CreateFile(no\\such\\folder\\x.csv) failed: ", { "sendmsg", "--iterations", "10", "--csv", "no\\such\\folder\\x.csv", NULL } },
    { 1, "winbench: sockloop: bind(127.0.0.1:%PORT%) failed: ", { "sockloop", "--loop", "select", "--port", "%PORT%", "--duration", "1s", "--csv", "bind.csv", NULL } },
    { 1, "winbench: sockloop: gethostbyname(no.such.host.invalid) failed: ", { "sockloop", "--loop", "select", "--peer", "no.such.host.invalid:9", "--duration", "1s", "--csv", "host.csv", NULL } },
    { 1, "winbench: report: damaged.csv: line 2: unterminated quoted field", { "report", "damaged.csv", NULL } },
};

static void test_bad_input_matrix(void)
{
    WSADATA wsa;
    SOCKET held;
    struct sockaddr_in addr;
    int len = (int)sizeof addr;
    char port[16];
    size_t c;
    FILE *f;
    char path[MAX_PATH];

    /* A port in use: bound here, so that winbench's bind must fail. */
    WSAStartup(MAKEWORD(2, 2), &wsa);
    held = socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(held, (struct sockaddr *)&addr, sizeof addr);
    getsockname(held, (struct sockaddr *)&addr, &len);
    snprintf(port, sizeof port, "%u", ntohs(addr.sin_port));
    path_in_dir(path, sizeof path, "damaged.csv");
    f = fopen(path, "wb");
    if (f) {
        fputs("schema,benchmark\r\n\"1,sendmsg\r\n", f);
        fclose(f);
    }

    ok(sizeof bad_cases / sizeof bad_cases[0] >= 30, "at least 30 malformed invocations");
    for (c = 0; c < sizeof bad_cases / sizeof bad_cases[0]; c++) {
        const bad_case *b = &bad_cases[c];
        const char *a[10];
        char want[256];
        result r;
        int i, csvs = csv_files_here();
        const char *p;
        for (i = 0; i < 10; i++) a[i] = b->args[i] && !strcmp(b->args[i], "%PORT%") ? port : b->args[i];
        r = run(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], NULL);
        p = strstr(b->stderr_start, "%PORT%");
        if (p) snprintf(want, sizeof want, "%.*s%s%s", (int)(p - b->stderr_start), b->stderr_start, port, p + 6);
        else snprintf(want, sizeof want, "%s", b->stderr_start);
        ok(r.code == (DWORD)b->exit_code, "case %lu (%s %s): exit %lu, expected %d", (unsigned long)c, a[0], a[1] ? a[1] : "",
           r.code, b->exit_code);
        ok(strncmp(r.err, want, strlen(want)) == 0, "case %lu:\n  expected: %s...\n  got:      %s", (unsigned long)c, want, r.err);
        ok(count_lines(r.err) == 1, "case %lu: one line on stderr, got:\n%s", (unsigned long)c, r.err);
        ok(csv_files_here() == csvs, "case %lu left a CSV behind", (unsigned long)c);
        result_free(&r);
    }
    closesocket(held);
    WSACleanup();
}

/* ---- Ctrl+C ---------------------------------------------------------------------------------- */

static void test_interrupt_sendmsg(void)
{
    result r;
    csv_file c;
    /* as the fourth repetition starts: three are complete, on a loaded machine too (1.5 s into
     * the process was the hook once, and a busy machine's start-up took longer than that) */
    r = run_env(WB_HOOK_STOP_IN_REP, "4", "sendmsg", "--thread", "cross", "--iterations", "2k", "--repeat", "1000",
                "--csv", "int.csv", NULL);
    ok(r.code == 130, "interrupted run: exit %lu, expected 130", r.code);
    ok(strstr(r.err, "winbench: sendmsg: interrupted; the rows measured so far are in int.csv") != NULL, "says so: %s", r.err);
    result_free(&r);
    c = load_csv_here("int.csv", ',');
    if (c.ok) {
        int reps = rows_where(&c, "rep", NULL, NULL);
        ok(reps == 3, "%d complete repetitions kept, expected 3", reps);
        ok(rows_where(&c, "partial", NULL, NULL) <= 1, "at most one partial repetition");
        ok(rows_where(&c, "interrupted", NULL, NULL) == 1 && rows_where(&c, "summary", NULL, NULL) == 0, "a summary marked interrupted");
        ok(strcmp(cell(&c, c.t.nrows - 1, "row"), "interrupted") == 0 &&
           num(&c, c.t.nrows - 1, "n") == reps, "it summarizes the %d complete repetitions", reps);
    }
    wb_csv_free(&c.t);
}

/* Ctrl+C during the warm-up: said plainly, nothing written. */
static void test_interrupt_warmup(void)
{
    result r;
    int before = csv_files_here();
    r = run_env(WB_HOOK_STOP_AFTER_MS, "300", "sendmsg", "--iterations", "200M", "--warmup", "1", "--repeat", "1",
                "--csv", "w.csv", NULL);
    ok(r.code == 130, "exit %lu, expected 130", r.code);
    ok(strstr(r.err, "winbench: sendmsg: interrupted during warm-up: nothing was measured, no file written") != NULL,
       "says so: %s", r.err);
    ok(csv_files_here() == before, "no CSV left");
    result_free(&r);
}

static void test_interrupt_idle_and_sockloop(void)
{
    result r;
    csv_file c;
    DWORD t0 = GetTickCount();
    /* a second into the first repetition, however long the set-up took */
    hook_set(WB_HOOK_STOP_IN_REP, "1:1000");
    r = run("idle", "--windows", "10", "--duration", "60s", "--csv", "idle.csv", NULL);
    ok(r.code == 130 && GetTickCount() - t0 < 20000, "idle stopped early: exit %lu after %lu ms", r.code, GetTickCount() - t0);
    /* a long run says how long first: idle's default 5 repetitions of the 60 s asked */
    ok(strstr(r.out, "idle: this run takes about 300 s by its schedule (1 variant x 5 repetitions of 60 s)") != NULL,
       "the length up front:\n%s", r.out);
    result_free(&r);
    c = load_csv_here("idle.csv", ',');
    ok(c.ok && rows_where(&c, "partial", NULL, NULL) == 1 && num(&c, 1, "moves_posted") > 0, "the cut repetition is kept as partial");
    wb_csv_free(&c.t);

    t0 = GetTickCount();
    r = run("sockloop", "--rate", "500", "--duration", "60s", "--csv", "sock.csv", NULL);
    hook_clear(WB_HOOK_STOP_IN_REP);
    ok(r.code == 130 && GetTickCount() - t0 < 20000, "sockloop stopped early: exit %lu after %lu ms", r.code, GetTickCount() - t0);
    ok(strstr(r.out, "comparison") == NULL, "no further loops after Ctrl+C");
    ok(strstr(r.out, " variants x 1 repetition of about 61 s), set-up not counted") != NULL,   /* the sending and the grace */
       "the length up front:\n%s", r.out);
    result_free(&r);
    c = load_csv_here("sock.csv", ',');
    if (c.ok) {
        size_t row;
        int partial = 0;
        for (row = 1; row < c.t.nrows; row++)
            if (!strcmp(cell(&c, row, "row"), "partial")) {
                partial++;
                cell_is(&c, row, "loop", "select");
                ok(num(&c, row, "received") > 0, "packets before the stop are counted");
            }
        ok(partial == 1, "one partial row");
    }
    wb_csv_free(&c.t);
}

/* ---- warnings and memory --------------------------------------------------------------------- */

static const char *last_cell(const csv_file *c, const char *col)
{
    return c->ok && c->t.nrows > 1 ? cell(c, c->t.nrows - 1, col) : "";
}

/* An undistorted run: no leap or short-interval warning. A VM under Wine is not quiet enough to
 * promise that no repetition is ever an outlier, so what is checked is what the rows must show
 * whatever the rule's verdict: the outliers warning and the summary's outlier_reps agree, and a
 * repetition named lies more than 1% from the median (the rule's material floor; the rule itself
 * is tested on numbers whose outliers are known, test_reps.outlier_rule). Whether the CV
 * warning fires is the machine's (test_reps.warnings gives it rates of a known spread, and
 * warnings_provoked a planted slow repetition). Context warnings (Wine, a VM) are expected. */
static void test_warnings_clean(void)
{
    result r = run("sendmsg", "--iterations", "300k", "--repeat", "5", "--csv", "clean.csv", "--quiet", NULL);
    csv_file c = load_csv_here("clean.csv", ',');
    const char *w = last_cell(&c, "warnings");
    double times[5], sorted[5], median;
    size_t i, k;
    ok(r.code == 0, "exit %lu", r.code);
    ok(strstr(w, "qpc_leap") == NULL && strstr(w, "short_interval") == NULL, "no leap, no short interval: [%s]", w);
    /* a run from a logged-on user's console (and Wine's) is on an interactive desktop */
    ok(strstr(w, "no_desktop") == NULL, "an interactive desktop: [%s]", w);
    /* The Wine warning exactly where the rows say Wine ran them (native Windows: never). */
    ok((strstr(w, "wine") != NULL) == (last_cell(&c, "wine_version")[0] != '\0'), "wine warning iff wine_version \"%s\": [%s]",
       last_cell(&c, "wine_version"), w);
    if (rows_are(&c, 7)) {
        const char *named = last_cell(&c, "outlier_reps");
        for (i = 0; i < 5; i++) times[i] = sorted[i] = num(&c, i + 1, "ns_per_op");   /* outliers: on times */
        for (i = 0; i < 5; i++)   /* a tiny sort */
            for (k = i + 1; k < 5; k++)
                if (sorted[k] < sorted[i]) { double t = sorted[i]; sorted[i] = sorted[k]; sorted[k] = t; }
        median = sorted[2];
        ok((strstr(w, "outliers") != NULL) == (named[0] != '\0'), "outliers warning [%s] and outlier_reps [%s] agree", w, named);
        for (i = 0; i < 5; i++) {
            char number[8];
            snprintf(number, sizeof number, "%lu", (unsigned long)i + 1);
            if (strstr(named, number))
                ok(fabs(times[i] - median) > 0.01 * median, "rep %lu named an outlier, %.3g ns against the median %.3g",
                   (unsigned long)i + 1, times[i], median);
        }
    }
    wb_csv_free(&c.t);
    result_free(&r);
}

/* A faked QPC leap in repetition 1 and a repetition made 30 s slower: the warnings fire, in
 * the CSV and on stderr. */
static void test_warnings_provoked(void)
{
    result r;
    csv_file c;
    /* The planted slowdowns must stand out of any noise, not of a quiet machine's: the outlier
     * rule names a repetition 14.8 scaled MADs from the median. Times are positive, so the MAD
     * of a run whose planted repetitions are two of seven stays below about the median; a 60 s
     * leap and 30 s added to repetition 4 are then outliers however loaded the machine, as long
     * as a repetition takes under 2 s (~50 ms at rest, a few hundred beside busy threads).
     * (A 400 ms leap was 8 medians: a loaded machine's MAD of 0.4 medians hid it. A 4 s leap
     * did too, once, beside one busy thread per core, and so did repetition 4 at twenty times
     * its own time, once, when the load had made it quick and the MAD was 0.87 medians: the
     * rule was right each time.) */
    hook_set(WB_HOOK_QPC_LEAP_MS, "60000");
    hook_set(WB_HOOK_SLOW_REP, "4");
    r = run("sendmsg", "--iterations", "100k", "--repeat", "7", "--csv", "noisy.csv", "--quiet", NULL);
    hook_clear(WB_HOOK_QPC_LEAP_MS);
    hook_clear(WB_HOOK_SLOW_REP);
    ok(r.code == 0, "exit %lu", r.code);
    c = load_csv_here("noisy.csv", ',');
    ok(strstr(cell(&c, 1, "warnings"), "qpc_leap") != NULL, "rep 1 row: [%s]", cell(&c, 1, "warnings"));
    ok(strstr(cell(&c, 2, "warnings"), "qpc_leap") == NULL, "rep 2 row is clean: [%s]", cell(&c, 2, "warnings"));
    /* Rows are written as each repetition ends, before the run can judge them: the summary row
     * names the outliers. Repetition 4, slowed by 30 s, must be among them; the leap made
     * repetition 1 slow too. A busy machine may slow another repetition for real, and the rule is
     * right to name it, so what is checked of any other is that it is one: over 1% from the
     * median (a repetition named by a wrong index would not be). stderr names the same ones. */
    ok(strstr(cell(&c, 4, "warnings"), "outliers") == NULL, "rep 4 row written before the judgement: [%s]",
       cell(&c, 4, "warnings"));
    if (rows_are(&c, 9)) {   /* the header, 7 repetitions, the summary */
        const char *named = last_cell(&c, "outlier_reps");
        char list[64] = "", *p, want[128];
        double times[7], sorted[7];
        size_t i, k;
        for (i = 0; i < 7; i++) times[i] = sorted[i] = num(&c, i + 1, "ns_per_op");
        for (i = 0; i < 7; i++)
            for (k = i + 1; k < 7; k++)
                if (sorted[k] < sorted[i]) { double t = sorted[i]; sorted[i] = sorted[k]; sorted[k] = t; }
        ok(strstr(named, "4") != NULL, "summary names rep 4: [%s]", named);
        for (p = (char *)named; *p; p++) {
            unsigned long rep = strtoul(p, &p, 10);
            ok(rep >= 1 && rep <= 7 && fabs(times[rep - 1] - sorted[3]) > 0.01 * sorted[3],
               "rep %lu named an outlier: %.3g ns against the median %.3g", rep, rep >= 1 && rep <= 7 ? times[rep - 1] : 0,
               sorted[3]);
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lu", list[0] ? ", " : "", rep);
            if (!*p) break;
        }
        snprintf(want, sizeof want, "from the median) in repetition(s) %s: ", list);
        ok(strstr(r.err, want) != NULL, "stderr names the same outliers (%s):\n%s", list, r.err);
    }
    ok(strstr(last_cell(&c, "warnings"), "first_slow") != NULL, "summary: first_slow: [%s]", last_cell(&c, "warnings"));
    ok(strstr(last_cell(&c, "warnings"), "outliers") != NULL && strstr(last_cell(&c, "warnings"), "cv_high") != NULL,
       "summary: [%s]", last_cell(&c, "warnings"));
    ok(strstr(r.err, "warning: repetition 1: QPC measured") != NULL, "leap on stderr:\n%s", r.err);
    wb_csv_free(&c.t);
    result_free(&r);
}

/* Power throttling asked off in two calls (Windows 10 before 11 refuses the timer bit it does
 * not know, and must not take the speed opt-out down with it), the power source and the CPUs'
 * efficiency classes in every row, and their warnings. Wine's SetProcessInformation refuses
 * both (error 1) and its CPUs are of one class: WINBENCH_TEST_QOS puts a SetProcessInformation
 * in its place that checks the call as Windows does (class 4, 12 bytes, version 1, known bits
 * only) and grants it, or refuses the timer bit; the other two hooks fake a hybrid CPU and a
 * battery. What real Windows 10 1709 and later grant is what the rows say there. */
static void test_power_throttling(void)
{
    static const struct { const char *mode, *want; } modes[] = {
        { "grant", "speed off granted; timer off granted" },
        { "refuse-timer", "speed off granted; timer off refused: " },
    };
    result r;
    csv_file c;
    size_t i;
    const char *t;
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "qos.csv", "--quiet", NULL);
    c = load_csv_here("qos.csv", ',');
    t = last_cell(&c, "power_throttling");
    ok(r.code == 0, "exit %lu", r.code);
    /* what this Windows answered, in words: each opt-out granted or refused, or none to ask */
    ok(strcmp(t, "absent (before Windows 8)") == 0 ||
       (strncmp(t, "speed off ", 10) == 0 && strstr(t, "; timer off ") != NULL &&
        (strstr(t, "refused") == NULL || strstr(t, "(error ") != NULL)), "power_throttling [%s]", t);
    ok(strcmp(last_cell(&c, "power_source"), "AC") == 0 || strcmp(last_cell(&c, "power_source"), "battery") == 0 ||
       strcmp(last_cell(&c, "power_source"), "unknown") == 0, "power_source [%s]", last_cell(&c, "power_source"));
    wb_csv_free(&c.t);
    result_free(&r);

    for (i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        r = run_env(WB_HOOK_QOS, modes[i].mode, "sendmsg", "--iterations", "1000", "--repeat", "1", "--csv",
                    "qos.csv", "--force", "--quiet", NULL);
        c = load_csv_here("qos.csv", ',');
        t = last_cell(&c, "power_throttling");
        ok(r.code == 0 && strncmp(t, modes[i].want, strlen(modes[i].want)) == 0, "%s: [%s]", modes[i].mode, t);
        ok(strstr(t, "refused") == NULL || strstr(t, "(error 87)") != NULL, "%s: the refusal's code [%s]", modes[i].mode, t);
        wb_csv_free(&c.t);
        result_free(&r);
    }

    /* a hybrid CPU: CPU 0 of the fast class, CPU 1 efficient; the run on both, then on CPU 0 */
    hook_set(WB_HOOK_CPU_CLASSES, "1,0");
    hook_set(WB_HOOK_ON_BATTERY, "1");
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--csv", "qos.csv", "--force", "--quiet", NULL);
    c = load_csv_here("qos.csv", ',');
    ok(strcmp(last_cell(&c, "power_source"), "battery") == 0 && strstr(last_cell(&c, "warnings"), "on_battery") != NULL,
       "battery: [%s] [%s]", last_cell(&c, "power_source"), last_cell(&c, "warnings"));
    ok(strstr(r.err, "running on battery") != NULL, "battery warning on stderr:\n%s", r.err);
    if (strcmp(last_cell(&c, "affinity"), "0x1") == 0) {
        skip("one CPU: no second efficiency class to mix");
    } else {
        ok(strcmp(last_cell(&c, "cpu_classes"), "0:1;1:1") == 0 && strstr(last_cell(&c, "warnings"), "mixed_cores") != NULL,
           "two classes: [%s] [%s]", last_cell(&c, "cpu_classes"), last_cell(&c, "warnings"));
    }
    wb_csv_free(&c.t);
    result_free(&r);
    r = run("sendmsg", "--iterations", "1000", "--repeat", "1", "--affinity", "0x1", "--csv", "qos.csv", "--force", "--quiet", NULL);
    hook_clear(WB_HOOK_CPU_CLASSES);
    hook_clear(WB_HOOK_ON_BATTERY);
    c = load_csv_here("qos.csv", ',');
    ok(strcmp(last_cell(&c, "cpu_classes"), "1:1") == 0 && strstr(last_cell(&c, "warnings"), "mixed_cores") == NULL,
       "held to CPU 0: [%s] [%s]", last_cell(&c, "cpu_classes"), last_cell(&c, "warnings"));
    wb_csv_free(&c.t);
    result_free(&r);
}

/* One console character that the ANSI code page and the console's code page (OEM) name
 * differently, and that Latin-1 names differently again: 1252's 0x80 is the euro sign, OEM
 * 437's is Ç, Latin-1's is a control character. 0 when this code page has none. */
static wchar_t telling_character(void)
{
    unsigned b;
    for (b = 0x80; b <= 0xFF; b++) {
        char c = (char)b;
        wchar_t ansi = 0, oem = 0;
        if (MultiByteToWideChar(CP_ACP, MB_ERR_INVALID_CHARS, &c, 1, &ansi, 1) != 1 ||
            MultiByteToWideChar(CP_OEMCP, 0, &c, 1, &oem, 1) != 1)
            continue;
        if (ansi != (wchar_t)b && ansi != oem && IsCharAlphaW(ansi)) return ansi;
    }
    return 0;
}

/* What a user reads on a console is the text as typed: winbench's text is in the ANSI code page,
 * a console shows its own (OEM), and winbench converts where its output is a console. A
 * console of the test's own, winbench's stderr on it, read back as characters: a missing file
 * and an unknown option named with a character the two code pages disagree on. (Wine's msvcrt
 * converts console output itself, as Latin-1: with this character that is wrong too, so the
 * check holds under Wine as on Windows.) */
static void test_console_text(void)
{
    wchar_t c = telling_character(), exe[MAX_PATH], line[512], screen[4001], want[2][64];
    char exe_a[MAX_PATH];
    HANDLE console;
    COORD origin = { 0, 0 };
    DWORD n = 0;
    int i;
    if (c == 0) {
        skip("this ANSI code page has no letter that its console code page names otherwise");
        return;
    }
    path_beside_exe(exe_a, sizeof exe_a, "winbench.exe");
    MultiByteToWideChar(CP_ACP, 0, exe_a, -1, exe, MAX_PATH);
    swprintf(want[0], 64, L"missing-%lc.csv: no such file", c);
    swprintf(want[1], 64, L"--l%lcbel: unknown option", c);
    FreeConsole();
    ok(AllocConsole(), "AllocConsole: error %lu", GetLastError());
    console = CreateFileA("CONOUT$", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0, NULL);
    ok(console != INVALID_HANDLE_VALUE, "CONOUT$: error %lu", GetLastError());
    for (i = 0; i < 2 && console != INVALID_HANDLE_VALUE; i++) {
        STARTUPINFOW si;
        PROCESS_INFORMATION pi;
        SECURITY_ATTRIBUTES sa = { sizeof sa, NULL, TRUE };
        HANDLE out = CreateFileA("CONOUT$", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &sa,
                                 OPEN_EXISTING, 0, NULL);
        DWORD blank = 0;
        FillConsoleOutputCharacterW(console, L' ', 4000, origin, &blank);
        if (i == 0) swprintf(line, 512, L"\"%ls\" report missing-%lc.csv", exe, c);
        else swprintf(line, 512, L"\"%ls\" sendmsg --l%lcbel x", exe, c);
        memset(&si, 0, sizeof si);
        si.cb = sizeof si;
        si.dwFlags = STARTF_USESTDHANDLES;
        si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
        si.hStdOutput = si.hStdError = out;
        if (!CreateProcessW(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi)) {
            ok(0, "CreateProcessW: error %lu", GetLastError());
            CloseHandle(out);
            continue;
        }
        ok(WaitForSingleObject(pi.hProcess, 60000) == WAIT_OBJECT_0, "winbench ended");
        CloseHandle(pi.hProcess);
        CloseHandle(pi.hThread);
        CloseHandle(out);
        n = 0;
        ReadConsoleOutputCharacterW(console, screen, 4000, origin, &n);
        screen[n] = 0;
        {
            char shown[256];
            WideCharToMultiByte(CP_UTF8, 0, want[i], -1, shown, sizeof shown, NULL, NULL);
            ok(wcsstr(screen, want[i]) != NULL, "the console shows [%s] (U+%04X) as typed", shown, (unsigned)c);
        }
    }
    if (console != INVALID_HANDLE_VALUE) CloseHandle(console);
    FreeConsole();
}

/* A run killed the way taskkill /F, a closed console or a VM reset kills it (TerminateProcess:
 * no handler runs) keeps every repetition that had finished, each row whole: rows are written
 * and flushed as each repetition ends, never held for the summary. */
static void test_killed_keeps_rows(void)
{
    proc p = start("sendmsg", "--iterations", "300k", "--repeat", "200", "--warmup", "0", "--csv", "killed.csv",
                   "--quiet", NULL);
    char path[MAX_PATH], *text = NULL;
    int lines = 0, waited;
    result r;
    csv_file c;
    size_t i;
    path_in_dir(path, sizeof path, "killed.csv");
    for (waited = 0; waited < 60000 && lines < 3; waited += 10) {   /* the header and two rows */
        size_t len;
        free(text);
        text = read_all(path, &len);
        lines = text ? count_lines(text) : 0;
        if (lines < 3) Sleep(10);
    }
    free(text);
    ok(lines >= 3, "two repetitions reached the file while the run went on (%d lines after %d ms)", lines, waited);
    ok(TerminateProcess(p.process, 9), "TerminateProcess: error %lu", GetLastError());
    r = finish(&p, 20000);
    ok(r.code == 9, "killed, exit %lu", r.code);
    c = load_csv_here("killed.csv", ',');
    ok(c.ok, "the killed run's CSV parses");
    ok(c.ok && c.t.nrows >= 3, "header and at least two rows kept: %lu rows", c.ok ? (unsigned long)c.t.nrows : 0ul);
    for (i = 1; c.ok && i < c.t.nrows; i++) {
        char want[16];
        snprintf(want, sizeof want, "%lu", (unsigned long)i);
        ok(strcmp(cell(&c, i, "row"), "rep") == 0, "row %lu is a rep row: %s", (unsigned long)i, cell(&c, i, "row"));
        ok(strcmp(cell(&c, i, "rep"), want) == 0, "row %lu is repetition %s: %s", (unsigned long)i, want, cell(&c, i, "rep"));
        ok(num(&c, i, "ops") == 300000, "row %lu whole: ops %s", (unsigned long)i, cell(&c, i, "ops"));
        ok(cell(&c, i, "sleep1_ms") && cell(&c, i, "sleep1_ms")[0], "row %lu has its last column", (unsigned long)i);
        /* each row carries its own moment: ISO 8601 to the millisecond sorts as text */
        if (i > 1)
            ok(strcmp(cell(&c, i, "timestamp_utc"), cell(&c, i - 1, "timestamp_utc")) > 0,
               "row %lu's time %s after row %lu's %s", (unsigned long)i, cell(&c, i, "timestamp_utc"),
               (unsigned long)i - 1, cell(&c, i - 1, "timestamp_utc"));
    }
    wb_csv_free(&c.t);
    result_free(&r);
}

/* The working set and the packets sent and received of every interval row, in order (at most
 * cap), and the working sets as text. */
static int interval_rows(const csv_file *c, double *ws, double *sent, double *received, int cap, char *text,
                         size_t text_cap)
{
    size_t i, used = 0;
    int n = 0;
    text[0] = '\0';
    for (i = 1; c->ok && i < c->t.nrows && n < cap; i++)
        if (strcmp(cell(c, i, "row"), "interval") == 0) {
            ws[n] = num(c, i, "peak_working_set_kb");
            sent[n] = num(c, i, "sent");
            received[n++] = num(c, i, "received");
            if (used + 16 < text_cap) used += (size_t)snprintf(text + used, text_cap - used, "%s%g", used ? " " : "", ws[n - 1]);
        }
    return n;
}

/* More packets must not mean more memory: histograms, not sample arrays. Within one run, from
 * its first interval row (~4,000 packets in) to the last but one of the sending (~28,000 in),
 * the working set grows by under 2 bytes for each packet received in between, where the
 * smallest sample array (a float each) takes 4 (it does not grow at all when nothing is
 * wrong). (Not to the last interval of the sending: the
 * one in which the sender ends, under a loaded 32-bit Wine, was seen 350 KiB higher and lower
 * again in the rep row after it, a transient at the end, not a growth with packets.) The
 * sending is found by its own column, since a loaded machine stretches it (6 s of sending
 * took 8 beside two busy threads per core). Over TCP, so that every packet sent arrives
 * however starved the receiver is (over UDP a loaded machine dropped a quarter of them, and
 * the grace waited 30 s for them). Each row reads the working set anew: 8 MiB planted in
 * repetition 2 (WINBENCH_TEST_GROW_REP) shows in that repetition's row and the next, as a
 * figure read once would not. */
static void test_memory_flat(void)
{
    /* a long grace: a receiver a loaded machine slowed reads its backlog; it ends as soon as
     * the last packet is in */
    result r = run("sockloop", "--loop", "select", "--proto", "tcp", "--rate", "4000", "--duration", "8s", "--interval",
                   "1s", "--grace", "30s", "--csv", "long.csv", "--quiet", NULL);
    csv_file c;
    double ws[32], sent[32], received[32], packets, sent_all, unsent, between = 0;
    char list[512];
    int n, i, last = 0;
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("long.csv", ',');
    n = interval_rows(&c, ws, sent, received, 32, list, sizeof list);
    packets = c.ok ? num(&c, c.t.nrows - 1, "received") : 0;
    sent_all = c.ok ? num(&c, c.t.nrows - 1, "sent") : 0;
    unsent = c.ok ? num(&c, c.t.nrows - 1, "unsent") : 0;
    /* Every message sent arrives (TCP), unless the run's end (the duration and the grace: 38 s)
     * came while a starved sender was still behind its schedule (unsent): then the last ones
     * were on their way (beside two CI runs: 29,756 of the 32,000 sent, 29,745 in). */
    ok(n >= 6 && sent_all >= 20000 && (packets == sent_all || (unsent > 0 && packets <= sent_all)),
       "%d interval rows, %g packets sent, %g received, %g never sent", n, sent_all, packets, unsent);
    for (i = 0; i < n; i++)
        if (sent[i] > 0) last = i;   /* the last interval the sender sent in */
    for (i = 1; i < last; i++) between += received[i];
    /* 24,000 when nothing else runs, ~9,400 from the first to the fifth interval were seen beside
     * two busy threads per core (the receiver behind): a float a packet would exceed the budget
     * by four pages at the least */
    ok(last >= 5 && between >= 8000, "%g packets received from the first interval to interval %d", between, last);
    if (last >= 5)
        ok(ws[0] > 0 && ws[last - 1] < ws[0] + 2 * between / 1024, "working set %g KiB at the first interval, %g at "
           "interval %d (under 2 bytes more for each of the %g packets between; every interval: %s)", ws[0],
           ws[last - 1], last, between, list);
    wb_csv_free(&c.t);

    r = run_env(WB_HOOK_GROW_REP, "2", "sendmsg", "--iterations", "2k", "--repeat", "3", "--csv", "grow.csv",
                "--quiet", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    c = load_csv_here("grow.csv", ',');
    if (rows_are(&c, 5)) {   /* the header, 3 repetitions, the summary */
        double w1 = num(&c, 1, "peak_working_set_kb"), w2 = num(&c, 2, "peak_working_set_kb"),
               w3 = num(&c, 3, "peak_working_set_kb");
        ok(w2 >= w1 + 7 * 1024 && w3 >= w1 + 7 * 1024, "8 MiB planted in repetition 2: %g, %g, %g KiB", w1, w2, w3);
        ok(strstr(cell(&c, 1, "warnings"), "test_hook") != NULL, "its rows say so: [%s]", cell(&c, 1, "warnings"));
    }
    wb_csv_free(&c.t);
}

static const wbt_case cases[] = {
    { "power_throttling", test_power_throttling, 0 },
    { "console_text", test_console_text, 0 },
    { "warnings_clean", test_warnings_clean, 0 },
    { "warnings_provoked", test_warnings_provoked, WBT_CPU_HEAVY },
    { "memory_flat", test_memory_flat, WBT_CPU_HEAVY },
    { "killed_keeps_rows", test_killed_keeps_rows, 0 },
    { "bad_input_matrix", test_bad_input_matrix, 0 },
    { "interrupt_sendmsg", test_interrupt_sendmsg, 0 },
    { "interrupt_warmup", test_interrupt_warmup, 0 },
    { "interrupt_idle_and_sockloop", test_interrupt_idle_and_sockloop, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}

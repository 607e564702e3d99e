/* The Win32 parts of the core: OS names, system context, the clock, CPU times, the MFC model
 * and the visual-styles switch. Run under Wine here; numbers are checked for sanity, not value. */
#include <windows.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <shellapi.h>

#include "core/cmdline.h"
#include "wb_clock.h"
#include "wb_console.h"
#include "wb_floors.h"
#include "run/result.h"
#include "wb_mfc.h"
#include "wb_rounds.h"
#include "../bench/idle.h"
#include "win/console_chunks.h"
#include "win/for_tests.h"
#include "win/wb_sysinfo.h"
#include "wb_visual_styles.h"
#include "wb_sort.h"
#include "wb_stalls.h"
#include "wbtest.h"

static void expect_os(unsigned ma, unsigned mi, unsigned build, int server, const char *want)
{
    const char *got = wb_os_name(ma, mi, build, server);
    ok(strcmp(got, want) == 0, "%u.%u.%u server=%d: expected %s, got %s", ma, mi, build, server, want, got);
}

static void test_os_names(void)
{
    expect_os(5, 1, 2600, 0, "Windows XP");
    expect_os(5, 2, 3790, 0, "Windows XP x64");
    expect_os(5, 2, 3790, 1, "Windows Server 2003");
    expect_os(6, 0, 6002, 0, "Windows Vista");
    expect_os(6, 0, 6002, 1, "Windows Server 2008");
    expect_os(6, 1, 7601, 1, "Windows Server 2008 R2");
    expect_os(6, 1, 7601, 0, "Windows 7");
    expect_os(10, 0, 19045, 0, "Windows 10");
    expect_os(10, 0, 22631, 0, "Windows 11");
    expect_os(10, 0, 17763, 1, "Windows Server 2019");
    expect_os(10, 0, 20348, 1, "Windows Server 2022");
    expect_os(4, 0, 1381, 0, "Windows (unknown version)");
}

static void test_sysinfo(void)
{
    wb_sysinfo si;
    wb_sysinfo_read(&si);
    ok(si.host[0] != '\0', "host name is empty");
    ok(si.os_major >= 5, "os_major %u", si.os_major);
    ok(si.os_build > 0, "os_build %u", si.os_build);
    ok(si.cpus >= 1, "cpus %u", si.cpus);
    ok(si.cpu_name[0] != '\0', "cpu name empty");
    ok(strcmp(si.version_api, "RtlGetVersion") == 0, "RtlGetVersion exists on XP and later, used %s", si.version_api);
    ok(strcmp(si.os_name, wb_os_name(si.os_major, si.os_minor, si.os_build, si.os_server)) == 0,
       "os_name consistent");
#ifdef _WIN64
    ok(strcmp(si.arch, "x64") == 0 && si.wow64 == 0, "x64 process: arch %s wow64 %d", si.arch, si.wow64);
#else
    ok(strcmp(si.arch, "x86") == 0, "x86 process: arch %s", si.arch);
#endif
    /* The flag decides the VM warning: the rule must follow it both ways. */
    {
        wb_warnings w;
        char codes[256];
        memset(&w, 0, sizeof w);
        wb_context_warnings(&si, 1, &w);
        wb_warn_codes(&w, codes, sizeof codes);
        ok((strstr(codes, "hypervisor") != NULL) == (si.hypervisor == 1), "hypervisor %d, warnings [%s]",
           si.hypervisor, codes);
        ok((strstr(codes, "wine") != NULL) == (si.wine[0] != '\0'), "wine \"%s\", warnings [%s]", si.wine, codes);
    }
}

/* The x87 state a timed interval starts with is a fresh program's: not in use, whatever was
 * computed before (include/wb_x87.h), and the control word is put back after it. */
static void test_x87_state(void)
{
    wb_x87_saved other = { 0x27f, 1 }, a, b;   /* a control word that is not the initial 0x37f */
    wb_interval iv;
    volatile long double x = 3.0L;
    int seen;
    if (!wb_x87_reset_works()) {
        skip("XSAVE is not enabled on this CPU or OS (or this compiler has no way to it): the x87 is left as it is");
        return;
    }
    wb_x87_restore(&other);
    x = x * x;   /* what mingw's printf does with every %g */
    seen = wb_x87_in_use();
    if (seen < 0) skip("XGETBV(1) is not there: whether the x87 is in use cannot be seen, only the control word");
    else ok(seen == 1, "a long double was computed: the x87 is in use (%d)", seen);
    wb_x87_reset(&a);
    ok(a.reset == 1 && a.control == 0x27f, "the reset read the control word 0x%x", a.control);
    if (seen >= 0) ok(wb_x87_in_use() == 0, "after the reset the x87 is not in use");
    wb_x87_restore(&a);
    wb_x87_reset(&b);
    ok(b.control == 0x27f, "the control word was put back: 0x%x", b.control);
    wb_x87_restore(&b);

    /* The same around a timed interval, with the x87 used before it. */
    x = x * x;
    wb_interval_begin(&iv);
    if (seen >= 0) ok(wb_x87_in_use() == 0, "inside an interval the x87 is not in use");
    wb_interval_end(&iv);
    wb_x87_reset(&b);
    ok(b.control == 0x27f, "after the interval the control word is the one before it: 0x%x", b.control);
    wb_x87_restore(&b);
    ok(x == 81.0L, "arithmetic is unchanged");
}

/* Wine's GetTickCount reads a count wineserver writes into the shared user data when it runs
 * (server/fd.c, set_user_shared_data_time): on a busy machine the server may not have run for
 * tens of ms and the count lags QPC. Windows' kernel writes it at each clock interrupt. The
 * count must still catch up: wait for it (5 ms naps, 2 s of QPC at most) and say whether it did. */
static int tick_count_catches_up(DWORD tick0, DWORD want_ms)
{
    uint64_t until = wb_ticks() + 2 * wb_clock_freq();
    while (GetTickCount() - tick0 < want_ms) {
        if (wb_ticks() > until) return 0;
        Sleep(5);
    }
    return 1;
}

static void test_clock(void)
{
    wb_clock_info c;
    uint64_t t0, t1;
    DWORD tick0, tick_ms;
    wb_clock_init(&c);
    ok(c.freq >= 1000, "QPC frequency %llu", (unsigned long long)c.freq);
    ok(c.freq == wb_clock_freq(), "frequency read once and kept");
    ok(c.resolution_ticks >= 1, "resolution %llu ticks", (unsigned long long)c.resolution_ticks);
    ok(c.call_ns > 0 && c.call_ns < 100000, "QPC call cost %.1f ns", c.call_ns);
    /* QPC against Sleep: 100 ms asleep must read as 90..1000 ms. */
    t0 = wb_ticks();
    tick0 = GetTickCount();
    Sleep(100);
    t1 = wb_ticks();
    ok(wb_ticks_to_s(t1 - t0) > 0.09 && wb_ticks_to_s(t1 - t0) < 1.0, "100 ms sleep measured as %.3f s",
       wb_ticks_to_s(t1 - t0));
    tick_ms = GetTickCount() - tick0;
    /* One clock tick (up to 15.6 ms) either side: the count moves in whole ticks. */
    ok(tick_ms <= wb_ticks_to_s(wb_ticks() - t0) * 1000 + 16, "GetTickCount runs no faster than QPC: %lu ms",
       (unsigned long)tick_ms);
    ok(tick_ms >= 80 || wine_broken(tick_count_catches_up(tick0, 80), "wineserver writes the tick count late on a busy machine"),
       "GetTickCount agrees roughly: %lu ms over a 100 ms sleep", (unsigned long)tick_ms);
}

/* A floor whose first call is slow (code paged in, a lazy set-up: 2 ms here) and whose other
 * calls are far shorter than a tick of QPC (100 ns at Wine's and Windows 10's 10 MHz): the
 * floor still gives the call's cost, which the test times itself in long batches beside it.
 * Sized from the first call alone, the floor ran chunks of one call and gave whole ticks
 * (0 or 100 ns for a call of about 20). */
#define COLD_UNITS 8
#define COLD_BATCH 20000

typedef struct cold_first {
    int calls;
} cold_first;

static void cold_first_chunk(const void *arg, uint64_t k)
{
    cold_first *c = (cold_first *)(void *)arg;   /* the floor hands its argument back untouched */
    uint64_t i;
    if (c->calls++ == 0) {
        Sleep(2);
        k--;
    }
    for (i = 0; i < k; i++) wb_work(COLD_UNITS);
}

static double work_batch_ns(void)
{
    uint64_t best = 0, t0, t;
    int r, i;
    for (r = 0; r < 5; r++) {
        t0 = wb_ticks();
        for (i = 0; i < COLD_BATCH; i++) wb_work(COLD_UNITS);
        t = wb_ticks() - t0;
        if (r == 0 || t < best) best = t;
    }
    return wb_ticks_to_s(best) * 1e9 / COLD_BATCH;
}

static void test_floor_cold_call(void)
{
    cold_first c;
    wb_floor_budget b;
    double before, floor_ns, after, truth;
    wb_clock_info ci;
    wb_clock_init(&ci);
    c.calls = 0;
    b.n = 2 * COLD_BATCH;
    b.ticks = wb_clock_freq() / 50;
    before = work_batch_ns();
    floor_ns = wb_floor_time(cold_first_chunk, &c, b);
    after = work_batch_ns();
    truth = before < after ? before : after;   /* the least a preemption added */
    ok(c.calls > 1, "the floor ran more than its first call: %d chunks", c.calls);
    ok(floor_ns >= 0.5 * truth && floor_ns <= 2 * truth,
       "a call of %.1f ns (timed in batches of %d; QPC tick %.1f ns) after a 2 ms first call: the floor says %.1f ns",
       truth, COLD_BATCH, 1e9 / (double)wb_clock_freq(), floor_ns);
}

static void test_cpu_times(void)
{
    wb_interval iv;
    volatile double x = 0;
    uint64_t i;
    double thread_s, wall, busy_s;
    wb_interval_begin(&iv);
    /* Busy for ~300 ms of wall time: thread CPU must follow (the clock tick is 10-16 ms). */
    do {
        for (i = 0; i < 100000; i++) x += 1.0;
        wb_interval_end(&iv);
    } while (wb_ticks_to_s(iv.t1 - iv.t0) < 0.3);
    (void)x;   /* read once: the loop's work is not dead code, and clang sees x used */
    thread_s = (double)(iv.thr1.user + iv.thr1.kernel - iv.thr0.user - iv.thr0.kernel) * 1e-7;
    wall = wb_ticks_to_s(iv.t1 - iv.t0);
    busy_s = thread_s;
    /* How much of the wall time a busy thread gets is the machine's load to decide; that it is
     * never charged more than the wall time (plus a tick where the reads straddle one) is not. */
    ok(thread_s <= wall + 0.0157, "busy thread CPU %.3f s within its %.3f s wall", thread_s, wall);
    /* Over the same interval the process was charged at least what its busy thread was, less one
     * accounting step where the interval's reads straddle a tick (Windows samples both at its
     * 15.6 ms tick). Wine reads the thread's time from /proc (10 ms steps) and the process's
     * elsewhere: under the 32-bit Wine the thread's came out 20 ms above the process's once. */
    {
        double proc_s = (double)(iv.proc1.user + iv.proc1.kernel - iv.proc0.user - iv.proc0.kernel) * 1e-7;
        ok(proc_s >= thread_s - 0.0157 ||
           wine_broken(proc_s >= thread_s - 0.032, "Wine reads thread CPU from /proc in 10 ms steps, the process's elsewhere"),
           "process CPU %.3f s covers the thread's %.3f s", proc_s, thread_s);
    }

    /* And asleep it must not: more work, more CPU, by at least a tick. */
    wb_interval_begin(&iv);
    Sleep(200);
    wb_interval_end(&iv);
    thread_s = (double)(iv.thr1.user + iv.thr1.kernel - iv.thr0.user - iv.thr0.kernel) * 1e-7;
    ok(thread_s < 0.05, "sleeping thread used %.3f s CPU", thread_s);
    ok(busy_s > thread_s + 0.0157, "busy thread charged %.3f s, sleeping one %.3f s", busy_s, thread_s);
}

/* The CPU% winbench reports (the runner's own computation) against loads of known duty:
 * busy, asleep, and busy half of every 20 ms. */
static double measured_cpu_pct(int busy_ms, int sleep_ms, double seconds)
{
    wb_sample s;
    wb_measure m;
    volatile double x = 0;
    memset(&s, 0, sizeof s);
    wb_interval_begin(&s.iv);
    do {
        uint64_t start = wb_ticks();
        while (wb_ticks_to_s(wb_ticks() - start) * 1000.0 < busy_ms) x += 1.0;
        if (sleep_ms) Sleep((DWORD)sleep_ms);
        wb_interval_end(&s.iv);
    } while (wb_ticks_to_s(s.iv.t1 - s.iv.t0) < seconds);
    (void)x;
    wb_measure_from_sample(&s, &m);
    return m.cpu_pct;
}

/* The loads are measured in turns, so that a load from elsewhere falls on both alike: the
 * thread busy half the time is charged about half what the thread busy all the time is, a share
 * of the CPU that the machine's other work scales for both (a ratio, not a fixed bound). */
static void test_cpu_self_check(void)
{
    double busy = 0, half = 0, asleep = measured_cpu_pct(0, 20, 0.3);
    int round;
    for (round = 0; round < 4; round++) {
        busy += measured_cpu_pct(20, 0, 0.15) / 4;
        half += measured_cpu_pct(10, 10, 0.3) / 4;
    }
    ok(busy > 0 && busy < 120, "busy thread: %.1f%% of one CPU", busy);
    ok(asleep < 10, "sleeping thread: %.1f%%", asleep);
    ok(busy > asleep + 10, "busy %.1f%% above asleep %.1f%%", busy, asleep);
    ok(half > 0.3 * busy && half < 0.7 * busy, "busy half the time: %.1f%%, half of busy's %.1f%%", half, busy);
}

/* Messages the MFC model's message maps handled, not passed to DefWindowProc. */
static unsigned long wb_mfc_handled_count(void)
{
    wb_mfc_counters c;
    wb_mfc_counters_get(&c);
    return c.handled;
}

static void test_mfc_model(void)
{
    wb_error err;
    HWND h;
    wb_cwnd *w;
    unsigned long before;
    ok(wb_mfc_init(&err) == 0, "init: %s", err.what);
    h = wb_mfc_create(WB_MFC_FRAME, NULL, WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, &err);
    ok(h != NULL, "create: %s", err.what);
    if (!h) return;
    w = wb_mfc_from_handle(h);
    ok(w != NULL, "window is in the permanent handle map");
    ok(SendMessageA(h, 0x0360, 0, 0) == 1, "WM_QUERYAFXWNDPROC answers 1, as AfxWndProc does");
    before = wb_mfc_handled_count();
    SendMessageA(h, WM_NULL, 0, 0);
    SendMessageA(h, WM_NULL, 0, 0);   /* second time from the message cache */
    ok(wb_mfc_handled_count() == before, "WM_NULL has no handler: it goes to DefWindowProc");
    SendMessageA(h, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
    ok(wb_mfc_handled_count() == before + 1, "WM_IDLEUPDATECMDUI found in the frame's message map");
    SendMessageA(h, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
    ok(wb_mfc_handled_count() == before + 2, "and found again through the cache");
    SendMessageA(h, WM_COMMAND, 0xE100, 0);
    ok(wb_mfc_handled_count() == before + 3, "WM_COMMAND routed to a command entry");
    SendMessageA(h, WM_COMMAND, 0x1234, 0);
    ok(wb_mfc_handled_count() == before + 3, "unknown command not handled");
    wb_mfc_call_wnd_proc(w, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
    ok(wb_mfc_handled_count() == before + 4, "direct AfxCallWndProc call (bOnlyPerm path)");
    DestroyWindow(h);
    ok(wb_mfc_from_handle(h) == NULL, "WM_NCDESTROY removes the window from the map");
}

static void test_mfc_children(void)
{
    wb_error err;
    HWND frame, child, button;
    unsigned long before;
    ok(wb_mfc_init(&err) == 0, "init: %s", err.what);
    frame = wb_mfc_create(WB_MFC_FRAME, NULL, WS_OVERLAPPEDWINDOW, 0, 0, 100, 100, 0, &err);
    child = frame ? wb_mfc_create(WB_MFC_CHILD, frame, WS_CHILD, 0, 0, 10, 10, 0, &err) : NULL;
    button = CreateWindowExA(0, "BUTTON", "b", WS_CHILD | BS_AUTOCHECKBOX, 0, 0, 10, 10, frame, NULL, NULL, NULL);
    ok(frame && child && button, "windows created: %s", err.what);
    if (!frame || !child || !button) return;
    before = wb_mfc_handled_count();
    SendMessageA(child, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
    ok(wb_mfc_handled_count() == before, "a child control has no WM_IDLEUPDATECMDUI handler");
    SendMessageA(frame, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
    ok(wb_mfc_handled_count() == before + 1, "the frame has one");

    ok(wb_mfc_from_handle(button) == NULL, "a plain BUTTON is not mapped");
    ok(wb_mfc_subclass(WB_MFC_CHILD, button, &err) == 0, "subclass: %s", err.what);
    ok(wb_mfc_from_handle(button) != NULL, "a subclassed BUTTON is in the permanent map");
    ok(SendMessageA(button, 0x0360, 0, 0) == 1, "and answers WM_QUERYAFXWNDPROC");
    SendMessageA(button, BM_SETCHECK, BST_CHECKED, 0);   /* unhandled: reaches the button's own procedure */
    ok(SendMessageA(button, BM_GETCHECK, 0, 0) == BST_CHECKED, "the original BUTTON procedure keeps the check state");
    ok(GetWindowTextLengthA(button) == 1, "text messages reach the original BUTTON procedure (%d)",
       GetWindowTextLengthA(button));
    DestroyWindow(frame);
    ok(wb_mfc_from_handle(button) == NULL && wb_mfc_from_handle(child) == NULL, "children unmapped with the frame");
}

static void test_visual_styles(void)
{
    wb_styles_scope scope;
    wb_error err;
    wb_wndproc_module module;
    const char *kind;
    HWND classic, themed, toolbar;

    ok(wb_styles_enter(0, &scope, &err) == 0 && !scope.active, "off: no context");
    classic = CreateWindowExA(0, "BUTTON", "c", WS_POPUP, 0, 0, 50, 20, NULL, NULL, NULL, NULL);
    wb_styles_leave(&scope);
    ok(classic != NULL, "classic button (error %lu)", GetLastError());

    ok(wb_styles_enter(1, &scope, &err) == 0, "on: %s", err.what);
    ok(scope.active, "v6 context active");
    themed = CreateWindowExA(0, "BUTTON", "t", WS_POPUP, 0, 0, 50, 20, NULL, NULL, NULL, NULL);
    wb_styles_leave(&scope);
    ok(themed != NULL, "themed button (error %lu)", GetLastError());
    if (!classic || !themed) return;

    kind = wb_window_controls(classic, &module);
    ok(strcmp(kind, "classic") == 0, "classic BUTTON: expected classic, got %s (%s)", kind, module.name);
    kind = wb_window_controls(themed, &module);
    ok(strcmp(kind, "v6") == 0, "themed BUTTON: expected v6, got %s (%s)", kind, module.name);
    ok(strchr(module.path, '\\') != NULL && strcmp(module.path + strlen(module.path) - strlen(module.name), module.name) == 0,
       "the module's full path (%s) ends in its name (%s)", module.path, module.name);
    ok(atoi(module.version) >= 6 || wine_broken(strstr(module.path, "_6.0.") != NULL,
                                                "Wine's v6 comctl32 has file version 5.81; its folder says 6.0"),
       "the themed BUTTON's comctl32 is version 6 or later (%s, %s)", module.version, module.path);
    DestroyWindow(classic);
    DestroyWindow(themed);

    /* v6 is loaded now, as after `sendmsg --themes on` in `winbench all`: the classic common
     * controls must still come from the system folder's comctl32 (5.x), not the v6 module. */
    ok(wb_common_controls_classic(&err) == 0, "classic common controls: %s", err.what);
    toolbar = CreateWindowExA(0, "ToolbarWindow32", "", WS_POPUP, 0, 0, 50, 20, NULL, NULL, NULL, NULL);
    ok(toolbar != NULL, "classic toolbar (error %lu)", GetLastError());
    if (toolbar == NULL) return;
    kind = wb_window_controls(toolbar, &module);
    /* Wine has one builtin comctl32 module: loaded by the system folder's path, it is the v6
     * one already in the process. Windows maps the 5.x file (system32's on XP, the 5.82
     * side-by-side assembly from Vista on). */
    ok(strcmp(kind, "classic") == 0 || wine_broken(strcmp(kind, "v6") == 0, "one comctl32 module in Wine"),
       "toolbar after v6: expected classic, got %s (%s %s)", kind, module.path, module.version);
    ok(strstr(module.path, "comctl32") || strstr(module.path, "COMCTL32"), "the toolbar's module is comctl32 (%s)",
       module.path);
    DestroyWindow(toolbar);
}

/* Winsock errors in words, where the system's table (Wine's) has none for them. */
/* Each code in Windows' own (English) words in winbench's table: a table shifted by a row
 * fails. And the message is the system's where FormatMessage (read here too) has one, the
 * table's where it has none: Wine's knows 10054, 10061 and 11001, not 10048. */
static void test_wsa_texts(void)
{
    static const struct { unsigned long code; const char *words; } known[] = {
        { 10048, "Only one usage of each socket address" }, { 10054, "forcibly closed by the remote host" },
        { 10061, "actively refused" }, { 10060, "failed to respond" }, { 10049, "not valid in its context" },
        { 10035, "could not be completed immediately" }, { 11001, "No such host is known" },
    };
    char text[300], system[300];
    size_t i;
    for (i = 0; i < sizeof known / sizeof known[0]; i++) {
        const char *table = wb_wsa_text(known[i].code);
        DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, known[i].code,
                                 MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), system, sizeof system, NULL);
        ok(table && strstr(table, known[i].words) != NULL, "error %lu in the table: [%s], expected [%s]", known[i].code,
           table ? table : "(none)", known[i].words);
        wb_system_message(known[i].code, text, sizeof text);
        ok(n ? strncmp(text, system, strlen(text)) == 0 && strlen(text) > 0 : table && strcmp(text, table) == 0,
           "error %lu in words: [%s] (the system's: [%.*s])", known[i].code, text, (int)n, n ? system : "");
    }
    wb_system_message(4242424242ul, text, sizeof text);
    ok(strcmp(text, "unknown error") == 0, "a code nobody knows: %s", text);
}

/* A system's wide text (a localized power plan name, a service pack) into the CSV's code page:
 * read back in that code page it is the same text where the code page holds it, and '?' (no
 * best-fit guess, no UTF-8 bytes) where it does not. */
static void test_text_from_wide(void)
{
    static const wchar_t plan[] = L"H\x00f6"L"chstleistung \x00e9nergie";   /* Höchstleistung énergie */
    static const wchar_t far_east[] = L"\x6771\x4eac";                        /* Tokyo, in kanji */
    char text[64];
    wchar_t back[64];
    int lossy;
    BOOL used = FALSE;
    char probe[16];
    WideCharToMultiByte(CP_ACP, WC_NO_BEST_FIT_CHARS, plan, -1, probe, sizeof probe, NULL, &used);
    lossy = wb_text_from_wide(plan, text, sizeof text);
    MultiByteToWideChar(CP_ACP, 0, text, -1, back, 64);
    if (GetACP() == CP_UTF8 || !used) {
        ok(!lossy && wcscmp(back, plan) == 0, "the plan's name reads back as it was (code page %u, lossy %d)", GetACP(), lossy);
    } else {
        ok(lossy && strchr(text, '?') != NULL, "code page %u lacks a letter: '?' and lossy (%s)", GetACP(), text);
    }
    lossy = wb_text_from_wide(far_east, text, sizeof text);
    MultiByteToWideChar(CP_ACP, 0, text, -1, back, 64);
    ok(wcscmp(back, far_east) == 0 || (lossy && strcmp(text, "??") == 0),
       "kanji: as they were, or '?' each where code page %u lacks them (got %s, lossy %d)", GetACP(), text, lossy);
    lossy = wb_text_from_wide(plan, text, 5);
    ok(strlen(text) <= 4, "cut to the buffer: [%s]", text);
}

/* winbench splits its Unicode command line itself (src/cli/args.c): the same arguments as
 * CommandLineToArgvW, whose rules msvcrt.dll shares, for every quoting a shell or a script may
 * produce: quote runs of every length inside and outside quotes, backslash runs before quotes
 * and not, tabs, empty arguments, an unclosed quote. */
static void test_cmdline_like_windows(void)
{
    static const wchar_t *const lines[] = {
        L"a b  c", L"\"a b\" c", L"\"a \"\"b\"\" c\"", L"\"\"", L"\"\"\"", L"\"\"\"\"", L"\"\"\"\"\"",
        L"\"\"\"\"\"\"", L"a\"\"b", L"a\"\"\"b c", L"\"a\"\"\"b\" c", L"\"a\"\"\"\"b c\" d", L"\"a\"b\"c d\"e",
        L"a\\\\\"b c\" d", L"a\\\\\\\"b", L"a\\\\\\\\\"b c\" d", L"\\\\server\\share x", L"\"C:\\Program Files\\\\\" x",
        L"a\\b\\\\c", L"a\tb\t\t\"c\td\"", L"\"unclosed arg", L"x \"\" y", L"\"\\\"\" z", L"--label \"A \"\"B\"\"\" --out C",
        L"\\\"\"a b\"", L"\"a\\\"\"\" b", L"trailing   ",
    };
    size_t i;
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        wchar_t line[128], ours[128];
        char shown[256];
        const wchar_t *p;
        int n = 0, windows = 0, same = 1;
        wchar_t **argv;
        swprintf(line, sizeof line / sizeof line[0], L"x.exe %ls", lines[i]);
        WideCharToMultiByte(CP_ACP, 0, lines[i], -1, shown, sizeof shown, NULL, NULL);
        argv = CommandLineToArgvW(line, &windows);
        ok(argv != NULL, "CommandLineToArgvW(%s): error %lu", shown, GetLastError());
        if (argv == NULL) continue;
        for (p = wb_cmdline_skip_blanks(wb_cmdline_past_program(line)); *p; p = wb_cmdline_skip_blanks(p)) {
            size_t len = wb_cmdline_arg(&p, ours);
            ours[len] = 0;
            n++;
            if (n < windows && wcscmp(ours, argv[n]) != 0) {
                char a[128], b[128];
                WideCharToMultiByte(CP_ACP, 0, ours, -1, a, sizeof a, NULL, NULL);
                WideCharToMultiByte(CP_ACP, 0, argv[n], -1, b, sizeof b, NULL, NULL);
                ok(0, "[%s] argument %d: winbench [%s], CommandLineToArgvW [%s]", shown, n, a, b);
                same = 0;
            }
        }
        ok(n + 1 == windows, "[%s]: winbench %d arguments, CommandLineToArgvW %d", shown, n, windows - 1);
        ok(same, "[%s] split as CommandLineToArgvW splits it", shown);
        LocalFree(argv);
    }
}

/* A part from alternating rounds (wb_rounds.h): 21 rounds of A = 1000 and B = 600 ticks, of
 * which three are preempted in one side (A or B 50,000 ticks longer): the median difference is
 * 400, its interval narrow, and the three preempted rounds move neither. With B's chunks twice
 * A's operations (each side sized by its own), the part is per operation: 1000 - 1200 / 2. A
 * part written from it is never below zero: 0 where its interval holds zero, empty where it
 * lies below. */
static void test_rounds_part(void)
{
    static const int whole[] = { 1, 0, 0, 0 }, diff[] = { 1, -1, 0, 0 };
    wb_rounds r;
    double pm, v, per_tick = 1e9 / (double)wb_clock_freq();
    unsigned i;
    memset(&r, 0, sizeof r);
    r.k[0] = r.k[1] = 1;
    r.sides = 2;
    r.n = 21;
    for (i = 0; i < r.n; i++) {
        r.ticks[i][0] = 1000 + (i % 3);
        r.ticks[i][1] = 600 + (i % 2);
    }
    r.ticks[4][0] += 50000;
    r.ticks[9][1] += 50000;
    r.ticks[15][0] += 50000;
    v = wb_rounds_part_ns(&r, diff, &pm);
    ok(fabs(v / per_tick - 400) <= 2, "the difference: %g ticks", v / per_tick);
    ok(pm / per_tick <= 3, "its interval: +-%g ticks", pm / per_tick);
    v = wb_rounds_part_ns(&r, whole, &pm);
    ok(fabs(v / per_tick - 1001) <= 1, "the whole: %g ticks", v / per_tick);
    r.k[1] = 2;
    for (i = 0; i < r.n; i++) r.ticks[i][1] *= 2;
    v = wb_rounds_part_ns(&r, diff, &pm);
    ok(fabs(v / per_tick - 400) <= 2, "B in chunks of two operations: the difference per operation %g ticks", v / per_tick);
    ok(wb_part_or_zero(5, 10) == 5, "a part inside its interval's width is kept as it is");
    ok(wb_part_or_zero(-5, 10) == 0, "a difference whose interval holds zero is written 0");
    v = wb_part_or_zero(-20, 10);
    ok(v != v, "a difference whose interval lies below zero is left empty: %g", v);
    r.n = 0;
    v = wb_rounds_part_ns(&r, whole, &pm);
    ok(v != v && pm != pm, "no rounds, no part");
}

/* idle's periods (bench/idle.h): each period's busy time from the loop's running totals, and a
 * period a preemption stretched (over IDLE_PERIOD_CUT times the median's) left out of the sums,
 * counted. */
static void test_idle_periods(void)
{
    idle_periods p;
    idle_period_sums s;
    uint64_t t = 1000, blocked = 0, sends = 0, onidle = 0, pre = 0, dispatch = 0;
    int i;
    if (idle_periods_open(&p) != 0) {
        ok(0, "out of memory");
        return;
    }
    idle_periods_mark(&p, t, blocked, sends, onidle, pre, dispatch);
    for (i = 0; i < 10; i++) {   /* 10 periods of 700 ticks' wall, 100 blocked: 600 busy, 400 sends, 500 in OnIdle */
        t += 700, blocked += 100, sends += 400, onidle += 500, pre += 20, dispatch += 50;
        if (i == 6) t += 20000;   /* one stretched by a preemption */
        idle_periods_mark(&p, t, blocked, sends, onidle, pre, dispatch);
    }
    idle_periods_sum(&p, &s);
    ok(s.kept == 9 && s.left_out == 1, "kept %lu, left out %lu", (unsigned long)s.kept, (unsigned long)s.left_out);
    ok(s.ticks[IDLE_BUSY] == 9 * 600.0 && s.ticks[IDLE_SENDS] == 9 * 400.0 && s.ticks[IDLE_ONIDLE] == 9 * 500.0 &&
           s.ticks[IDLE_PRE] == 9 * 20.0 && s.ticks[IDLE_DISPATCH] == 9 * 50.0,
       "the kept periods' sums: %g %g %g %g %g", s.ticks[IDLE_BUSY], s.ticks[IDLE_SENDS], s.ticks[IDLE_ONIDLE],
       s.ticks[IDLE_PRE], s.ticks[IDLE_DISPATCH]);
    idle_periods_reset(&p);
    idle_periods_sum(&p, &s);
    ok(s.kept == 0 && s.left_out == 0, "a reset forgets the periods");
    idle_periods_free(&p);
}

/* A long line to a console that, as before Windows 8, refuses a WriteConsoleW of more than 16 KB
 * (ERROR_NOT_ENOUGH_MEMORY): written whole, in pieces the console takes, a surrogate pair never
 * cut; one that takes part of a write (lpNumberOfCharsWritten below what was asked) gets the
 * rest from where it stopped, nothing twice; and a console that refuses everything leaves the
 * caller the rest. 0.5 wrote one call and lost the line. */
typedef struct fake_console {
    WCHAR got[40000];
    size_t n;
    DWORD limit;   /* characters; a write of more fails */
    DWORD takes;   /* a write succeeds having taken at most this many (0: all) */
    unsigned calls, split_pairs;
} fake_console;

static DWORD fake_write(void *ctx, const WCHAR *text, DWORD n)
{
    fake_console *c = (fake_console *)ctx;
    c->calls++;
    if (n > c->limit || c->n + n > sizeof c->got / sizeof c->got[0]) return 0;
    if (c->takes && n > c->takes) n = c->takes;
    if (n && text[n - 1] >= 0xD800 && text[n - 1] <= 0xDBFF) c->split_pairs++;
    memcpy(c->got + c->n, text, n * sizeof *text);
    c->n += n;
    return n;
}

static void test_console_chunks(void)
{
    static WCHAR line[30001];
    static fake_console c;
    size_t i, done;
    for (i = 0; i < 30000; i++) line[i] = (WCHAR)(i % 97 == 96 ? 0xD83D : i % 97 == 0 && i ? 0xDE00 : L'a' + i % 26);
    memset(&c, 0, sizeof c);
    c.limit = 16384 / sizeof(WCHAR);   /* 16 KB */
    done = wb_write_wide_chunks(line, 30000, fake_write, &c);
    ok(done == 30000 && c.n == 30000 && memcmp(c.got, line, sizeof(WCHAR) * 30000) == 0, "the whole line: %lu of 30000",
       (unsigned long)done);
    ok(c.split_pairs == 0, "no surrogate pair cut: %u", c.split_pairs);
    memset(&c, 0, sizeof c);
    c.limit = 3000;   /* a console with less room: pieces halved until they fit */
    done = wb_write_wide_chunks(line, 30000, fake_write, &c);
    ok(done == 30000 && memcmp(c.got, line, sizeof(WCHAR) * 30000) == 0 && c.split_pairs == 0,
       "halved pieces, the whole line: %lu of 30000, %u pairs cut", (unsigned long)done, c.split_pairs);
    memset(&c, 0, sizeof c);
    c.limit = 16384, c.takes = 1000;   /* each write succeeds with 1000 taken: on from there, nothing twice */
    done = wb_write_wide_chunks(line, 30000, fake_write, &c);
    ok(done == 30000 && c.n == 30000 && memcmp(c.got, line, sizeof(WCHAR) * 30000) == 0,
       "a console that takes part of each write: %lu of 30000 written, %lu shown", (unsigned long)done, (unsigned long)c.n);
    memset(&c, 0, sizeof c);
    c.limit = 100;   /* below the smallest piece: the caller writes the rest another way */
    done = wb_write_wide_chunks(line, 30000, fake_write, &c);
    ok(done == 0 && c.calls < 10, "a console that takes nothing: %lu written, %u calls", (unsigned long)done, c.calls);
}

/* What took a gap, from the counters' change across it: each kind from the counters that tell
 * it, and unknown where none could (XP without cycle time, Wine without DPC time). */
static void test_stall_kind(void)
{
    /* NONE: no such counter, NaN where wb_stall_counters holds it (NAN is no constant in every
     * CRT's math.h: Wine's MSVC-style one makes it a union's member) */
#define NONE (-1.0)
    static const struct { double dpc, ran, switches; int kind; const char *what; } cases[] = {
        { 30e6, 30e6, NONE, WB_STALL_INTERRUPTS, "DPC time covering the gap" },
        { 16e6, NONE, NONE, WB_STALL_INTERRUPTS, "DPC time over half of it, no cycle time (XP)" },
        { 0, 1e6, NONE, WB_STALL_PREEMPTED, "the thread charged 1 ms of 30" },
        { 0, 30e6, 1, WB_STALL_PREEMPTED, "a context switch" },
        { 0, 30e6, NONE, WB_STALL_INVISIBLE, "the thread charged the whole gap, no DPC time: nothing seen" },
        { NONE, 29e6, NONE, WB_STALL_INVISIBLE, "cycle time only (Wine), the thread charged it" },
        { 1e6, NONE, NONE, WB_STALL_UNKNOWN, "DPC time that does not cover it, no cycle time: preempted or unseen" },
        { NONE, NONE, NONE, WB_STALL_UNKNOWN, "no counter" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wb_stall_counters d;
        int kind;
        d.dpc_int_ns = cases[i].dpc == NONE ? NAN : cases[i].dpc;
        d.ran_ns = cases[i].ran == NONE ? NAN : cases[i].ran;
        d.switches = cases[i].switches == NONE ? NAN : cases[i].switches;
        kind = wb_stall_kind(30e6, &d);
        ok(kind == cases[i].kind, "%s: %s, not %s", cases[i].what, wb_stall_kind_name(kind),
           wb_stall_kind_name(cases[i].kind));
    }
}
#undef NONE

/* stalls' turn cost with a thread beside it on its CPU that takes the CPU every 2 ms or so, for
 * about a millisecond: what a preemption does to it must not reach the figure (a busy machine read 2,122.8 ns a turn and
 * refused stalls' own default threshold). Interleaved: alone, then beside the spinner, three
 * times, on one CPU, so that the machine moves both alike; the spinner's turns must not raise
 * the median by half. */
static volatile LONG spinner_spins, spinner_quit;
static DWORD WINAPI spinner(LPVOID arg)
{
    (void)arg;
    while (!spinner_quit) {   /* spinning, 1 ms on and a Sleep(1) off: it takes the CPU every 2 ms or so */
        uint64_t until = wb_ticks() + wb_clock_freq() / 1000;
        while (spinner_spins && wb_ticks() < until) {}
        Sleep(1);
    }
    return 0;
}

static void test_spin_turn_busy(void)
{
    HANDLE t;
    DWORD_PTR old = SetThreadAffinityMask(GetCurrentThread(), 1);
    double alone[3], beside[3];
    int i;
    spinner_quit = spinner_spins = 0;
    t = CreateThread(NULL, 0, spinner, NULL, CREATE_SUSPENDED, NULL);
    ok(old != 0 && t != NULL, "a thread on CPU 0 beside this one");
    if (t == NULL || old == 0) return;
    SetThreadAffinityMask(t, 1);
    ResumeThread(t);
    for (i = 0; i < 3; i++) {
        spinner_spins = 0;
        Sleep(5);
        alone[i] = wb_spin_turn_ns();
        spinner_spins = 1;
        Sleep(5);
        beside[i] = wb_spin_turn_ns();
    }
    spinner_quit = 1;
    WaitForSingleObject(t, INFINITE);
    CloseHandle(t);
    SetThreadAffinityMask(GetCurrentThread(), old);
    printf("turn alone %g %g %g ns, beside a spinner on its CPU %g %g %g ns\n", alone[0], alone[1], alone[2], beside[0],
           beside[1], beside[2]);
    ok(wb_median_doubles(beside, 3) < 1.5 * wb_median_doubles(alone, 3) + 20,
       "a spinner on its CPU raised the turn from %g to %g ns", wb_median_doubles(alone, 3), wb_median_doubles(beside, 3));
}

static const wbt_case cases[] = {
    { "spin_turn_busy", test_spin_turn_busy, 0 },
    { "wsa_texts", test_wsa_texts, 0 },
    { "os_names", test_os_names, 0 },
    { "sysinfo", test_sysinfo, 0 },
    { "clock", test_clock, 0 },
    { "x87_state", test_x87_state, 0 },
    { "cpu_times", test_cpu_times, WBT_TIMING | WBT_CPU_HEAVY },
    { "cpu_self_check", test_cpu_self_check, WBT_TIMING | WBT_CPU_HEAVY },
    { "floor_cold_call", test_floor_cold_call, WBT_TIMING },
    { "mfc_model", test_mfc_model, 0 },
    { "mfc_children", test_mfc_children, 0 },
    { "visual_styles", test_visual_styles, 0 },
    { "cmdline_like_windows", test_cmdline_like_windows, 0 },
    { "text_from_wide", test_text_from_wide, 0 },
    { "rounds_part", test_rounds_part, 0 },
    { "console_chunks", test_console_chunks, 0 },
    { "idle_periods", test_idle_periods, 0 },
    { "stall_kind", test_stall_kind, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

/* sendmsg: the classic tight SendMessage loop (the "scratch program" timing 50,000,000
 * SendMessage(WM_NULL)) against a window of our own class, a system BUTTON, an MFC-style
 * window or the user's own window procedure (--wndproc), with or without visual styles, owned
 * by this thread or by a second one.
 *
 * Timed: only the loop of SendMessage calls, between two QPC reads. Window creation, the
 * activation context and the second thread are set up before and torn down after. After the
 * loop, each in a loop of its own, the floors (sendmsg_parts.c): the window procedure called
 * directly, kernel and win32k calls, the hand-off between the two threads. */
#include <math.h>
#include <stddef.h>
#include "wb_warning_codes.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sendmsg.h"
#include "wb_mfc.h"
#include "wb_timed_loop.h"
#include "wb_user_code.h"
#include "wb_visual_styles.h"
#include "wb_windows.h"
#include "wb_console.h"
#include "wb_test_hooks.h"

/* The timed loop runs in chunks: between two, and never per message, the QPC is stamped
 * (wb_pace.h: the loop's own time split into its pace and the machine's), progress stored and
 * Ctrl+C noticed. The first chunk is CHUNK_FIRST calls, and its time sizes the others to about
 * CHUNK_TARGET_US each, within 16 to 4,096 calls and at most WB_PACE_CHUNKS_MAX chunks a
 * repetition: well under a scheduler's slice, so that a preemption
 * covers whole chunks and leaves others clean (chunks of 11 ms, --work 2000's at 4,096 calls,
 * were all preempted beside two busy threads, and the pace took the machine's time). A stamp is
 * one QPC read and one store a chunk: about 0.02% of 200 us under Wine. */
#define CHUNK_LEAST 16
#define CHUNK_MOST 4096
#define CHUNK_TARGET_US 200
#define CHUNK_FIRST 64
#define WB_PACE_CHUNKS_MAX 65536

#define O(field) offsetof(sendmsg_config, field)
static const wb_option sendmsg_options[] = {
    { .name = "iterations", .type = WB_OPT_COUNT, .offset = O(iterations), .def = "1M",
      .help = "SendMessage calls per repetition" },
    { .name = "target", .type = WB_OPT_CHOICE, .offset = O(target), .def = "scratch", .choices = WB_CHOICES(TARGETS),
      .help = "window class: own DefWindowProc window, system BUTTON, MFC-style dispatch" },
    { .name = "themes", .type = WB_OPT_CHOICE, .offset = O(themes), .def = "off", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "create the window under the comctl32 v6 (visual styles) activation context" },
    { .name = "thread", .type = WB_OPT_CHOICE, .offset = O(thread), .def = "same", .choices = WB_CHOICES(THREADS),
      .help = "window owned by the sending thread, or by a second thread with its own message loop" },
    { .name = "charset", .type = WB_OPT_CHOICE, .offset = O(charset), .def = "w", .choices = WB_CHOICES(WB_CHARSETS),
      .help = "w: Unicode windows and SendMessageW, as the seed's programs (Visual C++ 2005+ projects); a: ANSI" },
    { .name = "msg", .type = WB_OPT_COUNT, .offset = O(msg), .def = "0", .max = 0xFFFF, .metavar = "N", .hex = 1,
      .help = "message to send, e.g. 0 (WM_NULL), 0x8000 (WM_APP); see docs for the allowed ones" },
    /* Newer options last: their columns come after the ones earlier files have (docs/csv.md). */
    { .name = "floors", .type = WB_OPT_CHOICE, .offset = O(floors), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "after each repetition, time the window procedure alone, a kernel and a win32k call, the thread "
              "hand-off: the parts of a SendMessage (OS, API, your code)" },
    { .name = "work", .type = WB_OPT_COUNTS, .offset = O(work), .max = 100000000, .metavar = "N[,N...]",
      .help = "a procedure in front of the target's does N units of fixed work per message, then hands it on "
              "(a list runs each in turn): set \"your code\" to your application's cost; not given: no such procedure" },
    { .name = "hook", .type = WB_OPT_CHOICE, .offset = O(hook), .def = "off", .choices = WB_CHOICES(HOOKS),
      .help = "a WH_CALLWNDPROC or WH_GETMESSAGE hook on the window's thread, of the kind IMEs and accessibility "
              "tools install: thread-local and in-process (their global hooks, and a DLL of the other bitness, which "
              "makes each call a round trip to the tool's process, are not measured)" },
    { .name = "wndproc", .type = WB_OPT_TEXT, .offset = O(wndproc), .metavar = "FILE.dll!EXPORT",
      .help = "your own window procedure from a DLL (include/winbench_user.h) gets the messages, instead of "
              "--target's" },
    { .name = NULL }
};

/* Messages sent with wParam = lParam = 0 that no window class we target takes as a pointer.
 * Others (WM_NCCREATE, WM_GETMINMAXINFO, BCM_GETIDEALSIZE, ...) would make the window read or
 * write through NULL, and WM_CLOSE / WM_DESTROY would end it mid-run. */
static const unsigned safe_system_messages[] = {
    0x0000, /* WM_NULL */        0x000E, /* WM_GETTEXTLENGTH */ 0x0031, /* WM_GETFONT */
    0x007F, /* WM_GETICON */     0x0087, /* WM_GETDLGCODE */    0x00F0, /* BM_GETCHECK */
    0x00F2, /* BM_GETSTATE */    0x0129  /* WM_QUERYUISTATE */
};

static int sendmsg_check(void *config, const wb_args *args, char *err, size_t cap)
{
    const sendmsg_config *c = (const sendmsg_config *)config;
    size_t i;
    if (c->wndproc) {
        if (wb_user_spec_check("wndproc", c->wndproc, err, cap) != 0) return -1;
        if (wb_args_named(args, "target")) {
            snprintf(err, cap, "--target: conflicts with --wndproc, whose window gets the messages (drop one of them)");
            return -1;
        }
        return 0;   /* the user's procedure takes what the user sends it */
    }
    if (c->msg >= 0x8000) return 0;   /* WM_APP and registered messages: no system class uses them */
    if (c->msg >= 0x0400 && c->target != TARGET_BUTTON) return 0;   /* WM_USER range, own classes */
    for (i = 0; i < sizeof safe_system_messages / sizeof safe_system_messages[0]; i++)
        if (c->msg == safe_system_messages[i]) return 0;
    snprintf(err, cap, "--msg: 0x%04llx is not safe to send with wParam = lParam = 0 to this window; "
             "use 0 (WM_NULL), 0x000E, 0x0031, 0x007F, 0x0087, 0x00F0, 0x00F2, 0x0129, "
             "0x0400-0x7FFF (not to a button) or 0x8000-0xFFFF",
             (unsigned long long)c->msg);
    return -1;
}

/* --work: the target window subclassed by a procedure that does the work and hands the message
 * on (what an application's own window procedure in front of its class's looks like); with
 * --work 0 it is there and does nothing, so that --work 0,N differ by the work alone. A window
 * procedure has no context of its own but its window: the next procedure and the units are the
 * module's, one sendmsg variant being set up at a time. */
static WNDPROC work_next;
static uint64_t work_units;

static LRESULT CALLBACK work_wndproc_w(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    wb_work(work_units);
    return CallWindowProcW(work_next, hwnd, msg, wp, lp);
}

static LRESULT CALLBACK work_wndproc_a(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    wb_work(work_units);
    return CallWindowProcA(work_next, hwnd, msg, wp, lp);
}

/* --hook: the least a hook can do, as a tool's hook does for the messages it ignores. */
static LRESULT CALLBACK pass_hook(int code, WPARAM wp, LPARAM lp)
{
    return CallNextHookEx(NULL, code, wp, lp);
}

#define USER_CLASS "WinbenchUser"
#define USER_CLASS_W L"WinbenchUserW"

/* --wndproc: the DLL's procedure as the class procedure of a top-level window, registered in
 * the character set of --charset (the procedure gets its messages in that set). */
static int register_user_class(sendmsg_state *st, wb_error *err)
{
    winbench_wndproc proc = (winbench_wndproc)(void (*)(void))wb_user_function(st->cfg.wndproc, 16, &st->user_module, err);
    const uintptr_t args[4] = { 0, WM_NULL, 0, 0 };
    unsigned left;
    if (proc == NULL) return -1;
    /* before any call of winbench's own: a procedure that is not WINAPI would wreck the stack */
    if ((left = wb_stdcall_left((FARPROC)(void (*)(void))proc, args, 4)) != 0) {
        wb_error_text(err, "--wndproc %s: the procedure left %u bytes on the stack: it is not WINAPI (stdcall); declare "
                      "it CALLBACK, as include/winbench_user.h does", st->cfg.wndproc, left);
        return -1;
    }
    if (st->cfg.charset == WB_CHARSET_W) {
        WNDCLASSW wc;
        memset(&wc, 0, sizeof wc);
        wc.lpfnWndProc = proc;
        wc.hInstance = GetModuleHandleW(NULL);
        wc.lpszClassName = USER_CLASS_W;
        if (!RegisterClassW(&wc)) {
            wb_error_win32(err, "RegisterClassW(" USER_CLASS ")", GetLastError());
            return -1;
        }
    } else {
        WNDCLASSA wc;
        memset(&wc, 0, sizeof wc);
        wc.lpfnWndProc = proc;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = USER_CLASS;
        if (!RegisterClassA(&wc)) {
            wb_error_win32(err, "RegisterClassA(" USER_CLASS ")", GetLastError());
            return -1;
        }
    }
    return 0;
}

static void unregister_user_class(sendmsg_state *st)
{
    if (st->user_module == NULL) return;
    if (st->cfg.charset == WB_CHARSET_W) UnregisterClassW(USER_CLASS_W, GetModuleHandleW(NULL));
    else UnregisterClassA(USER_CLASS, GetModuleHandleA(NULL));
    FreeLibrary(st->user_module);
    st->user_module = NULL;
}

static HWND create_target(sendmsg_state *st, int unicode, wb_error *err)
{
    if (st->cfg.wndproc)
        return wb_create_window(unicode, USER_CLASS, USER_CLASS_W, WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT,
                                320, 200, NULL, 0, NULL, err);
    switch (st->cfg.target) {
    case TARGET_BUTTON:
        return wb_create_window(unicode, "BUTTON", L"BUTTON", WS_CHILD | WS_VISIBLE | BS_PUSHBUTTON, 10, 10, 100, 30,
                                st->owner, 1, NULL, err);
    case TARGET_MFC:
        return wb_mfc_create(WB_MFC_FRAME, NULL, WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT, 320, 200, unicode, err);
    default:
        return st->owner;
    }
}

/* The hook and the work's subclass, on the thread that owns the target (a thread's hook is
 * called on that thread; a subclass is set where the window lives). */
static int dress_target(sendmsg_state *st, int unicode, wb_error *err)
{
    if (st->cfg.work.n > 0) {   /* --work 0 too: the procedure in front, doing nothing */
        LONG_PTR proc = unicode ? (LONG_PTR)work_wndproc_w : (LONG_PTR)work_wndproc_a;
        work_units = st->work_units;
        SetLastError(0);
        work_next = (WNDPROC)(unicode ? SetWindowLongPtrW(st->target, GWLP_WNDPROC, proc)
                                      : SetWindowLongPtrA(st->target, GWLP_WNDPROC, proc));
        if (work_next == NULL) {
            wb_error_win32(err, "SetWindowLongPtr(GWLP_WNDPROC) for --work", GetLastError());
            return -1;
        }
    }
    if (st->cfg.hook != HOOK_OFF) {
        int kind = st->cfg.hook == HOOK_CALLWNDPROC ? WH_CALLWNDPROC : WH_GETMESSAGE;
        st->hook = unicode ? SetWindowsHookExW(kind, pass_hook, NULL, GetCurrentThreadId())
                           : SetWindowsHookExA(kind, pass_hook, NULL, GetCurrentThreadId());
        if (st->hook == NULL) {
            wb_error_win32(err, "SetWindowsHookEx for --hook", GetLastError());
            return -1;
        }
    }
    return 0;
}

/* Runs on the thread that will own the windows. */
static int create_windows(sendmsg_state *st, wb_error *err)
{
    wb_styles_scope styles;
    const int unicode = st->cfg.charset == WB_CHARSET_W;

    if (wb_styles_enter(st->cfg.themes, &styles, err) != 0) return -1;
    st->actctx = styles.active ? "v6" : "none";
    st->owner = wb_create_window(unicode, WB_SCRATCH_CLASS, WB_SCRATCH_CLASS_W, WS_OVERLAPPEDWINDOW, CW_USEDEFAULT,
                                 CW_USEDEFAULT, 320, 200, NULL, 0, NULL, err);
    if (st->owner == NULL) {
        wb_styles_leave(&styles);
        return -1;
    }
    st->target = create_target(st, unicode, err);
    /* The context only decides which class a window gets at creation. */
    wb_styles_leave(&styles);
    if (st->target == NULL) return -1;
    st->controls = wb_window_controls(st->target, &st->wndproc_module);
    if (dress_target(st, unicode, err) != 0) return -1;
    /* SendMessage's own work is timed on it (sendmsg_parts.c); after the hook, which it shares */
    st->twin = wb_create_window(unicode, WB_TWIN_CLASS, WB_TWIN_CLASS_W, WS_POPUP, 0, 0, 10, 10, NULL, 0, NULL, err);
    if (st->twin == NULL) return -1;
    sendmsg_find_procs(st);   /* how the parts will call it */
    return 0;
}

/* On the thread that made them. */
static void destroy_windows(sendmsg_state *st)
{
    if (st->hook) UnhookWindowsHookEx(st->hook);
    st->hook = NULL;
    if (st->twin && IsWindow(st->twin)) DestroyWindow(st->twin);
    st->twin = NULL;
    if (st->target && st->target != st->owner && IsWindow(st->target)) DestroyWindow(st->target);
    if (st->owner && IsWindow(st->owner)) DestroyWindow(st->owner);
    st->target = st->owner = NULL;
}

static DWORD WINAPI window_thread(void *arg)
{
    sendmsg_state *st = (sendmsg_state *)arg;
    MSG msg;
    const int unicode = st->cfg.charset == WB_CHARSET_W;
    PeekMessageA(&msg, NULL, 0, 0, PM_NOREMOVE);   /* make the queue before anyone posts to it */
    st->thread_rc = create_windows(st, &st->thread_err);
    SetEvent(st->ready);
    if (st->thread_rc != 0) {
        destroy_windows(st);
        return 1;
    }
    while ((unicode ? GetMessageW(&msg, NULL, 0, 0) : GetMessageA(&msg, NULL, 0, 0)) > 0) {
        if (msg.hwnd == NULL && msg.message == SENDMSG_MSG_ROUND) {
            sendmsg_answer_round(st);   /* the parts' round: this thread's side */
            continue;
        }
        if (msg.hwnd == NULL && msg.message == SENDMSG_MSG_PING) {   /* the posted round trip: straight back */
            PostThreadMessageA(st->sender_id, SENDMSG_MSG_PONG, 0, 0);
            continue;
        }
        TranslateMessage(&msg);
        if (unicode) DispatchMessageW(&msg);
        else DispatchMessageA(&msg);
    }
    destroy_windows(st);
    return 0;
}

static void sendmsg_teardown(void *state)
{
    sendmsg_state *st = (sendmsg_state *)state;
    if (st == NULL) return;
    if (st->thread) {
        PostThreadMessageA(st->thread_id, WM_QUIT, 0, 0);
        if (WaitForSingleObject(st->thread, 10000) != WAIT_OBJECT_0)
            wb_fprintf(stderr, "winbench: sendmsg: warning: window thread did not end within 10 s\n");
        CloseHandle(st->thread);
    } else {
        destroy_windows(st);
    }
    unregister_user_class(st);
    if (st->ready) CloseHandle(st->ready);
    if (st->round_done) CloseHandle(st->round_done);
    wb_pingpong_close(&st->pingpong);
    wb_pace_close(&st->pace);
    HeapFree(GetProcessHeap(), 0, st);
}

/* The second thread, owner of the windows, and what the floors between the two need. */
static int start_window_thread(sendmsg_state *st, wb_error *err)
{
    MSG msg;
    PeekMessageA(&msg, NULL, 0, 0, PM_NOREMOVE);   /* the sender's queue, for the posted round trip */
    st->sender_id = GetCurrentThreadId();
    if (wb_pingpong_open(&st->pingpong, err) != 0) return -1;
    st->ready = CreateEventA(NULL, TRUE, FALSE, NULL);
    st->round_done = st->ready ? CreateEventA(NULL, FALSE, FALSE, NULL) : NULL;
    if (st->round_done == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        return -1;
    }
    st->thread = CreateThread(NULL, 0, window_thread, st, 0, &st->thread_id);
    if (st->thread == NULL) {
        wb_error_win32(err, "CreateThread", GetLastError());
        return -1;
    }
    if (WaitForSingleObject(st->ready, 30000) != WAIT_OBJECT_0) {
        wb_error_text(err, "the window thread did not create its window within 30 s");
        return -1;
    }
    if (st->thread_rc != 0) {
        *err = st->thread_err;
        return -1;
    }
    return 0;
}

static int sendmsg_setup(const void *config, void **state, wb_error *err)
{
    sendmsg_state *st = (sendmsg_state *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *st);
    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    st->cfg = *(const sendmsg_config *)config;
    st->work_units = st->cfg.work.n ? st->cfg.work.v[0] : 0;
    st->wndproc_call = "";
    st->below_zero = -1;
    st->chunk_least = st->cfg.iterations / WB_PACE_CHUNKS_MAX + 1 > CHUNK_LEAST ? st->cfg.iterations / WB_PACE_CHUNKS_MAX + 1
                                                                                 : CHUNK_LEAST;
    *state = st;
    if (wb_pace_open(&st->pace, (size_t)(st->cfg.iterations / st->chunk_least + 2)) != 0) {
        wb_error_text(err, "out of memory for the timed loop's %llu chunk stamps",
                      (unsigned long long)(st->cfg.iterations / st->chunk_least + 2));
        goto fail;
    }
    if (wb_scratch_register(err) != 0 || wb_twin_register(err) != 0 || (st->cfg.target == TARGET_MFC && wb_mfc_init(err) != 0) ||
        (st->cfg.wndproc && register_user_class(st, err) != 0))
        goto fail;
    if (st->cfg.thread == THREAD_SAME ? create_windows(st, err) : start_window_thread(st, err)) goto fail;
    return 0;
fail:
    sendmsg_teardown(st);
    *state = NULL;
    return -1;
}

/* --work N,N,...: each value a variant of its own, in the order given. */
static int sendmsg_expand(const void *config, int index, void *variant, char *note, size_t cap)
{
    const sendmsg_config *c = (const sendmsg_config *)config;
    sendmsg_config *v = (sendmsg_config *)variant;
    (void)note, (void)cap;
    if (index >= (int)(c->work.n ? c->work.n : 1)) return 0;
    if (c->work.n == 0) return 1;   /* no --work: the target's own procedure alone */
    v->work.v[0] = c->work.v[index];
    v->work.n = 1;
    v->nworks = c->work.n;
    return 1;
}

static void sendmsg_variant_name(const void *variant, char *name, size_t cap)
{
    const sendmsg_config *v = (const sendmsg_config *)variant;
    if (v->nworks > 1) snprintf(name, cap, "work %llu", (unsigned long long)v->work.v[0]);
    else if (cap) name[0] = '\0';   /* one variant: its warnings need no name */
}

/* The timed loops: the plain call a program would make, n times, and nothing else (two
 * functions, not a function pointer), each where wb_timed_loop.h says. */
static WB_TIMED_LOOP void send_loop_w(HWND hwnd, UINT msg, unsigned long n)
{
    unsigned long i;
    for (i = 0; i < n; i++) SendMessageW(hwnd, msg, 0, 0);
}

static WB_TIMED_LOOP void send_loop_a(HWND hwnd, UINT msg, unsigned long n)
{
    unsigned long i;
    for (i = 0; i < n; i++) SendMessageA(hwnd, msg, 0, 0);
}

/* WINBENCH_TEST_LOOP_STALL_US: the loop's thread kept from its loop for us, as an interrupt or
 * another thread on its CPU keeps it: busy on the QPC, so that nothing else (a sleep's cold
 * caches and clock) changes with it. */
static void stall_for(uint64_t us)
{
    const uint64_t end = wb_ticks() + us * wb_clock_freq() / 1000000u;
    while (wb_ticks() < end) {}
}

/* The loop's own time (wb_pace.h), per SendMessage: its pace and what the machine took. */
static void put_pace(const wb_pace_result *pr, uint64_t ops, double *m)
{
    const double ns = ops ? 1e9 / (double)wb_clock_freq() / (double)ops : NAN;
    m[M_PACE] = pr->pace_ticks * ns;
    m[M_MACHINE] = pr->machine_ticks * ns;
    m[M_SLOW_CHUNKS] = pr->machine_ticks == pr->machine_ticks ? (double)pr->slow : NAN;
}

static int sendmsg_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    sendmsg_state *st = (sendmsg_state *)state;
    const HWND hwnd = st->target;
    const UINT msg = (UINT)st->cfg.msg;
    const uint64_t n = st->cfg.iterations, first = st->chunk_least > CHUNK_FIRST ? st->chunk_least : CHUNK_FIRST;
    const uint64_t target = (uint64_t)CHUNK_TARGET_US * wb_clock_freq() / 1000000u;
    uint64_t size = first;
    uint64_t done = 0, chunks = 0;
    wb_pace_result pr;
    /* WINBENCH_TEST_LOOP_STALL_US: the machine's time, planted (read before the loop) */
    const uint64_t stall_us_asked = (uint64_t)wb_test_hook_number(WB_HOOK_LOOP_STALL_US);
    const char *every_text = strchr(wb_test_hook_text(WB_HOOK_LOOP_STALL_US), ',');
    const char *work_text = every_text ? strchr(every_text + 1, ',') : NULL;
    const uint64_t every = every_text && atoi(every_text + 1) > 0 ? (uint64_t)atoi(every_text + 1) : 1;
    const uint64_t stall_us = work_text && strtoull(work_text + 1, NULL, 10) != st->work_units ? 0 : stall_us_asked;

    wb_interval_begin(&sample->iv);
    wb_pace_begin(&st->pace, sample->iv.t0);
    while (done < n) {
        unsigned long chunk = (unsigned long)((n - done) < size ? n - done : size);
        uint64_t t;
        if (st->cfg.charset == WB_CHARSET_W) send_loop_w(hwnd, msg, chunk);
        else send_loop_a(hwnd, msg, chunk);
        if (stall_us && ++chunks % every == 0) stall_for(stall_us);
        wb_pace_mark(&st->pace, t = wb_ticks());
        /* the first chunk sizes the others: CHUNK_TARGET_US at its pace */
        if (done == 0) size = wb_pace_size(chunk, t - sample->iv.t0, target, st->chunk_least, CHUNK_MOST);
        done += chunk;
        /* in integers: on x86 a double here would put the x87 back in use (wb_clock.h) */
        ctx->permille = (LONG)(done * 1000u / n);
        if (*ctx->stop) break;
    }
    wb_interval_end(&sample->iv);
    sample->ops = done;
    wb_pace_split(&st->pace, sample->iv.t1, first < n ? first : n, size, done, &pr);

    /* SendMessage to a window that no longer exists returns at once: the numbers would be of
     * nothing. */
    if (!IsWindow(hwnd)) {
        wb_error_text(err, "the target window was destroyed during the run; no valid result");
        return -1;
    }
    if (st->cfg.floors && !*ctx->stop && done > 0) sendmsg_measure_parts(st, ctx, sample);
    else sendmsg_no_parts(sample);
    put_pace(&pr, done, sample->metrics);
    sample->metrics[M_PACE_CHUNK] = (double)size;   /* the first chunk's own size aside */
    sendmsg_check_pace(st, sample->metrics);
    return 0;
}

#define SENDMSG_FACTS(X)                                                                            \
    X(F_CONTROLS, "controls") X(F_WNDPROC_MODULE, "wndproc_module") X(F_WNDPROC_PATH, "wndproc_path") \
    X(F_WNDPROC_VERSION, "wndproc_version") X(F_ACTCTX, "actctx")                                       \
    X(F_FLOOR_CALLS, "floor_calls") X(F_WNDPROC_CALL, "wndproc_call")
enum { SENDMSG_FACTS(WB_LIST_ID) F_COUNT };
static const char *const sendmsg_fact_names[] = { SENDMSG_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(sendmsg_fact_names, F_COUNT, WB_MAX_FACTS, sendmsg_facts_fit);

static const char *const sendmsg_metric_names[] = { SENDMSG_METRICS(WB_METRIC_NAME) NULL };
static const char *const sendmsg_metric_units[] = { SENDMSG_METRICS(WB_METRIC_UNIT) NULL };
/* The summary's parts are one repetition's (the median by the time per SendMessage, the
 * headline; the mean of the two middle ones for an even count) with their whole, so that they
 * add up to it as each repetition's do, and are the report's (which takes the same repetition). */
#define WITH_TYPICAL(c) { c, WB_SUM_MEDIAN_REP, "ns_per_op", NULL, 0, 0 }
static const wb_metric_summary sendmsg_summary_rules[] = {
    WITH_TYPICAL("typical_ns"), WITH_TYPICAL("wndproc_ns"), WITH_TYPICAL("classproc_ns"), WITH_TYPICAL("dispatch_ns"),
    WITH_TYPICAL("marshal_ns"), WITH_TYPICAL("handoff_ns"), WITH_TYPICAL("typical_pm_ns"), WITH_TYPICAL("wndproc_pm_ns"),
    WITH_TYPICAL("classproc_pm_ns"), WITH_TYPICAL("dispatch_pm_ns"), WITH_TYPICAL("marshal_pm_ns"),
    WITH_TYPICAL("handoff_pm_ns"), WITH_TYPICAL("parts_add_up"), WITH_TYPICAL("part_rounds"), WITH_TYPICAL("machine_ns"),
    WITH_TYPICAL("wndproc_direct_ns"),
    { "floors_s", WB_SUM_TOTAL, NULL, NULL, 0, 0 }, { "slow_chunks", WB_SUM_TOTAL, NULL, NULL, 0, 0 },
    { NULL, 0, NULL, NULL, 0, 0 }
};
#undef WITH_TYPICAL
WB_LIST_MATCHES(sendmsg_metric_names, M_COUNT, WB_MAX_METRICS, sendmsg_metrics_fit);

static void sendmsg_facts(void *state, const char **values)
{
    const sendmsg_state *st = (const sendmsg_state *)state;
    values[F_CONTROLS] = st->controls;
    values[F_WNDPROC_MODULE] = st->wndproc_module.name;
    values[F_WNDPROC_PATH] = st->wndproc_module.path;
    values[F_WNDPROC_VERSION] = st->wndproc_module.version;
    values[F_ACTCTX] = st->actctx;
    /* which calls made the kernel floors, and how the window procedure was called alone */
    values[F_FLOOR_CALLS] = st->cfg.floors ? wb_floor_calls() : "";
    values[F_WNDPROC_CALL] = st->cfg.floors ? st->wndproc_call : "";
}

/* What a repetition's parts say about themselves (sendmsg_parts.c). */
static int sendmsg_rep_warnings(void *state, const wb_sample *sample,
                                void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const sendmsg_state *st = (const sendmsg_state *)state;
    char text[400];   /* the longest sentence below is about 300 characters with its figures */
    if (st->below_zero >= 0) {
        snprintf(text, sizeof text, "%s: what is taken off costs more than the whole SendMessage here (its whole 95%% "
                 "interval is below zero), so it is left empty: that floor is not a part of this SendMessage on this system",
                 sendmsg_metric_names[st->below_zero]);
        warn(into, WB_W(part_below_zero), text);
    }
    if (sample->metrics[M_ADD_UP] == 0 && st->pace_apart) {
        snprintf(text, sizeof text, "the parts do not explain the loop's pace: the call itself, timed beside the loop, "
                 "took %.1f ns where the loop's typical pace was %.1f ns a SendMessage (more than %.0f%% apart: the machine "
                 "ran the two at different speeds, or the rounds do not time what the loop does)",
                 sample->metrics[M_TYPICAL], sample->metrics[M_PACE], 100.0 * SENDMSG_PACE_APART);
        warn(into, WB_W(parts_do_not_add_up), text);
    } else if (sample->metrics[M_ADD_UP] == 0)
        warn(into, WB_W(parts_do_not_add_up), "the parts of a SendMessage do not add up to the call itself within "
             "their 95% intervals");
    return 0;
}

const wb_module wb_sendmsg_module = {
    .name = "sendmsg",
    .summary = "tight SendMessage loop to a scratch, BUTTON, MFC-style or your own window, same or cross thread, "
               "with its parts (OS, API, your code)",
    .op_name = "SendMessage",
    .options = sendmsg_options,
    .config_size = sizeof(sendmsg_config),
    .check = sendmsg_check,
    .setup = sendmsg_setup,
    .run = sendmsg_run,
    .teardown = sendmsg_teardown,
    .fact_names = sendmsg_fact_names,
    .facts = sendmsg_facts,
    .metric_names = sendmsg_metric_names,
    .metric_units = sendmsg_metric_units,
    .summary_rules = sendmsg_summary_rules,
    .variant_name = sendmsg_variant_name,
    .expand = sendmsg_expand,
    .rep_warnings = sendmsg_rep_warnings,
    .report = &sendmsg_report,
};

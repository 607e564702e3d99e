/* sendmsg: the classic tight SendMessage loop (the "scratch program" timing 50,000,000
 * SendMessage(WM_NULL)) against a window of our own class, a system BUTTON, or an MFC-style
 * window, with or without visual styles, owned by this thread or by a second one.
 *
 * Timed: only the loop of SendMessage calls, between two QPC reads. Window creation, the
 * activation context and the second thread are set up before and torn down after. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "wb_mfc.h"
#include "wb_module.h"
#include "wb_timed_loop.h"
#include "wb_visual_styles.h"
#include "wb_windows.h"

#define TARGETS(X) X(TARGET_SCRATCH, "scratch") X(TARGET_BUTTON, "button") X(TARGET_MFC, "mfc")
enum { TARGETS(WB_CHOICE_ID) };
#define THREADS(X) X(THREAD_SAME, "same") X(THREAD_CROSS, "cross")
enum { THREADS(WB_CHOICE_ID) };

/* Progress is stored, and Ctrl+C noticed, between chunks, never per message. */
#define CHUNK 4096UL

typedef struct sendmsg_config {
    uint64_t iterations, msg;
    int target, themes, thread, charset;
} sendmsg_config;

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
    (void)args;
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

typedef struct sendmsg_state {
    sendmsg_config cfg;
    HWND owner, target;
    /* cross-thread: the window thread and its start-up handshake */
    HANDLE thread, ready;
    DWORD thread_id;
    int thread_rc;
    wb_error thread_err;
    /* facts for the CSV */
    const char *controls, *actctx;
    char wndproc_module[64];
} sendmsg_state;

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
    switch (st->cfg.target) {
    case TARGET_SCRATCH:
        st->target = st->owner;
        break;
    case TARGET_BUTTON:
        st->target = wb_create_window(unicode, "BUTTON", L"BUTTON", WS_CHILD | WS_VISIBLE | BS_PUSHBUTTON, 10, 10, 100,
                                      30, st->owner, 1, NULL, err);
        break;
    case TARGET_MFC:
        st->target = wb_mfc_create(WB_MFC_FRAME, NULL, WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT, 320, 200,
                                   unicode, err);
        break;
    }
    /* The context only decides which class a window gets at creation. */
    wb_styles_leave(&styles);
    if (st->target == NULL) return -1;
    st->controls = wb_window_controls(st->target, st->wndproc_module, sizeof st->wndproc_module);
    return 0;
}

static void destroy_windows(sendmsg_state *st)
{
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
    if (st->thread_rc != 0) return 1;
    while ((unicode ? GetMessageW(&msg, NULL, 0, 0) : GetMessageA(&msg, NULL, 0, 0)) > 0) {
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
            fprintf(stderr, "winbench: sendmsg: warning: window thread did not end within 10 s\n");
        CloseHandle(st->thread);
    } else {
        destroy_windows(st);
    }
    if (st->ready) CloseHandle(st->ready);
    HeapFree(GetProcessHeap(), 0, st);
}

static int sendmsg_setup(const void *config, void **state, wb_error *err)
{
    sendmsg_state *st = (sendmsg_state *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *st);
    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    st->cfg = *(const sendmsg_config *)config;
    *state = st;
    if (wb_scratch_register(err) != 0 ||
        (st->cfg.target == TARGET_MFC && wb_mfc_init(err) != 0))
        goto fail;

    if (st->cfg.thread == THREAD_SAME) {
        if (create_windows(st, err) != 0) goto fail;
        return 0;
    }
    st->ready = CreateEventA(NULL, TRUE, FALSE, NULL);
    if (st->ready == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        goto fail;
    }
    st->thread = CreateThread(NULL, 0, window_thread, st, 0, &st->thread_id);
    if (st->thread == NULL) {
        wb_error_win32(err, "CreateThread", GetLastError());
        goto fail;
    }
    if (WaitForSingleObject(st->ready, 30000) != WAIT_OBJECT_0) {
        wb_error_text(err, "the window thread did not create its window within 30 s");
        goto fail;
    }
    if (st->thread_rc != 0) {
        *err = st->thread_err;
        goto fail;
    }
    return 0;
fail:
    sendmsg_teardown(st);
    *state = NULL;
    return -1;
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

static int sendmsg_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    const sendmsg_state *st = (const sendmsg_state *)state;
    const HWND hwnd = st->target;
    const UINT msg = (UINT)st->cfg.msg;
    const uint64_t n = st->cfg.iterations;
    uint64_t done = 0;

    wb_interval_begin(&sample->iv);
    while (done < n) {
        unsigned long chunk = (n - done) < CHUNK ? (unsigned long)(n - done) : CHUNK;
        if (st->cfg.charset == WB_CHARSET_W) send_loop_w(hwnd, msg, chunk);
        else send_loop_a(hwnd, msg, chunk);
        done += chunk;
        /* in integers: on x86 a double here would put the x87 back in use (wb_clock.h) */
        ctx->permille = (LONG)(done * 1000u / n);
        if (*ctx->stop) break;
    }
    wb_interval_end(&sample->iv);
    sample->ops = done;

    /* SendMessage to a window that no longer exists returns at once: the numbers would be of
     * nothing. */
    if (!IsWindow(hwnd)) {
        wb_error_text(err, "the target window was destroyed during the run; no valid result");
        return -1;
    }
    return 0;
}

#define SENDMSG_FACTS(X) X(F_CONTROLS, "controls") X(F_WNDPROC_MODULE, "wndproc_module") X(F_ACTCTX, "actctx")
enum { SENDMSG_FACTS(WB_LIST_ID) F_COUNT };
static const char *const sendmsg_fact_names[] = { SENDMSG_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(sendmsg_fact_names, F_COUNT, WB_MAX_FACTS, sendmsg_facts_fit);

static void sendmsg_facts(void *state, const char **values)
{
    const sendmsg_state *st = (const sendmsg_state *)state;
    values[F_CONTROLS] = st->controls;
    values[F_WNDPROC_MODULE] = st->wndproc_module;
    values[F_ACTCTX] = st->actctx;
}

static const char *const sendmsg_variant_columns[] = { "target", "themes", "thread", "msg", "charset", NULL };
static const wb_report_spec sendmsg_report = {
    .variant_columns = sendmsg_variant_columns,
    .metric = "ops_per_s",
    .unit = "SendMessage/s",
    .higher_is_better = 1,
    .better = "faster",
    .worse = "slower",
};

const wb_module wb_sendmsg_module = {
    .name = "sendmsg",
    .summary = "tight SendMessage loop to a scratch, BUTTON or MFC-style window, same or cross thread",
    .op_name = "SendMessage",
    .options = sendmsg_options,
    .config_size = sizeof(sendmsg_config),
    .check = sendmsg_check,
    .setup = sendmsg_setup,
    .run = sendmsg_run,
    .teardown = sendmsg_teardown,
    .fact_names = sendmsg_fact_names,
    .facts = sendmsg_facts,
    .report = &sendmsg_report,
};

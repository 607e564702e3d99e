/* idle: MFC's idle processing while WM_MOUSEMOVE floods in, with the CPU it costs measured by
 * winbench itself.
 *
 * Two scenarios. The seed's experiment (--onidle seed, --case 1|2|3): an AppWizard MDI
 * application whose CMdi_btnApp::OnIdle *replaces* CWinApp::OnIdle: it sends WM_NULL 1000
 * times (switch B) to one CButton on the main window, which is either still MFC-subclassed
 * (mapped) or, with switch A, released by UnsubclassWindow (plain), and returns FALSE without
 * calling the base class. The original poster's application (--onidle base --windows 300):
 * CWinApp::OnIdle as MFC implements it, OnIdle(0) sending WM_IDLEUPDATECMDUI to the main frame
 * and every descendant, then to every other frame of the thread's frame list (each MDI child
 * frame and its descendants again), and OnIdle(1) freeing the temporary handle maps.
 * In both, CWinThread::PumpMessage calls PreTranslateMessage on every message
 * (WalkPreTranslateTree, the tooltip filter for mouse messages).
 *
 * The UI thread (the one winbench times) runs a model of CWinThread::Run (MFC's thrdcore.cpp):
 *   phase 1: while (bIdle && !PeekMessage(PM_NOREMOVE)) if (!OnIdle(lIdleCount++)) bIdle = FALSE;
 *   phase 2: do { if (!PumpMessage()) return; if (IsIdleMessage(&msg)) { bIdle = TRUE;
 *            lIdleCount = 0; } } while (PeekMessage(PM_NOREMOVE));
 * A driver thread posts WM_MOUSEMOVE at a fixed rate for the duration, then WM_QUIT. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idle.h"
#include "wb_floors.h"
#include "wb_hist.h"
#include "wb_mfc.h"
#include "wb_mfc_app.h"
#include "wb_process.h"
#include "wb_module.h"
#include "wb_timer.h"
#include "wb_units.h"
#include "wb_user_code.h"
#include "wb_visual_styles.h"
#include "wb_windows.h"
#include "wb_console.h"

/* Each choice option's names and enum, from one list. */
#define CLASSES(X) X(CLASS_CUSTOM, "custom") X(CLASS_BUTTON, "button") X(CLASS_STATIC, "static")
enum { CLASSES(WB_CHOICE_ID) };
#define DISPATCHES(X) X(DISPATCH_DIRECT, "direct") X(DISPATCH_SENDMESSAGE, "sendmessage")
enum { DISPATCHES(WB_CHOICE_ID) };
#define CASES(X) X(CASE_NONE, "none") X(CASE_1, "1") X(CASE_2, "2") X(CASE_3, "3")
enum { CASES(WB_CHOICE_ID) };
/* --onidle: the two OnIdle handlers the model has, or the user's own from a DLL */
enum { ONIDLE_BASE, ONIDLE_SEED, ONIDLE_USER };
#define BUTTONS(X) X(BUTTON_MAPPED, "mapped") X(BUTTON_PLAIN, "plain")
enum { BUTTONS(WB_CHOICE_ID) };
#define MOUSE_OVER(X) X(OVER_VIEW, "view") X(OVER_TOOLBAR, "toolbar")
enum { MOUSE_OVER(WB_CHOICE_ID) };
#define INPUTS(X) X(INPUT_POST, "post") X(INPUT_SENDINPUT, "sendinput")
enum { INPUTS(WB_CHOICE_ID) };
#define WM_KICKIDLE 0x036A
#define WM_SYSTIMER 0x0118
#define MAX_WINDOWS 9000   /* a process may own 10,000 USER objects by default */
#define WINDOWS_NESTING_LIMIT 50   /* Raymond Chen, "The Old New Thing", 2003-12-18; USERNestedWindowLimit */
/* KB2664641: on x64 Windows, window manager calls recursing down a deep hierarchy (a message
 * propagated through DefWindowProc, SendMessage under a WH_CALLWNDPROC hook) can run out of
 * kernel stack and return without doing anything or saying so. No depth is given; winbench
 * warns from this one, half the nesting limit. */
#define DEEP_NESTING_WARNING 25

typedef struct idle_config {
    uint64_t windows, depth, sends, idle_every, mouse_rate, mdi_children;
    double duration;
    int wclass, themes, dispatch, mapped, same_point, preset, onidle, button, tooltips, mouse_over, charset, input;
    const char *onidle_text;      /* --onidle as typed: base, seed or FILE.dll!EXPORT (onidle: which) */
} idle_config;

#define O(field) offsetof(idle_config, field)
static const wb_option idle_options[] = {
    { .name = "case", .type = WB_OPT_CHOICE, .offset = O(preset), .def = "none", .choices = WB_CHOICES(CASES),
      .help = "the seed's experiment (--onidle seed, MDI layout): 1 = A+B (1000 sends to the plain button), "
              "2 = B only (to the mapped button), 3 = neither" },
    { .name = "onidle", .type = WB_OPT_TEXT, .offset = O(onidle_text), .def = "base", .metavar = "base|seed|FILE.dll!EXPORT",
      .help = "base: CWinApp::OnIdle (walks the windows, frees temporary maps); seed: the seed's override "
              "(--sends to the button, return FALSE, base never called); FILE.dll!EXPORT: your own OnIdle "
              "(include/winbench_user.h), called as MFC calls OnIdle" },
    { .name = "button", .type = WB_OPT_CHOICE, .offset = O(button), .def = "mapped", .choices = WB_CHOICES(BUTTONS),
      .help = "the button --sends goes to: still MFC-subclassed, or plain after UnsubclassWindow (switch A)" },
    { .name = "mdi-children", .type = WB_OPT_COUNT, .offset = O(mdi_children), .def = "0", .max = 64, .metavar = "N",
      .help = "MDI child frames (each with a view) holding the --windows; 0: the windows sit on the main frame" },
    { .name = "tooltips", .type = WB_OPT_CHOICE, .offset = O(tooltips), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "the toolbar's CBRS_TOOLTIPS: PreTranslateMessage filters mouse messages for tooltips" },
    { .name = "mouse-over", .type = WB_OPT_CHOICE, .offset = O(mouse_over), .def = "view", .choices = WB_CHOICES(MOUSE_OVER),
      .help = "where the mouse moves: the (first MDI child's) view, or the toolbar (tooltip hit tests)" },
    { .name = "windows", .type = WB_OPT_COUNT, .offset = O(windows), .def = "300", .max = MAX_WINDOWS,
      .help = "child windows of the main frame" },
    { .name = "depth", .type = WB_OPT_COUNT, .offset = O(depth), .def = "1", .min = 1, .max = 1000,
      .help = "nesting: the windows form chains this deep (Windows nests 50 levels, the frame's included)" },
    { .name = "class", .type = WB_OPT_CHOICE, .offset = O(wclass), .def = "static", .choices = WB_CHOICES(CLASSES),
      .help = "class of the child windows (custom: winbench's own)" },
    { .name = "themes", .type = WB_OPT_CHOICE, .offset = O(themes), .def = "off", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "create the windows under the comctl32 v6 context" },
    { .name = "mapped", .type = WB_OPT_CHOICE, .offset = O(mapped), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "the --windows in MFC's permanent handle map (subclassed CWnds) or plain" },
    { .name = "dispatch", .type = WB_OPT_CHOICE, .offset = O(dispatch), .def = "direct", .choices = WB_CHOICES(DISPATCHES),
      .help = "SendMessageToDescendants: call mapped windows directly (bOnlyPerm) or ::SendMessage to all" },
    { .name = "sends", .type = WB_OPT_COUNT, .offset = O(sends), .def = "0", .max = 1000000,
      .help = "SendMessage(WM_NULL) to the button per OnIdle call (switch B: 1000)" },
    { .name = "idle-every", .type = WB_OPT_COUNT, .offset = O(idle_every), .def = "1", .min = 1, .max = 1000000, .metavar = "K",
      .help = "only every K-th new-position WM_MOUSEMOVE restarts idle processing" },
    { .name = "mouse-rate", .type = WB_OPT_COUNT, .count_unit = "/s", .offset = O(mouse_rate), .def = "150", .min = 1,
      .max = 10000, .metavar = "HZ",
      .help = "WM_MOUSEMOVE posted per second" },
    { .name = "input", .type = WB_OPT_CHOICE, .offset = O(input), .def = "post", .choices = WB_CHOICES(INPUTS),
      .help = "post: WM_MOUSEMOVE posted with its point in msg.pt; sendinput: the real cursor moved with "
              "SendInput (needs an interactive desktop; the frame goes on screen, topmost)" },
    { .name = "charset", .type = WB_OPT_CHOICE, .offset = O(charset), .def = "w", .choices = WB_CHOICES(WB_CHARSETS),
      .help = "w: Unicode windows and W message functions, as the seed's programs; a: ANSI" },
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "15s",
      .help = "length of each repetition" },
    { .name = "same-point", .type = WB_OPT_FLAG, .offset = O(same_point),
      .help = "post every move at the same point (IsIdleMessage filters them)" },
    { .name = NULL }
};

/* The options a --case sets (typed beside it, refused; the report compares cases across them). */
static const char *const idle_set_by_case[] = { "onidle", "button", "sends", "tooltips", NULL };

/* --onidle: base, seed, or a DLL's function that exists as a file now (loaded at set-up). */
static int check_onidle(idle_config *c, char *err, size_t cap)
{
    const char *t = c->onidle_text ? c->onidle_text : "base";
    if (strcmp(t, "base") == 0) c->onidle = ONIDLE_BASE;
    else if (strcmp(t, "seed") == 0) c->onidle = ONIDLE_SEED;
    else if (!wb_user_spec_valid(t)) {
        snprintf(err, cap, "--onidle: expected base, seed or FILE.dll!EXPORT, got \"%s\"", t);
        return -1;
    } else if (wb_user_spec_check("onidle", t, err, cap) != 0) {
        return -1;
    } else {
        c->onidle = ONIDLE_USER;
    }
    return 0;
}

static int idle_check(void *config, const wb_args *args, char *err, size_t cap)
{
    idle_config *c = (idle_config *)config;
    /* The presets are the seed's experiment: its OnIdle override in an AppWizard MDI application
     * (one child frame, a toolbar with tooltips), switches A and B as its three runs set them.
     * An option a case sets, typed beside it, is refused: the CSV's options column would claim
     * one experiment and the rows hold another. --mdi-children (1 or more) is honoured: the
     * seed's layout with more child frames; --windows too (none unless typed). The CSV shows
     * the values used. */
    if (c->preset != CASE_NONE) {
        size_t i;
        for (i = 0; idle_set_by_case[i]; i++)
            if (wb_args_named(args, idle_set_by_case[i])) {
                snprintf(err, cap, "--%s: conflicts with --case %d, which sets it (drop one of them)", idle_set_by_case[i],
                         c->preset);
                return -1;
            }
        if (wb_args_named(args, "mdi-children") && c->mdi_children == 0) {
            snprintf(err, cap, "--mdi-children: --case %d is the seed's MDI layout: 1 or more", c->preset);
            return -1;
        }
        c->onidle_text = "seed";
        /* the seed's AppWizard application has no windows of ours beside its own: --windows
         * adds them only when typed (its default, 300, is the original poster's application) */
        if (!wb_args_named(args, "windows")) c->windows = 0;
        if (c->mdi_children == 0) c->mdi_children = 1;
        c->tooltips = 1;
    }
    if (check_onidle(c, err, cap) != 0) return -1;
    switch (c->preset) {
    case CASE_1: c->button = BUTTON_PLAIN; c->sends = 1000; break;    /* A: UnsubclassWindow; B: sends */
    case CASE_2: c->button = BUTTON_MAPPED; c->sends = 1000; break;   /* B only */
    case CASE_3: c->button = BUTTON_MAPPED; c->sends = 0; break;      /* neither */
    }
    if (c->mouse_over == OVER_TOOLBAR && c->mdi_children == 0) {
        snprintf(err, cap, "--mouse-over: the toolbar exists in the MDI layout (--mdi-children 1 or more)");
        return -1;
    }
    {   /* Windows nests windows at most 50 levels (USERNestedWindowLimit; CreateWindow fails past
         * it): the main frame, and in the MDI layout its client, child frame and view, come first */
        unsigned above = c->mdi_children > 0 ? 4 : 1;
        if (c->depth + above > WINDOWS_NESTING_LIMIT) {
            snprintf(err, cap, "--depth: %llu is deeper than Windows nests windows (%u levels at most, "
                     "USERNestedWindowLimit; %s of them): at most %u here", (unsigned long long)c->depth,
                     WINDOWS_NESTING_LIMIT, above > 1 ? "the frame, MDI client, child frame and view take four"
                     : "the main frame takes one", WINDOWS_NESTING_LIMIT - above);
            return -1;
        }
    }
    if (c->windows > 0 && c->depth > c->windows) {
        snprintf(err, cap, "--depth: %llu is deeper than --windows %llu", (unsigned long long)c->depth,
                 (unsigned long long)c->windows);
        return -1;
    }
    if (c->duration < 0.1 || c->duration * (double)c->mouse_rate > 1e8) {
        snprintf(err, cap, "--duration: %g s at %llu Hz is outside 0.1 s .. 1e8 moves", c->duration,
                 (unsigned long long)c->mouse_rate);
        return -1;
    }
    return 0;
}

typedef struct idle_state {
    idle_config cfg;
    int unicode;                  /* --charset w */
    wb_mfc_app app;               /* the windows: the frame, the MDI layout (--mdi-children), the chains, the button */
    wb_cwnd *frame_wnd;
    HWND mouse_target;            /* the window the moves are posted to */
    POINT target_origin;          /* its client origin on the screen: msg.pt = origin + the move's point */
    POINT screen;                 /* the primary screen's size, for SendInput's absolute coordinates */
    POINT cursor_saved;           /* --input sendinput: where the user's cursor was */
    unsigned cpus;
    int timer_raised;             /* timeBeginPeriod(1) is in effect: undo it at the end */
    /* IsIdleMessage's memory (m_ptCursorLast, m_nMsgLast) and --idle-every's counter */
    POINT pt_last;
    UINT msg_last;
    uint64_t qualifying;
    /* per repetition, UI thread */
    uint64_t onidle_calls, idle_periods, pumped, moves_processed;
    uint64_t delivered;           /* messages that reached a window procedure (updates, sends, pumped) */
    uint64_t blocked;             /* QPC ticks the UI thread spent in GetMessage: not busy */
    /* the parts of the busy time: QPC ticks in OnIdle, in its sends, in PreTranslateMessage,
     * and how many spans of each were timed (each span's reads cost qpc_ns, taken off) */
    uint64_t onidle_ticks, sends_ticks, pre_ticks, dispatch_ticks;
    uint64_t n_onidle, n_sends, n_pre, n_getmsg, n_dispatch;
    double qpc_ns;                /* one QPC read, measured at set-up */
    winbench_onidle user_onidle;  /* --onidle FILE.dll!EXPORT */
    HMODULE user_module;
    uint64_t cycles0, cycles1;    /* QueryThreadCycleTime around the run (Vista+) */
    wb_rounds rounds;             /* the sends' split, beside the run (idle_sends.c) */
    idle_periods periods;         /* each idle period's parts (idle_periods.c) */
    int have_cycles;
    uint64_t period_ticks;        /* OnIdle time accumulated in the open idle period */
    int period_open;
    wb_hist *idle_cost;           /* ns of OnIdle work per idle period */
    /* per repetition, driver thread */
    volatile LONG processed_shared;   /* moves_processed as the driver sees it */
    uint64_t posted, late, dropped, backlog_max;
    uint64_t t0;
    DWORD ui_thread;
    wb_run_ctx *ctx;
    /* facts */
    const char *controls, *actctx, *timer;
    wb_wndproc_module wndproc_module, toolbar_module;
    const char *toolbar_controls;
    char button_mapped[4], mdi_children[8];
    char onidle_path[MAX_PATH];
} idle_state;

/* ---- the MFC model --------------------------------------------------------------------------- */

static void deliver(idle_state *st, HWND hwnd, wb_cwnd *mapped)
{
    if (st->cfg.dispatch == DISPATCH_DIRECT) {
        if (mapped) {
            wb_mfc_call_wnd_proc(mapped, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
            st->delivered++;
        }
    } else {
        if (st->unicode) SendMessageW(hwnd, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
        else SendMessageA(hwnd, WB_WM_IDLEUPDATECMDUI, TRUE, 0);
        st->delivered++;
    }
}

/* CWnd::SendMessageToDescendants(hWnd, WM_IDLEUPDATECMDUI, TRUE, 0, bDeep = TRUE, bOnlyPerm):
 * walks the child windows with GetTopWindow / GetNextWindow and recurses where a child has
 * children. With bOnlyPerm (--dispatch direct) only windows in the permanent map get the
 * message, by a direct call; otherwise every window gets it by ::SendMessage. */
static void send_to_descendants(idle_state *st, HWND parent)
{
    HWND child;
    for (child = GetTopWindow(parent); child != NULL; child = GetWindow(child, GW_HWNDNEXT)) {
        if (st->cfg.dispatch == DISPATCH_DIRECT) deliver(st, child, wb_mfc_from_handle(child));
        else deliver(st, child, NULL);
        if (GetTopWindow(child) != NULL) send_to_descendants(st, child);
    }
}

/* The application's own work: SendMessage(WM_NULL) to the button --sends times. */
static void send_to_button(idle_state *st)
{
    uint64_t i, t0;
    if (st->cfg.sends == 0) return;
    t0 = wb_ticks();
    if (st->unicode)
        for (i = 0; i < st->cfg.sends; i++) SendMessageW(st->app.button, WM_NULL, 0, 0);
    else
        for (i = 0; i < st->cfg.sends; i++) SendMessageA(st->app.button, WM_NULL, 0, 0);
    st->sends_ticks += wb_ticks() - t0;
    st->n_sends++;
    st->delivered += st->cfg.sends;
}

/* CWinApp::OnIdle -> CWinThread::OnIdle (thrdcore.cpp). lCount 0: the main window and all its
 * descendants, then the frame list: every other visible frame of the thread (each MDI child
 * frame) gets AfxCallWndProc(WM_IDLEUPDATECMDUI) and its own SendMessageToDescendants, so an
 * MDI child's windows are updated twice. lCount 1: AfxLockTempMaps / AfxUnlockTempMaps free
 * the temporary CWnds FromHandle made. Returns lCount < 1. --sends runs on every call, as an
 * override that does its own work and then calls the base class would. */
static BOOL on_idle_base(idle_state *st, LONG count)
{
    unsigned i;
    send_to_button(st);
    if (count <= 0) {
        if (IsWindowVisible(st->app.frame)) {
            deliver(st, st->app.frame, st->frame_wnd);
            send_to_descendants(st, st->app.frame);
        }
        for (i = 0; i < st->app.nchildren; i++) {
            HWND f = st->app.children[i];
            if (IsWindowVisible(f)) {
                deliver(st, f, wb_mfc_from_handle(f));
                send_to_descendants(st, f);
            }
        }
    } else {
        wb_mfc_free_temp_maps();
    }
    return count < 1;
}

/* The seed's CMdi_btnApp::OnIdle: the sends, and FALSE; CWinApp::OnIdle is never called, so
 * nothing is walked and no temporary map is freed. */
static BOOL on_idle_seed(idle_state *st, LONG count)
{
    (void)count;
    send_to_button(st);
    return FALSE;
}

static BOOL on_idle(idle_state *st, LONG count)
{
    switch (st->cfg.onidle) {
    case ONIDLE_SEED: return on_idle_seed(st, count);
    case ONIDLE_USER: return st->user_onidle(st->app.frame, count);   /* the user's own, in MFC's place */
    default: return on_idle_base(st, count);
    }
}

/* CWinThread::IsIdleMessage, plus --idle-every: only every K-th qualifying move counts. */
static BOOL is_idle_message(idle_state *st, const MSG *msg)
{
    if (msg->message == WM_MOUSEMOVE || msg->message == WM_NCMOUSEMOVE) {
        if (st->pt_last.x == msg->pt.x && st->pt_last.y == msg->pt.y && msg->message == st->msg_last)
            return FALSE;
        st->pt_last = msg->pt;
        st->msg_last = msg->message;
        return ++st->qualifying % st->cfg.idle_every == 0;
    }
    return msg->message != WM_PAINT && msg->message != WM_SYSTIMER;
}

/* CWinThread::PumpMessage. MFC compares msg.pt, the cursor position Windows stamps on a
 * message; a posted move carries wherever the real cursor is. winbench does not move the
 * user's cursor, so it stamps the move's own point (on the screen) into msg.pt: IsIdleMessage
 * and the tooltip filter then decide exactly as for a real mouse moving along those points. */
static BOOL pump_message(idle_state *st, MSG *msg)
{
    /* The only blocking call of the loop: two QPC reads around it give the thread's busy time
     * as wall minus waiting, free of the tick sampling of GetThreadTimes. (A message already
     * queued is dequeued in here too: a few us counted as waiting.) */
    uint64_t waited = wb_ticks();
    BOOL got = st->unicode ? GetMessageW(msg, NULL, 0, 0) : GetMessageA(msg, NULL, 0, 0);
    st->blocked += wb_ticks() - waited;
    st->n_getmsg++;
    if (got <= 0) return FALSE;
    st->pumped++;
    st->delivered++;
    if (msg->message == WM_MOUSEMOVE) {
        if (st->cfg.input == INPUT_POST) {   /* real input carries the real cursor already */
            msg->pt.x = st->target_origin.x + (short)LOWORD(msg->lParam);
            msg->pt.y = st->target_origin.y + (short)HIWORD(msg->lParam);
        }
        st->moves_processed++;
        st->processed_shared = (LONG)st->moves_processed;
    }
    /* AfxPreTranslateMessage on every message but WM_KICKIDLE: the walk up to the main window
     * and, for mouse messages, the tooltip filter; then the message dispatched to its window's
     * procedure, timed apart (the API's DispatchMessage and the procedures it runs: split by
     * split_calls after the run). */
    uint64_t t0 = wb_ticks(), t1;
    if (msg->message != WM_KICKIDLE) {
        wb_mfc_pretranslate(msg, st->app.frame, st->app.mdi_client, st->app.mdi_client != NULL && st->cfg.tooltips);
        t1 = wb_ticks();
        st->pre_ticks += t1 - t0;
        st->n_pre++;
        t0 = t1;   /* the same read ends one span and begins the next */
    }
    TranslateMessage(msg);
    if (st->unicode) DispatchMessageW(msg);
    else DispatchMessageA(msg);
    st->dispatch_ticks += wb_ticks() - t0;
    st->n_dispatch++;
    return TRUE;
}

static void close_period(idle_state *st)
{
    if (!st->period_open) return;
    wb_hist_record(st->idle_cost, (uint64_t)(wb_ticks_to_s(st->period_ticks) * 1e9));
    st->period_open = 0;
}

static BOOL peek(const idle_state *st, MSG *msg)
{
    return st->unicode ? PeekMessageW(msg, NULL, 0, 0, PM_NOREMOVE) : PeekMessageA(msg, NULL, 0, 0, PM_NOREMOVE);
}

/* CWinThread::Run, with two QPC reads around each OnIdle call to cost the idle periods. */
static void run_loop(idle_state *st)
{
    MSG msg;
    BOOL idle = TRUE;
    LONG count = 0;
    for (;;) {
        while (idle && !peek(st, &msg)) {
            uint64_t t0 = wb_ticks(), t1;
            if (count == 0) {
                close_period(st);   /* one cut short by a new idle message */
                /* the period before ends at this one's first OnIdle (its few ns of bookkeeping
                 * land in this OnIdle's span: no clock read of its own) */
                idle_periods_mark(&st->periods, t0, st->blocked, st->sends_ticks, st->onidle_ticks, st->pre_ticks,
                                  st->dispatch_ticks);
                st->idle_periods++;
                st->period_open = 1;
                st->period_ticks = 0;
            }
            st->onidle_calls++;
            if (!on_idle(st, count++)) idle = FALSE;
            t1 = wb_ticks();
            st->period_ticks += t1 - t0;
            st->onidle_ticks += t1 - t0;
            st->n_onidle++;
            if (!idle) close_period(st);
        }
        do {
            if (!pump_message(st, &msg)) {
                close_period(st);
                return;
            }
            if (is_idle_message(st, &msg)) {
                idle = TRUE;
                count = 0;
            }
        } while (peek(st, &msg));
    }
}

/* ---- the mouse ----------------------------------------------------------------------------- */

/* Points along a 200 x 200 raster: consecutive moves always differ. */
static LPARAM move_point(const idle_state *st, uint64_t k)
{
    if (st->cfg.same_point) return MAKELPARAM(100, 10);
    if (st->cfg.mouse_over == OVER_TOOLBAR) return MAKELPARAM(10 + (k % 200), 4 + (k / 200) % 20);
    return MAKELPARAM(10 + (k % 200), 10 + (k / 200) % 200);
}

/* One move: posted to the target window, or (--input sendinput) the real cursor moved there with
 * SendInput in absolute coordinates of the primary screen, so that Windows generates the
 * WM_MOUSEMOVE itself, with WM_NCHITTEST and WM_SETCURSOR, and coalesces moves as real input. */
static BOOL move_mouse(idle_state *st, uint64_t k)
{
    LPARAM p = move_point(st, k);
    INPUT in;
    if (st->cfg.input == INPUT_POST) return PostMessageA(st->mouse_target, WM_MOUSEMOVE, 0, p);
    memset(&in, 0, sizeof in);
    in.type = INPUT_MOUSE;
    in.mi.dx = (LONG)((st->target_origin.x + (short)LOWORD(p)) * 65535 / (st->screen.x - 1));
    in.mi.dy = (LONG)((st->target_origin.y + (short)HIWORD(p)) * 65535 / (st->screen.y - 1));
    in.mi.dwFlags = MOUSEEVENTF_MOVE | MOUSEEVENTF_ABSOLUTE;
    return SendInput(1, &in, sizeof in) == 1;
}

static DWORD WINAPI driver_main(void *arg)
{
    idle_state *st = (idle_state *)arg;
    const uint64_t freq = wb_clock_freq();
    const uint64_t total = (uint64_t)(st->cfg.duration * (double)st->cfg.mouse_rate + 0.5);
    const double period = (double)freq / (double)st->cfg.mouse_rate;   /* ticks between moves */
    uint64_t k = 0;

    /* t_k = t0 + k * period. Each wake posts every move that is due, so a late wake (Sleep's
     * granularity) delays moves but never drops them; moves posted over a period late count. */
    while (k < total && !*st->ctx->stop) {
        uint64_t now = wb_ticks(), due = (uint64_t)((double)(now - st->t0) / period) + 1;
        double wait_ms;
        if (due > total) due = total;
        for (; k < due; k++) {
            uint64_t backlog;
            if ((double)(now - st->t0) - (double)k * period > period) st->late++;
            /* A full queue (10,000 posted messages by default) refuses more: counted, not hidden. */
            if (!move_mouse(st, k)) {
                st->dropped++;
                continue;
            }
            st->posted++;
            backlog = st->posted - (uint64_t)st->processed_shared;
            if (backlog > st->backlog_max) st->backlog_max = backlog;
        }
        st->ctx->permille = (LONG)(k * 1000 / total);
        if (k >= total) break;
        wait_ms = ((double)k * period - (double)(wb_ticks() - st->t0)) * 1000.0 / (double)freq;
        Sleep(wait_ms >= 1.0 ? (DWORD)wait_ms : 1);
    }
    /* The end: like a WM_QUIT from PostQuitMessage, after the last move. It must arrive, or
     * the message loop would wait for ever: retry while the queue is full (it is draining). */
    while (!PostThreadMessageA(st->ui_thread, WM_QUIT, 0, 0) && GetLastError() == ERROR_NOT_ENOUGH_QUOTA)
        Sleep(1);
    return 0;
}

/* ---- set-up -------------------------------------------------------------------------------- */

/* The application's windows (include/wb_mfc_app.h), inside the --themes context. */
static int create_windows(idle_state *st, wb_error *err)
{
    static const char *const classes[] = { WB_SCRATCH_CLASS, "BUTTON", "STATIC" };
    static const wchar_t *const classes_w[] = { WB_SCRATCH_CLASS_W, L"BUTTON", L"STATIC" };
    const int mfc_style = st->cfg.wclass == CLASS_CUSTOM && st->cfg.mapped;   /* the model's own window */
    wb_styles_scope styles;
    wb_mfc_app_shape sh;
    POINT origin = { 0, 0 };
    int failed;
    memset(&sh, 0, sizeof sh);
    /* Right of every monitor: visible (MFC only updates a visible main window) but never under
     * the real cursor, and never painted; --input sendinput: on the primary screen, under the
     * cursor's path. */
    sh.x = st->cfg.input == INPUT_SENDINPUT ? 0 : GetSystemMetrics(SM_XVIRTUALSCREEN) + GetSystemMetrics(SM_CXVIRTUALSCREEN) + 100;
    sh.mdi_children = (unsigned)st->cfg.mdi_children, sh.tooltips = st->cfg.tooltips, sh.unicode = st->unicode;
    sh.windows = (unsigned)st->cfg.windows, sh.depth = (unsigned)st->cfg.depth;
    sh.child_class = mfc_style ? NULL : classes[st->cfg.wclass];
    sh.child_class_w = mfc_style ? NULL : classes_w[st->cfg.wclass];
    sh.children_mapped = st->cfg.mapped, sh.button_mapped = st->cfg.button == BUTTON_MAPPED;

    if (wb_styles_enter(st->cfg.themes, &styles, err) != 0) return -1;
    st->actctx = styles.active ? "v6" : "none";
    failed = (sh.mdi_children > 0 && !styles.active && wb_common_controls_classic(err) != 0) ||
             wb_mfc_app_create(&st->app, &sh, err) != 0;
    wb_styles_leave(&styles);
    if (failed) return -1;
    st->mouse_target = st->app.nchildren == 0 ? st->app.frame
                       : st->cfg.mouse_over == OVER_TOOLBAR ? st->app.toolbar : st->app.views[0];
    st->frame_wnd = wb_mfc_from_handle(st->app.frame);
    st->controls = wb_window_controls(st->app.first_child ? st->app.first_child : st->app.button, &st->wndproc_module);
    /* The MDI application's toolbar is comctl32's in both modes: 5.x classic, 6 themed. */
    st->toolbar_controls = st->app.toolbar ? wb_window_controls(st->app.toolbar, &st->toolbar_module) : "";
    snprintf(st->button_mapped, sizeof st->button_mapped, "%d", wb_mfc_from_handle(st->app.button) != NULL);
    snprintf(st->mdi_children, sizeof st->mdi_children, "%u", st->app.nchildren);
    if (st->cfg.input == INPUT_SENDINPUT)
        SetWindowPos(st->app.frame, HWND_TOPMOST, 0, 0, 0, 0, SWP_NOMOVE | SWP_NOSIZE | SWP_NOACTIVATE);
    ClientToScreen(st->mouse_target, &origin);
    st->target_origin = origin;
    st->screen.x = GetSystemMetrics(SM_CXSCREEN);
    st->screen.y = GetSystemMetrics(SM_CYSCREEN);
    wb_drain_messages();
    return 0;
}

/* --input sendinput needs a desktop that takes input: a zero move must be accepted. */
static int check_input(idle_state *st, wb_error *err)
{
    INPUT in;
    memset(&in, 0, sizeof in);
    in.type = INPUT_MOUSE;
    in.mi.dwFlags = MOUSEEVENTF_MOVE;
    if (st->screen.x < 2 || st->screen.y < 2 || SendInput(1, &in, sizeof in) != 1) {
        wb_error_win32(err, "SendInput (--input sendinput needs an interactive desktop: run it logged on at the "
                       "console, not as a service or over a disconnected session)", GetLastError());
        return -1;
    }
    GetCursorPos(&st->cursor_saved);
    return 0;
}

static void idle_teardown(void *state)
{
    idle_state *st = (idle_state *)state;
    if (st == NULL) return;
    if (st->cfg.input == INPUT_SENDINPUT && st->cursor_saved.x | st->cursor_saved.y)
        SetCursorPos(st->cursor_saved.x, st->cursor_saved.y);   /* the user's cursor back where it was */
    wb_mfc_app_destroy(&st->app);
    wb_drain_messages();
    wb_mfc_free_temp_maps();
    wb_timer_1ms_end(st->timer_raised);
    if (st->user_module) FreeLibrary(st->user_module);
    free(st->idle_cost);
    idle_periods_free(&st->periods);
    free(st);
}

/* --onidle's function, called once before the run as WINAPI with the stack pointer compared
 * around the call (wb_stdcall_left): on x86 one declared cdecl by mistake would leave 8 bytes on
 * the stack at every call of the loop's. */
static int check_user_onidle(const idle_state *st, wb_error *err)
{
    uintptr_t args[2];
    unsigned left;
    if (st->user_onidle == NULL) return 0;
    args[0] = (uintptr_t)st->app.frame;
    args[1] = 0;
    left = wb_stdcall_left((FARPROC)(void (*)(void))st->user_onidle, args, 2);
    if (left == 0) return 0;
    wb_error_text(err, "--onidle %s: the function left %u bytes on the stack: it is not WINAPI (stdcall); declare it "
                  "WINAPI, as include/winbench_user.h does", st->cfg.onidle_text, left);
    return -1;
}

static int idle_setup(const void *config, void **state, wb_error *err)
{
    idle_state *st = (idle_state *)calloc(1, sizeof *st);
    SYSTEM_INFO si;
    if (st == NULL || (st->idle_cost = (wb_hist *)calloc(1, sizeof *st->idle_cost)) == NULL ||
        idle_periods_open(&st->periods) != 0) {
        if (st) free(st->idle_cost);
        free(st);
        wb_error_text(err, "out of memory");
        return -1;
    }
    *state = st;
    st->cfg = *(const idle_config *)config;
    st->unicode = st->cfg.charset == WB_CHARSET_W;
    st->ui_thread = GetCurrentThreadId();
    GetSystemInfo(&si);
    st->cpus = si.dwNumberOfProcessors;
    st->timer = "default";
    /* Without a 1 ms timer, Sleep wakes every 15.6 ms and moves would come in bursts of two
     * or three, each burst one idle period. timeBeginPeriod raises the interrupt rate for the
     * whole system while the run lasts (as many applications do); the CSV records it. */
    st->timer_raised = wb_timer_1ms_begin();
    wb_cycles_hz();   /* measured once now (~60 ms), not after the first repetition */
    if (st->timer_raised) st->timer = "1ms";
    st->qpc_ns = wb_floor_qpc_ns(16000);   /* what each of the parts' QPC reads costs, taken off them */
    if (st->cfg.onidle == ONIDLE_USER &&
        (st->user_onidle = (winbench_onidle)(void (*)(void))wb_user_function(st->cfg.onidle_text, 8, &st->user_module,
                                                                                err)) == NULL) {
        idle_teardown(st);
        *state = NULL;
        return -1;
    }
    if (st->user_module && GetModuleFileNameA(st->user_module, st->onidle_path, sizeof st->onidle_path) == 0)
        st->onidle_path[0] = '\0';
    if (wb_scratch_register(err) != 0 || wb_mfc_init(err) != 0 || create_windows(st, err) != 0 ||
        (st->cfg.input == INPUT_SENDINPUT && check_input(st, err) != 0) || check_user_onidle(st, err) != 0) {
        idle_teardown(st);
        *state = NULL;
        return -1;
    }
    return 0;
}

/* ---- one repetition ------------------------------------------------------------------------ */

/* The CSV columns this module adds, listed once: the M_ index and the column name. */
#define IDLE_METRICS(X)                                                                                                \
    X(M_CPU_MACHINE, "cpu_pct_machine", "%") X(M_CPU_USER, "cpu_user_pct", "%") X(M_CPU_KERNEL, "cpu_kernel_pct", "%") \
    X(M_UI_CPU, "ui_thread_cpu_pct", "%") X(M_ONIDLE, "onidle_calls", NULL) X(M_ONIDLE_PER_S, "onidle_per_s", "1/s")   \
    X(M_PERIODS, "idle_periods", NULL) X(M_PERIODS_PER_S, "idle_periods_per_s", "1/s") X(M_POSTED, "moves_posted", NULL) \
    X(M_PROCESSED, "moves_processed", NULL) X(M_LATE, "moves_late", NULL) X(M_DROPPED, "moves_dropped", NULL)          \
    X(M_BACKLOG, "backlog_max", NULL) X(M_RATE, "mouse_rate_actual", "1/s") X(M_PER_MOVE, "idle_periods_per_move", NULL) \
    X(M_DELIVERED, "msgs_delivered", NULL) X(M_DELIVERED_PER_S, "msgs_delivered_per_s", "1/s")                         \
    X(M_COST_MEAN, "idle_cost_mean_us", "us") X(M_COST_P50, "idle_cost_p50_us", "us") X(M_COST_P99, "idle_cost_p99_us", "us") \
    X(M_COST_MAX, "idle_cost_max_us", "us") X(M_UI_BUSY, "ui_busy_pct", "%") X(M_UI_CYCLES, "ui_cycles_pct", "%")      \
    X(M_MSGS_PER_PERIOD, "msgs_per_idle_period", NULL) X(M_PRETRANSLATE, "pretranslate_calls", NULL)                   \
    X(M_TOOLTIP_FILTERS, "tooltip_filters", NULL) X(M_TOOLTIP_HITS, "tooltip_hittests", NULL) X(M_LOOKUPS, "map_lookups", NULL) \
    X(M_TEMP_CREATED, "temp_cwnd_created", NULL) X(M_TEMP_FREED, "temp_cwnd_freed", NULL)                              \
    X(M_NCHITTEST, "nchittest_msgs", NULL) X(M_SETCURSOR, "setcursor_msgs", NULL)                                      \
    X(M_BUSY_US, "busy_us", "us") X(M_SENDS_US, "sends_us", "us") X(M_FRAMEWORK_US, "framework_us", "us") X(M_PUMP_US, "pump_us", "us") \
    X(M_SENDS_PCT, "sends_pct", "%") X(M_FRAMEWORK_PCT, "framework_pct", "%") X(M_PUMP_PCT, "pump_pct", "%") X(M_QPC_US, "qpc_us", "us") \
    X(M_COALESCED, "moves_coalesced", NULL) X(M_UI_CYCLE_COUNT, "ui_cycles", NULL)                                     \
    /* 0.6's, after 0.5's (a script that reads columns by position keeps them) */                                      \
    X(M_SENDS_DISPATCH_US, "sends_dispatch_us", "us") X(M_SENDS_MFC_US, "sends_mfc_us", "us") X(M_SENDS_BUTTON_US, "sends_button_us", "us") \
    X(M_PUMPED_US, "pumped_us", "us") X(M_PUMPED_PCT, "pumped_pct", "%") X(M_PUMPED_USER32_US, "pumped_user32_us", "us") \
    X(M_PUMPED_MFC_US, "pumped_mfc_us", "us") X(M_PUMPED_LOWER_US, "pumped_lower_us", "us")                            \
    X(M_PERIODS_SPLIT, "periods_split", NULL) X(M_PERIODS_LEFT_OUT, "periods_left_out", NULL)
enum { IDLE_METRICS(WB_METRIC_ID) M_COUNT };
WB_STATIC_ASSERT(M_COUNT <= WB_MAX_METRICS, idle_metrics_fit);
static const char *const idle_metric_names[] = { IDLE_METRICS(WB_METRIC_NAME) NULL };
static const char *const idle_metric_units[] = { IDLE_METRICS(WB_METRIC_UNIT) NULL };
/* The summary keeps a repetition's identities: counts totalled (and the ratios of them made
 * from the totals), the busy time with its parts and the CPU with its split each from one
 * repetition, the median by the whole (docs/csv.md says which column is which). */
#define WITH_BUSY(c) { c, WB_SUM_MEDIAN_REP, "busy_us", NULL, 0, 0 }
#define WITH_CPU(c) { c, WB_SUM_MEDIAN_REP, "cpu_pct_machine", NULL, 0, 0 }
static const wb_metric_summary idle_summary_rules[] = {
    WB_SUM_TOTAL_OF("onidle_calls"), WB_SUM_TOTAL_OF("idle_periods"), WB_SUM_TOTAL_OF("moves_posted"),
    WB_SUM_TOTAL_OF("moves_processed"), WB_SUM_TOTAL_OF("moves_late"),
    WB_SUM_TOTAL_OF("moves_dropped"), WB_SUM_TOTAL_OF("msgs_delivered"), WB_SUM_TOTAL_OF("pretranslate_calls"),
    WB_SUM_TOTAL_OF("tooltip_filters"),
    WB_SUM_TOTAL_OF("tooltip_hittests"), WB_SUM_TOTAL_OF("map_lookups"), WB_SUM_TOTAL_OF("temp_cwnd_created"),
    WB_SUM_TOTAL_OF("temp_cwnd_freed"),
    WB_SUM_TOTAL_OF("nchittest_msgs"), WB_SUM_TOTAL_OF("setcursor_msgs"), WB_SUM_TOTAL_OF("moves_coalesced"),
    WB_SUM_TOTAL_OF("ui_cycles"),
    WB_SUM_TOTAL_OF("periods_split"), WB_SUM_TOTAL_OF("periods_left_out"),
    { "backlog_max", WB_SUM_MOST, NULL, NULL, 0, 0 }, { "idle_cost_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    { "idle_cost_mean_us", WB_SUM_MEAN_BY, "idle_periods", NULL, 0, 0 },
    { "idle_periods_per_move", WB_SUM_RATIO, "moves_processed", "idle_periods", 0, 0 },
    { "msgs_per_idle_period", WB_SUM_RATIO, "idle_periods", "msgs_delivered", 0, 0 },
    WITH_BUSY("busy_us"), WITH_BUSY("sends_us"), WITH_BUSY("sends_dispatch_us"), WITH_BUSY("sends_mfc_us"),
    WITH_BUSY("sends_button_us"), WITH_BUSY("framework_us"), WITH_BUSY("pumped_us"), WITH_BUSY("pumped_user32_us"),
    WITH_BUSY("pumped_mfc_us"), WITH_BUSY("pumped_lower_us"), WITH_BUSY("pump_us"), WITH_BUSY("sends_pct"),
    WITH_BUSY("framework_pct"), WITH_BUSY("pumped_pct"), WITH_BUSY("pump_pct"),
    WITH_CPU("cpu_pct_machine"), WITH_CPU("cpu_user_pct"), WITH_CPU("cpu_kernel_pct"),
    { NULL, 0, NULL, NULL, 0, 0 }
};
#undef WITH_BUSY
#undef WITH_CPU

/* The busy time's four spans in seconds, from their ticks (IDLE_*) and the spans' QPC reads, of
 * which `share` are theirs: each timed span holds one of its reads and the pump another (a
 * pumped message's PreTranslateMessage and dispatch share their middle read, so the pump holds
 * one read a message; GetMessage's two are one in its wait, one in the pump). */
static void spans_s(const idle_state *st, const double *ticks, double share, double *out)
{
    const double q = st->qpc_ns * 1e-9, hz = (double)wb_clock_freq();
    out[0] = ticks[IDLE_SENDS] / hz - share * (double)st->n_sends * q;
    out[1] = (ticks[IDLE_ONIDLE] - ticks[IDLE_SENDS] + ticks[IDLE_PRE]) / hz -
             share * (double)(st->n_onidle + st->n_sends + st->n_pre) * q;
    out[2] = ticks[IDLE_DISPATCH] / hz - share * (double)st->n_dispatch * q;
    out[3] = (ticks[IDLE_BUSY] - ticks[IDLE_ONIDLE] - ticks[IDLE_PRE] - ticks[IDLE_DISPATCH]) / hz -
             share * (double)(st->n_onidle + st->n_dispatch + st->n_getmsg) * q;
}

/* The UI thread's busy time (wall less the waits in GetMessage) per idle period, split into the
 * seed's sends (split again by split_calls: USER32's, the MFC handling, the BUTTON procedure),
 * the framework's work around them (the MFC model: OnIdle's walks and maps,
 * PreTranslateMessage; or the user's OnIdle: your code), the pumped messages' dispatch (split
 * again by split_calls) and the rest, the message queue's calls (GetMessage and PeekMessage
 * returning). Over the periods idle_periods_sum keeps (a period a preemption stretched is left
 * out, and counted). The percentages are of the whole run's wall time, every period in. */
static void fill_parts(const idle_state *st, double wall, double *m)
{
    idle_period_sums k;
    double part[4], all[4], ticks[IDLE_PART_COUNT], per;
    idle_periods_sum(&st->periods, &k);
    per = k.kept ? (double)k.kept : NAN;
    spans_s(st, k.ticks, st->periods.n ? (double)k.kept / (double)st->periods.n : 0, part);
    m[M_SENDS_US] = part[0] * 1e6 / per;
    m[M_FRAMEWORK_US] = part[1] * 1e6 / per;
    m[M_PUMPED_US] = part[2] * 1e6 / per;
    m[M_PUMP_US] = part[3] * 1e6 / per;
    m[M_BUSY_US] = m[M_SENDS_US] + m[M_FRAMEWORK_US] + m[M_PUMPED_US] + m[M_PUMP_US];
    m[M_PERIODS_SPLIT] = (double)k.kept;
    m[M_PERIODS_LEFT_OUT] = (double)k.left_out;
    ticks[IDLE_BUSY] = (wall - wb_ticks_to_s(st->blocked)) * (double)wb_clock_freq();
    ticks[IDLE_SENDS] = (double)st->sends_ticks;
    ticks[IDLE_ONIDLE] = (double)st->onidle_ticks;
    ticks[IDLE_PRE] = (double)st->pre_ticks;
    ticks[IDLE_DISPATCH] = (double)st->dispatch_ticks;
    spans_s(st, ticks, 1, all);
    m[M_SENDS_PCT] = 100.0 * all[0] / wall;
    m[M_FRAMEWORK_PCT] = 100.0 * all[1] / wall;
    m[M_PUMPED_PCT] = 100.0 * all[2] / wall;
    m[M_PUMP_PCT] = 100.0 * all[3] / wall;
    m[M_QPC_US] = st->qpc_ns * 1e-3;
    /* split_calls, beside the run */
    m[M_SENDS_DISPATCH_US] = m[M_SENDS_MFC_US] = m[M_SENDS_BUTTON_US] = NAN;
    m[M_PUMPED_USER32_US] = m[M_PUMPED_MFC_US] = m[M_PUMPED_LOWER_US] = NAN;
}

static void fill_metrics(const idle_state *st, wb_sample *s)
{
    const wb_interval *iv = &s->iv;
    double wall = wb_ticks_to_s(iv->t1 - iv->t0);
    double user = (double)(iv->proc1.user - iv->proc0.user) * 1e-7;
    double kernel = (double)(iv->proc1.kernel - iv->proc0.kernel) * 1e-7;
    double ui = (double)(iv->thr1.user + iv->thr1.kernel - iv->thr0.user - iv->thr0.kernel) * 1e-7;
    /* Messages that reached a window procedure: the idle updates, the sends and the pumped
     * messages themselves (counted where each is delivered). */
    double delivered = (double)st->delivered;
    double *m = s->metrics;
    wb_mfc_counters mfc;
    wb_mfc_counters_get(&mfc);

    if (wall <= 0) wall = 1e-9;
    m[M_CPU_MACHINE] = 100.0 * (user + kernel) / wall / (double)st->cpus;
    m[M_CPU_USER] = 100.0 * user / wall;
    m[M_CPU_KERNEL] = 100.0 * kernel / wall;
    m[M_UI_CPU] = 100.0 * ui / wall;
    m[M_ONIDLE] = (double)st->onidle_calls;
    m[M_ONIDLE_PER_S] = (double)st->onidle_calls / wall;
    m[M_PERIODS] = (double)st->idle_periods;
    m[M_PERIODS_PER_S] = (double)st->idle_periods / wall;
    m[M_POSTED] = (double)st->posted;
    m[M_PROCESSED] = (double)st->moves_processed;
    m[M_LATE] = (double)st->late;
    m[M_DROPPED] = (double)st->dropped;
    /* Real input (--input sendinput) is coalesced: a move that finds the last one not yet read
     * replaces it, so the moves sent and read never balance and a "backlog" of their difference
     * only grows. Those moves are counted as coalesced (UIPI's silent drops of SendInput land
     * there too: neither its return value nor GetLastError tells them), and no backlog is
     * claimed. Posted moves are never merged: their backlog is real, none coalesced. */
    m[M_BACKLOG] = st->cfg.input == INPUT_SENDINPUT ? NAN : (double)st->backlog_max;
    m[M_COALESCED] = st->cfg.input == INPUT_SENDINPUT && st->posted > st->moves_processed
                         ? (double)(st->posted - st->moves_processed) : 0;
    m[M_RATE] = (double)st->posted / wall;
    m[M_PER_MOVE] = st->moves_processed ? (double)st->idle_periods / (double)st->moves_processed : 0.0;
    m[M_DELIVERED] = delivered;
    m[M_DELIVERED_PER_S] = delivered / wall;
    m[M_COST_MEAN] = wb_hist_mean(st->idle_cost) / 1000.0;
    m[M_COST_P50] = (double)wb_hist_percentile(st->idle_cost, 50) / 1000.0;
    m[M_COST_P99] = (double)wb_hist_percentile(st->idle_cost, 99) / 1000.0;
    m[M_COST_MAX] = (double)st->idle_cost->max / 1000.0;
    m[M_UI_BUSY] = 100.0 * (wall - wb_ticks_to_s(st->blocked)) / wall;
    m[M_MSGS_PER_PERIOD] = st->idle_periods ? delivered / (double)st->idle_periods : NAN;
    m[M_PRETRANSLATE] = (double)mfc.pretranslate;
    m[M_TOOLTIP_FILTERS] = (double)mfc.tooltip_filters;
    m[M_TOOLTIP_HITS] = (double)mfc.tooltip_hittests;
    m[M_LOOKUPS] = (double)mfc.lookups;
    m[M_TEMP_CREATED] = (double)mfc.temp_created;
    m[M_TEMP_FREED] = (double)mfc.temp_freed;
    m[M_NCHITTEST] = (double)mfc.nchittest;
    m[M_SETCURSOR] = (double)mfc.setcursor;
    m[M_UI_CYCLES] = NAN;
    /* the cycles as cycles, whatever the TSC; as a share of the wall only where it is invariant */
    m[M_UI_CYCLE_COUNT] = st->have_cycles ? (double)(st->cycles1 - st->cycles0) : NAN;
    if (st->have_cycles && wb_cycles_hz() > 0)
        m[M_UI_CYCLES] = 100.0 * (double)(st->cycles1 - st->cycles0) / wb_cycles_hz() / wall;
    fill_parts(st, wall, m);
}

static void reset_counters(idle_state *st)
{
    st->pt_last.x = st->pt_last.y = -1;
    st->msg_last = 0;
    st->qualifying = 0;
    st->onidle_calls = st->idle_periods = st->pumped = st->moves_processed = 0;
    st->blocked = st->delivered = 0;
    st->onidle_ticks = st->sends_ticks = st->pre_ticks = st->dispatch_ticks = 0;
    st->n_onidle = st->n_sends = st->n_pre = st->n_getmsg = st->n_dispatch = 0;
    wb_mfc_free_temp_maps();   /* what the last repetition left (the seed's OnIdle never frees) */
    wb_mfc_counters_reset();
    st->period_open = 0;
    idle_periods_reset(&st->periods);
    st->processed_shared = 0;
    st->posted = st->late = st->dropped = st->backlog_max = 0;
    wb_hist_reset(st->idle_cost);
}

/* One span split by who wrote the code it runs (idle_sends.c): the time measured in the loop,
 * shared out as the call's parts share it beside the loop, so that the parts add up to it.
 * Empty where the split could not be timed; 0 where the loop made no such call. */
static void split_span(idle_state *st, HWND hwnd, UINT msg, int dispatched, wb_floor_budget b, double whole, double *out)
{
    idle_shares sh;
    out[0] = out[1] = out[2] = whole == 0 ? 0 : NAN;
    if (!(whole > 0) || hwnd == NULL || idle_shares_of(hwnd, msg, dispatched, st->unicode, b, &st->rounds, &sh) != 0)
        return;
    out[0] = whole * sh.user32;
    out[1] = whole * sh.mfc;
    out[2] = whole * sh.lower;
}

/* OnIdle's sends (SendMessage(WM_NULL) to the button) and the pumped messages (as a
 * WM_MOUSEMOVE dispatched to the window the mouse moves over: most of what the pump takes),
 * each split beside the run, at most 50 ms a side. */
static void split_calls(idle_state *st, wb_sample *sample)
{
    double *m = sample->metrics, parts[3];
    wb_floor_budget b = wb_floor_budget_of(st->n_sends * st->cfg.sends + st->n_dispatch, sample->iv.t1 - sample->iv.t0);
    if (b.ticks > wb_clock_freq() / 20) b.ticks = wb_clock_freq() / 20;
    split_span(st, st->app.button, WM_NULL, 0, b, st->cfg.sends ? m[M_SENDS_US] : 0, parts);
    m[M_SENDS_DISPATCH_US] = parts[0], m[M_SENDS_MFC_US] = parts[1], m[M_SENDS_BUTTON_US] = parts[2];
    split_span(st, st->mouse_target, WM_MOUSEMOVE, 1, b, m[M_PUMPED_US], parts);
    m[M_PUMPED_USER32_US] = parts[0], m[M_PUMPED_MFC_US] = parts[1], m[M_PUMPED_LOWER_US] = parts[2];
}

static int idle_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    idle_state *st = (idle_state *)state;
    HANDLE driver;
    wb_drain_messages();
    reset_counters(st);
    st->ctx = ctx;
    wb_interval_begin(&sample->iv);
    st->t0 = sample->iv.t0;
    /* Started after the first QPC read so that its schedule begins with the interval. */
    driver = CreateThread(NULL, 0, driver_main, st, 0, NULL);
    if (driver == NULL) {
        wb_error_win32(err, "CreateThread", GetLastError());
        return -1;
    }
    st->have_cycles = wb_thread_cycles(&st->cycles0) == 0;
    run_loop(st);
    wb_interval_end(&sample->iv);
    idle_periods_mark(&st->periods, sample->iv.t1, st->blocked, st->sends_ticks, st->onidle_ticks, st->pre_ticks,
                      st->dispatch_ticks);
    if (st->have_cycles) st->have_cycles = wb_thread_cycles(&st->cycles1) == 0;
    WaitForSingleObject(driver, INFINITE);   /* it has posted WM_QUIT: it is ending */
    CloseHandle(driver);
    sample->ops = st->idle_periods;
    fill_metrics(st, sample);
    if (!*ctx->stop) split_calls(st, sample);   /* beside the run: after its counters are read */
    return 0;
}

/* ---- reporting ----------------------------------------------------------------------------- */

static void idle_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    const double *m = s->metrics;
    char each[24], p99[24];
    double user, kernel;
    (void)variant;   /* one configuration reads the same */
    wb_round_parts(m[M_CPU_USER], m[M_CPU_KERNEL], 0.1, &user, &kernel);   /* parts that add up as printed */
    wb_fprintf(out, "  rep %u/%u: cpu %.1f%% of one CPU (%.2f%% of the machine; user %.1f%%, kernel %.1f%%), "
                 "%.0f moves -> %.0f idle periods (%.1f/s), %s each (p99 %s)",
            rep, reps, user + kernel, m[M_CPU_MACHINE], user, kernel,
            m[M_PROCESSED], m[M_PERIODS], m[M_PERIODS_PER_S], wb_format_duration(m[M_COST_MEAN] * 1e-6, each, sizeof each),
            wb_format_duration(m[M_COST_P99] * 1e-6, p99, sizeof p99));
    if (m[M_BACKLOG] > 1 || m[M_LATE] > 0)
        wb_fprintf(out, ", backlog up to %.0f, %.0f moves late", m[M_BACKLOG] == m[M_BACKLOG] ? m[M_BACKLOG] : 0, m[M_LATE]);
    if (m[M_COALESCED] > 0) wb_fprintf(out, ", %.0f moves coalesced (real input: merged with the next)", m[M_COALESCED]);
    if (m[M_DROPPED] > 0) wb_fprintf(out, ", %.0f moves DROPPED (queue full)", m[M_DROPPED]);
    wb_fprintf(out, "\n    UI thread: %.1f%% charged, %.1f%% busy by QPC", m[M_UI_CPU], m[M_UI_BUSY]);
    if (m[M_UI_CYCLES] == m[M_UI_CYCLES]) wb_fprintf(out, ", %.1f%% in cycles", m[M_UI_CYCLES]);
    wb_fprintf(out, " (of one CPU)\n");
    /* Busy is the time inside the thread's work by QPC; charged is what Windows billed it.
     * Far apart, the thread waited inside its calls (under Wine: for its wineserver, a process
     * of its own whose CPU nobody here is charged), or the charge was too coarse to say. */
    if (m[M_UI_BUSY] > 2 * m[M_UI_CPU] && m[M_UI_BUSY] - m[M_UI_CPU] > 5)
        wb_fprintf(out, "    (busy far above charged: the UI thread waited inside its calls - under Wine, for the "
                     "wineserver - or the charge is coarse; the CPU columns count only what was charged)\n");
}

static void idle_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    const double *m = s->metrics;
    char each[24], p99[24];
    (void)variant;   /* one configuration reads the same */
    wb_fprintf(out, "  median CPU %.1f%% of one CPU (%.2f%% of the machine), %.1f idle periods/s "
                 "(%.2f per move), %s each (p99 %s), %.0f messages/s, UI thread busy %.1f%%, %u rep%s\n",
            s->cpu_pct, m[M_CPU_MACHINE], m[M_PERIODS_PER_S], m[M_PER_MOVE],
            wb_format_duration(m[M_COST_MEAN] * 1e-6, each, sizeof each), wb_format_duration(m[M_COST_P99] * 1e-6, p99, sizeof p99),
            m[M_DELIVERED_PER_S], m[M_UI_BUSY], s->reps, s->reps == 1 ? "" : "s");
}

#define IDLE_FACTS(X)                                                                               \
    X(F_CONTROLS, "controls") X(F_WNDPROC_MODULE, "wndproc_module") X(F_WNDPROC_PATH, "wndproc_path") \
    X(F_WNDPROC_VERSION, "wndproc_version") X(F_TOOLBAR_CONTROLS, "toolbar_controls")                  \
    X(F_TOOLBAR_PATH, "toolbar_path") X(F_TOOLBAR_VERSION, "toolbar_version") X(F_ACTCTX, "actctx")   \
    X(F_TIMER, "timer") X(F_BUTTON_MAPPED, "button_mapped") X(F_MDI_CHILDREN, "mdi_children")          \
    X(F_ONIDLE_PATH, "onidle_path")
enum { IDLE_FACTS(WB_LIST_ID) F_COUNT };
static const char *const idle_fact_names[] = { IDLE_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(idle_fact_names, F_COUNT, WB_MAX_FACTS, idle_facts_fit);

static void idle_facts(void *state, const char **values)
{
    const idle_state *st = (const idle_state *)state;
    values[F_CONTROLS] = st->controls;
    values[F_WNDPROC_MODULE] = st->wndproc_module.name;
    values[F_WNDPROC_PATH] = st->wndproc_module.path;
    values[F_WNDPROC_VERSION] = st->wndproc_module.version;
    values[F_TOOLBAR_CONTROLS] = st->toolbar_controls;
    values[F_TOOLBAR_PATH] = st->toolbar_module.path;
    values[F_TOOLBAR_VERSION] = st->toolbar_module.version;
    values[F_ACTCTX] = st->actctx;
    values[F_TIMER] = st->timer;
    values[F_BUTTON_MAPPED] = st->button_mapped;
    values[F_MDI_CHILDREN] = st->mdi_children;
    values[F_ONIDLE_PATH] = st->onidle_path;   /* the file --onidle's function came from */
}

/* --input sendinput under Wine: Wine moves a cursor of its own (the null display driver has no
 * screen), so WM_NCHITTEST and WM_SETCURSOR come from Wine's emulation, not a desktop's. The
 * run goes on (it still exercises the path); its rows say what they are. */
static void idle_warnings(void *state, void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const idle_state *st = (const idle_state *)state;
    if (st->cfg.input == INPUT_SENDINPUT && wb_under_wine())
        warn(into, "sendinput_wine", "--input sendinput under Wine: the cursor Wine moves is on no real desktop "
             "(headless, its null display driver), so these numbers are not an interactive desktop's");
    if (st->cfg.depth + (st->cfg.mdi_children > 0 ? 4 : 1) >= DEEP_NESTING_WARNING && wb_windows_64bit())
        warn(into, "deep_nesting", "windows nested this deep on 64-bit Windows may lose sent messages without an error "
             "(KB2664641: the kernel stack runs out in recursive window manager calls): check msgs_delivered");
}

static const char *const idle_variant_columns[] = {
    "case", "onidle", "button", "windows", "depth", "class", "themes", "mapped", "dispatch", "sends", "idle-every",
    "mouse-rate", "same-point", "mdi-children", "tooltips", "charset", "input", NULL
};
/* The seed read CPU in Process Explorer: % of the whole machine. */
static const wb_part idle_parts[] = {
    { .column = "sends_dispatch_us", .name = "OnIdle's sends: USER32's SendMessage", .layer = WB_LAYER_API },
    { .column = "sends_mfc_us", .name = "OnIdle's sends: the mapped button's MFC handling", .layer = WB_LAYER_CODE },
    { .column = "sends_button_us", .name = "OnIdle's sends: the BUTTON class's procedure", .layer = WB_LAYER_API },
    { .column = "framework_us", .name = "the framework's work (the MFC model, or your OnIdle)", .layer = WB_LAYER_CODE },
    { .column = "pumped_user32_us", .name = "pumped messages: USER32's DispatchMessage", .layer = WB_LAYER_API },
    { .column = "pumped_mfc_us", .name = "pumped messages: the windows' MFC handling", .layer = WB_LAYER_CODE },
    { .column = "pumped_lower_us", .name = "pumped messages: DefWindowProc and the controls' procedures",
      .layer = WB_LAYER_API },
    { .column = "pump_us", .name = "the message queue's calls (GetMessage, PeekMessage)", .layer = WB_LAYER_API },
    { .column = NULL }
};
static const wb_part idle_floors[] = {
    { .column = "qpc_us", .name = "a QPC read (taken off the parts)", .layer = WB_LAYER_OS },
    { .column = NULL }
};
static const wb_report_spec idle_report = {
    .variant_columns = idle_variant_columns,
    .natural_column = "case",
    .metric = "cpu_pct_machine",
    .unit = "% CPU (machine)",
    .higher_is_better = 0,
    .better = "less CPU",
    .worse = "more CPU",
    .preset.column = "case",
    .preset.sets = idle_set_by_case,
    .split.parts = idle_parts,
    .split.floors = idle_floors,
    .split.whole = "busy_us",
    .split.whole_name = "an idle period's busy time",
    .split.unit = "us",
};

static double idle_rep_seconds(const void *variant)
{
    return ((const idle_config *)variant)->duration;
}

const wb_module wb_idle_module = {
    .name = "idle",
    .summary = "MFC idle processing (OnIdle, SendMessageToDescendants) under a WM_MOUSEMOVE flood: CPU used",
    .op_name = "idle period",
    .options = idle_options,
    .config_size = sizeof(idle_config),
    .check = idle_check,
    .setup = idle_setup,
    .run = idle_run,
    .teardown = idle_teardown,
    .fact_names = idle_fact_names,
    .facts = idle_facts,
    .warnings = idle_warnings,
    .metric_names = idle_metric_names,
    .metric_units = idle_metric_units,
    .summary_rules = idle_summary_rules,
    .print_rep = idle_print_rep,
    .print_summary = idle_print_summary,
    .fixed_schedule = 1,
    .rep_seconds = idle_rep_seconds,
    .default_repeat = "5",   /* the fewest a side with which the report's rank test can answer p < 0.05 is 4 */
    .default_warmup = "0",
    .report = &idle_report,
};

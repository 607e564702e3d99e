/* idle's files, one job each, and what they share:
 *   idle.c           the options and their rules, set-up and tear-down, facts, warnings, the
 *                    console's lines, the summary rules and the module's table
 *   idle_model.c     the MFC model: CWinThread::Run, PumpMessage, OnIdle and its walks
 *   idle_driver.c    the mouse: the thread that posts (or sends) the moves on schedule
 *   idle_metrics.c   one repetition: the run, its metrics, the busy time's parts
 *   idle_sends.c     a call's split into USER32's, the MFC handling and the procedure under it
 *   idle_periods.c   each idle period's parts, so that a preemption cannot move the split
 * Private to bench/idle*.c. */
#ifndef IDLE_H
#define IDLE_H

#include <windows.h>
#include <stdint.h>

#include "wb_floors.h"
#include "wb_hist.h"
#include "wb_mfc.h"
#include "wb_mfc_app.h"
#include "wb_module.h"
#include "wb_rounds.h"
#include "wb_user_code.h"
#include "wb_visual_styles.h"
#include "wb_windows.h"

/* What one of the idle loop's calls into a window is made of, as shares of it (they add up to
 * 1): USER32's part (SendMessage's or DispatchMessage's own work: the API), the MFC model's
 * handling of a mapped window (AfxWndProc, the handle and message maps: your code; 0 for a
 * window MFC does not map) and the procedure under it (a BUTTON's class procedure,
 * DefWindowProc: the API). Timed beside the run on the thread that owns the window, in
 * alternating rounds (wb_rounds.h): the call (SendMessage(hwnd, msg), or with dispatched
 * DispatchMessage of such a message), the window's procedure called directly, and for a mapped
 * window the procedure under the model. -1 when it could not be timed. */
typedef struct idle_shares {
    double user32, mfc, lower;
} idle_shares;
int idle_shares_of(HWND hwnd, UINT msg, int dispatched, int unicode, wb_floor_budget b, wb_rounds *r,
                   idle_shares *out);

/* The idle periods' own parts, so that a preemption cannot move the split. Each period's busy
 * time (wall less the waits in GetMessage, from its first OnIdle call to the next period's) and
 * the QPC ticks of its sends, OnIdle calls, PreTranslateMessage calls and dispatching are kept, period by
 * period (the first IDLE_PERIODS_CAP of a repetition); after the run the split sums only the
 * periods whose busy time is at most IDLE_PERIOD_CUT times the median period's. On a busy
 * machine a period the thread spent partly preempted is milliseconds long where a period's
 * work is hundreds of microseconds: beside one busy thread per core the UI thread was busy by
 * QPC 4.5 times what it used of the CPU, while the median period's OnIdle time did not move. */
#define IDLE_PERIODS_CAP 65536
#define IDLE_PERIOD_CUT 3
enum { IDLE_BUSY, IDLE_SENDS, IDLE_ONIDLE, IDLE_PRE, IDLE_DISPATCH, IDLE_PART_COUNT };
typedef struct idle_periods {
    uint64_t (*each)[IDLE_PART_COUNT];   /* per period, ticks */
    size_t n;
    uint64_t last[IDLE_PART_COUNT + 1];  /* the counters at the last mark: t, blocked, sends, onidle, pre, dispatch */
    int marked;
} idle_periods;
int  idle_periods_open(idle_periods *p);   /* 0, or -1 out of memory */
void idle_periods_free(idle_periods *p);
void idle_periods_reset(idle_periods *p);
/* A period boundary at QPC t, with the loop's running totals: the period before it is kept. */
void idle_periods_mark(idle_periods *p, uint64_t t, uint64_t blocked, uint64_t sends, uint64_t onidle, uint64_t pre,
                       uint64_t dispatch);
/* After the run: the kept periods' ticks summed, per part (IDLE_BUSY ...), and how many. */
typedef struct idle_period_sums {
    double ticks[IDLE_PART_COUNT];
    size_t kept, left_out;
} idle_period_sums;
void idle_periods_sum(const idle_periods *p, idle_period_sums *out);


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
    X(M_PERIODS_SPLIT, "periods_split", NULL) X(M_PERIODS_LEFT_OUT, "periods_left_out", NULL)                          \
    X(M_CPU_PER_PERIOD, "cpu_us_per_period", "us") X(M_OUTSIDE_US, "outside_us", "us")
enum { IDLE_METRICS(WB_METRIC_ID) M_COUNT };
WB_STATIC_ASSERT(M_COUNT <= WB_MAX_METRICS, idle_metrics_fit);

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
    int busy_over_cpu;            /* this repetition: the busy time per period was more than the CPU per period */
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

/* idle_model.c: CWinThread::Run on the UI thread until WM_QUIT, with two QPC reads around each
 * OnIdle call, span and pumped message to cost them. */
void idle_run_loop(idle_state *st);
/* idle_driver.c: the mouse thread (its argument the state): the moves for the duration on
 * schedule, then WM_QUIT. */
DWORD WINAPI idle_driver_main(void *arg);
/* idle_metrics.c: one timed repetition (the module's run). */
int idle_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err);

#endif

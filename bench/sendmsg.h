/* sendmsg's parts, shared by sendmsg.c (the module: options, windows, the timed loop) and
 * sendmsg_parts.c (the floors beside the loop and the parts of its time). */
#ifndef SENDMSG_H
#define SENDMSG_H

#include <stddef.h>
#include <stdint.h>

#include "wb_floors.h"
#include "wb_module.h"
#include "wb_options.h"
#include "wb_visual_styles.h"

#define TARGETS(X) X(TARGET_SCRATCH, "scratch") X(TARGET_BUTTON, "button") X(TARGET_MFC, "mfc")
enum { TARGETS(WB_CHOICE_ID) };
#define THREADS(X) X(THREAD_SAME, "same") X(THREAD_CROSS, "cross")
enum { THREADS(WB_CHOICE_ID) };
#define HOOKS(X) X(HOOK_OFF, "off") X(HOOK_CALLWNDPROC, "callwndproc") X(HOOK_GETMESSAGE, "getmessage")
enum { HOOKS(WB_CHOICE_ID) };

typedef struct sendmsg_config {
    uint64_t iterations, msg;
    int target, themes, thread, charset;
    int floors, hook;
    wb_counts work;               /* --work: a list, each value a variant (sendmsg_expand) */
    unsigned nworks;              /* how many --work values the run has (a variant has one) */
    const char *wndproc;          /* --wndproc FILE.dll!Export, or NULL */
} sendmsg_config;

/* The thread messages the window thread answers (cross thread), beside the window's own. */
#define SENDMSG_MSG_FLOOR (WM_APP + 0x3F0)   /* wParam: SENDMSG_FLOOR_*; lParam unused; n in st */
#define SENDMSG_MSG_PING (WM_APP + 0x3F1)    /* answered with SENDMSG_MSG_PONG to the sender */
#define SENDMSG_MSG_PONG (WM_APP + 0x3F2)
enum { SENDMSG_FLOOR_WNDPROC, SENDMSG_FLOOR_PINGPONG };

typedef struct sendmsg_state {
    sendmsg_config cfg;
    uint64_t work_units;          /* this variant's --work */
    HWND owner, target;
    HHOOK hook;
    HMODULE user_module;          /* --wndproc's DLL */
    /* cross-thread: the window thread and its start-up handshake */
    HANDLE thread, ready;
    DWORD thread_id, sender_id;
    int thread_rc;
    wb_error thread_err;
    /* cross-thread floors: a request to the window thread and its answer */
    HANDLE floor_done;
    wb_pingpong pingpong;
    wb_floor_budget floor_budget;
    double floor_ns;
    const char *wndproc_call;     /* "direct" or "CallWindowProc" (fact) */
    /* facts for the CSV */
    const char *controls, *actctx;
    wb_wndproc_module wndproc_module;
} sendmsg_state;

/* The metrics (CSV columns after the common ones), listed once. */
#define SENDMSG_METRICS(X)                                                                          \
    X(M_TYPICAL, "typical_ns") X(M_WNDPROC, "wndproc_ns") X(M_DISPATCH, "dispatch_ns") X(M_MARSHAL, "marshal_ns") \
    X(M_HANDOFF, "handoff_ns")                                                                     \
    X(M_POST_RT, "post_roundtrip_ns") X(M_KERNEL, "kernel_call_ns") X(M_WIN32K, "win32k_call_ns")      \
    X(M_WORK, "work_ns") X(M_FLOORS_S, "floors_s")
enum { SENDMSG_METRICS(WB_LIST_ID) M_COUNT };

/* The window thread's side of a floor request (cross thread), on the window thread. */
void sendmsg_answer_floor(sendmsg_state *st, const MSG *msg);
/* After the timed loop: the floors, each in its own loop, and the parts of the loop's time
 * (ops SendMessage calls over the sample's interval). */
void sendmsg_measure_parts(sendmsg_state *st, wb_run_ctx *ctx, wb_sample *sample);
/* Every metric empty (NaN): --floors off, or a repetition cut short. */
void sendmsg_no_parts(wb_sample *sample);

extern const wb_report_spec sendmsg_report;

#endif

/* sendmsg's parts, shared by sendmsg.c (the module: options, windows, the timed loop) and
 * sendmsg_parts.c (the floors beside the loop and the parts of its time). */
#ifndef SENDMSG_H
#define SENDMSG_H

#include <stddef.h>
#include <stdint.h>

#include "wb_floors.h"
#include "wb_pace.h"
#include "wb_rounds.h"
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
#define SENDMSG_MSG_ROUND (WM_APP + 0x3F0)   /* the window thread's side of a round (st->round_k) */
#define SENDMSG_MSG_PING (WM_APP + 0x3F1)    /* answered with SENDMSG_MSG_PONG to the sender */
#define SENDMSG_MSG_PONG (WM_APP + 0x3F2)

typedef struct sendmsg_state {
    sendmsg_config cfg;
    uint64_t work_units;          /* this variant's --work */
    HWND owner, target;
    HWND twin;                    /* beside the target, on its thread: a window whose procedure returns at once */
    HHOOK hook;
    HMODULE user_module;          /* --wndproc's DLL */
    /* cross-thread: the window thread and its start-up handshake */
    HANDLE thread, ready;
    DWORD thread_id, sender_id;
    int thread_rc;
    wb_error thread_err;
    /* the parts' rounds (sendmsg_parts.c): the procedure called directly (and the BUTTON class's
     * own, when --work's procedure is in front of it), and, cross thread, the window thread's
     * side of a round: its chunks' ticks, and the hand-off's answer */
    wb_wndproc_call proc, class_proc, twin_proc;
    wb_floor_chunk proc_chunk, class_chunk, twin_chunk;   /* NULL: not called */
    HANDLE round_done;
    wb_pingpong pingpong;
    const uint64_t *round_k;      /* the round's operations per chunk, by side (sendmsg_parts.c's SIDE_*) */
    uint64_t round_proc_ticks, round_class_ticks;
    int round_failed;
    const char *wndproc_call;     /* "direct" or "CallWindowProc" (fact) */
    int pace_apart;               /* this repetition: the call itself and the loop's pace were too far apart */
    int below_zero;               /* this repetition: the part (M_*) whose interval lay below zero, or -1 */
    wb_rounds rounds;
    /* the timed loop's own chunks (wb_pace.h): their size, and the QPC after each */
    uint64_t chunk_least;         /* the fewest calls a chunk may hold (at most WB_PACE_CHUNKS_MAX of them) */
    wb_pace pace;
    /* facts for the CSV */
    const char *controls, *actctx;
    wb_wndproc_module wndproc_module;
} sendmsg_state;

/* The metrics (CSV columns after the common ones), listed once. */
#define SENDMSG_METRICS(X)                                                                                             \
    X(M_TYPICAL, "typical_ns", "ns") X(M_WNDPROC, "wndproc_ns", "ns") X(M_DISPATCH, "dispatch_ns", "ns") X(M_MARSHAL, "marshal_ns", "ns") \
    X(M_HANDOFF, "handoff_ns", "ns")                                                                                   \
    X(M_POST_RT, "post_roundtrip_ns", "ns") X(M_KERNEL, "kernel_call_ns", "ns") X(M_WIN32K, "win32k_call_ns", "ns")    \
    X(M_WORK, "work_ns", "ns") X(M_FLOORS_S, "floors_s", "s")                                                          \
    /* 0.6's, after 0.5's (a script that reads columns by position keeps them) */                                      \
    X(M_CLASSPROC, "classproc_ns", "ns") X(M_TYPICAL_PM, "typical_pm_ns", "ns") X(M_WNDPROC_PM, "wndproc_pm_ns", "ns") \
    X(M_CLASSPROC_PM, "classproc_pm_ns", "ns") X(M_DISPATCH_PM, "dispatch_pm_ns", "ns") X(M_MARSHAL_PM, "marshal_pm_ns", "ns") \
    X(M_HANDOFF_PM, "handoff_pm_ns", "ns") X(M_ADD_UP, "parts_add_up", NULL) X(M_ROUNDS, "part_rounds", NULL)        \
    X(M_PACE, "pace_ns", "ns") X(M_MACHINE, "machine_ns", "ns") X(M_SLOW_CHUNKS, "slow_chunks", NULL)                \
    X(M_WNDPROC_DIRECT, "wndproc_direct_ns", "ns") X(M_PACE_CHUNK, "pace_chunk", NULL)
enum { SENDMSG_METRICS(WB_METRIC_ID) M_COUNT };

/* How the parts will call the target's procedure (and the BUTTON class's), on the thread that
 * owns the target, once its procedures are in place. */
void sendmsg_find_procs(sendmsg_state *st);
/* The window thread's side of a round (cross thread), on the window thread. */
void sendmsg_answer_round(sendmsg_state *st);
/* After the timed loop: the floors, each in its own loop, and the parts of the loop's time
 * (ops SendMessage calls over the sample's interval). */
void sendmsg_measure_parts(sendmsg_state *st, wb_run_ctx *ctx, wb_sample *sample);
/* The parts' whole (the call itself, timed beside the loop) against the loop's own typical
 * pace: parts_add_up is 0 too where they are more than SENDMSG_PACE_APART apart (a share of
 * the pace), beyond the call's interval (st->pace_apart says so). */
#define SENDMSG_PACE_APART 0.10
void sendmsg_check_pace(sendmsg_state *st, double *m);
/* Every metric empty (NaN): --floors off, or a repetition cut short. */
void sendmsg_no_parts(wb_sample *sample);

extern const wb_report_spec sendmsg_report;

#endif

/* sendmsg's parts: after each timed loop, the floors beside it, each in its own QPC-timed loop
 * on the thread that runs the same thing in the timed loop, in short chunks whose median is the
 * figure (wb_floor_time: a typical call, which preemption does not move), and the typical
 * SendMessage, timed the same way, split by them:
 *   same thread:  SendMessage = the window procedure (your code) + the dispatch (the API)
 *   cross thread: SendMessage = the window procedure (your code, on the window thread)
 *                             + the hand-off between the threads (an event round trip: the OS)
 *                             + SendMessage's marshalling (the API: the rest)
 * and beside them, never added: a kernel call, a win32k call (include/wb_floors.h says which),
 * a PostThreadMessage / GetMessage round trip (cross thread) and --work's units alone.
 * Each floor runs a quarter of the repetition's SendMessage calls, for at most an eighth of its
 * time (wb_floor_budget_of; README: what that costs). */
#include <math.h>
#include <stdio.h>

#include "sendmsg.h"
#include "wb_timed_loop.h"

/* ---- the window thread's side (cross thread) ---------------------------------------------- */

void sendmsg_answer_floor(sendmsg_state *st, const MSG *msg)
{
    if (msg->message == SENDMSG_MSG_PING) {   /* the posted round trip: straight back */
        PostThreadMessageA(st->sender_id, SENDMSG_MSG_PONG, 0, 0);
        return;
    }
    if (msg->wParam == SENDMSG_FLOOR_WNDPROC)
        st->floor_ns = wb_wndproc_direct_ns(st->target, (UINT)st->cfg.msg, st->cfg.charset == WB_CHARSET_W,
                                            st->floor_budget, &st->wndproc_call);
    else
        wb_pingpong_answer(&st->pingpong);
    SetEvent(st->floor_done);
}

/* ---- the sending thread's side ------------------------------------------------------------- */

/* A request the window thread answers: its figure, or NaN when it did not answer in time. */
static double ask_window_thread(sendmsg_state *st, int kind, wb_floor_budget b)
{
    double ns;
    st->floor_budget = b;
    st->floor_ns = NAN;
    if (!PostThreadMessageA(st->thread_id, SENDMSG_MSG_FLOOR, (WPARAM)kind, 0)) return NAN;
    ns = kind == SENDMSG_FLOOR_PINGPONG ? wb_pingpong_ask_ns(&st->pingpong, b) : NAN;
    if (WaitForSingleObject(st->floor_done, 60000) != WAIT_OBJECT_0) return NAN;
    return kind == SENDMSG_FLOOR_PINGPONG ? ns : st->floor_ns;
}

/* The message queue's round trip: a thread message posted to the window thread, answered by
 * one posted back, which this thread's GetMessage takes. */
static WB_TIMED_LOOP void post_chunk(const void *arg, uint64_t k)
{
    const DWORD to = *(const DWORD *)arg;
    uint64_t i;
    MSG m;
    for (i = 0; i < k; i++) {
        if (!PostThreadMessageA(to, SENDMSG_MSG_PING, 0, 0)) break;
        if (GetMessageA(&m, NULL, SENDMSG_MSG_PONG, SENDMSG_MSG_PONG) <= 0) break;
    }
}

/* SendMessage itself, in the floors' chunks: the typical call beside the timed loop's mean,
 * which the parts (each a typical figure too) add up to. */
typedef struct send_arg {
    HWND hwnd;
    UINT msg;
} send_arg;

static WB_TIMED_LOOP void send_chunk_w(const void *arg, uint64_t k)
{
    const send_arg *a = (const send_arg *)arg;
    uint64_t i;
    for (i = 0; i < k; i++) SendMessageW(a->hwnd, a->msg, 0, 0);
}

static WB_TIMED_LOOP void send_chunk_a(const void *arg, uint64_t k)
{
    const send_arg *a = (const send_arg *)arg;
    uint64_t i;
    for (i = 0; i < k; i++) SendMessageA(a->hwnd, a->msg, 0, 0);
}

void sendmsg_no_parts(wb_sample *sample)
{
    int k;
    for (k = 0; k < M_COUNT; k++) sample->metrics[k] = NAN;
}

void sendmsg_measure_parts(sendmsg_state *st, wb_run_ctx *ctx, wb_sample *sample)
{
    const wb_floor_budget nf = wb_floor_budget_of(sample->ops, sample->iv.t1 - sample->iv.t0);
    const int unicode = st->cfg.charset == WB_CHARSET_W;
    double *m = sample->metrics;
    uint64_t t0 = wb_ticks();
    send_arg send;

    sendmsg_no_parts(sample);
    send.hwnd = st->target;
    send.msg = (UINT)st->cfg.msg;
    m[M_TYPICAL] = wb_floor_time(unicode ? send_chunk_w : send_chunk_a, &send, nf);
    /* --work's units alone, next to the loop whose procedure runs them: before any floor that
     * blocks (a wait, a call to Wine's server), after which the thread may go on on another CPU,
     * of another speed (seen under a VM's two virtual CPUs: two speeds, 20% apart) */
    if (!*ctx->stop && st->work_units > 0) m[M_WORK] = wb_work_ns(st->work_units, nf);
    if (st->thread) {
        if (!*ctx->stop) m[M_WNDPROC] = ask_window_thread(st, SENDMSG_FLOOR_WNDPROC, nf);
        if (!*ctx->stop) m[M_HANDOFF] = ask_window_thread(st, SENDMSG_FLOOR_PINGPONG, nf);
        if (!*ctx->stop) m[M_POST_RT] = wb_floor_time(post_chunk, &st->thread_id, nf);
        m[M_MARSHAL] = m[M_TYPICAL] - m[M_WNDPROC] - m[M_HANDOFF];
    } else {
        if (!*ctx->stop) m[M_WNDPROC] = wb_wndproc_direct_ns(st->target, (UINT)st->cfg.msg, unicode, nf, &st->wndproc_call);
        m[M_DISPATCH] = m[M_TYPICAL] - m[M_WNDPROC];
    }
    if (!*ctx->stop) m[M_KERNEL] = wb_floor_kernel_ns(nf);
    if (!*ctx->stop) m[M_WIN32K] = wb_floor_win32k_ns(nf);
    m[M_FLOORS_S] = wb_ticks_to_s(wb_ticks() - t0);
}

/* ---- how the report and the console read them ---------------------------------------------- */

static const wb_part sendmsg_parts[] = {
    { .column = "wndproc_ns", .name = "the window procedure", .layer = WB_LAYER_CODE },
    { .column = "dispatch_ns", .name = "SendMessage's dispatch", .layer = WB_LAYER_API },
    { .column = "marshal_ns", .name = "SendMessage's marshalling across threads", .layer = WB_LAYER_API },
    { .column = "handoff_ns", .name = "the hand-off between the threads", .layer = WB_LAYER_OS },
    { .column = NULL }
};
static const wb_part sendmsg_floors[] = {
    { .column = "kernel_call_ns", .name = "a kernel call", .layer = WB_LAYER_OS },
    { .column = "win32k_call_ns", .name = "a win32k call", .layer = WB_LAYER_OS },
    { .column = "post_roundtrip_ns", .name = "a posted-message round trip", .layer = WB_LAYER_API },
    { .column = "work_ns", .name = "--work alone", .layer = WB_LAYER_CODE },
    { .column = NULL }
};

static const char *const sendmsg_variant_columns[] = {
    "target", "themes", "thread", "msg", "charset", "work", "hook", "wndproc", NULL
};
/* 0.5's columns, at their defaults, as 0.4's files have them: absent */
static const char *const sendmsg_variant_defaults[] = { "work=", "hook=off", "wndproc=", NULL };
const wb_report_spec sendmsg_report = {
    .variant_columns = sendmsg_variant_columns,
    .variant_defaults = sendmsg_variant_defaults,
    .metric = "ops_per_s",
    .unit = "SendMessage/s",
    .higher_is_better = 1,
    .better = "faster",
    .worse = "slower",
    .parts = sendmsg_parts,
    .floors = sendmsg_floors,
    .parts_whole = "typical_ns",
    .parts_whole_name = "a SendMessage",
    .parts_unit = "ns",
};

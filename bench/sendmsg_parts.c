/* sendmsg's parts: after each timed loop, beside it, SendMessage and the calls it is made of, in
 * alternating chunks of the same size (include/wb_rounds.h: a round is one chunk of each side,
 * and a part is the mean over the rounds no preemption stretched of a combination of one round's
 * sides, with its 95% interval), on the threads that run them in the timed loop. SendMessage's
 * own work is timed on a twin: a window of the same thread whose procedure returns at once,
 * sent the same message (SendMessage to it, less its procedure called directly), so that it
 * cannot depend on what the target's procedure does; the procedure is the rest:
 *   same thread:  SendMessage = the window procedure (SendMessage less the twin's)
 *                             + the dispatch (the API: the twin's SendMessage less its procedure)
 *   cross thread: SendMessage = the window procedure (called directly on the window's thread)
 *                             + the hand-off between the threads (SignalObjectAndWait round
 *                               trips: the OS)
 *                             + SendMessage's marshalling (the API: SendMessage less the two)
 * Across threads the twin is not used: a SendMessage there is a few to a hundred microseconds (a
 * hundred under Wine, its server's requests), the procedure tens of nanoseconds, and the
 * difference of two such calls (SendMessage to the target less the twin's) held the target's
 * procedure under an interval of +-5 us, and came out wholly below zero (left empty) in CI beside
 * the suite however the rounds ordered the two. The procedure called directly is a time of its
 * own, never below zero; what it costs apart from inside a SendMessage (~0.2 us under Wine, see
 * below) is far inside the marshalling's interval.
 * The procedure's part so holds the API calls it makes (DefWindowProc, CallWindowProc) as they
 * cost inside a SendMessage. Called directly, outside one, they can cost another amount: under
 * Wine a CallWindowProc in --work's procedure in front cost about 330 ns called alone and 170 ns
 * inside a SendMessage, and the difference "SendMessage less the procedure called directly"
 * (0.6's first split) gave the dispatch 50-60 ns less with --work than without. The direct call
 * is kept beside, as a floor (wndproc_direct_ns).
 * The window procedure is whoever wrote it: winbench's scratch procedure, the MFC model and
 * --wndproc's are the application's (your code); a system BUTTON's class procedure is the API's
 * (classproc_ns), and --work's procedure in front of it is timed apart from it (your code).
 * Beside them, never added: a kernel call, a win32k call (include/wb_floors.h says which), a
 * PostThreadMessage / GetMessage round trip (cross thread) and --work's units alone.
 * The rounds run a quarter of the repetition's SendMessage calls, for at most an eighth of its
 * time a side, and each floor as much (wb_floor_budget_of; README: what that costs). */
#include <math.h>
#include <stdio.h>

#include "sendmsg.h"
#include "wb_timed_loop.h"

/* The sides of a round, by index in its ticks. */
enum { SIDE_SEND, SIDE_PROC, SIDE_CLASS, SIDE_HANDOFF, SIDE_TWIN_SEND, SIDE_TWIN_PROC, SIDE_COUNT };

void sendmsg_find_procs(sendmsg_state *st)
{
    const int unicode = st->cfg.charset == WB_CHARSET_W;
    const char *how;
    st->proc_chunk = wb_wndproc_chunk(st->target, (UINT)st->cfg.msg, unicode, 0, &st->proc, &st->wndproc_call);
    st->twin_chunk = st->twin ? wb_wndproc_chunk(st->twin, (UINT)st->cfg.msg, unicode, 0, &st->twin_proc, &how) : NULL;
    st->class_chunk = NULL;
    /* a system BUTTON with --work's procedure in front: the class's own procedure too */
    if (st->cfg.target == TARGET_BUTTON && !st->cfg.wndproc && st->cfg.work.n > 0)
        st->class_chunk = wb_wndproc_chunk(st->target, (UINT)st->cfg.msg, unicode, 1, &st->class_proc, &how);
}

/* ---- the window thread's side (cross thread) ---------------------------------------------- */

void sendmsg_answer_round(sendmsg_state *st)
{
    const uint64_t *k = st->round_k;
    st->round_proc_ticks = wb_chunk_ticks(st->proc_chunk, &st->proc, k[SIDE_PROC]);
    st->round_class_ticks = wb_chunk_ticks(st->class_chunk, &st->class_proc, k[SIDE_CLASS]);
    st->round_failed = wb_pingpong_answer(&st->pingpong, k[SIDE_HANDOFF]) != 0;
    SetEvent(st->round_done);
}

/* ---- the sending thread's side ------------------------------------------------------------- */

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

/* SendMessage itself, in the rounds' chunks. */
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

typedef struct round_arg {
    sendmsg_state *st;
    wb_floor_chunk send;
    send_arg send_arg, twin_arg;
} round_arg;

static int same_thread_round(void *arg, const uint64_t *k, uint64_t *ticks)
{
    round_arg *r = (round_arg *)arg;
    ticks[SIDE_SEND] = wb_chunk_ticks(r->send, &r->send_arg, k[SIDE_SEND]);
    ticks[SIDE_PROC] = wb_chunk_ticks(r->st->proc_chunk, &r->st->proc, k[SIDE_PROC]);
    ticks[SIDE_CLASS] = wb_chunk_ticks(r->st->class_chunk, &r->st->class_proc, k[SIDE_CLASS]);
    ticks[SIDE_HANDOFF] = 0;
    ticks[SIDE_TWIN_SEND] = wb_chunk_ticks(r->send, &r->twin_arg, k[SIDE_TWIN_SEND]);
    ticks[SIDE_TWIN_PROC] = wb_chunk_ticks(r->st->twin_chunk, &r->st->twin_proc, k[SIDE_TWIN_PROC]);
    return 0;
}

/* SendMessage here, then the window thread's chunks there (its procedures called directly),
 * then the hand-off between the two. No twin across threads (the header says why). */
static int cross_thread_round(void *arg, const uint64_t *k, uint64_t *ticks)
{
    round_arg *r = (round_arg *)arg;
    sendmsg_state *st = r->st;
    ticks[SIDE_SEND] = wb_chunk_ticks(r->send, &r->send_arg, k[SIDE_SEND]);
    ticks[SIDE_TWIN_SEND] = 0;
    st->round_k = k;
    if (!PostThreadMessageA(st->thread_id, SENDMSG_MSG_ROUND, 0, 0)) return -1;
    if (wb_pingpong_ask(&st->pingpong, k[SIDE_HANDOFF], &ticks[SIDE_HANDOFF]) != 0) return -1;
    if (WaitForSingleObject(st->round_done, 60000) != WAIT_OBJECT_0 || st->round_failed) return -1;
    ticks[SIDE_PROC] = st->round_proc_ticks;
    ticks[SIDE_CLASS] = st->round_class_ticks;
    ticks[SIDE_TWIN_PROC] = 0;
    return 0;
}

void sendmsg_no_parts(wb_sample *sample)
{
    int k;
    for (k = 0; k < M_COUNT; k++) sample->metrics[k] = NAN;
}

/* One part into its column and its interval's, from its sides' coefficients (SIDE_*): a
 * difference is never written below zero (wb_part_or_zero); the first whose interval lay below
 * zero is named for the warning. */
static double put_part(sendmsg_state *st, double *m, int col, int pm_col, const wb_rounds *r, const int *coef,
                       int is_difference)
{
    double pm;
    m[col] = wb_rounds_part_ns(r, coef, &pm);
    m[pm_col] = pm;
    if (is_difference) {
        double kept = wb_part_or_zero(m[col], pm);
        if (kept != kept && m[col] == m[col] && st->below_zero < 0) st->below_zero = col;
        m[col] = kept;
    }
    return m[col];
}

/* The coefficients of the sides that make each part (SIDE_* order: send, proc, class, handoff,
 * twin's send, twin's procedure). */
static const int C_SEND[SIDE_COUNT] = { 1, 0, 0, 0, 0, 0 };
static const int C_PROCS[SIDE_COUNT] = { 1, 0, 0, 0, -1, 1 };      /* SendMessage less the twin's */
static const int C_WNDPROC_FRONT[SIDE_COUNT] = { 1, 0, -1, 0, -1, 1 };   /* less the class's too */
static const int C_CLASS[SIDE_COUNT] = { 0, 0, 1, 0, 0, 0 };
static const int C_DIRECT[SIDE_COUNT] = { 0, 1, 0, 0, 0, 0 };
static const int C_HANDOFF[SIDE_COUNT] = { 0, 0, 0, 1, 0, 0 };
static const int C_DISPATCH[SIDE_COUNT] = { 0, 0, 0, 0, 1, -1 };  /* the twin's SendMessage less its procedure */
/* across threads: SendMessage less the procedure called directly and the hand-off */
static const int C_MARSHAL[SIDE_COUNT] = { 1, -1, 0, -1, 0, 0 };
static const int C_FRONT_DIRECT[SIDE_COUNT] = { 0, 1, -1, 0, 0, 0 };   /* the procedure in front, less the class's */

/* The window procedure's parts: the procedure in front (your code, or the BUTTON class's: the
 * API) and, with --work in front of a BUTTON, the class's own procedure called directly (the
 * API); beside them the target's procedure called directly, a floor. */
static void put_procs(sendmsg_state *st, double *m, const wb_rounds *r)
{
    const int system_class = st->cfg.target == TARGET_BUTTON && !st->cfg.wndproc;
    const int *procs = st->thread ? C_DIRECT : C_PROCS;   /* across threads: called directly */
    double pm;
    if (st->class_chunk) {
        put_part(st, m, M_WNDPROC, M_WNDPROC_PM, r, st->thread ? C_FRONT_DIRECT : C_WNDPROC_FRONT, 1);
        put_part(st, m, M_CLASSPROC, M_CLASSPROC_PM, r, C_CLASS, 0);
    } else if (system_class) {   /* no code of the application's runs: its part is a measured nothing */
        put_part(st, m, M_CLASSPROC, M_CLASSPROC_PM, r, procs, !st->thread);
        m[M_WNDPROC] = m[M_WNDPROC_PM] = 0;
    } else {                     /* no system control's procedure */
        put_part(st, m, M_WNDPROC, M_WNDPROC_PM, r, procs, !st->thread);
        m[M_CLASSPROC] = m[M_CLASSPROC_PM] = 0;
    }
    m[M_WNDPROC_DIRECT] = wb_rounds_part_ns(r, C_DIRECT, &pm);
}

/* 1 when the whole and the sum of its parts are within their intervals of each other. */
static double parts_add_up(const double *m, const int *parts, const int *pms, int n)
{
    double sum = 0, slack = m[M_TYPICAL_PM];
    int i;
    for (i = 0; i < n; i++)
        if (m[parts[i]] == m[parts[i]]) sum += m[parts[i]], slack += m[pms[i]];
        else if (pms[i] && m[pms[i]] == m[pms[i]]) return 0;   /* a part that could not be written */
    return m[M_TYPICAL] != m[M_TYPICAL] ? NAN : fabs(m[M_TYPICAL] - sum) <= slack ? 1 : 0;
}

static void split(sendmsg_state *st, double *m, const wb_rounds *r)
{
    static const int parts[] = { M_WNDPROC, M_CLASSPROC, M_DISPATCH, M_MARSHAL, M_HANDOFF };
    static const int pms[] = { M_WNDPROC_PM, M_CLASSPROC_PM, M_DISPATCH_PM, M_MARSHAL_PM, M_HANDOFF_PM };
    put_part(st, m, M_TYPICAL, M_TYPICAL_PM, r, C_SEND, 0);
    put_procs(st, m, r);
    if (st->thread) {
        put_part(st, m, M_HANDOFF, M_HANDOFF_PM, r, C_HANDOFF, 0);
        put_part(st, m, M_MARSHAL, M_MARSHAL_PM, r, C_MARSHAL, 1);
    } else {
        put_part(st, m, M_DISPATCH, M_DISPATCH_PM, r, C_DISPATCH, 1);
    }
    m[M_ADD_UP] = parts_add_up(m, parts, pms, 5);
    m[M_ROUNDS] = (double)r->n;
}

void sendmsg_check_pace(sendmsg_state *st, double *m)
{
    double gap = fabs(m[M_TYPICAL] - m[M_PACE]);
    st->pace_apart = 0;
    if (m[M_ADD_UP] != m[M_ADD_UP] || m[M_PACE] != m[M_PACE]) return;
    if (gap > m[M_TYPICAL_PM] + SENDMSG_PACE_APART * m[M_PACE]) {
        st->pace_apart = 1;
        m[M_ADD_UP] = 0;
    }
}

void sendmsg_measure_parts(sendmsg_state *st, wb_run_ctx *ctx, wb_sample *sample)
{
    const wb_floor_budget nf = wb_floor_budget_of(sample->ops, sample->iv.t1 - sample->iv.t0);
    double *m = sample->metrics;
    uint64_t t0 = wb_ticks();
    round_arg ra;
    wb_round_sizer sizers[SIDE_COUNT];

    sendmsg_no_parts(sample);
    st->below_zero = -1;
    if (st->round_done) ResetEvent(st->round_done);   /* a round a time-out left behind answers no new one */
    ra.st = st;
    ra.send = st->cfg.charset == WB_CHARSET_W ? send_chunk_w : send_chunk_a;
    ra.send_arg.hwnd = st->target;
    ra.send_arg.msg = (UINT)st->cfg.msg;
    ra.twin_arg.hwnd = st->twin;
    ra.twin_arg.msg = (UINT)st->cfg.msg;
    /* --work's units alone, next to the loop whose procedure runs them: before any floor that
     * blocks (a wait, a call to Wine's server), after which the thread may go on on another CPU,
     * of another speed (seen under a VM's two virtual CPUs: two speeds, 20% apart) */
    if (!*ctx->stop && st->work_units > 0) m[M_WORK] = wb_work_ns(st->work_units, nf);
    /* the target's sides in chunks sized by SendMessage to it, the twin's and the hand-off (a
     * part of the twin's SendMessage across threads) by SendMessage to the twin: of one size for
     * every target and --work (wb_rounds.h says why) */
    sizers[SIDE_SEND].chunk = sizers[SIDE_PROC].chunk = sizers[SIDE_CLASS].chunk = ra.send;
    sizers[SIDE_SEND].arg = sizers[SIDE_PROC].arg = sizers[SIDE_CLASS].arg = &ra.send_arg;
    sizers[SIDE_HANDOFF].chunk = sizers[SIDE_TWIN_SEND].chunk = sizers[SIDE_TWIN_PROC].chunk = ra.send;
    sizers[SIDE_HANDOFF].arg = sizers[SIDE_TWIN_SEND].arg = sizers[SIDE_TWIN_PROC].arg = &ra.twin_arg;
    /* across threads the marshalling is SendMessage less the procedure and the hand-off: all three
     * in SendMessage's chunks */
    if (st->thread) sizers[SIDE_HANDOFF].arg = sizers[SIDE_TWIN_SEND].arg = sizers[SIDE_TWIN_PROC].arg = &ra.send_arg;
    if (!*ctx->stop && st->proc_chunk && st->twin_chunk &&
        wb_rounds_run(&st->rounds, sizers, st->thread ? cross_thread_round : same_thread_round, &ra, SIDE_COUNT, nf) == 0)
        split(st, m, &st->rounds);
    if (st->thread && !*ctx->stop) m[M_POST_RT] = wb_floor_time(post_chunk, &st->thread_id, nf);
    if (!*ctx->stop) m[M_KERNEL] = wb_floor_kernel_ns(nf);
    if (!*ctx->stop) m[M_WIN32K] = wb_floor_win32k_ns(nf);
    m[M_FLOORS_S] = wb_ticks_to_s(wb_ticks() - t0);
}

/* ---- how the report and the console read them ---------------------------------------------- */

static const wb_part sendmsg_parts[] = {
    { .column = "wndproc_ns", .pm_column = "wndproc_pm_ns", .name = "the window procedure", .layer = WB_LAYER_CODE },
    { .column = "classproc_ns", .pm_column = "classproc_pm_ns", .name = "the BUTTON class's procedure",
      .layer = WB_LAYER_API },
    { .column = "dispatch_ns", .pm_column = "dispatch_pm_ns", .difference = 1, .name = "SendMessage's dispatch",
      .layer = WB_LAYER_API },
    { .column = "marshal_ns", .pm_column = "marshal_pm_ns", .difference = 1, .name = "SendMessage's marshalling across threads",
      .layer = WB_LAYER_API },
    { .column = "handoff_ns", .pm_column = "handoff_pm_ns", .name = "the hand-off between the threads",
      .layer = WB_LAYER_OS },
    { .column = NULL }
};
static const wb_part sendmsg_floors[] = {
    { .column = "wndproc_direct_ns", .name = "the window procedure called directly, outside SendMessage",
      .layer = WB_LAYER_CODE },
    { .column = "kernel_call_ns", .name = "a kernel call", .layer = WB_LAYER_OS },
    { .column = "win32k_call_ns", .name = "a win32k call", .layer = WB_LAYER_OS },
    { .column = "post_roundtrip_ns", .name = "a posted-message round trip", .layer = WB_LAYER_API },
    { .column = "work_ns", .name = "--work alone", .layer = WB_LAYER_CODE },
    { .column = NULL }
};

/* The loop's own time its chunks say was slowed from outside (wb_pace.h) */
static const wb_part sendmsg_machine = {
    .column = "machine_ns", .name = "time the loop did not run", .layer = WB_LAYER_MACHINE
};
static const char *const sendmsg_code_columns[] = { "target", "work", "wndproc", NULL };

static const char *const sendmsg_variant_columns[] = {
    "target", "themes", "thread", "msg", "charset", "work", "hook", "wndproc", NULL
};
/* 0.5's columns, at their defaults, as 0.4's files have them: absent */
static const char *const sendmsg_variant_defaults[] = { "work=", "hook=off", "wndproc=", NULL };
const wb_report_spec sendmsg_report = {
    .variant_columns = sendmsg_variant_columns,
    .natural_column = "target",
    .variant_defaults = sendmsg_variant_defaults,
    .metric = "ops_per_s",
    .unit = "SendMessage/s",
    .higher_is_better = 1,
    .better = "faster",
    .worse = "slower",
    .split.parts = sendmsg_parts,
    .split.floors = sendmsg_floors,
    .split.whole = "typical_ns",
    .split.whole_pm = "typical_pm_ns",
    .split.add_up = "parts_add_up",
    .split.whole_name = "the call itself",
    .split.unit = "ns",
    .split.headline = "ns_per_op",
    .split.headline_name = "a SendMessage",
    .split.pace = "pace_ns",
    .split.machine = &sendmsg_machine,
    .split.code_columns = sendmsg_code_columns,
};

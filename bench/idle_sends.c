/* OnIdle's sends split by who wrote the code they run (idle.h). */
#include "idle.h"

#include <math.h>

#include "wb_clock.h"
#include "wb_timed_loop.h"

typedef struct send_arg {
    HWND hwnd;
    int unicode;
} send_arg;

static WB_TIMED_LOOP void send_chunk(const void *arg, uint64_t k)
{
    const send_arg *a = (const send_arg *)arg;
    uint64_t i;
    if (a->unicode)
        for (i = 0; i < k; i++) SendMessageW(a->hwnd, WM_NULL, 0, 0);
    else
        for (i = 0; i < k; i++) SendMessageA(a->hwnd, WM_NULL, 0, 0);
}

typedef struct round_arg {
    send_arg send;
    wb_wndproc_call proc, class_proc;
    wb_floor_chunk proc_chunk, class_chunk;   /* class_chunk NULL: a plain button */
} round_arg;

static uint64_t time_chunk(wb_floor_chunk chunk, const void *arg, uint64_t k)
{
    uint64_t t0;
    if (chunk == NULL) return 0;
    t0 = wb_ticks();
    chunk(arg, k);
    return wb_ticks() - t0;
}

static int one_round(void *arg, uint64_t k, uint64_t *ticks)
{
    round_arg *r = (round_arg *)arg;
    ticks[0] = time_chunk(send_chunk, &r->send, k);
    ticks[1] = time_chunk(r->proc_chunk, &r->proc, k);
    ticks[2] = time_chunk(r->class_chunk, &r->class_proc, k);
    return 0;
}

int idle_send_shares_of(HWND button, int unicode, int mapped, wb_floor_budget b, wb_rounds *r, idle_send_shares *out)
{
    static const int dispatch[] = { 1, -1, 0 }, mfc[] = { 0, 1, -1 }, proc[] = { 0, 1, 0 }, cls[] = { 0, 0, 1 };
    round_arg a;
    const char *how;
    double d, dm, m = 0, mm, c, cm, sum;
    a.send.hwnd = button;
    a.send.unicode = unicode;
    a.proc_chunk = wb_wndproc_chunk(button, WM_NULL, unicode, 0, &a.proc, &how);
    a.class_chunk = mapped ? wb_wndproc_chunk(button, WM_NULL, unicode, 1, &a.class_proc, &how) : NULL;
    if (a.proc_chunk == NULL || (mapped && a.class_chunk == NULL)) return -1;
    if (wb_rounds_run(r, send_chunk, &a.send, one_round, &a, mapped ? 3 : 2, b) != 0) return -1;
    /* a difference whose interval holds zero is zero; one below its interval cannot be split */
    d = wb_part_or_zero(wb_rounds_part_ns(r, dispatch, &dm), dm);
    if (mapped) m = wb_part_or_zero(wb_rounds_part_ns(r, mfc, &mm), mm);
    c = wb_rounds_part_ns(r, mapped ? cls : proc, &cm);
    sum = d + m + c;
    if (!(sum > 0)) return -1;
    out->dispatch = d / sum;
    out->mfc = m / sum;
    out->button = c / sum;
    return 0;
}

/* What one of the idle loop's calls into a window is made of, by who wrote the code (idle.h). */
#include "idle.h"

#include <math.h>

#include "wb_clock.h"
#include "wb_mfc.h"
#include "wb_timed_loop.h"

/* The call as the loop makes it: SendMessage(hwnd, msg, 0, 0), or DispatchMessage of a message
 * the pump took. */
typedef struct call_arg {
    HWND hwnd;
    UINT msg;
    int unicode;
} call_arg;

static WB_TIMED_LOOP void send_chunk(const void *arg, uint64_t k)
{
    const call_arg *a = (const call_arg *)arg;
    uint64_t i;
    if (a->unicode)
        for (i = 0; i < k; i++) SendMessageW(a->hwnd, a->msg, 0, 0);
    else
        for (i = 0; i < k; i++) SendMessageA(a->hwnd, a->msg, 0, 0);
}

static WB_TIMED_LOOP void dispatch_chunk(const void *arg, uint64_t k)
{
    const call_arg *a = (const call_arg *)arg;
    uint64_t i;
    MSG m;
    m.hwnd = a->hwnd, m.message = a->msg, m.wParam = 0, m.lParam = 0, m.time = 0, m.pt.x = m.pt.y = 0;
    if (a->unicode)
        for (i = 0; i < k; i++) DispatchMessageW(&m);
    else
        for (i = 0; i < k; i++) DispatchMessageA(&m);
}

typedef struct round_arg {
    wb_floor_chunk call;
    call_arg call_arg;
    wb_wndproc_call proc, lower;
    wb_floor_chunk proc_chunk, lower_chunk;   /* lower_chunk NULL: a window MFC does not map */
} round_arg;

static int one_round(void *arg, const uint64_t *k, uint64_t *ticks)
{
    round_arg *r = (round_arg *)arg;
    ticks[0] = wb_chunk_ticks(r->call, &r->call_arg, k[0]);
    ticks[1] = wb_chunk_ticks(r->proc_chunk, &r->proc, k[1]);
    ticks[2] = wb_chunk_ticks(r->lower_chunk, &r->lower, k[2]);
    return 0;
}

int idle_shares_of(HWND hwnd, UINT msg, int dispatched, int unicode, wb_floor_budget b, wb_rounds *r,
                   idle_shares *out)
{
    static const int user32[] = { 1, -1, 0 }, mfc[] = { 0, 1, -1 }, proc[] = { 0, 1, 0 }, lower[] = { 0, 0, 1 };
    round_arg a;
    wb_round_sizer sizer, sizers[3];
    const char *how;
    int lower_unicode = 0;
    WNDPROC super = wb_mfc_super(hwnd, &lower_unicode);
    double d, dm, m = 0, mm, c, cm, sum;
    a.call = dispatched ? dispatch_chunk : send_chunk;
    a.call_arg.hwnd = hwnd;
    a.call_arg.msg = msg;
    a.call_arg.unicode = unicode;
    a.proc_chunk = wb_wndproc_chunk(hwnd, msg, unicode, 0, &a.proc, &how);
    a.lower_chunk = super ? wb_proc_chunk(super, hwnd, msg, lower_unicode, &a.lower, &how) : NULL;
    if (a.proc_chunk == NULL) return -1;
    /* one size for the three sides: the procedures are what the call is made of, as costly */
    sizer.chunk = a.call;
    sizer.arg = &a.call_arg;
    sizers[0] = sizers[1] = sizers[2] = sizer;
    if (wb_rounds_run(r, sizers, one_round, &a, super ? 3 : 2, b) != 0) return -1;
    /* a difference whose interval holds zero is zero; one below its interval cannot be split */
    d = wb_part_or_zero(wb_rounds_part_ns(r, user32, &dm), dm);
    if (super) m = wb_part_or_zero(wb_rounds_part_ns(r, mfc, &mm), mm);
    c = wb_rounds_part_ns(r, super ? lower : proc, &cm);
    sum = d + m + c;
    if (!(sum > 0)) return -1;
    out->user32 = d / sum;
    out->mfc = m / sum;
    out->lower = c / sum;
    return 0;
}

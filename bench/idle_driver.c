/* idle's mouse (idle.h): the driver thread that moves the mouse over the target window at
 * --mouse-rate for --duration, on a schedule, then ends the UI thread's loop. */
#include "idle.h"
#include "wb_clock.h"

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

DWORD WINAPI idle_driver_main(void *arg)
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

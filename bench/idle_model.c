/* idle's MFC model (idle.h): CWinThread::Run as MFC's thrdcore.cpp runs it, PumpMessage with
 * PreTranslateMessage, IsIdleMessage, and the OnIdle handlers (CWinApp's, the seed's, the
 * user's), each span timed with QPC reads around it. */
#include "idle.h"
#include "wb_clock.h"

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
void idle_run_loop(idle_state *st)
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

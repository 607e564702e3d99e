/* WSAAsyncSelect: readiness as window messages, what MFC's CAsyncSocket and most GUI programs use.
 * Each socket is registered for FD_READ with a message-only window of the thread that waits; the
 * wait pulls those messages (MsgWaitForMultipleObjects, then PeekMessage: a GetMessage loop with
 * a time-out) and names each socket once per wake.
 *
 * Winsock's re-enabling rule: FD_READ is posted once when data arrives and again after each
 * recv that leaves data behind. So a drain that reads several datagrams leaves notifications
 * behind it that find nothing (WSAEWOULDBLOCK: harmless), and several datagrams arriving between
 * two notifications are read by one drain. Nothing is counted from the messages themselves, so
 * nothing is counted twice.
 *
 * Lost notifications. A thread's queue holds at most 10,000 posted messages (USERPostMessageLimit);
 * past that Winsock's PostMessage fails, the notification is lost, and FD_READ stays disabled
 * until the next recv on that socket (ReactOS's msafd re-enables it there; Windows documents the
 * same rule), a recv that would only follow a notification: the socket would go silent for the
 * rest of the run, its datagrams counted lost. So every SWEEP_MS the sockets no notification
 * named since the last sweep are handed over anyway: a recv that finds nothing costs one call
 * (WSAEWOULDBLOCK); one that finds data was owed a notification, counted as lost (recovered()),
 * and is read again at every wait until a read finds it empty (a drain stops at DRAIN_LIMIT, and
 * Wine, unlike Windows, posts no FD_READ for what a recv leaves behind).
 * WINBENCH_TEST_DROP_NOTIFICATIONS=N throws the first notification and every N-th after it away
 * as it is taken, which is what a full queue does to Winsock's. */
#include <stdlib.h>
#include <string.h>
#include "wb_test_hooks.h"
#include "wb_wait.h"
#include "slots.h"
#include "socket_map.h"

#define WM_WB_SOCKET (WM_APP + 0x57)
#define WINDOW_CLASS "WinbenchAsyncSelect"
#define SWEEP_MS 250   /* a lost notification's data waits this long at most */

struct wb_waiter {
    HWND hwnd;                 /* message-only, owned by the thread that created the waiter */
    wb_slots slots;            /* indexes, lowest free first */
    SOCKET *sockets;           /* by index */
    unsigned char *marked;     /* already named in this wake */
    unsigned char *heard;      /* named by a notification since the last sweep */
    unsigned *sweep;           /* the indexes a sweep hands over */
    unsigned char *owed;       /* a sweep found data: read at every wait until empty */
    unsigned nowed;
    wb_socket_map map;
    DWORD last_sweep;          /* GetTickCount of the last sweep */
    uint64_t lost;             /* sweeps that found data no notification had named */
    unsigned drop_every, taken;   /* the test hook: throw every drop_every-th notification away */
};

static const char *asyncselect_unavailable(void) { return NULL; }

static wb_waiter *asyncselect_create(const wb_wait_params *params, wb_error *err)
{
    WNDCLASSA wc;
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    if (w) {
        w->sockets = (SOCKET *)calloc(params->capacity ? params->capacity : 1, sizeof *w->sockets);
        w->marked = (unsigned char *)calloc(params->capacity ? params->capacity : 1, 1);
        w->heard = (unsigned char *)calloc(params->capacity ? params->capacity : 1, 1);
        w->sweep = (unsigned *)calloc(params->capacity ? params->capacity : 1, sizeof *w->sweep);
        w->owed = (unsigned char *)calloc(params->capacity ? params->capacity : 1, 1);
        w->last_sweep = GetTickCount();
        w->drop_every = (unsigned)wb_test_hook_number(WB_HOOK_DROP_NOTIFICATIONS);
    }
    if (w == NULL || w->sockets == NULL || w->marked == NULL || w->heard == NULL || w->sweep == NULL || w->owed == NULL || wb_socket_map_init(&w->map, params->capacity) != 0 ||
        wb_slots_init(&w->slots, params->capacity) != 0) {
        if (w) wb_socket_map_free(&w->map), free(w->sockets), free(w->marked), free(w->heard), free(w->sweep), free(w->owed), free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    memset(&wc, 0, sizeof wc);
    wc.lpfnWndProc = DefWindowProcA;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.lpszClassName = WINDOW_CLASS;
    if (!RegisterClassA(&wc) && GetLastError() != ERROR_CLASS_ALREADY_EXISTS) {
        wb_error_win32(err, "RegisterClass(" WINDOW_CLASS ")", GetLastError());
        goto fail;
    }
    w->hwnd = CreateWindowExA(0, WINDOW_CLASS, "", 0, 0, 0, 0, 0, HWND_MESSAGE, NULL, GetModuleHandleA(NULL), NULL);
    if (w->hwnd == NULL) {
        wb_error_win32(err, "CreateWindowEx(HWND_MESSAGE)", GetLastError());
        goto fail;
    }
    return w;
fail:
    wb_socket_map_free(&w->map);
    wb_slots_free(&w->slots);
    free(w->sockets), free(w->marked), free(w->heard), free(w->sweep), free(w->owed), free(w);
    return NULL;
}

static int asyncselect_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    int index;
    if (w->slots.n >= w->slots.cap) {
        wb_error_text(err, "asyncselect: more sockets than announced");
        return -1;
    }
    /* FD_CLOSE: a TCP connection the far side closed posts nothing else (UDP never sees it). */
    if (WSAAsyncSelect(s, w->hwnd, WM_WB_SOCKET, FD_READ | FD_CLOSE) == SOCKET_ERROR) {
        wb_error_win32(err, "WSAAsyncSelect", (unsigned long)WSAGetLastError());
        return -1;
    }
    index = wb_slots_take(&w->slots, NULL, NULL);   /* room was checked */
    wb_socket_map_put(&w->map, s, (unsigned)index);
    w->sockets[index] = s;
    return index;
}

/* Notifications of it still queued find it no longer in the map: dropped as they are taken. */
static int asyncselect_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    if (wb_slots_remove(&w->slots, index, &moved, "asyncselect", err) < 0) return -1;
    WSAAsyncSelect(w->sockets[index], w->hwnd, 0, 0);   /* no more messages (it stays non-blocking) */
    wb_socket_map_remove(&w->map, w->sockets[index]);
    w->sockets[index] = INVALID_SOCKET;
    w->marked[index] = 0;
    w->heard[index] = 0;
    if (w->owed[index]) w->owed[index] = 0, w->nowed--;
    return 0;
}

/* Takes the socket notifications that are queued, naming each socket once. */
static unsigned take_queued(wb_waiter *w, unsigned *ready, unsigned max_ready, unsigned found)
{
    MSG msg;
    while (found < max_ready && PeekMessageA(&msg, w->hwnd, WM_WB_SOCKET, WM_WB_SOCKET, PM_REMOVE)) {
        unsigned index;
        if (WSAGETSELECTEVENT(msg.lParam) != FD_READ && WSAGETSELECTEVENT(msg.lParam) != FD_CLOSE) continue;
        /* The hook: as if never posted. The first, then every N-th: the first notification always
         * names data nothing has read, while a later one may name a datagram a drain has already
         * taken, and dropping that silences nothing (in bursts under load, every 10th was such a
         * one in 2 runs of 8, and nothing was counted lost). */
        if (w->drop_every && w->taken++ % w->drop_every == 0) continue;
        /* An error event (WSAGETSELECTERROR) is left for recvfrom to report. */
        if (wb_socket_map_get(&w->map, (SOCKET)msg.wParam, &index)) {
            w->heard[index] = 1;
            if (!w->marked[index]) {
                w->marked[index] = 1;
                ready[found++] = index;
            }
        }
    }
    return found;
}

/* The readable sockets of one wake, at most max_ready. */
static int asyncselect_ready(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
{
    unsigned found = take_queued(w, ready, max_ready, 0), i;
    if (found == 0) {
        DWORD r = MsgWaitForMultipleObjects(0, NULL, FALSE, timeout_ms, QS_POSTMESSAGE);
        if (r == WAIT_FAILED) {
            wb_error_win32(err, "MsgWaitForMultipleObjects", GetLastError());
            return -1;
        }
        found = take_queued(w, ready, max_ready, 0);
    }
    for (i = 0; i < found; i++) w->marked[ready[i]] = 0;
    return (int)found;
}

/* Hands over the sockets listed in w->sweep[0..n-1] that are still in (the handler may have
 * removed one on the way); with `sweeping`, one whose read finds something was owed a
 * notification: counted, and owed until a read finds it empty. */
static int hand_over(wb_waiter *w, unsigned n, int sweeping, const wb_wait_handler *h, wb_error *err)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        unsigned index = w->sweep[i];
        int found;
        if (w->slots.place[index] == WB_SLOT_FREE) continue;
        found = h->readable(h->ctx, index, err);
        if (found < 0) return -1;
        if (sweeping && found > 0) w->lost++;
        if (found > 0 && !w->owed[index]) w->owed[index] = 1, w->nowed++;
        else if (found == 0 && w->owed[index]) w->owed[index] = 0, w->nowed--;
    }
    return 0;
}

/* The sockets no notification named since the last sweep (every SWEEP_MS), and at every wait
 * the ones a sweep found owed, handed over as if a notification had named them. */
static int sweep(wb_waiter *w, const wb_wait_handler *h, wb_error *err)
{
    unsigned i, n = 0;
    int sweeping = GetTickCount() - w->last_sweep >= SWEEP_MS;
    if (!sweeping && w->nowed == 0) return 0;
    for (i = 0; i < w->slots.n; i++) {
        unsigned index = w->slots.index[i];
        if (sweeping ? !w->heard[index] && !w->owed[index] : w->owed[index]) w->sweep[n++] = index;
        if (sweeping) w->heard[index] = 0;
    }
    if (sweeping) w->last_sweep = GetTickCount();
    return hand_over(w, n, sweeping, h, err);
}

static int asyncselect_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    unsigned ready[WB_WAIT_MAX_READY];
    int n = wb_wait_deliver_ready(h, ready, asyncselect_ready(w, timeout_ms, ready, WB_WAIT_MAX_READY, err),
                                  &w->slots, err);
    if (n >= 0 && sweep(w, h, err) != 0) return -1;
    return n;
}

static uint64_t asyncselect_recovered(const wb_waiter *w)
{
    return w->lost;
}

static void asyncselect_destroy(wb_waiter *w)
{
    unsigned i;
    MSG msg;
    if (w == NULL) return;
    for (i = 0; i < w->slots.n; i++) WSAAsyncSelect(w->sockets[w->slots.index[i]], w->hwnd, 0, 0);
    while (PeekMessageA(&msg, w->hwnd, WM_WB_SOCKET, WM_WB_SOCKET, PM_REMOVE))
        ;   /* notifications still queued would reach a window that is gone */
    DestroyWindow(w->hwnd);
    wb_socket_map_free(&w->map);
    wb_slots_free(&w->slots);
    free(w->sockets);
    free(w->marked);
    free(w->heard);
    free(w->sweep);
    free(w->owed);
    free(w);
}

const wb_wait_backend wb_wait_asyncselect = {
    .name = "asyncselect",
    .max_sockets = 0,
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = asyncselect_unavailable,
    .create = asyncselect_create,
    .add = asyncselect_add,
    .remove = asyncselect_remove,
    .wait = asyncselect_wait,
    .recovered = asyncselect_recovered,
    .destroy = asyncselect_destroy,
};

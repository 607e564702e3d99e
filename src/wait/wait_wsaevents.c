/* WSAEventSelect + WSAWaitForMultipleEvents: one event per socket, at most 64 in one wait
 * (WSA_MAXIMUM_WAIT_EVENTS). winbench refuses more rather than adding helper threads: a thread
 * per 64 sockets would measure thread hand-offs, not the wait. FD_READ is level-triggered and
 * re-armed by recvfrom; WSAEnumNetworkEvents resets the event. */
#include <stdlib.h>
#include "wb_wait.h"
#include "slots.h"

struct wb_waiter {
    wb_slots slots;     /* sockets[place] and events[place] are index slots.index[place]'s */
    SOCKET sockets[WSA_MAXIMUM_WAIT_EVENTS];
    WSAEVENT events[WSA_MAXIMUM_WAIT_EVENTS];   /* dense: the wait is given slots.n of them */
};

static const char *wsaevents_unavailable(void) { return NULL; }

static wb_waiter *wsaevents_create(const wb_wait_params *params, wb_error *err)
{
    const unsigned capacity = params->capacity;
    wb_waiter *w;
    if (capacity > WSA_MAXIMUM_WAIT_EVENTS) {
        wb_error_text(err, "wsaevents: %u sockets, but WSAWaitForMultipleEvents waits on at most %d",
                      capacity, WSA_MAXIMUM_WAIT_EVENTS);
        return NULL;
    }
    w = (wb_waiter *)calloc(1, sizeof *w);
    if (w == NULL || wb_slots_init(&w->slots, capacity) != 0) {
        free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    return w;
}

static int wsaevents_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    WSAEVENT ev;
    int index;
    if (w->slots.n >= w->slots.cap) {
        wb_error_text(err, "wsaevents: more than %u sockets", w->slots.cap);
        return -1;
    }
    ev = WSACreateEvent();
    if (ev == WSA_INVALID_EVENT) {
        wb_error_win32(err, "WSACreateEvent", (unsigned long)WSAGetLastError());
        return -1;
    }
    /* FD_CLOSE: a TCP connection the far side closed signals nothing else (UDP never sees it). */
    if (WSAEventSelect(s, ev, FD_READ | FD_CLOSE) == SOCKET_ERROR) {
        wb_error_win32(err, "WSAEventSelect", (unsigned long)WSAGetLastError());
        WSACloseEvent(ev);
        return -1;
    }
    index = wb_slots_take(&w->slots, NULL, NULL);   /* room was checked */
    w->sockets[w->slots.n - 1] = s;
    w->events[w->slots.n - 1] = ev;
    return index;
}

static int wsaevents_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    int at = wb_slots_remove(&w->slots, index, &moved, "wsaevents", err);
    if (at < 0) return -1;
    WSAEventSelect(w->sockets[at], NULL, 0);   /* the socket stays non-blocking */
    WSACloseEvent(w->events[at]);
    w->sockets[at] = w->sockets[moved];
    w->events[at] = w->events[moved];
    return 0;
}

/* The readable sockets of one wake, at most max_ready. */
static int wsaevents_ready(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
{
    WSANETWORKEVENTS ne;
    const unsigned n = w->slots.n;
    DWORD r;
    unsigned i, found = 0;
    if (n == 0) {   /* WSAWaitForMultipleEvents refuses none: the time-out passes */
        Sleep(timeout_ms);
        return 0;
    }
    r = WSAWaitForMultipleEvents(n, w->events, FALSE, timeout_ms, FALSE);
    if (r == WSA_WAIT_TIMEOUT) return 0;
    if (r == WSA_WAIT_FAILED) {
        wb_error_win32(err, "WSAWaitForMultipleEvents", (unsigned long)WSAGetLastError());
        return -1;
    }
    /* The API reports only the lowest signalled index. As its documentation advises, the events
     * after it are checked with a zero timeout, so that the higher ones are served in this wake
     * too instead of paying a wait each (or starving behind a busy low one). */
    for (i = r - WSA_WAIT_EVENT_0; i < n && found < max_ready;) {
        if (WSAEnumNetworkEvents(w->sockets[i], w->events[i], &ne) == SOCKET_ERROR) {
            wb_error_win32(err, "WSAEnumNetworkEvents", (unsigned long)WSAGetLastError());
            return -1;
        }
        ready[found++] = w->slots.index[i++];
        if (i >= n) break;
        r = WSAWaitForMultipleEvents(n - i, w->events + i, FALSE, 0, FALSE);
        if (r == WSA_WAIT_TIMEOUT) break;
        if (r == WSA_WAIT_FAILED) {
            wb_error_win32(err, "WSAWaitForMultipleEvents", (unsigned long)WSAGetLastError());
            return -1;
        }
        i += r - WSA_WAIT_EVENT_0;
    }
    return (int)found;
}

static int wsaevents_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    unsigned ready[WB_WAIT_MAX_READY];
    return wb_wait_deliver_ready(h, ready, wsaevents_ready(w, timeout_ms, ready, WB_WAIT_MAX_READY, err), &w->slots,
                                 err);
}

static void wsaevents_destroy(wb_waiter *w)
{
    unsigned i;
    if (w == NULL) return;
    for (i = 0; i < w->slots.n; i++) {
        WSAEventSelect(w->sockets[i], NULL, 0);
        WSACloseEvent(w->events[i]);
    }
    wb_slots_free(&w->slots);
    free(w);
}

const wb_wait_backend wb_wait_wsaevents = {
    .name = "wsaevents",
    .max_sockets = WSA_MAXIMUM_WAIT_EVENTS,
    .limit_reason = "WSA_MAXIMUM_WAIT_EVENTS",
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = wsaevents_unavailable,
    .create = wsaevents_create,
    .add = wsaevents_add,
    .remove = wsaevents_remove,
    .wait = wsaevents_wait,
    .destroy = wsaevents_destroy,
};

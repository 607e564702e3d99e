/* WSAEventSelect + WSAWaitForMultipleEvents: one event per socket, at most 64 in one wait
 * (WSA_MAXIMUM_WAIT_EVENTS). winbench refuses more rather than adding helper threads: a thread
 * per 64 sockets would measure thread hand-offs, not the wait. FD_READ is level-triggered and
 * re-armed by recvfrom; WSAEnumNetworkEvents resets the event. */
#include <stdlib.h>
#include "wb_wait.h"

struct wb_waiter {
    unsigned n;
    SOCKET sockets[WSA_MAXIMUM_WAIT_EVENTS];
    WSAEVENT events[WSA_MAXIMUM_WAIT_EVENTS];
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
    if (w == NULL) wb_error_text(err, "out of memory");
    return w;
}

static int wsaevents_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    WSAEVENT ev;
    if (w->n >= WSA_MAXIMUM_WAIT_EVENTS) {
        wb_error_text(err, "wsaevents: more than %d sockets", WSA_MAXIMUM_WAIT_EVENTS);
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
    w->sockets[w->n] = s;
    w->events[w->n] = ev;
    w->n++;
    return 0;
}

/* The readable sockets of one wake, at most max_ready. */
static int wsaevents_ready(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
{
    WSANETWORKEVENTS ne;
    DWORD r = WSAWaitForMultipleEvents(w->n, w->events, FALSE, timeout_ms, FALSE);
    unsigned i, found = 0;
    if (r == WSA_WAIT_TIMEOUT) return 0;
    if (r == WSA_WAIT_FAILED) {
        wb_error_win32(err, "WSAWaitForMultipleEvents", (unsigned long)WSAGetLastError());
        return -1;
    }
    /* The API reports only the lowest signalled index. As its documentation advises, the events
     * after it are checked with a zero timeout, so that the higher ones are served in this wake
     * too instead of paying a wait each (or starving behind a busy low one). */
    for (i = r - WSA_WAIT_EVENT_0; i < w->n && found < max_ready;) {
        if (WSAEnumNetworkEvents(w->sockets[i], w->events[i], &ne) == SOCKET_ERROR) {
            wb_error_win32(err, "WSAEnumNetworkEvents", (unsigned long)WSAGetLastError());
            return -1;
        }
        ready[found++] = i++;
        if (i >= w->n) break;
        r = WSAWaitForMultipleEvents(w->n - i, w->events + i, FALSE, 0, FALSE);
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
    return wb_wait_deliver_ready(h, ready, wsaevents_ready(w, timeout_ms, ready, WB_WAIT_MAX_READY, err), err);
}

static void wsaevents_destroy(wb_waiter *w)
{
    unsigned i;
    if (w == NULL) return;
    for (i = 0; i < w->n; i++) {
        WSAEventSelect(w->sockets[i], NULL, 0);
        WSACloseEvent(w->events[i]);
    }
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
    .wait = wsaevents_wait,
    .destroy = wsaevents_destroy,
};

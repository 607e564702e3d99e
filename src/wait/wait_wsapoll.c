/* WSAPoll (Vista and later): looked up at run time, with our own WSAPOLLFD where the headers
 * hide it below _WIN32_WINNT 0x0600 (as nginx does). Only POLLRDNORM is asked for: Windows 7
 * answers WSAEINVAL when `events` holds other bits (rabbitmq-c #257), which Wine does not check. */
#include <stdlib.h>
#include "wb_wait.h"
#include "slots.h"
#include "win/winapi.h"

#ifndef POLLRDNORM
typedef struct pollfd {
    SOCKET fd;
    SHORT events;
    SHORT revents;
} WSAPOLLFD;
#define POLLRDNORM 0x0100
#define POLLERR 0x0001
#define POLLHUP 0x0002
#define POLLNVAL 0x0004
#endif

/* WINAPI: the SDK defines WSAAPI as the same __stdcall, Wine's MSVC-style headers not at all */
typedef int (WINAPI *wsapoll_fn)(WSAPOLLFD *fds, ULONG n, INT timeout);

struct wb_waiter {
    wb_slots slots;     /* fds[place] is index slots.index[place]'s */
    WSAPOLLFD *fds;     /* dense: WSAPoll is given slots.n of them */
};

/* From the run-time import table (which remembers it; WINBENCH_HIDE_IMPORTS=WSAPoll or
 * WINBENCH_HIDE_VISTA=1 make it absent, as on XP). */
static wsapoll_fn resolve(void)
{
    return (wsapoll_fn)(void (*)(void))wb_winapi_get(WB_API_WSAPoll);
}

static const char *wsapoll_unavailable(void)
{
    return resolve() ? NULL : "WSAPoll is not available on this Windows (it arrived with Vista)";
}

static wb_waiter *wsapoll_create(const wb_wait_params *params, wb_error *err)
{
    const unsigned capacity = params->capacity;
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    if (resolve() == NULL) {
        free(w);
        wb_error_text(err, "%s", wsapoll_unavailable());
        return NULL;
    }
    if (w) w->fds = (WSAPOLLFD *)calloc(capacity ? capacity : 1, sizeof *w->fds);
    if (w == NULL || w->fds == NULL || wb_slots_init(&w->slots, capacity) != 0) {
        if (w) free(w->fds), free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    return w;
}

static int wsapoll_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    int index = wb_slots_take(&w->slots, NULL, NULL);
    WSAPOLLFD *fd;
    if (index < 0) {
        wb_error_text(err, "wsapoll: more sockets than announced");
        return -1;
    }
    fd = &w->fds[w->slots.n - 1];
    fd->fd = s;
    fd->events = POLLRDNORM;
    fd->revents = 0;
    return index;
}

static int wsapoll_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    int at = wb_slots_remove(&w->slots, index, &moved, "wsapoll", err);
    if (at < 0) return -1;
    w->fds[at] = w->fds[moved];
    return 0;
}

/* The readable sockets of one wake, at most max_ready. */
static int wsapoll_ready(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
{
    unsigned i, found = 0;
    int n = resolve()(w->fds, w->slots.n, (INT)timeout_ms);
    if (n == SOCKET_ERROR) {
        wb_error_win32(err, "WSAPoll", (unsigned long)WSAGetLastError());
        return -1;
    }
    /* Errors count as readable: recvfrom then says what happened (e.g. WSAECONNRESET). */
    for (i = 0; i < w->slots.n && found < max_ready && n > 0; i++)
        if (w->fds[i].revents & (POLLRDNORM | POLLERR | POLLHUP | POLLNVAL)) ready[found++] = w->slots.index[i];
    return (int)found;
}

static int wsapoll_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    unsigned ready[WB_WAIT_MAX_READY];
    return wb_wait_deliver_ready(h, ready, wsapoll_ready(w, timeout_ms, ready, WB_WAIT_MAX_READY, err), &w->slots,
                                 err);
}

static void wsapoll_destroy(wb_waiter *w)
{
    if (w == NULL) return;
    wb_slots_free(&w->slots);
    free(w->fds);
    free(w);
}

const wb_wait_backend wb_wait_wsapoll = {
    .name = "wsapoll",
    .max_sockets = 0,
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = wsapoll_unavailable,
    .create = wsapoll_create,
    .add = wsapoll_add,
    .remove = wsapoll_remove,
    .wait = wsapoll_wait,
    .destroy = wsapoll_destroy,
};

/* select(): the set is rebuilt for every call (select overwrites it). FD_SETSIZE is raised for
 * the whole build (CMakeLists.txt), since Windows' default of 64 silently drops sockets. */
#include <stdlib.h>
#include <string.h>
#include "wb_wait.h"
#include "socket_map.h"

struct wb_waiter {
    unsigned n, cap;
    SOCKET *sockets;
    fd_set set;            /* scratch: FD_SETSIZE sockets, too large for the stack of a test */
    wb_socket_map map;     /* select's answer maps back in O(ready), not O(ready x sockets) */
};

static const char *select_unavailable(void) { return NULL; }

static wb_waiter *select_create(const wb_wait_params *params, wb_error *err)
{
    const unsigned capacity = params->capacity;
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    if (w) w->sockets = (SOCKET *)calloc(capacity ? capacity : 1, sizeof *w->sockets);
    if (w == NULL || w->sockets == NULL || wb_socket_map_init(&w->map, capacity) != 0) {
        if (w) free(w->sockets), free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    w->cap = capacity;
    return w;
}

static int select_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    if (w->n >= w->cap || w->n >= FD_SETSIZE) {
        wb_error_text(err, "select: more than %u sockets (FD_SETSIZE)", (unsigned)FD_SETSIZE);
        return -1;
    }
    wb_socket_map_put(&w->map, s, w->n);
    w->sockets[w->n++] = s;
    return 0;
}

/* The readable sockets of one wake, at most max_ready. */
static int select_ready(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
{
    struct timeval tv;
    unsigned i, found = 0;
    int n;
    /* Windows' fd_set is a counted array: fill it directly, without FD_SET's duplicate scan. */
    w->set.fd_count = w->n;
    memcpy(w->set.fd_array, w->sockets, w->n * sizeof(SOCKET));
    tv.tv_sec = (long)(timeout_ms / 1000);
    tv.tv_usec = (long)(timeout_ms % 1000) * 1000;
    n = select(0, &w->set, NULL, NULL, &tv);   /* nfds is ignored on Windows */
    if (n == SOCKET_ERROR) {
        wb_error_win32(err, "select", (unsigned long)WSAGetLastError());
        return -1;
    }
    /* select leaves only the readable sockets in the array; each maps back to its index
     * through the table. */
    for (i = 0; i < w->set.fd_count && found < max_ready; i++)
        if (wb_socket_map_get(&w->map, w->set.fd_array[i], &ready[found])) found++;
    return (int)found;
}

static int select_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    unsigned ready[WB_WAIT_MAX_READY];
    return wb_wait_deliver_ready(h, ready, select_ready(w, timeout_ms, ready, WB_WAIT_MAX_READY, err), err);
}

static void select_destroy(wb_waiter *w)
{
    if (w == NULL) return;
    free(w->sockets);
    wb_socket_map_free(&w->map);
    free(w);
}

const wb_wait_backend wb_wait_select = {
    .name = "select",
    .max_sockets = FD_SETSIZE,
    .limit_reason = "FD_SETSIZE of this build",
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = select_unavailable,
    .create = select_create,
    .add = select_add,
    .wait = select_wait,
    .destroy = select_destroy,
};

/* select(): the sets are rebuilt for every call (select overwrites them). FD_SETSIZE is raised
 * for the whole build (CMakeLists.txt), since Windows' default of 64 silently drops sockets.
 * The one backend that also waits for room to send (watch: the TCP reflector's). */
#include <stdlib.h>
#include <string.h>
#include "wb_wait.h"
#include "slots.h"
#include "socket_map.h"

struct wb_waiter {
    wb_slots slots;            /* indexes, lowest free first */
    SOCKET *sockets;           /* by index; INVALID_SOCKET when free */
    unsigned char *watching;   /* by index: WB_WAIT_READ | WB_WAIT_WRITE */
    fd_set readable, writable; /* scratch: FD_SETSIZE sockets each, too large for the stack of a test */
    wb_socket_map map;         /* select's answer maps back in O(ready), not O(ready x sockets) */
};

static const char *select_unavailable(void) { return NULL; }

static void select_destroy(wb_waiter *w)
{
    if (w == NULL) return;
    free(w->sockets);
    free(w->watching);
    wb_slots_free(&w->slots);
    wb_socket_map_free(&w->map);
    free(w);
}

static wb_waiter *select_create(const wb_wait_params *params, wb_error *err)
{
    const unsigned capacity = params->capacity < FD_SETSIZE ? params->capacity : FD_SETSIZE;
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    unsigned i;
    if (w == NULL || wb_slots_init(&w->slots, capacity) != 0 || wb_socket_map_init(&w->map, capacity) != 0 ||
        (w->sockets = (SOCKET *)malloc((capacity ? capacity : 1) * sizeof *w->sockets)) == NULL ||
        (w->watching = (unsigned char *)calloc(capacity ? capacity : 1, 1)) == NULL) {
        select_destroy(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    for (i = 0; i < capacity; i++) w->sockets[i] = INVALID_SOCKET;
    return w;
}

static int select_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    int index = wb_slots_take(&w->slots, NULL, NULL);
    if (index < 0) {
        wb_error_text(err, "select: more than %u sockets (%s)", w->slots.cap,
                      w->slots.cap == FD_SETSIZE ? "FD_SETSIZE" : "more than announced");
        return -1;
    }
    wb_socket_map_put(&w->map, s, (unsigned)index);
    w->sockets[index] = s;
    w->watching[index] = WB_WAIT_READ;
    return index;
}

static int select_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    if (wb_slots_remove(&w->slots, index, &moved, "select", err) < 0) return -1;
    wb_socket_map_remove(&w->map, w->sockets[index]);
    w->sockets[index] = INVALID_SOCKET;   /* a readiness of this wake still to be handed is dropped */
    w->watching[index] = 0;
    return 0;
}

static int select_watch(wb_waiter *w, unsigned index, unsigned events, wb_error *err)
{
    if (index >= w->slots.cap || w->sockets[index] == INVALID_SOCKET) {
        wb_error_text(err, "select: no socket %u to watch", index);
        return -1;
    }
    w->watching[index] = (unsigned char)(events & (WB_WAIT_READ | WB_WAIT_WRITE));
    return 0;
}

/* The sets of what is watched; 0 when nothing is (select refuses empty sets: WSAEINVAL). */
static int fill_sets(wb_waiter *w)
{
    unsigned k;
    /* Windows' fd_set is a counted array: filled directly, without FD_SET's duplicate scan. */
    w->readable.fd_count = w->writable.fd_count = 0;
    for (k = 0; k < w->slots.n; k++) {
        unsigned i = w->slots.index[k];
        if (w->watching[i] & WB_WAIT_READ) w->readable.fd_array[w->readable.fd_count++] = w->sockets[i];
        if (w->watching[i] & WB_WAIT_WRITE) w->writable.fd_array[w->writable.fd_count++] = w->sockets[i];
    }
    return w->readable.fd_count + w->writable.fd_count > 0;
}

/* Hands over what select left in one set, at most WB_WAIT_MAX_READY (the rest are ready again
 * at the next wait): each socket mapped back to its index, unless a handler removed it in this
 * wake. Returns how many, or -1. */
static int hand_over(wb_waiter *w, const fd_set *set, int (*fn)(void *, unsigned, wb_error *), void *ctx,
                     wb_error *err)
{
    unsigned i, index;
    int n = 0;
    for (i = 0; i < set->fd_count && n < WB_WAIT_MAX_READY; i++)
        if (wb_socket_map_get(&w->map, set->fd_array[i], &index)) {
            if (fn(ctx, index, err) < 0) return -1;
            n++;
        }
    return n;
}

static int select_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    struct timeval tv;
    int n, wrote, read;
    if (!fill_sets(w)) {   /* nothing watched: the time-out passes as select would pass it */
        Sleep(timeout_ms);
        return 0;
    }
    tv.tv_sec = (long)(timeout_ms / 1000);
    tv.tv_usec = (long)(timeout_ms % 1000) * 1000;
    n = select(0, w->readable.fd_count ? &w->readable : NULL, w->writable.fd_count ? &w->writable : NULL, NULL,
               &tv);   /* nfds is ignored on Windows */
    if (n == SOCKET_ERROR) {
        wb_error_win32(err, "select", (unsigned long)WSAGetLastError());
        return -1;
    }
    if (n == 0) return 0;
    /* Room to send first: an echo that waited goes out, and what it held back may be read. */
    wrote = w->writable.fd_count && h->writable ? hand_over(w, &w->writable, h->writable, h->ctx, err) : 0;
    if (wrote < 0) return -1;
    read = w->readable.fd_count ? hand_over(w, &w->readable, h->readable, h->ctx, err) : 0;
    return read < 0 ? -1 : wrote + read;
}

const wb_wait_backend wb_wait_select = {
    .name = "select",
    .max_sockets = FD_SETSIZE,
    .limit_reason = "FD_SETSIZE of this build",
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = select_unavailable,
    .create = select_create,
    .add = select_add,
    .remove = select_remove,
    .watch = select_watch,
    .wait = select_wait,
    .destroy = select_destroy,
};

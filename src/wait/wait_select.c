/* select(): the set is rebuilt for every call (select overwrites it). FD_SETSIZE is raised for
 * the whole build (CMakeLists.txt), since Windows' default of 64 silently drops sockets. */
#include <stdlib.h>
#include <string.h>
#include "wb_wait.h"

struct wb_waiter {
    unsigned n, cap;
    SOCKET *sockets;
    fd_set set;            /* scratch: FD_SETSIZE sockets, too large for the stack of a test */
    /* SOCKET -> index, open addressing (a power of two at least twice the sockets): select's
     * answer maps back in O(ready), not O(ready x sockets). */
    unsigned slots;
    SOCKET *keys;
    unsigned *values;
};

static unsigned slot_of(const wb_waiter *w, SOCKET s)
{
    /* SOCKET values are multiples of 4 on Windows: drop those bits, then Knuth's multiplier. */
    return (unsigned)(((UINT_PTR)s >> 2) * 2654435761u) & (w->slots - 1);
}

static const char *select_unavailable(void) { return NULL; }

static wb_waiter *select_create(unsigned capacity, wb_error *err)
{
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    unsigned i;
    if (w) {
        w->sockets = (SOCKET *)calloc(capacity ? capacity : 1, sizeof *w->sockets);
        for (w->slots = 4; w->slots < 2 * capacity; w->slots *= 2)
            ;
        w->keys = (SOCKET *)malloc(w->slots * sizeof *w->keys);
        w->values = (unsigned *)malloc(w->slots * sizeof *w->values);
    }
    if (w == NULL || w->sockets == NULL || w->keys == NULL || w->values == NULL) {
        if (w) free(w->sockets), free(w->keys), free(w->values), free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    for (i = 0; i < w->slots; i++) w->keys[i] = INVALID_SOCKET;
    w->cap = capacity;
    return w;
}

static int select_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    if (w->n >= w->cap || w->n >= FD_SETSIZE) {
        wb_error_text(err, "select: more than %u sockets (FD_SETSIZE)", (unsigned)FD_SETSIZE);
        return -1;
    }
    {
        unsigned k = slot_of(w, s);
        while (w->keys[k] != INVALID_SOCKET) k = (k + 1) & (w->slots - 1);
        w->keys[k] = s;
        w->values[k] = w->n;
    }
    w->sockets[w->n++] = s;
    return 0;
}

static int select_wait(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err)
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
    for (i = 0; i < w->set.fd_count && found < max_ready; i++) {
        unsigned k = slot_of(w, w->set.fd_array[i]);
        while (w->keys[k] != w->set.fd_array[i] && w->keys[k] != INVALID_SOCKET) k = (k + 1) & (w->slots - 1);
        if (w->keys[k] == w->set.fd_array[i]) ready[found++] = w->values[k];
    }
    return (int)found;
}

static void select_destroy(wb_waiter *w)
{
    if (w == NULL) return;
    free(w->sockets);
    free(w->keys);
    free(w->values);
    free(w);
}

const wb_wait_backend wb_wait_select = {
    .name = "select",
    .max_sockets = FD_SETSIZE,
    .limit_reason = "FD_SETSIZE of this build",
    .unavailable = select_unavailable,
    .create = select_create,
    .add = select_add,
    .wait = select_wait,
    .destroy = select_destroy,
};

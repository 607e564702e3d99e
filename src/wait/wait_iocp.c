/* Overlapped WSARecvFrom on an I/O completion port: what servers use, and libuv and ctsTraffic
 * on Windows. Every socket is associated with one port (its index as the completion key) and
 * keeps `outstanding` receives posted, each re-posted when its completion has been handed over.
 * The receive is done by the kernel: the waiter hands over datagrams, not readiness, and stamps
 * each when its completion is dequeued.
 *   iocp:   GetQueuedCompletionStatus (XP), one completion per call; after the first, the ones
 *           already queued are taken with a zero time-out (at most 256 per wake).
 *   iocpex: GetQueuedCompletionStatusEx (Vista+, resolved at run time), up to 64 per call. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "wb_wait.h"
#include "wb_clock.h"
#include "port_drain.h"
#include "slots.h"
#include "win/winapi.h"

#define BATCH 64          /* GetQueuedCompletionStatusEx entries per call */
#define WAKE_LIMIT 256    /* completions handed over per wait, as the readiness drains */


typedef struct recv_op {
    OVERLAPPED ov;              /* first: the OVERLAPPED * a completion gives back is the op */
    WSABUF buf;
    struct sockaddr_in from;
    int fromlen;
    DWORD flags;
    unsigned index;
    int posted;
} recv_op;

struct wb_waiter {
    HANDLE port;
    int ex;                     /* iocpex */
    unsigned cap, outstanding, size;
    wb_slots slots;             /* indexes in use; one removed is given again once its receives are back */
    SOCKET *sockets;            /* by index */
    unsigned *posted;           /* by index: its receives not yet completed */
    recv_op *ops;               /* cap x outstanding */
    char *data;                 /* their buffers */
    unsigned pending;           /* receives posted and not yet completed, in all */
};

static const char *iocp_unavailable(void) { return NULL; }

static const char *iocpex_unavailable(void)
{
    return WB_API(GetQueuedCompletionStatusEx) ? NULL
                                               : "GetQueuedCompletionStatusEx is not available on this Windows "
                                                 "(it arrived with Vista)";
}

static wb_waiter *create(const wb_wait_params *params, int ex, wb_error *err)
{
    wb_waiter *w = (wb_waiter *)calloc(1, sizeof *w);
    unsigned outstanding = params->outstanding ? params->outstanding : 4;
    size_t nops = (size_t)(params->capacity ? params->capacity : 1) * outstanding;
    if (w == NULL) {
        wb_error_text(err, "out of memory");
        return NULL;
    }
    w->ex = ex;
    w->cap = params->capacity;
    w->outstanding = outstanding;
    w->size = params->datagram_size ? params->datagram_size : 65536;
    w->sockets = (SOCKET *)calloc(w->cap ? w->cap : 1, sizeof *w->sockets);
    w->posted = (unsigned *)calloc(w->cap ? w->cap : 1, sizeof *w->posted);
    w->ops = (recv_op *)calloc(nops, sizeof *w->ops);
    w->data = (char *)malloc(nops * w->size);
    if (w->sockets == NULL || w->posted == NULL || w->ops == NULL || w->data == NULL ||
        wb_slots_init(&w->slots, w->cap) != 0) {
        wb_error_text(err, "out of memory (%lu receive buffers of %u bytes)", (unsigned long)nops, w->size);
        goto fail;
    }
    w->port = CreateIoCompletionPort(INVALID_HANDLE_VALUE, NULL, 0, 1);
    if (w->port == NULL) {
        wb_error_win32(err, "CreateIoCompletionPort", GetLastError());
        goto fail;
    }
    return w;
fail:
    wb_slots_free(&w->slots);
    free(w->sockets), free(w->posted), free(w->ops), free(w->data), free(w);
    return NULL;
}

static wb_waiter *iocp_create(const wb_wait_params *params, wb_error *err) { return create(params, 0, err); }
static wb_waiter *iocpex_create(const wb_wait_params *params, wb_error *err) { return create(params, 1, err); }

/* Posts one receive. A receive that completes at once still queues its completion. */
static int post(wb_waiter *w, recv_op *op, wb_error *err)
{
    DWORD bytes = 0;
    memset(&op->ov, 0, sizeof op->ov);
    op->fromlen = (int)sizeof op->from;
    op->flags = 0;
    if (WSARecvFrom(w->sockets[op->index], &op->buf, 1, &bytes, &op->flags, (struct sockaddr *)&op->from,
                    &op->fromlen, &op->ov, NULL) == SOCKET_ERROR) {
        int code = WSAGetLastError();
        if (code != WSA_IO_PENDING) {
            wb_error_win32(err, "WSARecvFrom", (unsigned long)code);
            return -1;
        }
    }
    op->posted = 1;
    w->posted[op->index]++;
    w->pending++;
    return 0;
}

/* An index whose receives (of a socket removed) are all back: its buffers are free. */
static int quiet(const void *ctx, unsigned index)
{
    return ((const wb_waiter *)ctx)->posted[index] == 0;
}

static int iocp_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    unsigned k;
    int index;
    if (w->slots.n >= w->cap || (index = wb_slots_take(&w->slots, quiet, w)) < 0) {
        wb_error_text(err, "iocp: more sockets than announced");
        return -1;
    }
    /* The key is not read: every receive names its socket's index. */
    if (CreateIoCompletionPort((HANDLE)s, w->port, (ULONG_PTR)index, 0) == NULL) {
        unsigned moved;
        wb_error_win32(err, "CreateIoCompletionPort(socket)", GetLastError());
        wb_slots_drop(&w->slots, (unsigned)index, &moved);
        return -1;
    }
    w->sockets[index] = s;
    for (k = 0; k < w->outstanding; k++) {
        size_t at = (size_t)index * w->outstanding + k;
        recv_op *op = &w->ops[at];
        op->index = (unsigned)index;
        op->buf.buf = w->data + at * w->size;
        op->buf.len = w->size;
        if (post(w, op, err) != 0) return -1;
    }
    return index;
}

/* Its receives are cancelled (XP's CancelIo cancels the calling thread's: the one that posted
 * them); their completions come back through the port and are dropped, and the index is given
 * again only when all have (their buffers are the kernel's until then). A socket cannot leave
 * a completion port: it is the caller's to close. */
static int iocp_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    if (wb_slots_remove(&w->slots, index, &moved, "iocp", err) < 0) return -1;
    if (w->posted[index]) CancelIo((HANDLE)w->sockets[index]);
    return 0;
}

/* One completion: hand the datagram over (or its failure, as a negative Winsock error), then
 * post the receive again. */
static int complete(wb_waiter *w, recv_op *op, DWORD bytes, int ok, uint64_t t, const wb_wait_handler *h,
                    wb_error *err)
{
    const unsigned index = op->index;
    int len = (int)bytes, rc;
    op->posted = 0;
    w->pending--;
    if (w->slots.place[index] == WB_SLOT_FREE) {   /* removed: cancelled, or it came first */
        w->posted[index]--;
        return 0;
    }
    if (!ok) {
        /* Ask the socket how it ended (Wine's entries do not always carry the status where
         * Windows puts it): done after all, or the error (WSAEMSGSIZE: too large;
         * WSAECONNRESET: port unreachable). */
        DWORD got = 0, flags = 0;
        if (WSAGetOverlappedResult(w->sockets[index], &op->ov, &got, FALSE, &flags)) len = (int)got;
        else len = -WSAGetLastError();
    }
    rc = h->received(h->ctx, index, op->buf.buf, len, &op->from, op->fromlen, t, err);
    w->posted[index]--;   /* only now: the handler read the buffer, which no new socket may take before */
    if (rc < 0) return -1;
    /* 1: that socket is finished (a TCP connection closed): posted again, it would complete at
     * once, forever; and one the handler removed is posted no more */
    if (rc == 1 || w->slots.place[index] == WB_SLOT_FREE) return 0;
    return post(w, op, err);
}

static int iocp_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    int handed = 0;
    while (handed < WAKE_LIMIT) {
        DWORD bytes = 0;
        ULONG_PTR key = 0;
        OVERLAPPED *ov = NULL;
        BOOL ok = GetQueuedCompletionStatus(w->port, &bytes, &key, &ov, handed ? 0 : timeout_ms);
        uint64_t t = wb_ticks();
        if (ov == NULL) {
            if (!ok && GetLastError() != WAIT_TIMEOUT) {
                wb_error_win32(err, "GetQueuedCompletionStatus", GetLastError());
                return -1;
            }
            break;   /* nothing (more) queued */
        }
        if (complete(w, (recv_op *)ov, bytes, ok, t, h, err) != 0) return -1;
        handed++;
    }
    return handed;
}

static int iocpex_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    wb_fn_GetQueuedCompletionStatusEx dequeue = WB_API(GetQueuedCompletionStatusEx);
    overlapped_entry entries[BATCH];
    ULONG removed = 0, i;
    uint64_t t;
    if (dequeue == NULL) {
        wb_error_text(err, "%s", iocpex_unavailable());
        return -1;
    }
    if (!dequeue(w->port, entries, BATCH, &removed, timeout_ms, FALSE)) {
        if (GetLastError() == WAIT_TIMEOUT) return 0;
        wb_error_win32(err, "GetQueuedCompletionStatusEx", GetLastError());
        return -1;
    }
    t = wb_ticks();   /* one dequeue, one stamp for all it returned */
    for (i = 0; i < removed; i++) {
        recv_op *op = (recv_op *)entries[i].overlapped;
        /* Internal holds the NTSTATUS: 0 is success. */
        if (complete(w, op, entries[i].bytes, entries[i].internal == 0, t, h, err) != 0) return -1;
    }
    return (int)removed;
}

static void iocp_destroy(wb_waiter *w)
{
    unsigned i;
    if (w == NULL) return;
    /* The kernel still owns the buffers of posted receives: cancel them (XP's CancelIo cancels
     * the calling thread's, and this is the thread that posted them) and take their completions
     * before freeing anything. */
    for (i = 0; i < w->slots.n; i++) CancelIo((HANDLE)w->sockets[w->slots.index[i]]);
    w->pending = wb_port_drain(w->port, w->pending);
    CloseHandle(w->port);
    if (w->pending == 0) {
        free(w->data);
        free(w->ops);
    }   /* else: leaked rather than freed under the kernel's feet (never seen) */
    wb_slots_free(&w->slots);
    free(w->sockets);
    free(w->posted);
    free(w);
}

const wb_wait_backend wb_wait_iocp = {
    .name = "iocp",
    .max_sockets = 0,
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* overlapped receives need it */
    .unavailable = iocp_unavailable,
    .create = iocp_create,
    .add = iocp_add,
    .remove = iocp_remove,
    .wait = iocp_wait,
    .destroy = iocp_destroy,
};

const wb_wait_backend wb_wait_iocpex = {
    .name = "iocpex",
    .max_sockets = 0,
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* overlapped receives need it */
    .unavailable = iocpex_unavailable,
    .create = iocpex_create,
    .add = iocp_add,
    .remove = iocp_remove,
    .wait = iocpex_wait,
    .destroy = iocp_destroy,
};

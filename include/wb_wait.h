/* One API over the ways Windows lets a thread wait for sockets (redis's ae backends idea):
 * readiness (select, WSAPoll, WSAWaitForMultipleEvents, WSAAsyncSelect's window messages) and
 * completion (overlapped WSARecvFrom on an I/O completion port). sockloop's receive loop is
 * written once against it. */
#ifndef WB_WAIT_H
#define WB_WAIT_H

#include <winsock2.h>
#include <stdint.h>
#include "wb_error.h"

typedef struct wb_waiter wb_waiter;

/* What a backend needs beyond the socket count (completion backends post `outstanding`
 * receives of `datagram_size` bytes per socket). */
typedef struct wb_wait_params {
    unsigned capacity;         /* sockets to be added */
    unsigned outstanding;      /* overlapped receives kept posted per socket (iocp) */
    unsigned datagram_size;    /* bytes per receive buffer */
} wb_wait_params;

/* A completion backend hands over each datagram it received: the socket's index (in order of
 * add), the data, its sender, and the QPC read taken when the completion was dequeued. The
 * buffer is the backend's, valid until the callback returns. Return 0, or -1 to stop (err set). */
typedef int (*wb_datagram_fn)(void *ctx, unsigned index, const char *data, int len,
                              const struct sockaddr_in *from, int fromlen, uint64_t t_recv, wb_error *err);
typedef struct wb_wait_backend {
    const char *name;            /* "select", "wsapoll", "wsaevents" */
    unsigned max_sockets;        /* what one waiter can hold; 0: no limit */
    const char *limit_reason;    /* why max_sockets: "WSA_MAXIMUM_WAIT_EVENTS" */
    /* NULL when this Windows has it, else why not ("WSAPoll needs Windows Vista or later"). */
    const char *(*unavailable)(void);
    wb_waiter *(*create)(const wb_wait_params *params, wb_error *err);
    int  (*add)(wb_waiter *w, SOCKET s, wb_error *err);
    /* Readiness backends. Wait up to timeout_ms. Fills ready[] with the indexes (in order of
     * add) of readable sockets, at most max_ready; returns how many, 0 on time-out, -1 on
     * error. The caller then reads them (non-blocking recvfrom). */
    int  (*wait)(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err);
    /* Completion backends (wait is NULL). Wait up to timeout_ms for received datagrams and
     * hand each to fn (then post the receive again); returns how many, 0 on time-out, -1 on
     * error. */
    int  (*wait_datagrams)(wb_waiter *w, DWORD timeout_ms, wb_datagram_fn fn, void *ctx, wb_error *err);
    void (*destroy)(wb_waiter *w);
} wb_wait_backend;


/* The backends, listed once, in the order `--loop all` runs them. A backend's index here is
 * its value of sockloop's --loop option. */
#define WB_WAIT_BACKENDS(X) X(select) X(wsapoll) X(wsaevents) X(asyncselect) X(iocp) X(iocpex)

#define WB_WAIT_DECLARE(name) extern const wb_wait_backend wb_wait_##name;
WB_WAIT_BACKENDS(WB_WAIT_DECLARE)
#undef WB_WAIT_DECLARE
#define WB_WAIT_COUNT_ONE(name) +1
enum { WB_WAIT_COUNT = 0 WB_WAIT_BACKENDS(WB_WAIT_COUNT_ONE) };
#undef WB_WAIT_COUNT_ONE
/* "select|wsapoll|wsaevents|": the names as an option's choices (append what follows). */
#define WB_WAIT_CHOICE(name) #name "|"
#define WB_WAIT_CHOICES WB_WAIT_BACKENDS(WB_WAIT_CHOICE)

extern const wb_wait_backend *const wb_wait_backends[WB_WAIT_COUNT + 1];   /* NULL-terminated */

#endif

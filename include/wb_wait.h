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

/* What a backend needs beyond the socket count (completion backends keep `outstanding` receives
 * of `datagram_size` bytes posted per socket: sockloop's --outstanding). */
typedef struct wb_wait_params {
    unsigned capacity;         /* sockets added at most (at once) */
    unsigned datagram_size;    /* bytes per receive buffer */
    unsigned outstanding;      /* receives kept posted per socket (completion backends); 0: 4 */
} wb_wait_params;

/* What a wait hands over, one call per event as it is found: the one shape of every backend,
 * so that the caller's loop is written once (mio's and libuv's events). Readiness backends
 * call readable() for each readable socket (its index in order of add), which the handler
 * then reads without blocking; completion backends call received() with the data of each
 * finished receive (a negative len is -WSA error of a failed one), its sender, and the QPC
 * read taken when it was dequeued; the buffer is the backend's, valid during the call. The
 * first call of a wake is where the thread stopped being blocked. readable() returns how many
 * reads found something (data, an error, the far side's close; 0: nothing was there), or -1 to
 * stop the wait (err set); received() and writable() return 0, or -1 to stop; received() returns 1 when that socket is finished (a TCP connection
 * the far side closed: its receives complete at once with 0 bytes), so that no receive is
 * posted on it again. A closed or reset connection is readable() for readiness backends
 * (wsaevents and asyncselect ask for FD_CLOSE beside FD_READ). writable() is called for a
 * socket watched for WB_WAIT_WRITE that has room to send (a backend with `watch` only). */
typedef struct wb_wait_handler {
    void *ctx;
    int (*readable)(void *ctx, unsigned index, wb_error *err);
    int (*writable)(void *ctx, unsigned index, wb_error *err);
    int (*received)(void *ctx, unsigned index, const char *data, int len, const struct sockaddr_in *from, int fromlen,
                    uint64_t t_recv, wb_error *err);
} wb_wait_handler;
typedef struct wb_wait_backend {
    const char *name;            /* "select", "wsapoll", "wsaevents" */
    unsigned max_sockets;        /* what one waiter can hold; 0: no limit */
    const char *limit_reason;    /* why max_sockets: "WSA_MAXIMUM_WAIT_EVENTS" */
    /* WSASocket's flags for the sockets it waits on, which the module makes with them (and a
     * listener too: what it accepts inherits them): WSA_FLAG_OVERLAPPED, what socket() makes;
     * Registered I/O would ask WSA_FLAG_REGISTERED_IO. */
    DWORD socket_flags;
    /* NULL when this Windows has it, else why not ("WSAPoll needs Windows Vista or later"). */
    const char *(*unavailable)(void);
    wb_waiter *(*create)(const wb_wait_params *params, wb_error *err);
    /* A socket made with socket_flags, waited on for reading from now on (also between two
     * waits). Returns its index, the lowest free one: sockets added and never removed are
     * numbered in the order they were added, and one removed leaves its index to a later add.
     * -1 on error, or when `capacity` sockets are in already. A backend whose functions come
     * from the socket (WSAIoctl's SIO_GET_EXTENSION_FUNCTION_POINTER, Registered I/O's table)
     * asks for them on the first one and keeps them in its waiter. */
    int  (*add)(wb_waiter *w, SOCKET s, wb_error *err);
    /* Socket `index` is not waited on from now on (the caller closes it afterwards): what the
     * backend has of it (a posted receive, a poll, a queued notification) is cancelled or
     * dropped, never handed over. Returns 0, or -1. */
    int  (*remove)(wb_waiter *w, unsigned index, wb_error *err);
    /* Optional (NULL: every socket is waited on for reading, always): what to wait for on
     * socket `index` from now on, WB_WAIT_READ and/or WB_WAIT_WRITE (0: nothing, for now).
     * The TCP reflector stops reading a client whose echo is not taken, and waits for room to
     * send it. */
    int  (*watch)(wb_waiter *w, unsigned index, unsigned events, wb_error *err);
    /* Wait up to timeout_ms and hand every event found to h (readiness: at most
     * WB_WAIT_MAX_READY sockets a wake, the rest at the next; completion: every receive
     * dequeued, each posted again after it is handed over). Returns how many events, 0 on
     * time-out, -1 on error. */
    int  (*wait)(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err);
    /* Optional (NULL: it cannot lose one): notifications this waiter found lost so far, each a
     * socket it handed over without one and whose readable() found something (asyncselect:
     * its messages past the thread's posted-message quota). */
    uint64_t (*recovered)(const wb_waiter *w);
    /* Optional (NULL: none can fail alone): waits on single sockets that failed so far, whose
     * sockets are not waited on again (afd: a poll completed with an error status), and the
     * first one's error in words in text. */
    unsigned (*failed)(const wb_waiter *w, char *text, size_t cap);
    /* Optional: what the waiter is made of, for the rows (afd: its handles, how it found the base
     * sockets, what cancelling every poll costs, measured now). Called once all sockets are in. */
    void (*describe)(wb_waiter *w, char *text, size_t cap);
    void (*destroy)(wb_waiter *w);
} wb_wait_backend;


#define WB_WAIT_MAX_READY 64
#define WB_WAIT_READ 1u
#define WB_WAIT_WRITE 2u

/* The backends, listed once, in the order `--loop all` runs them. A backend's index here is
 * its value of sockloop's --loop option. */
#define WB_WAIT_BACKENDS(X) X(select) X(wsapoll) X(wsaevents) X(asyncselect) X(iocp) X(iocpex) X(afd)

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

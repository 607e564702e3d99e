/* One API over the three ways Windows lets a thread wait for readable sockets (redis's ae
 * backends idea): select, WSAPoll and WSAWaitForMultipleEvents. sockloop's receive loop is
 * written once against it. */
#ifndef WB_WAIT_H
#define WB_WAIT_H

#include <winsock2.h>
#include "wb_error.h"

typedef struct wb_waiter wb_waiter;

typedef struct wb_wait_backend {
    const char *name;            /* "select", "wsapoll", "wsaevents" */
    unsigned max_sockets;        /* what one waiter can hold; 0: no limit */
    /* NULL when this Windows has it, else why not ("WSAPoll needs Windows Vista or later"). */
    const char *(*unavailable)(void);
    wb_waiter *(*create)(unsigned capacity, wb_error *err);
    int  (*add)(wb_waiter *w, SOCKET s, wb_error *err);
    /* Wait up to timeout_ms. Fills ready[] with the indexes (in order of add) of readable
     * sockets, at most max_ready; returns how many, 0 on time-out, -1 on error. */
    int  (*wait)(wb_waiter *w, DWORD timeout_ms, unsigned *ready, unsigned max_ready, wb_error *err);
    void (*destroy)(wb_waiter *w);
} wb_wait_backend;

extern const wb_wait_backend wb_wait_select, wb_wait_wsapoll, wb_wait_wsaevents;

/* NULL-terminated, in the order `--loop all` runs them. */
extern const wb_wait_backend *const wb_wait_backends[];
const wb_wait_backend *wb_wait_find(const char *name);

#endif

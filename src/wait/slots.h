/* The indexes a waiter gives its sockets: the lowest free one first, and one removed is given
 * again, so that a set that grows and shrinks (the TCP reflector's connections) stays within
 * the waiter's capacity. Backends that hand the OS a dense array (WSAPoll's fds,
 * WSAWaitForMultipleEvents' events) also keep each index's place in it: a removed socket's
 * place is taken by the last one. Private to src/wait. */
#ifndef WB_SLOTS_H
#define WB_SLOTS_H

#define WB_SLOT_FREE ((unsigned)-1)

typedef struct wb_slots {
    unsigned cap, n;    /* indexes there are; in use (the dense array's length) */
    unsigned *place;    /* index -> its place in the dense array, WB_SLOT_FREE when not in use */
    unsigned *index;    /* place -> index */
} wb_slots;

int wb_slots_init(wb_slots *s, unsigned cap);   /* 0, or -1: out of memory */
/* The lowest free index that usable(ctx, index) accepts (NULL: any), placed last (n - 1);
 * -1 when there is none. */
int wb_slots_take(wb_slots *s, int (*usable)(const void *ctx, unsigned index), const void *ctx);
/* Frees an index in use and returns the place it had; the entry of the last place moves there
 * (*moved_from: that place, the same as the one returned when it was the last). -1 when the
 * index is not in use. */
int wb_slots_drop(wb_slots *s, unsigned index, unsigned *moved_from);
void wb_slots_free(wb_slots *s);

struct wb_wait_handler;
struct wb_error;
/* wb_slots_drop for a backend's remove(): -1 with "BACKEND: no socket N to remove" in err. */
int wb_slots_remove(wb_slots *s, unsigned index, unsigned *moved_from, const char *backend, struct wb_error *err);
/* For readiness backends: ready[0..n-1] handed to h->readable one by one, but for an index a
 * handler removed in this wake (no longer in `in`). Returns n, or -1 (n < 0, or a handler's
 * error). */
int wb_wait_deliver_ready(const struct wb_wait_handler *h, const unsigned *ready, int n, const wb_slots *in,
                          struct wb_error *err);

#endif

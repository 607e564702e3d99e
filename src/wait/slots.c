/* Socket indexes and their places (slots.h). */
#include "slots.h"

#include <stdlib.h>
#include "wb_error.h"
#include "wb_wait.h"

int wb_slots_init(wb_slots *s, unsigned cap)
{
    unsigned i;
    s->cap = cap;
    s->n = 0;
    s->place = (unsigned *)malloc((cap ? cap : 1) * sizeof *s->place);
    s->index = (unsigned *)malloc((cap ? cap : 1) * sizeof *s->index);
    if (s->place == NULL || s->index == NULL) {
        wb_slots_free(s);
        return -1;
    }
    for (i = 0; i < cap; i++) s->place[i] = WB_SLOT_FREE;
    return 0;
}

int wb_slots_take(wb_slots *s, int (*usable)(const void *ctx, unsigned index), const void *ctx)
{
    unsigned i;
    for (i = 0; i < s->cap; i++)
        if (s->place[i] == WB_SLOT_FREE && (usable == NULL || usable(ctx, i))) {
            s->place[i] = s->n;
            s->index[s->n++] = i;
            return (int)i;
        }
    return -1;
}

int wb_slots_drop(wb_slots *s, unsigned index, unsigned *moved_from)
{
    unsigned at, last;
    if (index >= s->cap || s->place[index] == WB_SLOT_FREE) return -1;
    at = s->place[index];
    last = --s->n;
    s->index[at] = s->index[last];
    s->place[s->index[at]] = at;   /* the last one's new place (itself, when it was the last) */
    s->place[index] = WB_SLOT_FREE;
    *moved_from = last;
    return (int)at;
}

int wb_slots_remove(wb_slots *s, unsigned index, unsigned *moved_from, const char *backend, wb_error *err)
{
    int at = wb_slots_drop(s, index, moved_from);
    if (at < 0) wb_error_text(err, "%s: no socket %u to remove", backend, index);
    return at;
}

void wb_slots_free(wb_slots *s)
{
    free(s->place);
    free(s->index);
    s->place = s->index = NULL;
}

int wb_wait_deliver_ready(const wb_wait_handler *h, const unsigned *ready, int n, const wb_slots *in, wb_error *err)
{
    int i;
    for (i = 0; i < n; i++)
        if (in->place[ready[i]] != WB_SLOT_FREE && h->readable(h->ctx, ready[i], err) < 0) return -1;
    return n;
}

/* The wait backends, listed once. */
#include <stddef.h>
#include "wb_wait.h"
#include "slots.h"

#define WB_WAIT_ADDRESS(name) &wb_wait_##name,
const wb_wait_backend *const wb_wait_backends[WB_WAIT_COUNT + 1] = { WB_WAIT_BACKENDS(WB_WAIT_ADDRESS) NULL };

int wb_wait_deliver_ready(const wb_wait_handler *h, const unsigned *ready, int n, const wb_slots *in, wb_error *err)
{
    int i;
    for (i = 0; i < n; i++)
        if (in->place[ready[i]] != WB_SLOT_FREE && h->readable(h->ctx, ready[i], err) < 0) return -1;
    return n;
}

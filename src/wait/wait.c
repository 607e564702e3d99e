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

#define WB_WAIT_OPTIONS_ROW(file)                                                                         \
    { .name = "the options of wait_" #file ".c", .type = WB_OPT_TABLE,                                    \
      .offset = offsetof(wb_wait_options, own) + WB_WAIT_OWN_##file * sizeof(((wb_wait_options *)0)->own[0]), \
      .table = wb_wait_##file##_options },
const wb_option wb_wait_option_tables[] = { WB_WAIT_OPTION_TABLES(WB_WAIT_OPTIONS_ROW) { .name = NULL } };

const void *wb_wait_own(const wb_wait_options *options, const wb_wait_backend *b)
{
    const wb_option *row;
    for (row = wb_wait_option_tables; b->options && row->name; row++)
        if (row->table == b->options) return (const char *)options + row->offset;
    return NULL;
}

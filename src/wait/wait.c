/* The wait backends, listed once. */
#include <stddef.h>
#include "wb_wait.h"

#define WB_WAIT_ADDRESS(name) &wb_wait_##name,
const wb_wait_backend *const wb_wait_backends[WB_WAIT_COUNT + 1] = { WB_WAIT_BACKENDS(WB_WAIT_ADDRESS) NULL };

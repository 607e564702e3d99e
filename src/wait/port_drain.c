/* Taking the completions of cancelled operations (port_drain.h). */
#include "port_drain.h"

unsigned wb_port_drain(HANDLE port, unsigned pending)
{
    unsigned idle = 0;
    /* 2 s without a completion, not 2 s in all: 1,500 cancelled polls take longer to come back */
    while (pending > 0 && idle < 200) {
        DWORD bytes;
        ULONG_PTR key;
        OVERLAPPED *ov = NULL;
        GetQueuedCompletionStatus(port, &bytes, &key, &ov, 10);
        if (ov) pending--, idle = 0;
        else idle++;
    }
    return pending;
}

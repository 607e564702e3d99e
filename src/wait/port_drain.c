/* Taking the completions of cancelled operations (port_drain.h). */
#include "port_drain.h"

unsigned wb_port_drain(HANDLE port, unsigned pending)
{
    unsigned tries;
    for (tries = 0; pending > 0 && tries < 200; tries++) {
        DWORD bytes;
        ULONG_PTR key;
        OVERLAPPED *ov = NULL;
        GetQueuedCompletionStatus(port, &bytes, &key, &ov, 10);
        if (ov) pending--;
    }
    return pending;
}

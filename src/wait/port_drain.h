/* What the completion-port backends (iocp, iocpex, afd) share: the entry that
 * GetQueuedCompletionStatusEx fills, and their last step - the kernel owns the buffers of what
 * is still pending, so once those operations are cancelled their completions are taken before
 * anything is freed. */
#ifndef WB_PORT_DRAIN_H
#define WB_PORT_DRAIN_H

#include <windows.h>

/* OVERLAPPED_ENTRY, spelled out: the headers hide it below Vista. */
typedef struct overlapped_entry {
    ULONG_PTR key;
    OVERLAPPED *overlapped;
    ULONG_PTR internal;
    DWORD bytes;
} overlapped_entry;

/* Takes completions from port until `pending` of them came (or none came for about 2 s); returns
 * how many are still out (then the caller leaks their memory rather than free it under the kernel). */
unsigned wb_port_drain(HANDLE port, unsigned pending);

#endif

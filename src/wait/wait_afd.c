/* AFD poll: the wait of wepoll, and so of libzmq's Windows poller (4.3.3 on), mio/tokio and
 * libuv's uv_poll. Handles opened on \Device\Afd\winbench (NtCreateFile, no extended
 * attributes: channels to the AFD driver that are not sockets) are associated with an I/O
 * completion port; every socket keeps one IOCTL_AFD_POLL outstanding on one of them, asking for
 * its base socket's RECEIVE (and, for TCP, DISCONNECT, ABORT) events. A handle serves at most
 * SOCKETS_PER_HANDLE sockets (wepoll's 32): cancelling a poll walks the polls of its handle,
 * and trio measured one handle for every socket growing as O(N^2) in cancellations ("at 1000
 * ... starting to bite"). The handles opened and what cancelling every poll costs are the
 * waiter's facts (describe). A poll completes when the
 * socket is ready; GetQueuedCompletionStatusEx takes up to 64 completions a call, the ready
 * sockets are handed over as readiness (read as the other readiness backends read them), and
 * only then is each one's poll issued again: never two polls on one socket at once, which
 * makes the driver report events wrongly (wepoll's rule). Vista and later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wb_clock.h"
#include "wb_test_hooks.h"
#include "wb_wait.h"
#include "port_drain.h"
#include "slots.h"
#include "win/winapi.h"

#define BATCH 64
#define SOCKETS_PER_HANDLE 32
#define IOCTL_AFD_POLL 0x00012024
#define SIO_BASE_HANDLE_CODE 0x48000022
#define SIO_BSP_HANDLE_POLL_CODE 0x4800001D
#define AFD_POLL_RECEIVE 0x0001
#define AFD_POLL_DISCONNECT 0x0008
#define AFD_POLL_ABORT 0x0010
#define AFD_POLL_LOCAL_CLOSE 0x0020
#define STATUS_PENDING_CODE 0x00000103L
#define STATUS_CANCELLED_CODE ((LONG)0xC0000120L)
#define STATUS_INVALID_HANDLE_CODE ((LONG)0xC0000008L)
#define FILE_OPEN_DISPOSITION 1

/* The NT types, spelled out: the SDK's winternl.h is not for XP-era headers. */
typedef struct nt_io_status {
    union {
        LONG status;
        void *pointer;
    } u;
    ULONG_PTR information;
} nt_io_status;

typedef struct nt_unicode_string {
    USHORT length, maximum_length;
    WCHAR *buffer;
} nt_unicode_string;

typedef struct nt_object_attributes {
    ULONG length;
    HANDLE root;
    nt_unicode_string *name;
    ULONG attributes;
    void *security_descriptor, *security_qos;
} nt_object_attributes;

typedef struct afd_poll_handle_info {
    HANDLE handle;
    ULONG events;
    LONG status;
} afd_poll_handle_info;

typedef struct afd_poll_info {
    LARGE_INTEGER timeout;
    ULONG count;
    ULONG exclusive;
    afd_poll_handle_info handles[1];
} afd_poll_info;


typedef struct poll_op {
    nt_io_status iosb;          /* first: the completion's "OVERLAPPED *" is this block */
    afd_poll_info info;
    unsigned index;
    int pending;
} poll_op;

struct wb_waiter {
    HANDLE port;
    HANDLE *afd;                /* by index / SOCKETS_PER_HANDLE, opened when its first socket comes */
    unsigned handles, opened;   /* the array's length; how many are open */
    unsigned pending;
    wb_slots slots;             /* indexes in use; one removed is given again once its poll is back */
    poll_op *ops;               /* by index */
    const char *base_from;      /* how the last socket's base socket was found */
    double cancel_all_ms;       /* describe()'s measure */
    unsigned poll_errors;       /* polls that completed with an error: their sockets are not polled again */
    LONG first_poll_error;      /* the first one's status */
};

#define AFD_OF(w, index) ((w)->afd[(index) / SOCKETS_PER_HANDLE])

/* Is s wrapped by a layered service provider? Its protocol chain says: 1 entry is a base
 * provider's socket, more a layered one's. */
static int layered(SOCKET s, char *provider, size_t cap)
{
    WSAPROTOCOL_INFOA info;
    int len = sizeof info, chain = 0;
    snprintf(provider, cap, "unnamed");
    if (getsockopt(s, SOL_SOCKET, SO_PROTOCOL_INFOA, (char *)&info, &len) == 0) {
        snprintf(provider, cap, "%s", info.szProtocol);
        chain = info.ProtocolChain.ChainLen;
    }
    return chain > 1 || wb_test_hook_number(WB_HOOK_LAYERED) != 0;
}

/* The base socket the driver knows, as wepoll's ws_get_base_socket finds it: SIO_BASE_HANDLE;
 * where a provider refuses that (Komodia's LSPs do, against Microsoft's rule for layered
 * providers), SIO_BSP_HANDLE_POLL names the socket of the next entry of the chain, and
 * SIO_BASE_HANDLE is asked again of that one, until one answers. A socket no layered provider
 * wraps is its own base (polled as it is where the system answers neither ioctl: Wine).
 * INVALID_SOCKET where a layered provider hides the base: AFD would be asked to poll a socket
 * it does not know. WINBENCH_NO_BASE_HANDLE skips SIO_BASE_HANDLE. */
static SOCKET find_base(SOCKET s, const char **how)
{
    SOCKET base, from = s;
    DWORD bytes = 0;
    char provider[WSAPROTOCOL_LEN + 1];
    int depth, refuses = wb_test_hook_number(WB_HOOK_LAYERED) != 0;   /* a provider that answers neither */
    for (depth = 0; depth < 8 && !refuses; depth++) {
        if (!wb_test_hook_number(WB_HOOK_NO_BASE_HANDLE) &&
            WSAIoctl(from, SIO_BASE_HANDLE_CODE, NULL, 0, &base, sizeof base, &bytes, NULL, NULL) != SOCKET_ERROR &&
            base != INVALID_SOCKET) {
            *how = depth ? "SIO_BASE_HANDLE under SIO_BSP_HANDLE_POLL" : "SIO_BASE_HANDLE";
            return base;
        }
        if (WSAIoctl(from, SIO_BSP_HANDLE_POLL_CODE, NULL, 0, &base, sizeof base, &bytes, NULL, NULL) == SOCKET_ERROR ||
            base == INVALID_SOCKET || base == from)
            break;
        from = base;   /* one layer down: ask that one */
    }
    if (from != s) {
        *how = "SIO_BSP_HANDLE_POLL";
        return from;
    }
    if (layered(s, provider, sizeof provider)) return INVALID_SOCKET;
    *how = "the socket itself (no layered provider)";
    return s;
}

/* A layered provider that hides the base socket of a UDP or TCP socket: its reason, or NULL.
 * Asked of a socket of each kind, once. */
static const char *hidden_base(void)
{
    static int asked;
    static char why[256];
    static const int types[] = { SOCK_DGRAM, SOCK_STREAM };
    WSADATA wsa;
    int k;
    if (asked) return why[0] ? why : NULL;
    asked = 1;
    if (WSAStartup(MAKEWORD(2, 2), &wsa) != 0) return NULL;
    for (k = 0; k < 2 && !why[0]; k++) {
        SOCKET s = socket(AF_INET, types[k], 0);
        const char *how;
        char provider[WSAPROTOCOL_LEN + 1] = "";
        if (s == INVALID_SOCKET) continue;
        if (find_base(s, &how) == INVALID_SOCKET) {
            layered(s, provider, sizeof provider);
            snprintf(why, sizeof why, "a layered service provider (%s) hides the base socket of a %s socket (it refuses "
                     "SIO_BASE_HANDLE and SIO_BSP_HANDLE_POLL), which AFD polls", provider, k ? "TCP" : "UDP");
        }
        closesocket(s);
    }
    WSACleanup();
    return why[0] ? why : NULL;
}

static const char *afd_unavailable(void)
{
    if (!WB_API(NtCreateFile) || !WB_API(NtDeviceIoControlFile))
        return "NtCreateFile / NtDeviceIoControlFile could not be found in ntdll";
    if (!WB_API(GetQueuedCompletionStatusEx) || !WB_API(NtCancelIoFileEx))
        return "AFD poll needs Windows Vista or later (GetQueuedCompletionStatusEx, NtCancelIoFileEx)";
    return hidden_base();
}

static void nt_error(wb_error *err, const char *call, LONG status)
{
    wb_fn_RtlNtStatusToDosError to_dos = WB_API(RtlNtStatusToDosError);
    if (to_dos)
        wb_error_win32(err, call, to_dos(status));
    else
        wb_error_text(err, "%s failed: NTSTATUS 0x%08lx", call, (unsigned long)status);
}

/* One more channel to the driver, on the port. */
static HANDLE open_afd(HANDLE port, wb_error *err)
{
    static WCHAR device[] = L"\\Device\\Afd\\winbench";
    nt_unicode_string name;
    nt_object_attributes attributes;
    nt_io_status iosb;
    HANDLE afd = NULL;
    LONG status;
    name.length = (USHORT)(sizeof device - sizeof(WCHAR));
    name.maximum_length = (USHORT)sizeof device;
    name.buffer = device;
    memset(&attributes, 0, sizeof attributes);
    attributes.length = sizeof attributes;
    attributes.name = &name;
    status = WB_API(NtCreateFile)(&afd, SYNCHRONIZE, &attributes, &iosb, NULL, 0, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                  FILE_OPEN_DISPOSITION, 0, NULL, 0);
    if (status != 0) {
        nt_error(err, "NtCreateFile(\\Device\\Afd\\winbench)", status);
        return NULL;
    }
    if (CreateIoCompletionPort(afd, port, 0, 0) == NULL) {
        wb_error_win32(err, "CreateIoCompletionPort(AFD)", GetLastError());
        CloseHandle(afd);
        return NULL;
    }
    return afd;
}

static void free_waiter(wb_waiter *w)
{
    unsigned i;
    for (i = 0; w->afd && i < w->handles; i++)
        if (w->afd[i]) CloseHandle(w->afd[i]);
    if (w->port) CloseHandle(w->port);
    wb_slots_free(&w->slots);
    free(w->afd), free(w->ops), free(w);
}

static wb_waiter *afd_create(const wb_wait_params *params, wb_error *err)
{
    const char *why = afd_unavailable();
    wb_waiter *w;
    unsigned cap = params->capacity ? params->capacity : 1;
    if (why) {
        wb_error_text(err, "%s", why);
        return NULL;
    }
    w = (wb_waiter *)calloc(1, sizeof *w);
    if (w) {
        w->handles = (cap + SOCKETS_PER_HANDLE - 1) / SOCKETS_PER_HANDLE;
        w->ops = (poll_op *)calloc(cap, sizeof *w->ops);
        w->afd = (HANDLE *)calloc(w->handles, sizeof *w->afd);
    }
    if (w == NULL || w->ops == NULL || w->afd == NULL || wb_slots_init(&w->slots, params->capacity) != 0) {
        if (w) free(w->ops), free(w->afd), free(w);
        wb_error_text(err, "out of memory");
        return NULL;
    }
    w->port = CreateIoCompletionPort(INVALID_HANDLE_VALUE, NULL, 0, 1);
    if (w->port == NULL) {
        wb_error_win32(err, "CreateIoCompletionPort", GetLastError());
        free_waiter(w);
        return NULL;
    }
    w->afd[0] = open_afd(w->port, err);   /* the first now: a driver that refuses says so at set-up */
    if (w->afd[0] == NULL) {
        free_waiter(w);
        return NULL;
    }
    w->opened = 1;
    return w;
}

/* Issues the poll of one socket. One that is answered at once still queues its completion. */
static int arm(wb_waiter *w, poll_op *op, wb_error *err)
{
    LONG status;
    op->info.timeout.QuadPart = INT64_MAX;
    op->info.count = 1;
    op->info.exclusive = FALSE;
    op->info.handles[0].events = AFD_POLL_RECEIVE | AFD_POLL_DISCONNECT | AFD_POLL_ABORT | AFD_POLL_LOCAL_CLOSE;
    op->info.handles[0].status = 0;
    op->iosb.u.status = STATUS_PENDING_CODE;
    if (op->index == 0 && wb_test_hook_number(WB_HOOK_AFD_POLL_ERROR)) {
        /* as the driver does for a socket in error: the poll completes at once, with the error */
        op->iosb.u.status = STATUS_INVALID_HANDLE_CODE;
        if (!PostQueuedCompletionStatus(w->port, 0, 0, (OVERLAPPED *)&op->iosb)) {
            wb_error_win32(err, "PostQueuedCompletionStatus", GetLastError());
            return -1;
        }
        op->pending = 1;
        w->pending++;
        return 0;
    }
    status = WB_API(NtDeviceIoControlFile)(AFD_OF(w, op->index), NULL, NULL, &op->iosb, &op->iosb, IOCTL_AFD_POLL, &op->info,
                                           sizeof op->info, &op->info, sizeof op->info);
    if (status != 0 && status != STATUS_PENDING_CODE) {
        nt_error(err, "NtDeviceIoControlFile(IOCTL_AFD_POLL)", status);
        return -1;
    }
    op->pending = 1;
    w->pending++;
    return 0;
}

/* An index whose poll (of a socket removed) is back: its poll block is free. */
static int quiet(const void *ctx, unsigned index)
{
    return !((const wb_waiter *)ctx)->ops[index].pending;
}

static int afd_add(wb_waiter *w, SOCKET s, wb_error *err)
{
    poll_op *op;
    SOCKET base;
    int index;
    if (w->slots.n >= w->slots.cap || (index = wb_slots_take(&w->slots, quiet, w)) < 0) {
        wb_error_text(err, "afd: more sockets than announced");
        return -1;
    }
    if (AFD_OF(w, index) == NULL) {
        if ((AFD_OF(w, index) = open_afd(w->port, err)) == NULL) {
            unsigned moved;
            wb_slots_drop(&w->slots, (unsigned)index, &moved);
            return -1;
        }
        w->opened++;
    }
    /* The driver polls the base socket, under any layered provider (find_base). */
    if ((base = find_base(s, &w->base_from)) == INVALID_SOCKET) {
        unsigned moved;
        wb_slots_drop(&w->slots, (unsigned)index, &moved);
        wb_error_text(err, "afd: a layered service provider hides this socket's base socket");
        return -1;
    }
    op = &w->ops[index];
    op->index = (unsigned)index;
    op->info.handles[0].handle = (HANDLE)base;
    return arm(w, op, err) != 0 ? -1 : index;
}

/* Its poll is cancelled; the completion comes back through the port and is dropped, and the
 * index is given again only after it has (the driver owns the poll block until then). */
static int afd_remove(wb_waiter *w, unsigned index, wb_error *err)
{
    unsigned moved;
    if (wb_slots_remove(&w->slots, index, &moved, "afd", err) < 0) return -1;
    if (w->ops[index].pending) {
        nt_io_status cancel;
        WB_API(NtCancelIoFileEx)(AFD_OF(w, index), &w->ops[index].iosb, &cancel);
    }
    return 0;
}

static int afd_wait(wb_waiter *w, DWORD timeout_ms, const wb_wait_handler *h, wb_error *err)
{
    overlapped_entry entries[BATCH];
    unsigned ready[BATCH];
    ULONG removed = 0, i;
    int found = 0, k;
    if (!WB_API(GetQueuedCompletionStatusEx)(w->port, entries, BATCH, &removed, timeout_ms, FALSE)) {
        if (GetLastError() == WAIT_TIMEOUT) return 0;
        wb_error_win32(err, "GetQueuedCompletionStatusEx", GetLastError());
        return -1;
    }
    for (i = 0; i < removed; i++) {
        poll_op *op = (poll_op *)entries[i].overlapped;
        op->pending = 0;
        w->pending--;
        if (w->slots.place[op->index] == WB_SLOT_FREE) continue;   /* removed: cancelled, or it came first */
        if (op->iosb.u.status == 0 && op->info.count == 1 && op->info.handles[0].events != 0) ready[found++] = op->index;
        else if (op->iosb.u.status == 0 || op->iosb.u.status == STATUS_CANCELLED_CODE) {
            if (arm(w, op, err) != 0) return -1;   /* answered with no event (timed out, cancelled): ask again */
        } else if (w->poll_errors++ == 0) {
            /* the socket's own error: asked again at once it would answer again at once, a
             * loop that only burns the CPU the wait is measured by; counted and said */
            w->first_poll_error = op->iosb.u.status;
        }
    }
    found = wb_wait_deliver_ready(h, ready, found, &w->slots, err);
    if (found < 0) return -1;
    /* read first, then poll again: no second poll on a socket (nor on one a handler removed, or
     * whose index a new socket took, already polled) */
    for (k = 0; k < found; k++)
        if (w->slots.place[ready[k]] != WB_SLOT_FREE && !w->ops[ready[k]].pending && arm(w, &w->ops[ready[k]], err) != 0)
            return -1;
    return found;
}

/* Cancels every pending poll and takes their completions back (each marks its own block free;
 * one that completed on its own comes back the same way), until none came for 2 s: the number
 * still pending. */
static unsigned cancel_all(wb_waiter *w)
{
    unsigned i, idle = 0;
    for (i = 0; i < w->slots.cap; i++)
        if (w->ops[i].pending) {
            nt_io_status cancel;
            WB_API(NtCancelIoFileEx)(AFD_OF(w, i), &w->ops[i].iosb, &cancel);
        }
    while (w->pending > 0 && idle < 200) {
        DWORD bytes;
        ULONG_PTR key;
        OVERLAPPED *ov = NULL;
        GetQueuedCompletionStatus(w->port, &bytes, &key, &ov, 10);
        if (ov == NULL) {
            idle++;
            continue;
        }
        idle = 0;
        ((poll_op *)ov)->pending = 0;
        w->pending--;
    }
    return w->pending;
}

/* What cancelling costs, measured once at set-up on the sockets added so far (what the
 * teardown will do): every poll cancelled, taken back, and issued again. */
static void afd_describe(wb_waiter *w, char *text, size_t cap)
{
    uint64_t t0 = wb_ticks();
    unsigned i;
    wb_error err;
    cancel_all(w);
    w->cancel_all_ms = wb_ticks_to_s(wb_ticks() - t0) * 1e3;
    for (i = 0; i < w->slots.n; i++)
        if (!w->ops[w->slots.index[i]].pending) arm(w, &w->ops[w->slots.index[i]], &err);
    snprintf(text, cap, "%u AFD handle%s (%u sockets each at most); base sockets by %s; cancelling all %u polls: %.2f ms",
             w->opened, w->opened == 1 ? "" : "s", SOCKETS_PER_HANDLE, w->base_from ? w->base_from : "-", w->slots.n,
             w->cancel_all_ms);
}

static unsigned afd_failed(const wb_waiter *w, char *text, size_t cap)
{
    wb_fn_RtlNtStatusToDosError to_dos = WB_API(RtlNtStatusToDosError);
    wb_error e;
    if (w->poll_errors == 0) return 0;
    if (to_dos) wb_error_win32(&e, "IOCTL_AFD_POLL", to_dos(w->first_poll_error));
    else wb_error_text(&e, "IOCTL_AFD_POLL failed");
    snprintf(text, cap, "%s (NTSTATUS 0x%08lX)", e.what, (unsigned long)w->first_poll_error);
    return w->poll_errors;
}

static void afd_destroy(wb_waiter *w)
{
    if (w == NULL) return;
    /* The driver owns the poll blocks of pending polls: cancel them and take their completions
     * before freeing anything. */
    if (cancel_all(w) != 0) w->ops = NULL;   /* leaked rather than freed under the driver's feet */
    free_waiter(w);
}

const wb_wait_backend wb_wait_afd = {
    .name = "afd",
    .max_sockets = 0,
    .socket_flags = WSA_FLAG_OVERLAPPED,   /* what socket() makes */
    .unavailable = afd_unavailable,
    .create = afd_create,
    .add = afd_add,
    .remove = afd_remove,
    .wait = afd_wait,
    .describe = afd_describe,
    .failed = afd_failed,
    .destroy = afd_destroy,
};

/* The wait API as every backend keeps it (wb_wait.h): indexes in the order of add, a removed
 * socket never handed over again (not even what it had queued), its index given to the next
 * add, and, where a backend has `watch`, room to send. The truth is which socket a datagram was
 * sent to. Every backend of wb_wait_backends[] is checked: a new one is, without a new case.
 * Also the index and socket tables behind them (src/wait/slots.c, socket_map.c). */
#include <winsock2.h>
#include <stdio.h>
#include <string.h>
#include "wb_net.h"
#include "wb_wait.h"
#include "wait/slots.h"
#include "wait/socket_map.h"
#include "wbtest.h"

#define SOCKETS 3

typedef struct seen {
    SOCKET sockets[SOCKETS + 1];   /* by index, as the waiter numbers them; INVALID_SOCKET: removed */
    unsigned got[SOCKETS + 1];     /* datagrams handed over (or read) per index */
    unsigned writable[SOCKETS + 1];
    unsigned stray;                /* an index out of range */
} seen;

static int on_readable(void *ctx, unsigned index, wb_error *err)
{
    seen *s = (seen *)ctx;
    char buf[2048];
    (void)err;
    if (index > SOCKETS || s->sockets[index] == INVALID_SOCKET) {   /* never given, or removed */
        s->stray++;
        return 0;
    }
    while (recv(s->sockets[index], buf, (int)sizeof buf, 0) > 0) s->got[index]++;
    return 0;
}

static int on_writable(void *ctx, unsigned index, wb_error *err)
{
    seen *s = (seen *)ctx;
    (void)err;
    if (index > SOCKETS || s->sockets[index] == INVALID_SOCKET) s->stray++;
    else s->writable[index]++;
    return 0;
}

static int on_received(void *ctx, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                       int fromlen, uint64_t t_recv, wb_error *err)
{
    seen *s = (seen *)ctx;
    (void)data, (void)from, (void)fromlen, (void)t_recv, (void)err;
    if (index > SOCKETS || s->sockets[index] == INVALID_SOCKET) s->stray++;
    else if (len > 0) s->got[index]++;
    return 0;
}

/* Waits (up to about 1 s) until `want` datagrams in all were handed over, then 50 ms more for
 * any that should not come. */
static void wait_for(const wb_wait_backend *b, wb_waiter *w, seen *s, unsigned want)
{
    wb_wait_handler h;
    wb_error err;
    DWORD t0 = GetTickCount();
    unsigned i, total = 0;
    int settle = 0;
    h.ctx = s;
    h.readable = on_readable;
    h.writable = on_writable;
    h.received = on_received;
    while (GetTickCount() - t0 < 1000 && settle < 5) {
        ok(b->wait(w, 10, &h, &err) >= 0, "%s: wait: %s", b->name, err.what);
        for (total = 0, i = 0; i <= SOCKETS; i++) total += s->got[i];
        if (total >= want) settle++;
    }
}

static SOCKET bound(const wb_wait_backend *b, struct sockaddr_in *at)
{
    wb_error err;
    SOCKET sock;
    memset(at, 0, sizeof *at);
    at->sin_family = AF_INET;
    at->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sock = wb_udp_socket(at, 65536, b->socket_flags, &err);
    ok(sock != INVALID_SOCKET, "%s: a socket: %s", b->name, err.what);
    return sock;
}

static void send_one(SOCKET from, const struct sockaddr_in *to)
{
    ok(sendto(from, "x", 1, 0, (const struct sockaddr *)to, sizeof *to) == 1, "sent");
}

static void add_remove_one(const wb_wait_backend *b)
{
    wb_wait_params params;
    wb_error err;
    wb_waiter *w;
    seen s;
    struct sockaddr_in at[SOCKETS + 1], any;
    SOCKET sender;
    unsigned i;
    int index;
    memset(&s, 0, sizeof s);
    for (i = 0; i <= SOCKETS; i++) s.sockets[i] = INVALID_SOCKET;
    params.capacity = SOCKETS;
    params.datagram_size = 2048;
    params.outstanding = 0;   /* the default */
    w = b->create(&params, &err);
    ok(w != NULL, "%s: create: %s", b->name, w ? "" : err.what);
    if (w == NULL) return;
    memset(&any, 0, sizeof any);
    any.sin_family = AF_INET;
    any.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sender = wb_udp_socket(&any, 65536, WB_SOCKET_FLAGS_PLAIN, &err);
    for (i = 0; i < SOCKETS; i++) {
        s.sockets[i] = bound(b, &at[i]);
        index = b->add(w, s.sockets[i], &err);
        ok(index == (int)i, "%s: socket %u added as index %d (%s)", b->name, i, index, index < 0 ? err.what : "");
    }
    index = b->add(w, s.sockets[0], &err);
    ok(index < 0, "%s: a socket past the capacity refused (%d)", b->name, index);

    send_one(sender, &at[1]);
    wait_for(b, w, &s, 1);
    ok(s.got[0] == 0 && s.got[1] == 1 && s.got[2] == 0, "%s: the datagram to 1 named 1: %u %u %u", b->name, s.got[0],
       s.got[1], s.got[2]);

    /* A datagram there before the remove: what the backend has of it (a posted receive done, a
     * queued notification) is never handed over. */
    send_one(sender, &at[1]);
    Sleep(50);
    ok(b->remove(w, 1, &err) == 0, "%s: remove 1: %s", b->name, err.what);
    ok(b->remove(w, 1, &err) != 0, "%s: removing 1 twice is refused", b->name);
    closesocket(s.sockets[1]);
    s.sockets[1] = INVALID_SOCKET;
    send_one(sender, &at[2]);
    wait_for(b, w, &s, 2);   /* also takes what completion backends had in flight for 1 */
    ok(s.got[1] == 1 && s.got[2] == 1 && s.stray == 0, "%s: after the remove, 1 silent (%u, %u stray), 2 heard (%u)",
       b->name, s.got[1], s.stray, s.got[2]);

    /* The index is given again (completion backends: now that their receives are back). */
    s.sockets[1] = bound(b, &at[3]);
    index = b->add(w, s.sockets[1], &err);
    ok(index == 1, "%s: a new socket takes the free index 1: %d (%s)", b->name, index, index < 0 ? err.what : "");
    send_one(sender, &at[3]);
    send_one(sender, &at[0]);
    wait_for(b, w, &s, 4);
    ok(s.got[0] == 1 && s.got[1] == 2 && s.got[2] == 1 && s.stray == 0, "%s: the new 1 heard: %u %u %u, %u stray",
       b->name, s.got[0], s.got[1], s.got[2], s.stray);
    b->destroy(w);
    for (i = 0; i < SOCKETS; i++) closesocket(s.sockets[i]);
    closesocket(sender);
}

static void test_add_remove(void)
{
    WSADATA wsa;
    int i, tried = 0;
    ok(WSAStartup(MAKEWORD(2, 2), &wsa) == 0, "WSAStartup");
    for (i = 0; wb_wait_backends[i]; i++) {
        const char *why = wb_wait_backends[i]->unavailable();
        if (why) {
            skip("%s: %s\n", wb_wait_backends[i]->name, why);
            continue;
        }
        add_remove_one(wb_wait_backends[i]);
        tried++;
    }
    ok(tried > 0, "at least one backend");
    WSACleanup();
}

/* watch: a socket watched for writing is handed to writable() (a UDP socket always has room),
 * and one watched for nothing is not read although a datagram waits. */
static void test_watch(void)
{
    WSADATA wsa;
    int i, tried = 0;
    ok(WSAStartup(MAKEWORD(2, 2), &wsa) == 0, "WSAStartup");
    for (i = 0; wb_wait_backends[i]; i++) {
        const wb_wait_backend *b = wb_wait_backends[i];
        wb_wait_params params;
        wb_wait_handler h;
        wb_error err;
        wb_waiter *w;
        seen s;
        struct sockaddr_in at;
        if (b->watch == NULL || b->unavailable()) continue;
        tried++;
        memset(&s, 0, sizeof s);
        params.capacity = 1;
        params.datagram_size = 2048;
        params.outstanding = 0;   /* the default */
        w = b->create(&params, &err);
        ok(w != NULL, "%s: create", b->name);
        if (w == NULL) continue;
        s.sockets[0] = bound(b, &at);
        ok(b->add(w, s.sockets[0], &err) == 0, "%s: add", b->name);
        ok(b->watch(w, 0, 0, &err) == 0, "%s: watch nothing", b->name);
        send_one(s.sockets[0], &at);   /* to itself */
        Sleep(50);
        h.ctx = &s;
        h.readable = on_readable;
        h.writable = on_writable;
        h.received = on_received;
        ok(b->wait(w, 50, &h, &err) == 0 && s.got[0] == 0, "%s: watched for nothing, not read (%u)", b->name, s.got[0]);
        ok(b->watch(w, 0, WB_WAIT_WRITE, &err) == 0 && b->wait(w, 1000, &h, &err) == 1 && s.writable[0] == 1 &&
               s.got[0] == 0,
           "%s: watched for writing: writable %u, read %u", b->name, s.writable[0], s.got[0]);
        ok(b->watch(w, 0, WB_WAIT_READ | WB_WAIT_WRITE, &err) == 0 && b->wait(w, 1000, &h, &err) == 2 &&
               s.writable[0] == 2 && s.got[0] == 1,
           "%s: both: writable %u, read %u", b->name, s.writable[0], s.got[0]);
        ok(b->watch(w, 1, WB_WAIT_READ, &err) != 0, "%s: an index not in use refused", b->name);
        b->destroy(w);
        closesocket(s.sockets[0]);
    }
    ok(tried > 0, "a backend with watch (the TCP reflector's)");
    WSACleanup();
}

/* The lowest free index first; a dropped one's place taken by the last. */
static void test_slots(void)
{
    wb_slots s;
    unsigned moved = 99;
    int at;
    ok(wb_slots_init(&s, 4) == 0, "init");
    ok(wb_slots_take(&s, NULL, NULL) == 0 && wb_slots_take(&s, NULL, NULL) == 1 && wb_slots_take(&s, NULL, NULL) == 2,
       "0, 1, 2 in order");
    at = wb_slots_drop(&s, 0, &moved);
    ok(at == 0 && moved == 2 && s.n == 2 && s.index[0] == 2 && s.place[2] == 0 && s.place[0] == WB_SLOT_FREE,
       "0 dropped: its place 0 taken by index 2 from place %u", moved);
    ok(wb_slots_drop(&s, 0, &moved) == -1 && wb_slots_drop(&s, 7, &moved) == -1, "not in use: refused");
    at = wb_slots_drop(&s, 1, &moved);
    ok(at == 1 && moved == 1 && s.n == 1, "the last dropped: nothing moves (%d, %u)", at, moved);
    ok(wb_slots_take(&s, NULL, NULL) == 0 && s.place[0] == 1 && s.index[1] == 0, "0 again, placed last");
    ok(wb_slots_take(&s, NULL, NULL) == 1 && wb_slots_take(&s, NULL, NULL) == 3 && wb_slots_take(&s, NULL, NULL) == -1,
       "1, then 3, then full");
    wb_slots_free(&s);
}

/* Deletion keeps every other key findable, whichever run of collisions it sat in. */
static void test_socket_map_remove(void)
{
    wb_socket_map m;
    unsigned i, v, lost = 0;
    ok(wb_socket_map_init(&m, 64) == 0, "init");
    for (i = 0; i < 64; i++) wb_socket_map_put(&m, (SOCKET)(4 * i + 4), i);
    for (i = 0; i < 64; i += 3) wb_socket_map_remove(&m, (SOCKET)(4 * i + 4));
    wb_socket_map_remove(&m, (SOCKET)999);   /* not there: nothing happens */
    for (i = 0; i < 64; i++) {
        int found = wb_socket_map_get(&m, (SOCKET)(4 * i + 4), &v);
        if (i % 3 == 0 ? found : !found || v != i) lost++;
    }
    ok(lost == 0, "%u keys wrong after removing every third", lost);
    wb_socket_map_free(&m);
}

static const wbt_case cases[] = {
    { "add_remove", test_add_remove, 0 },
    { "watch", test_watch, 0 },
    { "slots", test_slots, 0 },
    { "socket_map_remove", test_socket_map_remove, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)

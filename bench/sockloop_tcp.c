/* sockloop's TCP transport: --sockets connections, each a byte stream of messages with the
 * datagrams' header (magic, size, sequence, intended and actual send times), cut out again on
 * the receiving side however the reads fall: a header split over two reads, several messages
 * in one, a read that ends mid-message. What a message begun in one read needs until the next is
 * kept in that connection's buffer of --size bytes, allocated once; nothing is allocated per
 * message, and a message that arrived whole is taken where it lies.
 *
 * Loopback: the receiver's listener accepts the sender's connections one by one at set-up (all
 * of them before the first repetition), then closes. Peer: the connections go to --peer, and
 * each carries the messages there and their echoes back (a reflector, or any TCP echo service,
 * RFC 862). A connection the far side closes or resets is a fault: sl_fault names it, the run
 * stops, and what was measured is kept. */
#include "sockloop.h"

#include <stdlib.h>
#include <string.h>

#include "wb_net.h"

typedef struct tcp_stream {
    char *buf;                  /* a message begun in one read and not yet ended */
    unsigned have;              /* bytes of it in buf */
    uint64_t last_seq;          /* the last sequence number this connection carried */
    int has_seq;
    int closed;                 /* the receiver reads no more of it */
    volatile LONG gone;         /* counted in disconnects (by whichever thread found it first) */
    struct sockaddr_in remote;  /* the far end, for the message that names a lost connection */
} tcp_stream;

typedef struct tcp_state {
    SOCKET *clients;            /* loopback: the sender's ends */
    tcp_stream *streams;        /* per receiving connection */
    char *bufs;
} tcp_state;

void sl_connection_name(char *out, size_t cap, unsigned index, unsigned count, const struct sockaddr_in *local,
                        const struct sockaddr_in *remote)
{
    char here[32];
    snprintf(here, sizeof here, "%s:%u", inet_ntoa(local->sin_addr), ntohs(local->sin_port));
    snprintf(out, cap, "connection %u of %u (%s to %s:%u)", index + 1, count, here, inet_ntoa(remote->sin_addr),
             ntohs(remote->sin_port));
}


/* The run told that connection `index` is gone (code 0: closed by the far side; else the
 * Windows error). */
static void tell_lost(sockloop_state *st, unsigned index, const char *call, int code)
{
    tcp_state *ts = (tcp_state *)st->conn;
    tcp_stream *c = &ts->streams[index];
    char name[128], text[sizeof st->fault];
    double after = st->t0 ? wb_ticks_to_s(wb_ticks() - st->t0) : 0;
    sl_connection_name(name, sizeof name, index, st->nsockets, &st->addrs[index], &c->remote);
    if (code == 0) {
        snprintf(text, sizeof text, "%s was closed by the far side %.3f s into the repetition (%s returned 0 bytes)", name,
                 after, call);
    } else {
        wb_error e;
        wb_error_win32(&e, call, (unsigned long)code);
        snprintf(text, sizeof text, "%s was lost %.3f s into the repetition: %s", name, after, e.what);
    }
    sl_fault(st, text);
}

/* Connection `index` is gone, found by either thread: counted once, and the run told. */
static void gone(sockloop_state *st, unsigned index, const char *call, int code)
{
    tcp_state *ts = (tcp_state *)st->conn;
    if (InterlockedCompareExchange(&ts->streams[index].gone, 1, 0) != 0) return;
    InterlockedIncrement(&st->tx.disconnects);
    tell_lost(st, index, call, code);
}

/* The receiver found it gone: it reads no more of it. */
static void lost(sockloop_state *st, unsigned index, const char *call, int code)
{
    tcp_state *ts = (tcp_state *)st->conn;
    ts->streams[index].closed = 1;
    gone(st, index, call, code);
}

/* A stream that does not carry winbench's messages of --size bytes (an echo that answers with
 * something else): nothing after it can be framed. */
static void unframed(sockloop_state *st, unsigned index)
{
    tcp_state *ts = (tcp_state *)st->conn;
    char name[128], text[sizeof st->fault];
    st->rx.bad_packets++;
    ts->streams[index].closed = 1;
    sl_connection_name(name, sizeof name, index, st->nsockets, &st->addrs[index], &ts->streams[index].remote);
    snprintf(text, sizeof text, "%s carried bytes that are not winbench's messages of %u bytes: is the far side an echo "
             "of what it receives?", name, (unsigned)st->cfg.size);
    sl_fault(st, text);
}

/* One whole message: in order on its connection, then accounted as a datagram would be. */
static int take(sockloop_state *st, unsigned index, tcp_stream *c, const char *p, uint64_t t, wb_error *err)
{
    uint64_t seq = get_u64(p + 8);
    if (c->has_seq && seq <= c->last_seq) {   /* a stream cannot do this: counted as the defect it is */
        if (seq == c->last_seq) st->rx.stream_dup++;
        else st->rx.stream_reordered++;
        st->rx.received++;
        return 0;
    }
    c->last_seq = seq;
    c->has_seq = 1;
    return sl_take(st, index, p, (int)st->cfg.size, NULL, 0, t, err);
}

/* Bytes that arrived on connection `index` at t: the messages they end or hold. */
static int feed(sockloop_state *st, unsigned index, const char *data, int len, uint64_t t, wb_error *err)
{
    tcp_state *ts = (tcp_state *)st->conn;
    tcp_stream *c = &ts->streams[index];
    const unsigned size = (unsigned)st->cfg.size;
    while (len > 0 && !c->closed) {
        unsigned n;
        if (c->have == 0) {
            /* whole messages straight from the read */
            if (len >= 8 && (get_u32(data) != PACKET_MAGIC || get_u32(data + 4) != size)) {
                unframed(st, index);
                return 0;
            }
            if ((unsigned)len >= size) {
                if (take(st, index, c, data, t, err) != 0) return -1;
                data += size;
                len -= (int)size;
                continue;
            }
            memcpy(c->buf, data, (size_t)len);   /* the start of one that ends in a later read */
            c->have = (unsigned)len;
            return 0;
        }
        n = size - c->have < (unsigned)len ? size - c->have : (unsigned)len;
        memcpy(c->buf + c->have, data, n);
        c->have += n;
        data += n;
        len -= (int)n;
        if (c->have >= 8 && (get_u32(c->buf) != PACKET_MAGIC || get_u32(c->buf + 4) != size)) {
            unframed(st, index);
            return 0;
        }
        if (c->have == size) {
            c->have = 0;
            if (take(st, index, c, c->buf, t, err) != 0) return -1;
        }
    }
    return 0;
}

static int tcp_open(sockloop_state *st, const struct sockaddr_in *base, wb_error *err)
{
    tcp_state *ts = (tcp_state *)calloc(1, sizeof *ts);
    SOCKET listener = INVALID_SOCKET;
    struct sockaddr_in at = *base;
    const int nodelay = st->cfg.nodelay == WB_ON;
    unsigned i;
    char name[128];
    wb_error e;
    st->conn = ts;
    if (ts == NULL || (ts->streams = (tcp_stream *)calloc(st->nsockets, sizeof *ts->streams)) == NULL ||
        (ts->bufs = (char *)malloc((size_t)st->nsockets * (size_t)st->cfg.size)) == NULL ||
        (ts->clients = (SOCKET *)malloc(st->nsockets * sizeof *ts->clients)) == NULL) {
        wb_error_text(err, "out of memory (%u connections of %u bytes)", st->nsockets, (unsigned)st->cfg.size);
        return -1;
    }
    for (i = 0; i < st->nsockets; i++) {
        ts->clients[i] = INVALID_SOCKET;
        ts->streams[i].buf = ts->bufs + (size_t)i * (size_t)st->cfg.size;
    }
    if (!st->cfg.peer) {
        at.sin_port = htons((unsigned short)st->cfg.port);
        listener = wb_tcp_listen(&at, st->backend->socket_flags, err);   /* what it accepts is waited on */
        if (listener == INVALID_SOCKET) return -1;
        /* The sender connects over loopback to a wildcard listener, never out of the machine. */
        if (at.sin_addr.s_addr == htonl(INADDR_ANY)) at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    }
    for (i = 0; i < st->nsockets; i++) {
        int len = (int)sizeof st->addrs[i];
        const struct sockaddr_in *to = st->cfg.peer ? &st->peer : &at;
        /* One connect, then its accept: the listen backlog never overflows. */
        SOCKET s = wb_tcp_connect(to, CONNECT_TIMEOUT_MS,
                                  st->cfg.peer ? st->backend->socket_flags : WB_SOCKET_FLAGS_PLAIN, &e);
        if (s != INVALID_SOCKET) {
            if (st->cfg.peer) st->sockets[i] = s;
            else ts->clients[i] = s;
            if (wb_tcp_tune(s, nodelay, SOCKET_BUFFER, &e) != 0) s = INVALID_SOCKET;
        }
        if (s != INVALID_SOCKET && !st->cfg.peer) {
            s = st->sockets[i] = wb_tcp_accept(listener, CONNECT_TIMEOUT_MS, &ts->streams[i].remote, &e);
            if (s != INVALID_SOCKET && wb_tcp_tune(s, nodelay, SOCKET_BUFFER, &e) != 0) s = INVALID_SOCKET;
        } else if (s != INVALID_SOCKET) {
            ts->streams[i].remote = st->peer;
        }
        if (s == INVALID_SOCKET) {
            snprintf(name, sizeof name, "connection %u of %u to %s:%u", i + 1, st->nsockets, inet_ntoa(to->sin_addr),
                     ntohs(to->sin_port));
            /* each loopback connection takes a port Windows hands out: where the range is
             * smaller than asked, or blocks of it are reserved, this is where it shows */
            wb_error_text(err, "%s: %s%s", name, e.what,
                          st->cfg.peer ? "" : "; the ports Windows hands out, and the blocks reserved in them, are shown by "
                                              "`netsh int ipv4 show dynamicport tcp` and `netsh int ipv4 show "
                                              "excludedportrange protocol=tcp`");
            if (listener != INVALID_SOCKET) closesocket(listener);
            return -1;
        }
        if (getsockname(s, (struct sockaddr *)&st->addrs[i], &len) == SOCKET_ERROR) st->addrs[i] = at;
        if (st->backend->add(st->waiter, s, err) < 0) {   /* index i: the i-th added */
            if (listener != INVALID_SOCKET) closesocket(listener);
            return -1;
        }
    }
    if (listener != INVALID_SOCKET) closesocket(listener);   /* all accepted: no one else may join */
    return 0;
}

/* A message goes whole or not at all: a stream cannot skip part of one. When the connection's
 * send buffer is full (the receiver is behind: TCP's flow control), the sender waits until it
 * drains, in 10 ms steps so that a stop is seen; that wait is blocked time, and the messages
 * behind it go late. */
static int tcp_send(sockloop_state *st, unsigned target, const char *msg, int len, wb_error *err)
{
    tcp_state *ts = (tcp_state *)st->conn;
    SOCKET s = st->cfg.peer ? st->sockets[target] : ts->clients[target];
    int done = 0;
    while (done < len) {
        int n = send(s, msg + done, len - done, 0);
        int code;
        if (n > 0) {
            done += n;
            continue;
        }
        code = WSAGetLastError();
        if (code == WSAEWOULDBLOCK) {
            fd_set writable;
            struct timeval tv = { 0, 10000 };
            uint64_t since = wb_ticks();
            if (st->tx.stop || *st->ctx->stop) return 2;
            FD_ZERO(&writable);
            FD_SET(s, &writable);
            select(0, NULL, &writable, NULL, &tv);
            st->tx.blocked += wb_ticks() - since;
            continue;
        }
        if (code == WSAECONNRESET || code == WSAECONNABORTED || code == WSAENOTCONN || code == WSAESHUTDOWN ||
            code == WSAENETRESET) {
            gone(st, target, "send", code);   /* the receiver reads on: what arrived before it still counts */
            return 2;
        }
        wb_error_win32(err, "send", (unsigned long)code);
        return -1;
    }
    return 0;
}

/* Readiness: read what the connection has, at most DRAIN_LIMIT reads. A read shorter than asked
 * emptied the socket: the next wake says when there is more (every backend re-arms on arrival). */
static int tcp_readable(sockloop_state *st, unsigned index, wb_error *err)
{
    tcp_state *ts = (tcp_state *)st->conn;
    int count;
    for (count = 0; count < DRAIN_LIMIT && !ts->streams[index].closed; count++) {
        int n;
        uint64_t t;
        sl_read_begins(st, count == 0);   /* the latency split's: where this read began */
        n = recv(st->sockets[index], st->rbuf, STREAM_CHUNK, 0);
        t = wb_ticks();   /* one QPC read per read: every message in it had arrived by then */
        /* returned: the reads that found something (a sweep's measure, include/wb_wait.h) */
        if (n == SOCKET_ERROR) {
            int code = WSAGetLastError();
            if (code == WSAEWOULDBLOCK) return count;
            lost(st, index, "recv", code);
            return count + 1;
        }
        if (n == 0) {
            lost(st, index, "recv", 0);
            return count + 1;
        }
        if (feed(st, index, st->rbuf, n, t, err) != 0) return -1;
        if (n < STREAM_CHUNK) return count + 1;
    }
    return count;
}

/* Completion: a receive finished (len < 0: -WSA error; 0: the far side closed). Returns 1 once
 * the connection is gone, so that nothing is posted on it again. */
static int tcp_received(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                        int fromlen, uint64_t t_recv, wb_error *err)
{
    tcp_state *ts = (tcp_state *)st->conn;
    (void)from, (void)fromlen;
    if (ts->streams[index].closed) return 1;
    if (len <= 0) {
        lost(st, index, "WSARecv", len < 0 ? -len : 0);
        return 1;
    }
    if (feed(st, index, data, len, t_recv, err) != 0) return -1;
    return ts->streams[index].closed ? 1 : 0;
}

static int tcp_echo(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                    int fromlen)
{
    (void)st, (void)index, (void)data, (void)len, (void)from, (void)fromlen;
    return 1;   /* a TCP reflector is sl_tcp_reflect */
}

/* Each repetition numbers its messages from 0. (A message cut at the end of the last one, which
 * waited for all it sent, cannot be: the stream stays framed.) */
static void tcp_rep_start(sockloop_state *st)
{
    tcp_state *ts = (tcp_state *)st->conn;
    unsigned i;
    for (i = 0; ts && i < st->nsockets; i++) ts->streams[i].has_seq = 0;
}

static void tcp_close(sockloop_state *st)
{
    tcp_state *ts = (tcp_state *)st->conn;
    unsigned i;
    for (i = 0; st->sockets && i < st->nsockets; i++)
        if (st->sockets[i] != INVALID_SOCKET) closesocket(st->sockets[i]);
    if (ts) {
        for (i = 0; ts->clients && i < st->nsockets; i++)
            if (ts->clients[i] != INVALID_SOCKET) closesocket(ts->clients[i]);
        free(ts->clients), free(ts->streams), free(ts->bufs), free(ts);
    }
    st->conn = NULL;
}

const sl_transport sl_tcp = {
    .name = "tcp",
    .stream = 1,
    .open = tcp_open,
    .send = tcp_send,
    .readable = tcp_readable,
    .received = tcp_received,
    .echo = tcp_echo,
    .close = tcp_close,
    .rep_start = tcp_rep_start,
};

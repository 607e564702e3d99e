/* sockloop's TCP reflector: listens on --bind:--port, accepts any number of connections for
 * --duration and echoes each connection's messages back on it, whole, in order.
 *
 * Its set of connections grows and shrinks: the listener and every connection are in the
 * --loop backend's waiter (select: the one that also waits for room to send), added when
 * accepted and removed when gone, each by the waiter's index. It is the echo, not what is
 * measured: the peer's loop is.
 *
 * Every connection has two fixed buffers: what came in and is not yet echoed, and what is
 * echoed and not yet taken by the far side. A client that stops reading fills its out buffer,
 * then its in buffer, then the reflector stops reading from it (TCP's flow control takes it
 * from there) and waits for room to send instead: memory never grows with what a client does.
 * A connection whose bytes are not winbench's messages (magic, a size from the header to
 * 65,507 bytes) is dropped and counted in bad_packets; the others are served on. A client
 * leaving is counted in disconnects; one more than the waiter holds (FD_SETSIZE at once) is
 * closed at once and counted in refused. */
#include "sockloop.h"

#include <stdlib.h>
#include <string.h>

#include "wb_net.h"

#define IN_CAP 65536    /* holds a message of MESSAGE_MAX bytes */
#define OUT_CAP 65536

typedef struct reflect_conn {
    SOCKET s;                   /* INVALID_SOCKET: no connection has this index */
    char *in, *out;             /* IN_CAP and OUT_CAP bytes, one allocation per connection */
    unsigned in_have, out_have, out_sent;
    unsigned watching;          /* what the waiter waits for on it: WB_WAIT_READ, WB_WAIT_WRITE */
} reflect_conn;

typedef struct reflect_state {
    SOCKET listener;
    unsigned listener_index;    /* the listener's index in the waiter */
    reflect_conn *conns;        /* by the waiter's index (the listener's entry unused) */
    unsigned cap;
} reflect_state;


static int reflect_open(sockloop_state *st, const struct sockaddr_in *base, wb_error *err)
{
    reflect_state *rs = (reflect_state *)calloc(1, sizeof *rs);
    int index;
    st->conn = rs;
    if (rs == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    rs->listener = INVALID_SOCKET;
    st->addrs[0] = *base;
    st->addrs[0].sin_port = htons((unsigned short)st->cfg.port);
    rs->listener = wb_tcp_listen(&st->addrs[0], st->backend->socket_flags, err);
    if (rs->listener == INVALID_SOCKET || (index = st->backend->add(st->waiter, rs->listener, err)) < 0) return -1;
    rs->listener_index = (unsigned)index;
    return 0;
}

/* The connection at `index` is finished: out of the waiter, closed and freed; its index is
 * the waiter's to give again. */
static void drop(sockloop_state *st, reflect_state *rs, unsigned index)
{
    wb_error ignored;
    reflect_conn *c = &rs->conns[index];
    st->backend->remove(st->waiter, index, &ignored);   /* an index it gave: cannot fail */
    closesocket(c->s);
    free(c->in);
    c->s = INVALID_SOCKET;
    c->in = c->out = NULL;
}

/* Room for index in conns (indexes are given lowest first: at most the connections at once). */
static int make_room(reflect_state *rs, unsigned index)
{
    unsigned cap = rs->cap ? rs->cap : 16, i;
    reflect_conn *grown;
    if (index < rs->cap) return 0;
    while (cap <= index) cap *= 2;
    grown = (reflect_conn *)realloc(rs->conns, cap * sizeof *grown);
    if (grown == NULL) return -1;
    for (i = rs->cap; i < cap; i++) grown[i].s = INVALID_SOCKET, grown[i].in = NULL;
    rs->conns = grown;
    rs->cap = cap;
    return 0;
}

/* One accepted connection into the waiter. Returns 0, 1 when the waiter is full (refused), -1
 * on an error of the run. */
static int take_connection(sockloop_state *st, reflect_state *rs, SOCKET s, wb_error *err)
{
    wb_error e;
    reflect_conn *c;
    int index = st->backend->add(st->waiter, s, &e);
    if (index < 0) return 1;
    if (make_room(rs, (unsigned)index) != 0 || (rs->conns[index].in = (char *)malloc(IN_CAP + OUT_CAP)) == NULL) {
        st->backend->remove(st->waiter, (unsigned)index, &e);
        wb_error_text(err, "out of memory (%u connections)", (unsigned)index);
        return -1;
    }
    c = &rs->conns[index];
    c->s = s;
    c->out = c->in + IN_CAP;
    c->in_have = c->out_have = c->out_sent = 0;
    c->watching = WB_WAIT_READ;   /* what add waits for */
    return 0;
}

static int accept_all(sockloop_state *st, reflect_state *rs, wb_error *err)
{
    for (;;) {
        struct sockaddr_in from;
        int len = (int)sizeof from, rc;
        SOCKET s = accept(rs->listener, (struct sockaddr *)&from, &len);
        wb_error e;
        if (s == INVALID_SOCKET) {
            int code = WSAGetLastError();
            if (code == WSAEWOULDBLOCK || code == WSAECONNRESET) return 0;   /* none left; one that gave up */
            wb_error_win32(err, "accept", (unsigned long)code);
            return -1;
        }
        if (!sl_allowed(st, &from)) {   /* outside --allow: closed at once, counted */
            st->rx.refused++;
            closesocket(s);
            continue;
        }
        if (wb_tcp_tune(s, st->cfg.nodelay == WB_ON, SOCKET_BUFFER, &e) != 0) {
            closesocket(s);   /* gone already, most likely */
            continue;
        }
        rc = take_connection(st, rs, s, err);
        if (rc != 0) closesocket(s);
        if (rc < 0) return -1;
        if (rc > 0) st->rx.refused++;   /* more than the waiter holds */
    }
}

/* Sends what is echoed and not yet sent. Returns -1 when the connection is gone. */
static int flush(reflect_conn *c)
{
    while (c->out_sent < c->out_have) {
        int n = send(c->s, c->out + c->out_sent, (int)(c->out_have - c->out_sent), 0);
        if (n == SOCKET_ERROR) return WSAGetLastError() == WSAEWOULDBLOCK ? 0 : -1;
        c->out_sent += (unsigned)n;
    }
    c->out_have = c->out_sent = 0;
    return 0;
}

/* Moves the whole messages that came in to the echo, as far as it has room. Returns 1 when the
 * stream is not winbench's, -1 on an error of the run. */
static int pump(sockloop_state *st, unsigned index, reflect_conn *c, uint64_t t, wb_error *err)
{
    unsigned at = 0;
    int rc = 0;
    while (c->in_have - at >= 8) {
        const char *msg = c->in + at;
        uint32_t size = get_u32(msg + 4);
        if (get_u32(msg) != PACKET_MAGIC || size < HEADER_SIZE || size > MESSAGE_MAX) {
            rc = 1;
            break;
        }
        if (c->in_have - at < size) break;
        if (OUT_CAP - c->out_have < size && c->out_sent > 0) {   /* make room: what was sent is done */
            memmove(c->out, c->out + c->out_sent, c->out_have - c->out_sent);
            c->out_have -= c->out_sent;
            c->out_sent = 0;
        }
        if (OUT_CAP - c->out_have < size) break;   /* the far side is not reading: wait for it */
        memcpy(c->out + c->out_have, msg, size);
        c->out_have += size;
        at += size;
        if (sl_take(st, index, msg, (int)size, NULL, 0, t, err) != 0) return -1;   /* counted as echoed */
    }
    if (at > 0) {
        memmove(c->in, c->in + at, c->in_have - at);
        c->in_have -= at;
    }
    return rc;
}

/* Waits for what the connection can take now: more to read while its in buffer has room,
 * room to send while an echo waits. */
static int watch(sockloop_state *st, reflect_conn *c, unsigned index, wb_error *err)
{
    unsigned want = (c->in_have < IN_CAP ? WB_WAIT_READ : 0) | (c->out_sent < c->out_have ? WB_WAIT_WRITE : 0);
    if (want == c->watching) return 0;
    c->watching = want;
    return st->backend->watch(st->waiter, index, want, err);
}

/* A whole message is in the in buffer (its header read, all of its bytes there). */
static int whole_message_in(const reflect_conn *c)
{
    return c->in_have >= 8 && c->in_have >= get_u32(c->in + 4);
}

/* What came in, echoed as far as there is room: pump, then send. When pump was held back for
 * room and the send then took the whole echo, pump again: else a full in buffer beside an empty
 * echo would be waited on for nothing (neither read nor write) for ever. Returns 0 served on,
 * 1 dropped (not winbench's stream, or gone), -1 an error of the run. */
static int echo_what_came(sockloop_state *st, reflect_state *rs, unsigned index, uint64_t t, wb_error *err)
{
    reflect_conn *c = &rs->conns[index];
    do {
        int rc = pump(st, index, c, t, err);
        if (rc < 0) return -1;
        if (rc > 0) {
            st->rx.bad_packets++;
            drop(st, rs, index);
            return 1;
        }
        if (flush(c) != 0) {
            st->tx.disconnects++;
            drop(st, rs, index);
            return 1;
        }
    } while (c->out_have == 0 && whole_message_in(c));   /* with the echo empty, pump moves one at least */
    return watch(st, c, index, err) < 0 ? -1 : 0;
}

/* Serves one readable connection: read as much as its in buffer holds, echo what is whole. */
static int serve_readable(sockloop_state *st, reflect_state *rs, unsigned index, uint64_t t, wb_error *err)
{
    reflect_conn *c = &rs->conns[index];
    int n;
    if (c->in_have == IN_CAP) return 0;   /* read no more until the echo moves (a readiness of before) */
    n = recv(c->s, c->in + c->in_have, (int)(IN_CAP - c->in_have), 0);
    if (n == SOCKET_ERROR && WSAGetLastError() == WSAEWOULDBLOCK) return 0;
    if (n <= 0) {   /* the client left (closed, or reset) */
        st->tx.disconnects++;
        drop(st, rs, index);
        return 0;
    }
    c->in_have += (unsigned)n;
    return echo_what_came(st, rs, index, t, err) < 0 ? -1 : 0;
}

/* Room to send again: the echo goes on, and what waited in the in buffer moves to it. */
static int serve_writable(sockloop_state *st, reflect_state *rs, unsigned index, uint64_t t, wb_error *err)
{
    reflect_conn *c = &rs->conns[index];
    if (flush(c) != 0) {
        st->tx.disconnects++;
        drop(st, rs, index);
        return 0;
    }
    return echo_what_came(st, rs, index, t, err) < 0 ? -1 : 0;
}

static reflect_conn *conn_at(reflect_state *rs, unsigned index)
{
    return index < rs->cap && rs->conns[index].s != INVALID_SOCKET ? &rs->conns[index] : NULL;
}

static int reflect_readable(sockloop_state *st, unsigned index, wb_error *err)
{
    reflect_state *rs = (reflect_state *)st->conn;
    if (index == rs->listener_index) return accept_all(st, rs, err);
    return conn_at(rs, index) ? serve_readable(st, rs, index, wb_ticks(), err) : 0;
}

static int reflect_writable(sockloop_state *st, unsigned index, wb_error *err)
{
    reflect_state *rs = (reflect_state *)st->conn;
    return conn_at(rs, index) ? serve_writable(st, rs, index, wb_ticks(), err) : 0;
}

static int reflect_send(sockloop_state *st, unsigned target, const char *msg, int len, wb_error *err)
{
    (void)st, (void)target, (void)msg, (void)len;
    wb_error_text(err, "a reflector does not send");
    return -1;
}

static int reflect_received(sockloop_state *st, unsigned index, const char *data, int len,
                            const struct sockaddr_in *from, int fromlen, uint64_t t_recv, wb_error *err)
{
    (void)st, (void)index, (void)data, (void)len, (void)from, (void)fromlen, (void)t_recv;
    wb_error_text(err, "the TCP reflector waits for readiness (check_reflector_loop picks such a loop)");
    return -1;
}

/* sl_take's echo: pump has put the message in the connection's echo already. */
static int reflect_echo(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                        int fromlen)
{
    (void)st, (void)index, (void)data, (void)len, (void)from, (void)fromlen;
    return 0;
}

/* After the waiter is destroyed (sockloop_teardown): the sockets are only closed. */
static void reflect_close(sockloop_state *st)
{
    reflect_state *rs = (reflect_state *)st->conn;
    unsigned i;
    if (rs == NULL) return;
    for (i = 0; i < rs->cap; i++)
        if (rs->conns[i].s != INVALID_SOCKET) {
            closesocket(rs->conns[i].s);
            free(rs->conns[i].in);
        }
    if (rs->listener != INVALID_SOCKET) closesocket(rs->listener);
    free(rs->conns), free(rs);
    st->conn = NULL;
}

const sl_transport sl_tcp_reflect = {
    .name = "tcp",
    .stream = 1,
    .open = reflect_open,
    .send = reflect_send,
    .grows = 1,
    .readable = reflect_readable,
    .writable = reflect_writable,
    .received = reflect_received,
    .echo = reflect_echo,
    .close = reflect_close,
};

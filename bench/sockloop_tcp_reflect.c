/* sockloop's TCP reflector: listens on --bind:--port, accepts any number of connections for
 * --duration and echoes each connection's messages back on it, whole, in order.
 *
 * Its set of connections grows and shrinks, which none of the --loop backends follows (their
 * sets are fixed at set-up), so it waits with a select() of its own over sets sized to the
 * connections (Winsock's select takes any fd_count; the fd_set type only fixes FD_SETSIZE for
 * the stack: libevent's win32select.c allocates them the same way). It is the echo, not what
 * is measured: the peer's loop is.
 *
 * Every connection has two fixed buffers: what came in and is not yet echoed, and what is
 * echoed and not yet taken by the far side. A client that stops reading fills its out buffer,
 * then its in buffer, then the reflector stops reading from it (TCP's flow control takes it
 * from there): memory never grows with what a client does. A connection whose bytes are not
 * winbench's messages (magic, a size from the header to 65,507 bytes) is dropped and counted
 * in bad_packets; the others are served on. A client leaving is counted in disconnects. */
#include "sockloop.h"

#include <stdlib.h>
#include <string.h>

#include "wb_net.h"

#define IN_CAP 65536    /* holds a message of MESSAGE_MAX bytes */
#define OUT_CAP 65536

typedef struct reflect_conn {
    SOCKET s;
    char *in, *out;             /* IN_CAP and OUT_CAP bytes, one allocation per connection */
    unsigned in_have, out_have, out_sent;
} reflect_conn;

/* An fd_set of any size: the same layout, a longer array. */
typedef struct wide_set {
    u_int fd_count;
    SOCKET fd_array[1];
} wide_set;

typedef struct reflect_state {
    SOCKET listener;
    reflect_conn *conns;
    unsigned n, cap;
    wide_set *readable, *writable;   /* room for cap + 1 sockets */
} reflect_state;


static wide_set *wide_set_new(unsigned cap)
{
    return (wide_set *)malloc(sizeof(wide_set) + (size_t)cap * sizeof(SOCKET));
}

static int reflect_open(sockloop_state *st, const struct sockaddr_in *base, wb_error *err)
{
    reflect_state *rs = (reflect_state *)calloc(1, sizeof *rs);
    st->conn = rs;
    if (rs == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    rs->listener = INVALID_SOCKET;
    st->addrs[0] = *base;
    st->addrs[0].sin_port = htons((unsigned short)st->cfg.port);
    rs->listener = wb_tcp_listen(&st->addrs[0], st->backend->socket_flags, err);
    return rs->listener == INVALID_SOCKET ? -1 : 0;
}

/* The connection at `i` is finished: closed and freed now, taken out of the list by compact()
 * once the wake is served (so that indices stay put while it is). */
static void drop(reflect_state *rs, unsigned i)
{
    closesocket(rs->conns[i].s);
    free(rs->conns[i].in);
    rs->conns[i].s = INVALID_SOCKET;
    rs->conns[i].in = NULL;
}

static void compact(reflect_state *rs)
{
    unsigned i, kept = 0;
    for (i = 0; i < rs->n; i++)
        if (rs->conns[i].s != INVALID_SOCKET) rs->conns[kept++] = rs->conns[i];
    rs->n = kept;
}

static int accept_all(sockloop_state *st, reflect_state *rs, wb_error *err)
{
    for (;;) {
        struct sockaddr_in from;
        int len = (int)sizeof from;
        SOCKET s = accept(rs->listener, (struct sockaddr *)&from, &len);
        reflect_conn *c;
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
        if (rs->n == rs->cap) {
            unsigned cap = rs->cap ? rs->cap * 2 : 16;
            reflect_conn *grown = (reflect_conn *)realloc(rs->conns, cap * sizeof *grown);
            wide_set *r = wide_set_new(cap + 1), *w = wide_set_new(cap + 1);
            if (grown == NULL || r == NULL || w == NULL) {
                if (grown) rs->conns = grown;
                free(r), free(w);
                closesocket(s);
                wb_error_text(err, "out of memory (%u connections)", cap);
                return -1;
            }
            rs->conns = grown;
            free(rs->readable), free(rs->writable);
            rs->readable = r;
            rs->writable = w;
            rs->cap = cap;
        }
        c = &rs->conns[rs->n];
        memset(c, 0, sizeof *c);
        c->s = s;
        c->in = (char *)malloc(IN_CAP + OUT_CAP);
        if (c->in == NULL) {
            closesocket(s);
            wb_error_text(err, "out of memory (a connection's buffers)");
            return -1;
        }
        c->out = c->in + IN_CAP;
        rs->n++;
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

/* Serves one readable connection: read as much as its in buffer holds, echo what is whole. */
static int serve_readable(sockloop_state *st, reflect_state *rs, unsigned i, uint64_t t, wb_error *err)
{
    reflect_conn *c = &rs->conns[i];
    int n = recv(c->s, c->in + c->in_have, (int)(IN_CAP - c->in_have), 0), rc;
    if (n == SOCKET_ERROR && WSAGetLastError() == WSAEWOULDBLOCK) return 0;
    if (n <= 0) {   /* the client left (closed, or reset) */
        st->tx.disconnects++;
        drop(rs, i);
        return 1;
    }
    c->in_have += (unsigned)n;
    rc = pump(st, i, c, t, err);
    if (rc < 0) return -1;
    if (rc > 0) {
        st->rx.bad_packets++;
        drop(rs, i);
        return 1;
    }
    if (flush(c) != 0) {
        st->tx.disconnects++;
        drop(rs, i);
        return 1;
    }
    return 0;
}

static int contains(const wide_set *set, unsigned *cursor, SOCKET s)
{
    unsigned k;
    /* select keeps the ready sockets in the order they were given: a walk in step finds each,
     * the search behind it is for a select that does not */
    if (*cursor < set->fd_count && set->fd_array[*cursor] == s) {
        (*cursor)++;
        return 1;
    }
    for (k = 0; k < set->fd_count; k++)
        if (set->fd_array[k] == s) return 1;
    return 0;
}

static int reflect_wait(sockloop_state *st, DWORD timeout_ms, wb_error *err)
{
    reflect_state *rs = (reflect_state *)st->conn;
    struct timeval tv;
    unsigned i, rcur = 0, wcur = 0, count;
    int n, events = 0;
    uint64_t t;
    if (rs->readable == NULL && ((rs->readable = wide_set_new(1)) == NULL || (rs->writable = wide_set_new(1)) == NULL)) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    rs->readable->fd_count = rs->writable->fd_count = 0;
    rs->readable->fd_array[rs->readable->fd_count++] = rs->listener;
    for (i = 0; i < rs->n; i++) {
        if (rs->conns[i].in_have < IN_CAP) rs->readable->fd_array[rs->readable->fd_count++] = rs->conns[i].s;
        if (rs->conns[i].out_sent < rs->conns[i].out_have) rs->writable->fd_array[rs->writable->fd_count++] = rs->conns[i].s;
    }
    tv.tv_sec = (long)(timeout_ms / 1000);
    tv.tv_usec = (long)(timeout_ms % 1000) * 1000;
    n = select(0, (fd_set *)rs->readable, rs->writable->fd_count ? (fd_set *)rs->writable : NULL, NULL, &tv);
    t = wb_ticks();
    if (n == SOCKET_ERROR) {
        wb_error_win32(err, "select", (unsigned long)WSAGetLastError());
        return -1;
    }
    if (st->rx.wait_started) {   /* the wait is over: what follows is busy */
        st->rx.blocked += t - st->rx.wait_started;
        st->rx.wait_started = 0;
    }
    if (n == 0) return 0;
    /* The connections as they were when the sets were made (accepting adds new ones after them;
     * a dropped one keeps its place until compact()). */
    count = rs->n;
    if (contains(rs->readable, &rcur, rs->listener)) {
        if (accept_all(st, rs, err) != 0) return -1;
        events++;
    }
    for (i = 0; i < count; i++) {
        SOCKET s = rs->conns[i].s;
        int r = rs->conns[i].in_have < IN_CAP && contains(rs->readable, &rcur, s);
        int w = rs->conns[i].out_sent < rs->conns[i].out_have && contains(rs->writable, &wcur, s);
        if (!r && !w) continue;
        events++;
        if (w && flush(&rs->conns[i]) != 0) {
            st->tx.disconnects++;
            drop(rs, i);
            continue;
        }
        if (w && !r) {   /* room in its echo again: what waited in its in buffer may move on */
            int rc = pump(st, i, &rs->conns[i], t, err);
            if (rc < 0) return -1;
            if (rc == 0 && flush(&rs->conns[i]) == 0) continue;
            if (rc > 0) st->rx.bad_packets++;
            else st->tx.disconnects++;
            drop(rs, i);
            continue;
        }
        if (r && serve_readable(st, rs, i, t, err) < 0) return -1;
    }
    compact(rs);
    return events;
}

static int reflect_send(sockloop_state *st, unsigned target, const char *msg, int len, wb_error *err)
{
    (void)st, (void)target, (void)msg, (void)len;
    wb_error_text(err, "a reflector does not send");
    return -1;
}

static int reflect_readable(sockloop_state *st, unsigned index, wb_error *err)
{
    (void)st, (void)index;
    wb_error_text(err, "the TCP reflector waits itself");
    return -1;
}

static int reflect_received(sockloop_state *st, unsigned index, const char *data, int len,
                            const struct sockaddr_in *from, int fromlen, uint64_t t_recv, wb_error *err)
{
    (void)data, (void)len, (void)from, (void)fromlen, (void)t_recv;
    return reflect_readable(st, index, err);
}

/* sl_take's echo: pump has put the message in the connection's echo already. */
static int reflect_echo(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                        int fromlen)
{
    (void)st, (void)index, (void)data, (void)len, (void)from, (void)fromlen;
    return 0;
}

static void reflect_close(sockloop_state *st)
{
    reflect_state *rs = (reflect_state *)st->conn;
    unsigned i;
    if (rs == NULL) return;
    for (i = 0; i < rs->n; i++)
        if (rs->conns[i].s != INVALID_SOCKET) drop(rs, i);
    if (rs->listener != INVALID_SOCKET) closesocket(rs->listener);
    free(rs->conns), free(rs->readable), free(rs->writable), free(rs);
    st->conn = NULL;
}

const sl_transport sl_tcp_reflect = {
    .name = "tcp",
    .stream = 1,
    .open = reflect_open,
    .send = reflect_send,
    .readable = reflect_readable,
    .received = reflect_received,
    .echo = reflect_echo,
    .close = reflect_close,
    .wait = reflect_wait,
};

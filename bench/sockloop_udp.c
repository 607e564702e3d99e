/* sockloop's UDP transport: one datagram is one message. The receiving sockets are bound
 * non-blocking UDP sockets (wb_udp_socket); loopback mode sends from a socket of its own, peer
 * mode through receiving socket 0, so that the reflector's echo comes back to it. */
#include "sockloop.h"

#include "wb_net.h"

static int udp_open(sockloop_state *st, const struct sockaddr_in *base, wb_error *err)
{
    unsigned i;
    for (i = 0; i < st->nsockets; i++) {
        st->addrs[i] = *base;
        st->addrs[i].sin_port = htons((unsigned short)(st->cfg.port ? st->cfg.port + i : 0));
        st->sockets[i] = wb_udp_socket(&st->addrs[i], SOCKET_BUFFER, err);
        if (st->sockets[i] == INVALID_SOCKET || st->backend->add(st->waiter, st->sockets[i], err) != 0) return -1;
        /* Receivers on the wildcard address: a loopback run sends to them over 127.0.0.1, never
         * to 0.0.0.0 (which Windows refuses) or out of the machine. */
        if (!st->cfg.peer && !st->cfg.reflect && st->addrs[i].sin_addr.s_addr == htonl(INADDR_ANY))
            st->addrs[i].sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    }
    if (!st->cfg.peer && !st->cfg.reflect) {
        struct sockaddr_in any = *base;
        any.sin_port = 0;
        st->send_socket = wb_udp_socket(&any, SOCKET_BUFFER, err);
        if (st->send_socket == INVALID_SOCKET) return -1;
    }
    return 0;
}

static int udp_send(sockloop_state *st, unsigned target, const char *msg, int len, wb_error *err)
{
    const struct sockaddr_in *to = st->cfg.peer ? &st->peer : &st->addrs[target];
    SOCKET via = st->cfg.peer ? st->sockets[0] : st->send_socket;
    if (sendto(via, msg, len, 0, (const struct sockaddr *)to, sizeof *to) == SOCKET_ERROR) {
        int code = WSAGetLastError();
        /* a full send buffer (or a port-unreachable left over from a vanished peer): the
         * datagram never left, and is counted */
        if (code == WSAEWOULDBLOCK || code == WSAENOBUFS || code == WSAECONNRESET) return 1;
        wb_error_win32(err, "sendto", (unsigned long)code);
        return -1;
    }
    return 0;
}

/* Reads what is waiting on one socket, at most DRAIN_LIMIT datagrams (the same for every
 * backend: a busy socket cannot starve the others; what is left is readable at the next wake). */
static int udp_readable(sockloop_state *st, unsigned index, wb_error *err)
{
    const int cap = st->cfg.reflect ? REFLECT_BUFFER : (int)st->cfg.size + 1;
    SOCKET s = st->sockets[index];
    int count;
    for (count = 0; count < DRAIN_LIMIT; count++) {
        struct sockaddr_in from;
        int fromlen = (int)sizeof from;
        int len = recvfrom(s, st->rbuf, cap, 0, (struct sockaddr *)&from, &fromlen);
        uint64_t t = wb_ticks();   /* the receiver's one QPC read per datagram */
        if (len == SOCKET_ERROR) {
            int code = WSAGetLastError();
            if (code == WSAEWOULDBLOCK) return 0;
            len = -code;
        }
        if (sl_take(st, index, st->rbuf, len, &from, fromlen, t, err) != 0) return -1;
    }
    return 0;
}

/* A completion backend's datagram is a whole message already. */
static int udp_received(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                        int fromlen, uint64_t t_recv, wb_error *err)
{
    return sl_take(st, index, data, len, from, fromlen, t_recv, err);
}

static int udp_echo(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                    int fromlen)
{
    return sendto(st->sockets[index], data, len, 0, (const struct sockaddr *)from, fromlen) == SOCKET_ERROR;
}

static void udp_close(sockloop_state *st)
{
    unsigned i;
    for (i = 0; st->sockets && i < st->nsockets; i++)
        if (st->sockets[i] != INVALID_SOCKET) closesocket(st->sockets[i]);
    if (st->send_socket != INVALID_SOCKET) closesocket(st->send_socket);
}

const sl_transport sl_udp = {
    .name = "udp",
    .open = udp_open,
    .send = udp_send,
    .readable = udp_readable,
    .received = udp_received,
    .echo = udp_echo,
    .close = udp_close,
};

/* sockloop's UDP transport: one datagram is one message. The receiving sockets are bound
 * non-blocking UDP sockets (wb_udp_socket); loopback mode sends from a socket of its own, peer
 * mode through receiving socket 0, so that the reflector's echo comes back to it.
 *
 * Multicast (--group, pgmping's case): the one receiving socket is bound to the wildcard
 * address on --port and joins the group on --bind's interface; the sender sends to the group
 * with --ttl, out of --bind's interface. IP_MULTICAST_LOOP is turned on on both sockets, since
 * Windows reads it on the receiving side and Linux (so Wine) on the sending side. A --peer
 * whose address is a group sends there the same way; reflectors that joined it echo back. */
#include "sockloop.h"

#include <string.h>
#include <ws2tcpip.h>   /* Winsock 2's IP_ADD_MEMBERSHIP and ip_mreq (winsock.h's are 1.1's) */

#include "wb_net.h"

static int is_multicast(struct in_addr a) { return (ntohl(a.s_addr) >> 28) == 0xE; }

static int set_ip(SOCKET s, int option, const char *name, const void *value, int len, wb_error *err)
{
    if (setsockopt(s, IPPROTO_IP, option, (const char *)value, len) == SOCKET_ERROR) {
        wb_error_win32(err, name, (unsigned long)WSAGetLastError());
        return -1;
    }
    return 0;
}

/* What sends to a group: out of iface (0.0.0.0: the system's choice), ttl hops, looped back. */
static int multicast_sender(SOCKET s, struct in_addr iface, uint64_t ttl, wb_error *err)
{
    DWORD hops = (DWORD)ttl, loop = 1;
    if (iface.s_addr != htonl(INADDR_ANY) &&
        set_ip(s, IP_MULTICAST_IF, "setsockopt(IP_MULTICAST_IF)", &iface, (int)sizeof iface, err) != 0)
        return -1;
    if (set_ip(s, IP_MULTICAST_TTL, "setsockopt(IP_MULTICAST_TTL)", &hops, (int)sizeof hops, err) != 0) return -1;
    return set_ip(s, IP_MULTICAST_LOOP, "setsockopt(IP_MULTICAST_LOOP)", &loop, (int)sizeof loop, err);
}

/* The receiving socket of a group: the wildcard address on --port, joined on iface. */
static int join_group(sockloop_state *st, struct in_addr iface, wb_error *err)
{
    struct sockaddr_in at;
    struct ip_mreq join;
    DWORD loop = 1;
    char call[96];
    memset(&at, 0, sizeof at);
    at.sin_family = AF_INET;
    at.sin_port = htons((unsigned short)st->cfg.port);
    st->sockets[0] = wb_udp_socket(&at, SOCKET_BUFFER, st->backend->socket_flags, err);
    if (st->sockets[0] == INVALID_SOCKET) return -1;
    join.imr_multiaddr = st->group.sin_addr;
    join.imr_interface = iface;
    snprintf(call, sizeof call, "setsockopt(IP_ADD_MEMBERSHIP %s", inet_ntoa(st->group.sin_addr));
    snprintf(call + strlen(call), sizeof call - strlen(call), " on %s)", inet_ntoa(iface));
    if (set_ip(st->sockets[0], IP_ADD_MEMBERSHIP, call, &join, (int)sizeof join, err) != 0) {
        /* An interface with no route for multicast (--bind 0.0.0.0 where nothing routes
         * 224.0.0.0/4): Wine says "Invalid argument", Windows "no such address" or the like;
         * what to do is the same. */
        size_t used = strlen(err->what);
        snprintf(err->what + used, sizeof err->what - used, " - no route for multicast from %s: --bind an interface that "
                 "has one (or add a route for 224.0.0.0/4)", st->cfg.bind);
        return -1;
    }
    if (set_ip(st->sockets[0], IP_MULTICAST_LOOP, "setsockopt(IP_MULTICAST_LOOP)", &loop, (int)sizeof loop, err) != 0)
        return -1;
    st->group.sin_port = at.sin_port;   /* the port bound (--port 0: a free one) */
    st->addrs[0] = st->group;           /* what the sender sends to, and what the rows name */
    return st->backend->add(st->waiter, st->sockets[0], err) < 0 ? -1 : 0;
}

/* A receiving socket that could not be opened after `opened` were: how far it got, and, for a
 * bind on a port Windows hands out, where to look (a reserved block refuses it with WSAEACCES,
 * a range smaller than the default with WSAENOBUFS or WSAEADDRINUSE). The set-up then fails:
 * the sockets are closed at tear-down, and no CSV is begun. */
static int opened_part(const sockloop_state *st, unsigned opened, wb_error *err)
{
    char why[sizeof err->what], how_far[64] = "", hint[300];
    snprintf(why, sizeof why, "%s", err->what);
    wb_bind_hint(strncmp(why, "bind(", 5) == 0 ? err->code : 0, st->cfg.port, "udp", hint, sizeof hint);
    if (opened > 0) snprintf(how_far, sizeof how_far, "opened %u of the %u receiving sockets, then ", opened, st->nsockets);
    wb_error_text(err, "%s%s%s", how_far, why, hint);
    return -1;
}

static int udp_open(sockloop_state *st, const struct sockaddr_in *base, wb_error *err)
{
    unsigned i;
    if (st->cfg.group) {
        if (join_group(st, base->sin_addr, err) != 0) return -1;
    }
    for (i = st->cfg.group ? st->nsockets : 0; i < st->nsockets; i++) {
        st->addrs[i] = *base;
        st->addrs[i].sin_port = htons((unsigned short)(st->cfg.port ? st->cfg.port + i : 0));
        st->sockets[i] = wb_udp_socket(&st->addrs[i], SOCKET_BUFFER, st->backend->socket_flags, err);
        if (st->sockets[i] == INVALID_SOCKET) return opened_part(st, i, err);
        if (st->backend->add(st->waiter, st->sockets[i], err) < 0) return -1;
        /* Receivers on the wildcard address: a loopback run sends to them over 127.0.0.1, never
         * to 0.0.0.0 (which Windows refuses) or out of the machine. */
        if (!st->cfg.peer && !st->cfg.reflect && st->addrs[i].sin_addr.s_addr == htonl(INADDR_ANY))
            st->addrs[i].sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    }
    if (!st->cfg.peer && !st->cfg.reflect) {
        struct sockaddr_in any = *base;
        any.sin_port = 0;
        st->send_socket = wb_udp_socket(&any, SOCKET_BUFFER, WB_SOCKET_FLAGS_PLAIN, err);   /* not waited on */
        if (st->send_socket == INVALID_SOCKET) return -1;
        if (st->cfg.group && multicast_sender(st->send_socket, base->sin_addr, st->cfg.ttl, err) != 0) return -1;
    }
    if (st->cfg.peer && is_multicast(st->peer.sin_addr) &&
        multicast_sender(st->sockets[0], base->sin_addr, st->cfg.ttl, err) != 0)
        return -1;
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
        if (is_multicast(to->sin_addr) && (code == WSAENETUNREACH || code == WSAEHOSTUNREACH || code == WSAEADDRNOTAVAIL)) {
            char call[96];
            snprintf(call, sizeof call, "sendto(group %s:%u)", inet_ntoa(to->sin_addr), ntohs(to->sin_port));
            wb_error_win32(err, call, (unsigned long)code);
            snprintf(err->what + strlen(err->what), sizeof err->what - strlen(err->what),
                     " - no route for multicast from %s: --bind an interface that has one (or add a route for "
                     "224.0.0.0/4)", st->cfg.bind);
            return -1;
        }
        {   /* the address too: "unreachable" says nothing of which */
            char call[64];
            snprintf(call, sizeof call, "sendto(%s:%u)", inet_ntoa(to->sin_addr), ntohs(to->sin_port));
            wb_error_win32(err, call, (unsigned long)code);
        }
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
        int fromlen = (int)sizeof from, len;
        sl_read_begins(st, count == 0);   /* the latency split's: where this read began */
        len = recvfrom(s, st->rbuf, cap, 0, (struct sockaddr *)&from, &fromlen);
        uint64_t t = wb_ticks();   /* the read's end (its begin stamped above): two QPC reads a datagram */
        if (len == SOCKET_ERROR) {
            int code = WSAGetLastError();
            if (code == WSAEWOULDBLOCK) return count;   /* what was there: a sweep's measure */
            len = -code;
        }
        if (sl_take(st, index, st->rbuf, len, &from, fromlen, t, err) != 0) return -1;
    }
    return count;
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

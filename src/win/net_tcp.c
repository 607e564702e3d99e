/* TCP sockets for sockloop: a listener, connections made with a time limit, and the options
 * every connection gets (non-blocking, TCP_NODELAY as asked, large buffers). */
#include <stdio.h>
#include <string.h>
#include "wb_net.h"
#include "wb_test_hooks.h"

static void fail_at(wb_error *err, const char *call, const struct sockaddr_in *addr, int code)
{
    char what[96];
    if (addr)
        snprintf(what, sizeof what, "%s(%s:%u)", call, inet_ntoa(addr->sin_addr), ntohs(addr->sin_port));
    else
        snprintf(what, sizeof what, "%s", call);
    wb_error_win32(err, what, (unsigned long)code);
}

int wb_tcp_tune(SOCKET s, int nodelay, int bufsize, wb_error *err)
{
    u_long nonblocking = 1;
    BOOL flag = nodelay ? TRUE : FALSE;
    const char *call = NULL;
    if (ioctlsocket(s, FIONBIO, &nonblocking) == SOCKET_ERROR)
        call = "ioctlsocket(FIONBIO)";
    else if (setsockopt(s, IPPROTO_TCP, TCP_NODELAY, (const char *)&flag, sizeof flag) == SOCKET_ERROR)
        call = "setsockopt(TCP_NODELAY)";
    else if (bufsize && setsockopt(s, SOL_SOCKET, SO_RCVBUF, (const char *)&bufsize, sizeof bufsize) == SOCKET_ERROR)
        call = "setsockopt(SO_RCVBUF)";
    else if (bufsize && setsockopt(s, SOL_SOCKET, SO_SNDBUF, (const char *)&bufsize, sizeof bufsize) == SOCKET_ERROR)
        call = "setsockopt(SO_SNDBUF)";
    if (call) {
        fail_at(err, call, NULL, WSAGetLastError());
        return -1;
    }
    return 0;
}

SOCKET wb_tcp_listen(struct sockaddr_in *addr, DWORD flags, wb_error *err)
{
    SOCKET s = WSASocketA(AF_INET, SOCK_STREAM, IPPROTO_TCP, NULL, 0, flags);
    u_long nonblocking = 1;
    int len = (int)sizeof *addr;
    if (s == INVALID_SOCKET) {
        fail_at(err, "WSASocket(TCP)", NULL, WSAGetLastError());
        return INVALID_SOCKET;
    }
    if (wb_test_hook_port_reserved(ntohs(addr->sin_port)) ||
        bind(s, (const struct sockaddr *)addr, sizeof *addr) == SOCKET_ERROR) {
        char hint[300];
        size_t used;
        fail_at(err, "bind", addr, WSAGetLastError());
        wb_bind_hint(err->code, ntohs(addr->sin_port), "tcp", hint, sizeof hint);
        used = strlen(err->what);
        snprintf(err->what + used, sizeof err->what - used, "%s", hint);
    } else if (listen(s, SOMAXCONN) == SOCKET_ERROR) {
        fail_at(err, "listen", addr, WSAGetLastError());
    } else if (getsockname(s, (struct sockaddr *)addr, &len) == SOCKET_ERROR) {
        fail_at(err, "getsockname", NULL, WSAGetLastError());
    } else if (ioctlsocket(s, FIONBIO, &nonblocking) == SOCKET_ERROR) {
        fail_at(err, "ioctlsocket(FIONBIO)", NULL, WSAGetLastError());
    } else {
        return s;
    }
    closesocket(s);
    return INVALID_SOCKET;
}

/* Non-blocking connect, then select for the outcome: a refused connection is told when the
 * stack gives up, an address that does not answer after timeout_ms. Windows does not give up
 * at the first reset: it sends the SYN again (TcpMaxConnectRetransmissions, twice), so a
 * refused connection takes about 2 s even on loopback (libuv#2896); timeout_ms must be longer
 * for a refusal to be told as one. */
SOCKET wb_tcp_connect(const struct sockaddr_in *to, DWORD timeout_ms, DWORD flags, wb_error *err)
{
    SOCKET s = WSASocketA(AF_INET, SOCK_STREAM, IPPROTO_TCP, NULL, 0, flags);
    u_long nonblocking = 1;
    if (s == INVALID_SOCKET) {
        fail_at(err, "WSASocket(TCP)", NULL, WSAGetLastError());
        return INVALID_SOCKET;
    }
    if (ioctlsocket(s, FIONBIO, &nonblocking) == SOCKET_ERROR) {
        fail_at(err, "ioctlsocket(FIONBIO)", NULL, WSAGetLastError());
        closesocket(s);
        return INVALID_SOCKET;
    }
    if (connect(s, (const struct sockaddr *)to, sizeof *to) == SOCKET_ERROR) {
        int code = WSAGetLastError();
        fd_set writable, failed;
        struct timeval tv;
        int n, so_error = 0, len = (int)sizeof so_error;
        if (code != WSAEWOULDBLOCK) {
            fail_at(err, "connect", to, code);
            closesocket(s);
            return INVALID_SOCKET;
        }
        FD_ZERO(&writable);
        FD_ZERO(&failed);
        FD_SET(s, &writable);
        FD_SET(s, &failed);   /* Winsock reports a failed non-blocking connect here, not as writable */
        tv.tv_sec = (long)(timeout_ms / 1000);
        tv.tv_usec = (long)(timeout_ms % 1000) * 1000;
        n = select(0, NULL, &writable, &failed, &tv);
        if (n == SOCKET_ERROR) {
            fail_at(err, "select(connect)", to, WSAGetLastError());
            closesocket(s);
            return INVALID_SOCKET;
        }
        if (n == 0) {
            fail_at(err, "connect", to, WSAETIMEDOUT);
            closesocket(s);
            return INVALID_SOCKET;
        }
        if (getsockopt(s, SOL_SOCKET, SO_ERROR, (char *)&so_error, &len) == SOCKET_ERROR) so_error = WSAGetLastError();
        if (so_error == 0 && !FD_ISSET(s, &writable)) so_error = WSAECONNREFUSED;
        if (so_error != 0) {
            fail_at(err, "connect", to, so_error);
            closesocket(s);
            return INVALID_SOCKET;
        }
    }
    return s;
}

SOCKET wb_tcp_accept(SOCKET listener, DWORD timeout_ms, struct sockaddr_in *from, wb_error *err)
{
    fd_set readable;
    struct timeval tv;
    int len = (int)sizeof *from, n;
    SOCKET s;
    FD_ZERO(&readable);
    FD_SET(listener, &readable);
    tv.tv_sec = (long)(timeout_ms / 1000);
    tv.tv_usec = (long)(timeout_ms % 1000) * 1000;
    n = select(0, &readable, NULL, NULL, &tv);
    if (n == SOCKET_ERROR) {
        fail_at(err, "select(accept)", NULL, WSAGetLastError());
        return INVALID_SOCKET;
    }
    if (n == 0) {
        fail_at(err, "accept", NULL, WSAETIMEDOUT);
        return INVALID_SOCKET;
    }
    s = accept(listener, (struct sockaddr *)from, &len);
    if (s == INVALID_SOCKET) fail_at(err, "accept", NULL, WSAGetLastError());
    return s;
}

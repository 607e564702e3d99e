/* Winsock helpers for sockloop: start-up, IPv4 addresses, non-blocking UDP and TCP sockets. */
#ifndef WB_NET_H
#define WB_NET_H

#include <winsock2.h>
#include "wb_error.h"

int  wb_net_start(wb_error *err);   /* WSAStartup 2.2 */
void wb_net_stop(void);

/* "1.2.3.4" or a host name (IPv4; gethostbyname, which XP has) into addr. */
int wb_resolve_host(const char *host, struct in_addr *addr, wb_error *err);

/* "HOST:PORT" into its parts, without Winsock (usable while checking options): host gets at
 * most cap - 1 characters. Returns 0, or -1 with what is wrong in err. */
int wb_split_host_port(const char *text, char *host, size_t cap, unsigned short *port, wb_error *err);

/* "HOST:PORT" into addr (split, then the host looked up). Returns 0, or -1 with what is wrong in err (a usage problem). */
int wb_parse_host_port(const char *text, struct sockaddr_in *addr, wb_error *err);

/* 1 when addr is one of this machine's (an interface's address, the loopback range, or the
 * wildcard 0.0.0.0), 0 when not, -1 with err when it cannot be told. */
int wb_is_local_address(struct in_addr addr, wb_error *err);

/* The ports Windows hands out for port 0 (ephemeral, "dynamic"): on XP and Server 2003 1025 to
 * MaxUserPort (the registry's, 5000 by default), from Vista 49152 to 65535 unless netsh changed
 * it (KB929851; not read here: `netsh int ipv4 show dynamicport udp` tells). Their count, and in
 * where (cap bytes) the range and where it came from, for a message. */
unsigned wb_ephemeral_ports(char *where, size_t cap);

/* The WSASocket flags of a socket no wait backend asked for: what socket() makes (overlapped
 * I/O allowed). A socket a backend waits on is made with the backend's socket_flags instead
 * (wb_wait.h): Registered I/O, for one, needs WSA_FLAG_REGISTERED_IO at creation. */
#define WB_SOCKET_FLAGS_PLAIN WSA_FLAG_OVERLAPPED

/* A non-blocking UDP socket made with WSASocket's `flags`, bound to addr (port 0: any free
 * port), with send and receive buffers of bufsize bytes. addr gets the port actually bound.
 * INVALID_SOCKET on error. */
SOCKET wb_udp_socket(struct sockaddr_in *addr, int bufsize, DWORD flags, wb_error *err);

/* TCP (src/win/net_tcp.c), sockets made with WSASocket's `flags` (what a listener is made
 * with, the connections it accepts inherit). A non-blocking listener bound to addr (which gets
 * the port bound). */
SOCKET wb_tcp_listen(struct sockaddr_in *addr, DWORD flags, wb_error *err);
/* A connection to `to`, non-blocking, made within timeout_ms: refused, unreachable or timed out
 * is INVALID_SOCKET with the address and Windows' words in err. */
SOCKET wb_tcp_connect(const struct sockaddr_in *to, DWORD timeout_ms, DWORD flags, wb_error *err);
/* The next connection on a listener, waiting up to timeout_ms; from gets the far end. */
SOCKET wb_tcp_accept(SOCKET listener, DWORD timeout_ms, struct sockaddr_in *from, wb_error *err);
/* Non-blocking, TCP_NODELAY on or off, send and receive buffers of bufsize bytes (0: the
 * system's). */
int wb_tcp_tune(SOCKET s, int nodelay, int bufsize, wb_error *err);
/* What to look at after a bind or connect that failed with code (WSAGetLastError): "; Windows
 * refuses a port inside a block reserved ... `netsh int ipv4 show excludedportrange
 * protocol=udp` ..." for WSAEACCES, at any port; the range handed out for WSAENOBUFS or
 * WSAEADDRINUSE on port 0 (host order); "" else. proto: "udp" or "tcp". buf, returned. */
const char *wb_bind_hint(unsigned long code, unsigned port, const char *proto, char *buf, size_t cap);

#endif

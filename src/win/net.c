/* Winsock helpers (see include/wb_net.h). */
#include "wb_net.h"

#include <mswsock.h>

#include "wb_test_hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned wb_ephemeral_ports(char *where, size_t cap)
{
    OSVERSIONINFOA v;
    HKEY key;
    DWORD max_user_port = 5000, type = 0, size = sizeof max_user_port;
    memset(&v, 0, sizeof v);
    v.dwOSVersionInfoSize = sizeof v;
    /* XP and 2003 against anything later: GetVersionEx's lie (8.1 and later as 6.2) does not
     * cross that line */
    if (GetVersionExA(&v) && v.dwMajorVersion >= 6) {
        /* an upper bound: netsh can resize the range, and Hyper-V, WinNAT, WSL2 and Docker
         * reserve blocks inside it (a set-up that meets one says so) */
        snprintf(where, cap, "49152 to 65535, Vista's default (KB929851), less any block reserved in it");
        return 16384;
    }
    if (RegOpenKeyExA(HKEY_LOCAL_MACHINE, "SYSTEM\\CurrentControlSet\\Services\\Tcpip\\Parameters", 0, KEY_READ,
                      &key) == ERROR_SUCCESS) {
        DWORD value = 0;
        size = sizeof value;
        if (RegQueryValueExA(key, "MaxUserPort", NULL, &type, (BYTE *)&value, &size) == ERROR_SUCCESS &&
            type == REG_DWORD && value >= 5000 && value <= 65534)
            max_user_port = value;
        RegCloseKey(key);
    }
    snprintf(where, cap, "1025 to %lu, MaxUserPort%s (KB929851)", (unsigned long)max_user_port,
             max_user_port == 5000 ? "'s default" : "");
    return (unsigned)(max_user_port - 1025 + 1);
}

int wb_net_start(wb_error *err)
{
    WSADATA wsa;
    int rc = WSAStartup(MAKEWORD(2, 2), &wsa);
    if (rc != 0) {
        wb_error_win32(err, "WSAStartup", (unsigned long)rc);
        return -1;
    }
    return 0;
}

void wb_net_stop(void)
{
    WSACleanup();
}

int wb_resolve_host(const char *host, struct in_addr *addr, wb_error *err)
{
    unsigned long a = inet_addr(host);
    struct hostent *he;
    if (a != INADDR_NONE || strcmp(host, "255.255.255.255") == 0) {
        addr->s_addr = a;
        return 0;
    }
    if (host[0] && strspn(host, "0123456789.") == strlen(host)) {   /* meant as an address: never asked of DNS */
        wb_error_text(err, "not an IPv4 address (four numbers of 0 to 255, dotted)");
        return -1;
    }
    he = gethostbyname(host);
    if (he == NULL || he->h_addrtype != AF_INET || he->h_addr_list[0] == NULL) {
        char call[128];
        snprintf(call, sizeof call, "gethostbyname(%.80s)", host);
        wb_error_win32(err, call, (unsigned long)WSAGetLastError());
        return -1;
    }
    memcpy(&addr->s_addr, he->h_addr_list[0], sizeof addr->s_addr);
    return 0;
}

int wb_split_host_port(const char *text, char *host, size_t cap, unsigned short *port, wb_error *err)
{
    const char *colon = strrchr(text, ':');
    char *end;
    unsigned long p;
    if (colon == NULL || colon == text || (size_t)(colon - text) >= cap) {
        wb_error_text(err, "expected HOST:PORT, got \"%s\"", text);
        return -1;
    }
    p = strtoul(colon + 1, &end, 10);
    if (colon[1] == '\0' || *end != '\0' || p == 0 || p > 65535) {
        wb_error_text(err, "expected a port 1..65535 after the colon, got \"%s\"", text);
        return -1;
    }
    memcpy(host, text, (size_t)(colon - text));
    host[colon - text] = '\0';
    *port = (unsigned short)p;
    return 0;
}

int wb_parse_host_port(const char *text, struct sockaddr_in *addr, wb_error *err)
{
    char host[256];
    unsigned short port;
    if (wb_split_host_port(text, host, sizeof host, &port, err) != 0) return -1;
    memset(addr, 0, sizeof *addr);
    addr->sin_family = AF_INET;
    addr->sin_port = htons(port);
    return wb_resolve_host(host, &addr->sin_addr, err);
}

/* WINBENCH_TEST_BIND_REFUSE_AFTER: the binds after the N-th refused with WSAEACCES, as Windows
 * refuses a port inside a block reserved by Hyper-V, WinNAT, WSL2 or Docker. */
static int bind_refused(void)
{
    static volatile LONG binds;
    double after = wb_test_hook_number(WB_HOOK_BIND_REFUSE_AFTER);
    if (after <= 0 || InterlockedIncrement(&binds) <= (LONG)after) return 0;
    WSASetLastError(WSAEACCES);
    return 1;
}

SOCKET wb_udp_socket(struct sockaddr_in *addr, int bufsize, DWORD flags, wb_error *err)
{
    SOCKET s = WSASocketA(AF_INET, SOCK_DGRAM, IPPROTO_UDP, NULL, 0, flags);
    u_long nonblocking = 1;
    int len = (int)sizeof *addr;
    const char *call = NULL;
    if (s == INVALID_SOCKET) {
        wb_error_win32(err, "WSASocket(UDP)", (unsigned long)WSAGetLastError());
        return INVALID_SOCKET;
    }
    /* XP's default 8 KB receive buffer holds eight 1 KB packets: any hiccup would be loss. */
    if (setsockopt(s, SOL_SOCKET, SO_RCVBUF, (const char *)&bufsize, sizeof bufsize) == SOCKET_ERROR)
        call = "setsockopt(SO_RCVBUF)";
    else if (setsockopt(s, SOL_SOCKET, SO_SNDBUF, (const char *)&bufsize, sizeof bufsize) == SOCKET_ERROR)
        call = "setsockopt(SO_SNDBUF)";
    else if (ioctlsocket(s, FIONBIO, &nonblocking) == SOCKET_ERROR)
        call = "ioctlsocket(FIONBIO)";
    else if (bind_refused() || wb_test_hook_port_reserved(ntohs(addr->sin_port)) ||
             bind(s, (const struct sockaddr *)addr, sizeof *addr) == SOCKET_ERROR)
        call = "bind";
    else if (getsockname(s, (struct sockaddr *)addr, &len) == SOCKET_ERROR)
        call = "getsockname";
    if (call == NULL) {
        /* An ICMP port-unreachable for an earlier sendto would otherwise fail the next recvfrom
         * with WSAECONNRESET (KB263823). XP has the switch; where it is refused (some Wine
         * versions), the resets that still arrive are counted by the caller. */
        BOOL report = FALSE;
        DWORD bytes = 0;
        WSAIoctl(s, SIO_UDP_CONNRESET, &report, sizeof report, NULL, 0, &bytes, NULL, NULL);
    }
    if (call) {
        char what[96];
        int code = WSAGetLastError();
        if (strcmp(call, "bind") == 0)
            snprintf(what, sizeof what, "bind(%s:%u)", inet_ntoa(addr->sin_addr), ntohs(addr->sin_port));
        else
            snprintf(what, sizeof what, "%s", call);
        wb_error_win32(err, what, (unsigned long)code);
        closesocket(s);
        return INVALID_SOCKET;
    }
    return s;
}

/* The machine's own IPv4 addresses from SIO_ADDRESS_LIST_QUERY (XP has it), with the loopback
 * range and the wildcard always local. Windows' bind refuses an address the machine does not
 * have; Wine's does not, which is why winbench asks. Wine builds the list from GetAdaptersInfo
 * and fails the call (WSAEINVAL) when there is no adapter but lo, as in a network namespace
 * with only lo: then the host name's addresses are the list (gethostbyname, XP's way), and
 * where the name does not resolve either, no address is known to be ours but loopback. */
int wb_is_local_address(struct in_addr addr, wb_error *err)
{
    union { SOCKET_ADDRESS_LIST list; char bytes[8192]; } buf;   /* room for ~500 addresses */
    DWORD got = 0;
    SOCKET s;
    int i, found = 0, listed;
    if ((ntohl(addr.s_addr) >> 24) == 127 || addr.s_addr == htonl(INADDR_ANY)) return 1;
    s = socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
    if (s == INVALID_SOCKET) {
        wb_error_win32(err, "socket", (unsigned long)WSAGetLastError());
        return -1;
    }
    listed = WSAIoctl(s, SIO_ADDRESS_LIST_QUERY, NULL, 0, &buf, sizeof buf, &got, NULL, NULL) != SOCKET_ERROR;
    closesocket(s);
    for (i = 0; listed && i < buf.list.iAddressCount && !found; i++) {
        const SOCKET_ADDRESS *a = &buf.list.Address[i];
        found = a->lpSockaddr && a->lpSockaddr->sa_family == AF_INET &&
                ((const struct sockaddr_in *)a->lpSockaddr)->sin_addr.s_addr == addr.s_addr;
    }
    if (!listed) {
        char name[256];
        struct hostent *he;
        /* a host name that does not resolve (a bare chroot): no address is known but loopback */
        if (gethostname(name, sizeof name) != 0 || (he = gethostbyname(name)) == NULL) return 0;
        for (i = 0; he->h_addrtype == AF_INET && he->h_addr_list[i] && !found; i++)
            found = memcmp(he->h_addr_list[i], &addr.s_addr, 4) == 0;
    }
    return found;
}

const char *wb_bind_hint(unsigned long code, unsigned port, const char *proto, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (code == WSAEACCES && port)   /* a reserved block refuses a port named in it */
        snprintf(buf, cap, "; Windows refuses a port inside a block reserved for Hyper-V, WinNAT, WSL2 or Docker: `netsh "
                 "int ipv4 show excludedportrange protocol=%s` lists them; another --port outside them, or --port 0",
                 proto);
    else if (code == WSAEACCES)
        snprintf(buf, cap, "; Windows refuses a port inside a block reserved for Hyper-V, WinNAT, WSL2 or Docker: `netsh "
                 "int ipv4 show excludedportrange protocol=%s` lists them, `netsh int ipv4 show dynamicport %s` the "
                 "ports handed out", proto, proto);
    else if (port == 0 && (code == WSAENOBUFS || code == WSAEADDRINUSE))   /* the range handed out is used up */
        snprintf(buf, cap, "; the ports Windows hands out are shown by `netsh int ipv4 show dynamicport %s` (and the "
                 "blocks reserved in them by `netsh int ipv4 show excludedportrange protocol=%s`)", proto, proto);
    return buf;
}

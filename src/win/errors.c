/* Win32 errors in words, captured by the caller right after the failing call (libuv style). */
#include "wb_error.h"

#include <windows.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Winsock's errors in words where the system has none for them (Wine's FormatMessage knows no
 * WSA texts: "unknown error (error 10048)" says nothing); the words are Windows' own. */
static const struct { unsigned long code; const char *text; } wsa_texts[] = {
    { 10004, "A blocking operation was interrupted." },
    { 10013, "An attempt was made to access a socket in a way forbidden by its access permissions." },
    { 10014, "The system detected an invalid pointer address in attempting to use a pointer argument in a call." },
    { 10022, "An invalid argument was supplied." },
    { 10024, "Too many open sockets." },
    { 10035, "A non-blocking socket operation could not be completed immediately." },
    { 10038, "An operation was attempted on something that is not a socket." },
    { 10040, "A message sent on a datagram socket was larger than the internal message buffer or some other network "
             "limit, or the buffer used to receive a datagram into was smaller than the datagram itself." },
    { 10047, "An address incompatible with the requested protocol was used." },
    { 10048, "Only one usage of each socket address (protocol/network address/port) is normally permitted." },
    { 10049, "The requested address is not valid in its context." },
    { 10050, "A socket operation encountered a dead network." },
    { 10051, "A socket operation was attempted to an unreachable network." },
    { 10053, "An established connection was aborted by the software in your host machine." },
    { 10054, "An existing connection was forcibly closed by the remote host." },
    { 10055, "An operation on a socket could not be performed because the system lacked sufficient buffer space or "
             "because a queue was full." },
    { 10057, "A request to send or receive data was disallowed because the socket is not connected." },
    { 10060, "A connection attempt failed because the connected party did not properly respond after a period of "
             "time, or established connection failed because connected host has failed to respond." },
    { 10061, "No connection could be made because the target machine actively refused it." },
    { 10065, "A socket operation was attempted to an unreachable host." },
    { 10093, "Either the application has not called WSAStartup, or WSAStartup failed." },
    { 11001, "No such host is known." },
    { 11002, "This is usually a temporary error during hostname resolution and means that the local server did not "
             "receive a response from an authoritative server." },
    { 11004, "The requested name is valid, but no data of the requested type was found." },
};

const char *wb_wsa_text(unsigned long code)
{
    size_t i;
    for (i = 0; i < sizeof wsa_texts / sizeof wsa_texts[0]; i++)
        if (wsa_texts[i].code == code) return wsa_texts[i].text;
    return NULL;
}

void wb_system_message(unsigned long code, char *buf, size_t cap)
{
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                             code, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), buf, (DWORD)cap, NULL);
    if (n == 0) {
        const char *text = wb_wsa_text(code);
        snprintf(buf, cap, "%s", text ? text : "unknown error");
        return;
    }
    while (n > 0 && (buf[n - 1] == '\r' || buf[n - 1] == '\n' || buf[n - 1] == ' ')) buf[--n] = '\0';
}

void wb_error_win32(wb_error *err, const char *call, unsigned long code)
{
    char text[300];
    wb_system_message(code, text, sizeof text);
    snprintf(err->what, sizeof err->what, "%s failed: %s (error %lu)", call, text, code);
    err->code = code;
}

void wb_error_text(wb_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->what, sizeof err->what, fmt, ap);
    va_end(ap);
    err->code = 0;
}

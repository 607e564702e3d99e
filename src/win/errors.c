/* Win32 errors in words, captured by the caller right after the failing call (libuv style). */
#include "wb_error.h"

#include <windows.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void wb_system_message(unsigned long code, char *buf, size_t cap)
{
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                             code, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), buf, (DWORD)cap, NULL);
    if (n == 0) {
        snprintf(buf, cap, "unknown error");
        return;
    }
    while (n > 0 && (buf[n - 1] == '\r' || buf[n - 1] == '\n' || buf[n - 1] == ' ')) buf[--n] = '\0';
}

void wb_error_win32(wb_error *err, const char *call, unsigned long code)
{
    char text[300];
    wb_system_message(code, text, sizeof text);
    snprintf(err->what, sizeof err->what, "%s failed: %s (error %lu)", call, text, code);
}

void wb_error_text(wb_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->what, sizeof err->what, fmt, ap);
    va_end(ap);
}

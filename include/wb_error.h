/* Runtime errors: which call failed and the system's words for why, captured at the call. */
#ifndef WB_ERROR_H
#define WB_ERROR_H

#include <stddef.h>

typedef struct wb_error {
    char what[512];   /* "CreateWindowEx(BUTTON) failed: Invalid window handle. (error 1400)" */
    unsigned long code;   /* wb_error_win32's code (a hint can depend on it); 0 for wb_error_text */
} wb_error;

/* code is GetLastError()/WSAGetLastError(), read by the caller right after the failing call. */
void wb_error_win32(wb_error *err, const char *call, unsigned long code);
void wb_error_text(wb_error *err, const char *fmt, ...);

/* FormatMessage text for a system error code, without the trailing line break. */
void wb_system_message(unsigned long code, char *buf, size_t cap);
/* Windows' own words for a Winsock error, from winbench's table: what wb_system_message says
 * where the system's FormatMessage has none (Wine's, for most). NULL for a code not in it. */
const char *wb_wsa_text(unsigned long code);

#endif

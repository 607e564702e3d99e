/* The one place usage errors are printed. Private to winbench.exe; the exit codes are public
 * (include/wb_exit.h). */
#ifndef WB_USAGE_H
#define WB_USAGE_H

#include "wb_exit.h"

/* Usage error: one line "winbench: <where>: <what>" on stderr; returns WB_EXIT_USAGE. */
int wb_usage_error(const char *where, const char *what);

#endif

/* Exit codes and the one place usage errors are printed. Private to winbench.exe. */
#ifndef WB_USAGE_H
#define WB_USAGE_H

enum { WB_EXIT_OK = 0, WB_EXIT_RUNTIME = 1, WB_EXIT_USAGE = 2, WB_EXIT_INTERRUPTED = 130 };

/* Usage error: one line "winbench: <where>: <what>" on stderr; returns WB_EXIT_USAGE. */
int wb_usage_error(const char *where, const char *what);

#endif

/* The one place usage errors are printed. Private to winbench.exe; the exit codes are public
 * (include/wb_exit.h). */
#ifndef WB_USAGE_H
#define WB_USAGE_H

#include <stdio.h>

#include "wb_exit.h"

/* Usage error: one line "winbench: <where>: <what>" on stderr; returns WB_EXIT_USAGE. */
int wb_usage_error(const char *where, const char *what);

/* How the line is written (fputs by default; the executable's console-aware writer, which the
 * portable core cannot call itself). */
void wb_usage_set_writer(int (*write)(const char *text, FILE *f));

#endif

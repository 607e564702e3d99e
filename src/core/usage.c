/* Usage errors are said in one place, in one shape (curl's idea): "winbench: <where>: <what>". */
#include <stdio.h>
#include "usage.h"

static int (*usage_out)(const char *text, FILE *f) = fputs;

void wb_usage_set_writer(int (*write)(const char *text, FILE *f))
{
    usage_out = write ? write : fputs;
}

int wb_usage_error(const char *where, const char *what)
{
    char line[1024];
    if (where) snprintf(line, sizeof line, "winbench: %s: %s\n", where, what);
    else snprintf(line, sizeof line, "winbench: %s\n", what);
    usage_out(line, stderr);
    return WB_EXIT_USAGE;
}

/* Usage errors are said in one place, in one shape (curl's idea): "winbench: <where>: <what>". */
#include <stdio.h>
#include "usage.h"

int wb_usage_error(const char *where, const char *what)
{
    if (where) fprintf(stderr, "winbench: %s: %s\n", where, what);
    else fprintf(stderr, "winbench: %s\n", what);
    return WB_EXIT_USAGE;
}

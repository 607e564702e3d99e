#include "wbtest.h"

#include <stdio.h>
#include <string.h>

static int g_passed, g_failed, g_skipped;

void wbt_ok(const char *file, int line, int cond, const char *fmt, ...)
{
    va_list ap;
    if (cond) {
        g_passed++;
        return;
    }
    g_failed++;
    printf("%s:%d: Test failed: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

void wbt_skip(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    g_skipped++;
    printf("%s:%d: Tests skipped: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int wbt_main(const wbt_case *cases, int argc, char **argv)
{
    const wbt_case *c;
    int ran = 0;
    for (c = cases; c->name; c++) {
        if (argc > 1 && strcmp(argv[1], c->name) != 0) continue;
        c->fn();
        ran++;
    }
    if (ran == 0) {
        printf("no test named \"%s\"; tests:", argc > 1 ? argv[1] : "");
        for (c = cases; c->name; c++) printf(" %s", c->name);
        printf("\n");
        return 1;
    }
    printf("%d passed, %d failed, %d skipped\n", g_passed, g_failed, g_skipped);
    if (g_failed) return 1;
    if (g_skipped && g_passed == 0) return 77;
    return 0;
}

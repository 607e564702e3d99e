#include "wbtest.h"

#include <stdio.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#endif

static int g_passed, g_failed, g_skipped, g_todo, g_wine_broken;
static int g_todo_active, g_todo_ran;

int wbt_under_wine(void)
{
#ifdef _WIN32
    static int known = -1;
    if (known < 0) {
        HMODULE ntdll = GetModuleHandleA("ntdll.dll");
        known = ntdll && GetProcAddress(ntdll, "wine_get_version") != NULL;
    }
    return known;
#else
    return 0;
#endif
}

int wbt_broken(int cond)
{
    return cond && !wbt_under_wine();
}

int wbt_wine_broken(const char *file, int line, int cond, const char *why)
{
    if (!cond || !wbt_under_wine()) return 0;
    g_wine_broken++;
    printf("%s:%d: Wine difference accepted: %s\n", file, line, why);
    return 1;
}

void wbt_todo_begin(int active)
{
    g_todo_active = active;
    g_todo_ran = 0;
}

int wbt_todo_loop(void)
{
    return !g_todo_ran;
}

void wbt_todo_end(void)
{
    g_todo_ran = 1;
    g_todo_active = 0;
}

void wbt_ok(const char *file, int line, int cond, const char *fmt, ...)
{
    va_list ap;
    if (g_todo_active) {
        /* expected to fail under Wine: a failure is known, a pass is news */
        if (!cond) {
            g_todo++;
            printf("%s:%d: Test marked todo: ", file, line);
        } else {
            g_failed++;
            printf("%s:%d: Test succeeded inside todo block (Wine got it right: remove todo_wine): ", file, line);
        }
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
        fflush(stdout);
        return;
    }
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
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {   /* the table as CMake reads it, for people */
        for (c = cases; c->name; c++)
            printf("%s%s%s%s\n", c->name, c->flags & WBT_TIMING ? " timing" : "",
                   c->flags & WBT_CPU_HEAVY ? " cpu_heavy" : "", c->flags & WBT_LONG ? " long" : "");
        return 0;
    }
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
    printf("%d passed, %d failed, %d skipped", g_passed, g_failed, g_skipped);
    if (g_todo || g_wine_broken) printf(" (%d todo_wine, %d Wine differences accepted)", g_todo, g_wine_broken);
    printf("\n");
    if (g_failed) return 1;
    if (g_skipped && g_passed == 0) return 77;
    return 0;
}

/* The test hooks of include/wb_test_hooks.h, each read from the environment once. */
#include "wb_test_hooks.h"

#include <winsock2.h>
#include <windows.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct hook {
    const char *name, *meaning;
} hook;

#define WB_HOOK_ROW(id, var, meaning) { var, meaning },
static const hook hooks[WB_HOOK_COUNT] = { WB_TEST_HOOKS(WB_HOOK_ROW) };
#undef WB_HOOK_ROW

/* Read once: the first caller fills the value; a second thread racing it writes the same text.
 * 256 bytes hold every value a test sets (a list of a few import names at most). */
static char values[WB_HOOK_COUNT][256];
static volatile LONG read_done[WB_HOOK_COUNT];

const char *wb_test_hook_text(wb_test_hook_id id)
{
    if ((int)id < 0 || id >= WB_HOOK_COUNT) return "";
    if (!read_done[id]) {
        DWORD n = GetEnvironmentVariableA(hooks[id].name, values[id], sizeof values[id]);
        if (n == 0 || n >= sizeof values[id]) values[id][0] = '\0';
        InterlockedExchange(&read_done[id], 1);
    }
    return values[id];
}

double wb_test_hook_number(wb_test_hook_id id)
{
    const char *text = wb_test_hook_text(id);
    return text[0] ? strtod(text, NULL) : 0.0;
}

const char *wb_test_hook_name(wb_test_hook_id id)
{
    return (int)id >= 0 && id < WB_HOOK_COUNT ? hooks[id].name : "";
}

int wb_test_hook_hides(const char *name)
{
    const char *list = wb_test_hook_text(WB_HOOK_HIDE_IMPORTS), *p = list;
    size_t len = strlen(name);
    while ((p = strstr(p, name)) != NULL) {
        int starts = p == list || p[-1] == ',', ends = p[len] == '\0' || p[len] == ',';
        if (starts && ends) return 1;
        p += len;
    }
    return 0;
}

int wb_report_timing_wanted(void)
{
    return getenv("WINBENCH_REPORT_TIMING") != NULL;
}

int wb_test_hook_port_reserved(unsigned port)
{
    const char *range = wb_test_hook_text(WB_HOOK_RESERVED_PORTS);
    unsigned long lo, hi;
    char dash;
    if (port == 0 || range[0] == '\0' || sscanf(range, "%lu%c%lu", &lo, &dash, &hi) != 3 || dash != '-') return 0;
    if (port < lo || port > hi) return 0;
    WSASetLastError(WSAEACCES);
    return 1;
}

/* See include/wb_process.h. */
#include "wb_process.h"

#include <stdio.h>
#include <string.h>

#include "winapi.h"

unsigned wb_usable_cpus(DWORD_PTR *mask)
{
    DWORD_PTR process = 0, system = 0, bits;
    unsigned n = 0;
    GetProcessAffinityMask(GetCurrentProcess(), &process, &system);
    for (bits = process; bits; bits &= bits - 1) n++;
    if (mask) *mask = process;
    return n ? n : 1;
}

void wb_local_stamp(wb_stamp_form form, char *buf, size_t cap)
{
    SYSTEMTIME t;
    GetLocalTime(&t);
    if (form == WB_STAMP_READABLE)
        snprintf(buf, cap, "%04u-%02u-%02u %02u:%02u:%02u", t.wYear, t.wMonth, t.wDay, t.wHour, t.wMinute, t.wSecond);
    else
        snprintf(buf, cap, "%04u%02u%02u-%02u%02u%02u", t.wYear, t.wMonth, t.wDay, t.wHour, t.wMinute, t.wSecond);
}

int wb_is_help_arg(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0 || strcmp(arg, "/?") == 0;
}

int wb_under_wine(void)
{
    return WB_API(wine_get_version) != NULL;
}

int wb_windows_64bit(void)
{
    BOOL wow64 = FALSE;
    wb_fn_IsWow64Process is_wow64 = WB_API(IsWow64Process);
    if (sizeof(void *) == 8) return 1;
    return is_wow64 && is_wow64(GetCurrentProcess(), &wow64) && wow64;
}

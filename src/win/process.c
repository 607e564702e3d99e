/* See include/wb_process.h. */
#include "wb_process.h"
#include "wb_error.h"

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

int wb_process_affinity(unsigned long long want, unsigned long long *now, unsigned long long *system, wb_error *err)
{
    HANDLE self = GetCurrentProcess();
    DWORD_PTR pmask = 0, smask = 0;
    if (!GetProcessAffinityMask(self, &pmask, &smask)) {
        wb_error_win32(err, "GetProcessAffinityMask", GetLastError());
        return -1;
    }
    *system = (unsigned long long)smask;
    *now = (unsigned long long)pmask;
    if (want == 0) return 0;
    /* CPUs the machine does not have, or a mask wider than this process's word: the user's mistake */
    if (want > (unsigned long long)(DWORD_PTR)-1 || (want & ~(unsigned long long)smask) != 0) return 1;
    if (!SetProcessAffinityMask(self, (DWORD_PTR)want)) {
        wb_error_win32(err, "SetProcessAffinityMask", GetLastError());
        return -1;
    }
    if (!GetProcessAffinityMask(self, &pmask, &smask)) {
        wb_error_win32(err, "GetProcessAffinityMask", GetLastError());
        return -1;
    }
    *now = (unsigned long long)pmask;
    return 0;
}

int wb_process_priority(unsigned long wanted, unsigned long *got, wb_error *err)
{
    HANDLE self = GetCurrentProcess();
    if (!SetPriorityClass(self, wanted)) {
        wb_error_win32(err, "SetPriorityClass", GetLastError());
        return -1;
    }
    *got = GetPriorityClass(self);
    return 0;
}

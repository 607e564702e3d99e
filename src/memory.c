/* Peak working set of this process, for `info` and every CSV row: memory must stay flat however
 * long a run is. GetProcessMemoryInfo lives in psapi.dll on XP and also, as
 * K32GetProcessMemoryInfo, in kernel32 from Windows 7: both are looked up at run time. */
#include <windows.h>
#include <psapi.h>
#include <stdint.h>

typedef BOOL (WINAPI *get_memory_info_fn)(HANDLE, PROCESS_MEMORY_COUNTERS *, DWORD);

static get_memory_info_fn resolve(void)
{
    static int done;
    static get_memory_info_fn fn;
    if (!done) {
        HMODULE k32 = GetModuleHandleA("kernel32.dll"), psapi;
        fn = k32 ? (get_memory_info_fn)(void (*)(void))GetProcAddress(k32, "K32GetProcessMemoryInfo") : NULL;
        if (fn == NULL && (psapi = LoadLibraryA("psapi.dll")) != NULL)
            fn = (get_memory_info_fn)(void (*)(void))GetProcAddress(psapi, "GetProcessMemoryInfo");
        done = 1;
    }
    return fn;
}

uint64_t wb_peak_working_set_kb(void)
{
    PROCESS_MEMORY_COUNTERS pmc;
    get_memory_info_fn fn = resolve();
    pmc.cb = sizeof pmc;
    if (fn == NULL || !fn(GetCurrentProcess(), &pmc, sizeof pmc)) return 0;
    return (uint64_t)pmc.PeakWorkingSetSize / 1024;
}

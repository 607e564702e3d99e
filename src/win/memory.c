/* Peak working set of this process, for `info` and every CSV row: memory must stay flat however
 * long a run is. GetProcessMemoryInfo lives in psapi.dll on XP and also, as
 * K32GetProcessMemoryInfo, in kernel32 from Windows 7: both are looked up at run time. */
#include "wb_clock.h"
#include <stdint.h>
#include "winapi.h"

uint64_t wb_peak_working_set_kb(void)
{
    PROCESS_MEMORY_COUNTERS pmc;
    wb_fn_K32GetProcessMemoryInfo fn = WB_API(K32GetProcessMemoryInfo);
    if (fn == NULL) fn = WB_API(GetProcessMemoryInfo);
    pmc.cb = sizeof pmc;
    if (fn == NULL || !fn(GetCurrentProcess(), &pmc, sizeof pmc)) return 0;
    return (uint64_t)pmc.PeakWorkingSetSize / 1024;
}

/* The timer a run really had (include/wb_timer.h). */
#include "wb_sort.h"
#include "wb_timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_clock.h"
#include "wb_console.h"
#include "wb_test_hooks.h"
#include "winapi.h"
#include "wb_cpuid.h"
#include "core/wb_stats.h"

double wb_tick_ms(void)
{
    DWORD adjustment = 0, increment = 0;
    BOOL disabled = FALSE;
    ULONG coarsest = 0, finest = 0, current = 0;
    wb_fn_NtQueryTimerResolution query = WB_API(NtQueryTimerResolution);
    double hook = wb_test_hook_number(WB_HOOK_TICK_MS);
    if (hook > 0) return hook;
    if (GetSystemTimeAdjustment(&adjustment, &increment, &disabled) && increment > 0) return increment / 1e4;
    if (query && query(&coarsest, &finest, &current) == 0 && coarsest > 0) return coarsest / 1e4;
    return 0.0;
}

double wb_timer_resolution_ms(void)
{
    ULONG coarsest = 0, finest = 0, current = 0;
    wb_fn_NtQueryTimerResolution query = WB_API(NtQueryTimerResolution);
    if (query && query(&coarsest, &finest, &current) == 0) return current / 1e4;
    return 0.0;
}

int wb_timer_resolution_range(double *coarsest_ms, double *finest_ms, double *current_ms)
{
    ULONG coarsest = 0, finest = 0, current = 0;
    wb_fn_NtQueryTimerResolution query = WB_API(NtQueryTimerResolution);
    int rc = query && query(&coarsest, &finest, &current) == 0 ? 0 : -1;
    /* NtQueryTimerResolution names them the other way round: MinimumResolution is the
     * coarsest (largest interval), MaximumResolution the finest */
    *coarsest_ms = coarsest / 1e4;
    *finest_ms = finest / 1e4;
    *current_ms = current / 1e4;
    return rc;
}

int wb_timer_begin_period(unsigned ms)
{
    wb_fn_timeBeginPeriod begin = WB_API(timeBeginPeriod);
    return begin && WB_API(timeEndPeriod) ? (int)begin(ms) : -1;
}

void wb_timer_end_period(unsigned ms)
{
    wb_fn_timeEndPeriod end = WB_API(timeEndPeriod);
    if (end) end(ms);
}

static BOOL CALLBACK visible_of_ours(HWND hwnd, LPARAM arg)
{
    DWORD pid = 0;
    GetWindowThreadProcessId(hwnd, &pid);
    /* idle's frame is placed right of every monitor: visible by its style, seen by nobody */
    if (pid == GetCurrentProcessId() && IsWindowVisible(hwnd) && !IsIconic(hwnd) &&
        MonitorFromWindow(hwnd, MONITOR_DEFAULTTONULL) != NULL) {
        *(int *)arg = 1;
        return FALSE;
    }
    return TRUE;
}

int wb_process_has_visible_window(void)
{
    int found = 0;
    EnumWindows(visible_of_ours, (LPARAM)&found);
    return found;
}

double wb_sleep1_ms(unsigned n)
{
    double t[64];
    unsigned i;
    if (n == 0) return 0.0;
    if (n > 64) n = 64;
    for (i = 0; i < n; i++) {
        uint64_t t0 = wb_ticks();
        Sleep(1);
        t[i] = wb_ticks_to_s(wb_ticks() - t0) * 1e3;
    }
    return wb_median_doubles(t, n);
}

/* Four Sleep(1) calls timed, then 100 ms apart from the run: a light touch (under Wine every
 * Sleep is a request to the wineserver the waiter also needs), 40 samples a second. */
static DWORD WINAPI sleep_probe_main(void *arg)
{
    wb_sleep_probe *p = (wb_sleep_probe *)arg;
    while (!p->stop) {
        int i;
        for (i = 0; i < 4 && !p->stop; i++) {
            uint64_t t0 = wb_ticks();
            Sleep(1);
            p->ms[p->n % WB_SLEEP_PROBE_KEEP] = wb_ticks_to_s(wb_ticks() - t0) * 1e3;
            p->n++;
        }
        Sleep(100);
    }
    return 0;
}

int wb_sleep_probe_start(wb_sleep_probe *p)
{
    memset(p, 0, sizeof *p);
    p->thread = CreateThread(NULL, 0, sleep_probe_main, p, 0, NULL);
    return p->thread ? 0 : -1;
}

double wb_sleep_probe_stop(wb_sleep_probe *p)
{
    unsigned n;
    if (p->thread == NULL) return 0.0;
    InterlockedExchange((volatile LONG *)&p->stop, 1);
    WaitForSingleObject((HANDLE)p->thread, INFINITE);
    CloseHandle((HANDLE)p->thread);
    p->thread = NULL;
    n = p->n < WB_SLEEP_PROBE_KEEP ? p->n : WB_SLEEP_PROBE_KEEP;
    if (n == 0) return 0.0;
    return wb_median_doubles(p->ms, n);
}

int wb_thread_cycles(uint64_t *out)
{
    wb_fn_QueryThreadCycleTime query = WB_API(QueryThreadCycleTime);
    ULONG64 c = 0;
    if (query == NULL || !query(GetCurrentThread(), &c)) return -1;
    *out = (uint64_t)c;
    return 0;
}

/* 1 when the CPU says its TSC runs at one rate in every power state, 0 when not or unknown. */
static int wb_tsc_invariant(void)
{
    unsigned r[4];
    if (!wb_cpuid(0x80000000u, r) || r[0] < 0x80000007u) return 0;
    wb_cpuid(0x80000007u, r);
    return (r[3] >> 8) & 1;
}

/* The thread's cycle counter's rate: 0 without an invariant TSC or cycle time. Busy 20 ms three
 * times; a preemption only lowers the count, so the highest rate wins. */
static double measure_cycles_hz(void)
{
    double best = 0.0;
    int i;
    if (!wb_tsc_invariant()) return 0.0;
    for (i = 0; i < 3; i++) {
        uint64_t c0, c1, t0, t1;
        if (wb_thread_cycles(&c0) != 0) return 0.0;
        t0 = wb_ticks();
        do t1 = wb_ticks(); while (wb_ticks_to_s(t1 - t0) < 0.02);
        if (wb_thread_cycles(&c1) != 0) return 0.0;
        if (c1 > c0 && (double)(c1 - c0) / wb_ticks_to_s(t1 - t0) > best) best = (double)(c1 - c0) / wb_ticks_to_s(t1 - t0);
    }
    return best;
}

/* Measured once: `measured` is set (a full barrier) only after hz holds the rate, and read (one
 * too) before hz is, so a thread never takes hz half-made; two threads asking first both
 * measure, and either's rate stands. */
double wb_cycles_hz(void)
{
    static LONG measured;
    static double hz;
    double rate;
    if (InterlockedCompareExchange(&measured, 0, 0)) return hz;
    rate = measure_cycles_hz();
    hz = rate;
    InterlockedExchange(&measured, 1);
    return rate;
}

/* XP: EnumPwrSchemes hands each scheme's name to this callback; the active one is kept. */
typedef struct plan_search {
    UINT active;
    char *buf;
    size_t cap;
} plan_search;

static BOOLEAN CALLBACK plan_found(UINT index, DWORD name_size, LPWSTR name, DWORD desc_size, LPWSTR desc,
                                   void *policy, LPARAM arg)
{
    plan_search *s = (plan_search *)arg;
    (void)name_size, (void)desc_size, (void)desc, (void)policy;
    if (index != s->active) return TRUE;
    wb_text_from_wide(name, s->buf, s->cap);   /* the CSV's code page: a localized name */
    return FALSE;   /* found: stop */
}

void wb_power_plan(char *buf, size_t cap)
{
    wb_fn_PowerGetActiveScheme active = WB_API(PowerGetActiveScheme);
    wb_fn_PowerReadFriendlyName read_name = WB_API(PowerReadFriendlyName);
    wb_fn_GetActivePwrScheme xp_active = WB_API(GetActivePwrScheme);
    wb_fn_EnumPwrSchemes xp_enum = WB_API(EnumPwrSchemes);
    buf[0] = '\0';
    if (active && read_name) {   /* Vista and later */
        GUID *scheme = NULL;
        WCHAR name[128];
        DWORD size = sizeof name;
        if (active(NULL, &scheme) == ERROR_SUCCESS && scheme) {
            if (read_name(NULL, scheme, NULL, NULL, (UCHAR *)name, &size) == ERROR_SUCCESS)
                wb_text_from_wide(name, buf, cap);
            LocalFree(scheme);
        }
    } else if (xp_active && xp_enum) {   /* XP and 2003 */
        plan_search s;
        s.buf = buf;
        s.cap = cap;
        if (xp_active(&s.active)) xp_enum(plan_found, (LPARAM)&s);
    }
    if (cap) buf[cap - 1] = '\0';
}

const char *wb_qpc_source(uint64_t freq, unsigned cpu_mhz, unsigned os_major, int wine)
{
    double mhz = (double)freq / 1e6;
    if (freq == 3579545) return "ACPI PM timer";
    if (freq == 14318180 || freq == 14318179) return "HPET";
    if (freq == 10000000) return wine ? "Wine (10 MHz)" : os_major >= 10 ? "invariant TSC scaled to 10 MHz" : "10 MHz (unknown)";
    if (freq == 1193182) return "PIT (8254)";
    if (cpu_mhz && fabs(mhz - (double)cpu_mhz) < 0.1 * (double)cpu_mhz) return "TSC (CPU clock)";
    if (cpu_mhz && mhz > 100 && mhz < 2 * (double)cpu_mhz) return "TSC (scaled)";
    if (cpu_mhz && fabs(mhz * 1024 - (double)cpu_mhz) < 0.1 * (double)cpu_mhz) return "TSC / 1024 (Windows 8, 8.1)";
    return "unknown";
}

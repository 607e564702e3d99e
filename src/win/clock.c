/* QPC frequency, resolution and call cost; process and thread CPU times. */
#include "wb_clock.h"
#include "winapi.h"

static uint64_t g_freq;   /* read once: the frequency is fixed at boot */

uint64_t wb_clock_freq(void)
{
    if (g_freq == 0) {
        LARGE_INTEGER f;
        QueryPerformanceFrequency(&f);   /* cannot fail on XP and later */
        g_freq = (uint64_t)f.QuadPart;
    }
    return g_freq;
}

double wb_ticks_to_s(uint64_t ticks)
{
    return (double)ticks / (double)wb_clock_freq();
}

void wb_clock_init(wb_clock_info *info)
{
    enum { TRIES = 2000, BATCH = 100, BATCHES = 50 };
    uint64_t best = UINT64_MAX;
    int i, j;

    info->freq = wb_clock_freq();

    /* Resolution: the smallest non-zero step between consecutive reads. The spin is bounded:
     * a counter that stopped must not hang winbench (resolution 0 then says "unknown"). */
    for (i = 0; i < TRIES; i++) {
        uint64_t a = wb_ticks(), b;
        long spins = 0;
        do b = wb_ticks(); while (b == a && ++spins < 10000000L);
        if (b != a && b - a < best) best = b - a;
    }
    info->resolution_ticks = best == UINT64_MAX ? 0 : best;

    /* Cost per call: the fastest of several batches, so a preemption in one does not count. */
    best = UINT64_MAX;
    for (i = 0; i < BATCHES; i++) {
        uint64_t t0 = wb_ticks(), t1;
        for (j = 0; j < BATCH; j++) (void)wb_ticks();
        t1 = wb_ticks();
        if (t1 - t0 < best) best = t1 - t0;
    }
    /* BATCH + 1 calls between the two reads that bound each batch. */
    info->call_ns = wb_ticks_to_s(best) * 1e9 / (BATCH + 1);
}

static uint64_t ft64(const FILETIME *ft)
{
    return ((uint64_t)ft->dwHighDateTime << 32) | ft->dwLowDateTime;
}

static int wb_cpu_process(wb_cpu_times *out)   /* all threads of this process */
{
    FILETIME c, e, k, u;
    if (!GetProcessTimes(GetCurrentProcess(), &c, &e, &k, &u)) return -1;
    out->user = ft64(&u);
    out->kernel = ft64(&k);
    return 0;
}

int wb_cpu_thread(wb_cpu_times *out)
{
    FILETIME c, e, k, u;
    if (!GetThreadTimes(GetCurrentThread(), &c, &e, &k, &u)) return -1;
    out->user = ft64(&u);
    out->kernel = ft64(&k);
    return 0;
}

void wb_interval_begin(wb_interval *iv)
{
    wb_x87_reset(&iv->x87);
    wb_cpu_process(&iv->proc0);
    wb_cpu_thread(&iv->thr0);
    iv->tick0 = GetTickCount();
    iv->mm0 = wb_time_get_time();
    iv->t0 = wb_ticks();
}

void wb_interval_end(wb_interval *iv)
{
    iv->t1 = wb_ticks();
    iv->mm1 = wb_time_get_time();
    iv->tick1 = GetTickCount();
    wb_cpu_thread(&iv->thr1);
    wb_cpu_process(&iv->proc1);
    wb_x87_restore(&iv->x87);
}

static volatile LONG g_periods;   /* 1 ms periods in effect (wb_timer_1ms_active) */

int wb_timer_1ms_begin(void)
{
    wb_fn_timeBeginPeriod begin = WB_API(timeBeginPeriod);
    int ok = begin && WB_API(timeEndPeriod) && begin(1) == 0;   /* TIMERR_NOERROR */
    if (ok) InterlockedIncrement(&g_periods);
    return ok;
}

void wb_timer_1ms_end(int in_effect)
{
    wb_fn_timeEndPeriod end = WB_API(timeEndPeriod);
    if (in_effect && end) {
        end(1);
        InterlockedDecrement(&g_periods);
    }
}

int wb_timer_1ms_active(void)
{
    return (int)g_periods;
}

DWORD wb_time_get_time(void)
{
    wb_fn_timeGetTime get = WB_API(timeGetTime);
    return get ? get() : GetTickCount();
}

/* A user's own code, as winbench loads it (include/winbench_user.h): a window procedure and an
 * OnIdle handler that each do a known busy loop, and the busy loop itself exported, so that a
 * test can time it alone and hold winbench's "your code" part against it.
 *     winbench sendmsg --wndproc winbench_sample.dll!SampleWndProc
 *     winbench idle --onidle winbench_sample.dll!SampleOnIdle
 * Built beside winbench.exe with the tests (tests/CMakeLists.txt), exports undecorated. */
#include "winbench_user.h"

/* The busy loop: SAMPLE_STEPS steps of a generator whose every step needs the last. */
#define SAMPLE_STEPS 2000u
static volatile unsigned sample_state = 1;

__declspec(dllexport) void WINAPI SampleSpin(void)
{
    unsigned x = sample_state, i;
    for (i = 0; i < SAMPLE_STEPS; i++) x = x * 22695477u + 1u;
    sample_state = x;
}

__declspec(dllexport) LRESULT CALLBACK SampleWndProc(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    if (msg == WM_NULL) {
        SampleSpin();
        return 0;
    }
    return DefWindowProcW(hwnd, msg, wp, lp);
}

/* The same procedure declared cdecl, as a user might by mistake: winbench refuses it on x86,
 * where the two conventions differ (e2e_parts.cdecl_refused). */
__declspec(dllexport) LRESULT __cdecl SampleWndProcCdecl(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    if (msg == WM_NULL) return 0;
    return DefWindowProcW(hwnd, msg, wp, lp);
}

/* As the seed's override: its work, then FALSE (one call per idle period). */
__declspec(dllexport) BOOL WINAPI SampleOnIdle(HWND main_frame, LONG count)
{
    (void)main_frame, (void)count;
    SampleSpin();
    return FALSE;
}

/* The seed's override declared cdecl by mistake (e2e_parts.cdecl_refused). */
__declspec(dllexport) BOOL __cdecl SampleOnIdleCdecl(HWND main_frame, LONG count)
{
    (void)main_frame, (void)count;
    return FALSE;
}

/* Ctrl+C and Ctrl+Break: stop at the next safe point and keep what was measured. */
#include <stdlib.h>
#include <string.h>
#include "wb_runner.h"
#include "wb_test_hooks.h"

volatile LONG wb_stop_requested;

static BOOL WINAPI on_console_ctrl(DWORD type)
{
    if (type != CTRL_C_EVENT && type != CTRL_BREAK_EVENT) return FALSE;
    InterlockedExchange(&wb_stop_requested, 1);
    return TRUE;   /* handled: the run stops at its next safe point and writes what it has */
}

/* WINBENCH_STOP_AFTER_MS=N: the same stop N ms into the run, so that tests can take the
 * interruption path where no console can send Ctrl+C (Wine without a terminal). */
static DWORD WINAPI stop_timer(void *arg)
{
    Sleep((DWORD)(UINT_PTR)arg);
    on_console_ctrl(CTRL_C_EVENT);
    return 0;
}

/* WINBENCH_STOP_IN_REP=K[:MS]: the same stop MS ms after timed repetition K starts, for tests
 * that need complete repetitions before the interruption on a machine of any speed or load.
 * #K[:MS] counts the process's timed repetitions instead, over every variant and every run of
 * a suite: #3 is the third loop of a grouped `sockloop --loop all`. */
void wb_stop_hook_rep_started(unsigned rep)
{
    static unsigned long started;   /* timed repetitions of the process so far */
    const char *hook = wb_test_hook_text(WB_HOOK_STOP_IN_REP), *colon;
    unsigned long ms;
    HANDLE t;
    if (rep == 0) return;
    started++;
    if (!hook[0] || (hook[0] == '#' ? strtoul(hook + 1, NULL, 10) != started : strtoul(hook, NULL, 10) != rep)) return;
    colon = strchr(hook, ':');
    ms = colon ? strtoul(colon + 1, NULL, 10) : 0;
    if (ms == 0) {
        on_console_ctrl(CTRL_C_EVENT);
        return;
    }
    t = CreateThread(NULL, 0, stop_timer, (void *)(UINT_PTR)ms, 0, NULL);
    if (t) CloseHandle(t);
    else on_console_ctrl(CTRL_C_EVENT);
}

void wb_watch_for_stop(void)
{
    static int armed;
    if (armed) return;
    armed = 1;
    SetConsoleCtrlHandler(on_console_ctrl, TRUE);
    if (wb_test_hook_text(WB_HOOK_STOP_AFTER_MS)[0]) {
        HANDLE t = CreateThread(NULL, 0, stop_timer, (void *)(UINT_PTR)wb_test_hook_number(WB_HOOK_STOP_AFTER_MS), 0, NULL);
        if (t) CloseHandle(t);
    }
}

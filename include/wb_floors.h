/* Floors: what the layers under an API cost on this machine, each timed in a loop of its own
 * beside a benchmark's timed loop (never inside it), in the same thread, so that a module can
 * say how much of its operation is the OS, how much the API and how much the code it runs.
 *
 * Each timer here reads QPC twice around its loop and returns nanoseconds per operation;
 * nothing is allocated or printed inside a loop, and the loops use integers only (on x86 a
 * double would put the x87 in use, wb_clock.h). Under Wine every floor is Wine's: a "kernel
 * call" there is a call into Wine's ntdll (and maybe its wineserver), not Windows' kernel. */
#ifndef WB_FLOORS_H
#define WB_FLOORS_H

#include <windows.h>
#include <stdint.h>
#include "wb_error.h"

/* The two kernel floors, each a system call that does no work and is a real transition on
 * every Windows from XP to 11 (src/win/floors.c says why these two). For the CSV. */
#define WB_FLOOR_KERNEL_CALL "NtTestAlert"
#define WB_FLOOR_WIN32K_CALL "NtUserGetForegroundWindow"
/* What the floors call on this Windows, for the CSV: "NtTestAlert (ntdll);NtUserGetForegroundWindow
 * (win32u)" where win32u exports the stub, "(user32's GetForegroundWindow)" elsewhere, and
 * ";through WOW64 ..." for an x86 process on 64-bit Windows, whose floors include the thunks. */
const char *wb_floor_calls(void);

/* How long a floor may run: at most n operations and at most `ticks` of QPC, whichever comes
 * first (checked between chunks of operations, never inside one), so that a floor that is slow
 * on this machine (every kernel call is a round trip to Wine's server) cannot make the run
 * many times longer than its timed loops. */
typedef struct wb_floor_budget {
    uint64_t n, ticks;
} wb_floor_budget;
/* A quarter of the repetition's operations and an eighth of its time (at least one
 * operation and 1 ms): the floors beside a repetition cost at most half of it again. */
wb_floor_budget wb_floor_budget_of(uint64_t ops, uint64_t rep_ticks);

/* One chunk of a floor: k operations of it, nothing else (a WB_TIMED_LOOP function). */
typedef void (*wb_floor_chunk)(const void *arg, uint64_t k);

/* Times a floor in chunks of about 250 us (sized from its first operation, then again from a
 * chunk too short for the clock), within the budget,
 * and returns the median chunk's ns per operation: the typical cost of the operation when the
 * thread runs, which a preemption in some chunks does not move (a mean over the whole loop
 * would carry every preemption on a busy machine). NaN for a budget of no operations. */
double wb_floor_time(wb_floor_chunk chunk, const void *arg, wb_floor_budget b);
/* The same, and in *pm_ns the half-width of the median's 95% interval (NaN without chunks). */
double wb_floor_time_pm(wb_floor_chunk chunk, const void *arg, wb_floor_budget b, double *pm_ns);

/* ns per call within the budget (wb_floor_time); NaN when the call cannot be made here (ntdll without
 * NtTestAlert). */
double wb_floor_kernel_ns(wb_floor_budget b);
double wb_floor_win32k_ns(wb_floor_budget b);
/* ns per QueryPerformanceCounter read, the cheapest of 16 batches of n/16 (a read's own cost,
 * to take off the parts a module times with its own reads). */
double wb_floor_qpc_ns(uint64_t n);

/* --work: a fixed amount of work in the caller's thread. One unit is one step of a linear
 * congruential generator (a multiply and an add, each needing the last): the same cycles on
 * every run and under any load, and nothing a compiler can take away. */
void wb_work(uint64_t units);
/* ns per wb_work(units) call, within the budget. */
double wb_work_ns(uint64_t units, wb_floor_budget b);

/* The OS's cross-thread hand-off: two auto-reset events between two threads, one round trip
 * per operation, each side setting the other's event and waiting for its own in one call
 * (SignalObjectAndWait): one kernel entry a direction, as a cross-thread SendMessage has (one
 * blocking call on the sender; the receiver woken inside its GetMessage). 0.5 used SetEvent and
 * a wait on each side: four entries a round trip, which made the hand-off look dearer and
 * SendMessage's marshalling cheaper than they are. The asking thread times n round trips after
 * one it does not time; the answering thread answers those n + 1 and goes back to what it did.
 * Each returns 0, or -1 when a wait failed (the other side did not answer in 10 s). */
typedef struct wb_pingpong {
    HANDLE ping, pong;
} wb_pingpong;
int  wb_pingpong_open(wb_pingpong *pp, wb_error *err);
void wb_pingpong_close(wb_pingpong *pp);
int  wb_pingpong_answer(wb_pingpong *pp, uint64_t n);
int  wb_pingpong_ask(wb_pingpong *pp, uint64_t n, uint64_t *ticks);

/* A window procedure called as the message would run without SendMessage: proc(hwnd, msg, 0, 0)
 * (the window's procedure, or with from_class its class's: a system control's own beneath a
 * subclass) directly, or through CallWindowProc when the window hands out a handle rather than an address
 * (a procedure of the other character set): *how says which ("direct", "CallWindowProc"; "none"
 * and NULL when the window has no procedure). The chunk runs k calls of *call. */
typedef struct wb_wndproc_call {
    WNDPROC proc;
    HWND hwnd;
    UINT msg;
    int unicode;
} wb_wndproc_call;
wb_floor_chunk wb_wndproc_chunk(HWND hwnd, UINT msg, int unicode, int from_class, wb_wndproc_call *call,
                                const char **how);
/* The same for a procedure already in hand (a mapped window's m_pfnSuper, say). */
wb_floor_chunk wb_proc_chunk(WNDPROC proc, HWND hwnd, UINT msg, int unicode, wb_wndproc_call *call, const char **how);

#endif

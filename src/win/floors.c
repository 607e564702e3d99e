/* Floors beside a timed loop (include/wb_floors.h): each in a function of its own, its loop
 * between two QPC reads, integers only inside.
 *
 * The two kernel floors were chosen so that each is one real transition that does no work, on
 * every Windows from XP to 11, x86 and x64 (and through WOW64 for an x86 process on x64):
 * - NtTestAlert (ntdll): a system call stub on every NT version; the kernel's NtTestAlert only
 *   asks whether the thread was alerted (ReactOS ntoskrnl/ps/state.c: `return
 *   KeTestAlertThread(ExGetPreviousMode()) ? STATUS_ALERTED : STATUS_SUCCESS;`, as Windows'
 *   own does), and with no user APC queued nothing is delivered on the way out. Calls that look
 *   cheaper are not transitions everywhere: GetCurrentProcessId reads the TEB,
 *   GetSystemTimeAsFileTime and (from Windows 8 on most machines) QueryPerformanceCounter
 *   read KUSER_SHARED_DATA in user mode, and NtYieldExecution asks the scheduler to switch.
 * - NtUserGetForegroundWindow: called in win32u.dll where it exports the stub (Windows 10 1607
 *   on; 11 24H2's user32 GetForegroundWindow is reported no longer to enter win32k, ScyllaHide
 *   #177), else through user32's GetForegroundWindow, the stub itself on XP: a win32k system
 *   call on every version (j00ru's win32k syscall tables list it
 *   from NT 4 to Windows 11), which takes USER's lock and reads one pointer (ReactOS
 *   win32ss/user/ntuser/focus.c). Many user32 calls that look as small never leave user mode
 *   (GetWindowLong, IsWindow, GetMessageTime read the shared desktop heap or the client
 *   thread info), so they would measure no transition at all.
 * Under Wine these are Wine's: NtTestAlert is a call into its ntdll's Unix side, and
 * GetForegroundWindow may ask the wineserver. */
#include "wb_sort.h"
#include "wb_floors.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_clock.h"
#include "wb_test_hooks.h"
#include "wb_timed_loop.h"
#include "winapi.h"

/* ns per operation from a tick count; outside every loop. */
static double per_op_ns(uint64_t ticks, uint64_t n)
{
    return n ? wb_ticks_to_s(ticks) * 1e9 / (double)n : NAN;
}

wb_floor_budget wb_floor_budget_of(uint64_t ops, uint64_t rep_ticks)
{
    wb_floor_budget b;
    uint64_t ms = wb_clock_freq() / 1000;
    b.n = ops / 4 ? ops / 4 : 1;
    b.ticks = rep_ticks / 8 > ms ? rep_ticks / 8 : ms;
    return b;
}

/* A chunk lasts about this long: short enough that most chunks fall between two preemptions of
 * the thread on a busy machine (a scheduler's slice is milliseconds), long enough that the two
 * QPC reads around it cost nothing measurable and that the clock's tick (100 ns where QPC runs
 * at 10 MHz, as on Windows 10 and later and under Wine) is a small part of it. */
#define CHUNK_US 250
#define MAX_CHUNKS 1024
#define MAX_CHUNK_OPS 4096
/* While the chunks are being sized, each leaves room for this many more of its size in what the
 * budget's operations have left, so that a small budget still gives a median of several. */
#define FEW_CHUNKS 3

/* How many operations last CHUNK_US at the pace of `ops` of them in `ticks`. */
static uint64_t ops_per_chunk(uint64_t ticks, uint64_t ops)
{
    uint64_t want = wb_clock_freq() / 1000000 * CHUNK_US, k = ticks ? want * ops / ticks : MAX_CHUNK_OPS;
    return k < 1 ? 1 : k > MAX_CHUNK_OPS ? MAX_CHUNK_OPS : k;
}

/* The chunks are sized from the first operation, then sized again from each chunk that lasted
 * under half of CHUNK_US (not a sample), until one lasts long enough or cannot grow. The first
 * call of a procedure is often far slower than the rest (its code and data paged in, a lazy
 * set-up): sized from it alone, chunks of one or two calls a few ticks long gave the median
 * in whole ticks (200 or 400 ns for a call of about 250). */
double wb_floor_time(wb_floor_chunk chunk, const void *arg, wb_floor_budget b)
{
    double pm;
    return wb_floor_time_pm(chunk, arg, b, &pm);
}

/* The 95% interval of the chunks' median: ranks n/2 -+ 0.98 sqrt(n), the whole range below 6. */
static double median_pm(const uint64_t *sorted, unsigned n, uint64_t med)
{
    unsigned lo = n >= 6 ? (unsigned)floor((double)n / 2 - 0.98 * sqrt((double)n)) : 0;
    uint64_t below = med - sorted[lo], above = sorted[n - 1 - lo] - med;
    return (double)(below > above ? below : above);
}

double wb_floor_time_pm(wb_floor_chunk chunk, const void *arg, wb_floor_budget b, double *pm_ns)
{
    uint64_t ticks[MAX_CHUNKS], t0, t, start, last_ticks, last_k;
    uint64_t done = 0, k;
    unsigned n = 0;
    int sized = 0;
    *pm_ns = NAN;
    if (b.n == 0) return NAN;
    /* one operation first, to size the chunks (and to warm what it touches) */
    start = wb_ticks();
    chunk(arg, 1);
    t = wb_ticks();
    last_ticks = t - start;
    last_k = done = 1;
    k = ops_per_chunk(last_ticks, 1);
    while (done < b.n && n < MAX_CHUNKS && t - start < b.ticks) {
        uint64_t left = b.n - done, room = left / FEW_CHUNKS ? left / FEW_CHUNKS : 1, now_k;
        if (!sized && k >= room) {
            k = room;
            sized = 1;   /* as large as the budget allows: this chunk is a sample */
        }
        now_k = left < k ? left : k;
        t0 = t;
        chunk(arg, now_k);
        t = wb_ticks();
        done += now_k;
        last_ticks = t - t0;
        last_k = now_k;
        if (!sized) {
            uint64_t again = ops_per_chunk(t - t0, now_k);
            if (again > 2 * now_k) {
                k = again;
                continue;
            }
            sized = 1;
        }
        if (now_k == k) ticks[n++] = t - t0;   /* a short last chunk is not one of the sample */
    }
    if (n == 0) return per_op_ns(last_ticks, last_k);   /* the budget ended first: the longest chunk */
    {
        uint64_t med = wb_median_u64(ticks, n);
        *pm_ns = per_op_ns((uint64_t)median_pm(ticks, n, med), k);
        return per_op_ns(med, k);
    }
}

typedef struct kernel_arg {
    wb_fn_NtTestAlert call;
} kernel_arg;

static WB_TIMED_LOOP void kernel_chunk(const void *arg, uint64_t k)
{
    wb_fn_NtTestAlert call = ((const kernel_arg *)arg)->call;
    uint64_t i;
    for (i = 0; i < k; i++) call();
}

double wb_floor_kernel_ns(wb_floor_budget b)
{
    kernel_arg a;
    a.call = WB_API(NtTestAlert);
    return a.call ? wb_floor_time(kernel_chunk, &a, b) : NAN;
}

typedef struct win32k_arg {
    wb_fn_NtUserGetForegroundWindow call;
} win32k_arg;

static WB_TIMED_LOOP void win32k_chunk(const void *arg, uint64_t k)
{
    wb_fn_NtUserGetForegroundWindow call = ((const win32k_arg *)arg)->call;
    uint64_t i;
    for (i = 0; i < k; i++) call();
}

/* The win32k floor's call, and where it is (for floor_calls): one decision for both. */
static wb_fn_NtUserGetForegroundWindow win32k_call(const char **where)
{
    wb_fn_NtUserGetForegroundWindow stub = WB_API(NtUserGetForegroundWindow);
    *where = stub ? "win32u" : "user32's GetForegroundWindow";
    return stub ? stub : GetForegroundWindow;
}

double wb_floor_win32k_ns(wb_floor_budget b)
{
    win32k_arg a;
    const char *where;
    a.call = win32k_call(&where);
    return wb_floor_time(win32k_chunk, &a, b);
}

static int through_wow64(void)
{
    wb_fn_IsWow64Process is = WB_API(IsWow64Process);
    BOOL wow = FALSE;
    if (wb_test_hook_text(WB_HOOK_WOW64)[0] == '1') return 1;   /* what Wine here cannot be */
    return is && is(GetCurrentProcess(), &wow) && wow;
}

const char *wb_floor_calls(void)
{
    static char text[160];
    const char *where;
    win32k_call(&where);
    snprintf(text, sizeof text, "%s (ntdll);%s (%s)%s", WB_FLOOR_KERNEL_CALL, WB_FLOOR_WIN32K_CALL, where,
             through_wow64() ? ";through WOW64 (an x86 process on 64-bit Windows: each call crosses its thunks)" : "");
    return text;
}

static WB_TIMED_LOOP uint64_t qpc_loop(uint64_t n)
{
    uint64_t i, last = 0;
    for (i = 0; i < n; i++) last = wb_ticks();
    return last;
}

double wb_floor_qpc_ns(uint64_t n)
{
    /* The cheapest batch: a read interrupted by the scheduler is not what a read costs. */
    uint64_t batch = n / 16 ? n / 16 : 1, best = (uint64_t)-1;
    int k;
    for (k = 0; k < 16; k++) {
        uint64_t t0 = wb_ticks(), t1 = qpc_loop(batch);
        if (t1 - t0 < best) best = t1 - t0;
    }
    return per_op_ns(best, batch);
}

/* Where the generator's state goes after each call, so that no step can be left out. */
static volatile uint32_t work_state = 1;

void wb_work(uint64_t units)
{
    uint32_t x = work_state;
    uint64_t i;
    for (i = 0; i < units; i++) x = x * 1664525u + 1013904223u;   /* Numerical Recipes' LCG */
    work_state = x;
}

static WB_TIMED_LOOP void work_chunk(const void *arg, uint64_t k)
{
    uint64_t i, units = *(const uint64_t *)arg;
    for (i = 0; i < k; i++) wb_work(units);
}

double wb_work_ns(uint64_t units, wb_floor_budget b)
{
    return wb_floor_time(work_chunk, &units, b);
}

int wb_pingpong_open(wb_pingpong *pp, wb_error *err)
{
    memset(pp, 0, sizeof *pp);
    pp->ping = CreateEventA(NULL, FALSE, FALSE, NULL);
    pp->pong = pp->ping ? CreateEventA(NULL, FALSE, FALSE, NULL) : NULL;
    if (pp->pong == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        wb_pingpong_close(pp);
        return -1;
    }
    return 0;
}

void wb_pingpong_close(wb_pingpong *pp)
{
    if (pp->ping) CloseHandle(pp->ping);
    if (pp->pong) CloseHandle(pp->pong);
    pp->ping = pp->pong = NULL;
}

/* A side whose partner is gone must not wait for ever: 10 s is more than any round trip. */
#define PINGPONG_PATIENCE_MS 10000

/* Woken by the asker, it answers and waits for the next ask in one call: one kernel entry a
 * direction, as a cross-thread SendMessage has. n + 1 round trips: the asker's first is not timed
 * (it finds this thread wherever it was, in GetMessage say). */
int wb_pingpong_answer(wb_pingpong *pp, uint64_t n)
{
    uint64_t i;
    if (WaitForSingleObject(pp->ping, PINGPONG_PATIENCE_MS) != WAIT_OBJECT_0) return -1;
    for (i = 0; i < n; i++)
        if (SignalObjectAndWait(pp->pong, pp->ping, PINGPONG_PATIENCE_MS, FALSE) != WAIT_OBJECT_0) return -1;
    return SetEvent(pp->pong) ? 0 : -1;
}

static WB_TIMED_LOOP int ask_chunk(HANDLE ping, HANDLE pong, uint64_t k)
{
    uint64_t i;
    for (i = 0; i < k; i++)
        if (SignalObjectAndWait(ping, pong, PINGPONG_PATIENCE_MS, FALSE) != WAIT_OBJECT_0) return -1;
    return 0;
}

int wb_pingpong_ask(wb_pingpong *pp, uint64_t n, uint64_t *ticks)
{
    uint64_t t0;
    int rc;
    if (SignalObjectAndWait(pp->ping, pp->pong, PINGPONG_PATIENCE_MS, FALSE) != WAIT_OBJECT_0) return -1;
    t0 = wb_ticks();
    rc = ask_chunk(pp->ping, pp->pong, n);
    *ticks = wb_ticks() - t0;
    return rc;
}

static WB_TIMED_LOOP void direct_chunk(const void *arg, uint64_t k)
{
    const wb_wndproc_call *a = (const wb_wndproc_call *)arg;
    uint64_t i;
    for (i = 0; i < k; i++) a->proc(a->hwnd, a->msg, 0, 0);
}

static WB_TIMED_LOOP void callwindowproc_chunk(const void *arg, uint64_t k)
{
    const wb_wndproc_call *a = (const wb_wndproc_call *)arg;
    uint64_t i;
    if (a->unicode)
        for (i = 0; i < k; i++) CallWindowProcW(a->proc, a->hwnd, a->msg, 0, 0);
    else
        for (i = 0; i < k; i++) CallWindowProcA(a->proc, a->hwnd, a->msg, 0, 0);
}

/* An address in a loaded module is a procedure; anything else is one of USER's handles that
 * only CallWindowProc understands (GetWindowLongPtr's documentation). */
static int is_code(const void *address)
{
    HMODULE mod = NULL;
    return address != NULL &&
           GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                              (LPCSTR)address, &mod) != 0;
}

wb_floor_chunk wb_proc_chunk(WNDPROC proc, HWND hwnd, UINT msg, int unicode, wb_wndproc_call *call, const char **how)
{
    call->proc = proc;
    call->hwnd = hwnd;
    call->msg = msg;
    call->unicode = unicode;
    if (proc == NULL) {
        *how = "none";
        return NULL;
    }
    *how = is_code((const void *)proc) ? "direct" : "CallWindowProc";
    return is_code((const void *)proc) ? direct_chunk : callwindowproc_chunk;
}

wb_floor_chunk wb_wndproc_chunk(HWND hwnd, UINT msg, int unicode, int from_class, wb_wndproc_call *call,
                                const char **how)
{
    ULONG_PTR raw = from_class ? (unicode ? GetClassLongPtrW(hwnd, GCLP_WNDPROC) : GetClassLongPtrA(hwnd, GCLP_WNDPROC))
                               : (ULONG_PTR)(unicode ? GetWindowLongPtrW(hwnd, GWLP_WNDPROC)
                                                     : GetWindowLongPtrA(hwnd, GWLP_WNDPROC));
    return wb_proc_chunk((WNDPROC)raw, hwnd, msg, unicode, call, how);
}

/* The reference for winbench's own overhead: the original experiment and nothing else. Raymond
 * Chen's scratch window, then N x SendMessage(hwnd, WM_NULL, 0, 0) between two QPC reads, and
 * the result in the original post's form. scripts/overhead runs it against `winbench sendmsg`.
 * usage: ref_scratch.exe [N [a|w [WARMUPS [REPS]]]]   (default 1000000, ANSI: the original; w: a
 * Unicode window and SendMessageW, as winbench's default --charset w; WARMUPS untimed loops
 * first, as winbench's --warmup; REPS timed loops, default 1). Prints the fastest repetition's
 * rate first, then the median's: scripts/overhead compares fastest with fastest (interference
 * on a shared machine only ever slows a loop, so the least disturbed one is the fastest).
 * It repeats src/windows_util.c's scratch window on purpose: the reference must contain nothing
 * of winbench, or it would measure winbench against itself. */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>

static LRESULT CALLBACK WndProc(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    switch (msg) {
    case WM_CREATE:
        return 0;
    case WM_PAINT: {
        PAINTSTRUCT ps;
        BeginPaint(hwnd, &ps);
        EndPaint(hwnd, &ps);
        return 0;
    }
    }
    return DefWindowProcA(hwnd, msg, wp, lp);
}

static LRESULT CALLBACK WndProcW(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    switch (msg) {
    case WM_CREATE:
        return 0;
    case WM_PAINT: {
        PAINTSTRUCT ps;
        BeginPaint(hwnd, &ps);
        EndPaint(hwnd, &ps);
        return 0;
    }
    }
    return DefWindowProcW(hwnd, msg, wp, lp);
}

/* The loop in a function of its own at a 64-byte boundary, as winbench's is
 * (include/wb_timed_loop.h says why): the two differ in nothing but what is around them. */
#if defined(__GNUC__) || defined(__clang__)
#define TIMED_LOOP __attribute__((noinline, aligned(64)))
#else
#define TIMED_LOOP
#endif

static TIMED_LOOP void loop_a(HWND hwnd, unsigned long n)
{
    unsigned long i;
    for (i = 0; i < n; i++) SendMessageA(hwnd, WM_NULL, 0, 0);
}

static TIMED_LOOP void loop_w(HWND hwnd, unsigned long n)
{
    unsigned long i;
    for (i = 0; i < n; i++) SendMessageW(hwnd, WM_NULL, 0, 0);
}

int main(int argc, char **argv)
{
    HWND hwnd;
    LARGE_INTEGER freq, t0, t1;
    unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000UL;
    int wide = argc > 2 && argv[2][0] == 'w';
    unsigned long warmups = argc > 3 ? strtoul(argv[3], NULL, 10) : 0, k;
    unsigned long reps = argc > 4 ? strtoul(argv[4], NULL, 10) : 1, r, j;
    LONGLONG ticks[64];   /* each loop's QPC ticks: no double until the loops are done (below) */
    double rates[64];
    if (wide) {
        WNDCLASSW wc;
        ZeroMemory(&wc, sizeof wc);
        wc.lpfnWndProc = WndProcW;
        wc.hInstance = GetModuleHandleW(NULL);
        wc.lpszClassName = L"Scratch";
        RegisterClassW(&wc);
        hwnd = CreateWindowW(L"Scratch", L"Scratch", WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT, 320, 200, NULL, NULL,
                             wc.hInstance, NULL);
    } else {
        WNDCLASSA wc;
        ZeroMemory(&wc, sizeof wc);
        wc.lpfnWndProc = WndProc;
        wc.hInstance = GetModuleHandleA(NULL);
        wc.lpszClassName = "Scratch";
        RegisterClassA(&wc);
        hwnd = CreateWindowA("Scratch", "Scratch", WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT, 320, 200, NULL, NULL,
                             wc.hInstance, NULL);
    }
    if (hwnd == NULL) {
        fprintf(stderr, "ref_scratch: CreateWindow failed: %lu\n", GetLastError());
        return 1;
    }
    for (k = 0; k < warmups; k++) {   /* untimed, as winbench's --warmup */
        if (wide) loop_w(hwnd, n);
        else loop_a(hwnd, n);
    }
    QueryPerformanceFrequency(&freq);
    if (reps < 1) reps = 1;
    if (reps > 64) reps = 64;
    /* The loops first, the arithmetic after: in a 32-bit build a double is computed on the x87,
     * which leaves its state in use for the loops that follow, and under Wine that costs each
     * SendMessage 3% (include/wb_x87.h). A program that times one loop and prints never has it. */
    for (r = 0; r < reps; r++) {
        QueryPerformanceCounter(&t0);
        if (wide) loop_w(hwnd, n);
        else loop_a(hwnd, n);
        QueryPerformanceCounter(&t1);
        ticks[r] = t1.QuadPart - t0.QuadPart;
    }
    for (r = 0; r < reps; r++) {
        rates[r] = (double)n * (double)freq.QuadPart / (double)ticks[r];
        for (j = r; j > 0 && rates[j - 1] > rates[j]; j--) {   /* kept sorted: the fastest last */
            double t = rates[j];
            rates[j] = rates[j - 1];
            rates[j - 1] = t;
        }
    }
    printf("%.6e SendMessage/sec (fastest of %lu; median %.6e)\n", rates[reps - 1], reps,
           reps % 2 ? rates[reps / 2] : (rates[reps / 2 - 1] + rates[reps / 2]) / 2);
    DestroyWindow(hwnd);
    return 0;
}

/* Small window helpers shared by the benchmarks (see include/wb_windows.h). */
#include "wb_windows.h"

#include <string.h>

static LRESULT CALLBACK scratch_wndproc(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
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

int wb_scratch_register(wb_error *err)
{
    WNDCLASSA wc;
    memset(&wc, 0, sizeof wc);
    wc.lpfnWndProc = scratch_wndproc;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.hCursor = LoadCursorA(NULL, (LPCSTR)IDC_ARROW);
    wc.hbrBackground = (HBRUSH)(COLOR_WINDOW + 1);
    wc.lpszClassName = WB_SCRATCH_CLASS;
    if (!RegisterClassA(&wc)) {
        DWORD code = GetLastError();
        if (code == ERROR_CLASS_ALREADY_EXISTS) return 0;
        wb_error_win32(err, "RegisterClass(" WB_SCRATCH_CLASS ")", code);
        return -1;
    }
    return 0;
}

void wb_drain_messages(void)
{
    MSG msg;
    while (PeekMessageA(&msg, NULL, 0, 0, PM_REMOVE)) {
        if (msg.message == WM_QUIT) continue;
        TranslateMessage(&msg);
        DispatchMessageA(&msg);
    }
}

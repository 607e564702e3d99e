/* Small window helpers shared by the benchmarks (see include/wb_windows.h). */
#include "wb_windows.h"

#include <stdio.h>
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

/* The same switch for the Unicode class. Two plain procedures rather than one that asks
 * IsWindowUnicode: this is the timed path of `sendmsg --target scratch`, and each must be what
 * a program of that character set would have. */
static LRESULT CALLBACK scratch_wndproc_w(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
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

HWND wb_create_window(int unicode, const char *cls, const wchar_t *cls_w, DWORD style, int x, int y, int w, int h,
                      HWND parent, UINT id, void *param, wb_error *err)
{
    HWND hwnd = unicode ? CreateWindowExW(0, cls_w, L"winbench", style, x, y, w, h, parent, (HMENU)(UINT_PTR)id,
                                          GetModuleHandleW(NULL), param)
                        : CreateWindowExA(0, cls, "winbench", style, x, y, w, h, parent, (HMENU)(UINT_PTR)id,
                                          GetModuleHandleA(NULL), param);
    if (hwnd == NULL) {
        char call[96];
        snprintf(call, sizeof call, "CreateWindowEx%s(%s)", unicode ? "W" : "A", cls);
        wb_error_win32(err, call, GetLastError());
    }
    return hwnd;
}

int wb_register_class_pair(const char *name, const wchar_t *name_w, WNDPROC proc_a, WNDPROC proc_w, UINT style,
                           int background, wb_error *err)
{
    WNDCLASSA wc;
    WNDCLASSW wcw;
    DWORD code;
    char call[96];
    memset(&wc, 0, sizeof wc);
    wc.style = style;
    wc.lpfnWndProc = proc_a;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.hCursor = LoadCursorA(NULL, (LPCSTR)IDC_ARROW);
    wc.hbrBackground = (HBRUSH)(INT_PTR)background;
    wc.lpszClassName = name;
    if (!RegisterClassA(&wc) && (code = GetLastError()) != ERROR_CLASS_ALREADY_EXISTS) {
        snprintf(call, sizeof call, "RegisterClass(%s)", name);
        wb_error_win32(err, call, code);
        return -1;
    }
    memset(&wcw, 0, sizeof wcw);
    wcw.style = style;
    wcw.lpfnWndProc = proc_w;
    wcw.hInstance = GetModuleHandleW(NULL);
    wcw.hCursor = LoadCursorW(NULL, (LPCWSTR)IDC_ARROW);
    wcw.hbrBackground = (HBRUSH)(INT_PTR)background;
    wcw.lpszClassName = name_w;
    if (!RegisterClassW(&wcw) && (code = GetLastError()) != ERROR_CLASS_ALREADY_EXISTS) {
        snprintf(call, sizeof call, "RegisterClassW(%s)", name);
        wb_error_win32(err, call, code);
        return -1;
    }
    return 0;
}

int wb_scratch_register(wb_error *err)
{
    return wb_register_class_pair(WB_SCRATCH_CLASS, WB_SCRATCH_CLASS_W, scratch_wndproc, scratch_wndproc_w, 0,
                                  COLOR_WINDOW + 1, err);
}

/* One procedure for both character sets: it reads nothing a character set changes. */
static LRESULT CALLBACK twin_wndproc(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    (void)hwnd, (void)wp, (void)lp;
    return msg == WM_NCCREATE;
}

int wb_twin_register(wb_error *err)
{
    return wb_register_class_pair(WB_TWIN_CLASS, WB_TWIN_CLASS_W, twin_wndproc, twin_wndproc, 0, COLOR_WINDOW + 1, err);
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

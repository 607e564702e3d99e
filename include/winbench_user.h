/* Your own code in winbench's harness, without rebuilding winbench: a DLL of yours whose
 * exported function winbench loads and times beside the API it calls it through, floors and
 * parts included. This header is all such a DLL needs (with windows.h); tests/sample_user_code.c
 * is an example, built with the tests.
 *
 *   winbench sendmsg --wndproc mycode.dll!MyWndProc
 *       a window of a class whose procedure is MyWndProc gets the SendMessage calls; its part
 *       "the window procedure" is MyWndProc called directly, n times, beside them.
 *   winbench idle --onidle mycode.dll!MyOnIdle
 *       MyOnIdle replaces CWinApp::OnIdle in the model of MFC's CWinThread::Run; its time is
 *       the idle periods' "your code" part.
 *
 * Export the functions under their plain names (a .def file, or `extern "C"
 * __declspec(dllexport)` with /EXPORT:Name on MSVC, -Wl,--kill-at with MinGW). For an x86 DLL,
 * winbench also finds the stdcall-decorated name (_MyWndProc@16, _MyOnIdle@8). The DLL is
 * loaded once per set-up and freed at tear-down; its DllMain runs then, outside the timing.
 * Build it for the architecture of the winbench.exe that loads it (x86 or x64). */
#ifndef WINBENCH_USER_H
#define WINBENCH_USER_H

#include <windows.h>

/* A window procedure, exactly as Windows calls one. winbench sends the message of --msg
 * (WM_NULL unless given) with wParam = lParam = 0; the window is a top-level window of
 * winbench's class "WinbenchUser" (or "WinbenchUserW" with --charset w, the default), created
 * and destroyed by winbench. Hand everything you do not handle to DefWindowProc: the window
 * also gets WM_CREATE, WM_DESTROY and the rest of a window's life. */
typedef LRESULT (CALLBACK *winbench_wndproc)(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam);

/* An OnIdle handler, called as CWinThread::Run calls CWinApp::OnIdle: count is lIdleCount (0
 * on the first call of an idle period, then 1, 2, ...), main_frame the model application's
 * main window. Return TRUE to be called again while no message waits, FALSE to end the idle
 * period (MFC's CWinApp::OnIdle returns count < 1). */
typedef BOOL (WINAPI *winbench_onidle)(HWND main_frame, LONG count);

#endif

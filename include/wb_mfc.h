/* A model of what MFC does for each message sent to one of its windows (AfxWndProc ->
 * handle-map lookup -> CWnd::WindowProc -> OnWndMsg's message cache and message-map search ->
 * DefWindowProc), written in C from the structure of MFC's wincore.cpp. Shared by the sendmsg
 * and idle benchmarks. */
#ifndef WB_MFC_H
#define WB_MFC_H

#include <windows.h>
#include "wb_error.h"

#define WB_MFC_CLASS "WinbenchMfcWnd"
#define WB_WM_IDLEUPDATECMDUI 0x0363

typedef struct wb_cwnd wb_cwnd;

/* Register the MFC-style class (idempotent) and the thread state's TLS slot. */
int wb_mfc_init(wb_error *err);

/* Create an MFC-style window and put it in the permanent handle map, as CWnd::Create does.
 * Messages sent to it go through the model before DefWindowProc. */
HWND wb_mfc_create(HWND parent, DWORD style, int x, int y, int w, int h, wb_error *err);

/* The permanent-map lookup (CWnd::FromHandlePermanent); NULL when not mapped. */
wb_cwnd *wb_mfc_from_handle(HWND hwnd);

/* CWnd::WindowProc called directly, as SendMessageToDescendants does with bOnlyPerm. */
LRESULT wb_mfc_window_proc(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp);

/* Messages the model's message maps handled (not passed to DefWindowProc), for tests. */
unsigned long wb_mfc_handled_count(void);

#endif

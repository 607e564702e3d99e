/* A model of what MFC does for each message sent to one of its windows (AfxWndProc ->
 * handle-map lookup -> CWnd::WindowProc -> OnWndMsg's message cache and message-map search ->
 * DefWindowProc), written in C from the structure of MFC's wincore.cpp. Shared by the sendmsg
 * and idle benchmarks. */
#ifndef WB_MFC_H
#define WB_MFC_H

#include <windows.h>
#include "wb_error.h"

#define WB_MFC_CLASS "WinbenchMfcWnd"
#define WB_MFC_CLASS_W L"WinbenchMfcWndW"
#define WB_WM_IDLEUPDATECMDUI 0x0363

typedef struct wb_cwnd wb_cwnd;

/* Register the MFC-style class (idempotent) and the thread state's TLS slot. */
int wb_mfc_init(wb_error *err);

/* Which message-map chain a window's class has: a CMainFrame-like frame (app -> CFrameWnd ->
 * CWnd -> CCmdTarget; it handles WM_IDLEUPDATECMDUI) or a CWnd-derived child control. */
typedef enum wb_mfc_kind { WB_MFC_FRAME, WB_MFC_CHILD } wb_mfc_kind;

/* Create an MFC-style window and put it in the permanent handle map, as CWnd::Create does.
 * Messages sent to it go through the model before DefWindowProc. unicode: a Unicode window
 * (CreateWindowExW, DefWindowProcW), as in an MFC application built with _UNICODE. */
HWND wb_mfc_create(wb_mfc_kind kind, HWND parent, DWORD style, int x, int y, int w, int h, int unicode,
                   wb_error *err);

/* CWnd::SubclassWindow: put an existing window (a system BUTTON, say) in the permanent map and
 * route its messages through the model; unhandled ones go to its original procedure. */
int wb_mfc_subclass(wb_mfc_kind kind, HWND hwnd, wb_error *err);

/* The permanent-map lookup (CWnd::FromHandlePermanent); NULL when not mapped. */
wb_cwnd *wb_mfc_from_handle(HWND hwnd);

/* The procedure a mapped window's unhandled messages go on to (CWnd::DefWindowProc's
 * m_pfnSuper: a subclassed control's own procedure, else ::DefWindowProc), and in *unicode
 * whether to call it as a Unicode one; NULL for a window not in the permanent map. */
WNDPROC wb_mfc_super(HWND hwnd, int *unicode);

/* AfxCallWndProc called directly, without ::SendMessage, as SendMessageToDescendants does for
 * windows in the permanent map when bOnlyPerm is TRUE. */
LRESULT wb_mfc_call_wnd_proc(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp);

/* AfxLockTempMaps + AfxUnlockTempMaps, as CWinThread::OnIdle(1) calls them. */
void wb_mfc_free_temp_maps(void);

/* CWnd::EnableToolTips on a mapped window (a control bar with CBRS_TOOLTIPS). */
void wb_mfc_enable_tooltips(HWND hwnd);

/* CWinThread::PreTranslateMessage for one pumped message: CWnd::WalkPreTranslateTree from the
 * message's window up to main_wnd, PreTranslateMessage on each window in the permanent map, with
 * the tooltip filter for mouse messages when tooltips are on; mdi_client (NULL: not MDI) makes
 * the main frame behave as CMDIFrameWnd (asks for the active child and gives it a turn). */
void wb_mfc_pretranslate(const MSG *msg, HWND main_wnd, HWND mdi_client, int tooltips);

/* What the model did, counted on the UI thread (reset per repetition). */
typedef struct wb_mfc_counters {
    unsigned long handled;            /* messages a message map handled */
    unsigned long lookups;            /* handle-map lookups (FromHandle, FromHandlePermanent) */
    unsigned long temp_created, temp_freed;   /* temporary CWnd objects */
    unsigned long pretranslate;       /* PreTranslateMessage calls */
    unsigned long tooltip_filters;    /* FilterToolTipMessage calls for mouse messages */
    unsigned long tooltip_hittests;   /* ... that reached the tooltip owner's hit test */
    unsigned long nchittest, setcursor;   /* WM_NCHITTEST / WM_SETCURSOR through AfxWndProc */
} wb_mfc_counters;
void wb_mfc_counters_get(wb_mfc_counters *out);
void wb_mfc_counters_reset(void);

#endif

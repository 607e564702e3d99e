/* An AppWizard-style MFC MDI application's windows: a main frame (CMDIFrameWnd) with a toolbar
 * (CToolBar, CBRS_TOOLTIPS) and a status bar (CStatusBar), an MDI client, and MDI child frames
 * (CMDIChildWnd) each holding a view (CView). Every MFC-owned window is in the model's permanent
 * map (include/wb_mfc.h) and keeps its class procedure as m_pfnSuper: DefFrameProc for the main
 * frame, DefMDIChildProc for the children. The MDI client is not an MFC object, as in MFC. */
#ifndef WB_MFC_APP_H
#define WB_MFC_APP_H

#include <windows.h>
#include "wb_error.h"

#define WB_MFC_MAX_CHILDREN 64

typedef struct wb_mfc_app {
    HWND frame, toolbar, statusbar, mdi_client;
    unsigned nchildren;
    HWND children[WB_MFC_MAX_CHILDREN];   /* the MDI child frames (the frame list) */
    HWND views[WB_MFC_MAX_CHILDREN];      /* each one's view */
} wb_mfc_app;

/* Creates the windows at (x, y), 800 x 600, with n MDI children (at least 1) cascaded over the
 * client area; tooltips: the toolbar enables them (EnableToolTips); unicode: every window made
 * with the W functions (an MFC application built with _UNICODE). The caller has called
 * wb_mfc_init and wb_scratch_register and, for the classic controls, wb_common_controls_classic
 * (or is inside the v6 context). The frame is shown without activation. */
int  wb_mfc_app_create(wb_mfc_app *app, unsigned n, int tooltips, int x, int y, int unicode, wb_error *err);
void wb_mfc_app_destroy(wb_mfc_app *app);

#endif

/* An AppWizard-style MFC application's windows. MDI: a main frame (CMDIFrameWnd) with a toolbar
 * (CToolBar, CBRS_TOOLTIPS) and a status bar (CStatusBar), an MDI client, and MDI child frames
 * (CMDIChildWnd) each holding a view (CView); else one CFrameWnd. On it (or spread over the
 * views): chains of child windows, and a CButton. Every MFC-owned window is in the model's
 * permanent map (include/wb_mfc.h) and keeps its class procedure as m_pfnSuper: DefFrameProc for
 * the main frame, DefMDIChildProc for the children. The MDI client is not an MFC object, as in
 * MFC. */
#ifndef WB_MFC_APP_H
#define WB_MFC_APP_H

#include <windows.h>
#include "wb_error.h"

#define WB_MFC_MAX_CHILDREN 64

typedef struct wb_mfc_app {
    HWND frame, toolbar, statusbar, mdi_client;   /* the last three NULL without MDI */
    unsigned nchildren;
    HWND children[WB_MFC_MAX_CHILDREN];   /* the MDI child frames (the frame list) */
    HWND views[WB_MFC_MAX_CHILDREN];      /* each one's view */
    HWND first_child, button;             /* the first of the chains' windows (NULL: none); the CButton */
} wb_mfc_app;

/* What to make. The chains' windows are of class child_class / child_class_w (the scratch
 * window, "BUTTON", "STATIC"), or MFC-style windows of the model's class when those are NULL. */
typedef struct wb_mfc_app_shape {
    unsigned mdi_children;   /* 0: one CFrameWnd; else that many MDI children (at most WB_MFC_MAX_CHILDREN) */
    int tooltips;            /* the MDI toolbar enables them (EnableToolTips) */
    int x, y, unicode;       /* where (800 x 600); every window made with the W functions (_UNICODE) */
    unsigned windows, depth; /* child windows in chains `depth` deep, side by side */
    const char *child_class;
    const wchar_t *child_class_w;
    int children_mapped;     /* each CWnd::SubclassWindow'ed (in the permanent map) */
    int button_mapped;       /* the CButton still MFC-subclassed, else released (UnsubclassWindow) */
} wb_mfc_app_shape;

/* Creates the windows. The caller has called wb_mfc_init and wb_scratch_register and, for the
 * classic controls, wb_common_controls_classic (or is inside the v6 context). The frame is
 * shown without activation. */
int  wb_mfc_app_create(wb_mfc_app *app, const wb_mfc_app_shape *shape, wb_error *err);
void wb_mfc_app_destroy(wb_mfc_app *app);

#endif

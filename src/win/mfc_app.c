/* The windows of an AppWizard-style MFC application (include/wb_mfc_app.h). */
#include "wb_mfc_app.h"

#include <commctrl.h>
#include <stdio.h>
#include <string.h>

#include "wb_mfc.h"
#include "wb_windows.h"

#define FRAME_CLASS "WinbenchMdiFrame"
#define FRAME_CLASS_W L"WinbenchMdiFrameW"
#define CHILD_CLASS "WinbenchMdiChild"
#define CHILD_CLASS_W L"WinbenchMdiChildW"
#define AFX_IDW_TOOLBAR 0xE800
#define AFX_IDW_STATUS_BAR 0xE801
#define AFX_IDW_PANE_FIRST 0xE900
#define AFX_IDM_FIRST_MDICHILD 0xFF00

/* CMDIFrameWnd's default: DefFrameProc with the MDI client (kept in the frame's user data). */
static LRESULT CALLBACK frame_proc(HWND h, UINT msg, WPARAM wp, LPARAM lp)
{
    return DefFrameProcA(h, (HWND)GetWindowLongPtrA(h, GWLP_USERDATA), msg, wp, lp);
}

static LRESULT CALLBACK frame_proc_w(HWND h, UINT msg, WPARAM wp, LPARAM lp)
{
    return DefFrameProcW(h, (HWND)GetWindowLongPtrW(h, GWLP_USERDATA), msg, wp, lp);
}

static int register_classes(wb_error *err)
{
    static int done;
    if (done) return 0;
    if (wb_register_class_pair(FRAME_CLASS, FRAME_CLASS_W, frame_proc, frame_proc_w, 0, COLOR_APPWORKSPACE + 1, err) ||
        wb_register_class_pair(CHILD_CLASS, CHILD_CLASS_W, DefMDIChildProcA, DefMDIChildProcW, 0, COLOR_WINDOW + 1,
                               err))
        return -1;
    done = 1;
    return 0;
}

/* CMDIFrameWnd with its bars, its client and n children, each with its view. */
static int create_mdi(wb_mfc_app *app, unsigned n, int tooltips, int x, int y, int unicode, wb_error *err)
{
    CLIENTCREATESTRUCT ccs;
    RECT client;
    unsigned i;
    if (n > WB_MFC_MAX_CHILDREN) n = WB_MFC_MAX_CHILDREN;
    if (register_classes(err) != 0) return -1;

    app->frame = wb_create_window(unicode, FRAME_CLASS, FRAME_CLASS_W, WS_OVERLAPPEDWINDOW | WS_CLIPCHILDREN, x, y, 800,
                                  600, NULL, 0, NULL, err);
    if (app->frame == NULL || wb_mfc_subclass(WB_MFC_FRAME, app->frame, err) != 0) return -1;
    app->toolbar = wb_create_window(unicode, TOOLBARCLASSNAMEA, TOOLBARCLASSNAMEW,
                                    WS_CHILD | WS_VISIBLE | CCS_TOP | TBSTYLE_FLAT | TBSTYLE_TOOLTIPS, 0, 0, 800, 28,
                                    app->frame, AFX_IDW_TOOLBAR, NULL, err);
    if (app->toolbar == NULL || wb_mfc_subclass(WB_MFC_CHILD, app->toolbar, err) != 0) return -1;
    SendMessageA(app->toolbar, TB_BUTTONSTRUCTSIZE, sizeof(TBBUTTON), 0);
    if (tooltips) wb_mfc_enable_tooltips(app->toolbar);   /* CControlBar::OnCreate with CBRS_TOOLTIPS */
    app->statusbar = wb_create_window(unicode, STATUSCLASSNAMEA, STATUSCLASSNAMEW, WS_CHILD | WS_VISIBLE | CCS_BOTTOM,
                                      0, 0, 0, 0, app->frame, AFX_IDW_STATUS_BAR, NULL, err);
    if (app->statusbar == NULL || wb_mfc_subclass(WB_MFC_CHILD, app->statusbar, err) != 0) return -1;

    /* CMDIFrameWnd::CreateClient: the MDI client fills the space between the bars. */
    GetClientRect(app->frame, &client);
    ccs.hWindowMenu = NULL;
    ccs.idFirstChild = AFX_IDM_FIRST_MDICHILD;
    app->mdi_client = wb_create_window(unicode, "MDICLIENT", L"MDICLIENT",
                                       WS_CHILD | WS_VISIBLE | WS_CLIPCHILDREN | WS_CLIPSIBLINGS, 0, 28, client.right,
                                       client.bottom - 28 - 20, app->frame, AFX_IDW_PANE_FIRST, &ccs, err);
    if (app->mdi_client == NULL) return -1;
    SetWindowLongPtrA(app->frame, GWLP_USERDATA, (LONG_PTR)app->mdi_client);

    for (i = 0; i < n; i++) {
        RECT vr;
        const DWORD style = WS_CHILD | WS_VISIBLE | WS_OVERLAPPEDWINDOW;
        const int at = (int)(i % 8) * 20;
        HWND child = unicode ? CreateMDIWindowW(CHILD_CLASS_W, L"document", style, at, at, 600, 400, app->mdi_client,
                                                GetModuleHandleW(NULL), 0)
                             : CreateMDIWindowA(CHILD_CLASS, "document", style, at, at, 600, 400, app->mdi_client,
                                                GetModuleHandleA(NULL), 0);
        if (child == NULL) {
            wb_error_win32(err, "CreateMDIWindow", GetLastError());
            return -1;
        }
        if (wb_mfc_subclass(WB_MFC_FRAME, child, err) != 0) return -1;
        app->children[app->nchildren] = child;
        GetClientRect(child, &vr);
        app->views[app->nchildren] = wb_create_window(unicode, WB_SCRATCH_CLASS, WB_SCRATCH_CLASS_W,
                                                      WS_CHILD | WS_VISIBLE | WS_CLIPCHILDREN, 0, 0, vr.right, vr.bottom,
                                                      child, AFX_IDW_PANE_FIRST, NULL, err);
        if (app->views[app->nchildren] == NULL || wb_mfc_subclass(WB_MFC_CHILD, app->views[app->nchildren], err) != 0)
            return -1;
        app->nchildren++;
    }
    return 0;
}

/* One of the chains' windows at (x, y) in parent, 40 x 16. */
static HWND create_child(const wb_mfc_app_shape *sh, HWND parent, int x, int y, wb_error *err)
{
    const DWORD style = WS_CHILD | WS_VISIBLE;
    HWND h;
    if (sh->child_class == NULL) return wb_mfc_create(WB_MFC_CHILD, parent, style, x, y, 40, 16, sh->unicode, err);
    h = wb_create_window(sh->unicode, sh->child_class, sh->child_class_w, style, x, y, 40, 16, parent, 0, NULL, err);
    if (h == NULL) return NULL;
    if (sh->children_mapped && wb_mfc_subclass(WB_MFC_CHILD, h, err) != 0) return NULL;   /* CWnd::SubclassWindow */
    return h;
}

/* The chains, side by side: on the main frame, or spread evenly over the MDI children's views. */
static int create_chains(wb_mfc_app *app, const wb_mfc_app_shape *sh, wb_error *err)
{
    unsigned made = 0, chain = 0;
    while (made < sh->windows) {
        HWND parent = app->nchildren ? app->views[chain % app->nchildren] : app->frame;
        unsigned level, slot = app->nchildren ? chain / app->nchildren : chain;
        for (level = 0; level < sh->depth && made < sh->windows; level++, made++) {
            HWND h = create_child(sh, parent, (int)(slot % 14) * 40, (int)(slot / 14 % 20) * 16 + (level ? 0 : 24), err);
            if (h == NULL) return -1;
            if (app->first_child == NULL) app->first_child = h;
            parent = h;
        }
        chain++;
    }
    return 0;
}

int wb_mfc_app_create(wb_mfc_app *app, const wb_mfc_app_shape *sh, wb_error *err)
{
    memset(app, 0, sizeof *app);
    if (sh->mdi_children > 0) {
        if (create_mdi(app, sh->mdi_children, sh->tooltips, sh->x, sh->y, sh->unicode, err) != 0) goto fail;
    } else if ((app->frame = wb_mfc_create(WB_MFC_FRAME, NULL, WS_OVERLAPPEDWINDOW | WS_CLIPCHILDREN, sh->x, sh->y, 800,
                                           600, sh->unicode, err)) == NULL)
        goto fail;
    if (create_chains(app, sh, err) != 0) goto fail;
    /* the CButton on the main window, created once; released by UnsubclassWindow when not mapped */
    app->button = wb_create_window(sh->unicode, "BUTTON", L"BUTTON", WS_CHILD | WS_VISIBLE | BS_PUSHBUTTON, 700, 4, 80,
                                   20, app->frame, 1001, NULL, err);
    if (app->button == NULL || (sh->button_mapped && wb_mfc_subclass(WB_MFC_CHILD, app->button, err) != 0)) goto fail;
    ShowWindow(app->frame, SW_SHOWNOACTIVATE);
    UpdateWindow(app->frame);
    return 0;
fail:
    wb_mfc_app_destroy(app);
    return -1;
}

void wb_mfc_app_destroy(wb_mfc_app *app)
{
    if (app->frame && IsWindow(app->frame)) DestroyWindow(app->frame);
    memset(app, 0, sizeof *app);
}

/* Creating windows with or without comctl32 v6 (visual styles) from one executable.
 * The v6 manifest is embedded under resource ID WB_MANIFEST_V6 (src/cli/winbench.rc); ID 1, the
 * application manifest, names no comctl32 dependency, so that the process default stays classic
 * and each window gets what was asked for. */
#ifndef WB_VISUAL_STYLES_H
#define WB_VISUAL_STYLES_H

#include <windows.h>
#include "wb_error.h"

#define WB_MANIFEST_V6 100

typedef struct wb_styles_scope {
    HANDLE actctx;
    ULONG_PTR cookie;
    int active;
} wb_styles_scope;

/* With on != 0, activate the comctl32 v6 context on this thread (and register the v6
 * controls); with on == 0 do nothing, so windows get the classic controls. */
int  wb_styles_enter(int on, wb_styles_scope *scope, wb_error *err);
void wb_styles_leave(wb_styles_scope *scope);

/* Register comctl32's classic common controls (toolbar, status bar) for windows created
 * outside the v6 context. Once per process. */
int  wb_common_controls_classic(wb_error *err);

/* Which control library a window really got, judged by the module that holds its class's
 * window procedure (not DllGetVersion, which Wine reports as 5.81 even for v6):
 * "v6" (comctl32), "classic" (user32), or "own" (this program's procedure). */
const char *wb_window_controls(HWND hwnd, char *module_name, size_t cap);

#endif

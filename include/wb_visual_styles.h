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
 * outside the v6 context. Once per process. The classic comctl32 is loaded by its path in the
 * system folder: by name, a process that has loaded v6 (a themed run earlier in `winbench all`)
 * may be handed the v6 module again, the loader matching the base name it already has. */
int  wb_common_controls_classic(wb_error *err);

/* The module that holds a window class's procedure: its file name, full path and file version
 * (from its VS_FIXEDFILEINFO, empty when it has none). */
typedef struct wb_wndproc_module {
    char name[64];
    char path[MAX_PATH];
    char version[32];
} wb_wndproc_module;

/* Which control library a window really got, judged by the module that holds its class's
 * window procedure and that module's file version (not DllGetVersion, which Wine reports as
 * 5.81 even for v6): "v6" (comctl32 6 or later), "classic" (user32, or comctl32 5.x),
 * "own" (this program's procedure), "other" or "unknown". */
const char *wb_window_controls(HWND hwnd, wb_wndproc_module *module);

#endif

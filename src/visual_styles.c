/* comctl32 v6 on demand through an activation context (see include/wb_visual_styles.h). */
#include "wb_visual_styles.h"

#include <commctrl.h>
#include <stdio.h>
#include <string.h>

typedef BOOL (WINAPI *init_common_controls_ex_fn)(const INITCOMMONCONTROLSEX *);

int wb_styles_enter(int on, wb_styles_scope *scope, wb_error *err)
{
    ACTCTXA ctx;
    char exe[MAX_PATH];
    HMODULE comctl;

    memset(scope, 0, sizeof *scope);
    if (!on) return 0;

    if (GetModuleFileNameA(NULL, exe, sizeof exe) == 0) {
        wb_error_win32(err, "GetModuleFileName", GetLastError());
        return -1;
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.cbSize = sizeof ctx;
    ctx.dwFlags = ACTCTX_FLAG_RESOURCE_NAME_VALID | ACTCTX_FLAG_HMODULE_VALID;
    ctx.lpSource = exe;
    ctx.hModule = GetModuleHandleA(NULL);
    ctx.lpResourceName = MAKEINTRESOURCEA(WB_MANIFEST_V6);
    scope->actctx = CreateActCtxA(&ctx);
    if (scope->actctx == INVALID_HANDLE_VALUE) {
        wb_error_win32(err, "CreateActCtx(comctl32 v6 manifest)", GetLastError());
        scope->actctx = NULL;
        return -1;
    }
    if (!ActivateActCtx(scope->actctx, &scope->cookie)) {
        wb_error_win32(err, "ActivateActCtx", GetLastError());
        ReleaseActCtx(scope->actctx);
        scope->actctx = NULL;
        return -1;
    }
    scope->active = 1;

    /* Loaded inside the context, "comctl32.dll" is the v6 side-by-side assembly; registering
     * its classes here is what makes BUTTON created under this context the v6 one. The module
     * stays loaded for the life of the process: windows of its classes may outlive the scope. */
    comctl = LoadLibraryA("comctl32.dll");
    if (comctl == NULL) {
        wb_error_win32(err, "LoadLibrary(comctl32.dll)", GetLastError());
        wb_styles_leave(scope);
        return -1;
    }
    {
        init_common_controls_ex_fn init = (init_common_controls_ex_fn)(void (*)(void))
            GetProcAddress(comctl, "InitCommonControlsEx");
        INITCOMMONCONTROLSEX icc;
        icc.dwSize = sizeof icc;
        icc.dwICC = ICC_STANDARD_CLASSES | ICC_WIN95_CLASSES;
        if (init == NULL || !init(&icc)) {
            wb_error_text(err, "InitCommonControlsEx failed in the comctl32 v6 context");
            wb_styles_leave(scope);
            return -1;
        }
    }
    return 0;
}

void wb_styles_leave(wb_styles_scope *scope)
{
    if (scope->active) DeactivateActCtx(0, scope->cookie);
    if (scope->actctx) ReleaseActCtx(scope->actctx);
    memset(scope, 0, sizeof *scope);
}

const char *wb_window_controls(HWND hwnd, char *module_name, size_t cap)
{
    /* Ask in the window's own character set: across sets Windows hands out a thunk handle
     * instead of the procedure's address. */
    LONG_PTR proc = IsWindowUnicode(hwnd) ? GetWindowLongPtrW(hwnd, GWLP_WNDPROC)
                                          : GetWindowLongPtrA(hwnd, GWLP_WNDPROC);
    HMODULE mod = NULL;
    char path[MAX_PATH];
    const char *base;

    snprintf(module_name, cap, "unknown");
    if (proc == 0 ||
        !GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                                GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCSTR)proc, &mod) ||
        GetModuleFileNameA(mod, path, sizeof path) == 0)
        return "unknown";
    base = strrchr(path, '\\');
    base = base ? base + 1 : path;
    snprintf(module_name, cap, "%s", base);
    if (mod == GetModuleHandleA(NULL)) return "own";
    if (_stricmp(base, "comctl32.dll") == 0) return "v6";
    if (_stricmp(base, "user32.dll") == 0) return "classic";
    return "other";
}

/* comctl32 v6 on demand through an activation context (see include/wb_visual_styles.h). */
#include "wb_visual_styles.h"
#include "winapi.h"

#include <commctrl.h>
#include <stdio.h>
#include <string.h>


int wb_common_controls_classic(wb_error *err)
{
    static int done;
    HMODULE comctl;
    wb_fn_InitCommonControlsEx init;
    INITCOMMONCONTROLSEX icc;
    if (done) return 0;
    comctl = LoadLibraryA("comctl32.dll");   /* outside any context: the classic (5.x) one */
    if (comctl == NULL) {
        wb_error_win32(err, "LoadLibrary(comctl32.dll)", GetLastError());
        return -1;
    }
    init = (wb_fn_InitCommonControlsEx)(void (*)(void))wb_winapi_get_from(comctl, WB_API_InitCommonControlsEx);
    icc.dwSize = sizeof icc;
    icc.dwICC = ICC_WIN95_CLASSES;   /* toolbar, status bar ...: what comctl32 5.x knows */
    if (init == NULL || !init(&icc)) {
        wb_error_text(err, "InitCommonControlsEx failed (comctl32's toolbar and status bar classes)");
        return -1;
    }
    done = 1;
    return 0;
}

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
        wb_fn_InitCommonControlsEx init = (wb_fn_InitCommonControlsEx)(void (*)(void))
            wb_winapi_get_from(comctl, WB_API_InitCommonControlsEx);
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

/* The module holding code at `address`, as a base file name; NULL when none does (a thunk). */
static HMODULE module_of(const void *address, char *name, size_t cap)
{
    HMODULE mod = NULL;
    char path[MAX_PATH];
    const char *base;
    if (address == NULL ||
        !GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                                GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCSTR)address, &mod) ||
        GetModuleFileNameA(mod, path, sizeof path) == 0)
        return NULL;
    base = strrchr(path, '\\');
    snprintf(name, cap, "%s", base ? base + 1 : path);
    return mod;
}

const char *wb_window_controls(HWND hwnd, char *module_name, size_t cap)
{
    /* The class's procedure, not the window's: a window MFC subclassed still is the control
     * its class made it. Asked in both character sets, because across sets Windows may hand
     * out a thunk handle instead of the procedure's address. */
    const void *proc_w = (const void *)GetClassLongPtrW(hwnd, GCLP_WNDPROC);
    const void *proc_a = (const void *)GetClassLongPtrA(hwnd, GCLP_WNDPROC);
    HMODULE mod = module_of(proc_w, module_name, cap);
    if (mod == NULL) mod = module_of(proc_a, module_name, cap);
    if (mod == NULL) {
        snprintf(module_name, cap, "unknown");
        return "unknown";
    }
    if (mod == GetModuleHandleA(NULL)) return "own";
    if (_stricmp(module_name, "comctl32.dll") == 0) return "v6";
    if (_stricmp(module_name, "user32.dll") == 0) return "classic";
    return "other";
}

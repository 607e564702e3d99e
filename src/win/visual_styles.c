/* comctl32 v6 on demand through an activation context (see include/wb_visual_styles.h). */
#include "wb_visual_styles.h"
#include "winapi.h"

#include <commctrl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


int wb_common_controls_classic(wb_error *err)
{
    static int done;
    HMODULE comctl;
    wb_fn_InitCommonControlsEx init;
    INITCOMMONCONTROLSEX icc;
    if (done) return 0;
    comctl = wb_system_dll("comctl32.dll");   /* the system folder's: the classic (5.x) one */
    if (comctl == NULL) {
        wb_error_win32(err, "LoadLibraryEx(<system folder>\\comctl32.dll)", GetLastError());
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
    comctl = LoadLibraryA("comctl32.dll");   /* side-by-side: by name (the context maps it to WinSxS) */
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

/* A module's file version from its VS_VERSION_INFO resource: the VS_FIXEDFILEINFO is found by
 * its signature, DWORD-aligned after the header (kernel32 only: version.dll is not needed).
 * Returns the major version, or -1 (and an empty text) when the module has none. */
static int module_version(HMODULE mod, char *text, size_t cap)
{
    HRSRC res = FindResourceA(mod, MAKEINTRESOURCEA(VS_VERSION_INFO), MAKEINTRESOURCEA(16) /* RT_VERSION */);
    HGLOBAL loaded = res ? LoadResource(mod, res) : NULL;
    const BYTE *data = loaded ? (const BYTE *)LockResource(loaded) : NULL;
    DWORD size = res ? SizeofResource(mod, res) : 0, at;
    text[0] = 0;
    for (at = 0; data != NULL && at + sizeof(VS_FIXEDFILEINFO) <= size; at += 4) {
        VS_FIXEDFILEINFO info;
        memcpy(&info, data + at, sizeof info);
        if (info.dwSignature != VS_FFI_SIGNATURE) continue;
        snprintf(text, cap, "%u.%u.%u.%u", (unsigned)HIWORD(info.dwFileVersionMS),
                 (unsigned)LOWORD(info.dwFileVersionMS), (unsigned)HIWORD(info.dwFileVersionLS),
                 (unsigned)LOWORD(info.dwFileVersionLS));
        return (int)HIWORD(info.dwFileVersionMS);
    }
    return -1;
}

/* The major version of the side-by-side assembly a module was loaded from, read from its folder
 * (XP: x86_Microsoft.Windows.Common-Controls_6595b64144ccf1df_6.0.2600.2180_x-ww_a84f1ff9,
 * Vista on: ..._common-controls_6595b64144ccf1df_6.0.7601.17514_none_41e6975e2bd6f2b2);
 * -1 when the path is not in such a folder. The folder names the version Windows chose; the
 * file's own VS_FIXEDFILEINFO agrees on Windows, but Wine's v6 comctl32 says 5.81 there. */
static int assembly_major(const char *path)
{
    static const char marker[] = "common-controls_";
    size_t i, n = strlen(marker);
    for (i = 0; path[i]; i++) {
        const char *token;
        if (_strnicmp(path + i, marker, n) != 0) continue;
        token = strchr(path + i + n, '_');   /* past the public key token */
        return token && token[1] >= '0' && token[1] <= '9' ? atoi(token + 1) : -1;
    }
    return -1;
}

/* The module holding code at `address`; NULL when none does (a thunk). */
static HMODULE module_of(const void *address, wb_wndproc_module *module)
{
    HMODULE mod = NULL;
    const char *base;
    if (address == NULL ||
        !GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                                GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCSTR)address, &mod) ||
        GetModuleFileNameA(mod, module->path, sizeof module->path) == 0)
        return NULL;
    module->path[sizeof module->path - 1] = 0;   /* XP does not terminate a truncated path */
    base = strrchr(module->path, '\\');
    snprintf(module->name, sizeof module->name, "%s", base ? base + 1 : module->path);
    return mod;
}

const char *wb_window_controls(HWND hwnd, wb_wndproc_module *module)
{
    /* The class's procedure, not the window's: a window MFC subclassed still is the control
     * its class made it. Asked in both character sets, because across sets Windows may hand
     * out a thunk handle instead of the procedure's address. */
    const void *proc_w = (const void *)GetClassLongPtrW(hwnd, GCLP_WNDPROC);
    const void *proc_a = (const void *)GetClassLongPtrA(hwnd, GCLP_WNDPROC);
    HMODULE mod;
    int major;
    memset(module, 0, sizeof *module);
    mod = module_of(proc_w, module);
    if (mod == NULL) mod = module_of(proc_a, module);
    if (mod == NULL) {
        snprintf(module->name, sizeof module->name, "unknown");
        return "unknown";
    }
    major = module_version(mod, module->version, sizeof module->version);
    if (mod == GetModuleHandleA(NULL)) return "own";
    if (_stricmp(module->name, "user32.dll") == 0) return "classic";
    if (_stricmp(module->name, "comctl32.dll") != 0) return "other";
    /* From Vista on, the classic comctl32 too is loaded from the side-by-side store (5.82). */
    if (assembly_major(module->path) >= 0) major = assembly_major(module->path);
    return major >= 6 ? "v6" : major >= 0 ? "classic" : "unknown";
}

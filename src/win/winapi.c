/* The run-time import table: each entry loaded on first use and remembered, found or not.
 * A DLL winbench does not link (psapi, winmm, uxtheme) is loaded with LoadLibrary and kept for
 * the life of the process. */
#include "winapi.h"

#include <stdio.h>
#include <string.h>

#include "wb_test_hooks.h"
#include "wb_user_code.h"

typedef struct entry {
    const char *name, *dll, *since;
} entry;

#define WB_WINAPI_ENTRY(name, dll, since, ret, conv, params) { #name, dll, since },
static const entry table[WB_API_COUNT] = { WB_WINAPI_IMPORTS(WB_WINAPI_ENTRY) };
#undef WB_WINAPI_ENTRY

/* 0: not looked up yet; 1: looked up (proc may be NULL). Pointer-sized stores are atomic on
 * x86 and x64, and two threads looking the same name up find the same address. */
static FARPROC procs[WB_API_COUNT];
static volatile LONG looked_up[WB_API_COUNT];

/* "Windows Vista", "Windows 7", "Windows 8", ...: newer than XP and Server 2003. */
static int after_xp(const char *since)
{
    static const char *const newer[] = { "Windows Vista", "Windows 7", "Windows 8", "Windows 10", "Windows 11" };
    size_t i;
    for (i = 0; i < sizeof newer / sizeof newer[0]; i++)
        if (strcmp(since, newer[i]) == 0) return 1;
    return 0;
}

/* The test hooks that make any Windows look older (include/wb_test_hooks.h). */
static int hidden(const entry *e)
{
    return (after_xp(e->since) && wb_test_hook_text(WB_HOOK_HIDE_VISTA)[0] == '1') || wb_test_hook_hides(e->name);
}

FARPROC wb_winapi_get(wb_winapi_id id)
{
    HMODULE dll;
    if (id < 0 || id >= WB_API_COUNT) return NULL;
    if (looked_up[id]) return procs[id];
    if (hidden(&table[id])) {
        procs[id] = NULL;
        InterlockedExchange(&looked_up[id], 1);
        return NULL;
    }
    dll = GetModuleHandleA(table[id].dll);
    if (dll == NULL) dll = LoadLibraryA(table[id].dll);
    procs[id] = dll ? GetProcAddress(dll, table[id].name) : NULL;
    InterlockedExchange(&looked_up[id], 1);
    return procs[id];
}

FARPROC wb_winapi_get_from(HMODULE module, wb_winapi_id id)
{
    if (module == NULL || id < 0 || id >= WB_API_COUNT) return NULL;
    return GetProcAddress(module, table[id].name);
}

const char *wb_winapi_name(wb_winapi_id id) { return id >= 0 && id < WB_API_COUNT ? table[id].name : ""; }
const char *wb_winapi_dll(wb_winapi_id id) { return id >= 0 && id < WB_API_COUNT ? table[id].dll : ""; }
const char *wb_winapi_since(wb_winapi_id id) { return id >= 0 && id < WB_API_COUNT ? table[id].since : ""; }

/* ---- the user's own code (include/wb_user_code.h): the other GetProcAddress of winbench ---- */

int wb_user_spec_valid(const char *text)
{
    const char *bang = text ? strrchr(text, '!') : NULL;
    return bang != NULL && bang != text && bang[1] != '\0';
}

int wb_user_spec_check(const char *option, const char *spec, char *err, size_t cap)
{
    const char *bang = spec ? strrchr(spec, '!') : NULL;
    char file[MAX_PATH];
    DWORD attr;
    if (!wb_user_spec_valid(spec)) {
        snprintf(err, cap, "--%s: \"%s\" is not FILE.dll!EXPORT (the DLL, '!', the function's name)", option,
                 spec ? spec : "");
        return -1;
    }
    snprintf(file, sizeof file, "%.*s", (int)(bang - spec), spec);
    attr = GetFileAttributesA(file);
    if (attr == INVALID_FILE_ATTRIBUTES || (attr & FILE_ATTRIBUTE_DIRECTORY)) {
        snprintf(err, cap, "--%s: %s: no such file", option, file);
        return -1;
    }
    return 0;
}

FARPROC wb_user_function(const char *spec, unsigned arg_bytes, HMODULE *module, wb_error *err)
{
    char path[MAX_PATH], name[256], call[MAX_PATH + 32];
    const char *bang = strrchr(spec, '!');
    FARPROC fn;
    DWORD code;
    *module = NULL;
    if (!wb_user_spec_valid(spec) || (size_t)(bang - spec) >= sizeof path || strlen(bang + 1) + 16 >= sizeof name) {
        wb_error_text(err, "\"%s\" is not FILE.dll!EXPORT", spec);
        return NULL;
    }
    memcpy(path, spec, (size_t)(bang - spec));
    path[bang - spec] = '\0';
    snprintf(name, sizeof name, "%s", bang + 1);
    *module = LoadLibraryA(path);
    if (*module == NULL) {
        code = GetLastError();
        snprintf(call, sizeof call, "LoadLibrary(%s)", path);
        wb_error_win32(err, call, code);
        return NULL;
    }
    fn = GetProcAddress(*module, name);
    code = GetLastError();
    if (fn == NULL && sizeof(void *) == 4) {   /* an x86 stdcall export keeps its decoration */
        char decorated[300];
        snprintf(decorated, sizeof decorated, "_%s@%u", name, arg_bytes);
        fn = GetProcAddress(*module, decorated);
    }
    if (fn == NULL) {
        snprintf(call, sizeof call, "GetProcAddress(%s, %s)", path, name);
        wb_error_win32(err, call, code);
        FreeLibrary(*module);
        *module = NULL;
    }
    return fn;
}
